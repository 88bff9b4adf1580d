"""SVG snapshots of whole screens at 80×24 in English, French and Russian (update with ``pytest --snapshot-update``).

Longer words must not break the layout: every screen is taken in the three languages.  Positions come
from the engine (a seed, or a position written out), so each snapshot presses only a few keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RadioButton, Select

from lost_cities.engine import Round, Rules
from lost_cities.i18n import set_language
from lost_cities.session import MatchSettings
from lost_cities.tui.hotseat.app import LostCitiesApp
from tests.tui.helpers import SIZE, advanced_app, app_at, until

#: Three players at the end of a long round: two 8- or 9-card expeditions on every side, full hands (R23).
CROWDED_THREE = (
    "y8 y9 y10 bw b10 ww w9 / w10 gw gw g9 g10 r8 r9 / r10 pw pw p8 p9 p10 bw | "
    "yw yw yw y2 y3 y4 y5 y6 y7 bw b2 b3 b4 b5 b6 b7 b8 b9 / ww ww w2 w3 w4 w5 w6 w7 w8 gw g2 g3 g4 g5 g6 g7 g8 / "
    "rw rw rw r2 r3 r4 r5 r6 r7 pw p2 p3 p4 p5 p6 p7 | - | - | 0"
)
#: Four players in two teams: four 12-card expeditions, partners' hands apart (R24).
CROWDED_FOUR = (
    "rw r2 r3 r4 r5 r6 / rw rw r7 r8 r9 r10 / pw p2 p3 p4 p5 p6 / pw pw p7 p8 p9 p10 | "
    "yw yw yw y2 y3 y4 y5 y6 y7 y8 y9 y10 bw bw bw b2 b3 b4 b5 b6 b7 b8 b9 b10 / "
    "ww ww ww w2 w3 w4 w5 w6 w7 w8 w9 w10 gw gw gw g2 g3 g4 g5 g6 g7 g8 g9 g10 | - | - | 0"
)
NAMES_THREE = ("Konstantinos", "Alexandrina", "Zoë")


@pytest.fixture(params=["en", "fr", "ru"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each language in turn, set before the app builds its screens; English again afterwards."""
    set_language(request.param)
    yield request.param
    set_language("en")


def crowded(position: str, players: int, names: tuple[str, ...] | None = None) -> LostCitiesApp:
    rules = Rules(players=players, long=True, hand_penalty=True)
    return app_at(Round.from_position(position, rules), rounds=3, names=names)


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def test_new_match_form(language: str, snap_compare: Any) -> None:
    assert snap_compare(LostCitiesApp(), terminal_size=SIZE)


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
    """Every computer and every hint plays as the easy level: no clock, the same choice every run."""
    from lost_cities.ai.basic import EasyBot

    monkeypatch.setattr("lost_cities.ai.make_bot", lambda *args, **kwargs: EasyBot())


def test_board_alone_against_the_computer_with_a_hint(language: str, snap_compare: Any, easy_everywhere: None) -> None:
    # no pass step; the computer's move said on the table; the hint's card selected
    settings = MatchSettings(names=("Ana", "Computer"), seed=8, first="p2", computers=(None, "hard"))
    app = LostCitiesApp(settings, pace=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: app.session.to_move == 0)
        await press(pilot, "h")
        await until(pilot, lambda: app.board is not None and app.board.my_turn)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_pass_screen_while_a_computer_plays(language: str, snap_compare: Any, easy_everywhere: None) -> None:
    settings = MatchSettings(names=NAMES_THREE, seed=8, computers=(None, "easy", None))
    app = LostCitiesApp(settings, pace=600)  # its move held on screen while the snapshot is taken

    async def run_before(pilot: Pilot[None]) -> None:
        await press(pilot, "enter", "1", "d", "n")
        await until(pilot, lambda: app.holding)
        await press(pilot, "x")  # its card laid or discarded, shown while it thinks of its draw
        await until(pilot, lambda: app.holding)

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

    assert snap_compare(LostCitiesApp(), terminal_size=SIZE, run_before=run_before)
