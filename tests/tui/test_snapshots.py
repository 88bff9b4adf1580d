"""SVG snapshots of whole screens at 80×24 in English, French and Russian (update with ``pytest --snapshot-update``).

Longer words must not break the layout: every screen is taken in the three languages, French and Russian among
the slow tests (CI runs them; the key bars' fit in every language is checked in every run, by
``test_keybar_fits``).  Positions come from the engine (a seed, or a position written out), so each snapshot
presses only a few keys.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RadioButton, Select

from lost_cities.session import MatchSettings
from lost_cities.tui.match.match_app import Lesson, Local, MatchApp
from tests.conftest import EVERY_LANGUAGE
from tests.tui.helpers import CROWDED_FOUR, CROWDED_THREE, NAMES_THREE, SIZE, advanced_app, crowded, until

#: the conftest's ``language`` fixture, its French and Russian runs among the slow tests
pytestmark = pytest.mark.parametrize(
    "language",
    EVERY_LANGUAGE,
    indirect=True,
)


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def test_new_match_form(language: str, snap_compare: Any) -> None:
    assert snap_compare(MatchApp(), terminal_size=SIZE)


def test_pass_screen(language: str, snap_compare: Any) -> None:
    assert snap_compare(advanced_app(seed=21, leave=30), terminal_size=SIZE)


def test_board(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "4")

    assert snap_compare(advanced_app(seed=21, leave=30), terminal_size=SIZE, run_before=run_before)


def test_long_game_board_after_a_discard(language: str, snap_compare: Any) -> None:
    # six colour rows (R20), the longest names; the draw step's key bar lists every pile
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "1", "d")

    assert snap_compare(advanced_app(seed=5, leave=30, long=True), terminal_size=SIZE, run_before=run_before)


def test_round_end(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "1", "d", "n")

    app = advanced_app(seed=21, leave=1, hand_penalty=True)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_help(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "question_mark")

    assert snap_compare(advanced_app(seed=21, leave=30), terminal_size=SIZE, run_before=run_before)


def test_round_log(language: str, snap_compare: Any) -> None:
    # fourteen turns: Ana's own draws named, Boris's not
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "l")

    assert snap_compare(advanced_app(seed=21, leave=30), terminal_size=SIZE, run_before=run_before)


def test_three_players_board(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "2")

    assert snap_compare(advanced_app(seed=8, players=3, leave=20), terminal_size=SIZE, run_before=run_before)


def test_three_players_final_laying_on_a_crowded_board(language: str, snap_compare: Any) -> None:
    # R23c: long expeditions on every side still fit in one line each
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "1", "e")

    app = crowded(CROWDED_THREE, 3, NAMES_THREE)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_three_players_round_end(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "s", "enter", "s", "enter", "s")

    app = crowded(CROWDED_THREE, 3, NAMES_THREE)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_four_players_final_laying_on_a_crowded_board(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter")

    assert snap_compare(crowded(CROWDED_FOUR, 4), terminal_size=SIZE, run_before=run_before)


def test_four_players_round_end(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, *["enter", "s"] * 4)

    assert snap_compare(crowded(CROWDED_FOUR, 4), terminal_size=SIZE, run_before=run_before)


@pytest.fixture
def easy_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer plays as the easy level, and every hint searches a fixed number of samples: no clock,
    the same choices every run."""
    from lost_cities.ai.basic import EasyBot
    from lost_cities.ai.search import SearchSettings, ranked

    monkeypatch.setattr("lost_cities.ai.make_bot", lambda *args, **kwargs: EasyBot())
    monkeypatch.setattr(
        "lost_cities.ai.ranked", lambda view, *args, **kwargs: ranked(view, SearchSettings(samples=6), seed=1)
    )


def test_board_alone_against_the_computer_with_a_hint(language: str, snap_compare: Any, easy_everywhere: None) -> None:
    # no pass step; the computer's move said on the table; the hint's card selected
    settings = MatchSettings(names=("Ana", "Computer"), seed=8, first="p2", computers=(None, "hard"))
    app = MatchApp(Local(settings), pace=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: app.table.session.to_move == 0)
        await press(pilot, "h")
        await until(pilot, lambda: app.table.board is not None and app.table.board.my_turn)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_pass_screen_while_a_computer_plays(language: str, snap_compare: Any, easy_everywhere: None) -> None:
    settings = MatchSettings(names=NAMES_THREE, seed=8, computers=(None, "easy", None))
    app = MatchApp(Local(settings), pace=600)  # its move held on screen while the snapshot is taken

    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "1", "d", "n")
        await until(pilot, lambda: app.table.holding)
        await press(pilot, "x")  # its card laid or discarded, shown while it thinks of its draw
        await until(pilot, lambda: app.table.holding)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_new_match_form_with_computers(language: str, snap_compare: Any) -> None:
    # three players, two of them computers: their default names, the thinking time
    async def run_before(pilot: Pilot[None]) -> None:
        form = pilot.app.screen
        form.query_one("#players-3", RadioButton).value = True
        await pilot.pause()
        form.query_one("#who-p2", Select).value = "hard"
        form.query_one("#who-p3", Select).value = "normal"
        await pilot.pause()
        await press(pilot, *"Ana")

    assert snap_compare(MatchApp(), terminal_size=SIZE, run_before=run_before)


def test_lesson_step_with_a_wrong_key_explained(language: str, snap_compare: Any) -> None:
    # the lesson's first move: the rising order, and d pressed where the step wants e
    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "d")

    assert snap_compare(MatchApp(Lesson(), pace=0), terminal_size=SIZE, run_before=run_before)
