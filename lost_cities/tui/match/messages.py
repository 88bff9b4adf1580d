"""What the hot-seat's screens ask of the app: each key a player presses, as a request.

The app owns the flow and the match: it applies a request through the session and sets the
screen's next :class:`~.scene.Scene` (a refusal too, with its rule); the screens only ask.
A move names no card: it plays the card selected in the app's own scene, so that keys typed
faster than the screen is drawn are taken in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from lost_cities.engine import Colour

__all__ = [
    "ClaimRequested",
    "DrawFrom",
    "HelpRequested",
    "HintRequested",
    "Hurry",
    "LogRequested",
    "MoveSelection",
    "PlaySelected",
    "QuitRequested",
    "SelectCard",
    "ShowScores",
    "StatisticsRequested",
    "StopLaying",
    "TableRequest",
    "TakeBack",
    "TipsChanged",
    "UnknownKey",
]


class TableRequest(Message):
    """A request the table of the match on screen answers (the app hands it over).

    :attr:`pressed` is when the player asked, on the clock of Textual's events (:attr:`Message.time`): the key's
    own time for a key, which may have waited in the app's queue while the computer moved.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        self.pressed = self.time


class SelectCard(TableRequest):
    """Select card ``index`` of the hand (from 0; from the end when negative, -1 the last); ``key``: the key that
    asked, as the key bar names it (its number, Home, End), to say that it does nothing now."""

    def __init__(self, index: int, key: str | None = None) -> None:
        super().__init__()
        self.index = index
        self.key = key if key is not None else str(index + 1)


@dataclass
class MoveSelection(TableRequest):
    """Move the selection ``step`` cards along the hand, round the ends."""

    step: int


@dataclass
class PlaySelected(TableRequest):
    """Lay the selected card on its expedition, or discard it (R6); in the final laying, lay it (R23c)."""

    discard: bool


@dataclass
class DrawFrom(TableRequest):
    """Draw from the draw pile (``None``) or take the top of a colour's discard pile (R7)."""

    pile: Colour | None


class ShowScores(TableRequest):
    """Enter on the table of a round just over: go on to the round's end."""


class StopLaying(TableRequest):
    """End the final laying (R23c)."""


class TakeBack(TableRequest):
    """Take back the card played this turn, before drawing (R6)."""


class HintRequested(TableRequest):
    """The player at the keyboard asked what the computer would do in their place."""


class HelpRequested(TableRequest):
    """The player asked for the rules."""


class LogRequested(TableRequest):
    """The player asked for the round's log: the app answers from the view the screen shows (H1, H2)."""


class StatisticsRequested(Message):
    """The players asked for the history's statistics (from the start: the app reads the history)."""


class QuitRequested(TableRequest):
    """The player asked to quit (the app asks first)."""


class Hurry(TableRequest):
    """A key was pressed while the computer's move is held on screen: go on at once."""


class ClaimRequested(TableRequest):
    """``c``: claim the match, the other side's time having run out (online, with a clock)."""


@dataclass
class UnknownKey(TableRequest):
    """A key that does nothing on this screen was pressed: the app says so."""

    key: str


@dataclass
class LanguageChosen(Message):
    """A language was chosen in the new-match form: the app keeps it for the runs to come."""

    code: str


@dataclass
class TipsChanged(Message):
    """The one-time tips were turned on or off in the new-match form: the app keeps the setting."""

    on: bool
