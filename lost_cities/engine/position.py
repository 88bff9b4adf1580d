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
are simply not in play, which is handy for testing one rule at a time.

>>> from lost_cities.engine.round import Round
>>> r = Round.from_position("r5 r7 y2 / b3 | rw r3 / - | y8 | y4 y5 | 0")
>>> r.play("+r5"); r.draw("y")
>>> r.position()
'y2 y8 r7 / b3 | rw r3 r5 / - | - | y4 y5 | 1'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lost_cities.engine.cards import CARD_BY_CODE, Card, parse_cards
from lost_cities.engine.errors import IllegalMoveError, NotationError, Reason
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import check_expedition

if TYPE_CHECKING:
    from lost_cities.engine.round import Round

__all__ = ["format_position", "parse_position", "start_position"]

_FIELDS = "hands | expeditions | discard piles | draw pile | seat to move"


def _cards(text: str) -> tuple[Card, ...]:
    text = text.strip()
    return () if text == "-" else parse_cards(text)


def _groups(text: str, count: int, what: str) -> list[tuple[Card, ...]]:
    groups = [_cards(part) for part in text.split("/")]
    if len(groups) != count:
        raise NotationError(text, f"{count} {what} separated by '/'")
    return groups


def parse_position(text: str, rules: Rules) -> Round:
    """The round at the position ``text`` describes (see the module), every card checked (R2, R6a, R8, R20)."""
    from lost_cities.engine.round import Round

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
    ncolours = len(rules.colours)
    expeditions: list[list[int]] = [[] for _ in range(rules.sides * ncolours)]
    for side, cards in enumerate(sides):
        for colour in rules.colours:
            laid = [card for card in cards if card.colour is colour]
            check_expedition(colour, laid, rules)
            expeditions[side * ncolours + rules.colours.index(colour)] = [card.code for card in laid]
    piles: list[list[int]] = [[] for _ in range(ncolours)]
    for card in discards:
        piles[rules.colours.index(card.colour)].append(card.code)
    return Round.from_codes(
        rules,
        [[card.code for card in hand] for hand in hands],
        [card.code for card in deck],
        expeditions,
        piles,
        int(seat_text),
    )


def _join(codes: Sequence[int]) -> str:
    return " ".join(str(CARD_BY_CODE[code]) for code in codes) or "-"


def _format(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    deck: Sequence[int],
    expeditions: Sequence[Sequence[int]],
    discards: Sequence[Sequence[int]],
    to_move: int,
) -> str:
    ncolours = len(rules.colours)
    sides = [
        [code for cards in expeditions[side * ncolours : (side + 1) * ncolours] for code in cards]
        for side in range(rules.sides)
    ]
    return " | ".join(
        (
            " / ".join(_join(hand) for hand in hands),
            " / ".join(_join(cards) for cards in sides),
            _join([code for pile in discards for code in pile]),
            _join(deck),
            str(to_move),
        )
    )


def format_position(round_: Round) -> str:
    """The notation of ``round_`` as it stands; only at the start of a turn (or of the final laying)."""
    if round_.phase.name == "DRAW" or round_.final_lays_left not in (0, round_.rules.final_plays):
        raise ValueError("a position is written at the start of a turn, not half-way through one")
    if round_.phase.name == "FINAL" and round_.final_turns_left != round_.rules.players:
        raise ValueError("a position is written at the start of the final laying, not half-way through it")
    return _format(round_.rules, round_.hands, round_.deck, round_.expeditions, round_.discards, round_.to_move)


def start_position(round_: Round) -> str:
    """The notation of the position ``round_`` was built from (for its record)."""
    start = round_._origin()
    if start.phase == 1 or (start.phase == 2 and start.final_to_go != round_.rules.players):
        raise ValueError("a round built half-way through a turn has no record")
    return _format(round_.rules, start.hands, start.deck, start.expeditions, start.discards, start.to_move)
