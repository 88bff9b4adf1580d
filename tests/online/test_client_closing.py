"""A seat's connection is closed when its task is cancelled, even if the closing handshake is cut short: the app's
connection is cancelled when it quits, and the loop that ran it may end (a test's, a host's that goes on) before the
server's answer arrives.  A socket left open there would keep the server's side half-closed until its keepalive found
out (20 s), and a server stopped meanwhile would wait for it."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib

from websockets.asyncio.client import ClientConnection

from lost_cities.net.client import _connect

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455's, for the handshake's answer


async def test_a_connection_cancelled_again_while_closing_is_dropped_at_once() -> None:
    ended = asyncio.get_running_loop().create_future()

    async def never_answers_the_close(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A websocket server's handshake, then nothing: the client's close frame is read and never answered."""
        request = await reader.readuntil(b"\r\n\r\n")
        key = next(
            line.split(b":", 1)[1].strip()
            for line in request.split(b"\r\n")
            if line.lower().startswith(b"sec-websocket-key:")
        )
        accept = base64.b64encode(hashlib.sha1(key + _GUID).digest())
        writer.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n")
        writer.write(b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        with contextlib.suppress(ConnectionError):
            while await reader.read(4096):
                pass
        ended.set_result(None)  # the client's socket was closed (an end of file, or a reset)
        writer.close()

    server = await asyncio.start_server(never_answers_the_close, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    opened: list[ClientConnection] = []

    async def hold() -> None:
        async with _connect(f"ws://127.0.0.1:{port}") as websocket:
            opened.append(websocket)
            await asyncio.Future()  # held until cancelled, as the app's connection is

    async with server:
        holding = asyncio.create_task(hold())
        while not opened:
            await asyncio.sleep(0.01)
        holding.cancel()  # the app quits: the closing handshake starts, its close frame sent
        for _ in range(5):
            await asyncio.sleep(0)
        assert not holding.done()  # waiting for an answer that does not come
        holding.cancel()  # the loop ends: what is left is cancelled again
        with contextlib.suppress(asyncio.CancelledError):
            await holding
        assert opened[0].transport.is_closing()
        await asyncio.wait_for(ended, 5)  # the server sees the socket closed now, not after a timeout
