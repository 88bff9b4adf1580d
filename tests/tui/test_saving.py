"""The app saves every completed turn and offers to resume; damaged or unwritable saves never stop play."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from lost_cities.session import MatchSettings
from lost_cities.storage import MatchStore, SavedMatch, SaveStatus
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.dialogs import NoticesScreen
from lost_cities.tui.match.screens.match_end import MatchEndScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.resume import ResumeScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from tests.tui.helpers import SIZE, engine, finish_round, screen_text, take_turn, until


def flat(text: str) -> str:
    """Screen text with notification borders and line wrapping taken out."""
    return " ".join(text.replace("▌", " ").split())


SETTINGS = MatchSettings(names=("Ana", "Boris"), seed=13, rounds=2)


async def play_some_turns(store: MatchStore, turns: int) -> MatchApp:
    app = MatchApp(Local(SETTINGS), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(turns):
            await take_turn(pilot, app)
    return app


async def test_every_completed_turn_is_saved(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    app = await play_some_turns(store, 3)
    saved = store.load_current()
    assert saved is not None and saved.names == ("Ana", "Boris")
    assert saved.replay().current == engine(app).current
    assert len(saved.record.played[0].turns) == 3


async def test_an_unfinished_match_is_offered_and_resumed_on_the_pass_step(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    before = await play_some_turns(store, 5)
    app = MatchApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = screen_text(app)
        assert "Ana vs Boris — round 1, 39 cards left" in text
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)  # never a visible hand
        assert engine(app).current == engine(before).current
        assert f"Pass to {app.table.session.name(app.table.session.to_move)}" in screen_text(app)
        await take_turn(pilot, app)
    saved = store.load_current()
    assert saved is not None and len(saved.record.played[0].turns) == 6


async def test_a_new_match_keeps_the_unfinished_one_as_abandoned(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    await play_some_turns(store, 2)
    app = MatchApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.press(*"Cleo", "enter", *"Dan", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
    current = store.load_current()
    assert current is not None and current.names == ("Cleo", "Dan")
    history = store.list_history().matches
    assert [m.status for m in history] == [SaveStatus.ABANDONED]


async def test_play_new_sets_the_old_match_aside_and_resume_without_one_says_so(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    await play_some_turns(store, 2)
    app = MatchApp(Local(SETTINGS, start="new"), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and engine(app).current.turns_played == 0
    assert [m.status for m in store.list_history().matches] == [SaveStatus.ABANDONED]
    store.abandon_current()
    app = MatchApp(Local(start="resume"), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NoticesScreen))
        await until(pilot, lambda: "no unfinished match to resume" in flat(screen_text(app)))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))


async def test_play_new_then_leaving_the_form_keeps_the_unfinished_match(private_data_dir: Path) -> None:
    # nothing lost: the old match is set aside only once a new one starts
    store = MatchStore(private_data_dir)
    await play_some_turns(store, 2)
    app = MatchApp(Local(start="new"), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.press("escape")
        await pilot.pause()
    assert store.list_history().matches == ()
    app = MatchApp(Local(start="resume"), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and engine(app).current.turns_played == 2


async def test_a_damaged_save_is_reported_kept_aside_and_the_game_starts(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    await play_some_turns(store, 2)
    current = private_data_dir / "current.json"
    current.write_text(current.read_text()[:150])
    app = MatchApp(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        # read before anything else, and whole: a passing notice covered part of the form, then went
        await until(pilot, lambda: isinstance(app.screen, NoticesScreen))
        await until(pilot, lambda: "saved match could not be read" in flat(screen_text(app)))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
    kept = list(private_data_dir.glob("current.damaged-*.json"))
    assert len(kept) == 1 and len(kept[0].read_text()) == 150


async def test_an_unwritable_data_folder_is_told_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    app = MatchApp(Local(SETTINGS), store=MatchStore(blocker / "lost-cities"))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: "cannot be saved" in flat(screen_text(app)))  # said once the first save fails
        await take_turn(pilot, app)
        await take_turn(pilot, app)
        assert engine(app).current.turns_played == 2


async def test_a_finished_match_goes_to_the_history(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    app = MatchApp(Local(MatchSettings(names=("Ana", "Boris"), seed=4, rounds=1)), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await finish_round(pilot, app)
        assert isinstance(app.screen, MatchEndScreen)
    assert store.load_current() is None
    (finished,) = store.list_history().matches
    assert finished.status is SaveStatus.FINISHED and finished.totals == engine(app).totals


async def test_a_card_played_but_not_drawn_for_is_not_saved(private_data_dir: Path) -> None:
    # H2: a resumed match must not show the table a card that could still go back to a hand
    store = MatchStore(private_data_dir)
    app = MatchApp(Local(SETTINGS), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "d")
        await pilot.pause()
        card = engine(app).current.history()[-1].play.card
        await pilot.press("q", "y")
        await pilot.pause()
    saved = store.load_current()
    assert saved is not None and saved.record.played[0].turns == ()
    assert card in saved.replay().current.hand(0)


async def test_leaving_the_new_match_form_keeps_the_unfinished_match(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    await play_some_turns(store, 2)
    app = MatchApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.press("escape")
        await pilot.pause()
    saved = store.load_current()
    assert saved is not None and len(saved.record.played[0].turns) == 2
    assert store.list_history().matches == ()


async def test_quitting_without_saves_says_the_match_will_be_lost(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    app = MatchApp(Local(SETTINGS), store=MatchStore(blocker / "data"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.store.save_problem is not None)  # the first save has failed
        await pilot.press("q")
        await pilot.pause()
        assert "The match cannot be saved, so it will be" in flat(screen_text(app))


async def test_a_slow_disk_never_freezes_a_key_and_the_saves_land_in_order(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the autosave writes on a thread; a save waiting its turn gives way to a newer one;
    # quitting waits for the last one
    store = MatchStore(private_data_dir)
    disk = threading.Event()  # the disk answers when the test says so
    written: list[int] = []
    save_current = store.save_current

    def slow_save(saved: SavedMatch) -> bool:
        disk.wait(20)
        written.append(len(saved.record.played[0].turns))
        return save_current(saved)

    monkeypatch.setattr(store, "save_current", slow_save)
    app = MatchApp(Local(SETTINGS), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.autosave.busy)  # the first save, stuck on the disk
        for _ in range(3):
            await take_turn(pilot, app)
        await pilot.press("enter", "2")
        await until(pilot, lambda: "2 ━" in screen_text(app))  # the keys answer: card 2 is selected
        assert app.autosave.busy and written == []
        await pilot.press("q", "y")
        disk.set()
    assert written == [0, 3]  # the start, then the latest: the two saves in between gave way
    saved = store.load_current()
    assert saved is not None and len(saved.record.played[0].turns) == 3
