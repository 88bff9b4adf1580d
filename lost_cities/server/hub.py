"""The server's switchboard: who is connected to which seat of which game, and the path of a decision.

One connection is one seat of one game, or one watcher (the websockets tutorial's shape).  Its first
frame says which: ``create`` (answered with the codes, then closed), ``status`` (where some seats'
games stand, then closed) — both the :mod:`.lobby`'s —, ``join`` with an invitation code, ``hello`` with a
seat's token, or ``watch`` with a watch code — the :mod:`.entrance`'s, which opens the game from those
:mod:`.held_games` holds in memory.  After that it sends decisions.

A decision goes one way only, under the game's lock: checked by the game (version, turn, the
rules) → applied → **committed** to the store → each seat sent its own event, built from its own
view (:meth:`Game.event_for`, through :mod:`.members`) → the next computer's turn started
(:mod:`.computers`).  Nobody hears of a decision before it is stored, and a resend of one already applied is
answered, never applied twice.  Rematches are :mod:`.rematches`'; the limits on what a stranger may do, the
:mod:`.gate`'s.

With several servers (``--redis``) a game is applied only by the server holding its lease; a connection to a
game another server holds is relayed to it (:mod:`lost_cities.server.relay`), and the clients other servers
relay here are members like any other (each a :class:`RemoteMember`), answered on the same path.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from lost_cities.engine.errors import NotationError
from lost_cities.engine.moves import parse_decision
from lost_cities.net.invitations import CodeKey, normalised
from lost_cities.net.protocol import (
    CLAIM,
    TAKE_BACK,
    Claim,
    ClientFrame,
    Create,
    Decide,
    ErrorCode,
    ErrorFrame,
    FrameError,
    Hello,
    Join,
    Ping,
    Pong,
    Presence,
    Rematch,
    Rematched,
    SeatInfo,
    ServerFrame,
    Status,
    Sync,
    TakeBack,
    Watch,
    Welcome,
    read_client_frame,
    write,
)
from lost_cities.server import COMPUTER_PROCESSES
from lost_cities.server.computers import Computers
from lost_cities.server.connection import FrameBucket, GuardedConnection, flooded
from lost_cities.server.entrance import Entered, Entrance
from lost_cities.server.game import Game, Refused
from lost_cities.server.game_store import GameStore, StoreError
from lost_cities.server.gate import Gate, Limits, LogThrottle, Refusal
from lost_cities.server.held_games import HeldGames
from lost_cities.server.leases import Leases
from lost_cities.server.lobby import Lobby
from lost_cities.server.members import Member, Members
from lost_cities.server.refusals import Elsewhere, FrameRefused
from lost_cities.server.relay import Relay, RemoteMember
from lost_cities.server.rematches import Rematches

__all__ = ["Hub"]

log = logging.getLogger("lost_cities.server")

#: How long (seconds) a client reaching a game another server holds keeps being attached to it while nobody hears the
#: attach: the owner has just taken the lease and not yet listened (a busy server takes a moment), or the lease is
#: changing hands.  Then the client is asked to come back.
_ATTACHING = 3.0


#: What a client is told when the server fails on its frame: nothing of it was applied.
_FAULT = "the server failed on this frame: send sync to see the game as it stands, or tell whoever runs the server"
#: What a client is told when the games' database cannot be reached (then the connection is closed with 1013):
#: nothing of its frame was kept, and coming back in a moment is all there is to do.
_UNAVAILABLE = (
    "the games' database cannot be reached right now, so nothing of this was kept: "
    "come back in a moment and send it again (lost-cities does it by itself)"
)
#: The close reason that goes with it (a close frame's reason is at most 123 bytes).
_TRY_AGAIN = "the games' database cannot be reached: try again in a moment"


class Hub:
    """The connections to the games a server holds, and the path of their decisions."""

    def __init__(
        self,
        store: GameStore,
        key: CodeKey,
        think: float = 1.0,
        leases: Leases | None = None,
        relay: Relay | None = None,
        gate: Gate | None = None,
        allow_seeds: bool = False,
        computer_processes: int = COMPUTER_PROCESSES,
    ) -> None:
        self.store = store
        #: the per-address limits: wrong attempts, creations, connections
        self.gate = gate or Gate()
        #: the computers' turns, thought in worker processes (``think`` seconds a turn for the hard level)
        self.computers = Computers(think, computer_processes)
        #: per game, per seat (``None``: watchers), the open connections
        self.members = Members()
        self.connections = 0
        #: the computers' turns and other work started in the background, kept until done
        self.tasks: set[asyncio.Task[Any]] = set()
        #: the games in memory; with several servers on one database (``--redis``), only those whose lease this
        #: server holds
        self.held = HeldGames(store, self.members, self.computers, self._background, self._computer_turn, leases, relay)
        #: with several servers: the clients of games another server holds are relayed to it, and those other
        #: servers relay to this one for the games it holds (each a :class:`RemoteMember`, handled as a connection)
        self.relay = relay
        if relay is not None:
            relay.attach_to(self._attached)
        self.entrance = Entrance(store, key, self.held, self.gate)
        #: new games, and where one's games stand
        self.rematches = Rematches(store, key, self.held, self.gate)
        self.lobby = Lobby(store, key, self.held.games, self.rematches.asked, allow_seeds)
        #: who came and went, a few lines a second at most: a script watching and leaving in a loop wrote 29 KiB a
        #: second of them
        self.comings = LogThrottle(per_second=20.0)
        #: the decisions applied, fifty lines a second at most in all the server's games (a busy server's log shows
        #: some, and counts the rest): one address taking a card back three times a turn wrote 98 a second of them,
        #: 0.4 GB a day; the store keeps every decision whatever the log says
        self.decisions = LogThrottle(per_second=50.0)

    # ------------------------------------------------------------------ a connection's life

    async def handle(self, websocket: Member) -> None:
        """The websockets handler: one call per connection (and per client another server relays here)."""
        # The handshake's headers are of no more use once the connection is open, and they are a sixth of
        # what websockets holds for a waiting connection (~2.5 of 15 KiB): a server with thousands of players
        # waiting for a move lets them go (benchmarks/online_load.py measures it).
        for handshake in (websocket.request, websocket.response):
            if handshake is not None:
                handshake.headers.clear()
        local = isinstance(websocket, ServerConnection)  # a relayed client is counted by the server it reached
        self.connections += local
        address = str(websocket.remote_address[0]) if websocket.remote_address else "?"
        bucket = _bucket_of(websocket)
        # A connection joins a game (or creates one, or asks where its games stand) within FIRST_FRAME seconds: one
        # that only pings holds a descriptor for nothing.
        deadline = asyncio.get_running_loop().time() + Limits.FIRST_FRAME
        failures = 0

        def failed(refusal: FrameRefused) -> str | None:
            """A wrong code or token, counted for the address and the connection: too many close it.  A client
            another server relays here came for the one game its relay names: refused, it is done with.

            A used invitation (``code_used``) is counted for the address and the connection, never for the code: it
            is a real code, not a guess, and its count is shared by every address, so that joins with it from a few
            addresses would refuse anyone's ``watch`` with it (an invitation watches its game) for a minute.  For the
            address it still counts: joining with it again and again is a script gone wrong, and holds back that
            address alone."""
            nonlocal failures
            if refusal.frame.code in (ErrorCode.BAD_CODE, ErrorCode.BAD_TOKEN, ErrorCode.CODE_USED):
                failures += 1
                tried = None if refusal.frame.code is ErrorCode.CODE_USED else refusal.tried
                self.gate.failed(address, tried, refusal.frame.code.value)
            if not local:
                return "refused"
            return "too many failed attempts" if failures >= Limits.FAILURES_PER_CONNECTION else None

        try:
            while True:
                try:
                    async with asyncio.timeout_at(deadline):
                        message = await websocket.recv()
                except TimeoutError:
                    await websocket.close(1008, f"no game joined within {Limits.FIRST_FRAME:g} seconds")
                    return
                if await flooded(websocket, bucket, self.gate, address) or await self._answered(
                    websocket, "a first frame", self._first(websocket, address, message), failed
                ):
                    return
        except ConnectionClosed:
            pass
        finally:
            self.connections -= local

    def _attached(self, remote: RemoteMember) -> None:
        """A client another server relays here: handled as a connection of this server's, its first frame included."""
        task = self._background(self.handle(remote))
        task.add_done_callback(lambda done: _closed(remote, done))

    async def _first(self, websocket: Member, address: str, message: str | bytes) -> bool:
        """Answer a frame sent before the connection belongs to a game; ``True`` once the connection is done."""
        frame = _read(message)
        match frame:
            case Ping():
                await self._send(websocket, Pong())
                return False
            case Create():
                try:
                    self.gate.check_create(address)
                except Refusal as refusal:
                    raise FrameRefused(ErrorCode.RATE_LIMITED, str(refusal)) from None
                created = await self.lobby.create(frame)
                await self._send(websocket, created)
                await websocket.close(1000, "created")
                return True
            case Status():
                await self._send(websocket, await self.lobby.status(frame))
                await websocket.close(1000, "status sent")
                return True
            case Join() | Hello() | Watch():
                if not isinstance(frame, Hello):  # a token cannot be guessed: a player coming back is never
                    try:  # kept out by someone mistyping codes behind the same address
                        self.gate.check_guesses(address, normalised(frame.code))
                    except Refusal as refusal:
                        raise FrameRefused(ErrorCode.RATE_LIMITED, str(refusal), 1008) from None
                give_up = time.monotonic() + _ATTACHING
                for attempt in itertools.count():
                    try:
                        entered = await self.entrance.enter(frame, address)
                        break
                    except Elsewhere as elsewhere:  # another server holds the game: the client is relayed to it
                        if await self._relayed(websocket, elsewhere, message, address):
                            return True
                        if time.monotonic() > give_up:  # its lease still changing hands: the client comes back later
                            raise
                        await asyncio.sleep(min(0.5, 0.05 * 2**attempt))
                await self._member(websocket, entered, address)
                return True
            case _:
                raise FrameRefused(
                    ErrorCode.NOT_AUTHENTICATED,
                    "send join (an invitation code), hello (your seat's token) or watch (a watch code) first",
                )

    async def _relayed(self, websocket: Member, elsewhere: Elsewhere, first: str | bytes, address: str) -> bool:
        """Relay a connection whose ``first`` frame opens a game another server holds to that server, until it
        closes; ``False`` if nobody holds the game any more (its lease is changing hands: try it here again).
        ``elsewhere`` is raised again when the connection cannot be relayed: Redis away, no relay (one server), or
        a client another server relays here already (it is never passed on twice)."""
        if self.relay is None or elsewhere.game_id is None or not isinstance(websocket, ServerConnection):
            raise elsewhere
        assert isinstance(first, str)  # read as a join, hello or watch: text
        return await self.relay.pipe(websocket, elsewhere.game_id, first, address, self.gate)

    async def _member(self, websocket: Member, entered: Entered, address: str) -> None:
        """A connection from ``address`` that came in at ``entered``'s seat of its game (``None``: a watcher), until it
        closes."""
        game, seat, token, invitation = entered
        if seat is not None and not game.joined[seat]:  # a rematch's seat given out by another server: taken
            self.held.take_seat(game.id, seat, time.time())
        members = self.members.of(game.id)
        first_of_seat = seat is not None and not members.get(seat)
        members.setdefault(seat, set()).add(websocket)
        if seat is None:  # logged at once: its leaving is logged whenever it goes, even while being welcomed
            self.comings.info("game %s: a watcher connected (%d watching)", game.id, len(members[None]))
        try:
            await self._send(websocket, self._welcome(game, seat, token, invitation))
            await self._send(websocket, game.view_frame(seat))
            if game.over:
                await self._send(websocket, game.record_frame())
                rematch = await self.store.rematch_of(game.id)
                offer = self.rematches.offer(game.id)
                watch = self.rematches.watch_code(game.id)
                if rematch is not None and seat is not None and game.computers[seat] is None:
                    await self._send(websocket, await self.rematches.seat_in(game, rematch, seat))  # made while away
                elif rematch is not None and seat is None and watch is not None:  # a watcher is sent on to it
                    await self._send(websocket, Rematched(game=rematch, watch=watch))
                elif offer is not None:
                    await self._send(websocket, offer)
            if first_of_seat and seat is not None:
                self.comings.info("game %s: seat %d connected", game.id, seat + 1)
                self.members.tell_all(game.id, Presence(seat=seat, connected=True, name=game.names[seat]))
            bucket = _bucket_of(websocket)
            what = f"game {game.id}: a frame from seat {seat}"
            async for message in websocket:
                if await flooded(websocket, bucket, self.gate, address) or await self._answered(
                    websocket, what, self._in_game(websocket, game, seat, message, address)
                ):
                    return
        finally:
            members[seat].discard(websocket)
            if seat is not None and not members[seat]:
                self.comings.info("game %s: seat %d disconnected", game.id, seat + 1)
                self.members.tell_all(game.id, Presence(seat=seat, connected=False))
            elif seat is None:
                self.comings.info("game %s: a watcher left (%d watching)", game.id, len(members[None]))
            self.held.forget_if_idle(game.id)  # the copy in memory now, which may not be this connection's

    async def _answered(
        self,
        websocket: Member,
        what: str,
        answer: Coroutine[Any, Any, bool | None],
        failed: Callable[[FrameRefused], str | None] | None = None,
    ) -> bool:
        """Run ``answer`` to a frame of ``what``: whether the connection is done with (``answer`` says so, or it is
        closed).  A refusal is sent as its error frame (``failed``, told of it, may give a reason to close); the
        database away is said in a sentence, with no traceback; a fault of ours is said, and logged whole for the
        operator, and the connection goes on."""
        try:
            return bool(await answer)
        except FrameRefused as refusal:
            await self._send(websocket, refusal.frame)
            too_many = None if failed is None else failed(refusal)
            if refusal.close is not None:
                await websocket.close(refusal.close, refusal.frame.message[:100])
                return True
            if too_many is not None:
                await websocket.close(1008, too_many)
                return True
            return False
        except (ConnectionClosed, asyncio.CancelledError):
            raise
        except StoreError as error:
            await self._unavailable(websocket, what, error)
            return True
        except Exception:
            log.exception("%s failed", what)
            await self._send(websocket, ErrorFrame(code=ErrorCode.SERVER_ERROR, message=_FAULT))
            return False

    async def _in_game(
        self, websocket: Member, game: Game, seat: int | None, message: str | bytes, address: str
    ) -> None:
        # The game as the database has it: the one in memory, or, if a failed commit dropped it, read again
        # (never the object this connection started with, which may hold that decision the database has not).
        frame = _read(message)
        match frame:
            case Ping():
                await self._send(websocket, Pong())
            case Sync():
                await self._send(websocket, (await self.held.get(game.id)).view_frame(seat))
            case Rematch():
                if seat is None:
                    raise FrameRefused(ErrorCode.WATCHER_CANNOT_ACT, "a watcher cannot ask for a rematch")
                await self.ask_rematch(await self.held.get(game.id), seat, address)
            case Decide() | TakeBack() | Claim():
                if seat is None:
                    raise FrameRefused(
                        ErrorCode.WATCHER_CANNOT_ACT, "a watcher cannot play: join with an invitation code"
                    )
                arrived = time.time()  # a claim is judged by when it came, not by when the game's lock was free
                if isinstance(frame, Decide):
                    text = _notation(frame, await self.held.get(game.id))
                else:
                    text = TAKE_BACK if isinstance(frame, TakeBack) else CLAIM
                await self.decide(game.id, seat, frame.version, text, websocket, arrived)
            case _:
                raise FrameRefused(
                    ErrorCode.ALREADY_IN, "this connection is in a game already: send decide, sync or ping"
                )

    def _welcome(self, game: Game, seat: int | None, token: str | None, invitation: int | None = None) -> Welcome:
        return Welcome(
            game=game.id,
            seat=seat,
            version=game.version,
            seats=tuple(
                SeatInfo(
                    seat=number,
                    name=name,
                    computer=game.computers[number],
                    joined=game.joined[number],
                    connected=game.computers[number] is not None or self.members.connected(game.id, number),
                )
                for number, name in enumerate(game.names)
            ),
            rounds=game.match.rounds,
            token=token,
            clock=game.clock,
            invitation=invitation,
            seed_chosen=game.seed_chosen,
        )

    # ------------------------------------------------------------------ a decision's path

    async def decide(
        self, game_id: str, seat: int, version: int, text: str, reply_to: Member | None, arrived: float | None = None
    ) -> None:
        """Check, apply, commit, tell everyone — or answer ``reply_to`` alone with why not.  ``arrived``: when the
        frame came (a claim counts from then).  The answer to the sender alone is sent once the game's lock is
        given back: a client that reads nothing holds up its own connection, never the game."""
        answer = await self._decided(game_id, seat, version, text, reply_to, arrived)
        if answer is not None and reply_to is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._send(reply_to, answer)

    async def _decided(
        self, game_id: str, seat: int, version: int, text: str, reply_to: Member | None, arrived: float | None
    ) -> ServerFrame | None:
        """:meth:`decide` under the game's lock: what to answer the sender alone, if anything."""
        async with self.held.lock(game_id):
            game = await self.held.get(game_id)
            try:
                fresh = game.check(seat, version, text, arrived)
            except Refused as refused:
                return refused.frame
            if not fresh:  # a resend of what was applied: tell the sender where the game is now
                return game.view_frame(seat)
            if reply_to is not None and reply_to.remote_address:  # a person's: the computers now answer them
                game.asker = str(reply_to.remote_address[0])
            game.apply(seat, text)
            try:
                await self.store.append(game_id, game.version, seat, text, game.over, game.to_move)
            except BaseException as error:
                # Store first, then tell: whatever stopped the commit (the database away, locked, full or read-only,
                # a connection lost, this task cancelled), nobody has heard of the decision, and the game in memory,
                # one decision ahead, is dropped and read again from the database on next use.  Whether a commit
                # whose answer was lost went through, only the database can tell: every seat comes back to it
                # (1013), the sender told first; its client resends the same decision at the same version, which
                # is applied then, or recognised as applied already.
                self._not_stored(game, error)  # the closes start once this task waits: the sender is told first
                if not isinstance(error, Exception):
                    raise
                return ErrorFrame(code=ErrorCode.UNAVAILABLE, message=_UNAVAILABLE, version=version)
            self.decisions.info("game %s: v%d seat %d %s", game_id, game.version, seat + 1, text)
            self.members.tell_each(game_id, game.event_for)
            if game.over:
                log.info("game %s: over, %s", game_id, game.match.totals)
                self.members.tell_all(game.id, game.record_frame())
            self._computer_turn(game)
            return None

    def _not_stored(self, game: Game, error: BaseException) -> None:
        """A decision applied in memory whose commit failed: the game dropped (read again from the store on next
        use) and every connection to it closed with 1013, so that they come back to what the store holds."""
        said = str(error) if isinstance(error, StoreError) else f"{type(error).__name__}: {error}"
        log.warning("game %s: decision %d not stored: %s", game.id, game.version, said)
        self.held.drop(game, _TRY_AGAIN)

    def _computer_turn(self, game: Game) -> None:
        if (level := game.computer_to_move()) is not None:
            self._background(self._computer(game, level, game.to_move, game.version))

    async def _computer(self, game: Game, level: str, seat: int, version: int) -> None:
        """A computer's turn: its bot answers from its own view (H3) in a worker process, in turn with the other
        computers whose turns were asked by other addresses, then goes the one path."""
        seed = hash((game.match.seed, seat)) & (2**63 - 1)
        try:
            decision = await self.computers.decide(game.id, seat, level, seed, game.view_of(seat), game.asker)
        except Exception:  # a worker that cannot start (shutting down): the turn is taken again on reload
            log.exception("game %s: the computer could not think", game.id)
            return
        try:
            await self.decide(game.id, seat, version, str(decision), None)
        except StoreError as error:  # dropped after a failed commit, and the database still away: taken again
            log.warning("game %s: the computer's turn waits for the database: %s", game.id, error)  # on reload
        self.held.forget_if_idle(game.id)  # everyone may have left while it thought

    def _background(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``work`` in the background, kept (in :attr:`tasks`) until it is done, cancelled by :meth:`stop`."""
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*self.tasks, return_exceptions=True)
        self.computers.close()

    # ------------------------------------------------------------------ sending

    async def ask_rematch(self, game: Game, seat: int, address: str) -> None:
        """``seat`` asks for a rematch (:mod:`.rematches`), once the match is over, under the game's lock; from
        ``address``, which a rematch this ask makes is counted against, as a ``create`` is."""
        if not game.over:
            raise FrameRefused(ErrorCode.NOT_OVER, "a rematch is asked for once the match is over")
        async with self.held.lock(game.id):
            await self.rematches.ask(game, seat, address)

    async def _send(self, websocket: Member, frame: ServerFrame) -> None:
        await websocket.send(write(frame))

    async def _unavailable(self, websocket: Member, what: str, error: StoreError) -> None:
        """The database cannot be reached, or another server serves the game: one ``unavailable`` error, then 1013
        (try again later) — the client comes back with backoff, and by then the database may be back, or the
        game's lease this server's."""
        if isinstance(error, Elsewhere):
            log.info("%s: %s", what, error)
            await self._send(websocket, ErrorFrame(code=ErrorCode.UNAVAILABLE, message=str(error)))
            await websocket.close(1013, str(error)[:120])
            return
        log.warning("%s: the database cannot be reached: %s", what, error)
        await self._send(websocket, ErrorFrame(code=ErrorCode.UNAVAILABLE, message=_UNAVAILABLE))
        await websocket.close(1013, _TRY_AGAIN)


def _closed(remote: RemoteMember, handled: asyncio.Task[None]) -> None:
    """A relayed client's handling is over: its connection closed (if it is not yet) as websockets closes a local
    one, 1000 or, when the handling failed, 1011 (logged whole)."""
    failed = not handled.cancelled() and handled.exception() is not None
    if failed:
        log.error("a relayed client's handling failed", exc_info=handled.exception())
    remote.shut(1011 if failed else 1000, "")


def _notation(frame: Decide, game: Game) -> str:
    """The decision ``frame`` sends, as the engine writes it (``+R7`` is ``+r7``): what the game applies, stores
    and tells every seat, and what a resend is compared with.  A take-back and a claim are frames of their own."""
    try:
        return str(parse_decision(frame.decision))
    except NotationError as error:
        raise FrameRefused(ErrorCode.BAD_FIELD, f"decision: {error}", version=game.version) from None


def _bucket_of(websocket: Member) -> FrameBucket:
    """The count of a connection's frames a second: a local connection's own, which its pings take from too; a new
    one for a client another server relays (whose pings that server counts)."""
    return websocket.frames if isinstance(websocket, GuardedConnection) else FrameBucket()


def _read(message: str | bytes) -> ClientFrame:
    if isinstance(message, bytes):
        raise FrameRefused(ErrorCode.NOT_JSON, "frames are JSON text, not binary", 1003)
    try:
        return read_client_frame(message)
    except FrameError as error:
        raise FrameRefused(error.code, str(error)) from None
