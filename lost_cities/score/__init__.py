"""``lost-cities score``: tally a finished round of the physical game.

:mod:`lost_cities.score.parse` reads one player's side from the command line,
:mod:`lost_cities.score.table` shows the engine's breakdown as a Rich table or JSON, and
:mod:`lost_cities.score.sheet` keeps a whole match for the score pad
(:mod:`lost_cities.tui.scorepad`).  The arithmetic is always the engine's.
"""
