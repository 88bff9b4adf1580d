"""The client side of the online game: create a game, and hold one seat through dropped connections.

:class:`Seat` joins with an invitation code (keeping the token the server gives back) or comes back with a token,
then reconnects by itself with backoff whenever the connection drops — the server restarting (1012), killed (1006),
its database away a moment (1013, after an ``unavailable`` error), a network gone — and carries on from the seat's
whole view, which the server sends on every connect.  A decision goes with the version it answers, so one sent
twice across a reconnection is applied once.  The server may be several addresses separated by commas (servers
sharing one database): each connection tries them in turn, the one that worked last first.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from lost_cities.ai.bot import Bot, answer
from lost_cities.engine.moves import Decision
from lost_cities.engine.view import PlayerView
from lost_cities.i18n import _, ngettext, quoted
from lost_cities.limits import clean_name, name_problem
from lost_cities.net import ABANDONED_DAYS, UNSTARTED_DAYS, addresses, server_option, visitor_headers
from lost_cities.net.invitations import normalised, shown
from lost_cities.net.protocol import (
    FRAME_BURST,
    FRAMES_PER_SECOND,
    MAX_FRAME,
    Claim,
    Create,
    Created,
    Decide,
    ErrorCode,
    ErrorFrame,
    Event,
    FrameError,
    Games,
    GameStatus,
    Hello,
    Join,
    Record,
    Rematch,
    Rematched,
    ServerFrame,
    Status,
    Sync,
    TakeBack,
    ViewFrame,
    Watch,
    Welcome,
    read_server_frame,
    write,
)

__all__ = ["OnlineError", "Pacer", "Seat", "create_game", "fetch_record", "fetch_status", "play_seat"]

#: Close codes after which coming back would be refused again: the client stops instead of looping.
_FINAL_CLOSES = {1003, 1008, 1009}
#: Errors that no reconnection mends: a code or token the server does not know, a game gone.  ``rate_limited`` ends
#: only a seat not yet welcomed (a frame too many is followed by a close, 1008, which does): in a game it refuses a
#: rematch the address may not make yet, and the connection stays.
_FINAL_ERRORS = {
    ErrorCode.BAD_CODE,
    ErrorCode.CODE_USED,
    ErrorCode.BAD_TOKEN,
    ErrorCode.BAD_GAME,
    ErrorCode.BAD_PROTOCOL,
}


#: The pace a connection of this client keeps: half the frames a second a server allows, and a quarter of its burst,
#: so that frames bunched on the way (a slow network delivering several at once) still arrive within its limits.
#: A person never comes near it; a bot playing another bot flat out does (a decision is a round trip on loopback).
PACE, PACE_BURST = FRAMES_PER_SECOND / 2, FRAME_BURST / 4


class Pacer:
    """A token bucket on the sending side: at most ``burst`` frames at once, then ``rate`` a second.

    :meth:`wait` returns when the next frame may go: a frame is delayed (an asyncio sleep), never dropped.  Each
    caller takes its place before it sleeps, so frames sent from several tasks at once keep the pace together.
    ``clock`` and ``sleep`` are the loop's by default; a test gives its own, to count without waiting.
    """

    def __init__(
        self,
        rate: float = PACE,
        burst: float = PACE_BURST,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a pace is a positive rate with a burst of at least one frame")
        self.rate, self.burst = rate, burst
        self._clock, self._sleep = clock, sleep
        self._tokens, self._at = burst, clock()

    async def wait(self) -> None:
        """Take the next frame's place: at once while the burst lasts, else after the wait the rate asks."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate) - 1
        self._at = now
        if self._tokens < 0:
            await self._sleep(-self._tokens / self.rate)


class OnlineError(Exception):
    """The server refused us for good, or cannot be reached: the message says which, in one sentence."""

    def __init__(self, message: str, code: ErrorCode | None = None) -> None:
        self.code = code
        super().__init__(message)


def backoff(first: float = 0.1, most: float = 10.0) -> Iterator[float]:
    """The waits between attempts to reconnect: quick at first (a restart takes a second), then longer,
    never more than ``most`` seconds, each with some jitter so that many clients do not come back at once."""
    delay = first
    while True:
        yield delay * random.uniform(0.8, 1.2)
        delay = min(most, delay * 2)


