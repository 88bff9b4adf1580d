"""The games' database away for a moment, and ``GET /health``: a decision the database could not keep is refused
(``unavailable``, then 1013), never half-stored, and the clients send it again by themselves once it is back; the
health check says what the database holds, and says so when it cannot be reached (503), for a load balancer.  The
same with two servers on one database and one Redis, the clients given both addresses; and a call to a database
gone is refused within seconds (``postgres_store.WAIT``), not after the pool's usual wait."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lost_cities.ai import make_bot
from lost_cities.ai.bot import Bot, answer
from lost_cities.engine.moves import Decision
from lost_cities.engine.view import PlayerView
from lost_cities.net.client import Seat, create_game
from lost_cities.net.protocol import (
    Create,
    Created,
    ErrorCode,
    ErrorFrame,
    Event,
    Record,
    SeatSpec,
    ServerFrame,
    ViewFrame,
)
from lost_cities.server import serve
from lost_cities.server.game_store import StoreError
from lost_cities.server.postgres_store import WAIT, PostgresStore
from lost_cities.server.serve import HEALTH_FRESH
from lost_cities.server.sqlite_store import SqliteStore
from tests.online.postgres import Postgres, Unavailable
from tests.online.server import ServerProcess, hub_in_process, running, sharing
from tests.online.test_match import decisions_in, game, play_all, without_a_failure
from tests.online.test_store import game_row, seats


def health(port: int) -> tuple[int, dict[str, Any]]:
    """``GET /health`` on the server at ``port``: the HTTP status and the JSON it answers (never through a proxy)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://127.0.0.1:{port}/health", timeout=15) as response:
            return int(response.status), json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


async def test_health_tells_the_games_in_memory_and_those_the_database_holds(server: ServerProcess) -> None:
    status, state = await asyncio.to_thread(health, server.port)
    assert (status, state) == (
        200, {"status": "ok", "games": 0, "connections": 0, "stored_games": 0, "stored_games_not_over": 0},
    )  # fmt: skip
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=5)
    await play_all(server.url, await create_game(server.url, spec), {0: "heuristic", 1: "heuristic"})
    await create_game(server.url, spec)  # created, not played: in the database only
    async with asyncio.timeout(10):  # counted again a second after the last count at the least
        while (state := (await asyncio.to_thread(health, server.port))[1]).get("stored_games") != 2:
            await asyncio.sleep(HEALTH_FRESH / 4)
    assert state["status"] == "ok" and state["stored_games_not_over"] == 1
    assert state["games"] == 0  # nobody connected: no game is held in memory


async def test_health_counts_a_large_table_seldom_but_asks_the_database_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    async with hub_in_process(SqliteStore(tmp_path / "games.db")) as (_, hub):
        store, counts, ping = hub.store, hub.store.counts, hub.store.ping

        async def large_table_counts() -> tuple[int, int]:
            asked.append("counts")
            await asyncio.sleep(0.02)  # as a count of a large table takes
            return await counts()

        async def answering() -> None:
            asked.append("ping")
            await ping()

        monkeypatch.setattr(store, "counts", large_table_counts)
        monkeypatch.setattr(store, "ping", answering)
        monkeypatch.setattr(serve, "HEALTH_FRESH", 0.0)  # every check asks the database
        checks = serve._Health(hub)
        for _ in range(20):
            answer = await checks.answer(head=False)
            assert answer.status_code == 200 and json.loads(answer.body)["stored_games"] == 0
        assert asked == ["counts"] + ["ping"] * 19  # the next count is due 2 s (100 counts' time) after


@pytest.fixture
def own_postgres() -> Iterator[Postgres]:
    """A PostgreSQL of this test's own: it is stopped in the middle, and no other test's database goes with it."""
    with running(Postgres, Unavailable, "PostgreSQL") as server:
        yield server


def slow_player(bot: Bot) -> Callable[[PlayerView], Awaitable[Decision]]:
    async def decide(view: PlayerView) -> Decision:
        await asyncio.sleep(0.005)  # slow enough for the outage to land in the middle of the match
        return answer(bot, view)

    return decide


@pytest.mark.slow
async def test_a_call_while_the_database_is_away_is_refused_within_seconds(own_postgres: Postgres) -> None:
    store = PostgresStore(own_postgres.new_database())
    await store.open()
    try:
        await asyncio.to_thread(own_postgres.pause)
        for _attempt in range(2):  # the pool's connection cut by the outage, then none to be had
            started = time.monotonic()
            with pytest.raises(StoreError, match="cannot be used"):
                await store.counts()
            assert time.monotonic() - started < WAIT + 1.5  # the client hears ``unavailable`` in a moment
    finally:
        await store.close()


@pytest.mark.slow
async def test_a_call_to_a_database_that_answers_nothing_is_refused_within_seconds_and_never_committed(
    own_postgres: Postgres,
) -> None:
    # found by an attacker: a frozen PostgreSQL held every decision in flight as long as it was frozen (36 s)
    store = PostgresStore(own_postgres.new_database(), connections=1, answer_wait=1.0)
    await store.open()
    try:
        with own_postgres.frozen():
            started = time.monotonic()
            waiting = asyncio.create_task(store.summary("another"))  # for the one connection, behind the create
            with pytest.raises(StoreError, match="did not answer in 1 s"):
                await store.create(game_row("frozen"), seats("frozen"))
            assert time.monotonic() - started < 1.5  # the client hears ``unavailable`` in a moment
            async with asyncio.timeout(10):
                with pytest.raises(StoreError, match="cannot be used"):
                    await waiting  # it began waiting before the database was found away: it waits no longer
            assert time.monotonic() - started < 1 + WAIT + 1  # not postgres_store.BUSY_WAIT, nor the freeze
        async with asyncio.timeout(10):  # back: a new connection, and the game that met the freeze not stored
            while await asyncio.gather(store.counts(), return_exceptions=True) != [(0, 0)]:
                await asyncio.sleep(0.1)
    finally:
        await store.close()


