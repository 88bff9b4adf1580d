"""The engine's int codes, named once: cards, plays, draws, and the log of decisions.

The fast path (:meth:`Round.play_code` and friends, the simulations, the bots'
rollouts) works on plain ints because they are cheap to copy and compare.
Every layout is defined here; the hot loops of :mod:`lost_cities.engine.round`
spell the same arithmetic out inline for speed, and ``tests/engine`` checks
that they agree with these functions.

* A **card** is ``colour * 16 + v``: ``v`` is 1 for a wager, 2..10 for a number.
* A **play** is ``card * 2 + discard`` (discard is 0 or 1).  :data:`STOP` (0,
  which no card makes) ends a player's final laying (R23c).
* A **draw** is a colour's index (the top of that discard pile) or
  :data:`DRAW_PILE`.
* The **log** of a round records each decision as one int: a play as its code,
  a draw as ``card * 8 + draw + 1`` (the card it took, which the history needs).

>>> code = card_code(4, 7)  # red 7
>>> code, code_colour(code), code_value(code)
(71, 4, 7)
>>> play_code(code, discard=True), play_card(143), play_discards(143)
(143, 71, True)
>>> drawn = draw_entry(code, DRAW_PILE)
>>> entry_card(drawn), entry_draw(drawn)
(71, -1)
"""

from __future__ import annotations

__all__ = [
    "DRAW_PILE",
    "STOP",
    "WAGER_CODE_VALUE",
    "card_code",
    "code_colour",
    "code_value",
    "draw_entry",
    "entry_card",
    "entry_draw",
    "play_card",
    "play_code",
    "play_discards",
]

#: Draw code of the face-down draw pile.
DRAW_PILE = -1
#: The play code that stops a player's final laying (R23c): no card has code 0.
STOP = 0
#: The value part of a wager's card code (a number's is its value, 2..10).
WAGER_CODE_VALUE = 1


def card_code(colour: int, value: int) -> int:
    """The code of a card: ``value`` 0 (a wager) or 2..10."""
    return colour * 16 + (value or WAGER_CODE_VALUE)


def code_colour(code: int) -> int:
    return code >> 4


def code_value(code: int) -> int:
    """1 for a wager, else the number: what an expedition's top compares."""
    return code & 15


def play_code(card: int, discard: bool) -> int:
    return card * 2 + discard


def play_card(play: int) -> int:
    return play >> 1


def play_discards(play: int) -> bool:
    return bool(play & 1)


def draw_entry(card: int, draw: int) -> int:
    """The log's entry for a draw: the card taken and where from."""
    return card * 8 + draw + 1


def entry_card(entry: int) -> int:
    return entry >> 3


def entry_draw(entry: int) -> int:
    return (entry & 7) - 1
