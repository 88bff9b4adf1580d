"""The hot-seat app: a match as a flow of screens over one :class:`HotSeat` session.

(unfinished match? resume / new) → new-match form → (pass screen → board)* →
end of round → ... → end of match.  The app owns the flow and the autosave;
the rules stay in the engine, reached through the session.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

from textual.app import App

from lost_cities.i18n import _
from lost_cities.session import HotSeat, MatchSettings
from lost_cities.storage import MatchStore, SavedMatch, StorageError, resume_summary
from lost_cities.tui.bindings import quit_hint
from lost_cities.tui.screens.board import BoardScreen
from lost_cities.tui.screens.dialogs import ConfirmQuit, HelpScreen
from lost_cities.tui.screens.match_end import MatchEndScreen
from lost_cities.tui.screens.pass_screen import PassScreen
from lost_cities.tui.screens.resume import ResumeScreen
from lost_cities.tui.screens.round_end import RoundEndScreen
from lost_cities.tui.screens.setup import SetupScreen

#: What to do with a match left unfinished: ask, resume it at once, or keep it aside and start anew.
StartMode = Literal["ask", "resume", "new"]


class LostCitiesApp(App[None]):
    """Two people, one keyboard; every completed turn is saved."""

    CSS_PATH = Path(__file__).parent / "app.tcss"  # absolute, so subclasses elsewhere find it
    TITLE = "Lost Cities"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        settings: MatchSettings | None = None,
        store: MatchStore | None = None,
        start: StartMode = "ask",
    ) -> None:
        super().__init__()
        self.settings = settings
        self.store = store if store is not None else MatchStore()
        self.start_mode = start
        self._session: HotSeat | None = None
        self._saved: SavedMatch | None = None
        self._abandon_on_start = False
        self.board: BoardScreen | None = None

    @property
    def session(self) -> HotSeat:
        if self._session is None:
            raise RuntimeError("no match has started")
        return self._session

    # ------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        saved: SavedMatch | None = None
        try:
            saved = self.store.load_current()
        except StorageError as problem:  # damaged: already set aside and kept
            self.warn(str(problem))
        if self.start_mode == "resume":
            if saved is not None:
                self.resume(saved)
                return
            self.warn(_("There is no unfinished match to resume: start a new one."))
        elif self.start_mode == "new" and saved is not None:
            self._abandon()
            saved = None
        if saved is not None:
            if self.settings is not None:
                new = _("start {a} vs {b}").format(a=self.settings.names[0], b=self.settings.names[1])
            else:
                new = _("set up a new match")
            self.push_screen(
                ResumeScreen(resume_summary(saved), new), lambda choice: self._resume_or_new(saved, choice)
            )
        else:
            self._new_match()

    def _resume_or_new(self, saved: SavedMatch, choice: object) -> None:
        if choice == "resume":
            self.resume(saved)
        else:
            # the unfinished match is set aside only once a new one starts: leaving the form keeps it
            self._abandon_on_start = True
            self._new_match()

    def _abandon(self) -> None:
        try:
            self.store.abandon_current()
        except StorageError as problem:
            self.warn(str(problem))

    def _new_match(self) -> None:
        if self.settings is not None:
            self.start_match(self.settings)
        else:
            self.push_screen(SetupScreen(), self._from_setup)

    def _from_setup(self, settings: object) -> None:
        if isinstance(settings, MatchSettings):
            self.start_match(settings)

    def start_match(self, settings: MatchSettings) -> None:
        if self._abandon_on_start:
            self._abandon_on_start = False
            self._abandon()
        self.settings = settings
        self._session = HotSeat.new(settings)
        self._saved = SavedMatch.start(settings.names, self._session.match)
        self.save()
        self._open_board()
        note = ""
        if self.session.drawn_at_random:
            note = _("Random draw (R5): {name} starts.").format(name=self.session.name(self.session.to_move))
        self.show_pass(note)

    def resume(self, saved: SavedMatch) -> None:
        """Open a saved match on the pass-the-screen step of the player to move (H2)."""
        resumed = saved.resume()
        names = (resumed.names[0], resumed.names[1])
        self._session = HotSeat(names, resumed.match)
        self._saved = saved
        self.settings = MatchSettings(
            names=names,
            rounds=resumed.match.rounds,
            long=resumed.match.rules.long,
            hand_penalty=resumed.match.rules.hand_penalty,
            cooperative=resumed.match.rules.cooperative,
        )
        self.save()
        self._open_board()
        self.show_pass(_("Resumed: {summary}").format(summary=resume_summary(self._saved)))

    def _open_board(self) -> None:
        self.board = BoardScreen()
        self.push_screen(self.board)

    # ------------------------------------------------------------ saving

    def warn(self, message: str) -> None:
        """A problem the players must know of, that does not stop the game."""
        self.notify(message, severity="warning", timeout=15, markup=False)  # it may quote a file or a name

    def save(self) -> None:
        """Autosave the match as of its last completed turn; a failure is told once and play goes on.

        A card played but not yet drawn for is left out: it could still be taken back,
        and a resumed match must not show the other player a card that is back in a hand.
        """
        if self._saved is None or self._session is None:
            return
        self._saved = self._saved.with_match(self._session.match)
        try:
            self.store.save_current(self._saved)
        except StorageError as problem:
            self.warn(str(problem))

    def _file_finished_match(self) -> None:
        if self._saved is None or self._session is None:
            return
        try:
            self._saved = self.store.finish_current(self._saved.with_match(self._session.match))
        except StorageError as problem:
            self.warn(str(problem))

    # ------------------------------------------------------------ the flow of a match

    def show_pass(self, note: str = "") -> None:
        """Hide the table behind the pass-the-screen step (H2); Enter shows the next hand."""
        self.push_screen(PassScreen(note), self._revealed)

    def _revealed(self, _result: object) -> None:
        if self.board is not None:
            self.board.refresh_view()

    def turn_done(self) -> None:
        """Called by the board after a draw: save, then the next pass step or the round's end (R10)."""
        if self.session.round.over and not self.session.match.more_rounds:
            self._file_finished_match()
        else:
            self.save()
        if self.session.round.over:
            self.push_screen(RoundEndScreen(), self._after_round)
        else:
            self.show_pass()

    def _after_round(self, _result: object) -> None:
        match = self.session.match
        if match.more_rounds:
            self.session.next_round()
            self.save()
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
        self._session = None
        self._saved = None
        previous = replace(self.settings, seed=None) if self.settings else None
        self.push_screen(SetupScreen(previous), self._from_setup)

    def action_help_quit(self) -> None:
        quit_hint(self)

    def show_help(self) -> None:
        self.push_screen(HelpScreen())

    def confirm_quit(self) -> None:
        if self._session is not None and not self.session.match.over:
            if self.store.save_problem is None:
                message = _("Quit now? The match is saved: lost-cities play offers to resume it.")
            else:
                message = _("Quit now? The match cannot be saved, so it will be lost.")
        else:
            message = _("Quit?")
        self.push_screen(ConfirmQuit(message), lambda yes: self._quit() if yes else None)

    def _quit(self) -> None:
        if self._session is not None and not self.session.match.over:
            self.save()
        self.exit()

    async def action_quit(self) -> None:
        """Ctrl+Q: save first, then quit at once."""
        self._quit()
