"""The hot-seat app: a match as a flow of screens over one :class:`HotSeat` session.

(unfinished match? resume / new) → new-match form → (pass screen → board)* →
end of round → ... → end of match.  The app owns the flow and the autosave:
screens are given what they show, return typed results, and report turns,
help and quitting as messages (:mod:`.messages`).  The rules stay in the
engine, reached through the session.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

from textual.app import App

from lost_cities.i18n import _
from lost_cities.session import HotSeat, MatchSettings
from lost_cities.storage import MatchStore, SavedMatch, StorageError, resume_summary
from lost_cities.tui.common.bindings import quit_hint
from lost_cities.tui.hotseat.messages import HelpRequested, QuitRequested, TurnDone
from lost_cities.tui.hotseat.screens.board import BoardScreen
from lost_cities.tui.hotseat.screens.dialogs import ConfirmQuit, HelpScreen
from lost_cities.tui.hotseat.screens.match_end import MatchEndChoice, MatchEndScreen
from lost_cities.tui.hotseat.screens.pass_screen import PassScreen
from lost_cities.tui.hotseat.screens.resume import ResumeChoice, ResumeScreen
from lost_cities.tui.hotseat.screens.round_end import RoundEndScreen
from lost_cities.tui.hotseat.screens.setup import NewMatchScreen

__all__ = ["LostCitiesApp", "StartMode"]

#: What to do with a match left unfinished: ask, resume it at once, or keep it aside and start anew.
StartMode = Literal["ask", "resume", "new"]


class LostCitiesApp(App[None]):
    """People at one keyboard; every completed turn is saved."""

    CSS_PATH = Path(__file__).parent / "app.tcss"  # absolute, so subclasses elsewhere find it
    TITLE = "Lost Cities"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        settings: MatchSettings | None = None,
        store: MatchStore | None = None,
        start: StartMode = "ask",
        session: HotSeat | None = None,
    ) -> None:
        """``settings`` start a new match without the form; ``session`` plays a match already set up
        (a position built through the engine, for tests and tools) without asking about saves."""
        super().__init__()
        self.settings = settings
        self.store = store if store is not None else MatchStore()
        self.start_mode = start
        self._given = session
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
        if self._given is not None:
            self._play(self._given, "")
            return
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
        if saved is None:
            self._new_match()
            return
        if self.settings is not None:
            new = _("start {names}").format(names=" – ".join(self.settings.names))
        else:
            new = _("set up a new match")
        self.push_screen(ResumeScreen(resume_summary(saved), new), lambda choice: self._resume_or_new(saved, choice))

    def _resume_or_new(self, saved: SavedMatch, choice: ResumeChoice | None) -> None:
        if choice is None:
            self.exit()
        elif choice is ResumeChoice.RESUME:
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
            self.push_screen(NewMatchScreen(), self._from_setup)

    def _from_setup(self, settings: MatchSettings | None) -> None:
        if settings is None:
            self.exit()
        else:
            self.start_match(settings)

    def start_match(self, settings: MatchSettings) -> None:
        if self._abandon_on_start:
            self._abandon_on_start = False
            self._abandon()
        self.settings = settings
        session = HotSeat.new(settings)
        note = ""
        if session.drawn_at_random:
            note = _("Random draw (R5): {name} starts.").format(name=session.name(session.to_move))
        self._play(session, note)

    def _play(self, session: HotSeat, note: str | None, saved: SavedMatch | None = None) -> None:
        """Start saving and playing ``session``; then the first pass-the-screen step, unless ``note`` is ``None``."""
        self._session = session
        self.settings = self.settings or session.settings
        self._saved = saved if saved is not None else SavedMatch.start(session.names, session.match)
        self.save()
        self._open_board()
        if note is not None:
            self.show_pass(note)

    def resume(self, saved: SavedMatch) -> None:
        """Open a saved match on the pass-the-screen step of the player to move (H2)."""
        resumed = saved.resume()
        self._play(HotSeat(tuple(resumed.names), resumed.match), None, saved)
        self.show_pass(_("Resumed: {summary}").format(summary=resume_summary(saved)))

    def _open_board(self) -> None:
        self.board = BoardScreen(self.session)
        self.push_screen(self.board)

    # ------------------------------------------------------------ saving

    def warn(self, message: str) -> None:
        """A problem the players must know of, that does not stop the game."""
        self.notify(message, severity="warning", timeout=15, markup=False)  # it may quote a file or a name

    def save(self) -> None:
        """Autosave the match as of its last completed turn; a failure is told once and play goes on.

        The save leaves out a card played but not yet drawn for (:meth:`SavedMatch.with_match`).
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
        """Hide the table behind the pass-the-screen step (H2, R24d); Enter shows the next hand."""
        session = self.session
        self.push_screen(PassScreen(session.public_view(), session.standing(), session.names, note), self._revealed)

    def _revealed(self, _result: None) -> None:
        if self.board is not None:
            self.board.start_turn()

    def on_turn_done(self, _message: TurnDone) -> None:
        """A player has finished their turn: save, then the next pass step or the round's end (R10, R23c)."""
        session = self.session
        if session.round.over and not session.match.more_rounds:
            self._file_finished_match()
        else:
            self.save()
        if session.round.over:
            self.push_screen(RoundEndScreen(session.round_report()), self._after_round)
        else:
            self.show_pass()

    def _after_round(self, _result: None) -> None:
        session = self.session
        if session.match.more_rounds:
            session.next_round()
            self.save()
            starter = session.name(session.to_move)
            self.show_pass(_("Round {n}: {name} starts.").format(n=session.match.round_number, name=starter))
        else:
            self.push_screen(MatchEndScreen(session.match_report()), self._after_match)

    def _after_match(self, choice: MatchEndChoice | None) -> None:
        if choice is not MatchEndChoice.AGAIN:
            self.exit()
            return
        self.pop_screen()  # the board of the finished match
        self.board = None
        self._session = None
        self._saved = None
        previous = replace(self.settings, seed=None) if self.settings else None
        self.push_screen(NewMatchScreen(previous), self._from_setup)

    def on_help_requested(self, _message: HelpRequested) -> None:
        self.push_screen(HelpScreen(self.session.rules))

    def on_quit_requested(self, _message: QuitRequested) -> None:
        self.confirm_quit()

    def action_help_quit(self) -> None:
        quit_hint(self)

    def confirm_quit(self) -> None:
        if self._session is not None and not self.session.match.over:
            if self.store.save_problem is not None:
                message = _("Quit now? The match cannot be saved, so it will be lost.")
            elif self.session.round.can_take_back:
                message = _(
                    "Quit now? The match is saved as it stood before this turn: the card just played goes back "
                    "to the hand, and lost-cities play offers to resume it."
                )
            else:
                message = _("Quit now? The match is saved: lost-cities play offers to resume it.")
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
