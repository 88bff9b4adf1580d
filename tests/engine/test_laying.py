"""R6a once: the one predicate (:mod:`lost_cities.engine.laying`) agrees with the checked expedition and with
the plays the round allows, on every expedition there can be and all through random rounds."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from lost_cities.engine import PLAYER_COUNTS, WAGER, Card, Colour, IllegalMoveError, Phase, Play, Round, Rules
from lost_cities.engine.codes import CODES, RANK_OF
from lost_cities.engine.laying import LAYABLE_ON, may_follow, may_lay, top_rank
from lost_cities.engine.scoring import check_expedition

NUMBERS = range(2, 11)


def every_expedition(colour: Colour) -> Iterator[tuple[Card, ...]]:
    """Every expedition R2 and R6a allow: up to three wagers, then increasing numbers (2,048 of them)."""
    for wagers in range(4):
        for count in range(len(NUMBERS) + 1):
            for numbers in combinations(NUMBERS, count):
                yield (Card(colour, WAGER),) * wagers + tuple(Card(colour, value) for value in numbers)


def test_may_lay_says_what_a_checked_expedition_accepts_on_every_expedition() -> None:
    # R6a: whatever the cards below, laying one more is allowed exactly when the longer expedition is valid
    cards = [Card(Colour.RED, value) for value in (WAGER, *NUMBERS)]
    checked = 0
    for laid in every_expedition(Colour.RED):
        for card in cards:
            if (card in laid and not card.is_wager) or (card.is_wager and laid.count(card) == 3):
                continue  # R2: no second copy of a number, no fourth wager
            try:
                check_expedition(Colour.RED, (*laid, card))
                valid = True
            except IllegalMoveError:
                valid = False
            assert may_lay(card, laid) is valid, (laid, card)
            assert LAYABLE_ON[top_rank([c.code for c in laid])][card.code] is valid
            checked += 1
    assert checked > 10_000


def test_the_table_is_the_rule_on_ranks() -> None:
    assert all(LAYABLE_ON[top][code] is may_follow(RANK_OF[code], top) for top in range(11) for code in range(CODES))
    assert may_follow(1, 0) and may_follow(1, 1) and not may_follow(1, 2)  # wagers first (R6a)
    assert may_follow(3, 1) and may_follow(9, 3) and not may_follow(3, 3) and not may_follow(2, 9)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_round_lays_what_may_lay_allows(players: int) -> None:
    # R6a in the round's own plays: its legal lays are the cards in hand that fit the seat's expedition
    rng = random.Random(players)
    for seed in range(20):
        round_ = Round(Rules(players=players), seed)
        while not round_.over:
            if round_.phase is not Phase.DRAW:
                side = round_.side_of(round_.to_move)
                lays = {d.card for d in round_.legal_decisions() if isinstance(d, Play) and not d.discard}
                hand = set(round_.hand(round_.to_move))
                assert lays == {card for card in hand if may_lay(card, round_.expedition(side, card.colour))}
            round_.decide(rng.choice(round_.legal_decisions()))
