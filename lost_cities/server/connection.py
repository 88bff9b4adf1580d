"""A client's connection as this server keeps it: counted, its frames paced, what waits to be sent to it bounded.

websockets' own knobs bound what a connection may send (``max_size``, ``max_queue``) and when ``send()`` waits
(``write_limit``); but what it answers by itself (a pong to every ping) and what is broadcast to it never waits, so a
client that does not read would make the server hold ever more for it.  As lichess's lila-ws does, a client that
cannot keep up is dropped, not buffered: past :attr:`Limits.SEND_BUFFER_MOST` bytes waiting, at once; past
:attr:`Limits.SEND_BUFFER` for :attr:`Limits.SLOW_READER` seconds, then (a seat comes back and is sent the game as it
stands; a watcher too).  The kernel's buffer for it is bounded as well, and a client dropped is reset, so that the
kernel forgets that buffer at once.  Its pings count toward its frames a second, as its frames do; a connection past
the server's cap is closed before a byte is read.  Whether a connection's peer is still there is asked by one sweep
for all of them (:meth:`GuardedConnection.keep_alive`), not by a task for each, as websockets' keepalive does: its
task, sleeping, holds a kilobyte and a half a connection, 6 MB for 2,000 games waiting for their first move.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from typing import Any, ClassVar, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from lost_cities.net.protocol import ErrorCode, ErrorFrame, write
from lost_cities.server.gate import Gate, Limits, Refusal, TokenBucket

__all__ = ["FrameBucket", "GuardedConnection", "flooded"]

#: The kernel's send buffer for a connection, in bytes (Linux keeps twice this): plenty for a game's frames, and no
#: megabytes held for a client that reads nothing, before :class:`GuardedConnection` sees it fall behind.
_KERNEL_SEND_BUFFER = 65536


def _unavailable(sentence: str) -> bytes:
    """What a connection refused before its request is read is told: an HTTP answer any client shows."""
    body = f"{sentence}\n".encode()
    return (
        b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
        b"Retry-After: 60\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
    )


#: Seconds a connection refused by its address's caps is held, half-closed, for its client to read why.
_LINGER = 1.0
#: What a connection past the server's cap is told (and closed at once: no descriptor to spare).
_FULL = _unavailable("this server holds as many connections as it may: try again in a minute")


class FrameBucket(TokenBucket):
    """A connection's frames a second (:attr:`Limits.FRAMES_PER_SECOND`), with a burst; its pings take from it too.
    :attr:`share` counts them against what a connection may always send (:attr:`Limits.FRAME_SHARE`)."""

    __slots__ = ("share",)

    def __init__(self) -> None:
        super().__init__(Limits.FRAMES_PER_SECOND, Limits.FRAME_BURST)
        self.share = TokenBucket(Limits.FRAME_SHARE, Limits.FRAME_SHARE_BURST)

    def refusal(self, gate: Gate | None, address: str | None) -> str | None:
        """What the connection is told if one more frame (or ping) is one too many this second — for the connection,
        or (with ``gate`` and the client's ``address``) for all that address's, or its network's, connections, past
        what a connection may always send —; ``None`` if it is within."""
        within_share = self.share.take()  # every frame counted: it measures this connection alone
        if not self.take():
            return _FLOOD
        past = gate.frame_past(address) if gate is not None and address is not None else None
        if past is not None and not within_share:
            return _NETWORK_FLOOD if past == "network" else _ADDRESS_FLOOD
        return None


class _Closable(Protocol):
    async def send(self, message: str) -> None: ...
    async def close(self, code: int = 1000, reason: str = "") -> None: ...


def _closed_for(most: str) -> str:
    """What a connection that sends more than ``most`` is told, before it is closed (1008)."""
    return write(ErrorFrame(code=ErrorCode.RATE_LIMITED, message=f"at most {most}: the connection is closed"))


#: Too many frames a second from the connection, and from all its address's, or its network's, connections together.
_FLOOD = _closed_for(f"{Limits.FRAMES_PER_SECOND:.0f} frames a second")
_ADDRESS_FLOOD = _closed_for(f"{Limits.FRAMES_PER_ADDRESS:.0f} frames a second from one address")
_NETWORK_FLOOD = _closed_for(
    f"{Limits.NETWORK_ADDRESSES * Limits.FRAMES_PER_ADDRESS:.0f} frames a second from one network"
)


async def flooded(websocket: _Closable, bucket: FrameBucket, gate: Gate | None = None, address: str = "") -> bool:
    """Whether the connection's frame is one too many this second, for the connection or (with ``gate``) for all
    those of its ``address``: if so it is told, and closed (1008) — by the server it is in a game on, and by the one
    that relays it there before its frames reach Redis."""
    told = bucket.refusal(gate, address)
    if told is None:
        return False
    with contextlib.suppress(ConnectionClosed):
        await websocket.send(told)
    if isinstance(websocket, ServerConnection):  # a relayed client's own server closes it
        websocket.close_timeout = Limits.FLOODER_CLOSING
    await websocket.close(1008, "too many frames")
    return True


class GuardedConnection(ServerConnection):
    """A websockets server connection counted by the :attr:`gate` from its first byte — in all, and against the
    address it comes from (from a trusted proxy: against the address forwarded, once its HTTP request is read) —, its
    pings paced, its send buffer bounded; and kept in :attr:`held` until it is gone, for a stopping server to drop
    those that outstay their closing (:meth:`drop_all`).

    :attr:`remote_address` is the client's: behind a trusted proxy, the address that proxy forwards.
    """

    #: the server's gate: set on the class :func:`guarded` makes for one server
    gate: ClassVar[Gate]
    #: every connection of that server from its first byte to its last, whatever state it is in: set there too
    held: ClassVar[set[GuardedConnection]]
    # Slots, not the instance's dictionary: websockets' connection fills its dictionary to the brim, and five more
    # entries would double it, a kilobyte a connection (benchmarks/online_load.py's waiting games).
    __slots__ = ("client_address", "counted", "frames", "heard", "pinged", "refused", "slow")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames = FrameBucket()
        #: the address this connection is counted against: its peer's from the start, or the one a trusted proxy
        #: forwards once the HTTP request is read (``None`` until then: counted in all only)
        self.client_address: str | None = None
        self.counted = False
        #: answered 503 before its request was read: what it sends is ignored until it is let go
        self.refused = False
        #: the check, :attr:`Limits.SLOW_READER` seconds after the send buffer filled, that the client caught up
        self.slow: asyncio.TimerHandle | None = None
        #: when a byte last came from the client, and when the server last pinged it (the loop's clock)
        self.heard = self.pinged = self.loop.time()

    @property
    def remote_address(self) -> Any:
        if self.client_address is not None:
            return (self.client_address, 0)
        return super().remote_address

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.held.add(self)
        sock = transport.get_extra_info("socket")
        if sock is not None:  # what the kernel holds for a client that does not read is bounded too
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, _KERNEL_SEND_BUFFER)
        if self.gate.full():  # at the cap: answered and closed at once, before a byte is read
            self.gate.at_cap.warning("refused a connection: the server holds %d, as many as it may", self.gate.total)
            self.transport.write(_FULL)
            self.transport.close()
            return
        self.gate.connected()
        self.counted = True
        peer = transport.get_extra_info("peername")
        if isinstance(peer, tuple) and not self.gate.is_proxy(peer[0]):  # a proxy's: counted once forwarded
            try:
                self.admit(peer[0])
            except Refusal as refusal:  # refused before a byte is read: what it holds is this address's alone
                self._refuse(peer[0], str(refusal))

    def _refuse(self, address: str, sentence: str) -> None:
        """Answer 503 with ``sentence`` and let the client from ``address`` go.  When the gate allows it
        (:meth:`Gate.linger`), the connection is half-closed and what the client sends meanwhile read and ignored,
        for :data:`_LINGER` seconds at most — closing a socket with unread data resets it, and the client would not
        see the sentence; otherwise it is closed at once."""
        self.refused = True
        self.transport.write(_unavailable(sentence))
        if not self.transport.can_write_eof() or not self.gate.linger(address):
            self.transport.close()
            return
        self.transport.write_eof()

        def let_go() -> None:
            self.gate.lingered(address)
            self.transport.abort()

        self.loop.call_later(_LINGER, let_go)

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            self.heard = self.loop.time()
            super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.held.discard(self)
        if self.slow is not None:
            self.slow.cancel()
            self.slow = None
        if self.counted:
            self.counted = False
            self.gate.disconnected()
            if self.client_address is not None:
                self.gate.release(self.client_address)
        super().connection_lost(exc)

    @classmethod
    def drop_all(cls) -> int:
        """Let every connection of the server go at once, without another byte, whatever it waits for (a close frame
        never answered, a socket its client never closes, a request never finished): how many there were.  A stopping
        server's last word, once its connections had :attr:`Limits.CLOSING` seconds to close."""
        held = list(cls.held)
        for connection in held:
            connection.transport.abort()
        return len(held)

    @classmethod
    def bound_sends(cls, most: int) -> int:
        """Let the connections with the most waiting to be sent go, the largest first, once all the server's together
        hold more than ``most`` bytes, until they hold three quarters of it: what slow readers cost is bounded in all,
        not only each (:attr:`Limits.SEND_BUFFER_AVERAGE`).  How many were let go."""
        waiting = [
            (connection.transport.get_write_buffer_size(), connection)
            for connection in cls.held
            if not connection.transport.is_closing()
        ]
        total = sum(size for size, _connection in waiting)
        if total <= most:
            return 0
        dropped = 0
        for size, connection in sorted(waiting, key=lambda pair: pair[0], reverse=True):
            if total <= most * 3 // 4 or not size:
                break
            connection._drop("the server holds too much for clients that read slowly")
            total -= size
            dropped += 1
        return dropped

    @classmethod
    def keep_alive(cls, now: float) -> int:
        """Ping each open connection heard nothing from for :attr:`Limits.PING_INTERVAL` seconds, and let go those
        pinged and heard nothing from since, for :attr:`Limits.PING_TIMEOUT` seconds: their peer is gone (every
        WebSocket client answers a ping by itself, and a player's app pings the server anyway).  How many were let
        go."""
        dropped = 0
        for connection in list(cls.held):
            if connection.protocol.state is not State.OPEN or connection.transport.is_closing():
                continue  # a handshake has its own time (Limits.HANDSHAKE), and so has a closing (Limits.CLOSING)
            if connection.pinged > connection.heard and now - connection.pinged >= Limits.PING_TIMEOUT:
                connection._drop("it answered no ping")
                dropped += 1
            elif connection.pinged <= connection.heard and now - connection.heard >= Limits.PING_INTERVAL:
                connection.protocol.send_ping(b"")  # its pong, unasked for by websockets, is read as any byte is
                connection.send_data()
                connection.pinged = now
        return dropped

    def admit(self, address: str) -> None:
        """Count this connection against ``address``, the client's (:class:`~lost_cities.server.gate.Refusal` if it
        holds as many as it may); once only."""
        if self.client_address is None:
            self.gate.admit(address)
            self.client_address = address

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame) and event.opcode in (Opcode.PING, Opcode.PONG) and not self._ping_allowed():
            self.gate.refusals.warning("dropped a connection from %s: too many pings", self.remote_address[0])
            _reset(self.transport)
            return
        super().process_event(event)

    def _ping_allowed(self) -> bool:
        """Whether a ping (or pong) is within what the connection may send a second, as a frame is."""
        return self.frames.refusal(self.gate, self.client_address) is None

    def pause_writing(self) -> None:
        """More than :attr:`Limits.SEND_BUFFER` waits to be sent (asyncio says so): if it still does in
        :attr:`Limits.SLOW_READER` seconds, the client is not keeping up, and is dropped."""
        super().pause_writing()
        if self.slow is None:
            self.slow = self.loop.call_later(Limits.SLOW_READER, self._drop, "it reads too slowly")

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.slow is not None:
            self.slow.cancel()
            self.slow = None

    def send_data(self) -> None:
        super().send_data()
        if not self.transport.is_closing() and self.transport.get_write_buffer_size() > Limits.SEND_BUFFER_MOST:
            self._drop("it reads nothing")  # past what the server keeps for anyone: at once

    def _drop(self, why: str) -> None:
        """Let the client go without another byte (its seat comes back, and is sent the game as it stands), once:
        dropped for its full buffer, it is not dropped again when its timer comes."""
        if self.slow is not None:
            self.slow.cancel()
            self.slow = None
        if self.transport.is_closing():
            return
        waiting = self.transport.get_write_buffer_size()
        self.gate.refusals.warning(
            "dropped a connection from %s: %s (%d bytes waiting)", self.remote_address[0], why, waiting
        )
        _reset(self.transport)


