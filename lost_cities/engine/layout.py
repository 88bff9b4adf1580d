"""Where each seat's cards go: the slot arithmetic of a round's lists, for every number of players.

A round keeps its expeditions in one flat list of *slots*, a side's colours
one after the other (``side * colours + colour``): one side per player with
two or three, one per team with four (R24b: partners lay on the same
expeditions).  :class:`Layout` says once, per rule set, which slot a seat's
card goes to and who plays after whom (R23d, R24a), so the round, the
positions and the bots never redo that arithmetic.

>>> four = layout_of(Rules(players=4))
>>> four.slot(2, 3), four.after, four.side_slots(1)  # seat 2 is team A's second partner (R24a)
(3, (1, 2, 3, 0), range(5, 10))
"""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from lost_cities.engine.rules import Rules

__all__ = ["Layout", "layout_of"]


class Layout(Struct, frozen=True):
    """The slots of one rule set: shared by every round played under it, never changed."""

    #: how many colours each side has: 5, or 6 with purple (R20)
    colours: int
    #: how many sets of expeditions lie on the table (R24b)
    sides: int
    #: per seat, the slot of its side's first expedition
    base: tuple[int, ...]
    #: per seat, the seat that plays next (R23d, R24a)
    after: tuple[int, ...]

    @property
    def slots(self) -> int:
        """How many expeditions there are in all."""
        return self.sides * self.colours

    def slot(self, seat: int, colour: int) -> int:
        """The slot of ``seat``'s (its side's) expedition of ``colour``."""
        return self.base[seat] + colour

    def side_slots(self, side: int) -> range:
        """The slots of one side's expeditions, in colour order."""
        return range(side * self.colours, (side + 1) * self.colours)


@cache
def layout_of(rules: Rules) -> Layout:
    """The layout of ``rules`` (made once per rule set)."""
    colours = len(rules.colours)
    seats = range(rules.players)
    return Layout(
        colours=colours,
        sides=rules.sides,
        base=tuple(rules.side_of(seat) * colours for seat in seats),
        after=tuple((seat + 1) % rules.players for seat in seats),
    )
