"""R2 counted once: which cards are accounted for, and how many copies of each are left.

A card marked on the pad, or typed on the command line, is either laid on the table or
held in a hand, and the deck holds every number card once and every wager three times
(:meth:`Rules.copies`).  Both the score pad (:mod:`lost_cities.score.sheet`) and ``lost-cities
score --hand`` (:mod:`lost_cities.score.parse`) count through this one class:

>>> from lost_cities.engine import Card, Rules
>>> tally = Tally(Rules(), [Card.parse("r7"), Card.parse("rw")])
>>> tally.left(Card.parse("r7")), tally.left(Card.parse("rw")), tally.left(Card.parse("p7"))
(0, 2, 0)
>>> tally.add(Card.parse("r7"))
Traceback (most recent call last):
...
lost_cities.score.tally.NoCopyLeft: no red 7 is left (R2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from lost_cities.engine import Card, Rules

__all__ = ["NoCopyLeft", "Tally"]


class NoCopyLeft(ValueError):
    """Every copy of ``card`` is already accounted for, or its colour is not in the game."""

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"no {card.describe()} is left (R2)")


class Tally:
    """The cards counted so far under ``rules``; adding one more than the deck holds is refused."""

    def __init__(self, rules: Rules, cards: Iterable[Card] = ()) -> None:
        self.rules = rules
        self._counted: Counter[Card] = Counter()
        for card in cards:
            self.add(card)

    def left(self, card: Card) -> int:
        """How many copies of ``card`` nobody has yet (0 for a colour not in the game, R20)."""
        return self.rules.copies(card) - self._counted[card]

    def add(self, card: Card) -> None:
        """Count one more ``card``; :class:`NoCopyLeft` if the deck holds no other."""
        if self.left(card) <= 0:
            raise NoCopyLeft(card)
        self._counted[card] += 1
