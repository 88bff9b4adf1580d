"""A server keeps in memory only the games someone is in: once everyone has left a game, nothing of it is left
behind — the game, its members, and its locks — so that a server up for months holds no more than its live
games.  In process, to look inside."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from lost_cities.net.protocol import Create, SeatSpec
from lost_cities.server.hub import Hub
from lost_cities.server.sqlite_store import SqliteStore
from tests.online.raw import ask, joined, open_raw, seated
from tests.online.server import hub_in_process


@pytest.fixture
async def in_process(tmp_path: Path) -> AsyncIterator[tuple[str, Hub]]:
    async with hub_in_process(SqliteStore(tmp_path / "online.sqlite3")) as served:
        yield served


async def test_a_game_everyone_left_leaves_nothing_behind_in_memory(in_process: tuple[str, Hub]) -> None:
    url, hub = in_process
    for seed in range(3):
        created = await hub.lobby.create(Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=seed))
        (ana, view), (boris, _) = await seated(url, [seat.code or "" for seat in created.seats])
        if view["view"]["to_move"] == 0:  # a decision, so that the game's lock was used
            decision = view["view"]["legal_decisions"][0]
            answer = await ask(ana, {"type": "decide", "version": view["version"], "decision": decision})
            assert answer["type"] == "event", answer
        assert created.game in hub.held.games and created.game in hub.held.locks
        await ana.close()
        await boris.close()
    await nothing_left(hub)


async def nothing_left(hub: Hub) -> None:
    for _ in range(200):  # bounded: two seconds at most for the server to see the connections go
        if not (hub.held.games or hub.members.games or hub.held.locks or hub.held.loading):
            break
        await asyncio.sleep(0.01)
    assert (hub.held.games, hub.members.games, hub.held.locks, hub.held.loading) == ({}, {}, {}, {})


async def test_a_join_refused_leaves_nothing_behind(in_process: tuple[str, Hub]) -> None:
    # found by an attacker: a join whose name was refused loaded the game for nobody, and it stayed for good
    url, hub = in_process
    created = await hub.lobby.create(Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1))
    for name in ("", "x" * 40, "Ana"):  # empty, too long, the other player's
        websocket = await open_raw(url)
        answer = await ask(websocket, {"type": "join", "code": created.seats[1].code, "name": name})
        assert answer["type"] == "error" and answer["code"] == "bad_field", answer
        await websocket.close()
    await nothing_left(hub)


async def test_a_game_left_while_the_computer_thinks_is_let_go_once_it_has_moved(in_process: tuple[str, Hub]) -> None:
    # found by an attacker: a game stayed in memory for good when its player quit during the computer's turn
    url, hub = in_process
    for seed in range(3):
        seats = (SeatSpec("Ana"), SeatSpec("Carl", computer="easy"))
        created = await hub.lobby.create(Create(seats=seats, rounds=1, first=1, seed=seed))
        ana, _ = await joined(url, created.seats[0].code or "")
        await ana.close()  # at once: the computer, to move, thinks
    await nothing_left(hub)
