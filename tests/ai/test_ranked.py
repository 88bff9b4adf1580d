"""The hard level's ranking of a decision's choices, as a hint shows them: its own choice first, then best
first, reproducible with a seed, and for every phase (the play, the draw, the final laying's lays and stop)."""

from __future__ import annotations

import random

import pytest

from lost_cities.ai.search import SearchBot, SearchSettings, ranked
from lost_cities.engine import Phase, Round, Rules, Stop, player_view
from tests.ai.common import advance

SETTINGS = SearchSettings(samples=12)


@pytest.mark.parametrize(("seed", "decisions"), [(3, 0), (4, 7), (5, 20), (6, 33)])
def test_the_first_is_what_the_hard_level_plays_with_the_same_seed_and_the_rest_come_best_first(
    seed: int, decisions: int
) -> None:
    round_ = Round(Rules(), seed)
    advance(round_, decisions, random.Random(seed))
    view = player_view(round_, round_.to_move)
    ranking = ranked(view, SETTINGS, seed=11)
    bot = SearchBot(SETTINGS, seed=11)
    chosen = bot.choose_draw(view) if view.phase is Phase.DRAW else bot.choose_play(view)
    assert ranking[0][0] == chosen
    assert all(decision in view.legal_decisions for decision, _ in ranking)
    rest = [points for _, points in ranking[1:]]
    assert rest == sorted(rest, reverse=True)
    assert len({decision for decision, _ in ranking}) == len(ranking)
    assert ranked(view, SETTINGS, seed=11) == ranking  # the same view and seed: the same hint


def test_a_play_is_ranked_among_several_and_a_different_seed_may_only_move_the_estimates() -> None:
    view = player_view(Round(Rules(), 3), 0)
    ranking = ranked(view, SETTINGS, seed=1)
    assert len(ranking) >= 3  # every discard and each colour's lowest lay are weighed
    assert all(-200 < points < 200 for _, points in ranking)  # a round's score difference, in points


def test_in_the_final_laying_the_rules_choice_comes_first_and_the_stop_is_weighed() -> None:
    round_ = Round(Rules(players=3), 9)
    rng = random.Random(9)
    while round_.phase is not Phase.FINAL:
        advance(round_, 1, rng)
    view = player_view(round_, round_.to_move)
    assert view.phase is Phase.FINAL
    ranking = ranked(view, SETTINGS, seed=2)
    assert ranking[0][0] == SearchBot(SETTINGS, seed=2).choose_play(view)
    assert any(isinstance(decision, Stop) for decision, _ in ranking)


def test_no_ranking_for_a_seat_not_to_move() -> None:
    round_ = Round(Rules(), 3)
    assert ranked(player_view(round_, 1 - round_.to_move), SETTINGS, seed=1) == []
