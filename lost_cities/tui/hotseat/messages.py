"""What the hot-seat's screens tell the app: the app owns the flow, the screens only report."""

from __future__ import annotations

from textual.message import Message

__all__ = ["HelpRequested", "QuitRequested", "TurnDone"]


class TurnDone(Message):
    """The player at the keyboard has finished their turn: drawn, or ended their final laying (R23c)."""


class HelpRequested(Message):
    """The player asked for the rules and the keys."""


class QuitRequested(Message):
    """The player asked to quit (the app asks first)."""