def _reset(transport: asyncio.Transport) -> None:
    """Let a client go at once, and with it what the kernel still holds to send it: the socket is reset (``SO_LINGER``
    on, for no time) rather than closed.  Closed, a client's socket whose data it never read stays in the kernel, in
    FIN-WAIT-1 with that data unsent (74 KiB were seen), for as long as its client keeps reading nothing and the
    kernel's own timers allow: one for each client dropped, counted by none of the server's caps."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):  # closed already: nothing left to forget
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


#: What websockets' connection sets on itself once the connection is made (``connection_made``), after its
#: ``__init__``: :func:`guarded` gives them their place in the class's shared attribute keys first.
_SET_WHEN_MADE = ("recv_messages", "transport")


def guarded(gate: Gate) -> type[GuardedConnection]:
    """The connection class of a server whose counts ``gate`` keeps, its connections held in a set of its own
    (websockets' ``create_connection``).

    Its instances' attributes share one table of names (CPython's key-sharing dictionaries), which takes new names
    only while few instances exist: with a burst of connections accepted at once, as clients coming back to a
    restarted server make, the attributes set when a connection is made came too late, and every connection of the
    server's life got a dictionary of its own, 1.3 KB more each (2,000 waiting games: 103 MB, not 98, in about half
    the runs of ``benchmarks/online_load.py``).  One instance made here, never used, gives them their place first.
    """
    connection_class = type("Guarded", (GuardedConnection,), {"gate": gate, "held": set()})
    early: GuardedConnection = object.__new__(connection_class)
    for name in _SET_WHEN_MADE:
        object.__setattr__(early, name, None)
    return connection_class
