"""The score pad: a whole match of the physical game, marked card by card (``lost-cities score``)."""

from lost_cities.tui.scorepad.app import ScorePadApp

__all__ = ["ScorePadApp"]
