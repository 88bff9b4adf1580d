"""The relay's messages, without Redis: what a game's server makes of what is published on the game's channel —
a relayed client's frames in order, answers addressed to its server alone, and garbage dropped, whatever it is."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from redis.asyncio import Redis
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from lost_cities.server.leases import Leases
from lost_cities.server.relay import Relay, RemoteMember, _Pipe, game_channel, server_channel


def garbage(game_id: str, count: int) -> list[bytes]:
    """What must not bring a game's server down when it is published on the game's channel: bytes, broken JSON,
    other kinds, wrong fields, a frame too big, frames for relays nobody attached, and a few attaches from a
    server that does not exist with frames of every sort (whose answers nobody hears)."""
    rng = random.Random(21)
    shapes: list[object] = [
        {"kind": "attach"},
        {"kind": "frame", "server": "x", "relay": "y", "frame": 5},
        {"kind": "detach", "server": "x", "relay": "y"},
        {"kind": "frame", "server": "x", "relay": "y", "frame": '{"type":"sync"}'},
        {"kind": "close", "relay": "y", "code": 1000, "reason": ""},
        {"kind": "attach", "server": "", "relay": "y", "address": "a", "frame": "{}"},
        {"kind": "attach", "server": "x", "relay": "y", "address": "a", "frame": "x" * 10_000},
        [1, 2, 3],
        "attach",
        None,
    ]
    found: list[bytes] = [rng.randbytes(rng.randint(0, 64)) for _ in range(count // 2)]
    found += [json.dumps(shape).encode() for shape in shapes]
    found += [b'{"kind": "attach", "server": "x"', b"\xff\xfe", b""]
    for number, frame in enumerate(
        ['{"type":"sync"}', "not json", '{"type":"watch","code":"ZZZZ-ZZZZ"}', '{"type":"create"}']
    ):
        attach = {"kind": "attach", "server": "nowhere", "relay": str(number), "address": "192.0.2.1", "frame": frame}
        found.append(json.dumps(attach).encode())
    while len(found) < count:
        found.append(
            json.dumps({"kind": rng.choice(["attach", "frame", "detach", "?"]), "server": rng.random()}).encode()
        )
    rng.shuffle(found)
    return found[:count]


def owner() -> tuple[Relay, list[RemoteMember]]:
    """A relay as the game's server has it (no Redis: nothing here publishes), and the clients it attaches."""
    attached: list[RemoteMember] = []
    leases = cast("Leases", SimpleNamespace(redis=None, me="owner", ttl=1.0))
    relay = Relay(leases)
    relay.attach_to(attached.append)
    return relay, attached


def heard(relay: Relay, channel: str, message: dict[str, object]) -> None:
    relay.dispatch(channel.encode(), json.dumps(message).encode())


def published(relay: Relay) -> list[tuple[str, dict[str, object]]]:
    return [(outgoing.channel, json.loads(outgoing.data())) for outgoing in relay.take(1000)]


async def test_a_relayed_client_s_frames_reach_its_member_in_order_and_its_answers_only_its_server() -> None:
    relay, attached = owner()
    channel = game_channel("g1")
    first = {"type": "hello", "token": "t"}
    heard(
        relay,
        channel,
        {"kind": "attach", "server": "b", "relay": "r1", "address": "192.0.2.7", "frame": json.dumps(first)},
    )
    heard(relay, channel, {"kind": "frame", "server": "b", "relay": "r1", "frame": '{"type":"sync"}'})
    heard(relay, channel, {"kind": "frame", "server": "c", "relay": "r1", "frame": '{"type":"ping"}'})  # not its
    (member,) = attached
    assert member.remote_address[0] == "192.0.2.7"
    assert [json.loads(await member.recv()), json.loads(await member.recv())] == [first, {"type": "sync"}]
    await member.send('{"type":"pong"}')
    member.post(b'{"type":"presence","seat":1,"connected":true}')
    await member.close(1013, "come back")
    member.post(b"after the close: never sent")
    assert published(relay) == [
        (server_channel("b"), {"kind": "frame", "relays": ["r1"], "frame": '{"type":"pong"}'}),
        (
            server_channel("b"),
            {"kind": "frame", "relays": ["r1"], "frame": '{"type":"presence","seat":1,"connected":true}'},
        ),
        (server_channel("b"), {"kind": "close", "relay": "r1", "code": 1013, "reason": "come back"}),
    ]
    heard(relay, channel, {"kind": "frame", "server": "b", "relay": "r1", "frame": '{"type":"sync"}'})
    with pytest.raises(ConnectionClosed):
        await member.recv()
    assert relay.remotes == {}