@pytest.mark.slow
async def test_a_call_waits_its_turn_for_a_busy_pool_rather_than_being_refused(postgres: Postgres) -> None:
    """Under load every connection is busy with other games' calls: a call queues past ``WAIT`` and is served — a
    busy server is slow, not unavailable (a load of a thousand games on two servers was told "the database cannot
    be reached" while it answered)."""
    store = PostgresStore(postgres.new_database(), connections=1)
    await store.open()
    try:

        async def busy() -> None:
            async with store._connection() as db:  # the pool's one connection, held past WAIT
                await db.execute("SELECT pg_sleep(%s)", (WAIT + 1,))

        holder = asyncio.create_task(busy())
        await asyncio.sleep(0.3)
        started = time.monotonic()
        assert await store.counts() == (0, 0)
        assert time.monotonic() - started > WAIT - 0.5  # it did wait for the connection, and was not refused
        await holder
    finally:
        await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("servers", [1, 2], ids=["one server", "two servers"])
async def test_postgresql_away_for_seconds_refuses_decisions_and_the_clients_carry_on_once_it_is_back(
    own_postgres: Postgres, servers: int, request: pytest.FixtureRequest, tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:  # fmt: skip
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2, seed=11)
    expected = (await without_a_failure(tmp_path_factory.mktemp("calm"), spec))[0]  # the game without the outage

    database = own_postgres.new_database()
    redis = request.getfixturevalue("redis_server").url if servers > 1 else None  # several: one Redis for leases
    with sharing(tmp_path, database, redis, lease=1 if redis else None, names=("a", "b")[:servers]) as processes:
        await _play_through_an_outage(own_postgres, processes, spec, expected[1])
    for process in processes:
        assert "Traceback" not in process.log.read_text()  # refused in a sentence, never a fault of a server's


async def played_through(
    everywhere: str, spec: Create, failure: Callable[[list[Seat]], Awaitable[int]]
) -> tuple[Created, list[Record], list[ErrorFrame], int]:
    """The seeded game ``spec`` created and both seats played by slow bots, each given the servers ``everywhere``;
    ``failure`` happens thirty decisions in (it gives the version the game had come to when it struck).  The
    game, each seat's record, the error frames the seats were told, and that version."""
    created = await create_game(everywhere, spec)
    told: list[ErrorFrame] = []
    versions: list[list[int]] = [[] for _ in created.seats]  # of each seat's views and events, in order

    def heard(seat: int) -> Callable[[ServerFrame], None]:
        def hear(frame: ServerFrame) -> None:
            if isinstance(frame, ErrorFrame):
                told.append(frame)
            if isinstance(frame, ViewFrame | Event):
                versions[seat].append(frame.version)

        return hear

    seats = [Seat(everywhere, code=offer.code, on_frame=heard(seat)) for seat, offer in enumerate(created.seats)]
    playing = [asyncio.create_task(seat.play(slow_player(make_bot("heuristic")))) for seat in seats]
    try:
        async with asyncio.timeout(60):
            while max(seat.version for seat in seats) < 30:
                assert not any(task.done() for task in playing), [task.result() for task in playing if task.done()]
                await asyncio.sleep(0.01)
        struck_at = await failure(seats)
        results = await asyncio.wait_for(asyncio.gather(*playing), 120)
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
    for seen in versions:  # store first, then tell: no seat was told of a decision the store then did not have
        assert seen and seen == sorted(seen), [pair for pair in itertools.pairwise(seen) if pair[0] > pair[1]]
    return created, results, told, struck_at


async def _play_through_an_outage(
    own_postgres: Postgres, servers: list[ServerProcess], spec: Create, expected: Record
) -> None:
    """Both seats played by bots, given every server's address; PostgreSQL stopped for two seconds in the middle."""
    server = servers[0]

    async def outage(seats: list[Seat]) -> int:
        await asyncio.to_thread(own_postgres.pause)
        status, state = await asyncio.to_thread(health, server.port)  # a load balancer sends players elsewhere
        assert status == 503 and state["status"] == "degraded" and "database" in state["error"], state
        assert "stored_games" not in state and state["connections"] >= 0
        await asyncio.sleep(2)
        down_at = max(seat.version for seat in seats)
        await asyncio.to_thread(own_postgres.resume)
        return down_at

    created, results, told, down_at = await played_through(",".join(p.url for p in servers), spec, outage)
    assert results[0] == results[1]
    assert results[0].record.played == expected.record.played  # the same match as without the outage
    refused = [frame for frame in told if frame.code is ErrorCode.UNAVAILABLE and frame.version is not None]
    assert refused, told  # a decision did meet the outage, and was refused in a sentence
    assert all(frame.version is not None and frame.version <= down_at for frame in refused)
    assert all(frame.code is ErrorCode.UNAVAILABLE for frame in told), told  # and nothing else went wrong
    stored, last = await asyncio.to_thread(server.stored_decisions, created.game)
    assert stored == last == decisions_in(results[0].record)  # each decision stored once, none lost
    status, state = await asyncio.to_thread(health, server.port)
    assert status == 200 and state["stored_games"] == 1 and state["stored_games_not_over"] == 0
