"""Game leases in a real Redis: two servers (two ``Leases`` with their own ids) on one Redis, as two
``lost-cities serve`` processes would be.  Times are short (a ttl of 0.4 s) and every wait is bounded."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from redis.asyncio import Redis

from lost_cities.server.leases import LeaseError, Leases
from tests.online.postgres import free_port
from tests.online.redis_server import RedisServer

pytestmark = pytest.mark.slow

TTL = 0.4


@pytest.fixture
async def client(redis_server: RedisServer) -> AsyncIterator[Redis]:
    connection = Redis.from_url(redis_server.url, socket_timeout=5)
    yield connection
    await connection.aclose()


async def _until(condition: Callable[[], bool], within: float) -> bool:
    """Wait (bounded) until ``condition()`` is true: whether it became so."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.02)
    return False


async def test_only_one_server_takes_a_game_and_the_other_sees_who(client: Redis) -> None:
    a, b = Leases(client, ttl=TTL, me="server-a"), Leases(client, ttl=TTL, me="server-b")
    assert await a.acquire("g1")
    assert not await b.acquire("g1")
    assert await a.owner("g1") == await b.owner("g1") == "server-a"
    assert a.held("g1") and not b.held("g1")
    assert await b.owner("another") is None
    assert await b.acquire("another")  # leases are per game
    assert await a.acquire("g1")  # taking one's own lease again keeps it


async def test_renewals_keep_a_lease_past_its_ttl(client: Redis) -> None:
    a, b = Leases(client, ttl=TTL, me="server-a"), Leases(client, ttl=TTL, me="server-b")
    assert await a.acquire("g1")
    a.start()
    try:
        await asyncio.sleep(TTL * 3)
        assert not await b.acquire("g1")
        assert await b.owner("g1") == "server-a"
        assert a.held("g1")
    finally:
        await a.close()


async def test_a_dead_servers_lease_expires_and_another_takes_the_game(client: Redis) -> None:
    a, b = Leases(client, ttl=TTL, me="server-a"), Leases(client, ttl=TTL, me="server-b")
    assert await a.acquire("g1")
    a.start()
    await asyncio.sleep(TTL / 2)
    await a.stop_renewing()  # killed: no renewal, no release
    assert not await b.acquire("g1")
    started = time.monotonic()
    deadline = started + TTL * 5
    while not await b.acquire("g1"):
        assert time.monotonic() < deadline, "the dead server's lease did not expire"
        await asyncio.sleep(0.02)
    assert time.monotonic() - started <= TTL + 0.2  # no later than its ttl after its last renewal
    assert await a.owner("g1") == "server-b"
    assert not a.held("g1")  # by its own clock too, the dead server's lease has run out


async def test_only_the_owner_releases_its_lease(client: Redis) -> None:
    a, b = Leases(client, ttl=TTL, me="server-a"), Leases(client, ttl=TTL, me="server-b")
    assert await a.acquire("g1")
    assert not await b.release("g1")
    assert await b.owner("g1") == "server-a"
    assert await a.release("g1")
    assert await a.owner("g1") is None
    assert await b.acquire("g1")  # at once, not after a ttl


async def test_a_lost_lease_is_not_renewed_and_its_former_owner_notices(client: Redis) -> None:
    lost: list[str] = []
    a = Leases(client, ttl=TTL, me="server-a")
    a.report_losses_to(lost.append)
    b = Leases(client, ttl=TTL, me="server-b")
    assert await a.acquire("g1") and await a.acquire("g2")
    await client.delete(Leases.key("g1"))  # as if it had expired while server-a was stalled
    assert await b.acquire("g1")
    a.start()
    try:
        assert await _until(lambda: lost == ["g1"], TTL * 3), lost
        assert a.games == {"g2"}
        assert await b.owner("g1") == "server-b"  # the renewal did not take it back
        assert await client.pttl(Leases.key("g1")) > 0
    finally:
        await a.close()
    assert await b.owner("g2") is None  # close() gave back what it held
    assert await b.owner("g1") == "server-b"  # and nothing it did not


async def test_close_releases_every_lease(client: Redis) -> None:
    a, b = Leases(client, ttl=TTL, me="server-a"), Leases(client, ttl=TTL, me="server-b")
    for game in ("g1", "g2", "g3"):
        assert await a.acquire(game)
    a.start()
    await a.close()
    assert a.games == frozenset()
    for game in ("g1", "g2", "g3"):
        assert await b.acquire(game)


async def test_redis_unreachable_is_one_sentence_and_a_lease_then_runs_out(client: Redis) -> None:
    nowhere = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0", socket_timeout=1, socket_connect_timeout=1)
    lost: list[str] = []
    leases = Leases(client, ttl=TTL, me="server-a")
    leases.report_losses_to(lost.append)
    try:
        assert await leases.acquire("g1")
        leases.redis = nowhere  # Redis goes away just after the lease was taken
        with pytest.raises(LeaseError, match="Redis cannot take the lease on game g2"):
            await leases.acquire("g2")
        assert leases.held("g1")  # still ours for its ttl: nobody else can have it yet
        leases.start()
        assert await _until(lambda: lost == ["g1"], TTL * 5), "a lease Redis could not renew was kept"
        assert not leases.held("g1") and leases.games == frozenset()
    finally:
        await leases.close()
        await nowhere.aclose()


async def test_every_held_lease_is_renewed_in_one_round_trip(client: Redis) -> None:
    """A server holding a thousand games renews their leases in one round trip to Redis (a pipeline), not one
    each: on a busy event loop, a thousand round trips took longer than the leases lived."""
    lost: list[str] = []
    a = Leases(client, ttl=TTL, me="server-a")
    a.report_losses_to(lost.append)
    games = [f"g{number}" for number in range(1000)]
    for game_id in games[:3]:
        assert await a.acquire(game_id)
    async with client.pipeline(transaction=False) as pipeline:  # the rest taken at once, behind its back
        for game_id in games[3:]:
            pipeline.set(Leases.key(game_id), "server-a", px=round(TTL * 1000))
        await pipeline.execute()
    a._held.update({game_id: time.monotonic() + TTL for game_id in games})
    calls: list[object] = []
    sent = client.execute_command

    async def counted(*args: Any, **options: Any) -> Any:
        calls.append(args[0])
        return await sent(*args, **options)  # type: ignore[no-untyped-call]

    client.execute_command = counted  # type: ignore[method-assign]
    await a.renew_once()
    assert calls == [] and lost == []  # no command sent one by one: all went in the pipeline
    assert all(a.held(game_id) for game_id in games)
    assert 0 < await client.pttl(Leases.key(games[-1])) <= round(TTL * 1000)
    await a.close()
