"""A whole game by mouse (or by a finger, in the browser): every entry of the key bar is a button, a card clicked
twice is laid, a click on its discard pile discards it, and a click on the draw pile or a discard pile draws — the
same requests as the keys, refused the same way."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot

from lost_cities.engine import Colour, Match, Phase, Rules
from lost_cities.tui.common.board_grid import GAP, LABEL_WIDTH, BoardGrid
from lost_cities.tui.common.keybar import KeyBar, entry_spans
from lost_cities.tui.match.match_app import MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.dialogs import ConfirmQuit, HelpScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.round_end import RoundEndScreen
from lost_cities.tui.match.widgets.hand import LABEL_WIDTH as HAND_LABEL_WIDTH
from lost_cities.tui.match.widgets.hand import SLOT_WIDTH, HandView
from lost_cities.tui.replay import ReplayApp
from tests.tui.helpers import SIZE, advance, engine, make_app, message, screen_text, until


def entry_place(app: App[Any], key: str) -> tuple[int, int]:
    """Where the key bar's entry of ``key`` (as the bar writes it) is, as an offset into the bar (its padding
    included)."""
    bar = app.screen.query_one(KeyBar)
    index = next(number for number, (shown, _label) in enumerate(bar.keys) if shown == key)
    rows = entry_spans(bar.keys, bar.content_region.width)
    y, start = next((y, start) for y, row in enumerate(rows) for entry, start, _end in row if entry == index)
    return start + 1 + bar.styles.padding.left, y


async def click_entry(pilot: Pilot[None], app: App[Any], key: str) -> None:
    await pilot.click(KeyBar, offset=entry_place(app, key))
    await pilot.pause()


async def click_card(pilot: Pilot[None], index: int) -> None:
    hand = pilot.app.screen.query_one(HandView)
    left = hand.styles.gutter.left + HAND_LABEL_WIDTH  # the cards begin right of the label
    await pilot.click(HandView, offset=(left + index * SLOT_WIDTH + 3, 1))
    await pilot.pause()


async def click_pile(pilot: Pilot[None], app: MatchApp, colour: Colour) -> None:
    """A click on ``colour``'s discard pile, in the table's last column."""
    grid = app.screen.query_one(BoardGrid)
    x = grid.styles.padding.left + LABEL_WIDTH + sum(GAP + width for width in grid._widths) + GAP + 1
    await pilot.click(BoardGrid, offset=(x, grid.rows[f"colour-{colour.letter}"]))
    await pilot.pause()


async def click_draw_pile(pilot: Pilot[None]) -> None:
    await pilot.click("#status")
    await pilot.pause()


async def turn_by_pointer(pilot: Pilot[None], app: MatchApp) -> None:
    """A turn with the mouse alone: the pass screen's entry, then a card laid (clicked twice) or the first card
    discarded (clicked, then its pile), then the draw pile."""
    assert isinstance(app.screen, PassScreen), app.screen
    await click_entry(pilot, app, "Enter")
    assert isinstance(app.screen, BoardScreen)
    view = app.table.session.view()
    lays = [play.card for play in view.legal_plays if not play.discard]
    if lays:
        index = view.hand.index(lays[0])
        await click_card(pilot, index)
        await click_card(pilot, index)
    else:
        await click_card(pilot, 0)
        await click_pile(pilot, app, view.hand[0].colour)
    assert app.table.session.view().phase is Phase.DRAW, message(app)
    await click_draw_pile(pilot)


@pytest.mark.slow
async def test_a_whole_round_is_played_by_clicks_alone() -> None:
    app = make_app(seed=11, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        turns = 0
        while not app.table.session.round_over:
            pile = engine(app).current.draw_pile_size
            await turn_by_pointer(pilot, app)
            turns += 1
            assert app.table.session.round_over or engine(app).current.draw_pile_size == pile - 1
        assert turns == 44 and isinstance(app.screen, RoundEndScreen)
        await click_entry(pilot, app, "Enter")
        assert isinstance(app.screen, PassScreen) and engine(app).round_number == 2


async def test_a_card_clicked_twice_is_laid_and_a_click_on_its_pile_discards_it() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_entry(pilot, app, "Enter")
        view = app.table.session.view()
        lay = next(play.card for play in view.legal_plays if not play.discard)
        index = view.hand.index(lay)
        await click_card(pilot, index)
        assert app.table.session.view().phase is Phase.PLAY and app.screen.scene.selected == index  # selected only
        await click_card(pilot, index)
        after = app.table.session.view()
        assert after.phase is Phase.DRAW and lay in after.expedition(0, lay.colour)
        await click_entry(pilot, app, "u")
        card = app.table.session.view().hand[0]
        await click_card(pilot, 0)
        await click_pile(pilot, app, card.colour)
        assert app.table.session.view().discard_tops[view.rules.colours.index(card.colour)] == card


async def test_a_discard_pile_one_may_not_draw_from_says_why_with_its_rule() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_entry(pilot, app, "Enter")
        card = app.table.session.view().hand[0]
        await click_card(pilot, 0)
        await click_pile(pilot, app, card.colour)
        await click_pile(pilot, app, card.colour)  # the card just discarded: not to be drawn back (R7)
        assert "R7" in message(app) and app.table.session.view().phase is Phase.DRAW
        await click_draw_pile(pilot)
        assert isinstance(app.screen, PassScreen)  # drawn: the turn is over


async def test_the_key_bar_lights_the_entry_under_the_pointer_and_a_click_does_what_its_key_does() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_entry(pilot, app, "Enter")
        x, y = entry_place(app, "?")
        await pilot.hover(KeyBar, offset=(x + 4, y))
        bar = app.screen.query_one(KeyBar)
        line: Text = bar.line(y)
        lit = [line.plain[span.start : span.end] for span in line.spans if "underline" in str(span.style)]
        assert lit == ["help"]
        await pilot.click(KeyBar, offset=(x, y))
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.click(".hint")  # "Press Escape to go back.": clicked, it goes back
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))


async def test_the_pass_screens_prompt_clicked_shows_the_hand() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#pass-prompt")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))


async def test_in_a_tall_window_the_board_sits_in_the_middle_and_at_80_by_24_as_ever() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(140, 42)) as pilot:
        await pilot.pause()
        await click_entry(pilot, app, "Enter")
        assert app.screen.has_class("-roomy")
        table, keys = app.screen.query_one("TableArea"), app.screen.query_one(KeyBar)
        above, below = table.region.y, keys.region.y - app.screen.query_one("#message").region.bottom
        assert above > 3 and below > 3  # room above the table and under the message, not all of it below
        await pilot.resize_terminal(*SIZE)
        # the new size reaches the screen in its own time: one idle moment of the pilot was not always enough
        await until(
            pilot, lambda: not app.screen.has_class("-roomy") and app.screen.query_one("TableArea").region.y == 0
        )


async def test_quitting_is_asked_and_answered_by_clicks() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_entry(pilot, app, "Enter")
        await click_entry(pilot, app, "q")  # the board's "q quit": the question
        await until(pilot, lambda: isinstance(app.screen, ConfirmQuit))
        await click_entry(pilot, app, "n")  # "n keep playing"
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        await click_entry(pilot, app, "q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmQuit))
        await click_entry(pilot, app, "y")  # "y quit"
        await until(pilot, lambda: not app.is_running)  # saved and gone


async def test_a_replay_steps_on_and_back_by_clicks() -> None:
    match = Match(Rules(), rounds=1, seed=4)
    advance(match.current, 0)
    app = ReplayApp(("Ana", "Boris"), match.record(), "Ana vs Boris")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):
            await click_entry(pilot, app, "→")
        assert "turn 3 of" in screen_text(app)
        await click_entry(pilot, app, "←")
        assert "turn 2 of" in screen_text(app)


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
async def test_the_new_match_form_is_filled_in_and_started_by_clicks() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#p1")
        await pilot.press(*"Ana")
        await pilot.click("#p2")
        await pilot.press(*"Boris")
        for choice in ("#first-p2", "#long"):  # a radio button and a tick box, clicked
            await pilot.click(choice)
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert (
            app.table.session.names == ("Ana", "Boris")
            and app.table.session.to_move == 1
            and app.table.session.rules.long
        )