async def test_a_client_that_goes_ends_its_member_and_one_that_floods_is_closed() -> None:
    relay, attached = owner()
    channel = game_channel("g1")
    for relay_id in ("quiet", "flood"):
        heard(relay, channel, {"kind": "attach", "server": "b", "relay": relay_id, "address": "a", "frame": "{}"})
    quiet, flood = attached
    assert await quiet.recv() == "{}"  # its first frame
    waiting = asyncio.create_task(quiet.recv())
    heard(relay, channel, {"kind": "detach", "server": "b", "relay": "quiet"})
    with pytest.raises(ConnectionClosed):
        await asyncio.wait_for(waiting, 5)
    for _ in range(100):
        heard(relay, channel, {"kind": "frame", "server": "b", "relay": "flood", "frame": "{}"})
    assert not flood.open
    assert published(relay)[-1] == (
        server_channel("b"),
        {"kind": "close", "relay": "flood", "code": 1008, "reason": "too many frames"},
    )


def test_one_frame_for_many_clients_of_one_server_is_published_once_naming_them_all() -> None:
    # found by an attacker: 200 watchers relayed through one server were sent each event 200 times, all on that
    # server's one Redis connection; past Redis's 32 MB for it, Redis cut it off, and every client it relayed went.
    # Found again by another: with the watchers relayed through two servers, told in turn, no frame joined another
    relay, attached = owner()
    channel = game_channel("g1")
    for server, relay_id in [("b", "w1"), ("b", "w2"), ("c", "w3"), ("b", "w4")]:
        heard(relay, channel, {"kind": "attach", "server": server, "relay": relay_id, "address": "a", "frame": "{}"})
    event, other = '{"type":"event","version":7}', '{"type":"presence","seat":0,"connected":false}'
    for member in attached:  # as the hub tells a game's watchers: one after the other
        member.post(event.encode())
    attached[0].post(other)
    attached[1].post(other)
    attached[0].post(event)  # the same frame again, after another: a message of its own, in order
    assert published(relay) == [
        (server_channel("b"), {"kind": "frame", "relays": ["w1", "w2", "w4"], "frame": event}),
        (server_channel("c"), {"kind": "frame", "relays": ["w3"], "frame": event}),
        (server_channel("b"), {"kind": "frame", "relays": ["w1", "w2"], "frame": other}),
        (server_channel("b"), {"kind": "frame", "relays": ["w1"], "frame": event}),
    ]
    attached[3].post(event)  # once the messages are taken to be published, a frame joins none of them
    assert published(relay) == [(server_channel("b"), {"kind": "frame", "relays": ["w4"], "frame": event})]


def test_garbage_on_a_game_s_channel_is_dropped_and_the_relay_goes_on() -> None:
    relay, attached = owner()
    for message in garbage("g1", 300):
        relay.dispatch(game_channel("g1").encode(), message)
    for message in garbage("g1", 50):  # on its own channel too, where answers for relayed clients come
        relay.dispatch(server_channel("owner").encode(), message)
    relay.dispatch(b"?", None)
    assert {member.server for member in attached} <= {"nowhere"}  # only what is shaped as an attach was one
    assert len(attached) == len({(member.server, member.relay_id) for member in attached})


