"""A server open to strangers: what one address does holds back that address alone; a client that floods, stops
reading, or holds connections open for nothing is let go; a failed commit shows nobody anything; a player cannot
hold a game up.  Each on a real ``lost-cities serve`` on loopback, from several loopback addresses (127.0.0.0/8 is
all this machine's), every loop bounded."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from lost_cities.ai import make_bot
from lost_cities.net.client import OnlineError, create_game, play_seat
from lost_cities.net.invitations import new_code, shown
from lost_cities.net.protocol import Create, SeatSpec
from lost_cities.server.game_store import StoredGame
from lost_cities.server.gate import Limits
from lost_cities.server.sqlite_store import SqliteStore
from tests.online.raw import ask, joined, next_frame, open_raw, seated
from tests.online.server import ServerProcess, hub_in_process

_BOT = make_bot("heuristic")


def two(rounds: int = 1) -> Create:
    return Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=rounds)


async def from_address(url: str, address: str, **options: Any) -> ClientConnection:
    """A connection to ``url`` from the loopback ``address`` (127.0.0.2, …): another machine, as the server sees it."""
    return await connect(url, proxy=None, local_addr=(address, 0), **options)


async def http(port: int, request: str, address: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """An HTTP request written out whole, from ``address``: the status, the headers and the body of the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    writer.write(request.replace("\n", "\r\n").encode() + b"\r\n")
    await writer.drain()
    async with asyncio.timeout(10):
        answer = await reader.read()
    writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


async def close_code(websocket: ClientConnection, seconds: float = 15) -> int | None:
    """How the server closed ``websocket`` (``None``: dropped without a close frame), reading whatever comes."""
    try:
        async with asyncio.timeout(seconds):
            async for _ in websocket:
                pass
    except ConnectionClosed:
        pass
    return websocket.close_code


