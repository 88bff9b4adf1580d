"""The tables a match is played at, behind the one :class:`~lost_cities.tui.match.match_app.MatchApp`:
:mod:`.local` (people at one keyboard and computers), :mod:`.remote` (one seat of a game on a server) and
:mod:`.lesson` (the local table with a scripted opponent and steps), on what :mod:`.table` says once.
"""
