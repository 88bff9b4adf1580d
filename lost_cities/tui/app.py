"""The hot-seat app: a match as a flow of screens over one :class:`HotSeat` session.

new-match form → (pass screen → board)* → end of round → ... → end of match.
The app owns the flow; the rules stay in the engine, reached through the session.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import App

from lost_cities.i18n import _
from lost_cities.session import HotSeat, MatchSettings
from lost_cities.tui.bindings import quit_hint
from lost_cities.tui.screens.board import BoardScreen
from lost_cities.tui.screens.dialogs import ConfirmQuit, HelpScreen
from lost_cities.tui.screens.match_end import MatchEndScreen
from lost_cities.tui.screens.pass_screen import PassScreen
from lost_cities.tui.screens.round_end import RoundEndScreen
from lost_cities.tui.screens.setup import SetupScreen


class LostCitiesApp(App[None]):
    """Two people, one keyboard."""

    CSS_PATH = Path(__file__).parent / "app.tcss"  # absolute, so subclasses elsewhere find it
    TITLE = "Lost Cities"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, settings: MatchSettings | None = None) -> None:
        super().__init__()
        self.settings = settings
        self._session: HotSeat | None = None
        self.board: BoardScreen | None = None

    @property
    def session(self) -> HotSeat:
        if self._session is None:
            raise RuntimeError("no match has started")
        return self._session

    def on_mount(self) -> None:
        if self.settings is not None:
            self.start_match(self.settings)
        else:
            self.push_screen(SetupScreen(), self._from_setup)

    def _from_setup(self, settings: object) -> None:
        if isinstance(settings, MatchSettings):
            self.start_match(settings)

    def start_match(self, settings: MatchSettings) -> None:
        self.settings = settings
        self._session = HotSeat.new(settings)
        self.board = BoardScreen()
        self.push_screen(self.board)
        note = ""
        if self.session.drawn_at_random:
            note = _("Random draw (R5): {name} starts.").format(name=self.session.name(self.session.to_move))
        self.show_pass(note)

    def show_pass(self, note: str = "") -> None:
        """Hide the table behind the pass-the-screen step (H2); Enter shows the next hand."""
        self.push_screen(PassScreen(note), self._revealed)

    def _revealed(self, _result: object) -> None:
        if self.board is not None:
            self.board.refresh_view()

    def turn_done(self) -> None:
        """Called by the board after a draw: the next player's pass step, or the round's end (R10)."""
        if self.session.round.over:
            self.push_screen(RoundEndScreen(), self._after_round)
        else:
            self.show_pass()

    def _after_round(self, _result: object) -> None:
        match = self.session.match
        if match.more_rounds:
            self.session.next_round()
            starter = self.session.name(self.session.to_move)
            self.show_pass(_("Round {n}: {name} starts.").format(n=match.round_number, name=starter))
        else:
            self.push_screen(MatchEndScreen(), self._after_match)

    def _after_match(self, choice: object) -> None:
        if choice != "again":
            self.exit()
            return
        self.pop_screen()  # the board of the finished match
        self.board = None
        previous = replace(self.settings, seed=None) if self.settings else None
        self.push_screen(SetupScreen(previous), self._from_setup)

    def action_help_quit(self) -> None:
        quit_hint(self)

    def show_help(self) -> None:
        self.push_screen(HelpScreen())

    def confirm_quit(self) -> None:
        message = _("Quit this match?")
        self.push_screen(ConfirmQuit(message), lambda yes: self.exit() if yes else None)
