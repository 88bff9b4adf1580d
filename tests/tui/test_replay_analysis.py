"""``a`` in the replay: the analysis made in a worker (or the kept one at once), each move marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lost_cities.engine import Play
from lost_cities.storage import MatchStore, SavedMatch
from lost_cities.storage.analyses import KeptAnalyses
from lost_cities.tui.replay import ReplayApp, ReplayScreen
from lost_cities.words import card_phrase
from tests.test_analyse import blundered_match
from tests.tui.helpers import SIZE, key_bar, screen_text, until

#: A short think: the fewest sampled deals the search takes.
THINK = 0.01


def flat(app: ReplayApp) -> str:
    """The screen's words in a row, a panel's border left out (its lines read on)."""
    return " ".join(screen_text(app).replace("│", " ").split())


def analysis_line(app: ReplayApp) -> str:
    return " ".join(str(app.screen.query_one("#replay-analysis").render()).split())


@pytest.fixture
def blundered(private_data_dir: Path, search_once: None) -> tuple[MatchStore, SavedMatch, Play]:
    """The planted blunder as a finished match of the history, and the blunder (each of its decisions searched
    once in the test process: :func:`tests.conftest.search_once`)."""
    match, blunder = blundered_match()
    store = MatchStore(private_data_dir)
    saved = store.finish_current(SavedMatch.start(("Ana", "Boris"), match).with_match(match))
    return store, saved, blunder


async def test_a_pressed_again_while_the_analysis_runs_says_so_and_starts_nothing(
    blundered: tuple[MatchStore, SavedMatch, Play], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, saved, _blunder = blundered
    app = ReplayApp(saved.names, saved.record, "Ana vs Boris", saved=saved, store=store, think=THINK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        started: list[object] = []
        notes: list[str] = []
        monkeypatch.setattr(screen, "_analyse", lambda *args: started.append(args))  # a search that never ends
        monkeypatch.setattr(screen, "notify", lambda message, **_kwargs: notes.append(message))
        await pilot.press("a", "a", "a")
        await pilot.pause()
        assert len(started) == 1 and len(notes) == 2 and all("The analysis is under way" in note for note in notes)


async def test_in_a_window_too_small_a_starts_nothing(
    blundered: tuple[MatchStore, SavedMatch, Play], monkeypatch: pytest.MonkeyPatch
) -> None:
    # as every key but quitting there: the players cannot see what it would start
    store, saved, _blunder = blundered
    app = ReplayApp(saved.names, saved.record, "Ana vs Boris", saved=saved, store=store, think=THINK)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        started: list[object] = []
        monkeypatch.setattr(app.screen, "_analyse", lambda *args: started.append(args))
        await pilot.press("a")
        await pilot.pause()
        assert started == []


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
async def test_a_analyses_the_match_in_a_worker_and_marks_the_blunder(
    blundered: tuple[MatchStore, SavedMatch, Play], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, saved, blunder = blundered
    app = ReplayApp(saved.names, saved.record, "Ana vs Boris", saved=saved, store=store, think=THINK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "a analyse" in " ".join(key_bar(app).split()) and "Analysis" not in flat(app)
        told: list[str] = []  # the line as each step of the worker's progress leaves it
        progress = screen._progress

        def watched(done: int, total: int) -> None:
            progress(done, total)
            told.append(analysis_line(app))

        monkeypatch.setattr(screen, "_progress", watched)
        await pilot.press("a")
        await until(pilot, lambda: screen.analysis is not None, seconds=60)
        analysis = screen.analysis
        assert analysis is not None
        total = len(analysis.decisions)
        assert told == [f"Analysing the match: {done} of {total} decisions…" for done in range(1, total + 1)]
        [weighed] = [d for d in analysis.decisions if d.played == blunder]
        assert weighed.seat == 0 and weighed.mistake
        await pilot.pause()
        assert analysis_line(app).startswith("Analysis: Ana: accuracy")  # the deal: each player's round
        await pilot.press(*["right"] * weighed.turn)
        await pilot.pause()
        line = analysis_line(app)
        assert f"turn {weighed.turn} of" in flat(app)
        assert f"✗ discard {card_phrase(blunder.card)}: lost " in line and ", best: lay " in line
    kept = KeptAnalyses(store).path(saved, THINK, 0)
    stamp = kept.stat().st_mtime_ns

    def no_search(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the kept analysis should have been shown, not searched again")

    monkeypatch.setattr("lost_cities.ai.analysis.ranked", no_search)
    again = ReplayApp(saved.names, saved.record, "Ana vs Boris", saved=saved, store=store, think=THINK)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("a")
        await until(pilot, lambda: screen.analysis is not None, seconds=5)
        assert screen.analysis == analysis and kept.stat().st_mtime_ns == stamp


async def test_the_help_tells_the_analysis_and_a_replay_without_a_store_offers_none(
    blundered: tuple[MatchStore, SavedMatch, Play],
) -> None:
    store, saved, _blunder = blundered
    app = ReplayApp(saved.names, saved.record, "Ana vs Boris", saved=saved, store=store, think=THINK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        text = flat(app)
        assert "analyse the match" in text and "✗ marks a mistake" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    bare = ReplayApp(saved.names, saved.record, "Ana vs Boris")
    async with bare.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "analyse" not in key_bar(bare)
        await pilot.press("a")
        await pilot.pause()
        assert "Analys" not in flat(bare)


async def test_a_damaged_kept_analysis_in_a_folder_named_like_markup_is_said_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, search_once: None
) -> None:
    # the notice quotes the file's path, which is text, never markup: "da[/]ta" is a folder's name (read as markup,
    # it stopped the app as the notice was drawn)
    match, _blunder = blundered_match()
    store = MatchStore(tmp_path / "da[/]ta")
    saved = store.finish_current(SavedMatch.start(("Ana", "Boris"), match).with_match(match))
    kept = KeptAnalyses(store).path(saved, THINK, 0)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text("{", encoding="utf-8")
    app = ReplayApp(saved.names, saved.record, "Ana vs Boris", saved=saved, store=store, think=THINK)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        told: list[str] = []
        notify = screen.notify

        def noted(message: str, **kwargs: Any) -> None:  # noted, and shown as the app shows it
            told.append(message)
            notify(message, **kwargs)

        monkeypatch.setattr(screen, "notify", noted)
        await pilot.press("a")
        await until(pilot, lambda: screen.analysis is not None, seconds=60)
        await pilot.pause()  # the notice drawn
        assert any("da[/]ta" in note and note.endswith("It is made again.") for note in told), told
