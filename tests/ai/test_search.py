"""The hard level's search: reproducible with a seed, cautious with its evidence, no stalling, the team's score."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.ai.knowledge import Knowledge, knowledge
from lost_cities.ai.search import SearchBot, SearchSettings, _draw_candidates, _Stats
from lost_cities.ai.view_codes import table_of
from lost_cities.engine import DRAW_PILE, Card, Colour, Round, RoundRecord, Rules, player_view
from tests.ai.test_heuristic import position
from tests.helpers import rigged


def play_round(bots: tuple[object, object], seed: int, rules: Rules | None = None) -> Round:
    round_ = Round(rules or Rules(), seed, starter=0)
    while not round_.over:
        seat = round_.to_move
        bot = bots[seat]
        round_.play(bot.choose_play(player_view(round_, seat)))  # type: ignore[attr-defined]
        round_.draw(bot.choose_draw(player_view(round_, seat)))  # type: ignore[attr-defined]
    return round_


def test_with_a_fixed_number_of_samples_and_a_seed_the_search_is_reproducible() -> None:
    settings = SearchSettings(samples=4)
    first = play_round((SearchBot(settings, seed=1), HeuristicBot()), seed=8)
    again = play_round((SearchBot(settings, seed=1), HeuristicBot()), seed=8)
    assert RoundRecord.of(first) == RoundRecord.of(again)


def test_with_a_budget_of_rollouts_the_search_is_reproducible_and_keeps_to_it_every_turn() -> None:
    # the measurements' mode: the same work on a busy machine as on a quiet one, the play and the draw sharing it
    settings = SearchSettings(rollouts=60)
    bot = SearchBot(settings, seed=3)
    round_ = Round(Rules(), 8, starter=0)
    for _ in range(6):
        seat = round_.to_move
        before = bot.rollouts
        round_.play(bot.choose_play(player_view(round_, seat)))
        assert bot.rollouts - before <= round(60 * settings.play_share)
        round_.draw(bot.choose_draw(player_view(round_, seat)))
        assert bot.rollouts - before <= 60
        round_.turn(str(HeuristicBot().choose_play(player_view(round_, 1))) + " n")
    assert bot.rollouts > 0
    first = play_round((SearchBot(settings, seed=1), HeuristicBot()), seed=9)
    again = play_round((SearchBot(settings, seed=1), HeuristicBot()), seed=9)
    assert RoundRecord.of(first) == RoundRecord.of(again)


def test_stop_ends_the_search_at_once_with_the_rules_of_thumbs_choice() -> None:
    # the app stops a computer whose answer nobody waits for any more (quitting never waits for it)
    round_ = Round(seed=8)
    view = player_view(round_, 0)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    bot = SearchBot(SearchSettings(think=30.0), seed=1, stop=stop)
    started = time.perf_counter()
    play = bot.choose_play(view)
    assert time.perf_counter() - started < 5 and len(asked) == 4  # asked between rollouts, not after 30 s
    assert play in view.legal_plays


def stats(results: dict[int, list[float]]) -> _Stats:
    table = _Stats(list(results))
    for sample in zip(*results.values(), strict=True):
        table.add(list(results), sample, [round(value) for value in sample])
    return table


def test_the_default_is_left_only_on_clear_evidence() -> None:
    bot = SearchBot(SearchSettings(samples=10))
    default, other = 10, 20
    noisy = stats({default: [0.0, 5.0, -5.0, 10.0, 0.0], other: [3.0, 4.0, -6.0, 12.0, 1.0]})  # +1 on average, noisy
    assert bot._decide(noisy, [default, other], default) == default
    clear = stats({default: [0.0, 5.0, -5.0, 10.0, 0.0], other: [4.0, 9.0, -1.0, 14.0, 4.0]})  # +4 every time
    assert bot._decide(clear, [default, other], default) == other


def test_a_candidate_clearly_worse_than_the_leader_is_dropped() -> None:
    bot = SearchBot(SearchSettings(samples=10))
    a, b, c = 1, 2, 3
    table = stats({a: [1.0, 2.0, 3.0, 4.0], b: [-9.0, -8.0, -7.0, -6.0], c: [1.5, 1.0, 3.5, 4.0]})
    assert bot._drop(table, [a, b, c], a) == [a, c]


@given(st.lists(st.tuples(st.floats(-40, 40), st.floats(-40, 40), st.floats(-40, 40)), min_size=2, max_size=60))
def test_the_running_sums_give_each_pairs_mean_and_standard_error(samples: list[tuple[float, float, float]]) -> None:
    a, b, c = 7, 3, 5
    table = stats({a: [s[0] for s in samples], b: [s[1] for s in samples], c: [s[2] for s in samples]})
    for first, second, one, two in ((a, b, 0, 1), (b, a, 1, 0), (c, a, 2, 0), (b, c, 1, 2)):
        diffs = [sample[one] - sample[two] for sample in samples]
        mean, se = table.paired(first, second)
        assert math.isclose(mean, statistics.fmean(diffs), abs_tol=1e-9)
        assert math.isclose(se, statistics.stdev(diffs) / math.sqrt(len(diffs)), rel_tol=1e-6, abs_tol=1e-6)
    assert math.isclose(table.mean(c), statistics.fmean(s[2] for s in samples), abs_tol=1e-9)


def test_no_stalling_draw_is_searched() -> None:
    # a discard pile is drawn from only for a card the seat could lay, never for one it discarded itself
    round_ = rigged(
        "r9 y2 b3 w4 g5 yw bw gw",
        "y5 y6 b6 b7 w8 w9 g2 g3",
        "y3 y4 y7 y8 y9 y10 r2 r3",
        mine={Colour.RED: "r4", Colour.BLUE: "b5"},
        discards={Colour.GREEN: "g8", Colour.BLUE: "b2"},
    )
    round_.turn("-r9 n")  # seat 0 gives up its red 9...
    round_.turn("-w9 n")
    round_.play("-y2")  # ... and a turn later could take it back
    view = player_view(round_, 0)
    legal = [draw.code for draw in view.legal_decisions]
    assert legal == [DRAW_PILE, Colour.BLUE, Colour.WHITE, Colour.GREEN, Colour.RED]
    # a position from notation has no history: what it remembers is given (test_knowledge checks the memory)
    know = replace(knowledge(view), discarded=frozenset({Card.parse("r9").code}))
    candidates = _draw_candidates(legal, DRAW_PILE, table_of(view), know)
    assert Colour.RED not in candidates  # its own discard: taking it back only stalls
    assert Colour.BLUE not in candidates  # blue 2 cannot go on its blue 5
    assert Colour.GREEN in candidates and Colour.WHITE in candidates  # colours it could still open
    assert DRAW_PILE in candidates


def test_in_cooperative_play_a_card_the_partner_can_lay_is_a_good_discard() -> None:
    # R22: the rules of thumb (the search's rollouts and its default) give the partner what it can use
    hand = "y9 b9 w2 w3 g2 g3 rw bw"
    selfish = play_heuristic(position(hand, theirs={Colour.WHITE: "w5"}, rules=Rules()))
    team = play_heuristic(position(hand, theirs={Colour.GREEN: "gw"}, rules=Rules(cooperative=True)))
    assert selfish in ("-w2", "-w3")
    assert team in ("-g2", "-g3")


def play_heuristic(round_: Round) -> str:
    return str(HeuristicBot().choose_play(player_view(round_, 0)))


def test_a_larger_budget_weighs_the_same_samples_first() -> None:
    # what `benchmarks/bench_hard.py compare --paired` rests on: from the same seed, the search at four times
    # the budget draws the same deals first, so it chooses as the smaller one whenever that one made up its
    # mind in time, and the two budgets are compared on the decisions the extra time changes
    view = player_view(Round(Rules(), 8, starter=0), 0)
    drawn: dict[int, list[tuple[tuple[int, ...], ...]]] = {}
    for rollouts in (150, 600):
        bot = SearchBot(SearchSettings(rollouts=rollouts), seed=5)
        sample, seen = bot._sample, drawn.setdefault(rollouts, [])

        def logged(know: Knowledge, sample: Callable[[Knowledge], Round] = sample, seen: list = seen) -> Round:
            dealt = sample(know)
            seen.append((*map(tuple, dealt.hands), tuple(dealt.deck)))
            return dealt

        bot._sample = logged  # type: ignore[method-assign]
        bot.choose_play(view)
    assert len(drawn[600]) > len(drawn[150]) >= 8  # the small budget ran out before the search was sure
    assert drawn[600][: len(drawn[150])] == drawn[150]
