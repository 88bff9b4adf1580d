"""A match: several rounds, running totals, who starts next, and the result (R17–R19, R22).

>>> m = Match(seed=5, rounds=2)
>>> m.round_number, m.current.starter, m.totals
(1, 0, (0, 0))
>>> m.over, m.outcome is None
(False, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum

from msgspec import Struct

from lost_cities.engine.record import RoundRecord
from lost_cities.engine.round import Round
from lost_cities.engine.rules import Rules
from lost_cities.engine.view import PlayerView, player_view

__all__ = [
    "Match",
    "MatchRecord",
    "NextStarter",
    "Outcome",
    "StartReason",
    "match_outcome",
    "next_starter",
    "round_seed",
]


def round_seed(match_seed: int, index: int) -> int:
    """The seed of round ``index`` (0-based) of a match: fixed by the match's seed (R19)."""
    return random.Random(f"lost-cities:{match_seed}:{index}").getrandbits(63)


class StartReason(StrEnum):
    """Why a player starts the next round (R18, R23e, R24e)."""

    #: the highest round score starts (R18, R23e); with four, the team with the higher score (R24e)
    HIGHER_SCORE = "higher_score"
    #: (house, R18) equal scores: the player who did not start this round
    TIE_DID_NOT_START = "tie_did_not_start"
    #: (house, R23e) equal highest scores: the first of them in turn order after this round's starter
    TIE_TURN_ORDER = "tie_turn_order"
    #: (house, R24e) equal team scores: the team that did not start this round
    TEAM_TIE = "team_tie"


class NextStarter(Struct, frozen=True):
    """Who starts the next round, and why: the screens word it, nobody re-derives it.

    With four, ``rule`` is R24e, which chose the team; which of its partners starts is a house rule too, said by
    ``partner_turn`` (R24e) — the partner who did not start the last time that team started — or ``team_first``
    (R24g) — the team had not started a round yet, and its partner in the lower seat starts.
    """

    seat: int
    reason: StartReason
    rule: str
    partner_turn: bool = False
    team_first: bool = False

    @property
    def house_rule(self) -> bool:
        """True when the rulebooks are silent and the project decided (``docs/RULES.md`` marks it a house rule)."""
        return self.reason is not StartReason.HIGHER_SCORE or self.partner_turn or self.team_first


def next_starter(rules: Rules, scores: Sequence[int], starters: Sequence[int]) -> NextStarter:
    """Who starts the round after the last one (R18, R23e, R24e).

    ``scores`` are the last round's scores per side; ``starters`` the seat that
    started each round so far, the last round's last.

    >>> two = Rules()
    >>> next_starter(two, (12, 30), [1]).seat
    1
    >>> tie = next_starter(two, (5, 5), [0])
    >>> tie.seat, tie.reason.value, tie.rule, tie.house_rule
    (1, 'tie_did_not_start', 'R18', True)
    >>> next_starter(Rules(players=3), (20, 20, 5), [0]).seat  # the first tied player after seat 0
    1
    >>> next_starter(Rules(players=4), (40, 10), [0, 1]).seat  # team A again: seat 2, as seat 0 started for it
    2
    >>> first = next_starter(Rules(players=4), (10, 40), [2])  # team B has not started yet: its lower seat (R24g)
    >>> first.seat, first.team_first, first.house_rule
    (1, True, True)
    """
    players = rules.players
    previous = starters[-1]
    rule = {2: "R18", 3: "R23e", 4: "R24e"}[players]
    best = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == best]
    if rules.teams:
        if len(leaders) == 1:
            team, reason = leaders[0], StartReason.HIGHER_SCORE
        else:
            team, reason = 1 - rules.side_of(previous), StartReason.TEAM_TIE
        partners = rules.seats_of(team)
        earlier = [seat for seat in starters if seat in partners]
        if not earlier:  # R24g (house): a team's first start goes to its lower seat
            return NextStarter(min(partners), reason, rule, team_first=True)
        other = next(seat for seat in partners if seat != earlier[-1])
        return NextStarter(other, reason, rule, partner_turn=True)
    if len(leaders) == 1:
        return NextStarter(leaders[0], StartReason.HIGHER_SCORE, rule)
    reason = StartReason.TIE_DID_NOT_START if players == 2 else StartReason.TIE_TURN_ORDER
    for step in range(1, players + 1):
        seat = (previous + step) % players
        if seat in leaders:
            return NextStarter(seat, reason, rule)
    raise AssertionError("a tie has at least two leaders")  # pragma: no cover


