"""The arena's figures on small seeded runs, checked against the rounds played by hand; the command line."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from lost_cities.ai.arena import ArenaError, ArenaSettings, Timing, play_deals, play_round, report, wilson
from lost_cities.ai.basic import EasyBot
from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.engine import Round, Rules, player_view, round_seed
from tests.conftest import Cli


def by_hand(settings: ArenaSettings) -> list[tuple[int, int]]:
    """(A − B, plies) of every round, A the heuristic and B easy, both deterministic: deal i from
    round_seed(seed, i) with seat i % 2 starting, A in seat 0 and then in seat 1."""
    out = []
    for deal in range(settings.deals):
        for a_seat in (0, 1):
            round_ = Round(settings.rules, round_seed(settings.seed, deal), deal % 2)
            bots = (HeuristicBot(), EasyBot()) if a_seat == 0 else (EasyBot(), HeuristicBot())
            plies = 0
            while not round_.over:
                seat = round_.to_move
                round_.play(bots[seat].choose_play(player_view(round_, seat)))
                round_.draw(bots[seat].choose_draw(player_view(round_, seat)))
                plies += 2
            totals = round_.side_totals()
            out.append((totals[a_seat] - totals[1 - a_seat], plies))
    return out


@pytest.mark.parametrize("variant", [{}, {"long": True, "hand_penalty": True}])
def test_the_figures_are_those_of_the_rounds_played(variant: dict[str, bool]) -> None:
    settings = ArenaSettings("heuristic", "easy", deals=4, seed=9, **variant)
    figures = report(settings, list(play_deals(settings)))
    rounds = by_hand(settings)
    diffs = [diff for diff, _ in rounds]
    assert figures.rounds == 8 and figures.deals == 4
    assert figures.wins == (sum(d > 0 for d in diffs), sum(d < 0 for d in diffs))
    assert figures.draws == sum(d == 0 for d in diffs)
    assert figures.win_rate == figures.wins[0] / 8
    assert figures.win_rate_ci95 == wilson(figures.wins[0], 8)
    assert figures.mean_diff == pytest.approx(sum(diffs) / 8)
    pairs = [(diffs[2 * i] + diffs[2 * i + 1]) / 2 for i in range(4)]
    mean = sum(pairs) / 4
    assert figures.mean_diff_se == pytest.approx(math.sqrt(sum((p - mean) ** 2 for p in pairs) / 3 / 4))
    assert figures.plies_per_round == pytest.approx(sum(plies for _, plies in rounds) / 8)
    assert figures.capped_rounds == 0
    assert figures.seconds_per_turn[0].max >= figures.seconds_per_turn[0].p95 >= 0
    timed = [len(r.seconds[0]) + len(r.seconds[1]) for deal in play_deals(settings) for r in deal.rounds]
    assert timed == [plies // 2 for _, plies in rounds]  # a turn (a play and its draw) is two plies


def test_several_processes_give_the_same_figures() -> None:
    settings = ArenaSettings("normal", "random", deals=3, seed=4)
    alone = report(settings, sorted(play_deals(settings), key=lambda deal: deal.deal))
    shared = report(settings, sorted(play_deals(settings, jobs=2), key=lambda deal: deal.deal))
    assert alone.to_dict() | {"seconds_per_turn": None} == shared.to_dict() | {"seconds_per_turn": None}


def test_the_win_rate_interval_and_the_timing_summary() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    timing = Timing.of([0.1] * 95 + [0.5] * 5)
    assert (timing.p95, timing.max) == (0.1, 0.5)
    assert timing.mean == pytest.approx(0.12)


def test_a_bot_that_breaks_the_rules_stops_the_arena_with_one_sentence() -> None:
    with pytest.raises(ArenaError) as caught:
        list(play_deals(ArenaSettings("tests.ai.factories:cheater", "random", deals=1)))
    assert str(caught.value).startswith("tests.ai.factories:cheater: ")
    assert "R6" in str(caught.value)


def test_a_bot_that_answers_no_decision_stops_the_arena_saying_what_a_decision_is() -> None:
    # never taken for anything (Round.decide once took whatever was not a play or a draw for a stop)
    with pytest.raises(ArenaError) as caught:
        list(play_deals(ArenaSettings("tests.ai.factories:shrugger", "random", deals=1)))
    assert str(caught.value) == (
        "tests.ai.factories:shrugger: None: a decision is a Play, a Draw, STOP or their notation, not None"
    )


def test_the_command_prints_every_figure_as_json(cli: Cli) -> None:
    result = cli("arena", "heuristic", "easy", "--deals", "2", "--seed", "3", "--json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    for key in (
        "rounds",
        "wins",
        "draws",
        "win_rate",
        "win_rate_ci95",
        "mean_diff",
        "mean_diff_se",
        "plies_per_round",
        "capped_rounds",
        "seconds_per_turn",
    ):
        assert key in data, key
    assert data["rounds"] == 4 and len(data["wins"]) == 2 and len(data["seconds_per_turn"]) == 2
    assert set(data["seconds_per_turn"][0]) == {"mean", "p95", "max"}
    settings = ArenaSettings("heuristic", "easy", deals=2, seed=3)
    assert data["mean_diff"] == pytest.approx(report(settings, list(play_deals(settings))).mean_diff)


def test_the_command_speaks_the_players_language(cli: Cli) -> None:
    english = cli("arena", "heuristic", "easy", "--deals", "2").out
    french = cli("arena", "heuristic", "easy", "--deals", "2", "--lang", "fr").out
    assert "Win rate of heuristic" in english and "." in english.splitlines()[2]
    assert "heuristic" in french and "Win rate" not in french
    rate = french.splitlines()[2]
    assert "," in rate and "." not in rate.split("(")[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("strongest", "easy"), "unknown bot 'strongest'"),
        (("easy", "no.such:bot"), "cannot import the module 'no.such'"),
        (("easy", "random", "--deals", "0"), "out of range"),
        (("easy", "random", "--deals", "１０"), "not a whole number"),
        (("easy", "random", "--deals", "-5"), "argument --deals: -5 is out of range: give a number from 1 to"),
        (("easy", "random", "--think", "-1"), "argument --think: -1 is out of range: give a number from"),
        (("easy", "random", "--think", "1e9"), "not a number of seconds"),
        (("easy", "random", "--think", "3600"), "out of range"),
        (("easy", "random", "--think", "nan"), "not a number of seconds"),
        (("easy", "random", "--jobs", "1000"), "out of range"),
        (("easy",), "the following arguments are required: B"),  # B only: the third and fourth bots may be left out
        (("tests.ai.factories:cheater", "easy", "--deals", "1"), "tests.ai.factories:cheater"),
    ],
)
def test_bad_arguments_exit_2_with_one_clear_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli("arena", *args)  # in this process: a traceback would fail the test rather than be printed
    assert result.status == 2
    assert message in result.err and "Traceback" not in result.err
    assert result.err.strip().splitlines()[-1].startswith("lost-cities arena: ")


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("sys:exit", "the factory failed: SystemExit"),
        ("tests.ai.factories:exits", "the factory failed: SystemExit: 3"),
        ("tests.ai.factories:aborts", "the factory failed: Abort: no bot today"),
        ("tests.ai.factories:broken", "the factory failed: RuntimeError: out of coffee"),
        ("exits_on_import:bot", "cannot import the module 'exits_on_import' (SystemExit: 1)"),
        ("fails_on_import:bot", "cannot import the module 'fails_on_import' (RuntimeError: broken"),
    ],
)
def test_a_factory_or_module_that_exits_is_refused_like_one_that_fails(
    cli: Cli, name: str, sentence: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `lost-cities arena sys:exit random` used to end silently with status 0.  The modules that end the
    # program or fail as they are imported are written here, out of the suite's own (doctest) collection.
    (tmp_path / "exits_on_import.py").write_text("import sys\n\nsys.exit(1)\n")
    (tmp_path / "fails_on_import.py").write_text('raise RuntimeError("broken on purpose")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    result = cli("arena", name, "random", "--deals", "1")
    assert result.status == 2 and result.out == ""
    assert result.err.startswith(f"lost-cities arena: {name}: {sentence}") and result.err.count("\n") == 1


def test_ctrl_c_while_a_factory_runs_stops_as_ctrl_c_does(cli: Cli) -> None:
    # a KeyboardInterrupt cannot be told from the person's Ctrl+C: it stops the command, status 130
    result = cli("arena", "tests.ai.factories:interrupted", "random", "--deals", "1")
    assert result.status == 130 and result.out == "" and result.err == ""


@pytest.mark.parametrize("others", [("random",), ("random", "random")])
def test_ctrl_c_halfway_keeps_the_deals_played_and_says_how_many(
    cli: Cli, others: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.ai.factories import Tired

    monkeypatch.setattr(Tired, "after", 10**9)
    monkeypatch.setattr(Tired, "plays", 0)
    assert cli("arena", "tests.ai.factories:tired", *others, "--deals", "1").status == 0
    monkeypatch.setattr(Tired, "after", Tired.plays + 1)  # the first deal (every seat of it) played, not the second
    monkeypatch.setattr(Tired, "plays", 0)
    result = cli("arena", "tests.ai.factories:tired", *others, "--deals", "3", "--json")
    assert result.status == 130
    assert result.err == "Stopped after 1 deal of 3.\n"
    assert json.loads(result.out)["deals"] == 1


@pytest.mark.parametrize("players", [3, 4])
def test_a_round_of_three_or_four_ends_with_the_final_laying(players: int) -> None:
    # the arena measures two players; its round loop follows the engine's final laying too (R23c)
    rules = Rules(players=players)
    result = play_round(rules, 5, 0, [HeuristicBot() for _ in range(players)], ["heuristic"] * players)
    assert not result.capped


def _on_a_terminal(*argv: str) -> tuple[str, int]:
    """What ``lost-cities --lang en ARGV`` writes to its standard error when that is a terminal (the progress
    bar is drawn there), and its exit status."""
    import os
    import pty

    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "lost_cities", "--lang", "en", *argv],
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        seen += chunk
    process.communicate(timeout=60)
    os.close(master)
    return seen.decode(), process.returncode


def test_on_a_terminal_the_progress_bar_shows_at_once_before_the_first_deal_is_done() -> None:
    seen, status = _on_a_terminal("arena", "random", "random", "--deals", "2")
    first = seen.split("\r")[1]
    assert first.startswith("[----------] 0/4 rounds · random against random"), seen
    assert status == 0


@pytest.mark.parametrize("others", [("random",), ("random", "random")])
def test_on_a_terminal_a_bot_breaking_the_rules_is_said_on_a_line_of_its_own(others: tuple[str, ...]) -> None:
    seen, status = _on_a_terminal("arena", "tests.ai.factories:cheater", *others, "--deals", "2")
    assert status == 2
    last = seen.rstrip("\r\n").split("\r")[-1].strip("\n")  # the bar cleared first: the sentence alone
    assert last.startswith("lost-cities arena: ") and "rounds" not in last, seen


@pytest.mark.parametrize("bots", [("easy", "normal", "heuristic"), ("easy", "normal", "heuristic", "random")])
def test_three_and_four_bots_each_play_every_seat_of_the_same_deals(bots: tuple[str, ...]) -> None:
    from lost_cities.ai.arena import TableSettings, play_table_deal, table_report

    settings = TableSettings(bots, deals=3, seed=5)
    deals = [play_table_deal(settings, deal) for deal in range(settings.deals)]
    players = len(bots)
    for deal in deals:
        assert len(deal.rounds) == players  # one round per rotation of the seats
        for bot in range(players):  # every bot sat in every seat of this deal, once
            assert sorted(result.seats[bot] for result in deal.rounds) == list(range(players))
        if players == 4:  # R24: the first and third bots are partners in every rotation
            assert all(result.seats[0] % 2 == result.seats[2] % 2 for result in deal.rounds)
            assert all(result.points[0] == result.points[2] for result in deal.rounds)
    again = [play_table_deal(settings, deal) for deal in range(settings.deals)]
    played = [[(r.seats, r.points, r.plies) for r in deal.rounds] for deal in deals]
    assert [[(r.seats, r.points, r.plies) for r in deal.rounds] for deal in again] == played  # seeded (not the clock)
    figures = table_report(settings, deals)
    assert figures.rounds == 3 * players
    for index, bot in enumerate(figures.bots):
        points = [result.points[index] for deal in deals for result in deal.rounds]
        assert bot.mean_points == pytest.approx(sum(points) / len(points))
        assert 1 <= bot.mean_place <= (2 if players == 4 else players)
    sides = 2 if players == 4 else players
    winners_per_round = [
        sum(1 for index in range(players) if result.places[index] == 1) for deal in deals for result in deal.rounds
    ]
    # a round is won by one side alone (its one or two bots), or by nobody when the best scores tie
    assert sum(bot.wins for bot in figures.bots) == sum(
        count for count in winners_per_round if count == players // sides
    )


def test_the_same_deal_is_dealt_whatever_the_rotation() -> None:
    from lost_cities.ai.arena import TableSettings, play_table_deal

    # the same cards every rotation: with three copies of one deterministic bot, every rotation plays the
    # same round, so each seat's points come out the same in each
    deal = play_table_deal(TableSettings(("heuristic",) * 3, deals=1, seed=9), 0)
    by_seat = {tuple(sorted(zip(result.seats, result.points, strict=True))) for result in deal.rounds}
    assert len(by_seat) == 1


def test_the_command_takes_three_or_four_bots_and_reports_each_and_refuses_five(cli: Cli) -> None:
    three = cli("arena", "easy", "normal", "heuristic", "--deals", "2")
    assert three.status == 0, three.err
    assert three.out.startswith("easy, normal, heuristic: 6 rounds (2 deals, each played from every seat)")
    assert all(f"Seconds per turn, {bot}:" in three.out for bot in ("easy", "normal", "heuristic"))
    four = cli("arena", "easy", "normal", "heuristic", "random", "--deals", "1", "--json")
    figures = json.loads(four.out)
    assert figures["rounds"] == 4 and [bot["name"] for bot in figures["bots"]] == [
        "easy",
        "normal",
        "heuristic",
        "random",
    ]
    assert figures["bots"][0]["mean_points"] == figures["bots"][2]["mean_points"]  # partners share a side (R24)
    five = cli("arena", "easy", "normal", "heuristic", "random", "hard")
    assert five.status == 2 and five.err == "lost-cities arena: 5 bots: the arena seats two, three or four\n"
    unknown = cli("arena", "easy", "normal", "genius")
    assert unknown.status == 2 and "unknown bot 'genius'" in unknown.err