@contextlib.asynccontextmanager
async def _connect(url: str) -> AsyncIterator[ClientConnection]:
    """One connection, closed on leaving with the closing handshake; should that be cut short (the task cancelled,
    as when the app quits), the socket is dropped there and then, never left open and unread: the server's side
    would stay half-closed until its keepalive found out (20 s)."""
    opened: ClientConnection | None = None
    try:
        async with connect(
            url,
            proxy=None,  # loopback and friends' addresses: never through a *_proxy of the environment
            max_size=MAX_FRAME,
            compression=None,
            open_timeout=10,
            additional_headers=visitor_headers(),  # a web page's tab: the person it plays for
        ) as websocket:
            opened = websocket
            yield websocket
    finally:
        if opened is not None:  # closed already unless the handshake was cut short: then it is dropped
            opened.transport.abort()


async def _one_exchange(url: str, frame: Create | Watch | Status) -> tuple[str, list[ServerFrame]]:
    """Send ``frame`` on a new connection to the first of ``url``'s addresses that can be reached, and read what it
    answers until it closes: that address, and its answer."""
    tried = addresses(url) or (url,)
    for address in tried:
        try:
            return address, await _exchange_at(address, frame)
        except _Unreachable as error:
            if address == tried[-1]:
                raise OnlineError(_unanswered(tried, str(error))) from None
    raise AssertionError("unreachable: the last address raises")


class _Unreachable(Exception):
    """Nothing was sent: the address may be passed over for the next one."""


async def _exchange_at(url: str, frame: Create | Watch | Status) -> list[ServerFrame]:
    answers: list[ServerFrame] = []
    sent = False
    try:
        async with _connect(url) as websocket:
            await websocket.send(write(frame))
            sent = True
            async for message in websocket:
                answers.append(read_server_frame(message))
                if isinstance(answers[-1], ErrorFrame | Record) or (
                    isinstance(answers[-1], ViewFrame) and isinstance(frame, Watch) and not answers[-1].over
                ):
                    break
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
        if not sent:
            raise _Unreachable(_said(error)) from None
        raise OnlineError(_unanswered((url,), _said(error))) from None
    except ConnectionClosed:
        pass
    except FrameError as error:
        raise _unreadable(url, error) from None
    return answers


def _said(error: BaseException) -> str:
    """Why a server did not answer, in the player's words where the reason is a common one (not the system's
    "[Errno 111] Connect call failed ('127.0.0.1', 8811)")."""
    if isinstance(error, ConnectionRefusedError):
        return _("nothing listens there: is the server started, on that port?")
    if isinstance(error, socket.gaierror):
        return _("that host name is not known")
    if isinstance(error, TimeoutError):
        return _("no answer in time")
    if isinstance(error, InvalidStatus) and (sentence := _refusal(error)) is not None:  # a lost-cities server's own
        return _("the server refused the connection (HTTP {status}): {sentence}").format(
            status=error.response.status_code, sentence=sentence
        )
    if isinstance(error, InvalidStatus) and error.response.status_code >= 500:  # a proxy, its server away
        return _("the server is unavailable (HTTP {status}): try again later").format(status=error.response.status_code)
    if isinstance(error, InvalidHandshake):
        return _("what answered is not a game server")
    return str(error) or type(error).__name__


#: The most characters of a server's refusal a message quotes.
_REFUSAL_LENGTH = 200


def _refusal(error: InvalidStatus) -> str | None:
    """The sentence a server that refused the handshake gave in plain text (a lost-cities server says why): its first
    line, printable characters only, cut to :data:`_REFUSAL_LENGTH`; ``None`` if it gave none (a proxy's page)."""
    response = error.response
    if not response.headers.get("Content-Type", "").startswith("text/plain") or response.status_code < 400:
        return None
    lines = response.body.decode("utf-8", "replace").strip().splitlines() if response.body else []
    shown = "".join(char for char in (lines[0] if lines else "") if char.isprintable())
    if len(shown) > _REFUSAL_LENGTH:
        shown = shown[: _REFUSAL_LENGTH - 1] + "…"
    return shown or None


def _name_refused(name: str) -> str:
    """Why a server refused the name a join asked for, in the player's language: what is wrong with the name alone
    (the rule every program of ours applies, :func:`~lost_cities.limits.name_problem`), else the one other reason a
    server has: another player of the game has it, or a name that looks like it."""
    problem = name_problem(None, clean_name(name))
    if problem is None:  # a clause, as the client's other refusals: "lost-cities play: another player …"
        problem = _("another player of this game has the name {name}, or one that looks like it: choose another")
        problem = problem.format(name=quoted(clean_name(name)))
    return problem


def _unanswered(tried: Sequence[str], why: str) -> str:
    return _("no game server answers at {addresses} ({why})").format(addresses=", ".join(tried), why=why)


