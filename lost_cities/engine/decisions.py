"""A round's decisions as a stack, and the turns they make (R6, R7, R23c).

A :class:`~.round.Round` pushes one :data:`Step` per decision — what was
decided and everything the decision changed besides the cards — so that
``undo()`` pops it back exactly (python-chess's move stack), and so that the
round's history is read off the same stack: nothing replays the phases a
second time.  A step is a plain tuple because the bots' rollouts push millions
of them.

>>> from lost_cities.engine.round import Round
>>> r = Round(seed=7)
>>> r.decide(r.legal_decisions()[0]); r.draw("n")
>>> [str(turn) for turn in r.history()]
['+y9 n']
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from msgspec import Struct

from lost_cities.engine.cards import Card, card_from_code
from lost_cities.engine.codes import STOP_CODE
from lost_cities.engine.moves import STOP, Draw, Play

__all__ = [
    "DRAW",
    "FINAL",
    "OVER",
    "PHASES",
    "PLAY",
    "FinalLaying",
    "Phase",
    "Step",
    "Turn",
    "TurnRecord",
    "group_turns",
]

#: The phases as the fast path keeps them (plain ints).
PLAY, DRAW, FINAL, OVER = 0, 1, 2, 3


class Phase(Enum):
    """Where the round stands: a card to play, a card to draw, the final laying (R23c), or over (R10).

    Written as its value in JSON (``"play"``); :data:`PHASES` maps the fast path's ints to it.
    """

    PLAY = "play"
    DRAW = "draw"
    FINAL = "final"
    OVER = "over"

    @property
    def index(self) -> int:
        """The fast path's int for this phase (:data:`PLAY`, :data:`DRAW`, ...)."""
        return PHASES.index(self)


#: The phases by the fast path's ints.
PHASES = (Phase.PLAY, Phase.DRAW, Phase.FINAL, Phase.OVER)


#: One decision on a round's stack: ``(code, card, seat, phase, closed, final_left, final_to_go)``.
#: ``code`` is the decision's code (a play, a draw, or :data:`~.codes.STOP_CODE`: which, ``phase`` says);
#: ``card`` the card it moved (0 for a stop); the other fields are the round's as they were before it:
#: the seat to move, the phase, the pile just discarded onto (R7, -1 if none), and in the final laying
#: the cards the seat could still lay and the seats still to lay (R23c).
Step = tuple[int, int, int, int, int, int, int]


class TurnRecord(Struct, frozen=True):
    """A turn as it happened.  ``drawn`` is the card taken; only a discard-pile draw is public."""

    seat: int
    play: Play
    draw: Draw | None
    drawn: Card | None

    @property
    def complete(self) -> bool:
        return self.draw is not None

    def __str__(self) -> str:
        return str(self.play) if self.draw is None else f"{self.play} {self.draw}"


class FinalLaying(Struct, frozen=True, tag="final"):
    """A seat's final laying (R23c): the cards it laid, and whether it is over.

    Written ``+r7 +r9``, ``+r7 s`` or ``s``; ``+r7`` alone while the seat may still lay or stop.
    Everything in it is public (H1).
    """

    seat: int
    plays: tuple[Play, ...]
    complete: bool
    stopped: bool

    def __str__(self) -> str:
        parts = [str(play) for play in self.plays]
        if self.stopped:
            parts.append(str(STOP))
        return " ".join(parts)


#: One entry of a round's history.
Turn = TurnRecord | FinalLaying


def group_turns(steps: Iterable[Step]) -> list[Turn]:
    """The turns the steps make, oldest first; the last may be unfinished (a play without its draw).

    A draw with no play before it (a position built half-way through a turn) makes no turn.
    """
    turns: list[Turn] = []
    pending: Play | None = None
    lays: list[Play] = []
    seat = 0
    for code, card, seat, phase, _closed, final_left, _to_go in steps:
        if phase == PLAY:
            pending = Play.from_code(code)
        elif phase == DRAW:
            if pending is not None:
                turns.append(TurnRecord(seat, pending, Draw.from_code(code), card_from_code(card)))
            pending = None
        else:  # the final laying: a seat's turn ends with a stop or its last card (R23c)
            if code != STOP_CODE:
                lays.append(Play.from_code(code))
            if code == STOP_CODE or final_left == 1:
                turns.append(FinalLaying(seat, tuple(lays), True, code == STOP_CODE))
                lays = []
    if pending is not None:
        turns.append(TurnRecord(seat, pending, None, None))
    elif lays:
        turns.append(FinalLaying(seat, tuple(lays), False, False))
    return turns
