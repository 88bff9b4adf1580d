"""The new-match form's *Where*: at this keyboard, or online — the server (the one used last offered again)
and an optional clock — and the form of the online app, which only creates online games."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from textual.widgets import Input, RadioButton

from lost_cities.i18n import _, set_language
from lost_cities.storage import MatchStore
from lost_cities.storage.online import last_server, remember_server
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.online_start import OnlineStartScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from lost_cities.tui.match.tables.local import LocalTable
from tests.conftest import EVERY_LANGUAGE
from tests.tui.helpers import SIZE, screen_lines, screen_text, until


def flat(app: MatchApp) -> str:
    return " ".join(screen_text(app).split())


async def choose_online(app: MatchApp) -> NewMatchScreen:
    form = app.screen
    assert isinstance(form, NewMatchScreen)
    form.query_one("#where-online", RadioButton).value = True
    return form


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
async def test_online_the_form_asks_the_server_and_a_clock_and_creates_the_game_there(private_data_dir: Path) -> None:
    with socket.socket() as probe:  # a port on this machine where no server listens: the creation is refused
        probe.bind(("127.0.0.1", 0))
        server = f"ws://127.0.0.1:{probe.getsockname()[1]}"
    app = MatchApp(Local(server=server), store=MatchStore(private_data_dir), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "At this keyboard" in flat(app))
        assert "Server" not in flat(app)  # at this keyboard by default
        form = await choose_online(app)
        await until(pilot, lambda: "Server" in flat(app))
        assert "Clock" in flat(app)
        assert form.query_one("#server", Input).value == server  # as the command line gave it
        assert "Create the game" in flat(app) and "Start the match" not in flat(app)
        form.query_one("#clock", Input).value = "2h"
        await pilot.press(*"Ana", "ctrl+s")
        # the game is asked of that server, in this app; it does not answer: the form again, as filled in, saying why
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen) and app.screen is not form)
        again = app.screen
        assert isinstance(again, NewMatchScreen) and app.table is None
        await until(pilot, lambda: "127.0.0.1" in flat(app))
        assert again.query_one("#server", Input).value == server and again.query_one("#clock", Input).value == "2h"
        assert again.query_one("#p1", Input).value == "Ana"
        # Esc goes to the online start, as the bar says, and Ctrl+N there brings the form back as it was left
        assert ("Esc", "back") in app.screen.query_one(KeyBar).keys
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen) and app.screen is not again)
        assert app.screen.query_one("#p1", Input).value == "Ana" and app.screen.query_one("#clock", Input).value == "2h"


async def test_a_wrong_server_or_clock_is_said_and_focused_and_nothing_starts() -> None:
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await choose_online(app)
        form.query_one("#server", Input).value = "http://example.org"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "Server: an address such as ws://127.0.0.1:8765." in flat(app))
        assert app.focused is form.query_one("#server")
        form.query_one("#server", Input).value = "ws://example.org:8765"
        form.query_one("#clock", Input).value = "90d"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "Clock: a time for each move from 1m to 30d" in flat(app))
        assert app.focused is form.query_one("#clock") and app.table is None
        assert isinstance(app.screen, NewMatchScreen)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_the_clock_shows_all_it_may_hold_and_its_hint_whole(language: str) -> None:
    # found by a newcomer: "nimporte" showed as "porte", and the French placeholder touched the hint
    set_language(language)
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await choose_online(app)
        form.query_one("#clock", Input).focus()
        await pilot.press(*"nimporte")
        await pilot.pause()
        line = next(line for line in screen_lines(app) if _("Clock") in line)
        assert "nimporte" in line and f" {_('per move, e.g. 1h')} " in line, line


async def test_back_at_this_keyboard_the_match_starts_here_and_a_hard_computer_has_its_thinking_time_again() -> None:
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await choose_online(app)
        form.query_one("#who-p2").value = "hard"  # type: ignore[attr-defined]
        await until(pilot, lambda: "Server" in flat(app))
        assert "Thinking" not in flat(app)  # the server's computers think their own time
        form.query_one("#where-here", RadioButton).value = True
        await until(pilot, lambda: "Thinking" in flat(app) and "Server" not in flat(app))
        form.query_one("#p1", Input).focus()
        await pilot.press(*"Ana", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        assert isinstance(app.table, LocalTable)


async def test_where_the_server_and_the_clock_survive_a_change_of_language() -> None:
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await choose_online(app)
        form.query_one("#server", Input).value = "ws://192.168.1.5:8765"
        form.query_one("#clock", Input).value = "3d"
        form.query_one("#lang-fr", RadioButton).value = True
        await until(pilot, lambda: "En ligne" in flat(app))  # drawn again, in French
        assert form.query_one("#where-online", RadioButton).value
        assert form.query_one("#server", Input).value == "ws://192.168.1.5:8765"
        assert form.query_one("#clock", Input).value == "3d"


def test_the_server_used_last_is_remembered_beside_the_seats(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    assert last_server(store) is None
    remember_server(store, "ws://192.168.1.5:8765")
    assert last_server(MatchStore(private_data_dir)) == "ws://192.168.1.5:8765"
    store.online_path.write_text("{not json")
    assert last_server(store) is None  # a damaged file offers none, and is set aside, not lost
    assert any(path.name.startswith("online.damaged-") for path in private_data_dir.iterdir())