def _unreadable(url: str, why: object) -> OnlineError:
    """The seat's end when the server sends what this client cannot read: coming back would be sent it again."""
    return OnlineError(
        _("the server at {url} sent a frame this client cannot read ({error})").format(url=url, error=why)
    )


async def create_game(url: str, frame: Create) -> Created:
    """Create a game on the server at ``url``: its id, each seat's invitation code and the watch code."""
    return (await create_game_where(url, frame))[1]


async def create_game_where(url: str, frame: Create) -> tuple[str, Created]:
    """Create a game on the first of ``url``'s servers that answers: that server's address, and what it made."""
    answered, replies = await _one_exchange(url, frame)
    for reply in replies:
        if isinstance(reply, Created):
            return answered, reply
        if isinstance(reply, ErrorFrame):
            raise OnlineError(reply.message, reply.code)
    raise OnlineError(_("the server at {url} closed without creating the game").format(url=answered))


def _why_deleted() -> str:
    """Which games a server deletes, as the clause a code that opens nothing ends with: each number with its own
    plural."""
    unstarted = ngettext("one not begun in {days} day", "one not begun in {days} days", UNSTARTED_DAYS)
    abandoned = ngettext("left {days} day without a move", "left {days} days without a move", ABANDONED_DAYS)
    # Translators: which games a server deletes: "one not begun in 14 days, or left 30 days without a move"
    return _("{unstarted}, or {abandoned}").format(
        unstarted=unstarted.format(days=UNSTARTED_DAYS), abandoned=abandoned.format(days=ABANDONED_DAYS)
    )


def _unknown_code(code: str) -> str:
    """A code no game on the server has (to watch it, or to fetch its record), in the player's words."""
    return _("{code} is no game's code on this server: is it mistyped, or its game deleted ({why})?").format(
        code=code, why=_why_deleted()
    )


async def fetch_record(url: str, code: str) -> Record:
    """The record of the finished game that ``code`` (any of its codes) belongs to, with its players."""
    answered, replies = await _one_exchange(url, Watch(code=code))
    for reply in replies:
        if isinstance(reply, Record):
            return reply
        if isinstance(reply, ErrorFrame):
            plain = normalised(code)
            said = _unknown_code(shown(plain)) if reply.code is ErrorCode.BAD_CODE and plain else reply.message
            raise OnlineError(said, reply.code)
        if isinstance(reply, ViewFrame) and not reply.over:
            raise OnlineError(
                _("the match is not over yet (round {number}): its record is given once it is over").format(
                    number=reply.round_number
                ),
                ErrorCode.GAME_OVER,
            )
    raise OnlineError(_("the server at {url} closed without sending the game's record").format(url=answered))


async def fetch_status(url: str, tokens: tuple[str, ...]) -> tuple[GameStatus, ...]:
    """Where the games of these seats' tokens stand on the server at ``url`` (the unknown ones are left out)."""
    answered, replies = await _one_exchange(url, Status(tokens=tokens[:50]))
    for reply in replies:
        if isinstance(reply, Games):
            return reply.games
        if isinstance(reply, ErrorFrame):
            raise OnlineError(reply.message, reply.code)
    raise OnlineError(_("the server at {url} closed without an answer").format(url=answered))


#: What plays a seat: given the seat's view when it is its turn, the decision to send.
Player = Callable[[PlayerView], Awaitable[Decision]]


