"""The new-match form holds names to the same rule as the command line and the saves."""

from __future__ import annotations

from lost_cities.tui.hotseat.app import LostCitiesApp
from lost_cities.tui.hotseat.screens.pass_screen import PassScreen
from lost_cities.tui.hotseat.screens.setup import NewMatchScreen
from tests.tui.helpers import SIZE, screen_text


async def test_a_name_too_wide_for_the_board_is_refused_with_the_rule() -> None:
    app = LostCitiesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"李小龙李小龙李", "tab", *"Boris", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        assert "Player 1's name is as wide as 14 characters" in screen_text(app)
        await pilot.press("shift+tab", "end", "backspace", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.session.names == ("李小龙李小龙", "Boris")


async def test_a_name_is_shown_as_typed_never_read_as_markup() -> None:
    app = LostCitiesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"[/]", "tab", *"[b]x")
        await pilot.pause()
        text = screen_text(app)
        assert "( ) [/]" in text or "[/]" in text.split("Who starts")[1]
        assert "[b]x" in text.split("Who starts")[1]
