"""A position in one line of text, as chess has FEN: for tests, puzzles and records.

Five fields separated by ``|``::

    hands | expeditions | discard piles | draw pile | seat to move

* **hands**: each seat's cards, seats separated by ``/`` (``-`` for none);
* **expeditions**: each side's cards in the order they were laid, sides
  separated by ``/``; the colours sort themselves out (``rw r3 b2``);
* **discard piles**: the cards discarded, bottom first, all colours in one list;
* **draw pile**: bottom first, so the last card is the next one drawn;
* **seat to move**: 0, 1, ...

A position is at the start of a turn; with an empty draw pile and three or four
players it is the start of the final laying (R23c).  Cards that appear nowhere
are simply not in play, which is handy for testing one rule at a time.  This
module reads and writes the notation on card codes; :meth:`Round.from_position
<lost_cities.engine.round.Round.from_position>` and :meth:`Round.position
<lost_cities.engine.round.Round.position>` build and write a round.

>>> p = parse_position("r5 r7 y2 / b3 | rw r3 / - | y8 | y4 y5 | 0", Rules())
>>> p.hands, p.to_move
(((2, 69, 71), (19,)), 0)
>>> format_position(Rules(), p.hands, p.deck, p.expeditions, p.discards, 1)
'y2 r5 r7 / b3 | rw r3 / - | y8 | y4 y5 | 1'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec import Struct

from lost_cities.engine.cards import CARD_BY_CODE, Card, parse_cards
from lost_cities.engine.errors import IllegalMoveError, NotationError, Reason
from lost_cities.engine.layout import layout_of
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import check_expedition

__all__ = ["Position", "format_position", "parse_position"]

_FIELDS = "hands | expeditions | discard piles | draw pile | seat to move"


def _cards(text: str) -> tuple[Card, ...]:
    text = text.strip()
    return () if text == "-" else parse_cards(text)


def _groups(text: str, count: int, what: str) -> list[tuple[Card, ...]]:
    groups = [_cards(part) for part in text.split("/")]
    if len(groups) != count:
        raise NotationError(text, f"{count} {what} separated by '/'")
    return groups


class Position(Struct, frozen=True):
    """A position read from its notation, in card codes, as :meth:`Round.from_codes` takes it."""

    #: per seat, sorted
    hands: tuple[tuple[int, ...], ...]
    #: the draw pile, its top last
    deck: tuple[int, ...]
    #: per slot (:class:`~.layout.Layout`), in the order laid
    expeditions: tuple[tuple[int, ...], ...]
    #: per colour, the top last
    discards: tuple[tuple[int, ...], ...]
    to_move: int


def parse_position(text: str, rules: Rules) -> Position:
    """The position ``text`` describes (see the module), every card checked (R2, R6a, R8, R20)."""
    fields = text.split("|")
    if len(fields) != 5:
        raise NotationError(text, f"a position: {_FIELDS}")
    hands = _groups(fields[0], rules.players, "hands")
    sides = _groups(fields[1], rules.sides, "sides")
    discards, deck = _cards(fields[2]), _cards(fields[3])
    seat_text = fields[4].strip()
    if not (seat_text.isascii() and seat_text.isdigit() and int(seat_text) < rules.players):
        raise NotationError(seat_text, f"the seat to move: 0 to {rules.players - 1}")
    every = [card for group in (*hands, *sides, discards, deck) for card in group]
    for card in every:
        if card.colour not in rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, (card,))
    for card, count in Counter(every).items():
        if count > rules.copies(card):
            reason = Reason.TOO_MANY_WAGERS if card.is_wager else Reason.DUPLICATE_CARD
            raise IllegalMoveError(reason, (card,))
    for hand in hands:
        if len(hand) > rules.hand_size:
            raise NotationError(" ".join(map(str, hand)), f"a hand of at most {rules.hand_size} cards (R8)")
    layout = layout_of(rules)
    expeditions: list[tuple[int, ...]] = [() for _ in range(layout.slots)]
    for side, cards in enumerate(sides):
        for colour in rules.colours:
            laid = [card for card in cards if card.colour is colour]
            check_expedition(colour, laid, rules)
            expeditions[layout.side_slots(side)[colour]] = tuple(card.code for card in laid)
    return Position(
        hands=tuple(tuple(sorted(card.code for card in hand)) for hand in hands),
        deck=tuple(card.code for card in deck),
        expeditions=tuple(expeditions),
        discards=tuple(tuple(card.code for card in discards if card.colour is colour) for colour in rules.colours),
        to_move=int(seat_text),
    )


def _join(codes: Sequence[int]) -> str:
    return " ".join(str(CARD_BY_CODE[code]) for code in codes) or "-"


def format_position(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    deck: Sequence[int],
    expeditions: Sequence[Sequence[int]],
    discards: Sequence[Sequence[int]],
    to_move: int,
) -> str:
    """The notation of a position given in card codes (hands, the draw pile top last, slots, piles)."""
    layout = layout_of(rules)
    sides = [[code for slot in layout.side_slots(side) for code in expeditions[slot]] for side in range(layout.sides)]
    return " | ".join(
        (
            " / ".join(_join(hand) for hand in hands),
            " / ".join(_join(cards) for cards in sides),
            _join([code for pile in discards for code in pile]),
            _join(deck),
            str(to_move),
        )
    )