class Outcome(Struct, frozen=True):
    """How a match ended (R17, R22, R24e).  ``winner`` is a side (a player, or a team of four),
    ``None`` for a draw or a cooperative game."""

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
        rules = rules or Rules()
        if not 0 <= first < rules.players:
            raise ValueError(f"the first player must be a seat from 0 to {rules.players - 1}, not {first}")
        self.rules = rules or Rules()
        self.rounds = rounds
        self.first = first
        self.seed = random.SystemRandom().getrandbits(63) if seed is None else seed  # from the OS, as secrets does
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
        """R22: the cooperative score (the sum of every player's total)."""
        return sum(self.totals)

    @property
    def more_rounds(self) -> bool:
        """True when the current round is over and another is to be dealt."""
        return self.current.over and len(self.played) < self.rounds

    @property
    def over(self) -> bool:
        return self.current.over and len(self.played) == self.rounds

    def next_starter(self) -> NextStarter:
        """Who starts the round after the current one, and why (R18, R23e, R24e)."""
        return next_starter(self.rules, self.current.side_totals(), [r.starter for r in self.played])

    def start_next_round(self) -> Round:
        """Deal the next round (R19) once the current one is over."""
        if not self.more_rounds:
            raise ValueError("the current round is not over" if not self.current.over else "the match is over")
        index = len(self.played)
        self.played.append(Round(self.rules, round_seed(self.seed, index), self.next_starter().seat))
        return self.current

    @property
    def outcome(self) -> Outcome | None:
        """The result once the last round is over (R17), else ``None``."""
        if not self.over:
            return None
        return match_outcome(self.totals, self.rules.cooperative)

    def view(self, seat: int) -> PlayerView:
        return player_view(self.current, seat)

    def record(self, *, settled: bool = False) -> MatchRecord:
        """The match as a record; ``settled`` leaves out a turn still in progress (see :meth:`RoundRecord.of`)."""
        return MatchRecord(
            self.rules,
            self.rounds,
            self.seed,
            self.first,
            tuple(RoundRecord.of(r, settled=settled) for r in self.played),
        )


class MatchRecord(Struct, frozen=True):
    """A whole match as a record: replaying it rebuilds the identical match.

    Its JSON form (:mod:`~lost_cities.engine.codec`) is the one saves and exports hold;
    reading it checks the rules (R20–R24f) and the numbers here, and :meth:`replay`
    checks every turn.

    >>> from lost_cities.engine.codec import decode, encode
    >>> m = Match(seed=9)
    >>> m.current.turn(str(m.current.legal_decisions()[-1]) + " n")
    >>> decode(encode(m.record()), MatchRecord).replay().current == m.current
    True
    """

    rules: Rules
    rounds: int
    seed: int
    first: int
    played: tuple[RoundRecord, ...]

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise ValueError(f"a match has at least one round, not {self.rounds} (rounds)")
        if not 0 <= self.first < self.rules.players:
            raise ValueError(f"the first player is a seat from 0 to {self.rules.players - 1}, not {self.first} (first)")
        if not 1 <= len(self.played) <= self.rounds:
            raise ValueError(f"a record of a {self.rounds}-round match holds {len(self.played)} rounds (played)")

    def replay(self) -> Match:
        """Rebuild the match; raises a :class:`ValueError` if a round does not fit the match."""
        match = Match(self.rules, self.rounds, self.first, self.seed)
        for index, record in enumerate(self.played):
            if index:
                match.start_next_round()
            expected = (match.current.seed, match.current.starter)
            if record.position is None and (record.seed, record.starter) != expected:
                raise ValueError(f"round {index + 1} of the record does not follow from the match's seed")
            match.played[-1] = record.replay(self.rules)  # a round set up from a position is kept as it is
        return match
