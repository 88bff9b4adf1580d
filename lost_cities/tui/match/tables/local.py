"""The local table: people at one keyboard, and computers, over one :class:`HotSeat` session.

(pass screen → board)* → end of round → ... → end of match, every completed turn autosaved.  One person alone
against computers keeps the board and watches their turns on it; with several people, computers play on the next
person's pass screen.  The computer thinks in a thread worker, so the keys answer meanwhile; leaving the table
cancels it, and the hard level, asking :func:`answer_unwanted` as it searches, stops at once.  Each move is held
on screen a moment, and any key goes on at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace
from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.worker import NoActiveWorker, Worker, WorkerState, get_current_worker

from lost_cities.engine import Card, Decision, IllegalMoveError, Play
from lost_cities.i18n import _
from lost_cities.session import Hint, HotSeat
from lost_cities.storage import SavedMatch
from lost_cities.tui.match.scene import Scene, Wait
from lost_cities.tui.match.tables.table import Table, events_clock
from lost_cities.tui.match.tips import due_tip, tip_words
from lost_cities.words import card_phrase, elided, hint_action, hint_lines, in_sentence, said, turn_sentence

# Each screen is imported where the table first shows it, so that starting up loads only the screen
# it opens on (the first frame comes sooner; tests/test_purity.py keeps it so).
if TYPE_CHECKING:
    from lost_cities.tui.match.host import MatchHost
    from lost_cities.tui.match.screens.board import BoardScreen
    from lost_cities.tui.match.screens.pass_screen import PassScreen

__all__ = ["PACE", "LocalTable", "answer_unwanted"]

#: Seconds a computer's finished turn stays marked before the next computer plays (any key goes on);
#: half of it at least, the computer is seen thinking before each decision.
PACE = 1.0

#: Seconds after the computer's move, once the player's turn has begun, in which a key is still taken as pressed at
#: that move (to hurry it), and does nothing: too soon to have read the move (a quarter of the pace, at most).
KEY_GRACE = 0.25


def answer_unwanted() -> bool:
    """True in a computer's thinking whose worker was cancelled: nobody waits for its answer any more."""
    try:
        return get_current_worker().is_cancelled
    except NoActiveWorker:
        return False


