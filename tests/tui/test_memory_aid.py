"""The memory aid on the board: ticked in the form, shown as a column of the table, kept in the save."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox

from lost_cities.ai.knowledge import unseen_cards
from lost_cities.engine import Match, Round, Rules
from lost_cities.session import HotSeat
from lost_cities.storage import MatchStore
from lost_cities.tui.common.render import compact_cards
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.dialogs import HelpScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from lost_cities.words import signed
from tests.tui.helpers import (
    CROWDED_FOUR,
    CROWDED_THREE,
    NAMES,
    NAMES_THREE,
    SIZE,
    board_row,
    screen_lines,
    screen_text,
)


def flat(app: MatchApp) -> str:
    return " ".join(screen_text(app).split())


async def test_the_form_turns_the_memory_aid_on_and_the_board_lists_the_cards_not_seen(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    app = MatchApp(store=store, pace=0)
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
        assert isinstance(app.screen, BoardScreen) and app.table.session.memory_aid
        view = app.table.session.view()
        assert "unseen" in board_row(app, "head")
        for colour, cards in unseen_cards(view).items():
            assert board_row(app, f"colour-{colour.letter}").rstrip().endswith(compact_cards(cards, 16, short=True))
        assert all(len(line) <= SIZE[0] for line in screen_lines(app))
        await pilot.press("d", "n")  # a turn: the first card discarded, then the draw pile
        await pilot.pause()
    saved = store.load_current()
    assert saved is not None and saved.memory_aid and len(saved.record.played[0].turns) == 1
    resumed = MatchApp(Local(start="resume"), store=store, pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(resumed.screen, BoardScreen) and resumed.table.session.memory_aid
        assert "unseen" in board_row(resumed, "head")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(resumed.screen, HelpScreen)
        assert "Memory aid: the column “unseen” lists" in flat(resumed)


async def test_without_the_memory_aid_the_board_has_no_such_column(private_data_dir: Path) -> None:
    app = MatchApp(store=MatchStore(private_data_dir), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ana", "enter", *"Boris", "ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and not app.table.session.memory_aid
        assert "unseen" not in board_row(app, "head")
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Memory aid" not in flat(app)


@pytest.mark.parametrize(("position", "players"), [(CROWDED_THREE, 3), (CROWDED_FOUR, 4)])
async def test_the_memory_aid_fits_a_crowded_board_of_three_and_four_at_80_by_24(position: str, players: int) -> None:
    rules = Rules(players=players, long=True, hand_penalty=True)
    round_ = Round.from_position(position, rules)
    match = Match(rules, rounds=3, first=round_.starter, seed=1)
    match.played[0] = round_
    app = MatchApp(Local(session=HotSeat(NAMES_THREE if players == 3 else NAMES[:4], match, memory_aid=True)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        view = app.table.session.view()
        for colour, cards in unseen_cards(view).items():
            row = board_row(app, f"colour-{colour.letter}")
            # one way throughout (found by a newcomer: "× × 9 10" beside "××× 2–10"), the legend saying it
            shown = compact_cards(cards, 16, short=True) if cards else "—"
            assert row.rstrip().endswith(" " + shown) and "…" not in shown  # every unseen card named
            assert len(row) <= SIZE[0] - 2
            for side in view.scores:  # the sides' scores still shown beside the aid
                expedition = side.expeditions[rules.colours.index(colour)]
                if expedition.started:
                    assert signed(expedition.score) in row
        assert "The draw pile is empty" in screen_text(app)  # the prompt still has its room


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_long_team_names_beside_the_memory_aid_keep_both_partners(language: str) -> None:
    # found by a newcomer: "Maximiliana & Alex…", the second partner all but lost; each is cut instead, evenly
    from lost_cities.i18n import set_language

    names = ("Maximiliana", "Bartholomew", "Alexandra", "Konstantin")
    set_language(language)
    try:
        app = MatchApp(Local(session=HotSeat(names, Match(Rules(players=4), rounds=3, seed=1), memory_aid=True)))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, BoardScreen)
            head = board_row(app, "head")
    finally:
        set_language("en")
    joined = "&" if language == "en" else "и"
    assert f"Maximil… {joined} Alexand…" in head and f"Bartho… {joined} Konstan…" in head
    assert len(head.rstrip()) <= SIZE[0] - 2


def test_a_team_name_is_cut_only_as_far_as_its_column_needs() -> None:
    from lost_cities.tui.common.board_grid import side_heads

    rules = Rules(players=4)
    names = ("Maximiliana", "Bo", "Ana", "Konstantin")
    # the shorter partner keeps their whole name and the longer takes the rest; a name that fits is left whole
    assert side_heads(names, rules, (16, 30)) == ("Maximilia… & Ana", "Bo & Konstantin")
    assert side_heads(names, rules, (17, 12)) == ("Maximiliana & Ana", "Bo & Konsta…")
    assert side_heads(("Ana", "Bo", "Cy", "Di"), Rules(players=2), (2, 2)) == ("Ana", "Bo")  # no team: as it is
