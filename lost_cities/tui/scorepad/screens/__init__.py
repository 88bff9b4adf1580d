"""The score pad's screens: the form, the pad, and its boxes (end of a round, of the match, the keys)."""

from lost_cities.tui.scorepad.screens.dialogs import MatchOverScreen, PadHelpScreen, RoundOverScreen
from lost_cities.tui.scorepad.screens.pad import PadScreen
from lost_cities.tui.scorepad.screens.setup import PadSetupScreen, Setup

__all__ = ["MatchOverScreen", "PadHelpScreen", "PadScreen", "PadSetupScreen", "RoundOverScreen", "Setup"]
