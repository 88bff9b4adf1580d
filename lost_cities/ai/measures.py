"""The hard level's measures that the hints and the tips say as well: one number each, read by the rollouts'
rules of thumb (:mod:`.rollout`), the reasons a hint gives (:mod:`.reasons`) and the board's one-time tips.

Kept apart from the rollouts so that what reads them alone loads no computer player.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from lost_cities.engine import Card, Colour

__all__ = ["HOLD_OPEN", "WAGER_SUM", "numbers_held"]

#: The numbers of a colour in hand that make it worth opening with a wager, early (the heuristic: 24, and 18 to
#: open it at all); a wager on less is thin, a risk.
WAGER_SUM: Final = 18
#: This many cards left to draw or fewer, and a hand with a card to lay for every turn left holds the round open;
#: a discard top taken then that cannot pay for an expedition of its colour is taken to hold it open.
HOLD_OPEN: Final = 8


def numbers_held(colour: Colour, hand: Iterable[Card]) -> int:
    """The sum of ``colour``'s numbers in ``hand`` (its wagers count nothing): what an expedition of that colour
    could make of the hand, read against :data:`WAGER_SUM` and an expedition's cost."""
    return sum(card.value for card in hand if card.colour is colour and not card.is_wager)
