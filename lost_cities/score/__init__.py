"""``lost-cities score``: tally a finished round of the physical game, or a whole match on the pad.

:mod:`lost_cities.score.parse` reads one side (a player, or with four a team) from the
command line (:mod:`lost_cities.cli.score`), the colours and wagers typed in any language by
:mod:`lost_cities.score.typed`; :mod:`lost_cities.score.breakdown_table` shows the engine's
breakdown as a Rich table or JSON; :mod:`lost_cities.score.sheet` keeps a whole match for the
score pad (:mod:`lost_cities.tui.scorepad`); :mod:`lost_cities.score.tally` counts the copies of
each card (R2) for all of them.  The arithmetic and the rules for two, three or four players
are always the engine's.
"""
