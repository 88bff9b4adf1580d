"""A hot-seat match between named people: the app's one handle on the engine.

It holds the names and the engine's :class:`Match`, turns the app's requests
into engine calls (which check every rule) and hands out views, never the
state.  It knows nothing of Textual, so it is tested without a screen.

>>> seat = HotSeat.new(MatchSettings(names=("Ana", "Boris", "Carl", "Dana"), seed=1))
>>> seat.side_names, seat.name_after(0)
(('Ana & Carl', 'Boris & Dana'), 'Boris')
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from lost_cities.engine import (
    Card,
    Draw,
    Match,
    NextStarter,
    Outcome,
    Phase,
    Play,
    PlayerView,
    Round,
    Rules,
    SideScore,
    player_view,
    public_view,
)
from lost_cities.limits import MAX_ROUNDS

__all__ = ["FIRST_CHOICES", "MAX_ROUNDS", "HotSeat", "MatchReport", "MatchSettings", "RoundReport", "Standing"]

#: Who may start the first round (R5): a seat, or a random draw.
FIRST_CHOICES = ("p1", "p2", "p3", "p4", "random")


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What the new-match form (or ``lost-cities play`` flags) decides.

    ``names`` in seat order: two, three (R23), or four, partners at seats 1 and 3
    against 2 and 4 (R24a).
    """

    names: tuple[str, ...] = ("Player 1", "Player 2")
    first: str = "p1"
    rounds: int = 3
    seed: int | None = None
    long: bool = False
    hand_penalty: bool = False
    cooperative: bool = False

    def __post_init__(self) -> None:
        if self.first not in (*FIRST_CHOICES[: len(self.names)], "random"):
            raise ValueError(f"first must be p1..p{len(self.names)} or random, not {self.first!r}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"a match has 1 to {MAX_ROUNDS} rounds, not {self.rounds}")
        self.rules  # noqa: B018 - refuses a player count or variant the rules do not know

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def rules(self) -> Rules:
        return Rules(
            players=len(self.names), long=self.long, hand_penalty=self.hand_penalty, cooperative=self.cooperative
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """Where the match stands, for the status line and the table: public at all times (H1)."""

    round_number: int
    rounds: int
    #: each side's name: a player, or the two partners ``Ana & Carl`` (R24)
    side_names: tuple[str, ...]
    #: each side's total over the finished rounds (R17)
    totals: tuple[int, ...]
    cooperative: bool


@dataclass(frozen=True, slots=True)
class RoundReport:
    """A finished round as the round-end screen shows it: every hand revealed (H2 allows it now)."""

    round_number: int
    rounds: int
    rules: Rules
    names: tuple[str, ...]
    side_names: tuple[str, ...]
    #: each side's breakdown (R11–R16, R21)
    scores: tuple[SideScore, ...]
    #: each seat's cards left in hand
    hands: tuple[tuple[Card, ...], ...]
    #: each side's match total after this round (R17)
    totals: tuple[int, ...]
    #: who starts the next round, and why; ``None`` after the last round
    next_start: NextStarter | None


@dataclass(frozen=True, slots=True)
class MatchReport:
    """A finished match: every round's scores and the result (R17, R22)."""

    names: tuple[str, ...]
    side_names: tuple[str, ...]
    round_scores: tuple[tuple[int, ...], ...]
    outcome: Outcome


@dataclass
class HotSeat:
    """People at one keyboard, one match."""

    names: tuple[str, ...]
    match: Match
    #: True when the first player was drawn at random (R5), so the app can say so
    drawn_at_random: bool = False

    @classmethod
    def new(cls, settings: MatchSettings) -> HotSeat:
        seed = settings.seed if settings.seed is not None else secrets.randbits(63)
        if settings.first == "random":
            first = random.Random(f"first:{seed}").randrange(settings.players)
        else:
            first = int(settings.first[1:]) - 1
        match = Match(settings.rules, settings.rounds, first, seed)
        return cls(settings.names, match, settings.first == "random")

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def round(self) -> Round:
        return self.match.current

    @property
    def to_move(self) -> int:
        return self.match.current.to_move

    @property
    def phase(self) -> Phase:
        return self.match.current.phase

    def name(self, seat: int) -> str:
        return self.names[seat]

    @property
    def settings(self) -> MatchSettings:
        """The settings of this match, for the form that offers another one like it."""
        rules = self.rules
        return MatchSettings(
            names=self.names,
            first=f"p{self.match.first + 1}",
            rounds=self.match.rounds,
            long=rules.long,
            hand_penalty=rules.hand_penalty,
            cooperative=rules.cooperative,
        )

    @property
    def side_names(self) -> tuple[str, ...]:
        """Each side's name: the player's, or both partners' (R24a: ``Ana & Carl``)."""
        return tuple(
            " & ".join(self.names[seat] for seat in self.rules.seats_of(side)) for side in range(self.rules.sides)
        )

    def name_after(self, seat: int) -> str:
        """The name of the player who plays after ``seat`` (R23d)."""
        return self.names[(seat + 1) % self.rules.players]

    def standing(self) -> Standing:
        match = self.match
        totals = tuple(sum(column) for column in zip(*match.round_scores[: match.round_number - 1], strict=True))
        return Standing(
            match.round_number,
            match.rounds,
            self.side_names,
            totals or (0,) * self.rules.sides,
            self.rules.cooperative,
        )

    def view(self) -> PlayerView:
        """The view of the player to move, hand included: only after the pass step (H2)."""
        return player_view(self.match.current, self.to_move)

    def public_view(self, seat: int | None = None) -> PlayerView:
        """The table without any hand, oriented for ``seat`` (default: the player to move)."""
        return public_view(self.match.current, self.to_move if seat is None else seat)

    def final_view(self, seat: int) -> PlayerView:
        """A view of the finished round, every hand revealed."""
        return player_view(self.match.current, seat)

    def play(self, card: Card, discard: bool) -> None:
        """Play a card, or lay one in the final laying; :class:`IllegalMoveError` if refused, nothing changed."""
        self.match.current.play(Play(card, discard))

    def draw(self, draw: Draw) -> None:
        self.match.current.draw(draw)

    def stop(self) -> None:
        """End the final laying of the player to move (R23c)."""
        self.match.current.stop()

    def take_back(self) -> Card:
        """Take back the card played this turn (R6, R23c); returns the card."""
        return self.match.current.take_back().card

    def next_round(self) -> None:
        self.match.start_next_round()

    def round_report(self) -> RoundReport:
        """The round just finished, for the round-end screen."""
        match, round_ = self.match, self.match.current
        if not round_.over:
            raise ValueError("the round is not over")
        return RoundReport(
            match.round_number,
            match.rounds,
            self.rules,
            self.names,
            self.side_names,
            round_.scores(),
            tuple(round_.hand(seat) for seat in range(self.rules.players)),
            match.totals,
            match.next_starter() if match.more_rounds else None,
        )

    def match_report(self) -> MatchReport:
        """The match just finished, for the match-end screen."""
        outcome = self.match.outcome
        if outcome is None:
            raise ValueError("the match is not over")
        return MatchReport(self.names, self.side_names, tuple(self.match.round_scores), outcome)