@pytest.fixture
def untrusted(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server that trusts no address, not even this machine's: as if every test address were a stranger's."""
    process = ServerProcess(tmp_path, options=("--no-trust-loopback", "--max-per-address", "8"))
    process.start()
    yield process
    process.stop()


async def guess(url: str, address: str, count: int, headers: dict[str, str] | None = None) -> list[str]:
    """``count`` wrong codes from ``address`` (each another, so that no code's own limit is reached), five a
    connection (then the server closes it): the error codes answered."""
    answers = []
    while len(answers) < count:
        websocket = await from_address(url, address, additional_headers=headers)
        try:
            for _ in range(min(5, count - len(answers))):
                answers.append((await ask(websocket, {"type": "join", "code": shown(new_code())}))["code"])
        except ConnectionClosed:
            pass
        await websocket.close()
    return answers


async def test_wrong_codes_from_one_address_hold_back_that_address_alone(untrusted: ServerProcess) -> None:
    created = await create_game(untrusted.url, two())
    answers = await guess(untrusted.url, "127.0.0.2", Limits.FAILURES_PER_ADDRESS + 5)
    assert answers[: Limits.FAILURES_PER_ADDRESS] == ["bad_code"] * Limits.FAILURES_PER_ADDRESS
    assert set(answers[Limits.FAILURES_PER_ADDRESS :]) == {"rate_limited"}
    for seat, address in enumerate(("127.0.0.3", "127.0.0.4")):  # other addresses: let in with their real codes
        websocket = await from_address(untrusted.url, address)
        welcome = await ask(websocket, {"type": "join", "code": created.seats[seat].code})
        assert welcome["type"] == "welcome" and welcome["seat"] == seat
        await websocket.close()
    guesser = await from_address(untrusted.url, "127.0.0.2")
    assert (await ask(guesser, {"type": "watch", "code": created.watch}))["code"] == "rate_limited"  # for a minute
    await guesser.close()
    log = untrusted.log.read_text()
    assert "127.0.0.2" in log and "127.0.0.3" not in log.split("refused")[-1]
    assert log.count("refused") <= Limits.FAILURES_PER_ADDRESS + 5  # one line a refusal at most


async def test_a_forwarded_address_is_believed_from_the_trusted_proxy_only(tmp_path: Path) -> None:
    proxied = ServerProcess(tmp_path, options=("--trusted-proxy", "127.0.0.1", "--no-trust-loopback"))
    proxied.start()
    try:
        created = await create_game(proxied.url, two())
        attacker = {"X-Forwarded-For": "203.0.113.9"}
        await guess(proxied.url, "127.0.0.1", Limits.FAILURES_PER_ADDRESS, attacker)  # through the proxy
        behind_the_proxy = await from_address(proxied.url, "127.0.0.1", additional_headers=attacker)
        assert (await ask(behind_the_proxy, {"type": "join", "code": created.seats[0].code}))["code"] == "rate_limited"
        friend = {"Forwarded": 'for="[2001:db8::7]:4711";proto=https'}
        through = await from_address(proxied.url, "127.0.0.1", additional_headers=friend)
        assert (await ask(through, {"type": "join", "code": created.seats[0].code}))["type"] == "welcome"
        # a client's own Forwarded header, passed on by the proxy beside the X-Forwarded-For it appended: ignored
        both = {"X-Forwarded-For": "203.0.113.9", "Forwarded": "for=192.0.2.77"}
        named = await from_address(proxied.url, "127.0.0.1", additional_headers=both)
        assert (await ask(named, {"type": "join", "code": created.seats[1].code}))["code"] == "rate_limited"
        # not the proxy: its header is its own to write, and its wrong codes are its own address's
        await guess(proxied.url, "127.0.0.2", Limits.FAILURES_PER_ADDRESS, {"X-Forwarded-For": "198.51.100.1"})
        forged = await from_address(proxied.url, "127.0.0.2", additional_headers={"X-Forwarded-For": "198.51.100.2"})
        answer = await ask(forged, {"type": "join", "code": created.seats[1].code})
        assert answer.get("code") == "rate_limited", answer
        log = proxied.log.read_text()
        assert "203.0.113.9" in log and "198.51.100" not in log
        for websocket in (behind_the_proxy, through, named, forged):
            await websocket.close()
    finally:
        proxied.stop()


async def test_a_web_pages_tabs_forward_their_visitors_so_that_one_visitors_wrong_codes_hold_back_that_one_alone(
    server: ServerProcess,
) -> None:
    # found by an attacker: every tab of lost-cities web reached the server from this machine's address, and one
    # tab's ten wrong codes refused every other tab's join and watch for a minute
    created = await create_game(server.url, two())
    mistyping = {"X-Forwarded-For": "203.0.113.9"}  # as a tab's app forwards its visitor (this machine, trusted)
    await guess(server.url, "127.0.0.1", Limits.FAILURES_PER_ADDRESS, mistyping)
    same = await from_address(server.url, "127.0.0.1", additional_headers=mistyping)
    assert (await ask(same, {"type": "join", "code": created.seats[0].code}))["code"] == "rate_limited"
    other = await from_address(server.url, "127.0.0.1", additional_headers={"X-Forwarded-For": "198.51.100.4"})
    assert (await ask(other, {"type": "join", "code": created.seats[0].code}))["type"] == "welcome"
    own = await from_address(server.url, "127.0.0.1")  # this machine's own script: as before
    assert (await ask(own, {"type": "join", "code": created.seats[1].code}))["type"] == "welcome"
    assert "203.0.113.9" in server.log.read_text()
    for websocket in (same, other, own):
        await websocket.close()


async def test_the_connections_of_one_address_share_its_frames_a_second(untrusted: ServerProcess) -> None:
    # found by an attacker: 48 connections from one address, each just under its own limit, sent 4,300 frames a
    # second and took half the server's core
    each = int(Limits.FRAME_BURST * 0.6)  # under a connection's own burst: only their sum is too many
    many = [await from_address(untrusted.url, "127.0.0.6") for _ in range(4)]
    # found by a security tester: a player behind the same address (a campus, a carrier's NAT) was closed too, when
    # one of their frames came once the flood had used the address's share
    player = await from_address(untrusted.url, "127.0.0.6")
    for number in range(each):
        for websocket in many:
            await websocket.send('{"type": "ping"}')
        if number >= each - 15:  # fifteen pings at the flood's end, once the address's 400 frames are gone
            await player.send('{"type": "ping"}')
    assert [(await next_frame(player))["type"] for _ in range(15)] == ["pong"] * 15

    async def last_answer(websocket: ClientConnection) -> str:
        """What the server last answers the connection's pings: a pong each, until it is refused (then closed)."""
        pongs = 0
        while pongs < each:
            frame = json.loads(await asyncio.wait_for(websocket.recv(), 10))
            if frame["type"] == "error":
                return str(frame["message"])
            pongs += 1
        return "pong"

    told = await asyncio.gather(*(last_answer(websocket) for websocket in many))
    refused = "at most 200 frames a second from one address: the connection is closed"
    assert refused in told  # past the address's burst, the connection whose frame is one too many is closed
    closing = time.monotonic()  # its answer to the close waits unread behind its frames: the server lets time run out
    await many[told.index(refused)].wait_closed()
    assert time.monotonic() - closing < 3 * Limits.FLOODER_CLOSING < Limits.CLOSING  # (found: it waited 5 s)
    assert Limits.FRAME_BURST_PER_ADDRESS == 2 * Limits.FRAME_BURST < 4 * each
    other = await from_address(untrusted.url, "127.0.0.7")  # another address: not held back
    assert (await ask(other, {"type": "ping"}))["type"] == "pong"
    for websocket in (*many, other, player):
        await websocket.close()


async def test_one_address_holds_so_many_connections_and_no_more(untrusted: ServerProcess) -> None:
    held = [await from_address(untrusted.url, "127.0.0.2") for _ in range(8)]
    with pytest.raises(InvalidStatus) as refused:
        await from_address(untrusted.url, "127.0.0.2")
    assert refused.value.response.status_code == 503
    assert b"at most 8 connections from one address" in refused.value.response.body
    other = await from_address(untrusted.url, "127.0.0.3")  # another address: in
    assert (await ask(other, {"type": "ping"}))["type"] == "pong"
    await held.pop().close()
    for _ in range(50):  # the server counts the one closed out
        try:
            held.append(await from_address(untrusted.url, "127.0.0.2"))
            break
        except InvalidStatus:
            await asyncio.sleep(0.1)
    else:
        raise AssertionError("a connection closed was never counted out")
    for websocket in [*held, other]:
        await websocket.close()


async def test_one_address_opening_connections_flat_out_is_held_back_alone(untrusted: ServerProcess) -> None:
    # found by a security tester: one address opening and closing 2,244 connections a second took 79% of the core
    said = []
    for _ in range(int(Limits.NEW_CONNECTION_BURST) + 20):  # faster than ten a second, past the burst
        try:
            websocket = await from_address(untrusted.url, "127.0.0.9")
        except InvalidStatus as refused:
            said.append(bytes(refused.response.body or b"").decode())
        else:
            await websocket.close()
    assert said and said[0] == "at most 10 new connections a second from one address: wait a moment and try again\n"
    neighbour = await from_address(untrusted.url, "127.0.0.10")
    assert (await ask(neighbour, {"type": "ping"}))["type"] == "pong"
    await neighbour.close()


async def test_one_code_tried_wrong_too_often_is_refused_from_every_address(untrusted: ServerProcess) -> None:
    mistyped = shown(new_code())  # no game's: a used invitation is no wrong guess at its code (the next test)
    answers = []
    for number in range(Limits.FAILURES_PER_CODE + 1):  # from as many addresses: no address's own limit is reached
        websocket = await from_address(untrusted.url, f"127.0.2.{number + 1}")
        answers.append((await ask(websocket, {"type": "join", "code": mistyped}))["code"])
        await websocket.close()
    assert answers == ["bad_code"] * Limits.FAILURES_PER_CODE + ["rate_limited"]


async def test_a_used_invitation_tried_again_from_many_addresses_holds_back_those_addresses_but_not_its_watchers(
    untrusted: ServerProcess,
) -> None:
    # found by a security tester: each join with a used invitation counted against the code, from any address, so
    # that ten of them refused everyone's watch with it (an invitation watches its game) for a minute
    used = (await create_game(untrusted.url, two())).seats[0].code
    taker = await from_address(untrusted.url, "127.0.0.9")
    assert (await ask(taker, {"type": "join", "code": used}))["type"] == "welcome"
    answers = []
    for number in range(Limits.FAILURES_PER_CODE + 2):  # one an address
        websocket = await from_address(untrusted.url, f"127.0.2.{number + 1}")
        answers.append((await ask(websocket, {"type": "join", "code": used}))["code"])
        await websocket.close()
    for _ in range(Limits.FAILURES_PER_ADDRESS // 5):  # and one address's ten, five a connection
        websocket = await from_address(untrusted.url, "127.0.3.1")
        for _ in range(5):
            answers.append((await ask(websocket, {"type": "join", "code": used}))["code"])
        await websocket.close()
    assert answers == ["code_used"] * (Limits.FAILURES_PER_CODE + 2 + Limits.FAILURES_PER_ADDRESS)
    watchers = [await from_address(untrusted.url, address) for address in ("127.0.4.1", "127.0.3.1")]
    welcome, refused = [await ask(watcher, {"type": "watch", "code": used}) for watcher in watchers]
    assert welcome["type"] == "welcome" and welcome["seat"] is None
    assert refused["code"] == "rate_limited"  # the address that tried it ten times holds back itself alone
    for websocket in (taker, *watchers):
        await websocket.close()


async def until_rematch(websocket: ClientConnection) -> dict[str, Any]:
    """Ask for a rematch on ``websocket`` (a seat of a finished game): the answer, ``rematched`` or an ``error``."""
    await websocket.send(json.dumps({"type": "rematch"}))
    for _ in range(10):  # before it, who has asked so far (rematch_offer)
        frame = await next_frame(websocket)
        if frame["type"] in ("rematched", "error"):
            return frame
    raise AssertionError("neither rematched nor refused")


async def test_a_rematch_is_a_game_created_counted_against_the_address_whose_ask_makes_it(tmp_path: Path) -> None:
    # found by a security tester: one address made 362 games in 40 s, one-round matches against a computer each
    # followed by its rematch, while its creates were refused past 30 a minute
    untrusting = ServerProcess(tmp_path, options=("--no-trust-loopback",))  # an address's 31 connections in a row
    untrusting.start()
    try:
        spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Carl", computer="easy")), rounds=1)
        ana, _ = await play_seat(untrusting.url, (await create_game(untrusting.url, spec)).seats[0].code or "", _BOT)
        answers = []
        for _ in range(Limits.CREATES_PER_ADDRESS):  # 127.0.0.3's games for this minute
            creator = await from_address(untrusting.url, "127.0.0.3")
            answers.append((await ask(creator, {"type": "create", "seats": [{"name": "A"}, {"name": "B"}]}))["type"])
            await creator.close()
        assert answers == ["created"] * Limits.CREATES_PER_ADDRESS
        refused_to, then = [await from_address(untrusting.url, address) for address in ("127.0.0.3", "127.0.0.4")]
        assert (await ask(refused_to, {"type": "hello", "token": ana.token}))["type"] == "welcome"
        refused = await until_rematch(refused_to)
        assert refused.get("code") == "rate_limited" and "new games a minute" in refused["message"], refused
        assert (await ask(refused_to, {"type": "ping"}))["type"] == "pong"  # the connection stays, as a create's
        coming_back = [await ask(then, {"type": "hello", "token": ana.token})]
        coming_back += [await next_frame(then) for _ in range(3)]
        assert [frame["type"] for frame in coming_back] == ["welcome", "view", "record", "rematch_offer"]
        assert coming_back[-1]["seats"] == [0]  # Ana's ask stayed: the next one, from an address that may, makes it
        rematched = await until_rematch(then)
        assert rematched["type"] == "rematched" and rematched["seat"] == 1 and rematched["token"], rematched
        for websocket in (refused_to, then):
            await websocket.close()
    finally:
        untrusting.stop()


async def test_a_client_refused_at_the_handshake_says_the_servers_sentence(untrusted: ServerProcess) -> None:
    held = [await from_address(untrusted.url, "127.0.0.1") for _ in range(8)]  # this address's eight
    with pytest.raises(OnlineError) as refused:
        await create_game(untrusted.url, two())
    said = str(refused.value)
    assert "HTTP 503" in said and "at most 8 connections from one address: close one and try again" in said
    for websocket in held:
        await websocket.close()


async def test_a_flood_of_websocket_pings_is_cut_off(server: ServerProcess) -> None:
    flood = await from_address(server.url, "127.0.0.2")
    for number in range(5000):
        try:
            await flood.ping(number.to_bytes(4, "big"))
        except ConnectionClosed:
            break
    assert await close_code(flood) in (None, 1006, 1008)  # dropped: a client that floods is not answered
    fine = await from_address(server.url, "127.0.0.3")
    assert (await ask(fine, {"type": "ping"}))["type"] == "pong"
    assert "too many pings" in server.log.read_text()
    await fine.close()


def server_side(port: int, client: int) -> str | None:
    """The state of the server's side of the connection from the client's port ``client`` to ``port`` on 127.0.0.1,
    as the kernel lists it (``/proc/net/tcp``: ``01`` established, ``04`` FIN-WAIT-1, …); ``None`` once it is gone."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, remote, state = line.split()[1:4]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) == client:
            return state
    return None


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads the kernel's sockets in /proc/net/tcp (Linux)")
async def test_a_client_dropped_with_what_it_never_read_leaves_nothing_of_it_in_the_kernel(
    server: ServerProcess,
) -> None:
    # found by a security tester: a client dropped for not reading stayed in the server's kernel in FIN-WAIT-1, with
    # what it had not read unsent (74 KiB each), for as long as it read nothing, counted by no cap
    quiet = socket.socket()
    quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: its pongs wait on the server
    quiet.bind(("127.0.0.2", 0))
    quiet.connect(("127.0.0.1", server.port))
    client = quiet.getsockname()[1]
    flood = await connect(server.url, proxy=None, sock=quiet)
    flood.transport.pause_reading()  # reads nothing from here on
    for number in range(int(2 * Limits.FRAME_BURST)):  # pings past the burst: dropped for them, its pongs unread
        try:
            await flood.ping(number.to_bytes(2, "big") * 62)  # 124 bytes a pong, 25 KB in all
        except ConnectionClosed:
            break
    for _ in range(250):  # until the server lets it go
        if server_side(server.port, client) != "01":
            break
        await asyncio.sleep(0.02)
    assert "dropped a connection from 127.0.0.2: too many pings" in server.log.read_text()
    assert server_side(server.port, client) is None  # reset, not FIN-WAIT-1 (04) with its pongs still to send
    flood.transport.abort()


@pytest.mark.slow
async def test_a_client_that_never_reads_is_dropped_once_its_buffer_stays_full(server: ServerProcess) -> None:
    created = await create_game(server.url, two())
    ana, _ = await joined(server.url, created.seats[0].code or "")
    quiet = socket.socket()
    quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: its data waits on the server
    quiet.connect(("127.0.0.1", server.port))
    client = quiet.getsockname()[1]
    reader = await connect(server.url, proxy=None, sock=quiet)
    await reader.send(json.dumps({"type": "watch", "code": created.watch}))
    reader.transport.pause_reading()  # reads nothing more from here on
    started = time.monotonic()
    for _ in range(150):  # within the burst, each answered with the whole table, never read: 240 KB
        await reader.send('{"type": "sync"}')
    # then nothing: when the server drops it, it has read all the client sent (a socket closed with data unread is
    # reset by the kernel whatever the server asks), and holds only what the client never read
    while time.monotonic() - started < 30 and "dropped a connection" not in server.log.read_text():
        await asyncio.sleep(0.05)
    assert "dropped a connection from 127.0.0.1: it reads" in server.log.read_text()
    assert time.monotonic() - started < Limits.SLOW_READER + 15
    if Path("/proc/net/tcp").exists():  # reset: not kept in the kernel (FIN-WAIT-1) with what it never read
        assert server_side(server.port, client) is None
    assert (await ask(ana, {"type": "ping"}))["type"] == "pong"  # the game's players noticed nothing
    await ana.close()


@pytest.mark.slow
async def test_a_seat_that_reads_nothing_cannot_hold_up_the_others_decisions(server: ServerProcess) -> None:
    # found by an attacker: the answers to a player's own resends were sent under the game's lock, so a second
    # connection of hers that read nothing held the other player's decisions for seconds (off his clock)
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, clock=60))
    ana = await open_raw(server.url)
    token = (await ask(ana, {"type": "join", "code": created.seats[0].code}))["token"]
    await next_frame(ana)
    boris, _ = await joined(server.url, created.seats[1].code or "")
    dealt = await next_frame(ana)  # the last one in: the cards dealt, the clock started with its deadline
    play = next(move for move in dealt["view"]["legal_decisions"] if move.startswith("-"))
    for version, decision in enumerate((play, "n")):
        assert (await ask(ana, {"type": "decide", "version": version, "decision": decision}))["type"] == "event"
    for _ in range(2):
        assert (await next_frame(boris))["type"] == "event"  # Ana's play and draw
    boris_play = next(move for move in (await ask(boris, {"type": "sync"}))["view"]["legal_decisions"] if "-" in move)
    quiet = socket.socket()
    quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: its data waits on the server
    quiet.connect(("127.0.0.1", server.port))
    staller = await connect(server.url, proxy=None, sock=quiet)
    await staller.send(json.dumps({"type": "hello", "token": token}))
    staller.transport.pause_reading()  # reads nothing more from here on
    for _ in range(150):  # her first play again and again, each answered with the whole view: 3 s of it
        await staller.send(json.dumps({"type": "decide", "version": 0, "decision": play}))
        await asyncio.sleep(0.02)
    started = time.monotonic()
    answer = await ask(boris, {"type": "decide", "version": 2, "decision": boris_play})
    assert answer["type"] == "event" and time.monotonic() - started < 1  # not the seconds till she is dropped
    staller.transport.abort()
    for websocket in (ana, boris):
        await websocket.close()


@pytest.mark.slow
async def test_a_seat_whose_client_is_gone_is_let_go_and_one_that_answers_pings_stays(server: ServerProcess) -> None:
    # the server pings its silent connections in one sweep (websockets' keepalive held a task a connection, 1.5 KB)
    created = await create_game(server.url, two())
    quiet: list[ClientConnection] = []
    for seat in created.seats:  # clients that send nothing of themselves, not even pings
        websocket = await connect(server.url, proxy=None, ping_interval=None)
        assert (await ask(websocket, {"type": "join", "code": seat.code}))["type"] == "welcome"
        quiet.append(websocket)
    ana, boris = quiet
    boris.transport.pause_reading()  # gone: nothing he is sent is read, so no ping is answered
    started = time.monotonic()
    gone = {"type": "presence", "seat": 1, "connected": False}
    async with asyncio.timeout(Limits.PING_INTERVAL + Limits.PING_TIMEOUT + 20):
        while not gone.items() <= json.loads(await ana.recv()).items():
            pass  # Ana reads what she is sent (and so answers the server's pings, as every client does by itself)
    assert time.monotonic() - started >= Limits.PING_INTERVAL + Limits.PING_TIMEOUT - 1  # heard last at his join
    assert "dropped a connection from 127.0.0.1: it answered no ping" in server.log.read_text()
    assert (await ask(ana, {"type": "ping"}))["type"] == "pong"  # silent all along, and kept
    boris.transport.abort()
    await ana.close()


@pytest.mark.slow
async def test_a_connection_that_joins_nothing_is_closed_even_if_it_pings(server: ServerProcess) -> None:
    idle = await from_address(server.url, "127.0.0.2")
    started = time.monotonic()
    try:
        async with asyncio.timeout(Limits.FIRST_FRAME + 10):
            while True:
                assert (await ask(idle, {"type": "ping"}))["type"] == "pong"
                await asyncio.sleep(1)
    except ConnectionClosed:
        pass
    assert idle.close_code == 1008
    assert Limits.FIRST_FRAME - 1 < time.monotonic() - started < Limits.FIRST_FRAME + 5


@pytest.mark.slow
async def test_with_few_descriptors_a_player_still_plays_after_a_thousand_idle_connections(tmp_path: Path) -> None:
    small = ServerProcess(tmp_path, open_files=256)
    small.start()
    try:
        created = await create_game(small.url, two())
        attackers: list[ClientConnection] = []
        refused = 0
        for number in range(1000):  # from 20 addresses: no one address's cap is reached, the server's is
            try:
                attackers.append(await from_address(small.url, f"127.0.1.{number % 20 + 1}", open_timeout=5))
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
                refused += 1
        assert refused > 0 and len(attackers) < 256  # the cap held: the rest refused at once
        with pytest.raises(InvalidStatus) as full:
            await from_address(small.url, "127.0.0.99")
        assert full.value.response.status_code == 503 and b"as many connections as it may" in full.value.response.body
        ana = bob = None
        async with asyncio.timeout(Limits.FIRST_FRAME + 30):  # the idle ones are let go: a player gets in
            while ana is None or bob is None:
                try:
                    if ana is None:
                        ana, _ = await joined(small.url, created.seats[0].code or "")
                    if bob is None:
                        bob, _ = await joined(small.url, created.seats[1].code or "")
                except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError, AssertionError):
                    await asyncio.sleep(0.5)
        assert (await next_frame(ana))["type"] == "view"  # every seat taken: the cards dealt
        answer = await ask(ana, {"type": "decide", "version": 0, "decision": "n"})  # a play goes through (or
        assert answer["type"] in ("event", "error")  # is refused by the rules, not by the server's state)
        async with asyncio.timeout(10):
            status, _, _ = await http(small.port, "GET /health HTTP/1.1\nHost: x\n")
        assert status == 200
        log = small.log.read_text()
        assert "Too many open files" not in log and len(log.splitlines()) < 300
        assert 0 < log.count("as many as it may") <= 30  # one line a second at most
        for websocket in (ana, bob, *attackers):
            await websocket.close()
    finally:
        small.stop()


async def silent(port: int, address: str, sends: bytes = b"") -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection from ``address`` that sends ``sends`` (nothing, or the start of a request) and then nothing."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    writer.write(sends)
    return reader, writer


async def answered(reader: asyncio.StreamReader) -> bytes | None:
    """What the server said to a connection that sent no whole request, if it let it go at once (``b""``: closed
    without a word); ``None``: it was kept."""
    try:
        return await asyncio.wait_for(reader.read(1000), 0.5)
    except TimeoutError:
        return None
    except ConnectionError:
        return b""


@pytest.mark.slow
async def test_connections_that_never_send_their_request_hold_their_own_address_back(tmp_path: Path) -> None:
    small = ServerProcess(tmp_path, open_files=256, options=("--no-trust-loopback",))  # at most 156 connections
    small.start()
    try:
        created = await create_game(small.url, two())
        started = time.monotonic()
        held = [await silent(small.port, "127.0.0.2") for _ in range(200)]  # silent: not a byte
        answers = await asyncio.gather(*(answered(reader) for reader, _ in held))
        assert answers.count(None) == 50  # its cap, held until the handshake's deadline; the rest told why
        assert all(b"at most 50 connections from one address" in (answer or b"x") for answer in answers[50:])
        for number in range(3, 8):  # half-sent requests from five more addresses: the server busy past 117 …
            held += [await silent(small.port, f"127.0.0.{number}", b"GET / HTTP/1.1\r\n") for _ in range(40)]
        busy = await asyncio.gather(*(answered(reader) for reader, _ in held[200:]))
        assert 50 + busy.count(None) <= 0.75 * 156 + 5 * Limits.CONNECTIONS_WHEN_BUSY  # … keeps the rest for the few
        assert any(b"this server is busy" in (answer or b"") for answer in busy)
        (ana, _), (bob, _) = await seated(small.url, [seat.code or "" for seat in created.seats])  # players from
        # their own addresses: in
        assert time.monotonic() - started < Limits.HANDSHAKE  # while every attacker's connection still waits
        assert (await ask(ana, {"type": "decide", "version": 0, "decision": "n"}))["type"] in ("event", "error")
        reader, _ = held[0]
        async with asyncio.timeout(Limits.HANDSHAKE + 10):  # and the silent ones are let go at the deadline
            assert await reader.read() == b""
        for _, writer in held:
            writer.close()
        await ana.close()
        await bob.close()
        log = small.log.read_text()
        assert "refused a connection from 127.0.0.2: it holds 50 already" in log and len(log.splitlines()) < 100
    finally:
        small.stop()


async def test_head_answers_headers_only_and_browser_pages_of_other_sites_are_refused(tmp_path: Path) -> None:
    allowed = ServerProcess(tmp_path, options=("--allow-origin", "https://cards.example"))
    allowed.start()
    try:
        status, headers, body = await http(allowed.port, "HEAD /health HTTP/1.1\nHost: x\n")
        assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0
        with pytest.raises(InvalidStatus) as refused:
            await connect(allowed.url, proxy=None, origin="https://evil.example")  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        page = await connect(allowed.url, proxy=None, origin="https://cards.example")  # type: ignore[arg-type]
        assert (await ask(page, {"type": "ping"}))["type"] == "pong"
        await page.close()
    finally:
        allowed.stop()


async def test_health_checks_are_limited_per_address(untrusted: ServerProcess) -> None:
    answers = [
        (await http(untrusted.port, "GET /health HTTP/1.1\nHost: x\n", "127.0.0.2"))[0]
        for _ in range(Limits.HEALTH_PER_ADDRESS + 1)
    ]
    assert answers[:-1] == [200] * Limits.HEALTH_PER_ADDRESS and answers[-1] == 429
    assert (await http(untrusted.port, "GET /health HTTP/1.1\nHost: x\n", "127.0.0.3"))[0] == 200


async def test_a_card_is_taken_back_three_times_a_turn_at_most(server: ServerProcess) -> None:
    created = await create_game(server.url, two())
    (ana, view), (boris, _) = await seated(server.url, [seat.code or "" for seat in created.seats])
    card = view["view"]["hand"][0]
    version = 0
    for _ in range(Limits.TAKE_BACKS_IN_A_ROW):
        for frame in ({"type": "decide", "version": version, "decision": f"-{card}"}, {"type": "take_back"}):
            event = await ask(ana, frame | {"version": version})
            assert event["type"] == "event", event
            version = event["version"]
    played = await ask(ana, {"type": "decide", "version": version, "decision": f"-{card}"})
    assert played["type"] == "event" and not played["view"]["can_take_back"]  # the app offers none any more
    refused = await ask(ana, {"type": "take_back", "version": version + 1})
    assert (refused["code"], refused["rule"]) == ("illegal", "R6c") and "3 times" in refused["message"]
    drawn = await ask(ana, {"type": "decide", "version": version + 1, "decision": "n"})
    assert drawn["type"] == "event"  # the turn goes on as the rules say
    for websocket in (ana, boris):
        await websocket.close()


async def test_status_answers_each_seat_once_from_the_stored_summary_without_loading_the_game(
    server: ServerProcess,
) -> None:
    created = await create_game(server.url, two())
    ana, token, _ = await seat_with_token(server.url, created.seats[0].code or "")
    boris, _ = await joined(server.url, created.seats[1].code or "")
    view = await next_frame(ana)  # every seat taken: the cards dealt
    card = view["view"]["hand"][0]
    assert (await ask(ana, {"type": "decide", "version": 0, "decision": f"-{card}"}))["type"] == "event"
    assert (await ask(ana, {"type": "decide", "version": 1, "decision": "n"}))["type"] == "event"
    for websocket in (ana, boris):
        await websocket.close()  # nobody in the game: the server lets it go from memory
    asking = await from_address(server.url, "127.0.0.1")
    games = await ask(asking, {"type": "status", "tokens": [token] * 10})
    assert [(entry["seat"], entry["version"], entry["to_move"]) for entry in games["games"]] == [(0, 2, 1)]
    _, _, body = await http(server.port, "GET /health HTTP/1.1\nHost: x\n")
    assert json.loads(body)["games"] == 0


async def test_a_game_whose_friend_never_came_or_left_half_played_is_deleted_once_old_and_opens_nothing(
    server: ServerProcess,
) -> None:
    # found by reading the limits: a game waiting for its players was kept for ever, and one address may create
    # thirty a minute; then by a security tester: a match played a little and dropped was kept for ever too.  A game
    # begun (a card played) is kept while someone decides in it within Limits.ABANDONED_DAYS
    waiting = await create_game(server.url, two())
    ana, waiting_token, _ = await seat_with_token(server.url, waiting.seats[0].code or "")
    begun = await create_game(server.url, two())
    ana_again, begun_token, _ = await seat_with_token(server.url, begun.seats[0].code or "")
    boris, boris_view = await joined(server.url, begun.seats[1].code or "")
    ana_view = await next_frame(ana_again)  # every seat taken: the cards dealt, and a card played
    mover, view = (ana_again, ana_view) if ana_view["view"]["to_move"] == 0 else (boris, boris_view)
    card = view["view"]["hand"][0]
    assert (await ask(mover, {"type": "decide", "version": 0, "decision": f"-{card}"}))["type"] == "event"
    for websocket in (ana, ana_again, boris):
        await websocket.close()
    server.stop()
    with sqlite3.connect(server.database) as db:  # two weeks and a minute go by
        db.execute("UPDATE games SET created_at = created_at - ?", (Limits.UNSTARTED_DAYS * 86400 + 60,))
    server.restart()
    friend = await open_raw(server.url)
    assert (await ask(friend, {"type": "join", "code": waiting.seats[1].code}))["code"] == "bad_code"
    asking = await open_raw(server.url)
    games = await ask(asking, {"type": "status", "tokens": [waiting_token, begun_token]})
    assert [entry["game"] for entry in games["games"]] == [begun.game]
    await asking.close()
    server.stop()
    with sqlite3.connect(server.database) as db:  # a month and a minute go by without a move
        db.execute("UPDATE games SET decided_at = decided_at - ?", (Limits.ABANDONED_DAYS * 86400 + 3600,))
    server.restart()
    asking = await open_raw(server.url)
    assert (await ask(asking, {"type": "status", "tokens": [begun_token]}))["games"] == []
    back = await open_raw(server.url)
    assert (await ask(back, {"type": "hello", "token": begun_token}))["code"] == "bad_token"
    watcher = await open_raw(server.url)
    refused = await ask(watcher, {"type": "watch", "code": begun.watch})
    assert refused["code"] == "bad_code" and "or left 30 days without a move" in refused["message"]
    for websocket in (friend, asking, back, watcher):
        await websocket.close()
    for _ in range(100):  # said once the sweep has found no more to delete
        deleted = [line for line in server.log.read_text().splitlines() if "games deleted" in line]
        if len(deleted) == 2:
            break
        await asyncio.sleep(0.05)
    assert len(deleted) == 2 and all(line.endswith("not begun in 14 days or left 30 days: 1") for line in deleted)


async def test_watching_and_leaving_in_a_loop_fills_no_log(server: ServerProcess) -> None:
    # found by a security tester: a script watching a game and leaving, 240 times a second, wrote 29 KiB a second of
    # "a watcher connected" and "a watcher left" to the log (2.6 GB a day)
    created = await create_game(server.url, two())
    begun = time.monotonic()
    for _ in range(300):
        watcher = await open_raw(server.url)
        assert (await ask(watcher, {"type": "watch", "code": created.watch}))["type"] == "welcome"
        await watcher.close()
    seconds = time.monotonic() - begun
    await asyncio.sleep(0.2)  # the last one's leaving logged
    lines = [line for line in server.log.read_text().splitlines() if "a watcher" in line]
    assert len(lines) <= 20 * (seconds + 1) < 2 * 300  # a few a second, the rest counted
    assert "more not logged" in "\n".join(lines)


async def test_decisions_flat_out_fill_no_log(server: ServerProcess) -> None:
    # found by a security tester: one address taking a card back three times a turn wrote a line a decision, 98 a
    # second (0.4 GB a day)
    created = await create_game(server.url, two())
    seats = await seated(server.url, [seat.code or "" for seat in created.seats])
    views = [view for _websocket, view in seats]
    version = 0

    async def caught_up(websocket: ClientConnection, wanted: int) -> dict[str, Any]:
        while (frame := await next_frame(websocket))["type"] != "event" or frame["version"] != wanted:
            pass
        return frame

    begun = time.monotonic()
    for turn in range(40):  # 320 decisions: each seat in turn lays a card, takes it back three times, then draws
        websocket, view = seats[turn % 2][0], views[turn % 2]
        card = view["view"]["hand"][0]
        for frame in [{"type": "decide", "decision": f"-{card}"}, {"type": "take_back"}] * 3 + [
            {"type": "decide", "decision": f"-{card}"},
            {"type": "decide", "decision": "n"},
        ]:
            await websocket.send(json.dumps(frame | {"version": version}))
            version += 1
            await caught_up(websocket, version)
        views[1 - turn % 2] = await caught_up(seats[1 - turn % 2][0], version)
    seconds = time.monotonic() - begun
    await asyncio.sleep(0.2)
    lines = [line for line in server.log.read_text().splitlines() if f"game {created.game}: v" in line]
    assert len(lines) <= 50 * (seconds + 1) < 320  # fifty a second, the rest counted
    assert "more not logged" in "\n".join(lines)
    for websocket, _view in seats:
        await websocket.close()


class CountingStore(SqliteStore):
    """A SQLite store that counts the games it reads whole (every decision)."""

    loads = 0

    async def load(self, game_id: str) -> StoredGame | None:
        CountingStore.loads += 1
        return await super().load(game_id)


async def test_status_reads_no_game_whole(tmp_path: Path) -> None:
    async with hub_in_process(CountingStore(tmp_path / "games.sqlite3")) as (url, _hub):
        created = await create_game(url, two())
        ana = await open_raw(url)
        token = (await ask(ana, {"type": "join", "code": created.seats[0].code}))["token"]
        await ana.close()
        await asyncio.sleep(0.1)  # its handler done: the game let go
        before = CountingStore.loads
        asking = await open_raw(url)
        games = await ask(asking, {"type": "status", "tokens": [token] * 50})
        assert len(games["games"]) == 1 and CountingStore.loads == before  # the summary alone: no decision read


async def test_two_players_joining_at_once_with_one_name_never_both_get_it(server: ServerProcess) -> None:
    for _ in range(10):
        created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec(), SeatSpec())))

        async def join(code: str | None) -> dict[str, Any]:
            websocket = await from_address(server.url, "127.0.0.1")
            answer = await ask(websocket, {"type": "join", "code": code, "name": "Zed"})
            await websocket.close()
            return answer

        answers = await asyncio.gather(join(created.seats[1].code), join(created.seats[2].code))
        assert sorted(answer["type"] for answer in answers) == ["error", "welcome"], answers


async def seat_with_token(url: str, code: str) -> tuple[ClientConnection, str, dict[str, Any]]:
    """A connection that took the seat ``code`` opens: it, the seat's token and its first view."""
    websocket = await from_address(url, "127.0.0.1")
    welcome = await ask(websocket, {"type": "join", "code": code})
    return websocket, welcome["token"], await next_frame(websocket)


async def not_taken_then_taken(
    server: ServerProcess, stop: Callable[[], None], back: Callable[[], None], why: str
) -> None:
    """A decision made while ``stop`` keeps the database from taking it (the log says ``why``): refused
    ``unavailable``, seen by nobody, stored nowhere; once ``back`` undoes it, the same decision goes through."""
    created = await create_game(server.url, two())
    ana, token, _ = await seat_with_token(server.url, created.seats[0].code or "")
    boris, _ = await joined(server.url, created.seats[1].code or "")
    view = await next_frame(ana)  # every seat taken: the cards dealt
    card = view["view"]["hand"][0]
    stop()
    try:
        refused = await ask(ana, {"type": "decide", "version": 0, "decision": f"-{card}"}, seconds=30)
        assert (refused["type"], refused["code"], refused["version"]) == ("error", "unavailable", 0)
        frames = []
        try:
            async with asyncio.timeout(10):
                async for message in boris:
                    frames.append(json.loads(message))
        except ConnectionClosed:
            pass
        assert boris.close_code == 1013 and not [frame for frame in frames if frame["type"] == "event"]
    finally:
        back()
    assert server.stored_decisions() == (0, 0)
    assert f"decision 1 not stored: {why}" in server.log.read_text()
    again = await from_address(server.url, "127.0.0.1")
    assert (await ask(again, {"type": "hello", "token": token}))["type"] == "welcome"
    as_it_was = await next_frame(again)
    assert as_it_was["version"] == 0 and card in as_it_was["view"]["hand"]  # exactly as it was
    accepted = await ask(again, {"type": "decide", "version": 0, "decision": f"-{card}"})
    assert accepted["type"] == "event" and accepted["version"] == 1  # the database back, the decision goes


@pytest.mark.slow
async def test_a_decision_the_database_would_not_take_is_seen_by_nobody(server: ServerProcess) -> None:
    other = sqlite3.connect(server.database, isolation_level=None, timeout=0)
    # another process holds the write lock past the server's busy timeout
    await not_taken_then_taken(
        server, lambda: other.execute("BEGIN IMMEDIATE"), other.close, "OperationalError: database is locked"
    )


@pytest.mark.slow
async def test_a_decision_a_full_disk_would_not_take_is_seen_by_nobody(server: ServerProcess) -> None:
    assert server.process is not None
    pid = server.process.pid
    limit = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    log = os.path.getsize(server.log)

    def full() -> None:  # no file of the server's may grow: the next commit finds the disk full (SQLITE_FULL)
        largest = max(os.path.getsize(path) for path in Path(server.database).parent.glob("online.sqlite3*"))
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (max(largest, log + 65536), limit[1]))

    await not_taken_then_taken(
        server, full, lambda: resource.prlimit(pid, resource.RLIMIT_FSIZE, limit), "OperationalError: disk I/O error"
    )


async def test_the_connections_of_one_network_are_capped_at_three_addresses_worth(tmp_path: Path) -> None:
    # found by an attacker: 600 watchers that never read, from 12 addresses, each connection holding up to half a
    # megabyte of what the server sent it, took 335 MB; one who holds a /48 holds 65,536 addresses
    proxied = ServerProcess(
        tmp_path, options=("--trusted-proxy", "127.0.0.1", "--no-trust-loopback", "--max-per-address", "2")
    )
    proxied.start()
    held: list[ClientConnection] = []
    try:
        for host in (1, 1, 2, 2, 3, 3):  # three addresses of 203.0.113.0/24, each at its own cap
            forwarded = {"X-Forwarded-For": f"203.0.113.{host}"}
            held.append(await from_address(proxied.url, "127.0.0.1", additional_headers=forwarded))
        with pytest.raises(InvalidStatus) as refused:  # a fourth address of the network, with none open
            await from_address(proxied.url, "127.0.0.1", additional_headers={"X-Forwarded-For": "203.0.113.4"})
        said = bytes(refused.value.response.body or b"").decode()
        assert said == "at most 6 connections from one network: close one and try again\n"
        other = await from_address(proxied.url, "127.0.0.1", additional_headers={"X-Forwarded-For": "198.51.100.4"})
        held.append(other)  # another network's address is let in
        await held.pop(0).close()  # one closed: the network's fourth address is let in
        for _ in range(50):
            try:
                forwarded = {"X-Forwarded-For": "203.0.113.4"}
                held.append(await from_address(proxied.url, "127.0.0.1", additional_headers=forwarded))
                break
            except InvalidStatus:  # the close is counted out a moment later
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("a connection closed was never counted out of its network")
    finally:
        for websocket in held:
            await websocket.close()
        proxied.stop()


async def test_games_read_from_the_store_for_one_address_are_thirty_a_minute_those_in_memory_not_counted(
    untrusted: ServerProcess,
) -> None:
    # found by an attacker: each hello or watch of a game nobody is in reads and replays it whole (24 ms for the
    # longest game), and addresses looping hello-and-leave took 40 % of the server's core
    created = await create_game(untrusted.url, two())
    answers = []
    for _ in range(2 * Limits.LOADS_PER_ADDRESS):  # bounded: refused well before
        websocket = await from_address(untrusted.url, "127.0.0.9")
        answers.append((await ask(websocket, {"type": "watch", "code": created.watch}))["type"])
        await websocket.close()
        if answers[-1] == "error":
            break
        await asyncio.sleep(0.02)  # gone from memory, as nobody is in it: the next watch reads it again
    assert answers[-1] == "error" and answers.count("welcome") >= Limits.LOADS_PER_ADDRESS
    refused = await from_address(untrusted.url, "127.0.0.9")
    said = await ask(refused, {"type": "watch", "code": created.watch})
    assert said["code"] == "rate_limited" and "games opened a minute from one address" in said["message"]
    await refused.close()
    holder = await from_address(untrusted.url, "127.0.0.10")  # someone in it: in memory, opened without a read
    assert (await ask(holder, {"type": "watch", "code": created.watch}))["type"] == "welcome"
    for _ in range(Limits.LOADS_PER_ADDRESS + 5):
        websocket = await from_address(untrusted.url, "127.0.0.11")
        assert (await ask(websocket, {"type": "watch", "code": created.watch}))["type"] == "welcome"
        await websocket.close()
    await holder.close()


@pytest.mark.slow
async def test_what_slow_readers_hold_is_bounded_in_all_the_largest_let_go_first(tmp_path: Path) -> None:
    # found by an attacker: 600 watchers from many networks, each within its own half a megabyte, took 366 MB
    capped = ServerProcess(tmp_path, options=("--max-connections", "20"))  # 20 × 4 KiB: 80 KiB in all
    capped.start()
    readers: list[ClientConnection] = []
    try:
        created = await create_game(capped.url, two())
        for _ in range(6):  # each holding what it was not sent past its 64 KiB: ~400 KiB together
            quiet = socket.socket()
            quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: its data waits there
            quiet.connect(("127.0.0.1", capped.port))
            reader = await connect(capped.url, proxy=None, sock=quiet)
            await reader.send(json.dumps({"type": "watch", "code": created.watch}))
            reader.transport.pause_reading()  # reads nothing more from here on
            readers.append(reader)
        started = time.monotonic()
        for reader in readers:
            for _ in range(150):  # within the burst, each answered with the whole table, never read: 240 KB each
                await reader.send('{"type": "sync"}')
        said = "the server holds too much for clients that read slowly"
        while time.monotonic() - started < 20 and said not in capped.log.read_text():
            await asyncio.sleep(0.05)
        assert said in capped.log.read_text()
        assert time.monotonic() - started < Limits.SLOW_READER  # before each one's own time ran out
    finally:
        for reader in readers:
            reader.transport.abort()
        capped.stop()