class _Answering:
    """A Redis pipeline that answers ``check``'s questions as Redis would, and while it is on its way lets
    ``meanwhile`` happen (a client relayed during the round trip)."""

    def __init__(self, owners: dict[str, str], meanwhile: Callable[[], None]) -> None:
        self.owners, self.meanwhile = owners, meanwhile
        self.asked: list[str] = []
        self.channels: tuple[str, ...] = ()

    async def __aenter__(self) -> _Answering:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None

    def get(self, key: str) -> None:
        self.asked.append(key)

    def pubsub_numsub(self, *channels: str) -> None:
        self.channels = channels

    async def execute(self) -> list[object]:
        self.meanwhile()
        owners = [self.owners[key.rsplit(":", 1)[-1]].encode() for key in self.asked]
        return [*owners, [(channel.encode(), 1) for channel in self.channels]]


async def test_a_client_relayed_while_the_owners_are_checked_is_not_let_go() -> None:
    """The check asks Redis about the clients attached when it starts; a client attached while the answer is on its
    way, or whose attach is not yet heard (the owner may not listen yet), is not judged by answers that predate it."""
    dropped: list[str] = []
    relay = Relay(cast("Leases", SimpleNamespace(redis=None, me="here", ttl=1.0)))
    relay._drop = lambda pipe, sentence: _record(dropped, pipe.game)  # type: ignore[method-assign]
    websocket = cast("ServerConnection", object())
    relay.pipes["one"] = _Pipe(websocket, "g1", "owner-a", attached=True)
    relay.pipes["three"] = _Pipe(websocket, "g3", "owner-d")  # its attach not heard yet: not judged either

    def meanwhile() -> None:
        relay.pipes["two"] = _Pipe(websocket, "g2", "owner-b", attached=True)

    answering = _Answering({"g1": "owner-a"}, meanwhile)
    relay.redis = cast("Redis", SimpleNamespace(pipeline=lambda transaction: answering))
    await relay.check()
    await asyncio.sleep(0)
    assert dropped == []  # g1's owner is the same; g2 was not asked about, so not judged
    answering.owners.update(g1="owner-c", g2="owner-b")  # g1's server changed: its client is let go, g2's stays
    answering.meanwhile = lambda: None
    answering.asked = []
    await relay.check()
    await asyncio.sleep(0)
    assert dropped == ["g1"]


async def _record(dropped: list[str], game: str) -> None:
    dropped.append(game)


async def test_a_relayed_client_refused_its_first_frame_is_done_with_not_let_into_another_game(tmp_path: Path) -> None:
    # found by an attacker: refused a join of the game its relay named, it sent a watch of another game, was let in,
    # and stayed there for good once the relay's game was let go (its detach unheard)
    from lost_cities.net.protocol import Create, SeatSpec
    from lost_cities.server.sqlite_store import SqliteStore
    from tests.online.server import hub_in_process

    async with hub_in_process(SqliteStore(tmp_path / "online.sqlite3")) as (_url, hub):
        named = await hub.lobby.create(Create(seats=(SeatSpec("Ana"), SeatSpec("Boris"))))
        other = await hub.lobby.create(Create(seats=(SeatSpec("Cleo"), SeatSpec("Dan"))))
        relay, attached = owner()
        join = {"type": "join", "code": named.seats[1].code, "name": "\u0007"}
        heard(relay, game_channel(named.game), {"kind": "attach", "server": "b", "relay": "r", "address": "a",
                                                "frame": json.dumps(join)})  # fmt: skip
        (member,) = attached
        member.feed(json.dumps({"type": "watch", "code": other.watch}))
        await asyncio.wait_for(hub.handle(member), 10)
        said = [message for _channel, message in published(relay)]
        assert json.loads(str(said[0]["frame"]))["code"] == "bad_field" and said[-1]["kind"] == "close"
        assert other.game not in hub.held.games and not hub.members.games


