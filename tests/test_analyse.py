"""``lost-cities analyse``: every decision of a past match weighed from its player's view, mistakes marked."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from lost_cities.ai import make_bot
from lost_cities.ai.analysis import METHOD, MISTAKE, MatchAnalysis, accuracy, analyse, positions
from lost_cities.ai.search import SearchSettings
from lost_cities.cli.analyse import _Bar
from lost_cities.engine import Match, Phase, Play, player_view
from lost_cities.storage import DamagedSaveError, MatchStore, SavedMatch
from lost_cities.storage.analyses import KeptAnalyses
from lost_cities.storage.saved import MAX_SAVE_BYTES
from tests.conftest import Cli, CliResult
from tests.storage.matches import random_match

#: Few sampled deals a decision: fast, and as deterministic as many.
FAST = SearchSettings(samples=8)


def blundered_match(seed: int = 0) -> tuple[Match, Play]:
    """A one-round match of two heuristic players in which seat 0, with at most three cards left to draw,
    discards a 7 or higher that its own expedition could still have taken (its last chance to score it):
    the match and the discard."""
    for match_seed in range(seed, seed + 200):
        match = Match(rounds=1, seed=match_seed)
        round_ = match.current
        bots = [make_bot("heuristic"), make_bot("heuristic")]
        blunder: Play | None = None
        while not round_.over:
            seat = round_.to_move
            view = player_view(round_, seat)
            if round_.phase is Phase.DRAW:
                round_.decide(bots[seat].choose_draw(view))
                continue
            if seat == 0 and blunder is None and round_.draw_pile_size <= 3:
                for decision in round_.legal_decisions():
                    if isinstance(decision, Play) and not decision.discard and decision.card.value >= 7:
                        laid = round_.expedition(0, decision.card.colour)
                        if laid and laid[-1].value != 1 and laid[-1].value < decision.card.value:
                            blunder = Play(decision.card, discard=True)
                            break
                if blunder is not None:
                    round_.decide(blunder)
                    continue
            round_.decide(bots[seat].choose_play(view))
        if blunder is not None:
            return match, blunder
    raise AssertionError("no deal gives the blunder")


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
def test_the_analysis_is_deterministic_for_a_seed() -> None:
    record = random_match(3, 10_000, rounds=1).record()
    quick = SearchSettings(samples=1)  # what is compared is the same numbers, not good ones
    first, second = analyse(record, quick, seed=7), analyse(record, quick, seed=7)
    assert first == second
    assert len(first.decisions) == len(positions(record)) > 40
    other = analyse(record, quick, seed=8)
    assert [d.loss for d in other.decisions] != [d.loss for d in first.decisions]  # the seed is used
    assert analyse(record, quick, seed=7, jobs=2) == first  # each decision on its own seed, wherever it runs


def test_a_planted_blunder_is_a_mistake(search_once: None) -> None:
    # as the command's --think 0.01 weighs it (FAST), each decision searched once in this process with the others
    match, blunder = blundered_match()
    analysis = analyse(match.record(), FAST, seed=0)
    found = [d for d in analysis.decisions if d.seat == 0 and d.played == blunder]
    assert len(found) == 1
    weighed = found[0]
    assert weighed.mistake and weighed.loss >= MISTAKE
    assert isinstance(weighed.best, Play) and not weighed.best.discard
    assert weighed.best_estimate - weighed.played_estimate == pytest.approx(weighed.loss)
    summary = analysis.players[0].match
    assert summary.mistakes >= 1 and summary.decisions == sum(d.seat == 0 for d in analysis.decisions)
    assert summary.accuracy == pytest.approx(accuracy(summary.mean_loss)) and 0 < summary.accuracy < 100


def test_accuracy_falls_as_the_loss_grows() -> None:
    values = [accuracy(loss) for loss in (0.0, 0.5, 1.0, 5.0, 20.0, 1000.0)]
    assert values == sorted(values, reverse=True) and values[0] == 100 and values[3] == 50 and values[-1] > 0


def test_forced_decisions_are_not_analysed() -> None:
    record = random_match(3, 10_000, rounds=1).record()
    replayed = record.replay().current
    assert len(positions(record)) < sum(len(text.split()) for text in record.played[0].turns)
    assert replayed.over


# ------------------------------------------------------------------ the command


@pytest.fixture
def finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, search_once: None) -> tuple[str, Path]:
    """The planted blunder as a finished match of the history (its id) and as an exported file (each of its
    decisions searched once in the test process: :func:`tests.conftest.search_once`)."""
    monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "200")
    match, _blunder = blundered_match()
    store = MatchStore()
    saved = store.finish_current(SavedMatch.start(("Ana", "Boris"), match).with_match(match))
    path = tmp_path / "match.json"
    path.write_text(saved.to_json(), encoding="utf-8")
    return saved.id, path


def analysed(cli: Cli, *args: str) -> CliResult:
    return cli("analyse", *args, "--think", "0.01")


def test_json_has_exactly_the_promised_shape(cli: Cli, finished: tuple[str, Path]) -> None:
    match_id, path = finished
    result = analysed(cli, match_id, "--json", "--seed", "3")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert set(data) == {"players", "decisions"}
    assert [player["name"] for player in data["players"]] == ["Ana", "Boris"]
    for player in data["players"]:
        assert set(player) == {"name", "decisions", "mean_loss", "mistakes", "accuracy"}
        assert 0 <= player["accuracy"] <= 100 and player["mean_loss"] >= 0
    for decision in data["decisions"]:
        assert set(decision) == {"round", "turn", "seat", "played", "best", "loss"}
    assert sum(player["decisions"] for player in data["players"]) == len(data["decisions"])
    mistakes = [d for d in data["decisions"] if d["loss"] >= MISTAKE]
    assert data["players"][0]["mistakes"] == sum(d["seat"] == 0 for d in mistakes)
    # the same analysis from the exported file, and again: deterministic for the seed
    assert analysed(cli, str(path), "--json", "--seed", "3").out == result.out


def test_words_name_the_mistake_as_the_board_does(cli: Cli, finished: tuple[str, Path]) -> None:
    _match, blunder = blundered_match()
    result = analysed(cli, str(finished[1]))
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("Ana: ") and "accuracy" in lines[0] and lines[1].startswith("  round 1: ")
    card = blunder.card
    colour = {"r": "red", "g": "green", "b": "blue", "w": "white", "y": "yellow"}[card.colour.letter]
    said = [line for line in lines if f"Ana discarded {colour} {card.value}; best was lay " in line]
    assert len(said) == 1 and said[0].startswith("round 1, turn ") and said[0].endswith(" points)")
    french = cli("--lang", "fr", "analyse", str(finished[1]), "--think", "0.01")
    assert french.status == 0 and "Ana discarded" not in french.out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["nope"], "nope"),
        (["{file}", "--jobs", "0"], "--jobs"),
        (["{file}", "--think", "soon"], "--think"),
        (["{file}", "--seed", "-1"], "--seed"),
        (["{missing}"], "missing.json"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    cli: Cli, finished: tuple[str, Path], tmp_path: Path, args: list[str], said: str
) -> None:
    filled = [arg.format(file=finished[1], missing=tmp_path / "missing.json") for arg in args]
    result = cli("analyse", *filled)
    assert result.status == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and said in result.err


def test_a_damaged_file_or_a_match_in_play_is_refused(cli: Cli, finished: tuple[str, Path], tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.json"
    damaged.write_text(finished[1].read_text(encoding="utf-8")[:-40], encoding="utf-8")
    result = cli("analyse", str(damaged))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1 and "damaged.json" in result.err
    playing = tmp_path / "playing.json"
    playing.write_text(SavedMatch.start(("Ana", "Boris"), random_match(2, 20)).to_json(), encoding="utf-8")
    result = cli("analyse", str(playing))
    assert result.status == 2 and "still being played" in result.err


def test_the_progress_bar_counts_decisions_and_clears_its_line() -> None:
    stream = io.StringIO()
    bar = _Bar(40, stream)
    bar.show(40)
    bar.clear()
    text = stream.getvalue()
    assert "0/40" in text and "[##########] 40/40 decisions" in text and text.endswith("\r")


# ------------------------------------------------------------------ kept with the match


def kept_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "data" / "history").glob("*.analysis-*.json"))


def test_the_analysis_is_kept_with_the_match_and_a_second_look_reuses_it(
    cli: Cli, finished: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, path = finished
    first = analysed(cli, match_id, "--json")
    assert first.status == 0 and "kept" not in first.err
    [kept] = kept_files(tmp_path)
    assert kept.name == f"{match_id}.analysis-think0.01-seed0.json"
    stamp = kept.stat().st_mtime_ns

    def no_search(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the kept analysis should have been shown, not searched again")

    monkeypatch.setattr("lost_cities.ai.analysis.ranked", no_search)
    again = analysed(cli, match_id, "--json")
    assert again.status == 0 and again.out == first.out
    assert again.err.strip() == "The analysis kept with this match (--think 0.01, --seed 0) is shown again."
    assert analysed(cli, str(path), "--json").out == first.out  # the same match from its exported file
    assert kept.stat().st_mtime_ns == stamp and kept_files(tmp_path) == [kept]
    with pytest.raises(AssertionError, match="searched again"):  # other parameters: another analysis
        analysed(cli, match_id, "--seed", "1")


def test_an_analysis_kept_by_an_earlier_version_weighing_another_way_is_made_again(
    cli: Cli, finished: tuple[str, Path], tmp_path: Path
) -> None:
    match_id, _path = finished
    first = analysed(cli, match_id, "--json")
    [kept] = kept_files(tmp_path)
    old = json.loads(kept.read_text(encoding="utf-8"))
    assert old.pop("method") == METHOD
    old["analysis"]["decisions"] = []  # what an earlier version found, written without the method
    kept.write_text(json.dumps(old), encoding="utf-8")
    again = analysed(cli, match_id, "--json")
    assert again.status == 0 and again.out == first.out and again.err == ""  # made again, nothing to say
    assert json.loads(kept.read_text(encoding="utf-8"))["method"] == METHOD


@pytest.mark.parametrize("damage", ["cut", "other", "empty", "huge", "pipe"])
def test_a_damaged_kept_analysis_is_one_sentence(tmp_path: Path, damage: str) -> None:
    store = MatchStore(tmp_path)
    saved = store.finish_current(
        SavedMatch.start(("Ana", "Boris"), random_match(3, 10_000, rounds=1)).with_match(
            random_match(3, 10_000, rounds=1)
        )
    )
    kept = KeptAnalyses(store)
    kept.keep(saved, 0.2, 0, MatchAnalysis((), ()))
    path = kept.path(saved, 0.2, 0)
    text = path.read_text(encoding="utf-8")
    if damage == "pipe":  # a named pipe in its place: read, it would wait for a writer for ever
        path.unlink()
        os.mkfifo(path)
    else:
        damaged = {"cut": text[:-30], "other": '{"format": 7}', "empty": "", "huge": " " * (MAX_SAVE_BYTES + 1)}
        path.write_text(damaged[damage], encoding="utf-8")
    with pytest.raises(DamagedSaveError) as caught:
        kept.load(saved, 0.2, 0)
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message and str(path) in message
    # found by a newcomer: garbage was said to be "not an analysis this version reads", as if of another version
    said = {"cut": "cut short", "empty": "cut short", "other": "not an analysis this version reads"}
    assert said.get(damage, "") in message


def test_a_damaged_kept_analysis_is_said_in_one_sentence_and_made_again(
    cli: Cli, finished: tuple[str, Path], tmp_path: Path
) -> None:
    match_id, _path = finished
    first = analysed(cli, match_id)
    [kept] = kept_files(tmp_path)
    text = kept.read_text(encoding="utf-8")
    kept.write_text(text[:-30], encoding="utf-8")
    again = analysed(cli, match_id)
    assert again.status == 0 and again.out == first.out
    assert len(again.err.strip().splitlines()) == 1 and "Traceback" not in again.err
    assert str(kept) in again.err and again.err.strip().endswith("It is made again.")
    assert kept.read_text(encoding="utf-8") == text  # kept anew
    assert "shown again" in analysed(cli, match_id).err


def test_without_an_id_the_most_recent_match_is_analysed(
    cli: Cli, finished: tuple[str, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    match_id, _path = finished
    latest = analysed(cli, "--json")
    assert latest.status == 0, latest.err
    assert latest.out == analysed(cli, match_id, "--json").out  # as replay opens it
    monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(tmp_path / "empty"))
    empty = analysed(cli)
    assert empty.status == 2 and empty.err.startswith("lost-cities analyse: no past match yet")
