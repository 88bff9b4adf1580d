"""Two real servers on one PostgreSQL database and one Redis (``--redis``): a game is served by one of them at a
time, the one holding its lease, and a client that reaches the other is relayed to it through Redis — a player on
each server plays the same match as on one server, a watcher relayed sees what a local one sees; and when the server
serving a game is SIGKILLed, its lease runs out and the other one finishes the game from the database, with the same
record as without the failure and each decision stored once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from msgspec.structs import replace

from lost_cities.ai import make_bot
from lost_cities.ai.bot import Bot, answer
from lost_cities.engine.moves import Decision
from lost_cities.engine.view import PlayerView
from lost_cities.net.client import Player, Seat, create_game
from lost_cities.net.protocol import Event, Presence, Record, SeatSpec, ServerFrame, ViewFrame
from lost_cities.server.leases import KEY_PREFIX
from lost_cities.server.relay import game_channel
from tests.online.postgres import Postgres
from tests.online.redis_server import RedisServer
from tests.online.server import ServerProcess, sharing
from tests.online.test_database_outage import health
from tests.online.test_match import decisions_in, game, play_all, without_a_failure
from tests.online.test_relay import garbage

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


def seeded(level: str, seat: int) -> Player:
    """A seat's player as :func:`play_all` makes it: the bot at ``level`` seeded with the seat's number."""
    bot = make_bot(level, seed=seat)

    async def decide(view: PlayerView) -> Decision:
        return await asyncio.to_thread(answer, bot, view)

    return decide


def the_match(record: Record) -> Record:
    """The record without the game's id and times: the match alone, as another game with its seed plays it."""
    return replace(record, game=None, started=None, ended=None)


async def welcomed(*seats: Seat) -> None:
    """Wait (bounded) until every seat is welcomed."""
    for _ in range(1000):
        if all(seat.welcome is not None for seat in seats):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not welcomed within 20 seconds")


async def test_a_game_created_on_one_server_is_played_with_one_player_on_each(
    two_servers: list[ServerProcess], redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> None:
    a, b = two_servers
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2, seed=3)
    expected = await without_a_failure(tmp_path_factory.mktemp("calm"), spec)

    created = await create_game(a.url, spec)
    ana, boris = Seat(a.url, code=created.seats[0].code), Seat(b.url, code=created.seats[1].code)
    playing = [asyncio.create_task(ana.play(seeded("heuristic", 0)))]
    try:
        await welcomed(ana)
        owner = lease_owner(redis_server, created.game)
        assert owner is not None
        with redis.Redis.from_url(redis_server.url, socket_timeout=5) as client:  # the game's server shrugs it off
            for message in garbage(created.game, 300):
                client.publish(game_channel(created.game), message)
        playing.append(asyncio.create_task(boris.play(seeded("heuristic", 1))))  # joined through B: relayed to A
        records = await asyncio.wait_for(asyncio.gather(*playing), 120)
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
    assert records[0] == records[1] and the_match(records[0]) == the_match(expected[0][1])  # as on one server
    assert boris.welcome is not None and boris.welcome.seat == 1 and boris.welcome.token is not None
    assert lease_owner(redis_server, created.game) in (owner, None)  # A served it throughout (or let it go after)
    assert a.process is not None and a.process.poll() is None  # up after the garbage
    stored, last = await asyncio.to_thread(a.stored_decisions, created.game)
    assert stored == last == decisions_in(records[0].record)  # each decision stored once, none lost
    status, state = await asyncio.to_thread(health, b.port)
    assert status == 200 and state["redis"] == "ok" and state["games"] == 0  # B relayed it, never loaded it
    # nobody connected to it any more: A forgets the game and gives its lease back at once (no ttl to wait)
    deadline = time.monotonic() + 10
    while lease_owner(redis_server, created.game) is not None and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert lease_owner(redis_server, created.game) is None


