"""The tables a match is played at, behind the one :class:`~lost_cities.tui.match.match_app.MatchApp`.

A table is what a match at a screen needs — the seat's view, its decisions, the take-back, the hint, the
round's end — whatever is behind it: :mod:`.local` (people at one keyboard and computers, over a session),
:mod:`.remote` (one seat of a game on a server) and :mod:`.lesson` (the local table with a scripted
opponent and steps).  :mod:`.table` is what they share.
"""