async def test_a_relayed_client_that_floods_is_closed_by_the_server_relaying_it_before_redis_hears_the_flood() -> None:
    # found by an attacker: 1,324 frames of 4 KiB went through Redis before the game's server closed the client
    from lost_cities.server.gate import Limits

    class Stranger:  # what the relay uses of a client's connection: frames in, frames out, a close
        def __init__(self) -> None:
            self.sent: list[str] = []
            self.closed: int | None = None

        def __aiter__(self) -> Stranger:
            return self

        async def __anext__(self) -> str:
            if self.closed is not None or len(heard_by_redis) > 2_000:  # bounded, were it never closed
                raise StopAsyncIteration
            await asyncio.sleep(0)
            return '{"type": "sync"}' + " " * 4000

        async def send(self, message: str) -> None:
            self.sent.append(message)

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed = code

    heard_by_redis: list[str] = []

    async def publish(channel: str, data: bytes) -> int:
        heard_by_redis.append(channel)
        return 1  # the game's server listens

    async def owner_of(game_id: str) -> str:
        return "a"

    leases = SimpleNamespace(redis=SimpleNamespace(publish=publish), me="b", ttl=1.0, owner=owner_of)
    stranger = Stranger()
    relay = Relay(cast("Leases", leases))
    started = time.monotonic()
    assert await asyncio.wait_for(relay.pipe(cast("ServerConnection", stranger), "g", "{}", "192.0.2.9"), 10)
    took = time.monotonic() - started
    assert stranger.closed == 1008 and json.loads(stranger.sent[-1])["code"] == "rate_limited"
    let_through = Limits.FRAME_BURST + Limits.FRAMES_PER_SECOND * took  # the burst, and what a second adds to it
    assert len(heard_by_redis) <= let_through + 3 < 2_000  # and the attach and the detach


async def test_the_connections_of_one_address_relayed_share_its_frames_a_second_on_the_server_relaying_them() -> None:
    # found by an attacker: 200 relayed connections of 4 addresses, each within its own 100 frames a second, filled
    # the relaying server's Redis connections (each frame a publish) and every client relayed there was let go;
    # the address's share was counted by the game's server only, once the frames had gone through Redis
    from lost_cities.server.gate import Gate, GateSettings, Limits

    class Steady:  # a client within its own connection's rate: 50 frames a second, 120 at most
        def __init__(self) -> None:
            self.sent: list[str] = []
            self.closed: int | None = None
            self.frames = 0

        def __aiter__(self) -> Steady:
            return self

        async def __anext__(self) -> str:
            if self.closed is not None or self.frames >= 120:
                raise StopAsyncIteration
            await asyncio.sleep(1 / 50)
            self.frames += 1
            return '{"type": "ping"}'

        async def send(self, message: str) -> None:
            self.sent.append(message)

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed = code

    async def publish(channel: str, data: bytes) -> int:
        return 1

    async def owner_of(game_id: str) -> str:
        return "a"

    leases = SimpleNamespace(redis=SimpleNamespace(publish=publish), me="b", ttl=1.0, owner=owner_of)
    relay = Relay(cast("Leases", leases))
    gate = Gate(GateSettings(trust_loopback=False))
    clients = [Steady() for _ in range(10)]  # 500 frames a second together, past the address's share
    pipes = [relay.pipe(cast("ServerConnection", client), "g", "{}", "192.0.2.9", gate) for client in clients]
    await asyncio.wait_for(asyncio.gather(*pipes), 30)
    closed = [client for client in clients if client.closed == 1008]
    assert closed, "no connection of the address was held to its share"
    said = json.loads(closed[0].sent[-1])
    assert (
        said["code"] == "rate_limited"
        and f"{Limits.FRAMES_PER_ADDRESS:.0f} frames a second from one" in said["message"]
    )
