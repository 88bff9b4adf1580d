"""The analysis as the replay writes it under a move: what a decision lost, and the best choice when it is better."""

from __future__ import annotations

from lost_cities.ai.analysis import DecisionAnalysis
from lost_cities.engine import Play
from lost_cities.tui.replay.marks import MISTAKE_MARK, decision_mark


def weighed(loss: float) -> DecisionAnalysis:
    return DecisionAnalysis(1, 3, 0, Play.parse("-g6"), Play.parse("-w2"), 10.0 - loss, 10.0, loss)


def test_a_choice_that_lost_what_shows_as_nothing_names_no_better_one() -> None:
    # "lost 0.0, best: discard white 2" told a newcomer that another choice was better when it was not
    assert decision_mark(weighed(0.04)).plain == "discard green 6: as good as the best"


def test_a_choice_that_lost_something_names_the_best_and_a_mistake_is_marked() -> None:
    assert decision_mark(weighed(0.3)).plain == "discard green 6: lost 0.3, best: discard white 2"
    assert decision_mark(weighed(7.5)).plain == f"{MISTAKE_MARK} discard green 6: lost 7.5, best: discard white 2"
