"""Any server accepts any client: a server that does not hold a game's lease relays its clients, through Redis, to
the one that does.

Why: behind one front address (``--redis``), a player lands on whichever server the front picks, but only the server
holding the game's lease (:mod:`lost_cities.server.leases`) applies its decisions.  Turning the others away would
send players round the servers until chance put them on the right one.  So the server a client reached passes its
frames on to the game's *owner* and the owner's frames back, over Redis's pub/sub — the one part every server
already reaches and trusts: no connection between servers, no address or secret of theirs to invent.

Two kinds of channel:

- ``lost-cities:game:<id>:in``, listened to by the game's owner only, while it holds the lease: a relaying server
  publishes there an ``attach`` (its id, the relay's id, the client's address and first frame), then each frame the
  client sends, then a ``detach`` when the client goes.
- ``lost-cities:server:<id>``, listened to by that server: what an owner sends to the clients relayed through it,
  one ``frame`` or ``close`` at a time, named by relay id — one ``frame`` for all of them it is the same frame for
  (a game's watchers), so that what Redis holds for a relaying server grows with its games' events, not with how
  many clients it relays (past 32 MB, Redis cuts that server off, and every client relayed there with it).

On the owner a relayed client is a :class:`RemoteMember`: the same ``recv``/``send``/``close`` and iteration the hub
uses of a websocket, so the owner answers its first frame as a local one (a ``join`` is stored by the owner) and
sends it what a local client of that seat would get — every frame built from that seat's own view, never a hand
the seat may not see.  The relaying server forwards text and reads nothing but the version of the decisions it
passes on; it holds no game.

Pub/sub delivers at most once and drops whatever is sent while a server or Redis is away; nothing depends on it
arriving.  Every decision is committed to the database before anything about it is published.  Every ttl/3 the
relaying server reads each relayed game's lease and whether anyone listens on its channel: when the owner changed,
died or Redis cannot be reached, it closes those clients with ``unavailable`` and 1013 (telling the version of the
last decision it forwarded), and they come back as after any dropped connection — to a server that relays them to
the new owner, or takes the lease itself and reads the game from the database at its last committed decision.  A
decision that may have been lost on the way is sent again at the same version and applied once: a resend is
recognised and the store refuses a stale version.  The owner likewise lets go of the clients of a relaying server
that no longer listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK

from lost_cities.net.protocol import (
    MAX_CLIENT_FRAME,
    Claim,
    Decide,
    ErrorCode,
    ErrorFrame,
    FrameError,
    TakeBack,
    read_client_frame,
    write,
)
from lost_cities.server.connection import FrameBucket, GuardedConnection, flooded
from lost_cities.server.leases import LeaseError, Leases

if TYPE_CHECKING:  # the Redis client is loaded only when --redis is given
    from redis.asyncio.client import PubSub

    from lost_cities.server.gate import Gate

__all__ = ["Relay", "RemoteMember", "game_channel", "server_channel"]

log = logging.getLogger("lost_cities.server")

#: What a relayed client is told when its game's server changed or died (then 1013): it comes back at once.
GONE = "the server serving this game changed: come back in a moment and send it again (lost-cities does it by itself)"
#: What it is told when Redis, which carries its frames, cannot be reached (then 1013).
NO_REDIS = "the servers cannot reach each other right now (Redis is away): come back in a moment"
#: The close codes an owner may ask a relaying server to close with (anything else in a message is a 1011).
_CLOSES = frozenset({1000, 1003, 1008, 1009, 1011, 1012, 1013})
#: Frames a relayed client may have waiting on the owner before it is closed (1008): the hub reads them at once.
_INBOX = 64
#: Messages for relaying servers waiting to be published; past it, their clients are let go (1013).
_OUTBOX = 50_000
#: Messages published to Redis at once, at most (one round trip for a burst of events).
_BATCH = 500


def game_channel(game_id: str) -> str:
    """The channel the owner of ``game_id`` listens to for its relayed clients' frames."""
    return f"lost-cities:game:{game_id}:in"


