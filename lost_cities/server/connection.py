"""A client's connection as this server keeps it: counted, its frames paced, what waits to be sent to it bounded.

websockets' own knobs bound what a connection may send (``max_size``, ``max_queue``) and when ``send()`` waits
(``write_limit``); but what it answers by itself (a pong to every ping) and what is broadcast to it never waits, so a
client that does not read would make the server hold ever more for it.  As lichess's lila-ws does, a client that
cannot keep up is dropped, not buffered: past :attr:`Limits.SEND_BUFFER_MOST` bytes waiting, at once; past
:attr:`Limits.SEND_BUFFER` for :attr:`Limits.SLOW_READER` seconds, then (a seat comes back and is sent the game as it
stands; a watcher too).  The kernel's buffer for it is bounded as well.  Its pings count toward its frames a second,
as its frames do; a connection past the server's cap is closed before a byte is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any, ClassVar

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode

from lost_cities.server.gate import Gate, Limits, TokenBucket

__all__ = ["FrameBucket", "GuardedConnection"]

#: The kernel's send buffer for a connection, in bytes (Linux keeps twice this): plenty for a game's frames, and no
#: megabytes held for a client that reads nothing, before :class:`GuardedConnection` sees it fall behind.
_KERNEL_SEND_BUFFER = 65536
#: What a connection past the server's cap is told, without its request being read: an HTTP answer any client shows.
_FULL_SENTENCE = b"this server holds as many connections as it may: try again in a minute\n"
_FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
    b"Retry-After: 60\r\nContent-Length: %d\r\n\r\n%s" % (len(_FULL_SENTENCE), _FULL_SENTENCE)
)


class FrameBucket(TokenBucket):
    """A connection's frames a second (:attr:`Limits.FRAMES_PER_SECOND`), with a burst; its pings take from it too."""

    def __init__(self) -> None:
        super().__init__(Limits.FRAMES_PER_SECOND, Limits.FRAME_BURST)


class GuardedConnection(ServerConnection):
    """A websockets server connection counted by the :attr:`gate` (in all from its first byte; per address once
    its HTTP request says who it is), its pings paced, its send buffer bounded.

    :attr:`remote_address` is the client's: behind a trusted proxy, the address that proxy forwards.
    """

    #: the server's gate: set on the class :func:`guarded` makes for one server
    gate: ClassVar[Gate]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames = FrameBucket()
        #: the client's address once the HTTP request was read (``None`` before: counted in all only)
        self.client_address: str | None = None
        self.counted = False
        #: the check, :attr:`Limits.SLOW_READER` seconds after the send buffer filled, that the client caught up
        self.slow: asyncio.TimerHandle | None = None

    @property
    def remote_address(self) -> Any:
        if self.client_address is not None:
            return (self.client_address, 0)
        return super().remote_address

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
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

    def connection_lost(self, exc: Exception | None) -> None:
        if self.slow is not None:
            self.slow.cancel()
            self.slow = None
        if self.counted:
            self.counted = False
            self.gate.disconnected()
            if self.client_address is not None:
                self.gate.release(self.client_address)
        super().connection_lost(exc)

    def admit(self, address: str) -> None:
        """Count this connection against ``address``, the client's (:class:`~lost_cities.server.gate.Refusal` if it
        holds as many as it may)."""
        self.gate.admit(address)
        self.client_address = address

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame) and event.opcode in (Opcode.PING, Opcode.PONG) and not self.frames.take():
            self.gate.refusals.warning("dropped a connection from %s: too many pings", self.remote_address[0])
            self.transport.abort()
            return
        super().process_event(event)

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
        """Let the client go without another byte (its seat comes back, and is sent the game as it stands)."""
        self.slow = None
        waiting = self.transport.get_write_buffer_size()
        self.gate.refusals.warning(
            "dropped a connection from %s: %s (%d bytes waiting)", self.remote_address[0], why, waiting
        )
        self.transport.abort()


def guarded(gate: Gate) -> type[GuardedConnection]:
    """The connection class of a server whose counts ``gate`` keeps (websockets' ``create_connection``)."""
    return type("Guarded", (GuardedConnection,), {"gate": gate})
