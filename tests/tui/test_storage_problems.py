"""Damaged, strange or unreachable saves never stop the app: one sentence, shown as written, and play goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lost_cities.storage import MatchStore
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.dialogs import NoticesScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from tests.storage.denied import deny_access
from tests.storage.matches import saved_match
from tests.tui.helpers import SIZE, engine, make_app, screen_text, squeezed, take_turn, until, unwrapped, words_of


@pytest.mark.parametrize("folder_name", ["data", "da[/]ta"])
async def test_a_warning_quoting_a_file_is_never_read_as_markup(tmp_path: Path, folder_name: str) -> None:
    # a save holding `[/]`, or a data folder whose path holds it, raised MarkupError
    store = MatchStore(tmp_path / folder_name)
    data = json.loads(saved_match(turns=2).to_json())
    data["record"]["played"][0]["turns"].append("[/]")  # type: ignore[index]
    store.root.mkdir(parents=True)  # "da[/]ta": the folder "]ta" inside "da["
    store.current_path.write_text(json.dumps(data))
    app = MatchApp(Local(make_app().opening.settings), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "an unreadable move '[/]'" in words_of(screen_text(app)))  # read first
        assert isinstance(app.screen, NoticesScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PassScreen))  # and the match is played


async def test_a_data_folder_that_cannot_be_searched_is_told_once_and_the_match_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = MatchStore(tmp_path / "data")
    store.save_current(saved_match())
    deny_access(monkeypatch, store.root)
    app = MatchApp(Local(make_app().opening.settings), store=store)
    # said first, before the match, and whole: which folder, why, that the save cannot be resumed, and that play goes
    # on without saving — wherever its lines wrap (the folder's path is as long as the run's temporary folder makes it)
    notice = squeezed(
        f"The data folder {store.root} cannot be opened (Permission denied): an unfinished match in it cannot be "
        "resumed, and play goes on without saving."
    )
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: notice in unwrapped(app))
        assert isinstance(app.screen, NoticesScreen)
        assert unwrapped(app).count(notice) == 1
        await pilot.press("enter")
        for _ in range(3):
            await take_turn(pilot, app)
        assert len(app._notifications) == 0  # told once, not again at every turn
        assert engine(app).current.turns_played == 3
