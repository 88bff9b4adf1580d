"""Test helpers: positions built card by card."""

from __future__ import annotations

from lost_cities.engine import Colour, Round, Rules, parse_cards


def codes(text: str) -> list[int]:
    return [card.code for card in parse_cards(text)]


def rigged(
    hand0: str,
    hand1: str = "",
    deck: str = "y2 y3 y4",
    rules: Rules | None = None,
    mine: dict[Colour, str] | None = None,
    discards: dict[Colour, str] | None = None,
    to_move: int = 0,
) -> Round:
    """A round whose hands, draw pile (top last), expedition and piles are given in notation.

    Seat 0's expeditions come from ``mine``; cards not named anywhere simply do not
    exist in this position, which is fine for testing single rules.
    """
    round_ = Round(rules or Rules(), seed=0, starter=to_move)
    round_.hands = [sorted(codes(hand0)), sorted(codes(hand1))]
    round_.deck = codes(deck)
    n = len(round_.rules.colours)
    round_.expeditions = [[] for _ in range(2 * n)]
    round_.tops = [0] * (2 * n)
    for colour, text in (mine or {}).items():
        round_.expeditions[colour] = codes(text)
        round_.tops[colour] = round_.expeditions[colour][-1] & 15
    round_.discards = [[] for _ in range(n)]
    for colour, text in (discards or {}).items():
        round_.discards[colour] = codes(text)
    return round_
