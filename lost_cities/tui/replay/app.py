"""The replay app: one screen, a finished match."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from lost_cities.engine import MatchRecord
from lost_cities.limits import ANALYSIS_THINK
from lost_cities.tui.common.base import GameApp
from lost_cities.tui.common.collector import freeze_start_up
from lost_cities.tui.replay.screen import ReplayScreen

if TYPE_CHECKING:
    from lost_cities.storage import MatchStore, SavedMatch

__all__ = ["ReplayApp"]


class ReplayApp(GameApp):
    def __init__(
        self,
        names: Sequence[str],
        record: MatchRecord,
        title: str = "",
        *,
        saved: SavedMatch | None = None,
        store: MatchStore | None = None,
        think: float = ANALYSIS_THINK,
    ) -> None:
        """``saved`` and ``store``: the match as kept and its store, for the analysis (``a``); ``think``: its
        time per decision."""
        super().__init__()
        self._screen = partial(ReplayScreen, names, record, title, saved=saved, store=store, think=think)

    def on_mount(self) -> None:
        self.push_screen(self._screen())
        self.call_after_refresh(freeze_start_up)
