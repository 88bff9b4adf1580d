"""The score pad app: names first (once per match), then the pad until the players quit."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App

from lost_cities.i18n import _
from lost_cities.score.sheet import ScoreSheet
from lost_cities.tui.bindings import quit_hint
from lost_cities.tui.scorepad.screens import PadScreen, Setup, SetupScreen

__all__ = ["ScorePadApp"]


class ScorePadApp(App[None]):
    """``lost-cities score`` with no expedition: two players, rounds kept, totals live.

    ``names`` skips the question of the names (for tests and scripts).
    """

    CSS_PATH = "scorepad.tcss"
    TITLE = "lost-cities score"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        names: Sequence[str] | None = None,
        rounds: int = 3,
        long: bool = False,
        hand_penalty: bool = False,
    ) -> None:
        super().__init__()
        self.names = tuple(names) if names is not None else None
        self.rounds = rounds
        self.long = long
        self.hand_penalty = hand_penalty
        self.sheet: ScoreSheet | None = None

    def on_mount(self) -> None:
        self.title = _("Lost Cities score pad")
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
        self.push_screen(PadScreen(self.sheet))
