"""The memory aid on the board: ticked in the form, shown as a column of the table, kept in the save."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from lost_cities.ai.knowledge import unseen_cards
from lost_cities.storage import MatchStore
from lost_cities.tui.common.render import compact_cards
from lost_cities.tui.hotseat.app import LostCitiesApp
from lost_cities.tui.hotseat.screens.board import BoardScreen
from lost_cities.tui.hotseat.screens.dialogs import HelpScreen
from lost_cities.tui.hotseat.screens.setup import NewMatchScreen
from tests.tui.helpers import SIZE, board_row, screen_lines, screen_text


def flat(app: LostCitiesApp) -> str:
    return " ".join(screen_text(app).split())


async def test_the_form_turns_the_memory_aid_on_and_the_board_lists_the_cards_not_seen(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    app = LostCitiesApp(store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        assert not form.query_one("#memory-aid", Checkbox).value  # off unless asked for
        form.query_one("#memory-aid", Checkbox).value = True
        await pilot.press(*"Ana", "enter", *"Boris", "ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the pass step
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and app.session.memory_aid
        view = app.session.view()
        assert "unseen" in board_row(app, "head")
        for colour, cards in unseen_cards(view).items():
            assert board_row(app, f"colour-{colour.letter}").rstrip().endswith(compact_cards(cards, 16))
        assert all(len(line) <= SIZE[0] for line in screen_lines(app))
        await pilot.press("d", "n")  # a turn: the first card discarded, then the draw pile
        await pilot.pause()
    saved = store.load_current()
    assert saved is not None and saved.memory_aid and len(saved.record.played[0].turns) == 1
    resumed = LostCitiesApp(store=store, pace=0, start="resume")
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(resumed.screen, BoardScreen) and resumed.session.memory_aid
        assert "unseen" in board_row(resumed, "head")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(resumed.screen, HelpScreen)
        assert "Memory aid: the column “unseen” lists" in flat(resumed)


async def test_without_the_memory_aid_the_board_has_no_such_column(private_data_dir: Path) -> None:
    app = LostCitiesApp(store=MatchStore(private_data_dir), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ana", "enter", *"Boris", "ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and not app.session.memory_aid
        assert "unseen" not in board_row(app, "head")
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Memory aid" not in flat(app)
