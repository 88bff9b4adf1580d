"""A round as a record, and the round rebuilt from it (PGN's idea: the start and every choice).

The record is text — rules, seed, starting seat and every turn in notation
(``+r7 n``, ``+r7 +r9 s``) — so a save or a shared file holds nothing but
choices that the engine checks again when it replays them: one phase machine,
the round's own, reads them back.
"""

from __future__ import annotations

from msgspec import Struct

from lost_cities.engine.round import Round
from lost_cities.engine.rules import Rules

__all__ = ["RoundRecord"]


class RoundRecord(Struct, frozen=True):
    """A round as a record (PGN's idea): its seed and starter, and every turn in notation.

    The rules are the match's (:class:`~lost_cities.engine.match.MatchRecord`), so a
    round's record does not repeat them.  A round built from a position
    (:meth:`Round.from_position`) records it in ``position``, as PGN records a FEN.

    >>> r = Round(seed=3)
    >>> r.turn(str(r.legal_decisions()[0]) + " n")
    >>> RoundRecord.of(r)
    RoundRecord(seed=3, starter=0, turns=('+y9 n',), position=None)
    >>> RoundRecord.of(r).replay(r.rules) == r
    True
    """

    seed: int
    starter: int
    turns: tuple[str, ...]
    position: str | None = None

    @classmethod
    def of(cls, round_: Round, *, settled: bool = False) -> RoundRecord:
        """What it takes to rebuild ``round_`` under its rules: seed (or start position), starter, every choice.

        ``settled`` leaves out a turn still in progress — a card played but not yet drawn for,
        a final laying not yet finished — that its player could still take back (R6, R23c):
        a save must not keep a card that may go back into a hand.
        """
        turns = round_.history()
        if settled and turns and not turns[-1].complete:
            turns.pop()
        position = None
        if round_.seed is None:  # built from a position: the record starts from it, as PGN's from a FEN
            try:
                position = round_.start().position()
            except ValueError:
                raise ValueError("a round built half-way through a turn has no record") from None
        return cls(round_.seed or 0, round_.starter, tuple(str(turn) for turn in turns), position)

    def replay(self, rules: Rules) -> Round:
        """Rebuild the round under ``rules``; an illegal or unreadable turn raises a :class:`LostCitiesError`."""
        if self.position is not None:
            round_ = Round.from_position(self.position, rules)
        else:  # a starter out of the rules' seats is refused by the round itself
            round_ = Round(rules, self.seed, self.starter)
        for text in self.turns:
            for part in text.split():
                round_.decide(part)
        return round_
