"""What the hot-seat's screens tell the app, and what the computer's thinking tells it when done.

The app owns the flow; the screens only report.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.message import Message

__all__ = ["HelpRequested", "HintRequested", "Hurry", "QuitRequested", "Thought", "TurnDone"]

_T = TypeVar("_T")


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


class Thought(Message, Generic[_T]):
    """What the computer worked out on its own thread: a decision or a hint.

    ``token`` is the one the app gave when it asked; an answer to a question
    no longer asked (the players quit, or started another match) is dropped.
    """

    def __init__(self, token: int, answer: _T) -> None:
        super().__init__()
        self.token = token
        self.answer = answer
