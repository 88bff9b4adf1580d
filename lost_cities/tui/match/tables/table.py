"""What every table answers: each of the board's requests that means the same at every table, answered once here.

Choosing a card, moving the choice, playing it, drawing and stopping mean the same at every table; each table says
whether the player may act now (:meth:`Table.may_act`), where a decision goes (:meth:`Table.decide`: the session,
or the server) and the scene it draws (:meth:`Table._scene`).  The board, the help, the log, the quit question and
the match's end are shown here, each table giving only what differs.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from msgspec.structs import replace
from textual.message import Message

from lost_cities.engine import STOP, Card, Colour, Decision, Draw, IllegalMoveError, Play
from lost_cities.i18n import _, capitalised
from lost_cities.tui.match.scene import Scene, unknown_key_line
from lost_cities.words import card_name, describe_refusal

if TYPE_CHECKING:  # the board is imported when first shown: start-up loads only the screen it opens
    from textual.screen import Screen
    from textual.worker import Worker

    from lost_cities.session import MatchReport
    from lost_cities.tui.match.host import MatchHost
    from lost_cities.tui.match.messages import TableRequest
    from lost_cities.tui.match.screens.board import BoardScreen

__all__ = ["Table", "events_clock"]


def events_clock() -> float:
    """Now, on the clock Textual stamps its events with (:attr:`Message.time`, read from a new message): the time a
    key was pressed is compared with it."""
    return Message().time


class Table(ABC):
    """A match at the app's screen: the board's requests answered, the screens of the match shown."""

    #: a line said on the board clears the note above it — read, since the player acts —, or keeps it (an online
    #: game's invitations, said until every friend has joined)
    said_clears_note: ClassVar[bool] = True

    def __init__(self, app: MatchHost, note: str = "") -> None:
        """``note`` is said first on the board."""
        self.app = app
        self.first_note = note
        #: the board's screen, once the match has one
        self.board: BoardScreen | None = None
        #: when the turn of the player at the keyboard last began after a computer's move (:func:`events_clock`), and
        #: for how long after it a key is still taken as one pressed at the computer's move
        self.turn_began = -math.inf
        self.grace = 0.0

    def pressed_before_turn(self, request: TableRequest) -> bool:
        """True for a key pressed before the player's turn began (waiting in the app's queue, or hurrying the
        computer's move that ended as it was read), or within :attr:`grace` of it: the player pressed it at the
        computer's move, not to play their own turn, which it must not do."""
        return request.pressed < self.turn_began + self.grace

    # ------------------------------------------------------------ opening and leaving

    @abstractmethod
    def open(self) -> None:
        """Show the match's first screen."""

    def leave(self) -> None:
        """The app moves on from this table (to another match, or the start): what it was doing stops."""
        return None  # nothing, at a table that has nothing of the kind

    # ------------------------------------------------------------ what the board shows

    @abstractmethod
    def _scene(self) -> Scene | None:
        """The board's scene from a fresh view of its seat, as this table draws it; ``None`` while there is none."""

    @abstractmethod
    def _new_board(self) -> BoardScreen:
        """The board the match is played on, built the first time it is shown."""

    def _show(self, *, chosen: Card | None = None, **say: Any) -> None:
        """The board again (built the first time) from a fresh :meth:`_scene` but what ``say`` changes; the selection,
        kept within the hand, and the note carry over unless said, and ``chosen`` is the card to select."""
        scene = self._scene()
        if scene is None:
            return
        if self.board is None:
            self.board = self._new_board()
            self.app.push_screen(self.board)
        old = self.board.scene
        selected = say.pop("selected", old.selected if old is not None else 0)
        if chosen is not None and chosen in scene.view.hand:
            selected = scene.view.hand.index(chosen)
        say.setdefault("note", old.note if old is not None else self.first_note)
        self.board.scene = replace(scene, selected=min(selected, max(len(scene.view.hand) - 1, 0)), **say)

    def _say(self, line: str, error: bool = False) -> None:
        """The board says ``line`` (a refusal when ``error``), nothing else changed (but the note, read, when
        :attr:`said_clears_note`)."""
        board = self.board
        if board is not None and board.scene is not None:
            note = "" if self.said_clears_note else board.scene.note
            board.scene = replace(board.scene, line=line, error=error, note=note)

    def _refuse(self, refused: IllegalMoveError | str, bell: bool = True) -> None:
        """Say why the request changes nothing: the engine's reason and its rule, or ``refused`` as it is."""
        self._say(describe_refusal(refused) if isinstance(refused, IllegalMoveError) else refused, error=True)
        if bell:
            self.app.bell()

    def _back_in_hand(self, card: Card) -> None:
        """The card the player took back, said to be back in their hand and chosen again."""
        said = _("{card} is back in your hand.").format(card=card_name(card))
        self._show(chosen=card, line=capitalised(said), note="")

    # ------------------------------------------------------------ a turn, the same at every table

    @abstractmethod
    def may_act(self) -> bool:
        """Whether the player at the board may act now; if not, the board says why."""

    @abstractmethod
    def decide(self, decision: Decision) -> None:
        """The player's decision, to the table: applied or refused, and the board told either way."""

    def select(self, index: int, key: str) -> None:
        """Choose the hand's card at ``index`` (typed as ``key``)."""
        if self.may_act() and self.board is not None and self.board.scene is not None:
            self.board.scene = self.board.scene.choosing(index, key)

    def move(self, step: int) -> None:
        """Move the choice along the hand."""
        if self.may_act() and self.board is not None and self.board.scene is not None:
            self.board.scene = self.board.scene.stepping(step)

    def play_selected(self, discard: bool) -> None:
        """Lay the chosen card on its expedition, or discard it."""
        if self.may_act() and self.board is not None and self.board.scene is not None:
            card = self.board.scene.selected_card
            if card is not None:
                self.decide(Play(card, discard))

    def draw_from(self, pile: Colour | None) -> None:
        """Draw from a discard pile, or the draw pile (``None``)."""
        if self.may_act():
            self.decide(Draw(pile))  # every refusal is the engine's: a pile not in the game too

    def stop(self) -> None:
        """Stop laying (R23c's final laying)."""
        if self.may_act():
            self.decide(STOP)

    # ------------------------------------------------------------ each table's own answers

    @abstractmethod
    def take_back(self) -> None:
        """Take the card just played back into the hand."""

    @abstractmethod
    def hint(self) -> None:
        """What the computer would do, if this table gives hints."""

    def unknown_key(self, key: str) -> None:
        """A key that means nothing here: the board says which would."""
        board = self.board
        if board is not None and board.scene is not None:
            self._say(unknown_key_line(board.scene.view, key), error=True)

    def claim(self) -> None:
        """Claim the match on time, where a clock runs; where none does, ``c`` is a key like any other."""
        self.unknown_key("c")

    def show_scores(self) -> None:
        """Enter where the board waits to show a round's or a match's end."""
        return None  # nothing, at a table that has nothing of the kind

    def hurry(self) -> None:
        """Any key while a move is held on screen, or a screen over it closed: go on at once."""
        return None  # nothing, at a table that has nothing of the kind

    # ------------------------------------------------------------ the match's end

    def _match_end(
        self, report: MatchReport, again: Callable[[], None] | None, status: str = "", offered: bool = True
    ) -> None:
        """The match's end: ``a`` there plays ``again`` (offered where there is one, and ``offered``: a rematch asked
        already is offered again only if the server refuses to make it yet), ``q`` ends the program; ``status``: a
        line under the rounds (see :class:`MatchEndScreen`)."""
        from lost_cities.tui.match.screens.match_end import MatchEndChoice, MatchEndScreen

        def chosen(choice: MatchEndChoice | None) -> None:
            if choice is MatchEndChoice.AGAIN and again is not None:
                again()
            else:
                self.app.exit()

        self.app.push_screen(MatchEndScreen(report, again=again is not None and offered, status=status), chosen)

    # ------------------------------------------------------------ over the board: the help, the log, quitting

    def _over_the_board(self, screen: Screen[Any]) -> None:
        """Show ``screen`` over the match; a move held meanwhile goes on once it is closed."""
        self.app.push_screen(screen, lambda _closed: self.hurry())

    @abstractmethod
    def help(self) -> None:
        """The rules and the keys, over the board."""

    def log(self) -> None:
        """The round's log, from the view on screen: the board's names its player's own draws (H2); a watcher's,
        and the pass screen's — whoever holds the keyboard there is nobody yet —, are the public table's (H1)."""
        from lost_cities.tui.match.screens.pass_screen import PassScreen
        from lost_cities.tui.match.screens.round_log import RoundLogScreen

        screen, board = self.app.screen, self.board
        if isinstance(screen, PassScreen):
            scene, viewer = screen.scene, None
        elif screen is board and board.scene is not None:
            scene, viewer = board.scene, None if board.watching else board.scene.view.seat
        else:
            return
        self._over_the_board(RoundLogScreen(scene.view, scene.names, viewer))

    def quit(self) -> None:
        """Ask whether to quit, saying what becomes of the match: yes quits (:meth:`_quit`), no goes on; with nothing
        to lose (a match over, a game watched), quit at once."""
        from lost_cities.tui.match.screens.dialogs import ConfirmQuit

        question = self._quit_question()
        if question is None:
            self._quit()
        else:
            self.app.push_screen(ConfirmQuit(question), lambda yes: self._quit() if yes else self.hurry())

    @abstractmethod
    def _quit_question(self) -> str | None:
        """Quit now?, and what becomes of the match then; ``None`` when quitting loses nothing."""

    def _quit(self) -> None:
        """Quit, as the player confirmed: as Ctrl+Q does, unless the table goes elsewhere."""
        self.quit_now()

    def quit_now(self) -> None:
        """Ctrl+Q: quit at once, the match kept as the table keeps it."""
        self.app.exit()

    def worker_changed(self, event: Worker.StateChanged) -> None:
        """A worker of this table's changed state (its answer, for a table that waits on one)."""
        return None  # nothing, at a table that has nothing of the kind
