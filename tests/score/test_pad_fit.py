"""The score pad on the screen: it fits 80×24 in every language and for every number of players,
says so below that, and its key bar lists only the keys that work."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from lost_cities.engine import Card, Colour, parse_cards
from lost_cities.i18n import _, set_language
from lost_cities.limits import MAX_ROUNDS
from lost_cities.score.sheet import Place
from lost_cities.tui.common.fitted import TooSmall
from lost_cities.tui.common.keybar import KeyBar, key_name
from lost_cities.tui.common.lines import Lines
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import MatchOverScreen, PadHelpScreen, PadScreen, PadSetupScreen, RoundOverScreen
from lost_cities.tui.scorepad.widgets import SidePanel
from lost_cities.words import signed
from tests.conftest import EVERY_LANGUAGE
from tests.score.helpers import pad
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


def check_nothing_cut(app: App[None]) -> None:
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


def what_is_cut(app: App[None]) -> str | None:
    """What :func:`check_nothing_cut` finds cut, or None."""
    try:
        check_nothing_cut(app)
    except AssertionError as cut:
        return str(cut)
    return None


async def assert_nothing_cut(pilot: Pilot[None], app: App[None], seconds: float = 10) -> None:
    """Nothing is cut once the layout has caught up with the text: a new message is drawn at once but a
    taller box for it comes with the next layout, so the check waits (a bounded time) for what it asserts."""
    deadline = time.monotonic() + seconds
    while (cut := what_is_cut(app)) is not None and time.monotonic() < deadline:
        await pilot.pause(0.01)
    assert cut is None, cut


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
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
        await assert_nothing_cut(pilot, app)
        await pilot.press("tab", "n")
        await until(pilot, lambda: laid_out(app, RoundOverScreen))
        await assert_nothing_cut(pilot, app)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_the_form_and_the_boxes_fit_80x24(language: str) -> None:
    set_language(language)
    app = ScorePadApp(players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PadSetupScreen)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: laid_out(app, PadScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: laid_out(app, PadHelpScreen))
        await assert_nothing_cut(pilot, app)


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


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
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
        assert key_bar(app) == [("Enter", "next round"), ("Esc", "back to the pad")]
        await pilot.press("tab", "space", "w", "h", "question_mark")  # the pad's keys do nothing here
        assert isinstance(app.screen, RoundOverScreen) and app.sheet is not None and app.sheet.blank
        await pilot.press("escape")
        assert isinstance(app.screen, PadScreen)
        await pilot.press("n", "enter", "n")
        await until(
            pilot, lambda: laid_out(app, RoundOverScreen) and app.sheet is not None and app.sheet.round_number == 2
        )
        assert key_bar(app) == [("Enter", "finish the match"), ("Esc", "back to the pad")]
        await pilot.press("enter")
        await until(pilot, lambda: laid_out(app, MatchOverScreen))
        assert key_bar(app) == [("n", "new match"), ("u", "correct the last round"), ("q", "quit")]
        await pilot.press("enter", "space", "tab")  # the result stays until a listed key
        assert isinstance(app.screen, MatchOverScreen) and app.sheet.over
        await pilot.press("u")
        assert isinstance(app.screen, PadScreen) and app.sheet.round_number == 2


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("players", [2, 4])
async def test_the_key_bar_keeps_every_key_on_80_columns(language: str, players: int) -> None:
    # the fullest bar: the hand penalty on (h), a round just scored (u, reopen it); with four, "team" for tab
    set_language(language)
    app = ScorePadApp(names=NAMES[players], hand_penalty=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "enter")
        await until(pilot, lambda: laid_out(app, PadScreen) and "u" in dict(key_bar(app)))  # round 1 scored
        bar = app.screen.query_one(KeyBar)
        assert [key for key, _label in bar.keys] == [key_name("tab"), key_name("space"), "w", "h", "n", "u", "?"]
        assert len(str(bar.render()).splitlines()) <= 2 and bar.region.right <= 80, key_bar(app)


def standings_lines(app: App[None]) -> list[str]:
    """The box's standings, line by line, as wide as the box shows them."""
    shown_table = app.screen.query(".dialog Static").first(Static)
    console = Console(width=shown_table.content_region.width, color_system=None)
    with console.capture() as captured:
        console.print(shown_table.content)
    return [line.rstrip() for line in captured.get().splitlines()]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize(("players", "rounds"), [(2, 3), (3, 3), (4, 6), (3, MAX_ROUNDS)])
