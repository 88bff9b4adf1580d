"""The new-match form lets any seat be the computer's, at a level, with its thinking time."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from lost_cities.storage import MatchStore
from lost_cities.tui.match.match_app import MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from tests.tui.helpers import SIZE, screen_text


def flat(app: MatchApp) -> str:
    return " ".join(screen_text(app).split())


async def test_a_seat_set_to_the_computer_by_keys_plays_under_its_own_name(private_data_dir: Path) -> None:
    app = MatchApp(store=MatchStore(private_data_dir), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Thinking" not in screen_text(app)  # no hard computer yet
        await pilot.press(*"Ana", "tab", "tab", "tab", "enter", "down", "down", "down", "enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        assert form.query_one("#who-p2", Select).value == "hard"
        assert form.query_one("#p2", Input).placeholder == "Computer"
        assert "Thinking" in flat(app) and "seconds a turn, for the hard level" in flat(app)
        assert form.query_one("#think", Input).value == "1.0"
        assert "Computer" in flat(app).split("Who starts")[1]  # its name offered as a starter
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)  # alone against the computer: no pass step
        assert app.table.session.names == ("Ana", "Computer") and app.table.session.computers == (None, "hard")


async def test_the_form_refuses_a_match_of_computers_and_a_wrong_thinking_time() -> None:
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        form.query_one("#who-p1", Select).value = "easy"
        form.query_one("#who-p2", Select).value = "hard"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "At least one player is a person: choose Human for someone." in flat(app)
        assert app.focused is form.query_one("#who-p1")  # where to put it right
        form.query_one("#who-p1", Select).value = "human"
        form.query_one("#p1", Input).focus()
        form.query_one("#think", Input).value = "２0"
        await pilot.press(*"Ana", "ctrl+s")
        await pilot.pause()
        assert "Thinking: a number of seconds from 0.1 to 10." in flat(app)
        assert app.focused is form.query_one("#think")
        form.query_one("#think", Input).value = "0,5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and app.table.session.think == 0.5


async def test_two_people_and_two_computers_in_teams_take_default_names() -> None:
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        form.query_one("#players-4").value = True  # type: ignore[attr-defined]
        await pilot.pause()
        form.query_one("#who-p2", Select).value = "normal"
        form.query_one("#who-p4", Select).value = "easy"
        await pilot.press(*"Ana")
        form.query_one("#p3", Input).value = "Carl"
        await pilot.pause()
        assert "Ana & Carl against Computer 2 & Computer 4" in flat(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)  # two people share the keyboard: the pass step hides hands
        assert app.table.session.names == ("Ana", "Computer 2", "Carl", "Computer 4")


async def test_arrow_keys_choose_in_the_forms_radio_buttons() -> None:
    # the key bar says "← → choose": an arrow chooses at once, no Space or Enter needed
    app = MatchApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        form.query_one("#players").focus()
        await pilot.pause()
        assert "← → choose" in " ".join(flat(app).split())
        await pilot.press("right")
        await pilot.pause()
        assert form.players == 3 and form.query_one("#row-p3").display
        await pilot.press("left")
        await pilot.pause()
        assert form.players == 2 and not form.query_one("#row-p3").display