def server_channel(server: str) -> str:
    """The channel ``server`` listens to for the frames of the clients it relays."""
    return f"lost-cities:server:{server}"


_Id = Annotated[str, msgspec.Meta(min_length=1, max_length=256)]
_ClientText = Annotated[str, msgspec.Meta(max_length=MAX_CLIENT_FRAME)]


class _Message(msgspec.Struct, frozen=True, tag_field="kind", forbid_unknown_fields=True):
    """One message on a relay channel: a JSON object whose ``kind`` names it."""


class Attach(_Message, frozen=True, tag="attach"):
    """A client reached ``server``, which relays it as ``relay``: its address and its first frame."""

    server: _Id
    relay: _Id
    address: Annotated[str, msgspec.Meta(max_length=64)]
    frame: _ClientText


class Forward(_Message, frozen=True, tag="frame"):
    """A frame the relayed client sent (``binary``: a binary one, which the owner refuses as it would a local one)."""

    server: _Id
    relay: _Id
    frame: _ClientText
    binary: bool = False


class Detach(_Message, frozen=True, tag="detach"):
    """The relayed client went."""

    server: _Id
    relay: _Id


class Deliver(_Message, frozen=True, tag="frame"):
    """A frame for the relayed clients ``relays`` (of one relaying server), as the owner wrote it."""

    relays: tuple[_Id, ...]
    frame: str


class Close(_Message, frozen=True, tag="close"):
    """Close the relayed client's connection so."""

    relay: _Id
    code: int
    reason: Annotated[str, msgspec.Meta(max_length=123)]


_FROM_CLIENTS = msgspec.json.Decoder(Attach | Forward | Detach)
_TO_CLIENTS = msgspec.json.Decoder(Deliver | Close)
_ENCODER = msgspec.json.Encoder()


class RemoteMember:
    """A client connected to another server, as the game's owner sees it: what the hub uses of a websocket.

    Frames from the client come in by :meth:`feed` (read with :meth:`recv` or ``async for``); frames to it go out by
    :meth:`send` or :meth:`post` (the hub's broadcast), published in order.  :meth:`end` says the client went."""

    #: a local connection's handshake, which the hub clears; a relayed one has none here
    request: None = None
    response: None = None

    def __init__(self, relay: Relay, server: str, relay_id: str, address: str, first: str) -> None:
        self.relay = relay
        self.server = server
        self.relay_id = relay_id
        self.remote_address = (address, 0)
        self.open = True
        self._inbox: deque[str | bytes] = deque([first])
        self._arrived = asyncio.Event()
        self._arrived.set()

    def feed(self, message: str | bytes) -> None:
        """A frame the client sent; too many unread and the client is closed (1008), as a flood would be."""
        if not self.open:
            return
        if len(self._inbox) >= _INBOX:
            self.shut(1008, "too many frames")
            return
        self._inbox.append(message)
        self._arrived.set()

    def end(self) -> None:
        """The client went, or its server no longer listens: nothing more from it, nothing more sent."""
        if self.open:
            self.open = False
            self._arrived.set()
            self.relay.forget(self)

    async def recv(self) -> str | bytes:
        """The client's next frame; :class:`ConnectionClosed` once it went."""
        while True:
            if not self.open:
                raise ConnectionClosedOK(None, None)
            if self._inbox:
                return self._inbox.popleft()
            self._arrived.clear()
            await self._arrived.wait()

    def __aiter__(self) -> RemoteMember:
        return self

    async def __anext__(self) -> str | bytes:
        try:
            return await self.recv()
        except ConnectionClosed:
            raise StopAsyncIteration from None

    async def send(self, message: str | bytes) -> None:
        self.post(message)

    def post(self, message: str | bytes) -> None:
        """Send ``message`` to the client without waiting: in order with every other, dropped once it went."""
        if self.open:
            text = message.decode() if isinstance(message, bytes) else message
            self.relay.publish(server_channel(self.server), Deliver(relays=(self.relay_id,), frame=text), self)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.shut(code, reason)

    def shut(self, code: int, reason: str) -> None:
        """Have the relaying server close the client's connection with ``code`` (after every frame sent before)."""
        if self.open:
            said = reason.encode()[:120].decode(errors="ignore")  # a close frame's reason is at most 123 bytes
            self.relay.publish(server_channel(self.server), Close(relay=self.relay_id, code=code, reason=said), None)
            self.end()


