"""A fault of the server's own — a bug, not a bad frame — is one ``server_error`` frame to that client and a
whole traceback in the log for whoever runs it; the connection and every game go on.  In process, with a
fault put where no frame could put one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from lost_cities.net.protocol import Create, SeatSpec
from lost_cities.server.hub import Hub
from lost_cities.server.sqlite_store import SqliteStore
from tests.online.raw import ask, joined, open_raw, seated
from tests.online.server import hub_in_process


class FaultyStore(SqliteStore):
    """Looks a token up with a bug."""

    async def seat_of_token(self, token_hash: bytes) -> tuple[str, int] | None:
        raise ZeroDivisionError("a bug")


@pytest.fixture
async def in_process(tmp_path: Path) -> AsyncIterator[tuple[str, Hub]]:
    async with hub_in_process(FaultyStore(tmp_path / "online.sqlite3")) as served:
        yield served


async def test_a_fault_of_the_server_is_one_error_frame_and_the_connection_goes_on(
    in_process: tuple[str, Hub], caplog: pytest.LogCaptureFixture
) -> None:
    url, hub = in_process
    created = await hub.lobby.create(Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=2))
    websocket = await open_raw(url)
    with caplog.at_level(logging.ERROR):
        answer = await ask(websocket, {"type": "status", "tokens": ["some-token"]})
    assert answer["type"] == "error" and answer["code"] == "server_error" and "sync" in answer["message"]
    assert "ZeroDivisionError" in caplog.text  # the whole traceback, for whoever runs the server
    assert (await ask(websocket, {"type": "ping"}))["type"] == "pong"  # the connection goes on
    await websocket.close()
    (ana, view), (boris, _) = await seated(url, [seat.code or "" for seat in created.seats])  # and every game
    game = hub.held.games[created.game]
    game.view_frame = lambda seat: 1 / 0  # type: ignore[method-assign,assignment,return-value]
    fault = await ask(ana, {"type": "sync"})
    assert fault["code"] == "server_error"
    del game.view_frame  # the bug fixed: the same connection is answered again
    moved = await ask(ana, {"type": "decide", "version": 0, "decision": f"-{view['view']['hand'][0]}"})
    assert moved["type"] == "event" and moved["version"] == 1
    for websocket in (ana, boris):
        await websocket.close()


async def test_the_log_has_a_line_when_a_seat_or_a_watcher_connects_and_when_it_goes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # the README promises a line per connection: joins were logged, departures were not
    async with hub_in_process(SqliteStore(tmp_path / "online.sqlite3")) as (url, hub):
        created = await hub.lobby.create(Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=2))
        with caplog.at_level(logging.INFO):
            ana, _view = await joined(url, created.seats[0].code or "")
            await ana.close()
            watcher = await open_raw(url)
            assert (await ask(watcher, {"type": "watch", "code": created.watch}))["type"] == "welcome"
            await watcher.close()
            for _ in range(100):  # the server sees the close a moment later
                if "seat 1 disconnected" in caplog.text and "a watcher left" in caplog.text:
                    break
                await asyncio.sleep(0.01)
    assert f"game {created.game}: seat 1 connected" in caplog.text
    assert f"game {created.game}: seat 1 disconnected" in caplog.text
    assert f"game {created.game}: a watcher connected (1 watching)" in caplog.text  # found by a newcomer: not logged
    assert f"game {created.game}: a watcher left (0 watching)" in caplog.text
