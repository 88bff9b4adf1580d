"""What one connection costs a server: the same whether it came alone or in a burst with many others."""

from __future__ import annotations

import asyncio
import sys

from websockets.asyncio.server import ServerConnection, serve

from lost_cities.server.connection import guarded
from lost_cities.server.gate import Gate, GateSettings


async def _attribute_sizes(at_once: int) -> set[int]:
    """The sizes of the attribute dictionaries of a fresh server's first ``at_once`` connections, opened together
    (accepted in one go, as clients coming back to a restarted server are)."""
    connections = guarded(Gate(GateSettings()))

    async def wait(websocket: ServerConnection) -> None:
        await websocket.wait_closed()

    async with serve(wait, "127.0.0.1", 0, create_connection=connections) as server:
        port = server.sockets[0].getsockname()[1]
        opened = await asyncio.gather(*(asyncio.open_connection("127.0.0.1", port) for _ in range(at_once)))
        for _ in range(100):
            if len(connections.held) == at_once:
                break
            await asyncio.sleep(0.01)
        sizes = {sys.getsizeof(vars(connection)) for connection in connections.held}
        for _reader, writer in opened:
            writer.close()
    return sizes


async def test_connections_accepted_in_a_burst_take_no_more_memory_each_than_one_alone() -> None:
    # found measuring 2,000 waiting games (benchmarks/online_load.py): in about half the runs the server took 5 MB
    # more, each connection's attributes a dictionary of its own, 1.3 KB more, when its first connections had come
    # in a burst (CPython 3.11's shared keys took the names set once a connection is made too late)
    alone = await _attribute_sizes(1)
    assert await _attribute_sizes(40) == alone
