"""The score pad app: the players first (once per match), then the pad until they quit."""

from __future__ import annotations

from collections.abc import Sequence

from lost_cities.i18n import _
from lost_cities.score.sheet import ScoreSheet, pad_from_json, pad_to_json
from lost_cities.storage import MatchStore, StorageError
from lost_cities.tui.common.base import GameApp
from lost_cities.tui.common.collector import freeze_start_up
from lost_cities.tui.scorepad.screens import PadScreen, PadSetupScreen, Setup

__all__ = ["ScorePadApp", "unfinished_pad"]


def unfinished_pad(store: MatchStore) -> ScoreSheet | None:
    """The pad left unfinished last time, if any (a finished match is not brought back); :class:`StorageError` if it
    cannot be read."""
    sheet = store.load_pad(pad_from_json)
    return sheet if sheet is not None and not sheet.over else None


class ScorePadApp(GameApp):
    """``lost-cities score`` with no expedition: two, three or four players, rounds kept, totals live.

    ``names`` skips the form (for tests and scripts); their number is the number of
    players.  ``players`` is the form's first choice.  ``new``: a new pad even if one was left unfinished (which
    stays until the new one is started).
    """

    TITLE = "lost-cities score"

    def __init__(
        self,
        names: Sequence[str] | None = None,
        rounds: int = 3,
        long: bool = False,
        hand_penalty: bool = False,
        store: MatchStore | None = None,
        players: int = 2,
        new: bool = False,
    ) -> None:
        super().__init__()
        self.names = tuple(names) if names is not None else None
        self.rounds = rounds
        self.long = long
        self.hand_penalty = hand_penalty
        self.players = len(self.names) if self.names is not None else players
        self.sheet: ScoreSheet | None = None
        self.store = store if store is not None else MatchStore()
        self.new = new
        self._saved: str | None = None

    def on_mount(self) -> None:
        self.call_after_refresh(freeze_start_up)
        self.title = _("Lost Cities score pad")
        if self.names is None and not self.new and (sheet := self._restore()) is not None:
            self.sheet = sheet
            self._saved = pad_to_json(sheet)
            # said on the pad's own message line: a notice would cover its keys for seconds
            back = _("The score pad of {names} is back as you left it (round {n}).").format(
                names=", ".join(sheet.side_names), n=sheet.round_number
            )
            self.push_screen(PadScreen(sheet, self._save, first_words=back))
            return
        if self.names is not None:
            self._start(Setup(self.names, self.rounds, self.long, self.hand_penalty))
        else:
            self.push_screen(PadSetupScreen(self.rounds, self.long, self.hand_penalty, self.players), self._start)

    def _start(self, setup: object) -> None:
        if not isinstance(setup, Setup):
            self.exit()
            return
        self.sheet = ScoreSheet(setup.names, setup.rounds, setup.long, setup.hand_penalty)
        self.push_screen(PadScreen(self.sheet, self._save))

    def _restore(self) -> ScoreSheet | None:
        """The pad left unfinished last time, if any; a finished match is not brought back."""
        try:
            return unfinished_pad(self.store)
        except StorageError as problem:  # damaged: set aside and kept
            self.warn(str(problem))
            return None

    def _save(self, sheet: ScoreSheet) -> None:
        """Save the sheet whenever a mark, a round or a variant changed: nothing marked is lost."""
        data = pad_to_json(sheet)
        if data == self._saved:
            return
        try:
            self.store.save_pad(data)
        except StorageError as problem:
            self.warn(str(problem))
        self._saved = data
