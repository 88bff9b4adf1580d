"""The ``create`` frame for a match set up as at one keyboard: what the new-match form and ``online new`` send.

The settings are the session's (:class:`~lost_cities.session.MatchSettings`), read here through the few fields a
game to create needs (:class:`GameToCreate`), so that the session builds no wire frame and this layer imports
nothing above it.
"""

from __future__ import annotations

import random
from typing import Protocol

from lost_cities.engine import Rules
from lost_cities.limits import check_names
from lost_cities.net.protocol import Create, SeatSpec
from lost_cities.words import computer_name, player_name

__all__ = ["GameToCreate", "create_frame"]


class GameToCreate(Protocol):
    """What a game to create is made of: the session's match settings have it."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def computers(self) -> tuple[str | None, ...]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def rounds(self) -> int: ...
    @property
    def first(self) -> str: ...
    @property
    def seed(self) -> int | None: ...


def create_frame(settings: GameToCreate, clock: int | None = None) -> Create:
    """The game to create on a server for these settings: a person's seat gets an invitation, a
    computer's is played by the server at its level; a seat without a name is named as at one keyboard, in the
    creator's language (each player's screen shows such a name in theirs).
    A first seat left to a random draw (R5) is drawn here; ``clock``: seconds for each decision.
    :class:`~lost_cities.limits.PlayerNamesError` for names the server would refuse (too long, looking alike…), said
    here in the player's language rather than by the server."""
    computers = sum(level is not None for level in settings.computers)
    names = check_names(
        [
            name or (computer_name(seat, computers) if level else player_name(seat))
            for seat, (name, level) in enumerate(zip(settings.names, settings.computers, strict=True))
        ]
    )
    seats = tuple(SeatSpec(name=name, computer=level) for name, level in zip(names, settings.computers, strict=True))
    first = random.randrange(len(settings.names)) if settings.first == "random" else int(settings.first[1:]) - 1
    return Create(
        seats=seats,
        rounds=settings.rounds,
        long=settings.rules.long,
        hand_penalty=settings.rules.hand_penalty,
        cooperative=settings.rules.cooperative,
        first=first,
        seed=settings.seed,
        clock=clock,
    )
