"""A text over the board (the help, the log, the notices) that is longer than the window says so on its box's
bottom edge, with the keys that bring the rest: its scrollbar alone says it by colour only."""

from __future__ import annotations

import pytest
from textual.app import App

from lost_cities.i18n import _, set_language
from lost_cities.tui.match.screens.dialogs import NoticesScreen
from tests.tui.helpers import SIZE, screen_lines


class Host(App[None]):
    def __init__(self, notices: int) -> None:
        super().__init__()
        self.notices = notices

    def on_mount(self) -> None:
        self.push_screen(NoticesScreen([f"Notice {number}." for number in range(self.notices)]))


async def test_a_text_longer_than_the_window_says_the_arrows_scroll_it_and_a_short_one_does_not() -> None:
    # found by a newcomer: a four-player online game's help filled the window, its last lines out of sight
    for notices, said in ((20, True), (3, False)):
        app = Host(notices)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            edge = next(line for line in reversed(screen_lines(app)) if line.startswith("╰"))
            assert ("↑↓  scroll" in edge) is said, edge
            if said:
                await pilot.press("end")
                await pilot.pause()
                assert any("Press Enter to go on." in line for line in screen_lines(app))


class HelpHost(App[None]):
    def on_mount(self) -> None:
        from lost_cities.engine import Rules
        from lost_cities.tui.match.screens.dialogs import HelpScreen

        invitations = "\n".join(["Send Boris:", "lost-cities play --join 7TWR-79MY", "To watch:", "…"] * 2)
        self.push_screen(HelpScreen(Rules(), passing=False, game=invitations, online=True))


async def test_a_text_that_scrolls_is_laid_out_as_wide_as_one_that_does_not() -> None:
    # found by a newcomer: an online game's help, with its invitations, scrolled, and its scrollbar took two columns
    # from the text, so that the keys' two columns wrapped ("la poser dans son" / "expédition")
    set_language("fr")
    try:
        app = HelpHost()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert "↑↓  défiler" in screen_lines(app)[-1]
            await pilot.press("end")
            await pilot.pause()
            lines = screen_lines(app)
            assert any("la poser dans son expédition" in line for line in lines), "\n".join(lines)
            assert any("la reprendre avant la pioche" in line for line in lines), "\n".join(lines)
    finally:
        set_language("en")


class HotSeatHelpHost(App[None]):
    def __init__(self, players: int, long: bool = False) -> None:
        super().__init__()
        self.players = players
        self.long = long

    def on_mount(self) -> None:
        from lost_cities.engine import Rules
        from lost_cities.tui.match.screens.dialogs import HelpScreen

        self.push_screen(HelpScreen(Rules(players=self.players, long=self.long), passing=True))


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
async def test_each_key_of_a_hot_seat_help_is_told_on_one_line_in_the_short_and_the_long_game(language: str) -> None:
    # found by a newcomer: "показать руку (экран / передачи)" wrapped onto two lines at 80 columns; with three or
    # four players "закончить последнюю / выкладку" too; then, in the long game in every language, the six piles'
    # keys "y b w g r p" widened their column until "take it back, before / drawing" wrapped
    set_language(language)
    try:
        for players, long in [(2, False), (3, False), (4, False), (2, True), (3, True), (4, True)]:
            app = HotSeatHelpHost(players, long)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.pause()
                lines = screen_lines(app)
                heading = _("KEYS")
                keys = lines[next(n for n, line in enumerate(lines) if heading in line) + 1 :]
                keys = keys[: next(n for n, line in enumerate(keys) if not line.strip("│ ▁▂▃▄▅▆▇█"))]
                assert all(line.removeprefix("│ ")[:1] != " " for line in keys), "\n".join(keys)
                assert any(_("show your hand (pass screen)") in line for line in keys)
                assert any(_("take it back, before drawing") in line for line in keys)
    finally:
        set_language("en")
