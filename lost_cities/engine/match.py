"""A match: several rounds, running totals, who starts next, and the result (R17–R19, R22).

>>> m = Match(seed=5, rounds=2)
>>> m.round_number, m.current.starter, m.totals
(1, 0, (0, 0))
>>> m.over, m.outcome is None
(False, True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from lost_cities.engine.fields import read_field
from lost_cities.engine.round import Round, RoundRecord
from lost_cities.engine.rules import Rules
from lost_cities.engine.view import PlayerView, player_view

__all__ = ["Match", "MatchRecord", "Outcome", "match_outcome", "next_starter", "round_seed"]


def round_seed(match_seed: int, index: int) -> int:
    """The seed of round ``index`` (0-based) of a match: fixed by the match's seed (R19)."""
    return random.Random(f"lost-cities:{match_seed}:{index}").getrandbits(63)


def next_starter(scores: Sequence[int], previous_starter: int) -> int:
    """R18: the higher round score starts; (house) on a tie, the one who did not start.

    >>> next_starter((12, 30), 1), next_starter((5, 5), 0)
    (1, 1)
    """
    if scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return previous_starter ^ 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended (R17, R22).  ``winner`` is a seat, or ``None`` for a draw or a team game."""

    totals: tuple[int, ...]
    winner: int | None
    team_score: int | None

    @property
    def draw(self) -> bool:
        return self.winner is None and self.team_score is None


def match_outcome(totals: Sequence[int], cooperative: bool = False) -> Outcome:
    """The result of a match from its final totals (R17): the highest total wins.

    (house) Equal best totals are a draw.  In the cooperative game (R22) nobody wins
    alone: the team score is the sum of the totals.  A score pad for the physical game
    uses this directly; :attr:`Match.outcome` uses it too.

    >>> match_outcome((120, 95)).winner, match_outcome((80, 80)).draw
    (0, True)
    >>> match_outcome((30, 45), cooperative=True).team_score
    75
    """
    totals = tuple(totals)
    if cooperative:
        return Outcome(totals, None, sum(totals))
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    return Outcome(totals, winners[0] if len(winners) == 1 else None, None)


class Match:
    """Rounds played one after another with running totals."""

    def __init__(self, rules: Rules | None = None, rounds: int = 3, first: int = 0, seed: int | None = None) -> None:
        if rounds < 1:
            raise ValueError(f"a match has at least one round, not {rounds}")
        self.rules = rules or Rules()
        self.rounds = rounds
        self.first = first
        self.seed = secrets.randbits(63) if seed is None else seed
        self.played: list[Round] = [Round(self.rules, round_seed(self.seed, 0), first)]

    @property
    def current(self) -> Round:
        return self.played[-1]

    @property
    def round_number(self) -> int:
        """1-based number of the round in play (or just finished)."""
        return len(self.played)

    @property
    def round_scores(self) -> list[tuple[int, ...]]:
        """Each finished round's score per side."""
        return [tuple(r.side_totals()) for r in self.played if r.over]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(column) for column in zip(*self.round_scores, strict=True)) or (0,) * self.rules.sides

    @property
    def team_score(self) -> int:
        """R22: the cooperative score (the sum of both totals)."""
        return sum(self.totals)

    @property
    def more_rounds(self) -> bool:
        """True when the current round is over and another is to be dealt."""
        return self.current.over and len(self.played) < self.rounds

    @property
    def over(self) -> bool:
        return self.current.over and len(self.played) == self.rounds

    def next_starter(self) -> int:
        """Who starts the round after the current one (R18)."""
        return next_starter(self.current.side_totals(), self.current.starter)

    def start_next_round(self) -> Round:
        """Deal the next round (R19) once the current one is over."""
        if not self.more_rounds:
            raise ValueError("the current round is not over" if not self.current.over else "the match is over")
        index = len(self.played)
        self.played.append(Round(self.rules, round_seed(self.seed, index), self.next_starter()))
        return self.current

    @property
    def outcome(self) -> Outcome | None:
        """The result once the last round is over (R17), else ``None``."""
        if not self.over:
            return None
        return match_outcome(self.totals, self.rules.cooperative)

    def view(self, seat: int) -> PlayerView:
        return player_view(self.current, seat)

    def record(self) -> MatchRecord:
        return MatchRecord(self.rules, self.rounds, self.seed, self.first, tuple(r.record() for r in self.played))


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match as a record: replaying it rebuilds the identical match.

    >>> m = Match(seed=9)
    >>> m.current.turn(str(m.current.legal_plays()[-1]) + " n")
    >>> MatchRecord.from_dict(m.record().to_dict()).replay().current == m.current
    True
    """

    rules: Rules
    rounds: int
    seed: int
    first: int
    played: tuple[RoundRecord, ...]

    def replay(self) -> Match:
        """Rebuild the match; raises :class:`ValueError` if a round does not fit the match."""
        match = Match(self.rules, self.rounds, self.first, self.seed)
        if not self.played or len(self.played) > self.rounds:
            raise ValueError(f"a record of a {self.rounds}-round match holds {len(self.played)} rounds")
        for index, record in enumerate(self.played):
            if index:
                match.start_next_round()
            expected = (match.current.seed, match.current.starter)
            if (record.seed, record.starter) != expected:
                raise ValueError(f"round {index + 1} of the record does not follow from the match's seed")
            match.played[-1] = record.replay()
        return match

    def to_dict(self) -> dict[str, object]:
        rules = self.rules
        return {
            "rules": {
                "long": rules.long,
                "hand_penalty": rules.hand_penalty,
                "cooperative": rules.cooperative,
            },
            "rounds": self.rounds,
            "seed": self.seed,
            "first": self.first,
            "played": [record.to_dict() for record in self.played],
        }

    @classmethod
    def from_dict(cls, data: object) -> MatchRecord:
        """Read :meth:`to_dict`'s form back; wrong shapes raise :class:`FieldError` (a ``ValueError``).

        >>> MatchRecord.from_dict([1])
        Traceback (most recent call last):
        ...
        lost_cities.engine.fields.FieldError: expected an object with the field 'rules', not a list
        """
        raw_rules = read_field(data, "rules", dict)
        variants = {key: read_field(raw_rules, key, bool) for key in _VARIANTS if key in raw_rules}
        rules = Rules(**variants)
        rounds = read_field(data, "rounds", int, lambda n: n >= 1)
        seed = read_field(data, "seed", int)
        first = read_field(data, "first", int, lambda seat: 0 <= seat < rules.players)
        played = read_field(data, "played", list)
        return cls(rules, rounds, seed, first, tuple(RoundRecord.from_dict(item, rules) for item in played))


#: The variants a record's rules name (R20-R22), as :meth:`MatchRecord.to_dict` writes them.
_VARIANTS = ("long", "hand_penalty", "cooperative")
