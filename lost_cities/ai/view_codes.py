"""A view read into the engine's card codes, once per decision, for the rules-of-thumb players.

The engine's fast path works on ints (:mod:`lost_cities.engine.codes`);
the heuristic functions take the same shapes whether they run inside a rollout
(on a :class:`~lost_cities.engine.Round`'s own lists) or for a bot (on this).
"""

from __future__ import annotations

from msgspec import Struct

from lost_cities.engine import PlayerView, layout_of
from lost_cities.engine.codes import RANK_OF

__all__ = ["Table", "table_of", "turns_left"]


def turns_left(deck_left: int, players: int) -> int:
    """How many more turns the seat to move gets, this one included, if nobody takes a discard."""
    return (deck_left + players - 1) // players


class Table(Struct, frozen=True):
    """What the seat may see, in codes.  ``discards`` holds each pile's top card only."""

    hand: list[int]
    tops: list[int]
    mine: int
    theirs: tuple[int, ...]
    deck_left: int
    turns_left: int
    discards: list[list[int]]
    closed: int


def table_of(view: PlayerView) -> Table:
    rules = view.rules
    layout = layout_of(rules)
    tops = [RANK_OF[cards[-1].code] if cards else 0 for side in view.expeditions for cards in side]
    mine = layout.base[view.seat]
    return Table(
        hand=sorted(card.code for card in view.hand),
        tops=tops,
        mine=mine,
        theirs=tuple(base for side in range(layout.sides) if (base := layout.side_slots(side).start) != mine),
        deck_left=view.draw_pile_size,
        turns_left=turns_left(view.draw_pile_size, rules.players),
        discards=[[card.code] if card is not None else [] for card in view.discard_tops],
        closed=-1 if view.closed_pile is None else int(view.closed_pile),
    )
