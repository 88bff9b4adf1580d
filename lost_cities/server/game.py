"""One online game held by the server: the engine's match, rebuilt from the stored decisions, and the
frames each seat is sent — every one built from that seat's own view (H1–H3), never from the state.

The game is only the rules' side of things: which decision is accepted at which version, and what
each seat is told of it.  The connections, the store and the computers' threads are the hub's
(:mod:`lost_cities.server.hub`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import msgspec

from lost_cities.engine.cards import Card
from lost_cities.engine.decisions import FinalLaying, Phase
from lost_cities.engine.errors import IllegalMoveError, NotationError, Reason
from lost_cities.engine.match import Match, NextStarter
from lost_cities.engine.moves import Draw, parse_decision
from lost_cities.engine.round import Round
from lost_cities.engine.view import PlayerView, PublicTurn, player_view, public_view
from lost_cities.net import DISCARD_DRAWS_RULE, TAKE_BACKS_RULE
from lost_cities.net.protocol import CLAIM, TAKE_BACK, ErrorCode, ErrorFrame, Event, Record, ViewFrame
from lost_cities.server.game_store import ClockStart, StoredGame
from lost_cities.server.gate import Limits
from lost_cities.words import describe_refusal

__all__ = ["Game", "Refused"]


class Refused(Exception):
    """A decision the game does not accept: :attr:`frame` is the ``error`` frame that says why."""

    def __init__(self, frame: ErrorFrame) -> None:
        self.frame = frame
        super().__init__(frame.message)


class Game:
    """A stored game brought back to life: its match replayed decision by decision."""

    def __init__(self, stored: StoredGame) -> None:
        row = stored.game
        self.id = row.id
        self.names = [seat.name for seat in stored.seats]
        self.computers = tuple(seat.computer for seat in stored.seats)
        self.joined = [seat.computer is not None or seat.token_hash is not None for seat in stored.seats]
        self.match = Match(row.rules, row.rounds, row.first, row.seed)
        #: seconds a person has for each decision (``None``: no limit), and when the decision awaited began
        self.clock = row.clock
        #: whoever created the game chose its seed (``serve --allow-seeds``): every seat is told, and the record says so
        self.seed_chosen = row.seed_chosen
        self._started = ClockStart(stored.since, stored.plays)  # the store works it out from each decision's time
        #: when the game was created (UNIX time; 0: not known)
        self.created = stored.created
        #: the seat that claimed the match when another's time ran out, and the seat whose time it was
        self.claimed_by: int | None = None
        self.out_of_time: int | None = None
        self.log: list[tuple[int, str]] = []
        #: cards taken back in the turn in play (R6c: a few at most, so that every game moves on)
        self.take_backs = 0
        #: who started the round in play, and why, once a round has ended
        self.next_start: NextStarter | None = None
        #: whose turns the computers answer, to take them in turn with other addresses' (:mod:`.computers`): the
        #: address of the last person to decide, or the game itself until someone does
        self.asker = f"game {self.id}"
        for seat, decision in stored.decisions:
            self._play(seat, decision)

    # ------------------------------------------------------------------ the facts

    @property
    def since(self) -> float:
        """When the decision awaited began: the last decision (a take-back gives back the time its card found), or
        the last seat taken (a clock counts from the last one in)."""
        return self._started.since

    def seat_taken(self, at: float) -> None:
        """A seat was taken at ``at``: the clock counts from the last one in."""
        self._started.joined(at)

    @property
    def version(self) -> int:
        """How many decisions were accepted: the number of the last event."""
        return len(self.log)

    @property
    def over(self) -> bool:
        """The last round is over, or the match was claimed on time."""
        return self.match.over or self.claimed_by is not None

    @property
    def seated(self) -> bool:
        """Whether every seat is taken.  Until then nobody's cards are shown, nobody plays, and no clock runs: the
        deal is fixed when the game is created, and whoever created it must not look at their hand, then invite the
        others only into a game whose deal they like."""
        return all(self.joined)

    @property
    def deadline(self) -> float | None:
        """When the seat to move must have decided (UNIX time): only with a clock, for a person, while the match
        runs and once every person has taken their seat (nobody's time runs out before the others are in)."""
        if self.clock is None or self.over or self.computers[self.to_move] is not None or not self.seated:
            return None
        return self.since + self.clock

    def claimable_by(self, seat: int, now: float) -> bool:
        """Whether ``seat`` may claim the match now: the clock ran out on someone else's (their side's) turn."""
        deadline = self.deadline
        rules = self.match.rules
        return (
            deadline is not None
            and not rules.cooperative  # nobody wins alone there (R22)
            and now >= deadline
            and self.computers[seat] is None
            and rules.side_of(seat) != rules.side_of(self.to_move)
        )

    @property
    def round(self) -> Round:
        return self.match.current

    @property
    def to_move(self) -> int:
        return self.match.current.to_move

    def computer_to_move(self) -> str | None:
        """The level of the computer whose turn it is, if it is a computer's turn in a game running (every seat
        taken, not over)."""
        return None if self.over or not self.seated else self.computers[self.to_move]

    # ------------------------------------------------------------------ deciding

    def check(self, seat: int, version: int, text: str, arrived: float | None = None) -> bool:
        """Whether ``seat``'s decision ``text``, answering ``version``, is to be applied now.

        ``False`` for a resend of the decision already applied at that version (a client that lost the
        answer sends it again: it is never applied twice); :class:`Refused` for anything else not
        acceptable, with the reason.  ``arrived``: when the frame came (now, when not given): a claim is
        judged by it, not by when the game was free to look at it.
        """
        if version < self.version:
            if self.log[version] == (seat, text):
                return False
            raise self._refused(ErrorCode.STALE_VERSION, f"the game has moved on to version {self.version}")
        if version > self.version:
            raise self._refused(ErrorCode.BAD_VERSION, f"the game is at version {self.version}, not {version}")
        if self.over:
            raise self._refused(ErrorCode.GAME_OVER, "the match is over")
        if text == CLAIM:
            if not self.claimable_by(seat, time.time() if arrived is None else arrived):
                raise self._refused(
                    ErrorCode.NOT_CLAIMABLE, "the match can be claimed only when another side's time has run out"
                )
            return True
        if not self.seated:
            waiting = ", ".join(name for name, joined in zip(self.names, self.joined, strict=True) if not joined)
            raise self._refused(ErrorCode.NOT_SEATED, f"the cards are dealt once every seat is taken: waiting for "
                                                      f"{waiting}")  # fmt: skip
        if seat != self.to_move:
            raise self._refused(ErrorCode.NOT_YOUR_TURN, f"it is {self.names[self.to_move]}'s turn, not yours")
        if text == TAKE_BACK:
            if not self.round.can_take_back:
                error = IllegalMoveError(Reason.NOTHING_TO_UNDO)
                raise self._refused(ErrorCode.ILLEGAL, describe_refusal(error), error)
            if self.take_backs >= Limits.TAKE_BACKS_IN_A_ROW:
                raise self._refused(
                    ErrorCode.ILLEGAL,
                    f"a card may be taken back {Limits.TAKE_BACKS_IN_A_ROW} times in one turn online, "
                    f"no more: play it, or another, and draw ({TAKE_BACKS_RULE})",
                    rule=TAKE_BACKS_RULE,
                )
            return True
        try:
            decision = parse_decision(text)
        except NotationError as error:
            raise self._refused(ErrorCode.BAD_FIELD, f"decision: {error}") from None
        if isinstance(decision, Draw) and decision.pile is not None and self._draw_pile_due:
            raise self._refused(
                ErrorCode.ILLEGAL,
                f"{Limits.DISCARD_DRAWS_IN_A_ROW} cards in a row were taken from discard piles: online, the next "
                f"comes from the draw pile, so that the round ends ({DISCARD_DRAWS_RULE})",
                rule=DISCARD_DRAWS_RULE,
            )
        if decision in self.round.legal_decisions():
            return True
        try:
            self.round.copy().decide(decision)
        except IllegalMoveError as error:
            raise self._refused(ErrorCode.ILLEGAL, describe_refusal(error), error) from None
        raise AssertionError(f"{decision} is neither legal nor refused")  # pragma: no cover

    def apply(self, seat: int, text: str, at: float | None = None) -> None:
        """Apply a decision :meth:`check` accepted, dealing the next round when one ends, and start the clock of the
        next decision; ``at``: when it was made (now, when not given)."""
        self._started.made(text, time.time() if at is None else at)
        self._play(seat, text)

    def _play(self, seat: int, text: str) -> None:
        """The decision on the match alone (the clock aside): one from the store is replayed so."""
        round_, before = self.round, self.to_move
        if text == CLAIM:
            self.claimed_by, self.out_of_time = seat, self.to_move
            self.log.append((seat, text))
            return
        if text == TAKE_BACK:
            round_.take_back()
            self.take_backs += 1
        else:
            round_.decide(text)
        self.log.append((seat, text))
        if round_.over and self.match.more_rounds:
            self.next_start = self.match.next_starter()
            self.match.start_next_round()  # in the same step: every version is one decision
        if self.round is not round_ or self.to_move != before:  # another turn: its take-backs counted afresh
            self.take_backs = 0

    def _refused(
        self, code: ErrorCode, message: str, error: IllegalMoveError | None = None, rule: str | None = None
    ) -> Refused:
        return Refused(
            ErrorFrame(
                code=code,
                message=message,
                version=self.version,
                rule=error.rule if error else rule,
                reason=error.reason.value if error else None,
                cards=error.cards if error else (),
                colour=error.colour.letter if error and error.colour is not None else None,
            )
        )

    # ------------------------------------------------------------------ what each seat is told

    @property
    def _draw_pile_due(self) -> bool:
        """Whether the card awaited must come from the draw pile (R7a): a draw is awaited, and as many in a row came
        from discard piles as online play allows (a pile asked for at another moment is refused by the engine, for
        its own reason)."""
        return self.round.phase is Phase.DRAW and self.round.discard_draws_in_a_row >= Limits.DISCARD_DRAWS_IN_A_ROW

    def view_of(self, seat: int | None) -> PlayerView:
        """``seat``'s view of the round in play; a watcher's (``None``) is the public table, oriented for seat 0, and
        so is a seat's until every seat is taken (:attr:`seated`).  Once the turn's take-backs are spent (R6c), the
        view says no card can be taken back: the app offers none; once the discard piles have given all the cards in
        a row they may (R7a), it offers the draw pile alone."""
        if seat is None or not self.seated:
            return public_view(self.round, seat or 0)
        view = player_view(self.round, seat)
        if view.can_take_back and self.take_backs >= Limits.TAKE_BACKS_IN_A_ROW:
            view = msgspec.structs.replace(view, can_take_back=False)
        if view.legal_draws and self._draw_pile_due:
            view = msgspec.structs.replace(view, legal_decisions=(Draw(None),))
        return view

    def view_frame(self, seat: int | None) -> ViewFrame:
        return ViewFrame(
            version=self.version,
            round_number=self.match.round_number,
            view=self.view_of(seat),
            totals=self.match.totals,
            over=self.over,
            deadline=self.deadline,
        )

    def event_for(self, seat: int | None) -> Event:
        """The last decision as ``seat`` is told of it: the card drawn only if the seat's own view shows it."""
        actor, text = self.log[-1]
        ended = self._ended_round()
        finished = None
        if ended is not None:
            finished = public_view(ended, 0) if seat is None else player_view(ended, seat)
        view = self.view_of(seat)
        return Event(
            version=self.version,
            seat=actor,
            decision=text,
            drawn=_drawn(finished or view, actor, text),
            round_number=self.match.round_number,
            view=view,
            totals=self.match.totals,
            over=self.over,
            round_over=finished,
            next_start=self.next_start if ended is not None and ended is not self.round else None,
            deadline=self.deadline,
        )

    def _ended_round(self) -> Round | None:
        """The round the last decision ended, if it ended one."""
        if self.log[-1][1] == CLAIM:
            return None
        played = self.match.played
        if self.round.over:
            return self.round
        if len(played) > 1 and not self.round.history() and self.log[-1][1] != TAKE_BACK:
            return played[-2]
        return None

    def record_frame(self) -> Record:
        """The match's record for everyone, once it is over: only then may the seed be known."""
        assert self.over, "the record holds the seed, which fixes every deal: never before the end"
        return Record(
            record=self.match.record(),
            names=tuple(self.names),
            computers=self.computers,
            claimed_by=self.claimed_by,
            out_of_time=self.out_of_time,
            seed_chosen=self.seed_chosen,
            game=self.id,
            started=self.created or None,
            ended=self._started.since or None,  # its last decision's time, once it is over
        )

    def seats_of_people(self) -> Iterator[int]:
        return (seat for seat, level in enumerate(self.computers) if level is None)


def _drawn(view: PlayerView, actor: int, text: str) -> Card | None:
    """The card the decision drew, as ``view`` shows it (``None`` if it hides it, or for anything but a draw)."""
    if text in (TAKE_BACK, CLAIM) or not isinstance(parse_decision(text), Draw):
        return None
    for event in reversed(view.history):
        if isinstance(event, FinalLaying):
            continue
        if isinstance(event, PublicTurn) and event.seat == actor:
            return event.drawn
    return None
