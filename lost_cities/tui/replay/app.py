"""The replay app: one screen, a finished match."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App

from lost_cities.engine import MatchRecord
from lost_cities.tui.common.bindings import quit_hint
from lost_cities.tui.common.collector import freeze_start_up
from lost_cities.tui.replay.screen import ReplayScreen

__all__ = ["ReplayApp"]


class ReplayApp(App[None]):
    TITLE = "Lost Cities"
    CSS_PATH = Path(__file__).parent.parent / "common" / "app.tcss"  # the look the apps share
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, names: Sequence[str], record: MatchRecord, title: str = "") -> None:
        super().__init__()
        self.names = tuple(names)
        self.record = record
        self.title_text = title

    def action_help_quit(self) -> None:
        quit_hint(self)

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.names, self.record, self.title_text))
        self.call_after_refresh(freeze_start_up)
