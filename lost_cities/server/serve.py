"""``lost-cities serve``'s process: the websockets server around the hub, ``GET /health``, and a clean stop.

It prints the address it serves on as its first line (the real port, also for ``--port 0``), logs
one line per connection and per game event, and stops on Ctrl+C or SIGTERM: it stops listening,
closes every connection with 1012 ("service restart": clients come back by themselves), lets the
computers' turns go, and closes the database.  Nothing needs flushing: every decision was committed
before anyone heard of it.
"""

from __future__ import annotations

import asyncio
import http
import json
import logging
import signal
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from lost_cities.net.codes import CodeKey
from lost_cities.net.protocol import MAX_CLIENT_FRAME
from lost_cities.server.hub import Hub
from lost_cities.server.sqlite_store import SqliteStore
from lost_cities.server.store import GameStore

__all__ = ["run_server"]

log = logging.getLogger("lost_cities.server")


def _health(hub: Hub) -> Callable[[ServerConnection, Request], Response | None]:
    def health(connection: ServerConnection, request: Request) -> Response | None:
        if request.path != "/health":
            return None  # on with the WebSocket handshake
        body = json.dumps({"status": "ok", "games": len(hub.games), "connections": hub.connections}).encode()
        headers = Headers([("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return Response(http.HTTPStatus.OK.value, "OK", headers, body)

    return health


async def run_server(
    host: str, port: int, database: Path, *, think: float = 1.0, announce: Callable[[str], None] = print
) -> None:
    """Serve until Ctrl+C or SIGTERM; ``announce`` is told each address served on (``ws://host:port``)."""
    store: GameStore = SqliteStore(database)
    await store.open()
    hub = Hub(store, CodeKey.beside(database), think=think)
    try:
        async with serve(
            hub.handle,
            host,
            port,
            process_request=_health(hub),
            compression=None,  # 15 KiB a connection instead of 50: thousands of waiting games fit
            max_size=MAX_CLIENT_FRAME,  # a bigger frame is closed with 1009
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=5,
        ) as server:
            for sock in server.sockets:
                address, bound = sock.getsockname()[:2]
                shown = f"[{address}]" if ":" in address else address
                announce(f"ws://{shown}:{bound}")
            loop = asyncio.get_running_loop()
            for number in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(number, server.close, True, 1012, "server restarting")
            await server.wait_closed()
    finally:
        await hub.stop()
        await store.close()
        log.info("stopped")