class _Outgoing:
    """A message queued for ``channel``, and the relayed clients let go if nobody hears it (their server died).  A
    frame for several clients of one server is one message: :meth:`joins` tells whether the next may be added to it."""

    __slots__ = ("channel", "message", "relays", "remotes")

    def __init__(self, channel: str, message: _Message, remote: RemoteMember | None) -> None:
        self.channel = channel
        self.message = message
        self.relays = list(message.relays) if isinstance(message, Deliver) else []
        self.remotes = [remote] if remote is not None else []

    def joins(self, channel: str, message: _Message, remote: RemoteMember | None) -> bool:
        """Add ``message`` to this one if it is the same frame for another client of the same server."""
        if not (
            isinstance(message, Deliver)
            and isinstance(self.message, Deliver)
            and channel == self.channel
            and message.frame == self.message.frame
        ):
            return False
        self.relays.extend(message.relays)
        if remote is not None:
            self.remotes.append(remote)
        return True

    def data(self) -> bytes:
        if isinstance(self.message, Deliver):
            return _ENCODER.encode(Deliver(relays=tuple(self.relays), frame=self.message.frame))
        return _ENCODER.encode(self.message)


@dataclass
class _Pipe:
    """A client this server relays: its connection, its game, the owner it was attached to."""

    websocket: ServerConnection
    game: str
    owner: str
    #: the version of the last decision passed on, told to the client if it must come back (it resends it then)
    version: int | None = None
    #: asked to come back already
    dropped: bool = False
    #: its attach heard by the owner: judged by :meth:`Relay.check` from then on (before, an answer about an owner
    #: not yet listening would let it go for nothing)
    attached: bool = False

    def note(self, message: str | bytes) -> None:
        with contextlib.suppress(FrameError):
            frame = read_client_frame(message)
            if isinstance(frame, Decide | TakeBack | Claim):
                self.version = frame.version


