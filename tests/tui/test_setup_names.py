"""The new-match form holds names to the same rule as the command line and the saves."""

from __future__ import annotations

from lost_cities.session import MatchSettings
from lost_cities.tui.app import LostCitiesApp
from lost_cities.tui.screens.match_end import MatchEndScreen
from lost_cities.tui.screens.pass_screen import PassScreen
from lost_cities.tui.screens.round_end import RoundEndScreen
from lost_cities.tui.screens.setup import SetupScreen
from tests.tui.conftest import SIZE, fast_forward, make_app, screen_text, take_turn


async def test_a_name_too_wide_for_the_board_is_refused_with_the_rule() -> None:
    app = LostCitiesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"李小龙李小龙李", "tab", *"Boris", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        sentence = " ".join(screen_text(app).split())
        assert "Player 1's name is as wide as 14 characters" in sentence
        assert "at most 12 fit on the board." in sentence  # the whole sentence, not cut at one line
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


async def test_a_match_between_names_that_look_like_markup_is_played_to_its_end() -> None:
    # issue 9, item 3: the round-end and match-end screens read the names as markup (MarkupError)
    app = make_app(seed=3, rounds=1)
    app.settings = MatchSettings(names=("[/]", "[b]x"), seed=3, rounds=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fast_forward(app)
        while not app.session.round.over:
            await take_turn(pilot, app, prefer_lay=False)
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        assert "[/]" in screen_text(app) and "[b]x" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        assert "[/]" in screen_text(app) and "[b]x" in screen_text(app)
