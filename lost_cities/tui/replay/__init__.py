"""The replay viewer (``lost-cities replay``): a finished match, move by move, every hand shown."""

from lost_cities.tui.replay.app import ReplayApp
from lost_cities.tui.replay.screen import ReplayScreen, positions

__all__ = ["ReplayApp", "ReplayScreen", "positions"]
