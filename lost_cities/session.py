"""A hot-seat match between two named people: the app's one handle on the engine.

It holds the names and the engine's :class:`Match`, turns the app's requests
into engine calls (which check every rule) and hands out views, never the
state.  It knows nothing of Textual, so it is tested without a screen.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from lost_cities.engine import (
    Card,
    Draw,
    Match,
    Phase,
    Play,
    PlayerView,
    Round,
    Rules,
    player_view,
    public_view,
)
from lost_cities.limits import MAX_ROUNDS

__all__ = ["MAX_ROUNDS", "HotSeat", "MatchSettings"]

FIRST_CHOICES = ("p1", "p2", "random")


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What the new-match form (or ``lost-cities play`` flags) decides."""

    names: tuple[str, str] = ("Player 1", "Player 2")
    first: str = "p1"
    rounds: int = 3
    seed: int | None = None
    long: bool = False
    hand_penalty: bool = False
    cooperative: bool = False

    def __post_init__(self) -> None:
        if self.first not in FIRST_CHOICES:
            raise ValueError(f"first must be one of {FIRST_CHOICES}, not {self.first!r}")
        if self.rounds < 1:
            raise ValueError(f"a match has at least one round, not {self.rounds}")

    @property
    def rules(self) -> Rules:
        return Rules(long=self.long, hand_penalty=self.hand_penalty, cooperative=self.cooperative)


@dataclass
class HotSeat:
    """Two people, one keyboard, one match."""

    names: tuple[str, str]
    match: Match
    #: True when the first player was drawn at random (R5), so the app can say so
    drawn_at_random: bool = False

    @classmethod
    def new(cls, settings: MatchSettings) -> HotSeat:
        seed = settings.seed if settings.seed is not None else secrets.randbits(63)
        if settings.first == "random":
            first = random.Random(f"first:{seed}").randrange(2)
        else:
            first = 0 if settings.first == "p1" else 1
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

    def view(self) -> PlayerView:
        """The view of the player to move, hand included: only after the pass step (H2)."""
        return player_view(self.match.current, self.to_move)

    def public_view(self, seat: int | None = None) -> PlayerView:
        """The table without any hand, oriented for ``seat`` (default: the player to move)."""
        return public_view(self.match.current, self.to_move if seat is None else seat)

    def final_view(self, seat: int) -> PlayerView:
        """A view of the finished round, both hands revealed."""
        return player_view(self.match.current, seat)

    def play(self, card: Card, discard: bool) -> None:
        """Play a card; :class:`IllegalMoveError` if the rules forbid it, nothing changed."""
        self.match.current.play(Play(card, discard))

    def draw(self, draw: Draw) -> None:
        self.match.current.draw(draw)

    def take_back(self) -> Card:
        """Undo the card played this turn (before drawing, R6); returns the card."""
        return self.match.current.take_back().card

    def next_round(self) -> None:
        self.match.start_next_round()
