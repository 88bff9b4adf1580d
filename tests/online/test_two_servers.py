"""Two real servers on one PostgreSQL database and one Redis (``--redis``): a game is served by one of them at a
time, the one holding its lease; a client connected to the other is asked to come back (``unavailable``, 1013);
and when the server serving a game is SIGKILLed, its lease runs out and the other one finishes the game from the
database, with the same record as without the failure and each decision stored once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from lost_cities.ai import make_bot
from lost_cities.ai.bot import Bot, answer
from lost_cities.engine.moves import Decision
from lost_cities.engine.view import PlayerView
from lost_cities.net.client import Player, Seat, create_game
from lost_cities.net.protocol import ErrorCode, ErrorFrame, Hello, SeatSpec, read_server_frame, write
from lost_cities.server.leases import KEY_PREFIX
from tests.online.postgres import Postgres
from tests.online.redis_server import RedisServer
from tests.online.server import ServerProcess, sharing
from tests.online.test_database_outage import health
from tests.online.test_match import decisions_in, game, play_all

#: The lease the servers are started with: how long the game waits after its server died.
LEASE = 1


@pytest.fixture
def two_servers(postgres: Postgres, redis_server: RedisServer, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Servers A and B on one new PostgreSQL database and one Redis, one-second leases, each its own data folder
    but one codes' key (``--key``); both stopped afterwards."""
    with sharing(tmp_path, postgres.new_database(), redis_server.url, lease=LEASE) as servers:
        yield servers


def lease_owner(redis_server: RedisServer, game_id: str) -> str | None:
    with redis.Redis.from_url(redis_server.url, socket_timeout=5) as client:
        value = client.get(KEY_PREFIX + game_id)
    return None if value is None else bytes(value).decode()


def bot_player(bot: Bot) -> Player:
    async def decide(view: PlayerView) -> Decision:
        await asyncio.sleep(0.005)  # slow enough for the kill to land mid-match
        return answer(bot, view)

    return decide


async def hello_on(url: str, token: str) -> tuple[ErrorFrame, int]:
    """A seat's ``hello`` on the server at ``url``, by hand: the error it is refused with and the close code."""
    from websockets.asyncio.client import connect

    async with connect(url) as websocket:
        await websocket.send(write(Hello(token=token)))
        frame = read_server_frame(await asyncio.wait_for(websocket.recv(), 10))
        await asyncio.wait_for(websocket.wait_closed(), 10)
        assert websocket.close_code is not None
        assert isinstance(frame, ErrorFrame), frame
        return frame, websocket.close_code


async def test_a_game_served_by_one_server_is_refused_on_the_other_until_it_lets_it_go(
    two_servers: list[ServerProcess], redis_server: RedisServer
) -> None:
    a, b = two_servers
    created = await create_game(a.url, game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=3))
    seats = [Seat(a.url, code=offer.code) for offer in created.seats]
    running = [asyncio.create_task(seat.run()) for seat in seats]
    try:
        for _ in range(500):  # both welcomed on A, bounded
            if all(seat.welcome is not None for seat in seats):
                break
            await asyncio.sleep(0.02)
        assert all(seat.token is not None for seat in seats)
        owner = lease_owner(redis_server, created.game)
        assert owner is not None
        await asyncio.sleep(LEASE * 2)  # renewed past its time to live: A still holds it
        assert lease_owner(redis_server, created.game) == owner
        refusal, close = await hello_on(b.url, seats[1].token or "")
        assert refusal.code is ErrorCode.UNAVAILABLE and close == 1013
        assert "another server" in refusal.message
        status, state = await asyncio.to_thread(health, b.port)
        assert status == 200 and state["redis"] == "ok" and state["games"] == 0
    finally:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
    # nobody connected to it on A any more: A forgets the game and gives its lease back at once (no ttl to wait)
    deadline = time.monotonic() + 10
    while lease_owner(redis_server, created.game) is not None and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert lease_owner(redis_server, created.game) is None
    back = Seat(b.url, token=seats[1].token)
    task = asyncio.create_task(back.run())
    try:
        for _ in range(500):
            if back.welcome is not None:
                break
            await asyncio.sleep(0.02)
        assert back.welcome is not None and back.welcome.seat == 1  # now B serves it
        assert lease_owner(redis_server, created.game) not in (None, owner)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_the_server_serving_a_game_killed_the_other_finishes_it_with_the_same_record(
    two_servers: list[ServerProcess], redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> None:
    a, b = two_servers
    # the same seeded game without the failure, on a server of its own (SQLite): what the match must be
    calm = ServerProcess(tmp_path_factory.mktemp("calm"))
    calm.start()
    try:
        spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2, seed=11)
        expected = (await play_all(calm.url, await create_game(calm.url, spec), {0: "heuristic", 1: "heuristic"}))[0]
    finally:
        calm.stop()

    created = await create_game(b.url, spec)  # created through B, played on A
    seats = [Seat(a.url, code=offer.code) for offer in created.seats]
    playing = [asyncio.create_task(seat.play(bot_player(make_bot("heuristic")))) for seat in seats]
    try:
        for _ in range(6000):  # bounded: a minute at most
            if max(seat.version for seat in seats) >= 40:
                break
            assert not any(task.done() for task in playing), [task.result() for task in playing if task.done()]
            await asyncio.sleep(0.01)
        assert lease_owner(redis_server, created.game) is not None
        await asyncio.to_thread(a.kill)
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
    tokens = [seat.token for seat in seats]
    assert all(tokens)
    # the clients given both addresses go to the other one; it serves the game once A's lease ran out
    moved = [Seat(b.url, token=token) for token in tokens]
    results = await asyncio.wait_for(
        asyncio.gather(*(seat.play(bot_player(make_bot("heuristic"))) for seat in moved)), 120
    )
    assert results[0] == results[1]
    assert results[0].record.played == expected[1].record.played  # the same match as without the failure
    stored, last = await asyncio.to_thread(b.stored_decisions, created.game)
    assert stored == last == decisions_in(results[0].record)  # each decision stored once, none lost
    assert "the game is being served by another server" in b.log.read_text()  # B waited for A's lease to run out