async def test_a_watcher_relayed_through_the_other_server_sees_what_a_watcher_on_the_game_s_server_sees(
    two_servers: list[ServerProcess], redis_server: RedisServer
) -> None:
    a, b = two_servers
    created = await create_game(b.url, game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=5))
    frames: dict[str, list[ServerFrame]] = {"local": [], "relayed": []}
    local = Seat(a.url, watch=created.watch, on_frame=frames["local"].append)
    relayed = Seat(b.url, watch=created.watch, on_frame=frames["relayed"].append)
    watching = [asyncio.create_task(local.run())]
    try:
        await welcomed(local)  # A serves the game
        watching.append(asyncio.create_task(relayed.run()))
        await welcomed(relayed)
        results = await play_all(a.url, created, {0: "heuristic", 1: "easy"})
        await asyncio.wait_for(asyncio.gather(*watching), 60)
    finally:
        for task in watching:
            task.cancel()
        await asyncio.gather(*watching, return_exceptions=True)
    assert relayed.record == local.record == results[0][1]
    # every event the relayed watcher was sent is the one the local watcher was sent (a connection the lease's loss
    # closed on a busy machine misses some, and catches up from a view)
    local_events = {frame.version: frame for frame in frames["local"] if isinstance(frame, Event)}
    relayed_events = {frame.version: frame for frame in frames["relayed"] if isinstance(frame, Event)}
    assert len(relayed_events) > 20
    assert all(local_events[version] == event for version, event in relayed_events.items() if version in local_events)
    for frame in frames["relayed"]:  # and never a hand: a watcher's view holds none while a round runs
        if isinstance(frame, ViewFrame | Event) and frame.view.revealed_hands is None:
            assert frame.view.hand == ()
        if isinstance(frame, Event) and frame.decision.endswith("n"):
            assert frame.drawn is None  # a card drawn from the pile is nobody's business but its drawer's


async def test_the_server_serving_a_game_killed_the_other_finishes_it_with_the_same_record(
    two_servers: list[ServerProcess], redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> None:
    a, b = two_servers
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2, seed=11)
    expected = (await without_a_failure(tmp_path_factory.mktemp("calm"), spec))[0]

    created = await create_game(b.url, spec)  # created through B, served by A, Boris relayed to it through B
    ana, boris = Seat(a.url, code=created.seats[0].code), Seat(b.url, code=created.seats[1].code)
    playing = [asyncio.create_task(ana.play(bot_player(make_bot("heuristic"))))]
    try:
        await welcomed(ana)
        relayed = asyncio.create_task(boris.play(bot_player(make_bot("heuristic"))))
        playing.append(relayed)
        for _ in range(6000):  # bounded: a minute at most
            if max(seat.version for seat in (ana, boris)) >= 40:
                break
            assert not any(task.done() for task in playing), [task.result() for task in playing if task.done()]
            await asyncio.sleep(0.01)
        assert lease_owner(redis_server, created.game) is not None
        await asyncio.to_thread(a.kill)
    finally:
        playing[0].cancel()  # Ana's client was on A: it goes to the other address it was given
        await asyncio.gather(playing[0], return_exceptions=True)
    try:
        assert ana.token is not None
        moved = Seat(b.url, token=ana.token)
        # Boris's client never changed servers: B lets it go once A is gone, and serves the game once A's lease ran out
        results = await asyncio.wait_for(asyncio.gather(moved.play(bot_player(make_bot("heuristic"))), relayed), 120)
    finally:
        relayed.cancel()
        await asyncio.gather(relayed, return_exceptions=True)
    assert results[0] == results[1]
    assert results[0].record.played == expected[1].record.played  # the same match as without the failure
    stored, last = await asyncio.to_thread(b.stored_decisions, created.game)
    assert stored == last == decisions_in(results[0].record)  # each decision stored once, none lost
    said = b.log.read_text()
    assert "a relayed client asked to come back: the server serving this game changed" in said  # B let Boris go
    assert f"game {created.game}: over" in said  # then waited for A's lease to run out, and finished the game


async def test_the_server_relaying_a_player_killed_the_game_s_server_lets_the_player_go_and_takes_them_back(
    two_servers: list[ServerProcess],
) -> None:
    a, b = two_servers
    created = await create_game(a.url, game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=8))
    told: list[ServerFrame] = []
    ana = Seat(a.url, code=created.seats[0].code, on_frame=told.append)
    boris = Seat(b.url, code=created.seats[1].code)
    playing = [asyncio.create_task(ana.play(bot_player(make_bot("heuristic"))))]
    try:
        await welcomed(ana)
        relayed = asyncio.create_task(boris.play(bot_player(make_bot("heuristic"))))
        for _ in range(6000):  # bounded: a minute at most
            if boris.version >= 20:
                break
            assert not relayed.done(), relayed.result()
            await asyncio.sleep(0.01)
        await asyncio.to_thread(b.kill)
        relayed.cancel()
        await asyncio.gather(relayed, return_exceptions=True)
        for _ in range(500):  # A notices that nobody hears Boris's frames any more, bounded
            if Presence(seat=1, connected=False) in told:
                break
            await asyncio.sleep(0.02)
        assert Presence(seat=1, connected=False) in told  # Ana is told Boris left
        assert boris.token is not None
        back = Seat(a.url, token=boris.token)  # the other address Boris's client was given
        playing.append(asyncio.create_task(back.play(bot_player(make_bot("heuristic")))))
        results = await asyncio.wait_for(asyncio.gather(*playing), 120)
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
    assert results[0] == results[1]
    stored, last = await asyncio.to_thread(a.stored_decisions, created.game)
    assert stored == last == decisions_in(results[0].record)
