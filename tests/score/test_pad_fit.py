"""The score pad on the screen: it fits 80×24 in every language and for every number of players,
says so below that, and its key bar lists only the keys that work."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from lost_cities.engine import parse_cards
from lost_cities.i18n import set_language
from lost_cities.score.sheet import Place
from lost_cities.tui.common.fitted import TooSmall
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.common.lines import Lines
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import MatchOverScreen, PadHelpScreen, PadScreen, PadSetupScreen, RoundOverScreen
from lost_cities.tui.scorepad.widgets import SidePanel
from tests.tui.helpers import until

#: Sixteen characters each, the longest the form takes: the widest titles, messages and team names.
LONGEST = ("Konstantinos", "Alessandrina", "Bartholomeus", "Wilhelmina-Z")  # 12 cells: the most a name takes
NAMES = {players: LONGEST[:players] for players in (2, 3, 4)}


def key_bar(app: App[None]) -> list[tuple[str, str]]:
    """The keys the visible key bar lists: (key, what it does)."""
    bars = list(app.screen.query(KeyBar))
    assert len(bars) == 1, "one key bar on the screen in front"
    return list(bars[0].keys)


def laid_out(app: App[None], screen_type: type[Screen[Any]]) -> bool:
    """A ``screen_type`` is in front, laid out: its key bar lists its keys at the bottom of the terminal."""
    screen = app.screen
    if not isinstance(screen, screen_type):
        return False
    bar = screen.query_one(KeyBar)
    return bool(bar.keys) and bar.region.height > 0 and bar.region.bottom == app.size.height


def plain(visual: object) -> str:
    if isinstance(visual, (Text, Content)):
        return visual.plain
    return str(visual)


def shown(app: App[None]) -> Iterator[Widget]:
    for widget in app.screen.query("*"):
        if widget.display and widget.visible and all(node.display for node in widget.ancestors_with_self[:-1]):
            yield widget


def assert_nothing_cut(app: App[None]) -> None:
    """Every line of text is whole: one-line texts fit their width, longer ones have the lines they need,
    panel titles fit their border, and everything lies above the key bar."""
    width = app.size.width
    bar_top = app.screen.query_one(KeyBar).region.y
    for widget in shown(app):
        region = widget.region
        if any(isinstance(node, KeyBar) for node in widget.ancestors_with_self):
            assert region.right <= width, f"the key bar is cut: {widget}"
            continue
        assert region.right <= width and region.bottom <= bar_top, widget
        parent = widget.parent
        if isinstance(parent, Widget) and region.width:  # nothing sticks out of its box, to be clipped
            assert region.right <= parent.content_region.right, f"{widget} sticks out of {parent}"
        if isinstance(widget, Static) and region.height:
            content = widget.content_region
            needed = widget.get_content_height(app.size, app.size, content.width)
            assert needed <= content.height, f"{widget}: {plain(widget.render())!r} needs {needed} lines"
        if isinstance(widget, Lines):
            for y in range(widget.count):
                line = widget.line(y)
                assert line.cell_len <= widget.content_region.width, f"{widget}: {line.plain!r} is cut"
        if isinstance(widget, SidePanel):
            for title in (widget.border_title, widget.border_subtitle):
                assert len(Content.from_markup(title or "").plain) <= region.width - 4, title


LANGUAGES = ["en", "fr", "ru"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_the_pad_fits_80x24_with_six_colours_and_the_hand_penalty(language: str, players: int) -> None:
    set_language(language)  # set back to English by the root conftest
    app = ScorePadApp(names=NAMES[players], long=True, hand_penalty=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, PadScreen)
        screen.sheet.toggle(1, parse_cards("gw")[0])
        screen.sheet.finish_round()  # the top line now has the match so far
        for card in parse_cards("yw yw y3 y4 y7 y10 b5 b6 pw pw p2 p9"):
            screen.sheet.toggle(0, card)
        for card in parse_cards("r2 r3 r4 r5 r6 r7 r8 r9 r10 g2 g3 g4")[: screen.sheet.hand_limit]:  # a full hand
            screen.sheet.toggle(1, card, Place.HAND)
        screen.show()
        await pilot.press("tab", "7")  # the longest refusal: a card the other side laid
        await until(pilot, lambda: "(R2)" in plain(screen.query_one("#message", Static).render()))
        assert_nothing_cut(app)
        await pilot.press("tab", "n")
        await until(pilot, lambda: laid_out(app, RoundOverScreen))
        assert_nothing_cut(app)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_form_and_the_boxes_fit_80x24(language: str) -> None:
    set_language(language)
    app = ScorePadApp(players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PadSetupScreen)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: laid_out(app, PadScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: laid_out(app, PadHelpScreen))
        assert_nothing_cut(app)


def too_small(screen: Screen[Any]) -> bool:
    """``screen`` shows only its "make the window larger" message."""
    message = screen.query_one(TooSmall)
    return message.display and all(not widget.display for widget in screen.children if widget is not message)


def showing(screen: Screen[Any]) -> bool:
    """``screen`` shows itself, not its "make the window larger" message."""
    return not screen.query_one(TooSmall).display and any(widget.display for widget in screen.children)


def in_front(app: App[None], screen_type: type[Screen[Any]], before: Screen[Any]) -> bool:
    """A ``screen_type`` other than ``before`` is in front."""
    return isinstance(app.screen, screen_type) and app.screen is not before


#: Through every screen of the pad: the key that leads on, and the screen it leads to.
STEPS = [
    ("ctrl+s", PadScreen),
    ("question_mark", PadHelpScreen),
    ("escape", PadScreen),
    ("n", RoundOverScreen),
    ("enter", MatchOverScreen),
]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_below_80x24_every_screen_asks_for_a_larger_window_and_ignores_keys(language: str) -> None:
    set_language(language)
    app = ScorePadApp(players=3, rounds=1)
    async with app.run_test(size=(60, 20)) as pilot:
        for key, following in STEPS:
            screen = app.screen
            await until(pilot, lambda: too_small(app.screen))
            message = plain(screen.query_one(TooSmall).render())
            assert "60×20" in message and "80×24" in message
            await pilot.press(key)  # a key below 80×24 does nothing
            if isinstance(screen, PadScreen):
                await pilot.press("5")
                assert app.sheet is not None and app.sheet.blank
            assert app.screen is screen
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: showing(app.screen))
            await pilot.press(key)
            await until(pilot, partial(in_front, app, following, screen))
            await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: too_small(app.screen))


async def test_while_the_end_of_round_box_is_open_the_key_bar_lists_only_its_keys() -> None:
    app = ScorePadApp(names=("Ann", "Bob"), rounds=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: laid_out(app, RoundOverScreen))
        assert key_bar(app) == [("Enter", "Next round"), ("Esc", "Back to the pad")]
        await pilot.press("tab", "space", "w", "h", "question_mark")  # the pad's keys do nothing here
        assert isinstance(app.screen, RoundOverScreen) and app.sheet is not None and app.sheet.blank
        await pilot.press("escape")
        assert isinstance(app.screen, PadScreen)
        await pilot.press("n", "enter", "n")
        await until(
            pilot, lambda: laid_out(app, RoundOverScreen) and app.sheet is not None and app.sheet.round_number == 2
        )
        assert key_bar(app) == [("Enter", "Finish the match"), ("Esc", "Back to the pad")]
        await pilot.press("enter")
        await until(pilot, lambda: laid_out(app, MatchOverScreen))
        assert key_bar(app) == [("n", "New match"), ("u", "Correct the last round"), ("q", "Quit")]
        await pilot.press("enter", "space", "tab")  # the result stays until a listed key
        assert isinstance(app.screen, MatchOverScreen) and app.sheet.over
        await pilot.press("u")
        assert isinstance(app.screen, PadScreen) and app.sheet.round_number == 2


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [2, 4])
async def test_the_key_bar_keeps_every_key_on_80_columns(language: str, players: int) -> None:
    # the fullest bar: a round just scored, so u (reopen it) is listed too; with four, "Team" for tab
    set_language(language)
    app = ScorePadApp(names=NAMES[players])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        await until(pilot, lambda: laid_out(app, PadScreen) and "u" in dict(key_bar(app)))  # round 1 scored
        bar = app.screen.query_one(KeyBar)
        assert [key for key, _label in bar.keys] == ["Tab", "Space", "w", "h", "n", "u", "?"]
        assert len(str(bar.render()).splitlines()) <= 2 and bar.region.right <= 80, key_bar(app)
