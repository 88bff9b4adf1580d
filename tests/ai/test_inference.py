"""The other hands read from their plays: the truth stays believable, a telling discard moves the odds, and
every deal sampled still agrees with the view."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.ai.inference import hand_weight, sample_weighed
from lost_cities.ai.knowledge import knowledge, sample_round
from lost_cities.engine import Colour, Round, Rules, player_view
from lost_cities.engine.codes import COLOUR_OF, RANK_OF
from tests.ai.common import heuristic_views, random_decision, rules_st, seeds
from tests.ai.test_knowledge import check
from tests.conftest import fuzz_examples


def test_a_real_hand_is_fully_believable_for_the_last_play_when_its_seat_plays_by_the_rules_of_thumb() -> None:
    # the last play is judged against every card that may have been the one drawn: the truth is among them
    rng = random.Random(1)
    checked = 0
    for seed in range(6):
        round_ = Round(Rules(), seed, starter=seed % 2)
        for view in heuristic_views(round_):
            if view.seat == 0 and (know := knowledge(view)).clues:
                assert hand_weight(know, 1, round_.hands[1], rng, turns=1, slack=0.1, any_draw=True) == 1.0
                checked += 1
    assert checked > 100


def test_real_hands_are_more_believable_than_random_ones_over_several_plays() -> None:
    rng = random.Random(2)
    real: list[float] = []
    dealt: list[float] = []
    for seed in range(4):
        round_ = Round(Rules(), seed, starter=seed % 2)
        for view in heuristic_views(round_):
            if view.seat == 0 and (know := knowledge(view)).clues:
                real.append(hand_weight(know, 1, round_.hands[1], rng, turns=4, slack=0.2))
                dealt.append(hand_weight(know, 1, sample_round(know, rng).hands[1], rng, turns=4, slack=0.2))
    assert sum(real) / len(real) > 2 * sum(dealt) / len(dealt)


def test_a_colour_the_other_seat_discarded_rather_than_opened_is_less_likely_in_its_hand() -> None:
    # the other seat's first play throws away a white 4 while nobody has opened anything (what the rules of
    # thumb do with this deal): a hand with strong whites would have opened white, or thrown another colour
    round_ = Round(Rules(), seed=4, starter=1)
    round_.turn("-w4 n")
    know = knowledge(player_view(round_, 0))

    def whites(deal: Round) -> int:
        return sum(RANK_OF[code] for code in deal.hands[1] if COLOUR_OF[code] == Colour.WHITE)

    rng = random.Random(3)
    samples = 300
    blind = sum(whites(sample_round(know, rng)) for _ in range(samples)) / samples
    read = sum(whites(sample_weighed(know, rng, 8, 4, 0.1)) for _ in range(samples)) / samples
    assert read < 0.75 * blind


@settings(max_examples=fuzz_examples(15, least=4), deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32), seat=st.integers(0, 3))
def test_every_deal_weighed_agrees_with_the_view(rules: Rules, seed: int, choices: int, seat: int) -> None:
    rng = random.Random(choices)
    round_ = Round(rules, seed, starter=seed % rules.players)
    seat %= rules.players
    while not round_.over:
        if round_.to_move == seat:
            check(round_, player_view(round_, seat), rng, lambda know, rng: sample_weighed(know, rng, 4, 4, 0.2))
        random_decision(round_, rng, grab=0.6)
