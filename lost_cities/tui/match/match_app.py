"""The match app: one app from the start to the end of the program, whatever the table a match is played at.

It opens where the command line says (:data:`Opening`) and owns the whole flow from there — the start, the form,
the lesson, a local or an online match, its end, another match or a rematch — never handing a choice back to the
command line.  Every request of the board and the pass screen (:mod:`.messages`) is handed to the table the match
is played at (:mod:`.tables`), which sees the app as its :class:`~.host.MatchHost`.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Literal, NamedTuple

from msgspec import Struct
from textual import on, work
from textual.worker import Worker

from lost_cities.i18n import _, sentence
from lost_cities.limits import said_duration
from lost_cities.net import DEFAULT_SERVER
from lost_cities.session import HotSeat, MatchSettings, OfferedGame, OnlineMatch
from lost_cities.storage import MatchStore, SavedMatch, StorageError, names_label, resume_summary
from lost_cities.storage.settings import Settings, language_chosen, load_settings, tip_seen, tips_on
from lost_cities.tui.common.collector import freeze_start_up
from lost_cities.tui.match.autosave import Autosave
from lost_cities.tui.match.host import MatchHost, Online
from lost_cities.tui.match.messages import (
    ClaimRequested,
    DrawFrom,
    HelpRequested,
    HintRequested,
    Hurry,
    LanguageChosen,
    LogRequested,
    MoveSelection,
    PlaySelected,
    QuitRequested,
    SelectCard,
    ShowScores,
    StatisticsRequested,
    StopLaying,
    TableRequest,
    TakeBack,
    TipsChanged,
    UnknownKey,
)
from lost_cities.tui.match.tables.local import PACE
from lost_cities.words import in_sentence

# Each table and screen is imported where the app first needs it, so that starting up loads only the screen
# it opens on (the first frame comes sooner; tests/test_purity.py keeps it so).
if TYPE_CHECKING:
    from rich.console import RenderableType

    from lost_cities.tui.match.screens.online_start import JoinGame, NewOnlineGame
    from lost_cities.tui.match.screens.resume import ResumeChoice
    from lost_cities.tui.match.screens.setup import FormDraft, FormResult, NewMatchScreen
    from lost_cities.tui.match.tables.table import Table

__all__ = ["Ending", "Lesson", "Local", "MatchApp", "Online", "Opening", "StartMode"]

#: The requests that do not act on the player's turn (the scores, help, the log, quitting, hurrying); any other is
#: dropped when its key was pressed before the turn began (:meth:`~.tables.table.Table.pressed_before_turn`).
_OFF_TURN_REQUESTS = (ShowScores, HelpRequested, LogRequested, QuitRequested, Hurry)

#: What to do with a match left unfinished: ask, resume it at once, or keep it aside and start anew.
StartMode = Literal["ask", "resume", "new"]


class Local(Struct, frozen=True):
    """``lost-cities play``'s start: a match at one keyboard, the unfinished one, or any other way in.

    ``settings`` start a new match without the form; ``form`` fills the form in (the command line's options
    given without names); ``session`` plays a match already set up (a position built through the engine, for
    tests and tools) without asking about saves; ``online`` lists the player's online games still running,
    offered beside the unfinished match; ``server``: the game server the form offers for a match online."""

    settings: MatchSettings | None = None
    start: StartMode = "ask"
    session: HotSeat | None = None
    form: MatchSettings | None = None
    online: tuple[OfferedGame, ...] = ()
    server: str = DEFAULT_SERVER


class Lesson(Struct, frozen=True):
    """The lesson: ``lost-cities learn``'s, after which the program ends, or (``from_start``) one after which
    ``lost-cities play``'s start comes, as when *Learn to play* is chosen there."""

    from_start: bool = False


#: Where the app opens.
Opening = Local | Lesson | Online


class Ending(NamedTuple):
    """How the program ended, for the command line to say once the screen is given back."""

    #: what refused the program for good (a server that turned the seat away): said, and the status is 2
    problem: str | None = None
    #: what to say in the terminal (how to come back to an online game left going on)
    words: str = ""