class Seat:
    """One seat of an online game (or a watcher's place), held across reconnections.

    Give it an invitation ``code`` the first time (it keeps the ``token`` it is given, to come back later), a
    ``token``, or a ``watch`` code.  :meth:`run` holds the connection until the match is over, telling ``on_frame``
    of every frame; :meth:`send` sends a decision (or a take-back) answering the current version, one sent while the
    connection is down going out once it is back if the game has not moved.  Every frame keeps ``pacer``'s pace.
    """

    def __init__(
        self,
        url: str,
        *,
        code: str | None = None,
        token: str | None = None,
        watch: str | None = None,
        name: str | None = None,
        on_frame: Callable[[ServerFrame], None] | None = None,
        on_connection: Callable[[bool], None] | None = None,
        pacer: Pacer | None = None,
    ) -> None:
        if sum(given is not None for given in (code, token, watch)) != 1:
            raise ValueError("a seat is taken with a code, come back to with a token, or watched: one of the three")
        self.url = url
        #: the addresses ``url`` lists, tried in turn; :attr:`address` is the one tried next (the one that worked last)
        self.addresses = addresses(url) or (url,)
        self._at = 0
        self.code = code
        self.token = token
        self.watch = watch
        self.name = name
        self.on_frame = on_frame
        self.on_connection = on_connection
        self.pacer = pacer or Pacer()
        self.welcome: Welcome | None = None
        self.version = -1
        self.view: PlayerView | None = None
        self.record: Record | None = None
        #: with a clock: when the seat to move must have decided (UNIX time)
        self.deadline: float | None = None
        #: decisions this client sent (each at most once per version), for tests and reports
        self.sent = 0
        self._player: Player | None = None
        self._websocket: ClientConnection | None = None
        self._unsent: Decide | TakeBack | None = None
        #: the last decision sent: resent as it was if the server says it could not keep it (``unavailable``)
        self._last: Decide | TakeBack | None = None
        #: the waits between attempts to come back; started again once the server welcomes the seat (a
        #: connection refused at once, its database away, is one more failed attempt, not a success)
        self._delays = backoff()

    @property
    def address(self) -> str:
        """The address connected to, or tried next: the one that worked last, until it fails."""
        return self.addresses[self._at]

    def _move_on(self) -> None:
        self._at = (self._at + 1) % len(self.addresses)

    @property
    def connected(self) -> bool:
        return self._websocket is not None

    def _hello(self) -> str:
        if self.token is not None:
            return write(Hello(token=self.token))
        if self.watch is not None:
            return write(Watch(code=self.watch))
        assert self.code is not None
        return write(Join(code=self.code, name=self.name))

    async def _send_text(self, websocket: ClientConnection, text: str) -> None:
        """Every frame of the seat goes out here, at :attr:`pacer`'s pace: the server's limits are never reached."""
        await self.pacer.wait()
        await websocket.send(text)

    async def play(self, player: Player, until_over: bool = True) -> Record:
        """:meth:`run`, ``player`` asked for a decision whenever it is the seat's turn."""
        self._player = player
        return await self.run(until_over)

    async def send(self, decision: str | None) -> None:
        """Send ``decision`` (notation; ``None``: take back the card just played) for the current version."""
        frame: Decide | TakeBack = (
            TakeBack(version=self.version) if decision is None else Decide(version=self.version, decision=decision)
        )
        websocket = self._websocket
        if websocket is None:
            self._unsent = frame  # sent on reconnection if the game is still where it was
            return
        try:
            await self._send_text(websocket, write(frame))
            self.sent += 1
            self._last = frame
        except ConnectionClosed:
            self._unsent = frame

    async def claim(self) -> None:
        """End the match because the side to move ran out of time (the server checks that it did)."""
        if self._websocket is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._send_text(self._websocket, write(Claim(version=self.version)))

    async def ask_rematch(self) -> None:
        """Once the match is over: ask for another (``rematched`` moves this seat to it when all have asked)."""
        if self._websocket is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._send_text(self._websocket, write(Rematch()))

    async def run(self, until_over: bool = True) -> Record:
        """Hold the connection until the match is over (``until_over``), or as long as the caller wants (an app, whose
        players may play a rematch); the record then.  The first connection must succeed, to one of the addresses
        (:class:`OnlineError` says why not); after that, a lost one is tried again and again with backoff, round the
        list from the address that worked last."""
        self._delays = backoff()
        connected, unanswered = False, 0  # before the first connection: how many addresses did not answer
        while True:
            address, welcomed = self.address, False
            try:
                async with _connect(address) as websocket:
                    connected = True
                    record = await self._session(websocket, until_over)
                    if record is not None:
                        return record
            except ConnectionClosed as closed:
                if closed.sent is not None and closed.sent.code == 1009:  # closed here: the server's frame too large
                    raise _unreadable(address, f"more than {MAX_FRAME} bytes") from None
                code = closed.rcvd.code if closed.rcvd else None
                if code in _FINAL_CLOSES:
                    reason = closed.rcvd.reason if closed.rcvd else ""
                    raise OnlineError(
                        _("the server closed the connection: {reason}").format(reason=reason or code)
                    ) from None
            except (OSError, TimeoutError, InvalidHandshake) as error:
                if not connected:
                    unanswered += 1
                    if unanswered < len(self.addresses):  # the first connection: the next address at once
                        self._move_on()
                        continue
                    raise OnlineError(_unanswered(self.addresses, _said(error))) from None
            except InvalidURI as error:
                raise OnlineError(
                    _("{address} is not a server's address ({why})").format(address=address, why=_said(error))
                ) from None
            except FrameError as error:
                raise _unreadable(address, error) from None
            finally:
                if self._websocket is not None:
                    welcomed = True
                    self._websocket = None
                    if self.on_connection:
                        self.on_connection(False)
            if not welcomed:  # unreachable, or turned away (1013): the next address, after the wait
                self._move_on()
            await asyncio.sleep(next(self._delays))

    def _refusal(self, frame: ErrorFrame) -> str:
        """The server's refusal of this seat for good, in the player's language where the client knows its words, else
        in the server's English."""
        plain = normalised(self.code or self.watch or "")  # None: no code, or one the server found malformed
        code = shown(plain) if plain else ""
        if frame.code is ErrorCode.BAD_CODE and plain:
            if self.watch is not None:
                return _unknown_code(code)
            return _("{code} opens no seat on this server: is it mistyped, or its game deleted ({why})?").format(
                code=code, why=_why_deleted()
            )
        if frame.code is ErrorCode.WATCH_CODE and plain:
            return _(
                "{code} is a code to watch a game, not to play in it: lost-cities play --watch {code}{server}"
            ).format(code=code, server=server_option(self.url))
        if frame.code is ErrorCode.CODE_USED and plain:
            return _(
                "{code} was used already: an invitation opens its seat once (the player who took it comes back "
                "with lost-cities play)"
            ).format(code=code)
        if frame.code is ErrorCode.BAD_TOKEN:
            return _("this seat's key opens no seat on this server: the game is gone, or was never here")
        if frame.code is ErrorCode.BAD_GAME:
            return _("this game is no longer on this server")
        if frame.code is ErrorCode.BAD_FIELD and self.code is not None:  # a join's one field to refuse: the name
            return _name_refused(self.name or "")
        return frame.message

    async def _session(self, websocket: ClientConnection, until_over: bool = True) -> Record | None:
        """One connection's exchange: the record if the match ended, ``None`` when the connection closed."""
        asked = -1  # the version a decision was last asked of the player for, on this connection
        await self._send_text(websocket, self._hello())
        async for message in websocket:
            frame = read_server_frame(message)
            match frame:
                case Welcome():
                    self.welcome = frame
                    self._delays = backoff()
                    if frame.token is not None:
                        self.token = frame.token
                    self._websocket = websocket
                    if self.on_connection:
                        self.on_connection(True)
                case ViewFrame() | Event():
                    if frame.version < self.version:
                        continue
                    self.version, self.view, self.deadline = frame.version, frame.view, frame.deadline
                    unsent, self._unsent = self._unsent, None
                    if unsent is not None and unsent.version == frame.version:
                        await self.send(unsent.decision if isinstance(unsent, Decide) else None)
                        asked = frame.version
                case Record():
                    self.record = frame
                case Rematched():  # the seat is now one of the rematch: come back to it with its token (a watcher:
                    # watch it with its code)
                    self.token, self.code = frame.token, None
                    self.watch = frame.watch if frame.seat is None else None
                    self.version, self.view, self.record, self._unsent, self._last = -1, None, None, None, None
                    if self.on_frame:
                        self.on_frame(frame)
                    await websocket.close(1000, "to the rematch")
                    return None
                case ErrorFrame() if frame.code is ErrorCode.UNAVAILABLE:
                    # Nothing of it was kept, and the server closes (1013): the same decision goes again, at the
                    # same version, once a connection is back and the game still stands there.
                    last = self._last
                    if last is not None and frame.version is not None and last.version == frame.version:
                        self._unsent = last
                case ErrorFrame():
                    if frame.code in _FINAL_ERRORS or not self.connected:  # before the welcome: the hello refused
                        raise OnlineError(self._refusal(frame), frame.code)
                    if self._player is not None:
                        asked = -1
                        await self._send_text(websocket, write(Sync()))  # where do things stand now?
            if self.on_frame:
                self.on_frame(frame)
            if isinstance(frame, Record) and until_over:
                return frame
            player, view = self._player, self.view
            if player is not None and view is not None and view.legal_decisions and asked != self.version:
                asked = self.version
                decision = await player(view)
                await self.send(str(decision))
        return None


async def play_seat(
    url: str,
    code: str,
    bot: Bot,
    name: str | None = None,
    token: str | None = None,
    on_frame: Callable[[ServerFrame], None] | None = None,
    on_connection: Callable[[bool], None] | None = None,
) -> tuple[Seat, Record]:
    """Play the seat ``code`` opens (or, with its ``token``, the seat it opened before) with ``bot`` to the end of
    the match, on a thread (the loop keeps answering the server's pings while a slow bot thinks); ``on_frame`` and
    ``on_connection`` as :class:`Seat`'s."""

    async def player(view: PlayerView) -> Decision:
        return await asyncio.to_thread(answer, bot, view)

    seat = Seat(
        url, code=None if token else code, token=token, name=name, on_frame=on_frame, on_connection=on_connection
    )
    return seat, await seat.play(player)
