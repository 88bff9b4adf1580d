"""Scoring (R11–R16, R21) as a breakdown, not just a number.

The round-end screen and ``lost-cities score`` both show every step, as the
rulebook's worked example does (R16):

>>> from lost_cities.engine.cards import parse_cards
>>> row = score_expedition(Colour.RED, parse_cards("rw rw r2 r3 r4 r5 r6 r7 r8"))
>>> row.sum, row.cost, row.wagers, row.multiplier, row.bonus, row.score
(35, 20, 2, 3, 20, 65)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from msgspec import Struct

from lost_cities.engine.cards import Card, Colour
from lost_cities.engine.codes import RANK_OF, WAGER_RANK
from lost_cities.engine.errors import IllegalMoveError, Reason
from lost_cities.engine.rules import Rules

__all__ = ["ExpeditionScore", "SideScore", "check_expedition", "score_codes", "score_expedition", "score_side"]

_DEFAULT_RULES = Rules()


class ExpeditionScore(Struct, frozen=True):
    """One expedition's breakdown.  ``cost`` is 0 for an expedition not started (R11)."""

    colour: Colour
    cards: tuple[Card, ...]
    sum: int
    cost: int
    wagers: int
    multiplier: int
    count: int
    bonus: int
    score: int

    @property
    def started(self) -> bool:
        return self.count > 0


class SideScore(Struct, frozen=True):
    """A player's (or team's) round: every expedition, the hand penalty, the total (R15)."""

    expeditions: tuple[ExpeditionScore, ...]
    hand: tuple[Card, ...]
    hand_penalty: int
    total: int

    def expedition(self, colour: Colour) -> ExpeditionScore:
        for row in self.expeditions:
            if row.colour == colour:
                return row
        raise KeyError(colour)


def check_expedition(colour: Colour, cards: Sequence[Card], rules: Rules = _DEFAULT_RULES) -> None:
    """Raise :class:`IllegalMoveError` unless ``cards`` can lie in that order in one expedition.

    >>> from lost_cities.engine.cards import parse_cards
    >>> check_expedition(Colour.RED, parse_cards("r3 rw"))
    Traceback (most recent call last):
    ...
    lost_cities.engine.errors.IllegalMoveError: R6a: a red wager can't follow red 3: wagers come before numbers
    """
    if colour not in rules.colours:
        raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=colour)
    wagers = 0
    last: Card | None = None
    for card in cards:
        if card.colour != colour:
            raise IllegalMoveError(Reason.WRONG_COLOUR, (card,), colour)
        if card.is_wager:
            if last is not None and not last.is_wager:
                raise IllegalMoveError(Reason.WAGER_AFTER_NUMBER, (card, last))
            wagers += 1
            if wagers > rules.wagers_per_colour:
                raise IllegalMoveError(Reason.TOO_MANY_WAGERS, (card,))
        elif last is not None and not last.is_wager:
            if card.value == last.value:
                raise IllegalMoveError(Reason.DUPLICATE_CARD, (card,))
            if card.value < last.value:
                raise IllegalMoveError(Reason.LOWER_THAN_TOP, (card, last))
        last = card


def score_expedition(colour: Colour, cards: Sequence[Card], rules: Rules = _DEFAULT_RULES) -> ExpeditionScore:
    """Score one expedition's cards (R11–R14); the cards are not checked for order."""
    count = len(cards)
    if count == 0:
        return ExpeditionScore(colour, (), 0, 0, 0, 1, 0, 0, 0)
    total = sum(card.value for card in cards)
    wagers = sum(1 for card in cards if card.is_wager)
    multiplier = rules.multiplier(wagers)
    bonus = rules.bonus if count >= rules.bonus_threshold else 0
    score = (total - rules.expedition_cost) * multiplier + bonus
    return ExpeditionScore(colour, tuple(cards), total, rules.expedition_cost, wagers, multiplier, count, bonus, score)


def score_codes(cards: Sequence[int], rules: Rules = _DEFAULT_RULES) -> int:
    """R11–R14 (R23b's cost and bonus with three players) for the fast path: an expedition as card codes
    (:mod:`.codes`), its score alone, unchecked.  The round's totals and the bots' rollouts count with it.

    >>> score_codes([65, 68, 71])  # red wager, 4, 7: (11 - 20) x 2
    -18
    >>> score_codes([])
    0
    """
    if not cards:
        return 0
    wagers = points = 0
    for code in cards:
        value = RANK_OF[code]
        if value == WAGER_RANK:
            wagers += 1
        else:
            points += value
    bonus = rules.bonus if len(cards) >= rules.bonus_threshold else 0
    return (points - rules.expedition_cost) * (wagers + 1) + bonus


def score_side(
    expeditions: Mapping[Colour, Sequence[Card]], hand: Iterable[Card] = (), rules: Rules = _DEFAULT_RULES
) -> SideScore:
    """Score one side's round: every colour of the game in order, and R21's penalty if on."""
    rows = tuple(score_expedition(colour, expeditions.get(colour, ()), rules) for colour in rules.colours)
    kept = tuple(sorted(hand))
    penalty = sum(card.value for card in kept) if rules.hand_penalty else 0
    return SideScore(rows, kept, penalty, sum(row.score for row in rows) - penalty)
