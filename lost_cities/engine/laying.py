"""May a card be laid on an expedition (R6a): the rule written once, for people and for machines.

An expedition takes wagers while it holds no number, then numbers that strictly increase, gaps
allowed.  Whether a card may go on one depends only on the card and the expedition's last card,
so the rule is said on *ranks* (:mod:`.codes`: 1 for a wager, the number for a number, 0 for an
expedition with nothing on it yet) by :func:`may_follow`.  The fast path reads the same answer
from :data:`LAYABLE_ON`, a table built from it (as cheap as the comparison it replaces: the
round's legal plays and the computer players' searches ask it in their innermost loops), and
people's code asks :func:`may_lay` with cards, and :func:`lay_refusal` for why one may not be laid.

>>> from lost_cities.engine.cards import parse_cards
>>> may_lay(Card.parse("r7"), parse_cards("rw r5")), may_lay(Card.parse("rw"), parse_cards("rw r5"))
(True, False)
>>> may_lay(Card.parse("rw"), parse_cards("rw")), may_lay(Card.parse("r2"), ())
(True, True)
>>> lay_refusal(Card.parse("r5"), parse_cards("r7")), lay_refusal(Card.parse("r9"), parse_cards("r7"))
(IllegalMoveError("R6a: red 5 can't follow red 7: numbers must go up"), None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from lost_cities.engine.cards import Card
from lost_cities.engine.codes import CODES, RANK_OF, WAGER_RANK
from lost_cities.engine.errors import IllegalMoveError, Reason

__all__ = ["LAYABLE_ON", "lay_refusal", "may_follow", "may_lay", "refusal_after", "top_rank"]

#: The ranks an expedition's last card can have: 0 (nothing laid), 1 (a wager), 2..10.
_TOPS = 11


def may_follow(rank: int, top: int) -> bool:
    """R6a on ranks: may a card of ``rank`` be laid on an expedition whose last card has rank ``top``
    (0 when it holds nothing)?  A number above the last one; a wager on nothing or on wagers only.

    >>> may_follow(7, 5), may_follow(5, 7), may_follow(1, 1), may_follow(1, 5), may_follow(2, 0)
    (True, False, True, False, True)
    """
    return rank > top or rank == top == WAGER_RANK


#: ``LAYABLE_ON[top][code]``: :func:`may_follow` for the card ``code`` (:mod:`.codes`) on an expedition of its
#: colour whose last card has rank ``top``; the fast path's form of R6a.
LAYABLE_ON: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(may_follow(RANK_OF[code], top) for code in range(CODES)) for top in range(_TOPS)
)


def top_rank(cards: Sequence[int]) -> int:
    """The rank of an expedition's last card, the expedition as card codes in the order laid (0 when it holds
    nothing): the row of :data:`LAYABLE_ON` that says what may follow it."""
    return RANK_OF[cards[-1]] if cards else 0


def may_lay(card: Card, laid: Sequence[Card]) -> bool:
    """R6a: may ``card`` be laid on the expedition of its colour that holds ``laid``, in the order laid?"""
    return LAYABLE_ON[RANK_OF[laid[-1].code] if laid else 0][card.code]


def refusal_after(card: Card, last: Card) -> IllegalMoveError:
    """The refusal of ``card`` on an expedition whose last card, ``last``, it may not follow (R6a): a wager after
    a number, or a number not above the last."""
    reason = Reason.WAGER_AFTER_NUMBER if card.is_wager else Reason.LOWER_THAN_TOP
    return IllegalMoveError(reason, (card, last))


def lay_refusal(card: Card, laid: Sequence[Card]) -> IllegalMoveError | None:
    """Why ``card`` may not be laid on the expedition of its colour that holds ``laid`` (R6a); ``None`` if it may."""
    return None if may_lay(card, laid) else refusal_after(card, laid[-1])
