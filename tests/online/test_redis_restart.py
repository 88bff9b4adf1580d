"""Redis restarted in the middle of a game served by two servers on one PostgreSQL database: while it is away no
lease can be renewed, so the server applying the game lets it go when its lease runs out by its own clock (never
applying it on a lease another may hold by then); once Redis is back, with no lease in it, a server takes the game
again from the database.  The clients at worst wait, and the match ends as it would have without the restart."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from lost_cities.net.client import Seat
from lost_cities.net.protocol import ErrorCode, SeatSpec
from tests.online.postgres import Postgres
from tests.online.redis_server import RedisServer, Unavailable
from tests.online.server import running, sharing
from tests.online.test_database_outage import played_through
from tests.online.test_match import decisions_in, game, without_a_failure

pytestmark = pytest.mark.slow

#: The servers' lease: Redis stays away longer than this, so that every lease runs out meanwhile.
LEASE = 1


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A Redis of this test's own: it is stopped in the middle, and no other test's leases go with it."""
    with running(RedisServer, Unavailable, "Redis") as server:
        yield server


async def test_redis_restarted_mid_game_the_servers_take_the_game_again_and_it_ends_as_without(
    postgres: Postgres, own_redis: RedisServer, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2, seed=13)
    expected = (await without_a_failure(tmp_path_factory.mktemp("calm"), spec))[0]  # the game without the restart

    with sharing(tmp_path, postgres.new_database(), own_redis.url, lease=LEASE) as servers:

        async def restart(seats: list[Seat]) -> int:
            await asyncio.to_thread(own_redis.pause)
            await asyncio.sleep(LEASE * 2.5)  # every lease runs out by the servers' clocks meanwhile
            away_at = max(seat.version for seat in seats)
            await asyncio.sleep(0.5)
            assert max(seat.version for seat in seats) == away_at  # nobody applies the game without a lease
            await asyncio.to_thread(own_redis.resume)
            return away_at

        created, results, told, _ = await played_through(",".join(s.url for s in servers), spec, restart)
        assert results[0] == results[1]
        assert results[0].record.played == expected[1].record.played  # the same match as without the restart
        assert all(frame.code is ErrorCode.UNAVAILABLE for frame in told), told  # told to wait, nothing else
        stored, last = await asyncio.to_thread(servers[0].stored_decisions, created.game)
        assert stored == last == decisions_in(results[0].record)  # each decision stored once, none lost
        logs = "".join(server.log.read_text() for server in servers)
        # the server applying it let it go while Redis was away: its renewer found the lease run out, or a
        # frame did first, or its relayed players were let go and the game with them, its lease left to run out
        # (whichever came first on a busy machine: once in CI, on four workers, neither of the first two was logged)
        let_go = (
            "lease not renewed in time",
            "its lease is lost, so it is no longer applied here",
            "lease not released",
        )
        assert any(said in logs for said in let_go), logs[-3000:]
    for server in servers:
        assert "Traceback" not in server.log.read_text()
