"""The remote table: one seat of a game on a server (or a watcher's place), its board fed by the server's frames.

The board, round end and match end of one keyboard, drawn from the seat's own view as the server sends it (H1–H3);
no pass screen.  A key is sent to the server (:class:`~lost_cities.net.client.Seat`), whose answer is the seat's
next view or an ``error`` frame said in the player's language.  The connection comes back by itself, the board
saying "Reconnecting…" meanwhile; a watcher has no keys but help and quit.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from lost_cities.engine import (
    Card,
    Colour,
    Decision,
    IllegalMoveError,
    NotationError,
    Phase,
    Play,
    PlayerView,
    Reason,
    Rules,
    parse_decision,
)
from lost_cities.engine.match import match_outcome
from lost_cities.i18n import _
from lost_cities.limits import cell_width
from lost_cities.net import (
    DISCARD_DRAWS_IN_A_ROW,
    DISCARD_DRAWS_RULE,
    TAKE_BACKS_IN_A_TURN,
    TAKE_BACKS_RULE,
    server_option,
)
from lost_cities.net.client import OnlineError, Seat
from lost_cities.net.invitations import normalised, shown
from lost_cities.net.protocol import (
    TAKE_BACK,
    Created,
    ErrorCode,
    ErrorFrame,
    Event,
    Presence,
    Record,
    Rematched,
    RematchOffer,
    SeatOffer,
    ServerFrame,
    ViewFrame,
    Welcome,
)
from lost_cities.session import MatchReport, RoundReport, Standing
from lost_cities.storage import StorageError
from lost_cities.storage.online import OnlineSeat, load_seats, remember
from lost_cities.storage.saved import SavedMatch
from lost_cities.tui.common.fitted import MIN_WIDTH
from lost_cities.tui.match.host import Online
from lost_cities.tui.match.scene import Scene, Wait
from lost_cities.tui.match.tables.table import Table
from lost_cities.words import card_phrase, elided, in_sentence, said, shown_names, side_names, time_left, turn_sentence

if TYPE_CHECKING:
    from textual.timer import Timer

    from lost_cities.tui.match.host import MatchHost
    from lost_cities.tui.match.screens.board import BoardScreen
    from lost_cities.tui.match.screens.online_start import JoinGame

__all__ = ["RemoteTable", "invitations"]


def invitations(created: Created, server: str) -> str:
    """What the creator of a game sends each friend, and spectators: ``Send Boris: lost-cities play --join
    K7QX-M2PA · To watch: lost-cities play --watch M2PA-K7QX``; for two friends or three, their codes, then the
    command on a line of its own (a command each would not fit beneath an 80×24 board).  Lines break between the
    codes, never inside one, as the board's narrowest message is wide."""
    option = server_option(server)
    mine = next((offer.seat for offer in created.seats if offer.code is not None), None)
    friends = [offer for offer in created.seats if offer.code is not None and offer.seat != mine]
    if len(friends) > 1:
        codes = [f"{offer.name} {offer.code}" for offer in friends]
        codes[0] = _("Codes to send: {code}").format(code=codes[0])
        watch = _("To watch (--watch instead of --join): {watch}").format(watch=created.watch)
        command = _("lost-cities play --join CODE{server}")  # a line of its own: copied whole
        return _in_lines([*codes, watch]) + "\n" + command.format(server=option)
    invite = _("Send {name}: lost-cities play --join {code}{server}")
    parts = [invite.format(name=offer.name, code=offer.code, server=option) for offer in friends]
    parts.append(_("To watch: lost-cities play --watch {code}{server}").format(code=created.watch, server=option))
    return _in_lines(parts)


#: The board's message at its narrowest: the terminal's smallest width but its padding.
_MESSAGE_WIDTH = MIN_WIDTH - 2