class LocalTable(Table):
    """People at one keyboard, and computers; every completed turn is saved."""

    def __init__(
        self,
        app: MatchHost,
        session: HotSeat,
        note: str = "",
        saved: SavedMatch | None = None,
        pace: float = PACE,
        tips: bool = True,
    ) -> None:
        """``note`` is said to the first player, ``saved`` the save the match was resumed from; ``pace`` is
        :data:`PACE` (tests play computers at once with 0); ``tips``: the one-time tips may be said (not in the
        lesson, which says its own)."""
        super().__init__(app, note)
        self.session = session
        session.stop = answer_unwanted
        self.pace = pace
        self.grace = min(KEY_GRACE, pace / 4)
        self.tips = tips
        #: the match's save as last written; a new match's is made once the first screen is up (:meth:`open`):
        #: making it checks the names, whose look-alike table takes a moment to load
        self._saved: SavedMatch | None = saved
        #: the seat at the keyboard: the board shows its view
        self._seat = 0
        #: a hint is being worked out: the board's keys wait for it
        self._hinting = False
        #: the cards of the computer's move that ended the round, to show before its end
        self._last_move_shown: frozenset[Card] | None = None
        #: that move is shown: Enter goes on to the round's end
        self._waiting_for_scores = False
        #: the pass screen on which computers play before the next person (several people only)
        self._waiting_pass: PassScreen | None = None
        #: the question the computer is thinking about, and what to do with its answer
        self._asked: tuple[Worker[object], Callable[[Any], None]] | None = None
        #: what follows the move held on screen, and the timer that will do it
        self._held: tuple[Callable[[], None], Timer | None] | None = None

    @property
    def holding(self) -> bool:
        """True while the computer's last move (or its thinking) is held on screen: a key goes on."""
        return self._held is not None

    def open(self) -> None:
        """On disk the moment the first screen is up, not before it; then whoever is to move."""
        self.app.call_after_refresh(self.save)
        self._next_turn(self.first_note)

    def leave(self) -> None:
        """Another match, or the start: the computer's thinking is dropped, a held move forgotten."""
        self.app.workers.cancel_group(self.app, "computer")
        self._asked = None
        if self._held is not None and self._held[1] is not None:
            self._held[1].stop()
        self._held = None

    def _offer_tip(self) -> None:
        """Say a one-time tip when its moment has come on the board (the tips on, this one never said)."""
        board = self.board
        if not self.tips or board is None or board.scene is None or board.scene.wait is not None:
            return
        if not self.app.kept.tips:
            return
        view = board.scene.view
        tip = due_tip(view, self.app.kept.tips_seen, advised=self.session.advised(view))
        if tip is not None:
            self.app.tip_said(tip.name)
            board.scene = replace(board.scene, note=tip_words(tip, board.scene.view))

    # ------------------------------------------------------------ saving

    def save(self, finished: bool = False) -> None:
        """Autosave the match as of its last completed turn (a card played but not yet drawn for left out), or file
        it in the history once ``finished``; written on a thread (:mod:`..autosave`), a failure told once."""
        self._saved = self.session.saved(self._saved)
        if finished:
            self.app.autosave.finish(self._saved)
        else:
            self.app.autosave.save(self._saved)

    # ------------------------------------------------------------ the flow of a match

    def _next_turn(self, note: str = "") -> None:
        """Whoever is to move: the round's end, a person (behind the pass step when several share the keyboard,
        R24d), or a computer, who plays where the next person will look."""
        session = self.session
        if session.round_over:
            self._round_over()
            return
        computer = session.is_computer(session.to_move)
        if len(session.humans) == 1:
            self.show_board(session.humans[0], note)
        elif self._waiting_pass is not None:
            if not computer:  # the computers are done: the screen can be passed, and Enter shows the hand
                self._waiting_pass.scene = self._pass_scene(note=self._waiting_pass.scene.note)
                self._waiting_pass = None
        else:
            self.show_pass(note)
        if computer:
            self._computer_turn()

    def show_pass(self, note: str = "") -> None:
        """Hide the table behind the pass-the-screen step (H2, R24d); Enter shows the next person's hand, once the
        computers that play first have played on it."""
        from lost_cities.tui.match.screens.pass_screen import PassScreen

        session = self.session
        waiting = session.is_computer(session.to_move)
        screen = PassScreen(session.rules, self._pass_scene(note=note, wait=Wait.COMPUTER if waiting else None))
        self._waiting_pass = screen if waiting else None
        self.app.push_screen(screen, lambda _shown: self.show_board(self.session.to_move))

    def _pass_scene(self, **say: Any) -> Scene:
        """The pass screen's scene: the table as the next person will see it, without any hand (H2)."""
        session = self.session
        return Scene(session.public_view(session.next_person), session.standing(), session.names, **say)

    def show_board(self, seat: int, note: str = "") -> None:
        """The board as ``seat`` sees it, whoever is to move; ``note`` said first, else the note shown stays until
        the player acts (a computer may play before they read it)."""
        self._seat = seat
        old = self.board.scene if self.board is not None else None
        self._show(selected=0, note=note or (old.note if old is not None else ""), line=self._computer_line())

    def _new_board(self) -> BoardScreen:
        from lost_cities.tui.match.screens.board import BoardScreen

        return BoardScreen(self.session.rules, memory_aid=self.session.memory_aid)

    def _scene(self) -> Scene:
        """The seat's view, waiting while a computer moves or works out a hint; the line and any mark blank."""
        session = self.session
        wait = None
        if not session.round_over and session.to_move != self._seat:
            wait = Wait.COMPUTER
        elif self._hinting:
            wait = Wait.HINT
        return Scene(session.view_of(self._seat), session.standing(), session.names, wait=wait)

    def _show(self, **say: Any) -> None:
        super()._show(**say)
        self._offer_tip()

    def _computer_line(self) -> str:
        """``Computer is thinking…`` while a computer is to move, else nothing."""
        session = self.session
        if session.round_over or not session.is_computer(session.to_move):
            return ""
        return said(_("{name} is thinking…").format(name=in_sentence(session.name(session.to_move))))

    def _turn_over(self) -> None:
        """Save (or file the finished match), then whoever is next."""
        self.save(finished=self.session.match_over)
        self._next_turn()

    def _round_over(self) -> None:
        """The round's end; when a computer's move ended it, that move is shown first, marked, until Enter."""
        if self._last_move_shown is not None:
            played, self._last_move_shown = self._last_move_shown, None
            line = _("The round is over: press Enter to see the scores.")
            self._waiting_for_scores = True
            if self._waiting_pass is not None:
                self._waiting_pass.scene = self._pass_scene(line=line, marked=played)
                return
            if self.board is not None:
                self._show(marked=played, line=line)
                return
        self._waiting_for_scores = False
        if self._waiting_pass is not None:  # the round ended during the computers' turns
            self._waiting_pass = None
            self.app.pop_screen()
        from lost_cities.tui.match.screens.round_end import RoundEndScreen

        self.app.push_screen(RoundEndScreen(self.session.round_report()), self._after_round)

    def _after_round(self, _result: None) -> None:
        session = self.session
        if session.more_rounds:
            session.next_round()
            self.save()
            starter = in_sentence(session.name(session.to_move))
            self._next_turn(said(_("Round {n}: {name} starts.").format(n=session.round_number, name=starter)))
        else:
            self._match_end(session.match_report(), self._another_match)

    def _another_match(self) -> None:
        """The new-match form, filled in as for this one but for its deal."""
        if self.board is not None:
            self.app.pop_screen()  # the board of the finished match
        self.app.another_match(replace(self.session.settings, seed=None))

    # ------------------------------------------------------------ the player at the keyboard asks

    def may_act(self) -> bool:
        """True if the player at the keyboard may act now; if not, the board says why they wait."""
        board = self.board
        if board is None or board.scene is None:
            return False
        scene = board.scene
        if scene.wait is Wait.COMPUTER:
            self._say(_("Wait: {name} is playing.").format(name=in_sentence(scene.names[scene.view.to_move])))
            return False
        if scene.wait is Wait.HINT:
            self._say(_("Wait: the computer is thinking about your hint."))
            return False
        return scene.view.my_turn

    def decide(self, decision: Decision) -> None:
        """The player's decision, through the session: a refusal said with its rule, or the turn over (R7, R23c),
        or a play waiting for its draw."""
        session, seat = self.session, self._seat
        try:
            session.decide(decision)
        except IllegalMoveError as refused:
            self._refuse(refused)
            return
        if session.round_over or session.to_move != seat:
            board = self.board
            if board is not None and board.scene is not None:  # read and acted on: not said to the next player
                board.scene = replace(board.scene, note="")
            self._turn_over()
        else:
            self._show(note="")

    def take_back(self) -> None:
        if not self.may_act():
            return
        try:
            card = self.session.take_back()
        except IllegalMoveError as refused:
            self._refuse(refused, bell=False)
            return
        self._back_in_hand(card)

    def hint(self) -> None:
        """What the hard level would do for the player at the keyboard, from their view only; the card it names is
        selected, so that e or d plays it."""
        if not self.may_act():
            return
        view = self.session.view_of(self._seat)
        if len(view.legal_decisions) == 1:  # nothing to weigh: said at once, and no hint counted
            only = hint_action(view, view.legal_decisions[0])
            self._say(elided(_("Nothing to weigh here: the only thing to do is {action}.").format(action=only)))
            return
        self._hinting = True
        self._show(line=_("The computer is thinking about a hint…"), note="")
        board = self.board

        def answered(hint: Hint | None) -> None:
            self._hinting = False
            if board is None or board is not self.board or board.scene is None:
                return
            hand, selected = board.scene.view.hand, board.scene.selected
            first = hint.choices[0][0] if hint is not None and hint.choices else None
            if isinstance(first, Play) and first.card in hand:
                selected = hand.index(first.card)
            if hint is None:
                line = _("The computer has no hint to give here.")
            else:
                line = _fitted(
                    hint_lines(hint.view, hint.choices, self.session.names), board.message_width, board.message_height
                )
            self._show(selected=selected, line=line)

        self._think_aside(self.session.hint(), answered)

    def unknown_key(self, key: str) -> None:
        """Said when the player may act; otherwise what they wait for is."""
        if self.may_act():
            super().unknown_key(key)

    # ------------------------------------------------------------ the computer

    def _think_aside(self, question: Callable[[], object], then: Callable[[Any], None]) -> None:
        """Work ``question`` out in a thread worker, then ``then`` with its answer (``None`` if it failed); a new
        question cancels the one before."""
        worker = self.app.run_worker(question, thread=True, exclusive=True, group="computer", exit_on_error=False)
        self._asked = (worker, then)

    def worker_changed(self, event: Worker.StateChanged) -> None:
        """The computer's answer, if it is to the question still asked: ``None`` from a worker that failed (a fault in
        a bot), which has no result."""
        asked = self._asked
        if asked is None or event.worker is not asked[0] or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._asked = None
        asked[1](event.worker.result)

    def _computer_turn(self, line: str = "") -> None:
        """The computer to move decides, seen a moment at it first; ``line`` says what it has done so far this turn
        (else it is thinking)."""
        session = self.session
        seat = session.to_move
        if self._waiting_pass is not None:
            self._waiting_pass.scene = replace(self._waiting_pass.scene, line=line or self._computer_line())
        started = time.monotonic()

        def decided(decision: Decision) -> None:
            rest = self.pace / 2 - (time.monotonic() - started)
            self._hold(rest, lambda: self._computer_decided(seat, decision))

        self._think_aside(session.computer_move(), decided)

    def _computer_decided(self, seat: int, decision: Decision) -> None:
        """Apply the computer's decision and show it: its card marked on the table and said in words
        (``Computer laid red 7.``) while it chooses its draw."""
        session = self.session
        session.decide(decision)
        played = frozenset({decision.card}) if isinstance(decision, Play) else frozenset()
        going_on = not session.round_over and session.to_move == seat  # its draw, or another final lay (R23c)
        line = self._computer_line()
        if going_on and isinstance(decision, Play):
            line = turn_sentence(session.name(seat), card_phrase(decision.card), decision.discard)
        if self._waiting_pass is not None:
            note = self._waiting_pass.scene.note
            self._waiting_pass.scene = self._pass_scene(note=note, line=line, wait=Wait.COMPUTER, marked=played)
        elif self.board is not None:
            self._show(marked=played, line=line)
        if going_on:
            self._computer_turn(line)
            return
        if session.round_over:
            self._last_move_shown = played  # the round end waits for Enter (see _round_over)
            self._hold(0, self._turn_over)
            return
        if session.is_computer(session.to_move):
            self._hold(self.pace, self._turn_over)
        else:
            self._hold(0, self._persons_turn)

    def _persons_turn(self) -> None:
        """A person's turn after the computer's: a key pressed before it, at the computer's move, does nothing."""
        self.turn_began = events_clock()
        self._turn_over()

    def show_scores(self) -> None:
        """Enter on the table of a round that a computer's move ended: the round's end."""
        if self._waiting_for_scores:
            self._round_over()

    def _hold(self, seconds: float, then: Callable[[], None]) -> None:
        """Do ``then`` in ``seconds`` (any key sooner), and never under a dialog: after it closes."""
        if self._held is not None and self._held[1] is not None:
            self._held[1].stop()
        timer = self.app.set_timer(seconds, self.hurry) if seconds > 0 else None
        self._held = (then, timer)
        if timer is None:
            self.hurry()

    def hurry(self) -> None:
        """The move held on screen goes on: its time is up, or a key was pressed."""
        if self._held is None or isinstance(self.app.screen, ModalScreen):
            return  # a dialog is up (help, quitting): its closing goes on
        then, timer = self._held
        self._held = None
        if timer is not None:
            timer.stop()
        then()

    # ------------------------------------------------------------ help and quitting

    def help(self) -> None:
        from lost_cities.tui.match.screens.dialogs import HelpScreen

        session = self.session
        self._over_the_board(HelpScreen(session.rules, len(session.humans) > 1, memory_aid=session.memory_aid))

    def _quit_question(self) -> str | None:
        if self.session.match_over:
            return None
        if self.app.store.save_problem is not None:
            return _("Quit now? The match cannot be saved, so it will be lost.")
        if self.session.can_take_back:
            return _(
                "Quit now? The match is saved as it stood before this turn: the card just played goes back "
                "to the hand, and lost-cities play offers to resume it."
            )
        return _("Quit now? The match is saved: lost-cities play offers to resume it.")

    def quit_now(self) -> None:
        """Saved first, unless the match is over (or a lesson, which saves nothing); the terminal is then told that
        it is kept, as an online game's seat is."""
        if self.session.match_over:
            self.app.exit()
            return
        self.save()
        kept = self.app.store.save_problem is None
        self.app.end(words=_("The match is saved: lost-cities play offers to resume it.") if kept else "")


def _fitted(text: str, width: int, height: int | None) -> str:
    """A hint as the board's message holds it whole: its lines wrapped if they fit the message's ``height`` (at
    80×24, seven lines, six with the hand's row of R21 or the long game's; ``None``: any number); else each cut to
    one line, an ellipsis at the cut (a Russian reason wraps, say), so that the three choices and what their numbers
    mean all stay in view.  A line is cut between two words, never inside one (cut inside, a Russian word reads as a
    word misspelt)."""
    lines = text.split("\n")
    if height is None or len(Content(text).wrap(width)) <= height:
        return text
    return "\n".join(_cut(line, width) for line in lines)


def _cut(line: str, width: int) -> str:
    """``line`` in ``width`` cells: whole if it fits, else its first words and an ellipsis."""
    if cell_len(line) <= width:
        return line
    shown = Text(line)
    shown.truncate(width - 1)  # the ellipsis's cell
    head = shown.plain
    if line[len(head)] != " " and " " in head:  # a word would be cut: leave it out
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,:;—–-") + "…"
