"""The engine's int codes, named once: cards, plays and draws.

The fast path (:meth:`Round.legal_codes` and :meth:`Round.apply_code`, the
simulations, the bots' rollouts) works on plain ints because they are cheap to
copy and compare.  The layout is defined here and read everywhere else through
these names: functions for code that runs now and then, and tables indexed by
a code for the hot loops (a tuple lookup costs what the shift or mask it
replaces costs).

* A **card** is ``colour * 16 + rank``: the rank is 1 for a wager, 2..10 for a
  number — what an expedition's top compares.
* A **play** is ``card * 2 + discard`` (discard is 0 or 1).  :data:`STOP_CODE`
  (0, which no card makes) ends a player's final laying (R23c).
* A **draw** is a colour's index (the top of that discard pile) or
  :data:`DRAW_PILE`.

>>> code = card_code(4, 7)  # red 7
>>> code, code_colour(code), code_rank(code), COLOUR_OF[code], RANK_OF[code]
(71, 4, 7, 4, 7)
>>> play_code(code, discard=True), play_card(143), play_discards(143), LAY[code], DISCARD[code]
(143, 71, True, 142, 143)
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CODES",
    "COLOUR_OF",
    "DISCARD",
    "DISCARDS",
    "DRAW_PILE",
    "LAY",
    "PLAY_CARD",
    "RANK_OF",
    "STOP_CODE",
    "WAGER_RANK",
    "card_code",
    "code_colour",
    "code_rank",
    "is_wager_code",
    "play_card",
    "play_code",
    "play_discards",
]

#: Draw code of the face-down draw pile.
DRAW_PILE: Final = -1
#: The play code that stops a player's final laying (R23c): no card has code 0.
STOP_CODE: Final = 0
#: The rank of a wager's code (a number's is its value, 2..10): below every number (R6a).
WAGER_RANK: Final = 1
#: How many card codes there are (six colours of 16): the size of the tables below.
CODES: Final = 6 * 16

_COLOUR_SHIFT = 4
_RANK_MASK = 15


def card_code(colour: int, value: int) -> int:
    """The code of a card: ``value`` 0 (a wager, as :class:`~.cards.Card` writes it) or 2..10."""
    return (colour << _COLOUR_SHIFT) + (value or WAGER_RANK)


def code_colour(code: int) -> int:
    """The index of a card code's colour (:class:`~.cards.Colour`)."""
    return code >> _COLOUR_SHIFT


def code_rank(code: int) -> int:
    """1 for a wager, else the number: what an expedition's top compares (R6a)."""
    return code & _RANK_MASK


def is_wager_code(code: int) -> bool:
    return code & _RANK_MASK == WAGER_RANK


def play_code(card: int, discard: bool) -> int:
    """The play of a card code: laid on its expedition (R6a) or discarded (R6b)."""
    return card * 2 + discard


def play_card(play: int) -> int:
    return play >> 1


def play_discards(play: int) -> bool:
    return bool(play & 1)


#: By card code: its colour's index (:func:`code_colour`).
COLOUR_OF: Final[tuple[int, ...]] = tuple(code_colour(code) for code in range(CODES))
#: By card code: its rank (:func:`code_rank`): 1 for a wager, else the number; 0 for the empty slot.
RANK_OF: Final[tuple[int, ...]] = tuple(code_rank(code) for code in range(CODES))
#: By card code: the play that lays it on its expedition.
LAY: Final[tuple[int, ...]] = tuple(play_code(code, False) for code in range(CODES))
#: By card code: the play that discards it.
DISCARD: Final[tuple[int, ...]] = tuple(play_code(code, True) for code in range(CODES))
#: By play code: the card it plays (:func:`play_card`).
PLAY_CARD: Final[tuple[int, ...]] = tuple(play_card(play) for play in range(2 * CODES))
#: By play code: whether it discards (:func:`play_discards`).
DISCARDS: Final[tuple[bool, ...]] = tuple(play_discards(play) for play in range(2 * CODES))