class Relay:
    """This server's side of the relay, both ways: the clients it passes on to other servers (:meth:`pipe`), and
    the clients other servers pass on to it for the games it holds (:meth:`attach_to`)."""

    def __init__(self, leases: Leases) -> None:
        self.leases = leases
        self.redis = leases.redis
        self.me = leases.me
        #: given each client another server relays here (:meth:`attach_to`)
        self.on_attach: Callable[[RemoteMember], None] | None = None
        #: the clients relayed from here, by relay id
        self.pipes: dict[str, _Pipe] = {}
        #: the clients relayed to here, by (their server, relay id)
        self.remotes: dict[tuple[str, str], RemoteMember] = {}
        self._pubsub: PubSub | None = None
        #: what waits to be published, in order (:meth:`publish`), and set when there is some
        self._outbox: deque[_Outgoing] = deque()
        #: per channel, the message queued last on it and not yet taken to be published: the one the next frame
        #: for a client of that channel's server may join
        self._joinable: dict[str, _Outgoing] = {}
        self._waiting = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ life

    def attach_to(self, on_attach: Callable[[RemoteMember], None]) -> None:
        """Give ``on_attach`` each client another server relays here from now on: the hub, which handles it as a
        connection of its own.  Until then, such a client is not attached (it is asked to come back)."""
        self.on_attach = on_attach

    async def start(self) -> None:
        """Listen to this server's channel (before any client is relayed: no answer may come unheard), and begin
        reading, publishing and watching in the background; :class:`LeaseError` if Redis cannot be reached."""
        from redis.exceptions import RedisError

        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        try:
            await self._pubsub.subscribe(server_channel(self.me))
        except (RedisError, OSError) as error:
            raise LeaseError(f"Redis cannot carry the relay: {error}") from None
        for work, name in ((self._read, "reader"), (self._write, "writer"), (self._watch, "watcher")):
            task = asyncio.create_task(work(), name=f"lost-cities relay {name}")
            self._tasks.add(task)

    async def close(self) -> None:
        """Close every client relayed to here with 1012 (they come back, to the server that takes their game
        over), publish what is left for a moment, and stop."""
        for remote in list(self.remotes.values()):
            remote.shut(1012, "server restarting")
        for _ in range(100):  # bounded: two seconds at most
            if not self._outbox:
                break
            await asyncio.sleep(0.02)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]

    def spawn(self, work: Any) -> None:
        """Run ``work`` in the background, kept until done."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ the owner's side

    async def serve(self, game_id: str) -> None:
        """Listen to the game's channel: this server holds its lease.  :class:`LeaseError` if Redis is away."""
        from redis.exceptions import RedisError

        assert self._pubsub is not None
        try:
            await self._pubsub.subscribe(game_channel(game_id))
        except (RedisError, OSError) as error:
            raise LeaseError(f"Redis cannot relay game {game_id}: {error}") from None

    async def unserve(self, game_id: str) -> None:
        """Stop listening to the game's channel (its lease let go); Redis away, it is forgotten with the connection."""
        from redis.exceptions import RedisError

        assert self._pubsub is not None
        try:
            await self._pubsub.unsubscribe(game_channel(game_id))
        except (RedisError, OSError) as error:
            log.warning("game %s: its relay channel not left (%s)", game_id, error)

    def publish(self, channel: str, message: _Message, remote: RemoteMember | None) -> None:
        """Queue ``message`` for ``channel``, in order; ``remote`` is let go if nobody gets it (its server died).  The
        same frame for the next client of the same server joins the message queued last on that server's channel,
        whatever was queued for other servers since (a game's watchers relayed through several servers are told
        in turn): every message for a client is on its server's channel, so none of them is reordered."""
        last = self._joinable.get(channel)
        if last is not None and last.joins(channel, message, remote):
            return
        if len(self._outbox) >= _OUTBOX:
            log.warning("relay: too many frames waiting for Redis; a relayed client is let go")
            if remote is not None:
                remote.end()
            return
        outgoing = self._joinable[channel] = _Outgoing(channel, message, remote)
        self._outbox.append(outgoing)
        self._waiting.set()

    def take(self, most: int) -> list[_Outgoing]:
        """The first ``most`` messages queued, taken to be published: none joins them from now on."""
        taken = [self._outbox.popleft() for _ in range(min(len(self._outbox), most))]
        for outgoing in taken:
            if self._joinable.get(outgoing.channel) is outgoing:
                del self._joinable[outgoing.channel]
        return taken

    def forget(self, remote: RemoteMember) -> None:
        if self.remotes.get((remote.server, remote.relay_id)) is remote:
            del self.remotes[remote.server, remote.relay_id]

    def _from_client(self, message: Attach | Forward | Detach) -> None:
        key = (message.server, message.relay)
        match message:
            case Attach():
                if key in self.remotes or self.on_attach is None:
                    return
                remote = RemoteMember(self, message.server, message.relay, message.address, message.frame)
                self.remotes[key] = remote
                self.on_attach(remote)
            case Forward():
                if (found := self.remotes.get(key)) is not None:
                    found.feed(message.frame.encode() if message.binary else message.frame)
            case Detach():
                if (found := self.remotes.get(key)) is not None:
                    found.end()

    async def _write(self) -> None:
        """Publish the queued messages in order, a burst in one round trip."""
        from redis.exceptions import RedisError

        while True:
            while not self._outbox:
                self._waiting.clear()
                await self._waiting.wait()
            batch = self.take(_BATCH)
            try:
                async with self.redis.pipeline(transaction=False) as pipeline:
                    for outgoing in batch:
                        pipeline.publish(outgoing.channel, outgoing.data())
                    heard = await pipeline.execute()
            except (RedisError, OSError) as error:  # lost: the relaying servers notice Redis away and close them
                log.warning("relay: %d frames for relayed clients not published (%s)", len(batch), error)
                heard = [0] * len(batch)
            for outgoing, count in zip(batch, heard, strict=True):
                if count == 0:
                    for remote in outgoing.remotes:
                        remote.end()  # its server no longer listens

    # ------------------------------------------------------------------ the relaying side

    async def pipe(
        self, websocket: ServerConnection, game_id: str, first: str, address: str, gate: Gate | None = None
    ) -> bool:
        """Relay ``websocket``, whose ``first`` frame opens ``game_id``, to the game's owner until either side
        closes; ``False`` at once (nothing sent to the client) if no other server serves the game now — the caller
        may take it then.  Its frames are paced here as a local connection's are, against its ``address``'s share
        of this server's ``gate`` too: many connections of one address relayed flat out would otherwise fill this
        server's Redis connections before the owner counted them, and every client relayed here would be let go."""
        from redis.exceptions import RedisError

        try:
            owner = await self.leases.owner(game_id)
        except LeaseError:
            return False
        if owner is None or owner == self.me:
            return False
        relay_id = secrets.token_hex(8)
        pipe = _Pipe(websocket, game_id, owner)
        self.pipes[relay_id] = pipe
        channel = game_channel(game_id)
        attached = False
        try:
            attach = Attach(server=self.me, relay=relay_id, address=address[:64], frame=first)
            attached = await self._publish_now(channel, attach)
            if not attached:  # its owner is letting it go, or died: nobody heard
                return False
            pipe.attached = True
            log.info("game %s: a client relayed to server %s", game_id, owner)
            pipe.note(first)
            bucket = websocket.frames if isinstance(websocket, GuardedConnection) else FrameBucket()
            async for message in websocket:
                if await flooded(websocket, bucket, gate, address):  # here, before a flood reaches Redis
                    break
                pipe.note(message)
                text = message if isinstance(message, str) else message.decode(errors="replace")
                forward = Forward(server=self.me, relay=relay_id, frame=text, binary=isinstance(message, bytes))
                if not await self._publish_now(channel, forward):
                    await self._drop(pipe, GONE)
                    break
            return True
        except (RedisError, OSError) as error:
            if not attached:
                return False
            log.warning("game %s: a relayed client let go, Redis away: %s", game_id, error)
            await self._drop(pipe, NO_REDIS)
            return True
        finally:
            del self.pipes[relay_id]
            if attached:
                with contextlib.suppress(RedisError, OSError):
                    await self._publish_now(channel, Detach(server=self.me, relay=relay_id))

    async def _publish_now(self, channel: str, message: _Message) -> bool:
        """Publish ``message`` and wait for Redis: whether anyone listened."""
        heard = await self.redis.publish(channel, _ENCODER.encode(message))
        return bool(heard)

    async def _drop(self, pipe: _Pipe, sentence: str) -> None:
        """Close a relayed client with ``unavailable`` and 1013: it comes back, and resends its last decision if
        the game has not moved past it."""
        if pipe.dropped:
            return
        pipe.dropped = True
        log.info("game %s: a relayed client asked to come back: %s", pipe.game, sentence)
        with contextlib.suppress(ConnectionClosed):
            frame = ErrorFrame(code=ErrorCode.UNAVAILABLE, message=sentence, version=pipe.version)
            await pipe.websocket.send(write(frame))
        with contextlib.suppress(ConnectionClosed):
            await pipe.websocket.close(1013, sentence[:120])

    def _to_client(self, message: Deliver | Close) -> None:
        match message:
            case Deliver():
                pipes = (self.pipes.get(relay) for relay in message.relays)
                # never waits on a slow client, keeps the order
                broadcast([pipe.websocket for pipe in pipes if pipe is not None], message.frame)
            case Close():
                if (pipe := self.pipes.get(message.relay)) is not None:
                    code = message.code if message.code in _CLOSES else 1011
                    self.spawn(pipe.websocket.close(code, message.reason.encode()[:120].decode(errors="ignore")))

    # ------------------------------------------------------------------ both sides

    async def _read(self) -> None:
        """Hand each message heard to its side; Redis lost, every relayed client is let go, and the channels are
        listened to again once it is back (the client library subscribes them again on reconnecting)."""
        from redis.exceptions import RedisError

        assert self._pubsub is not None
        failures = 0
        while True:
            listening = time.monotonic()
            try:
                async for heard in self._pubsub.listen():
                    if heard.get("type") == "message":
                        self.dispatch(heard.get("channel"), heard.get("data"))
            except (RedisError, OSError) as error:
                if time.monotonic() - listening > 5:  # it had come back
                    failures = 0
                if not failures:  # once, not at every attempt to come back
                    log.warning("relay: Redis lost (%s); every relayed client let go until it is back", error)
                self._let_all_go()
            failures += 1
            await asyncio.sleep(min(2.0, 0.05 * 2 ** min(failures, 6)))

    def dispatch(self, channel: object, data: object) -> None:
        """One message heard; one that is not ours is logged and dropped, whatever it holds."""
        name = channel.decode(errors="replace") if isinstance(channel, bytes) else str(channel)
        try:
            if not isinstance(data, bytes | str):
                raise msgspec.ValidationError("not text")
            if name == server_channel(self.me):
                self._to_client(_TO_CLIENTS.decode(data))
            else:
                self._from_client(_FROM_CLIENTS.decode(data))
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            log.warning("relay: a message on %s that is not the relay's was dropped (%s)", name[:100], error)
        except Exception:  # a fault of ours: logged whole, and the relay goes on
            log.exception("relay: a message on %s failed", name[:100])

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.leases.ttl / 3)
            await self.check()

    async def check(self) -> None:
        """Let go of every relayed client whose path may lose frames: its game's owner changed, died or nobody
        listens on the game's channel any more; or (on the owner) its server no longer listens; or Redis away."""
        from redis.exceptions import RedisError

        # Judged: the clients relayed when the question is asked.  One relayed while Redis answers was attached to
        # an owner that heard it then; judged against answers about other games it would be let go for nothing.
        pipes = [pipe for pipe in self.pipes.values() if pipe.attached]
        remotes = list(self.remotes.values())
        games = sorted({pipe.game for pipe in pipes})
        servers = sorted({remote.server for remote in remotes})
        if not games and not servers:
            return
        try:
            async with self.redis.pipeline(transaction=False) as pipeline:
                for game_id in games:
                    pipeline.get(Leases.key(game_id))
                if games:
                    pipeline.pubsub_numsub(*(game_channel(game_id) for game_id in games))
                if servers:
                    pipeline.pubsub_numsub(*(server_channel(server) for server in servers))
                answers = await pipeline.execute()
        except (RedisError, OSError) as error:
            log.warning("relay: Redis cannot be reached (%s); every relayed client let go", error)
            self._let_all_go()
            return
        owners = {game_id: _text(answer) for game_id, answer in zip(games, answers, strict=False)}
        rest = answers[len(games) :]
        listened = {game_id: _count(pair) for game_id, pair in zip(games, rest[0] if games else [], strict=False)}
        alive = {server: _count(pair) for server, pair in zip(servers, rest[-1] if servers else [], strict=False)}
        for pipe in pipes:
            if owners.get(pipe.game) != pipe.owner or not listened.get(pipe.game):
                self.spawn(self._drop(pipe, GONE))
        for remote in remotes:
            if not alive.get(remote.server):
                remote.end()

    def _let_all_go(self) -> None:
        for pipe in list(self.pipes.values()):
            self.spawn(self._drop(pipe, NO_REDIS))
        for remote in list(self.remotes.values()):
            remote.end()


def _text(value: object) -> str | None:
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)


def _count(pair: object) -> int:
    """The count of one ``PUBSUB NUMSUB`` answer's (channel, count) pair."""
    if isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[1], int):
        return pair[1]
    return 0