def _in_lines(parts: list[str]) -> str:
    """``parts`` one after the other, `` · `` between, a line broken between two of them where the next would not
    fit; a part too wide for a line of its own has its command on the next (:func:`_command_whole`)."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_width(lines[-1] + " · " + part) <= _MESSAGE_WIDTH:
            lines[-1] += " · " + part
        else:
            lines.extend(_command_whole(part).split("\n"))
    return "\n".join(lines)


def _command_whole(text: str) -> str:
    """``text`` as the board says it, with the command in it (``lost-cities play --join …``) starting a line of its
    own when the whole is too wide for one: a command the terminal wraps is copied with the break in it."""
    at = text.find("lost-cities ")
    if cell_width(text) <= _MESSAGE_WIDTH or at <= 0:
        return text
    return text[:at].rstrip() + "\n" + text[at:]


def _gone_from_table(before: PlayerView, after: PlayerView) -> Card | None:
    """The card on an expedition or a discard pile ``before`` and no longer ``after`` (a take-back), if one is."""
    for was, now in zip(before.expeditions, after.expeditions, strict=False):
        for cards, left in zip(was, now, strict=False):
            if len(cards) > len(left):
                return cards[-1]
    for top, size, remaining in zip(before.discard_tops, before.discard_sizes, after.discard_sizes, strict=False):
        if size > remaining and top is not None:
            return top
    return None


class RemoteTable(Table):
    """One seat of an online game (or a watcher's place), until the match is over or the player quits."""

    said_clears_note = False

    def __init__(self, app: MatchHost, seat: Online, typed: JoinGame | None = None) -> None:
        """``seat``: the seat to take (or the place to watch) when the table opens (a game just created there: its
        invitations are said); ``typed``: the code and name typed in the online start, to mend there if the server
        refuses them."""
        super().__init__(app)
        self.server = seat.server
        #: the seat to take (or the place to watch) as the app opened it; its code is the one a token is kept for
        self._taking = seat
        #: the seat held (or the place watched), once the table is open
        self.seat: Seat | None = None
        #: the game's welcome, brought up to date by each presence since: who sits where, and who is here
        self.welcome: Welcome | None = None
        #: the invitation codes of a game created here, by seat: said again while that seat waits for its player
        self.invites: dict[int, str] = {}
        #: all of them and the watch code, in words: kept in the help (``?``) once the board has moved on
        self.invitation = ""
        #: that whoever created the game chose its deals, in words (said first on the board, kept in the help); empty:
        #: the server dealt
        self.dealt = ""
        #: the game created here, if it was (now, or before: its invitations kept with its seat)
        self.created = seat.created or self._created_before(seat)
        if self.created is not None:
            self.first_note = self.invitation = invitations(self.created, self.server)
            self.invites = {offer.seat: offer.code for offer in self.created.seats if offer.code is not None}
        #: the last version shown, the standing and the names it was shown with
        self.frame: ViewFrame | Event | None = None
        self.connected = False
        #: the code and name typed in the online start, until the server has let them in
        self._typed = typed
        #: this player asked for a rematch (not made yet), and the seats that had asked, as the server last said
        self.rematch_asked = False
        self.rematch_seats: frozenset[int] = frozenset()
        #: a round's end is on screen: the match's end waits for it to close
        self._round_end_up = False
        #: the clock's once-a-second tick while the table is open
        self._ticking: Timer | None = None

    # ------------------------------------------------------------ the connection

    def open(self) -> None:
        """Take the seat (or the place to watch), and hold the connection until the player leaves."""
        self.seat = self._seat(self._taking)
        self._ticking = self.app.set_interval(1.0, self._clock_tick)
        self.app.run_worker(self._hold(), group="connection", exclusive=True, exit_on_error=False)

    def leave(self) -> None:
        self.app.workers.cancel_group(self.app, "connection")
        if self._ticking is not None:
            self._ticking.stop()

    def _seat(self, seat: Online) -> Seat:
        code, token = seat.code, seat.token
        if code is not None and token is None:  # taken from here before: come back to it with its token
            try:
                kept = load_seats(self.app.store).for_code(self.server, code)
            except StorageError as problem:
                self.app.warn(str(problem))
                kept = None
            if kept is not None:
                code, token = None, kept.token
                first = kept.names[kept.seat] if kept.seat < len(kept.names) else None
                if seat.name is not None and first is not None and seat.name != first:  # not silently ignored
                    back = _("Back in your seat as {name}: a seat keeps the name it was first taken with.")
                    self.app.notify(back.format(name=first), timeout=15, markup=False)
        return Seat(
            self.server,
            code=code,
            token=token,
            watch=seat.watch,
            name=seat.name,
            on_frame=self._on_frame,
            on_connection=self._on_connection,
        )

    async def _hold(self) -> None:
        assert self.seat is not None
        try:
            await self.seat.run(until_over=False)  # the players may play a rematch: held until they quit
        except OnlineError as error:
            typed = self._typed
            if typed is not None and self.welcome is None and error.code is ErrorCode.WATCH_CODE:
                # the game's code to watch, typed where an invitation goes: what it is for is done
                self._typed = None
                self.first_note = _("That is the code to watch the game: you are watching it.")
                self.seat = self._seat(Online(self.server, watch=typed.code))
                await self._hold()
                return
            if typed is not None and self.welcome is None:  # typed in the online start, and refused: mend it there
                self.seat = None
                about_name = error.code is ErrorCode.BAD_FIELD  # a join's only field that can be wrong: the name
                self.app.online_start(str(error), typed, about_name=about_name)
                return
            self.app.end(problem=str(error))  # said once, by the command, after the screen is given back

    @property
    def present(self) -> set[int]:
        """The seats whose player is connected."""
        return self.welcome.present if self.welcome is not None else set()

    @property
    def joined(self) -> set[int]:
        """The seats taken (their codes used): the others wait for their player to join."""
        return self.welcome.joined if self.welcome is not None else set()

    def _on_connection(self, up: bool) -> None:
        self.connected = up
        if self.board is not None and self.board.scene is not None:
            self._show(line="" if up else _("Reconnecting…"))

    def _on_frame(self, frame: ServerFrame) -> None:
        match frame:
            case Welcome():
                self.welcome = frame
                self._keep_seat(frame.game, frame.seat, frame.token, tuple(info.name for info in frame.seats))
                if frame.invitation is not None and self.seat is not None and self.seat.watch is not None:
                    self.first_note = self._watching_an_invitation(frame, frame.invitation, self.seat.watch)
                self._told_dealt(frame)
            case ViewFrame():
                self.frame = frame
                self._show()
            case Event():
                self._event(frame)
            case Presence():
                if self.welcome is not None:
                    self.welcome = self.welcome.with_presence(frame)
                self._show(**self._invitations_done())
                if self.rematch_asked:  # who is away now, on the match's end too
                    self._say_rematch()
            case ErrorFrame():
                self._refused(frame)
            case Record():
                self._file(frame)
                self.show_scores()
            case RematchOffer():
                self._rematch_offered(frame)
            case Rematched():
                self._rematched(frame)

    def _told_dealt(self, welcome: Welcome) -> None:
        """Whoever created the game chose its seed (a server that allows it says so): every player is told first,
        nobody named (the server knows no creator, only that the codes were theirs)."""
        self.dealt = (
            _("The deals were chosen by whoever created this game: they may know every hand and the draw pile.")
            if welcome.seed_chosen
            else ""
        )
        if self.dealt and self.dealt not in self.first_note:  # a welcome comes again on every reconnection
            self.first_note = self._dealt_first(self.first_note)

    def _dealt_first(self, text: str) -> str:
        """``text`` after the sentence that says who chose the deals, if somebody did."""
        return "\n".join(line for line in (self.dealt, text) if line)

    def _created_before(self, seat: Online) -> Created | None:
        """The game a seat opened by its token belongs to, as it was created here, if it was: the help of a game
        opened again gives its invitations and its code to watch still."""
        if seat.token is None:
            return None
        try:
            kept = next((s for s in load_seats(self.app.store).seats if s.token == seat.token), None)
        except StorageError:
            return None
        if kept is None or kept.watch is None or not kept.invitations:
            return None
        offers = tuple(SeatOffer(number, name, code) for number, name, code in kept.invitations)
        return Created(game=kept.game, seats=offers, watch=kept.watch)

    def _keep_seat(self, game: str, seat: int | None, token: str | None, names: tuple[str, ...]) -> None:
        """A seat taken with a code: its token is kept (a rematch's too), for the same ``--join`` to come back; a
        welcome back (no token) brings the names of a seat kept before up to date (a rematch's are known only then).
        A seat come back to by its token was taken with the code kept beside it: a rematch's is kept under that code
        too."""
        if seat is None:
            return
        try:
            code = self._taking.code
            if code is None and self._taking.token is not None:
                came_back = (s for s in load_seats(self.app.store).seats if s.token == self._taking.token)
                code = next((s.code for s in came_back if s.server == self.server), None)
            if code is None:
                return
            if token is not None:
                created = self.created if self.created is not None and self.created.game == game else None
                made = () if created is None else tuple((offer.seat, offer.name, offer.code) for offer in created.seats)
                watch = None if created is None else created.watch
                remember(self.app.store, OnlineSeat(self.server, game, seat, code, token, names, invitations=made,
                                                    watch=watch))  # fmt: skip
                return
            place = (self.server, game, seat)
            kept = next((s for s in load_seats(self.app.store).seats if (s.server, s.game, s.seat) == place), None)
            if kept is not None and kept.names != names:
                remember(self.app.store, replace(kept, names=names))
        except StorageError as problem:
            self.app.warn(str(problem))

    # ------------------------------------------------------------ what the board shows

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as this screen shows them: a default name (``Joueur 2``) in the player's language."""
        if self.welcome is None:
            return ()
        seats = self.welcome.seats
        return shown_names([info.name for info in seats], [info.computer for info in seats])

    def _standing(self, frame: ViewFrame | Event) -> Standing:
        rules = frame.view.rules
        totals = frame.totals
        if frame.view.phase is Phase.OVER:  # the last round, over, is in the match's totals: the board wants before it
            totals = tuple(total - side.total for total, side in zip(totals, frame.view.scores, strict=True))
        return Standing(
            frame.round_number,
            self.welcome.rounds if self.welcome else frame.round_number,
            side_names(self.names, rules),
            totals,
            rules.cooperative,
        )

    def _scene(self) -> Scene | None:
        """The view the server last sent, once it has welcomed this screen: what the player waits for said, no hint
        offered, and the claim and the player's own clock where the clock allows."""
        frame = self.frame
        if frame is None or self.welcome is None:
            return None
        return Scene(
            frame.view,
            self._standing(frame),
            self.names,
            line=self._waiting_line(),
            wait=Wait.WATCHING if self.watching else None if self._seated else Wait.PLAYERS,
            hints=False,
            claim=self._may_claim(),
            clock=self._own_clock(),
        )

    def _new_board(self) -> BoardScreen:
        from lost_cities.tui.match.screens.board import BoardScreen

        assert self.frame is not None  # first shown with the first view
        return BoardScreen(self.frame.view.rules, watching=self.watching)

    def _invitations_done(self) -> dict[str, Any]:
        """Once every friend invited here has joined, the invitations leave the board (``?`` keeps them): what
        :meth:`_show` is to change."""
        board = self.board
        friends = [seat for seat in self.invites if seat != self.welcome_seat]
        if not friends or any(seat not in self.joined for seat in friends):
            return {}
        self.first_note = self.dealt
        if board is not None and board.scene is not None and board.scene.note == self._dealt_first(self.invitation):
            return {"note": self.dealt}
        return {}

    def _own_clock(self) -> str:
        """The player's own clock while they are to decide: the time left, or that it ran out and what follows."""
        frame = self.frame
        if frame is None or frame.deadline is None or not frame.view.my_turn or self.watching:
            return ""
        left = frame.deadline - time.time()
        if left > 0:
            return _("Your clock: {time} left.").format(time=time_left(left))
        rules = frame.view.rules
        seats = self.welcome.seats if self.welcome is not None else ()
        claimants = [info for info in seats if info.computer is None and rules.side_of(info.seat) != frame.view.side]
        if rules.cooperative or not claimants:  # nobody wins alone (R22); a computer never claims
            return _("Your time has run out: the game waits for you.")
        if rules.teams:
            return _("Your time has run out: the other team may claim the match until you decide.")
        if len(claimants) == 1:  # two players, or three with a computer: the one who may
            return _("Your time has run out: {name} may claim the match until you decide.").format(
                name=self.names[claimants[0].seat]
            )
        return _("Your time has run out: the others may claim the match until you decide.")

    @property
    def _seated(self) -> bool:
        """Whether every seat is taken: until then the server shows nobody's cards, and nobody plays.  A hand shown
        says so too: the view dealt may come a moment before the last player's presence."""
        if self.welcome is None:
            return False
        return len(self.joined) == len(self.welcome.seats) or (self.frame is not None and bool(self.frame.view.hand))

    def _waiting_line(self) -> str:
        """What the player waits for, when it is not their turn: whose turn, and whether they are here; or for whom
        the cards wait."""
        frame = self.frame
        if not self.connected:
            return _("Reconnecting…")
        if frame is None or frame.over or frame.view.phase is Phase.OVER:
            return self._rematch_line() if self.rematch_asked else ""
        if not self._seated and not self.watching:
            return self._dealt_when_seated()
        if frame.view.my_turn and not self.watching:
            return ""
        mover = frame.view.to_move
        name = self.names[mover]
        if self.watching and mover not in self.joined:  # "is to play" read as if they were here
            return _("You are watching: {name} has not joined yet.").format(name=name)
        if self.watching:
            return self._watched_line(frame, name, away=mover not in self.present)
        if self.welcome is not None and self.welcome.seats[mover].computer is not None:
            return said(_("{name} is thinking…").format(name=in_sentence(name)))
        if mover not in self.joined and mover in self.invites:
            waiting = _("{name} has not joined yet: send them lost-cities play --join {code}{server}")
            return _command_whole(
                waiting.format(name=name, code=self.invites[mover], server=server_option(self.server))
            )
        if frame.deadline is not None:
            left = frame.deadline - time.time()
            if left <= 0 and self._may_claim():
                return _("{name}'s time has run out: press c to claim the match.").format(name=name)
            if left > 0:
                if mover not in self.present:
                    waiting = _("Waiting for {name} — away: {time} left on the clock.")
                else:
                    waiting = _("Waiting for {name}: {time} left on the clock.")
                return elided(waiting.format(name=name, time=time_left(left)))  # "d'Ana" in French
        if mover not in self.present:
            return elided(_("Waiting for {name} — away: the game waits as long as it must.").format(name=name))
        return elided(_("Waiting for {name}…").format(name=name))

    def _dealt_when_seated(self) -> str:
        """For whom the cards wait: the first seat not taken (the command that invites them, when it was made here,
        is on the board above)."""
        name = self.names[min(set(range(len(self.names))) - self.joined)]
        return elided(_("The cards are dealt once everyone has joined: waiting for {name}.").format(name=name))

    def _watched_line(self, frame: ViewFrame | Event, name: str, away: bool) -> str:
        """What a watcher waits for, as a player would be told it: who is to play, away or not, and their clock."""
        left = None if frame.deadline is None else frame.deadline - time.time()
        if left is not None and left <= 0:
            return _("You are watching: {name}'s time has run out.").format(name=name)
        if left is not None:
            if away:
                said = _("You are watching: {name} is to play — away, {time} left on the clock.")
            else:
                said = _("You are watching: {name} is to play, {time} left on the clock.")
            return said.format(name=name, time=time_left(left))
        if away:
            return _("You are watching: {name} is to play — away.").format(name=name)
        return _("You are watching: {name} is to play.").format(name=name)

    def _may_claim(self) -> bool:
        """The seat at this screen may claim the match: the clock ran out on the other side's turn (R22 aside)."""
        frame, seat = self.frame, self.welcome_seat
        if frame is None or seat is None or frame.deadline is None or time.time() < frame.deadline:
            return False
        rules = frame.view.rules
        return not rules.cooperative and rules.side_of(seat) != rules.side_of(frame.view.to_move)

    def _clock_tick(self) -> None:
        """Once a second with a clock: the time left said again, the claim offered once it runs out; on the
        player's own turn, only the clock changes."""
        frame, board = self.frame, self.board
        if frame is None or frame.deadline is None or board is None or board.scene is None:
            return
        if frame.view.my_turn and not self.watching:
            board.scene = replace(board.scene, clock=self._own_clock())
        elif not board.scene.error:
            self._show()

    def _event(self, frame: Event) -> None:
        """Someone's decision: the board tells it from the view's history.  A card taken back, which the history does
        not keep, is the one gone from the table since the view before: chosen again in this seat's hand, as at one
        keyboard, or said of the player who took it (none found: a round's start between the two views)."""
        before, self.frame = self.frame, frame
        taken_back = frame.decision == TAKE_BACK
        card = _gone_from_table(before.view, frame.view) if taken_back and before is not None else None
        if frame.seat == self.welcome_seat and card is not None and card in frame.view.hand:
            self._back_in_hand(card)
        elif taken_back and frame.seat != self.welcome_seat and 0 <= frame.seat < len(self.names):
            name = self.names[frame.seat]
            if card is None:
                self._show(note=_("{name} took back the card just played.").format(name=name))
            else:
                self._show(note=_("{name} took {card} back into their hand.").format(name=name, card=card_phrase(card)))
        elif (play := self._others_play(frame)) is not None:  # said at once, as at one keyboard, while they draw
            self._show(note=turn_sentence(self.names[frame.seat], card_phrase(play.card), play.discard))
        else:
            self._show(note="")
        if frame.round_over is not None:
            self._round_over(frame)

    def _others_play(self, frame: Event) -> Play | None:
        """The card another player has just laid or discarded, if their turn goes on (their draw, or another lay of
        the final laying): the history tells a turn once it is over."""
        if frame.seat == self.welcome_seat or not 0 <= frame.seat < len(self.names) or frame.view.to_move != frame.seat:
            return None
        with contextlib.suppress(NotationError):
            decision = parse_decision(frame.decision)
            return decision if isinstance(decision, Play) else None
        return None

    @property
    def welcome_seat(self) -> int | None:
        return self.welcome.seat if self.welcome else None

    def _watching_an_invitation(self, welcome: Welcome, seat: int, code: str) -> str:
        """What a watcher who came with a seat's invitation is told: the same code takes that seat."""
        name = welcome.seats[seat].name if 0 <= seat < len(welcome.seats) else ""
        return elided(
            _(
                "You are watching. This code is also {name}'s invitation: to play that seat, "
                "lost-cities play --join {code}{server}"
            ).format(name=name, code=shown(normalised(code) or code), server=server_option(self.server))
        )  # "l'invitation d'Ana" in French

    @property
    def watching(self) -> bool:
        return self.seat is not None and self.seat.watch is not None

    def _round_over(self, frame: Event) -> None:
        from lost_cities.tui.match.screens.round_end import RoundEndScreen

        finished = frame.round_over
        assert finished is not None and finished.revealed_hands is not None
        number = frame.round_number if frame.over else frame.round_number - 1
        report = RoundReport(
            number,
            self.welcome.rounds if self.welcome else number,
            finished.rules,
            self.names,
            side_names(self.names, finished.rules),
            finished.scores,
            finished.revealed_hands,
            frame.totals,
            frame.next_start,
        )
        self._round_end_up = True
        self.app.push_screen(RoundEndScreen(report), self._after_round)

    def _after_round(self, _result: None) -> None:
        self._round_end_up = False
        self.show_scores()

    def show_scores(self) -> None:
        """The match's end once it is over and its last round's end has been read (Enter on the board of a finished
        match, back from its end with a rematch asked: its end again)."""
        record = self.seat.record if self.seat is not None else None
        if record is None or self._round_end_up:
            return
        ended = SavedMatch.online_game(record)  # its result as the history keeps it: on the board, or on time
        rules = ended.record.rules
        outcome = ended.outcome or match_outcome(ended.totals, rules.cooperative)
        out_of_time = None if ended.claim is None else ended.claim.out_of_time
        report = MatchReport(self.names, side_names(self.names, rules), ended.round_scores, outcome, out_of_time)
        ask = self._ask_rematch if self.welcome_seat is not None else None
        if self.rematch_asked:  # asked once: the result stays, saying whom the rematch waits for
            self._match_end(report, ask, self._rematch_line(), offered=False)
        else:
            self._match_end(report, ask)

    def _ask_rematch(self) -> None:
        """A rematch, asked of the server: it is made once every player has accepted; meanwhile the result is
        shown again, saying whom the rematch waits for."""
        if self.seat is not None:
            self.app.run_worker(self.seat.ask_rematch(), group="send", exit_on_error=False)
        self.rematch_asked = True
        self.show_scores()

    def _say_rematch(self) -> None:
        """Whom the rematch waits for, on the match's end if it is up, else on the board."""
        from lost_cities.tui.match.screens.match_end import MatchEndScreen

        if isinstance(self.app.screen, MatchEndScreen):
            self.app.screen.say(self._rematch_line())
        else:
            self._say(self._rematch_line())

    def _rematch_refused(self) -> None:
        """The server would not make the rematch this ask completed: too many new games from this address of late.
        The ask is kept there, and ``a`` asks again (it is made by the next ask from an address that may)."""
        from lost_cities.tui.match.screens.match_end import MatchEndScreen

        self.rematch_asked = False
        line = _(
            "Too many new games from your address just now, so the rematch is not made yet: press a to ask again in "
            "a few minutes."
        )
        if isinstance(self.app.screen, MatchEndScreen):
            self.app.screen.offer_again(line)
        else:
            self._say(line, True)

    def _rematch_line(self) -> str:
        """Whom the rematch waits for, and which of them are not connected: it waits until they are back (a bot that
        played its seat to the end has left for good)."""
        people = [info.seat for info in self.welcome.seats if info.computer is None] if self.welcome else []
        waiting = [seat for seat in people if seat != self.welcome_seat and seat not in self.rematch_seats]
        if not waiting:  # everyone has accepted (or the others are computers): the server is making it
            return _("Rematch agreed: the new match is being set up…")
        here = ", ".join(self.names[seat] for seat in waiting if seat in self.present)
        away = ", ".join(self.names[seat] for seat in waiting if seat not in self.present)
        line = _("Rematch asked: waiting for {names} to accept.").format(names=here) if here else _("Rematch asked.")
        if away:
            line += " " + _("Not connected now: {away}; the rematch starts only if they come back and accept.").format(
                away=away
            )
        return line

    def _rematch_offered(self, offer: RematchOffer) -> None:
        self.rematch_seats = frozenset(offer.seats)
        if self.rematch_asked:
            self._say_rematch()
        asking = [self.names[seat] for seat in offer.seats if seat != self.welcome_seat]
        if asking and self.welcome_seat not in offer.seats and not self.watching:  # a watcher has nothing to accept
            from lost_cities.tui.match.screens.match_end import MatchEndScreen

            asked = _("{names} asked for a rematch: a, at the end of the match, accepts.")
            if isinstance(self.app.screen, MatchEndScreen):  # there already
                asked = _("{names} asked for a rematch: a accepts.")
            self.app.notify(asked.format(names=", ".join(asking)), timeout=15, markup=False)

    def _rematched(self, frame: Rematched) -> None:
        """The rematch is made: this seat moves to it (its new token kept), or the watcher watches it; the board
        follows its first view."""
        while len(self.app.screen_stack) > 2 and self.app.screen is not self.board:
            self.app.pop_screen()
        self.frame, self.welcome, self._round_end_up = None, None, False
        self.rematch_asked, self.rematch_seats = False, frozenset()
        self.app.clear_notifications()  # "… asked for a rematch" is done with
        self.invites = {}  # everyone is in: the first game's codes are no use to the new one
        self.invitation = ""  # its code to watch, for the players to pass on: kept in the help (``?``)
        if frame.watch is not None:  # its command on a line of its own if need be, so that a copy carries no break
            watch = _("To watch: lost-cities play --watch {code}{server}")
            self.invitation = _command_whole(watch.format(code=frame.watch, server=server_option(self.server)))
        self.dealt = ""  # the rematch is dealt by the server
        self._keep_seat(frame.game, frame.seat, frame.token, ())  # its names come with its welcome
        self.first_note = _("The rematch: the seats have moved round by one.")
        if frame.seat is None:
            self.first_note = _("The rematch: you are watching it, the seats moved round by one.")
        if self.board is not None and self.board.scene is not None:
            self.board.scene = replace(self.board.scene, note=self.first_note)

    def _file(self, record: Record) -> None:
        """The finished game into the local history, once (``history``, ``replay``, ``export`` see it)."""
        welcome = self.welcome
        if welcome is None or welcome.seat is None:
            return
        try:
            kept = load_seats(self.app.store)
            mine = next((s for s in kept.seats if s.game == welcome.game and s.seat == welcome.seat), None)
            if mine is not None and mine.filed:
                return
            self.app.store.file_finished(SavedMatch.online_game(record))
            if mine is not None:
                remember(self.app.store, replace(mine, filed=True))
        except (StorageError, ValueError) as problem:
            self.app.warn(str(problem))

    # ------------------------------------------------------------ the player's requests

    def may_act(self) -> bool:
        frame = self.frame
        if frame is None or self.board is None or self.board.scene is None or self._watcher_refused():
            return False
        if not frame.view.my_turn or not self._seated:
            self._say(self._waiting_line() or _("It is not your turn."), error=True)
            return False
        return True

    def decide(self, decision: Decision | None) -> None:
        """To the server (``None``: take back the card just played); its answer is the next view (or an error frame,
        said on the board)."""
        self._say(_("Sent…") if self.connected else _("Reconnecting…"))
        if self.seat is not None:
            text = None if decision is None else str(decision)
            self.app.run_worker(self.seat.send(text), group="send", exit_on_error=False)

    def take_back(self) -> None:
        if self.may_act():
            self.decide(None)

    def _watcher_refused(self) -> bool:
        """True at a watcher's place, whose keys the board refuses: only the players play."""
        if self.watching:
            self._say(_("You are watching: only the players play."), error=True)
        return self.watching

    def hint(self) -> None:
        if not self._watcher_refused():
            self._say(_("There are no hints in an online game: it is you against them."), error=True)

    def claim(self) -> None:
        if self._watcher_refused():
            return
        if self._may_claim():
            self._say(_("Sent…"))
            if self.seat is not None:
                self.app.run_worker(self.seat.claim(), group="send", exit_on_error=False)
        else:
            self._say(_("There is nothing to claim: c claims the match once the other side's time has run out."), True)

    def _refused(self, frame: ErrorFrame) -> None:
        """A refusal in the player's language: the engine's reason rebuilt from the frame where it has one."""
        if frame.code is ErrorCode.RATE_LIMITED and self.rematch_asked:
            self._rematch_refused()
            return
        refusal: IllegalMoveError | str = frame.message
        if frame.code is ErrorCode.ILLEGAL and frame.reason is not None:
            with contextlib.suppress(ValueError):  # a reason or a colour this client does not know: as the server said
                colour = Colour.parse(frame.colour) if frame.colour else None
                refusal = IllegalMoveError(Reason(frame.reason), tuple(frame.cards), colour)
        elif frame.code is ErrorCode.ILLEGAL and frame.rule == TAKE_BACKS_RULE:
            refusal = _(
                "You have taken a card back {n} times this turn: online, that is the most ({rule}). Play a card, "
                "then draw."
            ).format(n=TAKE_BACKS_IN_A_TURN, rule=TAKE_BACKS_RULE)
        elif frame.code is ErrorCode.ILLEGAL and frame.rule == DISCARD_DRAWS_RULE:
            refusal = _(
                "{n} cards in a row have been taken from discard piles: online, the next comes from the draw pile, "
                "so that the round ends ({rule}). Press n to draw."
            ).format(n=DISCARD_DRAWS_IN_A_ROW, rule=DISCARD_DRAWS_RULE)
        elif frame.code in (ErrorCode.STALE_VERSION, ErrorCode.NOT_YOUR_TURN):
            refusal = _("The game had moved on: here it is as it stands now.")
        self._refuse(refusal)

    # ------------------------------------------------------------ help and quitting

    def help(self) -> None:
        from lost_cities.tui.match.screens.dialogs import HelpScreen

        rules = self.frame.view.rules if self.frame is not None else Rules()
        clock = self.welcome is not None and self.welcome.clock is not None
        game = self._dealt_first(self._invitations_now())
        self._over_the_board(HelpScreen(rules, False, game=game, online=True, clock=clock, watching=self.watching))

    def _invitations_now(self) -> str:
        """The invitations of a game created here, as the help keeps them: those of the friends not in yet, and the
        code to watch — an invitation used opens nothing more, and is no longer offered."""
        created = self.created
        if created is None or not self.invitation or self.welcome is None or self.welcome.game != created.game:
            return self.invitation  # none, or a rematch's code to watch
        used = self.joined - {self.welcome_seat}
        seats = tuple(replace(offer, code=None) if offer.seat in used else offer for offer in created.seats)
        return invitations(replace(created, seats=seats), self.server)

    @property
    def _playing(self) -> bool:
        """A seat (not a watcher's place) whose game stays on the server: quitting leaves it to come back to."""
        return self.welcome_seat is not None and not (self.frame is not None and self.frame.over)

    def _quit_question(self) -> str | None:
        if self._playing:
            return _("Quit now? The game stays on the server, and your seat is kept: lost-cities play offers it again.")
        return None

    def _quit(self) -> None:
        """A seat left with its game going on: the command says how to come back to it."""
        words = _("The game stays on the server, and your seat is kept: lost-cities play offers it again.")
        self.app.end(words=words if self._playing else "")
