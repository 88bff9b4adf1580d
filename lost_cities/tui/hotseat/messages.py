"""What the hot-seat's screens tell the app.

The app owns the flow; the screens only report.
"""

from __future__ import annotations

from textual.message import Message

__all__ = ["HelpRequested", "HintRequested", "Hurry", "QuitRequested", "TurnDone"]


class TurnDone(Message):
    """The player to move has finished their turn (played and drawn)."""


class HelpRequested(Message):
    """The player asked for the rules."""


class QuitRequested(Message):
    """The player asked to quit (the app asks first)."""


class HintRequested(Message):
    """The player at the keyboard asked what the computer would do in their place."""


class Hurry(Message):
    """A key was pressed while the computer's move is held on screen: go on at once."""
