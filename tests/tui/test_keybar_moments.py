"""The key bar keeps what it listed at each of the board's moments and lists a moment met again from memory:
at every key of a turn, its taking back, the next player's turn and a whole lesson, it lists exactly what it
lists when it asks every binding afresh."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from lost_cities.session import MatchSettings
from lost_cities.storage import MatchStore
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.match.match_app import Lesson, Local, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.lesson import LessonBoard
from tests.tui.helpers import NAMES, SIZE, key_bar
from tests.tui.test_learn import right_keys

#: two turns at one keyboard with their pass screens, a card played and taken back, selections, refusals
TURNS = ["enter", "1", "d", "u", "3", "right", "e", "y", "n", "enter", "2", "e", "b", "n", "enter", "1", "d", "u"]


async def bars(
    app: MatchApp, next_keys: Callable[[MatchApp], list[str] | None], monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, str]]:
    """After each key ``next_keys`` gives, until it gives none: what the bar lists (from memory, where the moment
    was met before), and what it lists when it asks every binding afresh."""
    listed = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while (keys := next_keys(app)) is not None:
            for key in keys:
                await press(pilot, key)
                bar = app.screen.query_one(KeyBar)
                remembered = key_bar(app)
                with monkeypatch.context() as patch:
                    for board in (BoardScreen, LessonBoard):  # no moment to remember: every binding asked
                        patch.setattr(board, "key_moment", lambda _self: None)
                    bar.refresh_keys()
                    listed.append((remembered, key_bar(app)))
                bar.refresh_keys()
    return listed


async def press(pilot: Pilot[None], key: str) -> None:
    await pilot.press(key)
    for _turn in range(5):  # the lesson's other player answers at no pace
        await pilot.pause()


def script(keys: list[str]) -> Callable[[MatchApp], list[str] | None]:
    remaining = iter(keys)
    return lambda _app: [key] if (key := next(remaining, None)) is not None else None


def lesson_steps(app: MatchApp) -> list[str] | None:
    return None if not isinstance(app.screen, BoardScreen) else right_keys(app)


@pytest.mark.parametrize("case", ["turns", pytest.param("lesson", marks=pytest.mark.slow)])
async def test_the_bar_from_memory_lists_what_it_lists_afresh(
    case: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if case == "lesson":
        app, keys = MatchApp(Lesson(), pace=0), lesson_steps
    else:
        app, keys = MatchApp(Local(MatchSettings(names=NAMES[:2], seed=3)), store=MatchStore(tmp_path)), script(TURNS)
    listed = await bars(app, keys, monkeypatch)
    remembered, afresh = [bar for bar, _ in listed], [bar for _, bar in listed]
    assert remembered == afresh and len(afresh) >= len(TURNS)
    assert len(set(afresh)) >= 4  # the moments differ: selecting, drawing, the pass screen, the lesson's Enter
