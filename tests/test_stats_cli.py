"""``lost-cities stats``: results, scores, cards and ratings from a crafted history, in words and as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len

from lost_cities.engine import Rules
from lost_cities.i18n import _, set_language
from lost_cities.storage import MatchStore, SavedMatch, SaveStatus
from lost_cities.storage.stats import history_stats
from tests.conftest import Cli
from tests.storage.crafted_history import crafted_history
from tests.storage.matches import random_match


@pytest.fixture(autouse=True)
def plain_terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("COLUMNS", "80")
    for variable in ("FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(variable, raising=False)
    yield


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[SavedMatch]]:
    """The crafted history (:func:`~tests.storage.crafted_history.crafted_history`) and its folder."""
    folder = tmp_path_factory.mktemp("stats")
    return folder, crafted_history(folder)


def test_counts_by_opponent_scores_cards_and_hints(history: tuple[Path, list[SavedMatch]]) -> None:
    kept = history[1]
    stats = history_stats(kept)
    assert (stats.matches, stats.rounds, stats.abandoned) == (8, 8, 1)
    ana = next(player for player in stats.players if player.name == "Ana")
    easy = next(player for player in stats.players if player.computer == "easy")
    assert (ana.matches, ana.cooperative, ana.abandoned) == (8, 1, 1)  # "ana" is Ana; "Bot" and "Robot" are easy
    assert (ana.results.wins, ana.results.losses, ana.results.draws) == (5, 2, 0)
    by_opponent = {(opponent.name, opponent.computer): opponent.matches for opponent in ana.opponents}
    assert (by_opponent["easy", "easy"].wins, by_opponent["easy", "easy"].losses) == (4, 0)
    assert (by_opponent["Boris", None].wins, by_opponent["Boris", None].losses) == (2, 1)  # 1v1, three, teams
    assert ("Dan", None) in by_opponent and all(opponent.computer is None for opponent in easy.opponents)
    # the same figures, counted here from the cards on the table
    scores: list[int] = []
    opened = below = wagers = paid = 0
    for saved in kept[:8]:
        seat = next(seat for seat, name in enumerate(saved.names) if name.casefold() == "ana")
        side = saved.record.rules.side_of(seat)
        for round_ in saved.replay().played:
            scores.append(round_.side_totals()[side])
            for colour in saved.record.rules.colours:
                cards = round_.expedition(side, colour)
                if cards:
                    laid = sum(card.is_wager for card in cards)
                    score = (sum(card.value for card in cards) - 20) * (laid + 1) + (20 if len(cards) >= 8 else 0)
                    opened, below, wagers = opened + 1, below + (score < 0), wagers + laid
                    paid += laid if score > 0 else 0
    assert (ana.rounds, ana.mean_round, ana.best_round) == (8, sum(scores) / 8, max(scores))
    assert (ana.expeditions, ana.below_zero, ana.wagers, ana.wagers_paid) == (opened, below, wagers, paid)
    assert wagers > 0 and below > 0
    assert ana.hints == 3 and easy.hints == 0


def test_a_person_who_always_beats_easy_rates_above_it(history: tuple[Path, list[SavedMatch]]) -> None:
    only_easy = history_stats(history[1][:4])
    ana, easy = only_easy.players
    assert ana.name == "Ana" and easy.computer == "easy"
    assert ana.rating is not None and easy.rating is not None and ana.rating_sigma is not None
    assert ana.rating > 25 > easy.rating and ana.ordinal > easy.ordinal
    assert ana.rating_sigma < 25 / 3  # four matches: surer than a newcomer


def test_three_players_and_teams_are_rated_and_cooperation_is_not(history: tuple[Path, list[SavedMatch]]) -> None:
    kept = history[1]
    three, teams, cooperative = (history_stats([saved]) for saved in kept[5:8])
    cleo = next(player for player in three.players if player.name == "Cleo")  # she won it
    assert all(player.rating is not None for player in three.players) and three.players[0] is cleo
    ana, cleo, dan = (
        next(player for player in teams.players if player.name == name) for name in ("Ana", "Cleo", "Dan")
    )
    assert ana.rating == cleo.rating and ana.results.wins == cleo.results.wins == 1  # partners won together (R24a)
    assert dan.rating is not None and ana.rating is not None and dan.rating < ana.rating
    assert [player.rating for player in cooperative.players] == [None, None]


def test_json_has_the_totals_and_every_player(cli_in: Cli, history: tuple[Path, list[SavedMatch]]) -> None:
    result = cli_in(history[0], "stats", "--json")
    assert result.status == 0 and result.err == ""
    report = json.loads(result.out)
    assert list(report) == ["matches", "rounds", "players"] and (report["matches"], report["rounds"]) == (8, 8)
    keys = ["name", "computer", "matches", "wins", "losses", "draws", "mean_round", "best_round"]
    assert all(list(player) == [*keys, "rating", "rating_sigma"] for player in report["players"])
    easy = next(player for player in report["players"] if player["computer"] == "easy")
    assert (easy["name"], easy["matches"], easy["wins"], easy["losses"]) == ("easy", 4, 0, 4)
    assert report["players"][0]["name"] == "Ana" and report["players"][0]["rating"] > easy["rating"]


def test_the_blocks_show_every_player_at_any_width(
    cli_in: Cli, history: tuple[Path, list[SavedMatch]], monkeypatch: pytest.MonkeyPatch
) -> None:
    wide = cli_in(history[0], "stats").out
    assert "Computer (easy)" in wide and "Against      Computer (easy): 4 won, 0 lost, 0 drawn;" in wide
    assert "8 finished matches, 8 rounds, 1 abandoned" in wide and "Hints        3 taken" in wide
    computer = wide[wide.index("\nComputer (easy)") :]
    assert "Hints" not in computer.split("\n\n")[0]  # a computer takes none: no "0 taken" line
    for width in (30, 50):
        monkeypatch.setenv("COLUMNS", str(width))
        result = cli_in(history[0], "stats")
        assert all(cell_len(line) <= width for line in result.out.splitlines()), result.out
        assert sorted(result.out.split()) == sorted(wide.split())  # nothing cut, nothing lost


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_stats_speak_the_language(cli_in: Cli, history: tuple[Path, list[SavedMatch]], language: str) -> None:
    english = set(cli_in(history[0], "stats").out.split())
    result = cli_in(history[0], "--lang", language, "stats")
    assert result.status == 0
    names = {"Ana", "Boris", "Cleo", "Dan", "Ana:", "Boris:", "Cleo:", "Dan:", "±", "−26", "−28", "−30", "−56"}
    assert set(result.out.split()) & english <= names | {word for word in english if word[0].isdigit()}


def test_an_empty_history_says_so_in_one_line(cli_in: Cli, tmp_path: Path) -> None:
    result = cli_in(tmp_path / "none", "stats")
    assert result.status == 0 and result.err == ""
    assert result.out == f"No finished matches yet; they will be kept in {tmp_path / 'none'}.\n"
    assert json.loads(cli_in(tmp_path / "none", "stats", "--json").out) == {"matches": 0, "rounds": 0, "players": []}


def test_a_damaged_file_is_told_and_the_rest_counted(cli_in: Cli, tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.finish_current(SavedMatch.start(("Ana", "Boris"), random_match(5, 10_000, rounds=1)))
    broken = store.history_dir / "20200101-000000-dead.json"
    broken.write_text('{"format": 1, "id"')
    result = cli_in(tmp_path, "stats")
    assert result.status == 0 and "1 finished match, 1 round" in result.out
    assert result.err == f"lost-cities stats: {broken} could not be read: it is cut short or is not a JSON file.\n"
    refused = cli_in(tmp_path, "stats", "--jsn")
    assert refused.status == 2 and refused.err.count("\n") == 1 and refused.err.startswith("lost-cities stats: ")


def test_the_rating_after_each_match_ends_on_the_rating_json_gives(
    cli_in: Cli, history: tuple[Path, list[SavedMatch]]
) -> None:
    stats = history_stats(history[1])
    report = {player["name"]: player for player in json.loads(cli_in(history[0], "stats", "--json").out)["players"]}
    for player in stats.players:
        shown = report[player.name]
        if player.ratings:
            last = player.ratings[-1]
            assert (last.rating, last.sigma) == (shown["rating"], shown["rating_sigma"]), player.name
        else:
            assert shown["rating"] is None
    ana, easy = (next(p for p in stats.players if p.name == name) for name in ("Ana", "easy"))
    # numbered by the match among the finished ones: the cooperative eighth is not rated
    assert [point.match for point in ana.ratings] == [1, 2, 3, 4, 5, 6, 7]
    assert [point.match for point in easy.ratings] == [1, 2, 3, 4]
    # her round scores numbered through the history's rounds (one a match), the mean the one counted
    assert [point.round for point in ana.round_scores] == list(range(1, 9))
    assert sum(point.score for point in ana.round_scores) / 8 == ana.mean_round


def test_who_always_beats_easy_climbs_above_it_match_after_match(history: tuple[Path, list[SavedMatch]]) -> None:
    ana, easy = history_stats(history[1][:4]).players
    climbing, falling = [point.rating for point in ana.ratings], [point.rating for point in easy.ratings]
    assert climbing == sorted(climbing) and falling == sorted(falling, reverse=True) and len(set(climbing)) == 4
    assert climbing[0] > 25 > falling[0] and climbing[-1] == ana.rating and falling[-1] == easy.rating
    sigmas = [point.sigma for point in ana.ratings]
    assert sigmas == sorted(sigmas, reverse=True)  # surer after each match


def plot_titles(language: str) -> list[str]:
    set_language(language)
    try:
        return [_("Round scores"), _("Rating after each match")]
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_plot_draws_both_plots_within_80_columns_in_the_language(
    cli_in: Cli, history: tuple[Path, list[SavedMatch]], monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # wider than 80: the plots stay 80 wide
    result = cli_in(history[0], "--lang", language, "stats", "--plot")
    assert result.status == 0 and result.err == ""
    lines = result.out.splitlines()
    assert max(map(cell_len, lines)) == 80 and "\x1b" not in result.out  # not a terminal: no colours
    scores, ratings = plot_titles(language)
    assert language == "en" or (scores, ratings) != ("Round scores", "Rating after each match")
    assert [line.strip() for line in lines if line.strip() in (scores, ratings)] == [scores, ratings]
    assert sum(line.lstrip().startswith("┌") for line in lines) == 2  # two frames
    assert all(name in result.out for name in ("Ana", "Boris", "Cleo", "Dan"))  # the legend
    monkeypatch.setenv("COLUMNS", "60")
    narrow = cli_in(history[0], "stats", "--plot").out
    assert max(map(cell_len, narrow.splitlines())) == 60


def test_plot_of_an_empty_history_says_so_in_one_line_and_plot_is_not_json(cli_in: Cli, tmp_path: Path) -> None:
    result = cli_in(tmp_path / "none", "stats", "--plot")
    assert result.status == 0 and result.err == ""
    assert result.out == f"No finished matches yet; they will be kept in {tmp_path / 'none'}.\n"
    both = cli_in(tmp_path / "none", "stats", "--plot", "--json")
    assert both.status == 2 and both.err.startswith("lost-cities stats: ") and both.err.count("\n") == 1


def test_plot_of_a_history_with_no_rated_match_says_so_for_the_ratings(cli_in: Cli, tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.finish_current(
        SavedMatch.start(("Ana", "Boris"), random_match(3, 10_000, rules=Rules(cooperative=True), rounds=1))
    )
    result = cli_in(tmp_path, "stats", "--plot")
    assert result.status == 0 and "Round scores" in result.out
    assert result.out.endswith("\nNo rated match yet: no rating to plot.\n")


def plot_marks(plot: str) -> list[str]:
    """The rows inside a plot's frame that show a point, the legend's rows left out."""
    inside = [line.split("│")[1] for line in plot.splitlines() if line.count("│") == 2 and "▞▞ " not in line]
    return [line for line in inside if any(mark in line for mark in "▖▗▘▝▚▞▌▐▀▄█▙▛▜▟•")]


def test_the_legend_hides_no_point_of_a_single_round(cli_in: Cli, tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.finish_current(SavedMatch.start(("Ana", "Boris"), random_match(5, 10_000, rounds=1)))
    scores = {player.round_scores[0].score for player in history_stats(store.list_history().matches).players}
    assert len(scores) == 2 and max(scores) > 0  # two rows, the best at the top left
    round_scores = cli_in(tmp_path, "stats", "--plot").out.split("Rating after each match")[0]
    assert len(plot_marks(round_scores)) == 2  # Ana's and Boris's, at the left edge


def test_an_abandoned_matchs_finished_rounds_count_as_rounds_but_it_has_no_result(private_data_dir: Path) -> None:
    # found by a newcomer: a round played to its end against the computer vanished from the statistics once the
    # match was given up ("1 abandoned", no round, no expedition)
    store = MatchStore(private_data_dir)
    first_round = len(random_match(9, 10_000, rounds=3).record().played[0].turns)
    match = random_match(9, first_round + 10, rounds=3)  # one round finished, the second under way
    started = SavedMatch.start(("Ana", "Boris"), match)
    store.save_current(started.with_match(match, hints=[(1, 0), (2, 0)]))  # a hint in round 1, two in round 2
    abandoned = store.abandon_current()
    assert abandoned is not None and len(abandoned.round_scores) == 1
    stats = history_stats([abandoned])
    assert (stats.matches, stats.rounds, stats.abandoned) == (0, 1, 1)
    ana = next(player for player in stats.players if player.name == "Ana")
    assert ana.matches == 0 and ana.abandoned == 1 and ana.rating is None  # a match given up is no result
    assert ana.rounds == 1 and ana.expeditions > 0
    assert ana.best_round == abandoned.round_scores[0][0]
    assert ana.hints == 1  # those of the finished round: the round under way counts for nothing
    assert ana.opponents == ()  # nor against Boris: listed, he would show no match at all


def test_a_default_name_kept_in_two_languages_is_one_player() -> None:
    # a name left blank in a French match ("Joueur 1") and in an English one ("Player 1"): the same nobody
    french = SavedMatch.start(("Joueur 1", "Ordinateur"), random_match(5, 10_000, rounds=1), computers=(None, "easy"))
    english = SavedMatch.start(("Player 1", "Computer"), random_match(6, 10_000, rounds=1), computers=(None, "easy"))
    stats = history_stats([saved.with_status(SaveStatus.FINISHED) for saved in (french, english)])
    assert sorted((player.name, player.matches) for player in stats.players) == [("Player 1", 2), ("easy", 2)]


def test_a_match_won_on_time_counts_for_its_claimant_though_the_other_led() -> None:
    # found by a newcomer: a match Boris won on time (Ana ahead, her time run out) was filed and counted abandoned
    from lost_cities.net.protocol import Record

    first_round = len(random_match(1, 10_000, rounds=3).record().played[0].turns)
    match = random_match(1, first_round + 4, rounds=3)
    assert match.totals[0] > match.totals[1]  # Ana leads after a round
    frame = Record(match.record(), ("Ana", "Boris"), (None, None), claimed_by=1, out_of_time=0)
    stats = history_stats([SavedMatch.online_game(frame)])
    boris, ana = stats.players  # best rated first
    assert (boris.name, ana.name, stats.matches, stats.abandoned) == ("Boris", "Ana", 1, 0)
    assert (boris.results.wins, ana.results.losses) == (1, 1) and boris.rating > ana.rating  # type: ignore[operator]
    assert ana.opponents[0].matches.losses == 1 and ana.rounds == 1  # the round played counts as it was