class MatchApp(MatchHost):
    """The one app of a match (see the module docstring); :attr:`ending` says how it ended."""

    def __init__(
        self,
        opening: Opening | None = None,
        *,
        store: MatchStore | None = None,
        pace: float = PACE,
        notices: tuple[str, ...] = (),
    ) -> None:
        """``pace`` is :data:`~.tables.local.PACE` (tests play computers at once with 0); ``notices``: what the
        player must know from before the app opened (an online server that did not answer), said at start-up."""
        super().__init__()
        self.opening: Opening = opening if opening is not None else Local()
        self.store = store if store is not None else MatchStore()
        self.autosave = Autosave(self.store, self.warn)
        self.pace = pace
        self.notices = notices
        #: the table the match on screen is played at; none before the first match
        self.table: Table | None = None
        self.ending = Ending()
        #: the app is ending (:meth:`exit`): the board's requests do nothing any more
        self.leaving = False
        self._kept: Settings | None = None
        #: what to read first, over the first screen once it is up: ``notices`` and what the start-up itself found
        self._start_notices = list(notices)
        #: the unfinished match is set aside once a new one starts (``--new``, *new* chosen): leaving the form keeps it
        self._abandon_on_start = False
        #: the new-match form last opened from the online start: what it held if it was left with Esc
        self._left_form: NewMatchScreen | None = None
        #: what the new-match form held when the player chose to join with a code instead (Ctrl+O): the online start
        #: uses its server, and its Esc goes back to that form
        self._join_from: FormDraft | None = None

    # ------------------------------------------------------------ opening

    def on_mount(self) -> None:
        self.call_after_refresh(freeze_start_up)
        self.call_after_refresh(self._show_start_notices)
        opening = self.opening
        if isinstance(opening, Lesson):
            self.lesson(opening.from_start)
        elif isinstance(opening, Online):
            if opening.create is not None:
                self._create(opening.create)
            elif opening.code is None and opening.token is None and opening.watch is None:
                self.online_start()
            else:
                self.open_online(opening)
        elif opening.session is not None:
            self._play(opening.session, "")
        else:
            self._start(opening.start)

    def _show_start_notices(self) -> None:
        """What went wrong at start-up, read before anything else (:class:`NoticesScreen`)."""
        if self._start_notices:
            from lost_cities.tui.match.screens.dialogs import NoticesScreen

            self._start_notices, notices = [], self._start_notices
            self.push_screen(NoticesScreen(notices), self._after_notices)

    def _after_notices(self, _closed: object) -> None:
        """The notices read: a computer's move held meanwhile goes on."""
        if self.table is not None:
            self.table.hurry()

    def _open(self, table: Table) -> None:
        """Play at ``table`` from now on; the one before, if any, stops what it was doing."""
        self._leave_table()
        self.table = table
        table.open()

    def _leave_table(self) -> None:
        """No match on screen any more: its table, if any, stops what it was doing."""
        if self.table is not None:
            self.table.leave()
        self.table = None

    # ------------------------------------------------------------ a match at one keyboard

    @property
    def local(self) -> Local:
        """The local start's options (the defaults when the app opened elsewhere)."""
        return self.opening if isinstance(self.opening, Local) else Local()

    def _start(self, start: StartMode = "ask") -> None:
        """The unfinished match to resume, the online games, *Learn to play*, or a new match."""
        saved: SavedMatch | None = None
        try:
            saved = self.store.load_current()
        except StorageError as problem:  # damaged: already set aside and kept
            self._start_notices.append(str(problem))
            self.call_after_refresh(self._show_start_notices)
        if start == "resume":
            if saved is not None:
                self.resume(saved)
                return
            self._start_notices.append(_("There is no unfinished match to resume: start a new one."))
        elif start == "new" and saved is not None:
            self._abandon_on_start = True
            saved = None
        local = self.local
        if saved is None and not local.online:
            self._new_match()
            return
        if local.settings is not None:
            new = _("start {names}").format(names=names_label(local.settings.names, local.settings.computers))
        else:
            new = _("set up a new match")
        from lost_cities.tui.match.screens.resume import ResumeScreen

        summary = resume_summary(saved) if saved is not None else None
        screen = ResumeScreen(summary, new, tuple(game.label for game in local.online))
        self.push_screen(screen, lambda choice: self._resume_or_new(saved, choice))

    def _resume_or_new(self, saved: SavedMatch | None, choice: ResumeChoice | int | None) -> None:
        from lost_cities.tui.match.screens.resume import ResumeChoice

        if choice is None:
            self.exit()
        elif isinstance(choice, int):  # an online game still running
            game = self.local.online[choice]
            self.open_online(Online(game.server, token=game.token))
        elif choice is ResumeChoice.LEARN:
            self.lesson(from_start=True)
        elif choice is ResumeChoice.RESUME and saved is not None:
            self.resume(saved)
        else:
            self._abandon_on_start = saved is not None
            self._new_match()

    def _new_match(self) -> None:
        local = self.local
        if local.settings is not None:
            self.start_match(local.settings)
        else:
            self._form(local.form)

    def _form(self, filled: MatchSettings | None, left_as: FormDraft | None = None, again: bool = False) -> None:
        """The new-match form, filled in with ``filled``, or as it was left (``left_as``, online); ``again``: for
        another match like the one just played."""
        from lost_cities.tui.match.screens.setup import NewMatchScreen

        if left_as is not None:
            settings, server, clock = left_as
            screen = NewMatchScreen(settings, online=True, server=server, clock=clock, tips=self.kept.tips)
        else:
            screen = NewMatchScreen(filled, server=self.local.server, tips=self.kept.tips, again=again)
        self.push_screen(screen, self._from_form)

    def _from_form(self, settings: FormResult) -> None:
        from lost_cities.tui.match.screens.setup import JoinWithCode

        if settings is None:
            self.exit()
        elif settings == "learn":
            self.lesson(from_start=True)
        elif isinstance(settings, OnlineMatch):
            self._create(settings)
        elif isinstance(settings, JoinWithCode):
            self._join_from = settings.left_as
            self.online_start()
        else:
            self.start_match(settings)

    def start_match(self, settings: MatchSettings) -> None:
        """A new match at one keyboard with these settings."""
        if self._abandon_on_start:
            self._abandon_on_start = False
            self.autosave.abandon()  # before the new match's first save
        session = HotSeat.new(settings)
        note = ""
        if session.drawn_at_random:
            note = _("Random draw (R5): {name} starts.").format(name=in_sentence(session.name(session.to_move)))
        self._play(session, note)

    def resume(self, saved: SavedMatch) -> None:
        """Open a saved match where it stood, with its computers, on the next person's pass step (H2)."""
        session = HotSeat.resumed(saved)
        self._play(session, _("Resumed: {summary}").format(summary=resume_summary(saved)), saved)

    def _play(self, session: HotSeat, note: str, saved: SavedMatch | None = None) -> None:
        from lost_cities.tui.match.tables.local import LocalTable

        self._open(LocalTable(self, session, note, saved, pace=self.pace))

    def another_match(self, previous: MatchSettings) -> None:
        self._leave_table()
        self._form(previous, again=True)

    # ------------------------------------------------------------ the lesson

    def lesson(self, from_start: bool = False) -> None:
        """The lesson; ``from_start``: chosen at the start, to which its end goes back."""
        from lost_cities.tui.match.tables.lesson import LessonTable

        self._open(LessonTable(self, pace=self.pace, from_start=from_start))

    def lesson_over(self) -> None:
        from lost_cities.tui.match.tables.lesson import LessonTable

        table = self.table
        if not isinstance(table, LessonTable) or not table.from_start:
            words = _("That is the game. lost-cities play starts a match; ? shows the rules during one.")
            self.end(words=words if isinstance(table, LessonTable) and table.completed else "")
            return
        self._leave_table()
        while len(self.screen_stack) > 1:  # the lesson's screens: the start comes again, as it was
            self.pop_screen()
        self._start()

    # ------------------------------------------------------------ online

    def online_start(self, problem: str = "", typed: JoinGame | None = None, about_name: bool = False) -> None:
        """The online start; ``problem``: why ``typed`` did not join, said there to be mended (``about_name``: the
        name was refused, where the cursor goes)."""
        from lost_cities.tui.match.screens.online_start import OnlineStartScreen

        code, name = (typed.code, typed.name or "") if typed is not None else ("", "")
        back = self._join_from is not None
        screen = OnlineStartScreen(self._online_server(), problem, code, name, back=back, about_name=about_name)
        self.push_screen(screen, self._online_started)

    def _online_server(self) -> str:
        opening = self.opening
        if self._join_from is not None:
            return self._join_from.server
        return opening.server if isinstance(opening, Online) else self.local.server

    def _online_started(self, choice: JoinGame | NewOnlineGame | None) -> None:
        from lost_cities.tui.match.screens.online_start import JoinGame

        if not isinstance(choice, JoinGame) and self._join_from is not None:  # opened from the new-match form:
            left_as, self._join_from = self._join_from, None  # Esc, or a new game after all, goes back to it
            self._form(None, left_as)
        elif choice is None:
            self.exit()
        elif isinstance(choice, JoinGame):
            self.open_online(Online(self._online_server(), code=choice.code, name=choice.name), typed=choice)
        else:
            draft = self._left_form.left_as if self._left_form is not None else None
            self._online_form(*(draft if draft is not None else (None, self._online_server(), "")))

    def _online_form(self, settings: MatchSettings | None, server: str, clock: str, problem: str = "") -> None:
        """The form of a game to create online, opened from the online start (its Esc goes back there), and kept
        as :attr:`_left_form`, so that Ctrl+N there opens it again as it was left; ``problem``: why it is back."""
        from lost_cities.tui.match.screens.setup import NewMatchScreen

        self._left_form = NewMatchScreen(
            settings,
            server=server,
            clock=clock,
            problem=problem,
            online_only=True,
            back=True,
            server_fixed=isinstance(self.opening, Online) and self.opening.server_fixed,
        )
        self.push_screen(self._left_form, self._create_or_back)

    def _create_or_back(self, chosen: FormResult) -> None:
        """The form opened from the online start, which sets up online games only: Esc goes back to the start (a code
        to type after all), and Ctrl+N there opens the form again as it was left."""
        if isinstance(chosen, OnlineMatch):
            self._create(chosen)
        else:
            self.online_start()

    @work(group="creating", exclusive=True, exit_on_error=False)
    async def _create(self, chosen: OnlineMatch) -> None:
        """Create the game on the server, then take the first person's seat with its code; the invitations are
        said on the board.  Refused, the form comes again as it was filled in, saying why; Esc there goes to the
        online start, where Ctrl+N opens it again as it was left."""
        from lost_cities.net.client import OnlineError, create_game
        from lost_cities.net.new_game import create_frame

        try:
            created = await create_game(chosen.server, create_frame(chosen.settings, clock=chosen.clock))
        except OnlineError as error:
            clock = said_duration(chosen.clock) if chosen.clock is not None else ""
            self._online_form(chosen.settings, chosen.server, clock, problem=sentence(str(error).rstrip(".")))
            return
        mine = next(offer for offer in created.seats if offer.code is not None)
        self.open_online(Online(chosen.server, code=mine.code, created=created))

    def open_online(self, seat: Online, typed: JoinGame | None = None) -> None:
        """A seat of an online game (or a place to watch it), at a remote table; ``typed``: the code and name typed in
        the online start, given back to it to mend if the server refuses them."""
        from lost_cities.tui.match.tables.remote import RemoteTable

        self._open(RemoteTable(self, seat, typed))

    # ------------------------------------------------------------ the end

    def end(self, *, problem: str | None = None, words: str = "") -> None:
        self.ending = Ending(problem, words)
        self.exit()

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """End the app; from then on the board's requests do nothing (a help screen opened as it goes would be taken
        down half made)."""
        self.leaving = True
        super().exit(result, return_code, message)

    async def on_unmount(self) -> None:
        """Closing: everything the autosave was asked to write goes to disk first."""
        if self.table is not None:
            self.table.leave()
        await self.autosave.flush()

    # ------------------------------------------------------------ the player's settings, saves and statistics

    @property
    def kept(self) -> Settings:
        if self._kept is None:
            self._kept = load_settings(self.store)
        return self._kept

    def tip_said(self, name: str) -> None:
        self._kept = tip_seen(self.store, name)

    def on_tips_changed(self, message: TipsChanged) -> None:
        with contextlib.suppress(StorageError):  # not kept (an unwritable folder): the saves say so, not this
            self._kept = tips_on(self.store, message.on)

    def on_language_chosen(self, message: LanguageChosen) -> None:
        with contextlib.suppress(StorageError):  # not kept: this run speaks it all the same
            self._kept = language_chosen(self.store, message.code)

    def on_statistics_requested(self, _request: StatisticsRequested) -> None:
        self.run_worker(self._read_statistics, thread=True, exclusive=True, group="statistics", exit_on_error=False)

    def _read_statistics(self) -> None:
        """Read the history and count it on a thread (every match is replayed), then show the Statistics
        screen over the one that asked; a file that cannot be read is told, and the rest counted."""
        from lost_cities.storage.stats import history_stats
        from lost_cities.tui.match.screens.stats import StatsScreen

        listing = self.store.list_history()
        stats = history_stats(listing.matches)
        for problem in listing.damaged:
            self.call_from_thread(self.warn, str(problem))
        self.call_from_thread(self.push_screen, StatsScreen(stats, str(self.store.root)))

    # ------------------------------------------------------------ the board's requests, to the table

    @on(TableRequest)
    def _to_table(self, request: TableRequest) -> None:
        table = self.table
        if table is None or self.leaving:  # keys typed on after the quit's yes, read before the app is gone
            return
        if not isinstance(request, _OFF_TURN_REQUESTS) and table.pressed_before_turn(request):
            return  # pressed at the computer's move, to hurry it: not a move of the player's own turn
        match request:
            case SelectCard():
                table.select(request.index, request.key)
            case MoveSelection():
                table.move(request.step)
            case PlaySelected():
                table.play_selected(request.discard)
            case DrawFrom():
                table.draw_from(request.pile)
            case UnknownKey():
                table.unknown_key(request.key)
            case StopLaying():
                table.stop()
            case TakeBack():
                table.take_back()
            case HintRequested():
                table.hint()
            case ClaimRequested():
                table.claim()
            case ShowScores():
                table.show_scores()
            case Hurry():
                table.hurry()
            case HelpRequested():
                table.help()
            case LogRequested():
                table.log()
            case QuitRequested():
                table.quit()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self.table is not None:
            self.table.worker_changed(event)

    async def action_quit(self) -> None:
        """Ctrl+Q: quit at once, the match kept as its table keeps it."""
        if self.table is not None:
            self.table.quit_now()
        else:
            self.exit()
