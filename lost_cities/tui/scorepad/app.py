"""The score pad app: names first (once per match), then the pad until the players quit."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App

from lost_cities.i18n import _
from lost_cities.score.sheet import ScoreSheet, sheet_from_dict, sheet_to_dict
from lost_cities.storage import MatchStore, StorageError
from lost_cities.tui.common.bindings import quit_hint
from lost_cities.tui.scorepad.screens import PadScreen, Setup, SetupScreen

__all__ = ["ScorePadApp"]


class ScorePadApp(App[None]):
    """``lost-cities score`` with no expedition: two players, rounds kept, totals live.

    ``names`` skips the question of the names (for tests and scripts).
    """

    CSS_PATH = Path(__file__).parent / "scorepad.tcss"
    TITLE = "lost-cities score"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        names: Sequence[str] | None = None,
        rounds: int = 3,
        long: bool = False,
        hand_penalty: bool = False,
        store: MatchStore | None = None,
    ) -> None:
        super().__init__()
        self.names = tuple(names) if names is not None else None
        self.rounds = rounds
        self.long = long
        self.hand_penalty = hand_penalty
        self.sheet: ScoreSheet | None = None
        self.store = store if store is not None else MatchStore()
        self._saved: dict[str, object] | None = None

    def on_mount(self) -> None:
        self.title = _("Lost Cities score pad")
        if self.names is None and (sheet := self._restore()) is not None:
            self.sheet = sheet
            self._saved = sheet_to_dict(sheet)
            self.push_screen(PadScreen(sheet, self._save))
            self.notify(
                _("The score pad of {a} and {b} is back as you left it (round {n}).").format(
                    a=sheet.names[0], b=sheet.names[1], n=sheet.round_number
                ),
                timeout=8,
            )
            return
        if self.names is not None:
            self._start(Setup((self.names[0], self.names[1]), self.rounds, self.long, self.hand_penalty))
        else:
            self.push_screen(SetupScreen(self.rounds, self.long, self.hand_penalty), self._start)

    def action_help_quit(self) -> None:
        quit_hint(self)

    def _start(self, setup: Setup | None) -> None:
        if setup is None:
            self.exit()
            return
        self.sheet = ScoreSheet(setup.names, setup.rounds, setup.long, setup.hand_penalty)
        self.push_screen(PadScreen(self.sheet, self._save))

    def _restore(self) -> ScoreSheet | None:
        """The pad left unfinished last time, if any; a finished match is not brought back."""
        try:
            sheet = self.store.load_pad(sheet_from_dict)
        except StorageError as problem:  # damaged: set aside and kept
            self.notify(str(problem), severity="warning", timeout=15)
            return None
        return sheet if sheet is not None and not sheet.over else None

    def _save(self, sheet: ScoreSheet) -> None:
        """Save the sheet whenever a mark, a round or a variant changed: nothing marked is lost."""
        data = sheet_to_dict(sheet)
        if data == self._saved:
            return
        try:
            self.store.save_pad(data)
        except StorageError as problem:
            self.notify(str(problem), severity="warning", timeout=15)
        self._saved = data
