"""SVG snapshots of whole screens at 80×24 (update with ``pytest --snapshot-update``)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from lost_cities.tui.app import LostCitiesApp
from tests.tui.conftest import SIZE, fast_forward, make_app, take_turn


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
