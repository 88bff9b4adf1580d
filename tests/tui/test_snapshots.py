"""SVG snapshots of whole screens at 80×24 (update with ``pytest --snapshot-update``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot

from lost_cities.i18n import set_language
from lost_cities.tui.app import LostCitiesApp
from tests.tui.conftest import SIZE, fast_forward, make_app, take_turn


@pytest.fixture(params=["fr", "ru"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """French, then Russian, set before the app builds its screens; English again afterwards."""
    set_language(request.param)
    yield request.param
    set_language("en")


def test_new_match_form(snap_compare: Any) -> None:
    assert snap_compare(LostCitiesApp(), terminal_size=SIZE)


def test_pass_screen(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(5):
            await take_turn(pilot, pilot.app)  # type: ignore[arg-type]

    assert snap_compare(make_app(seed=21), terminal_size=SIZE, run_before=run_before)


def test_board(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(9):
            await take_turn(pilot, pilot.app)  # type: ignore[arg-type]
        await pilot.press("enter", "4")

    assert snap_compare(make_app(seed=21), terminal_size=SIZE, run_before=run_before)


def test_round_end(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        app: LostCitiesApp = pilot.app  # type: ignore[assignment]
        for _ in range(12):
            await take_turn(pilot, app)
        fast_forward(app, leave=1)
        await take_turn(pilot, app)

    assert snap_compare(make_app(seed=21, hand_penalty=True), terminal_size=SIZE, run_before=run_before)


# Longer words must not break the layout at 80×24: the same screens in French and Russian.


def test_board_in(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(9):
            await take_turn(pilot, pilot.app)  # type: ignore[arg-type]
        await pilot.press("enter", "4")

    assert snap_compare(make_app(seed=21), terminal_size=SIZE, run_before=run_before)


def test_long_game_board_after_a_discard_in(language: str, snap_compare: Any) -> None:
    # six colour columns (R20), the longest names; the draw step's key bar lists every pile
    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(6):
            await take_turn(pilot, pilot.app, prefer_lay=False)  # type: ignore[arg-type]
        await pilot.press("enter", "1", "d")

    assert snap_compare(make_app(seed=5, long=True), terminal_size=SIZE, run_before=run_before)


def test_round_end_in(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        app: LostCitiesApp = pilot.app  # type: ignore[assignment]
        for _ in range(12):
            await take_turn(pilot, app)
        fast_forward(app, leave=1)
        await take_turn(pilot, app)

    assert snap_compare(make_app(seed=21, hand_penalty=True), terminal_size=SIZE, run_before=run_before)


def test_help_in(language: str, snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "question_mark")

    assert snap_compare(make_app(seed=21), terminal_size=SIZE, run_before=run_before)


def test_new_match_form_in(language: str, snap_compare: Any) -> None:
    assert snap_compare(LostCitiesApp(), terminal_size=SIZE)