async def test_the_last_round_and_the_match_end_show_every_round_and_the_match_total(
    language: str, players: int, rounds: int
) -> None:
    # R17: the match column at the end of the last round too (it was cut off there); the first of
    # twenty rounds share a column, so that the last ones and the match fit 80 columns
    set_language(language)
    app = ScorePadApp(names=NAMES[players], rounds=rounds)
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = pad(app).sheet
        for number in range(rounds):
            sheet.toggle(number % sheet.sides, Card(Colour.RED, 10 - number % 9))  # a loss for one side a round
            if number < rounds - 1:
                sheet.finish_round()
        pad(app).show()
        totals = [signed(total) for total in sheet.running]
        await pilot.press("n")
        for box, key in ((RoundOverScreen, "enter"), (MatchOverScreen, "")):
            await until(pilot, partial(laid_out, app, box))
            await assert_nothing_cut(pilot, app)
            heading, *rows = standings_lines(app)
            assert heading.endswith(_("match")) and heading.startswith(" " * max(map(len, sheet.side_names)))
            assert f"{_('round {n}').format(n=rounds)}  " in heading
            if rounds == MAX_ROUNDS:
                assert any(
                    _("rounds {first}–{last}").format(first=1, last=last) in heading for last in range(2, rounds)
                )
            for name, row_text, total in zip(sheet.side_names, rows, totals, strict=True):
                assert row_text.startswith(name) and row_text.endswith(f" {total}")
            if key:
                await pilot.press(key)


async def test_the_key_bars_name_keys_and_what_they_do_as_the_hot_seat_does() -> None:
    # one way across the program: Enter, Esc, Tab, Space, Ctrl+S; what a key does in lower case ("lay", "quit")
    app = ScorePadApp(rounds=1, hand_penalty=True)
    expected = {
        PadSetupScreen: [("Ctrl+S", "start"), ("Esc", "quit")],
        PadScreen: [
            ("Tab", "player"),
            ("Space", "mark"),
            ("w", "wager"),
            ("h", "hand"),
            ("n", "end round"),
            ("?", "keys"),
        ],
        PadHelpScreen: [("Esc", "back")],
        RoundOverScreen: [("Enter", "finish the match"), ("Esc", "back to the pad")],
        MatchOverScreen: [("n", "new match"), ("u", "correct the last round"), ("q", "quit")],
    }
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, partial(laid_out, app, PadSetupScreen))
        assert key_bar(app) == expected[PadSetupScreen]
        for key, following in STEPS:
            await pilot.press(key)
            await until(pilot, partial(laid_out, app, following))
            assert key_bar(app) == expected[following], following


async def test_h_is_listed_only_while_the_hand_penalty_is_on() -> None:
    # R21: h marks the cards left in hand, which count only with the penalty on (p)
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, partial(laid_out, app, PadScreen))
        assert "h" not in dict(key_bar(app))
        await pilot.press("h")  # it still answers: how to switch the penalty on
        assert "press p" in plain(app.screen.query_one("#message", Static).render())
        await pilot.press("p")
        await until(pilot, lambda: "h" in dict(key_bar(app)))
        await pilot.press("p")
        await until(pilot, lambda: "h" not in dict(key_bar(app)))


async def test_escape_leaves_the_form_as_in_the_hot_seat() -> None:
    app = ScorePadApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, partial(laid_out, app, PadSetupScreen))
        await pilot.press(*"Ann", "escape")
    assert app.return_code == 0 and app.sheet is None
