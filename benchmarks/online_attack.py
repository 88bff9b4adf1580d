"""The server's memory, and another game's round trip, while clients that never read attack it.

    python benchmarks/online_attack.py [--pings 2000000] [--watchers 60] [--seconds 60] [--computers 20] [--json]

A real ``lost-cities serve --port 0`` on 127.0.0.1 with a fresh SQLite database; its resident memory (``VmRSS``)
sampled every 0.2 s from ``/proc``.  Meanwhile a probe game of two raw clients (each turn a discard and a draw from
the pile, always legal) measures the round trip of a decision, ``decide`` sent to its ``event`` received.

1. Ping flood: raw sockets that make the WebSocket handshake and then write masked ping frames (6 bytes each) as
   fast as they can, never reading a byte; when the server drops one, another opens; until ``--pings`` are
   written or ``--seconds`` pass.
2. Readers that stop: ``--watchers`` raw connections (a 4 KiB receive window) watch a game that two raw clients
   play as fast as the server lets a connection send, and never read; for ``--seconds``.
3. Computers made to think: ``--computers`` games against a ``hard`` computer (a second of search a turn), each
   person deciding the moment it is their turn, so that a computer always has a turn to think; for
   ``--seconds`` (at most 30).  The computers think in a worker process: the probe's round trip should not move.

Before the attacks, the probe's round trip alone is the floor; each attack's round trip is said as a ratio to
it.  The goal: the server's memory under 150 MB through both, the probe's round trip as usual.
Every loop is bounded in count and time, all traffic stays on 127.0.0.1, and the server and its folder go
however the run ends.  Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

_ADDRESS = re.compile(r"ws://127\.0\.0\.1:(\d+)")
_PING = b"\x89\x80\x00\x00\x00\x00"  # a masked ping with no payload (the mask of zeros is a mask)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Sampler(threading.Thread):
    """The server's memory every 0.2 s, its peak kept."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self) -> None:
        while self.running:
            with contextlib.suppress(OSError):
                self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.2)


def handshake(port: int, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket()
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed during the handshake")
        answer += chunk
    return sock


def text_frame(payload: dict[str, Any]) -> bytes:
    data = json.dumps(payload).encode()
    assert len(data) < 126
    return bytes([0x81, 0x80 | len(data)]) + b"\x00\x00\x00\x00" + data


def flood(port: int, pings: int, seconds: float) -> tuple[int, int]:
    """Pings written, connections used."""
    sent, used, until = 0, 0, time.monotonic() + seconds
    burst = _PING * 10_000
    while sent < pings and time.monotonic() < until:
        try:
            sock = handshake(port)
        except OSError:
            time.sleep(0.05)
            continue
        used += 1
        try:
            while sent < pings and time.monotonic() < until:
                sock.sendall(burst)
                sent += 10_000
        except OSError:
            pass
        finally:
            sock.close()
    return sent, used


class Probe:
    """A game of two raw clients: each turn, the seat to move discards a card and draws from the pile (in the final
    laying, its first legal decision)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.seats: list[ClientConnection] = []
        self.version = 0
        self.view: dict[str, Any] = {}
        self.watch = ""

    async def start(self) -> None:
        async with connect(self.url, proxy=None) as creator:
            await creator.send(json.dumps({"type": "create", "seats": [{"name": "A"}, {"name": "B"}], "rounds": 20}))
            created = json.loads(await creator.recv())
        self.watch = created["watch"]
        for offer in created["seats"]:
            websocket = await connect(self.url, proxy=None, max_size=2**20)
            await websocket.send(json.dumps({"type": "join", "code": offer["code"]}))
            self.seats.append(websocket)
        self.turns = [await self._dealt(websocket) for websocket in self.seats]

    async def _dealt(self, websocket: ClientConnection) -> dict[str, Any]:
        """The seat's view once every seat is taken: the cards are dealt then (a seat taken before is sent it
        again)."""
        while True:
            view: dict[str, Any] = (await self._next(websocket, "view"))["view"]
            if view["hand"]:
                return view

    async def _next(self, websocket: ClientConnection, kind: str) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(websocket.recv(), 30))
            if frame["type"] == kind or frame["type"] in ("error", "record"):
                return frame

    async def step(self) -> float | None:
        """One decision of the seat to move; its round trip in seconds (``None`` once the match is over)."""
        seat = next((number for number, view in enumerate(self.turns) if view["legal_decisions"]), None)
        if seat is None:
            return None
        legal = self.turns[seat]["legal_decisions"]
        decision = next((each for each in legal if each.startswith("-")), "n" if "n" in legal else legal[0])
        started = time.perf_counter()
        await self.seats[seat].send(json.dumps({"type": "decide", "version": self.version, "decision": decision}))
        answer = await self._next(self.seats[seat], "event")
        if answer["type"] != "event":
            raise RuntimeError(f"the probe's {decision} was refused: {answer}")
        frames = [answer if number == seat else await self._next(websocket, "event")
                  for number, websocket in enumerate(self.seats)]  # fmt: skip
        took = time.perf_counter() - started
        if any(frame["type"] != "event" for frame in frames):
            return None
        self.version = frames[0]["version"]
        self.turns = [frame["view"] for frame in frames]
        return took

    async def close(self) -> None:
        for websocket in self.seats:
            await websocket.close()


async def round_trips(url: str, seconds: float, pause: float = 0.02) -> list[float]:
    """A fresh probe game's round trips for ``seconds`` (a new game when one ends)."""
    found: list[float] = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        probe = Probe(url)
        await probe.start()
        while time.monotonic() < until and (took := await probe.step()) is not None:
            found.append(took)
            await asyncio.sleep(pause)
        await probe.close()
    return found


def p95(values: list[float]) -> float:
    """The 95th percentile in milliseconds; of fewer than 20 round trips (a server too slow to make more), the
    slowest."""
    if len(values) >= 20:
        return statistics.quantiles(values, n=20)[18] * 1000
    return max(values) * 1000 if values else float("nan")


async def attack(port: int, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    url = f"ws://127.0.0.1:{port}"
    result: dict[str, Any] = {"rss_start_mb": round(rss_mb(pid), 1)}
    floor = await round_trips(url, 10)
    result["floor_p95_ms"] = round(p95(floor), 2)

    sampler = Sampler(pid)
    sampler.start()
    flooding = asyncio.create_task(asyncio.to_thread(flood, port, args.pings, args.seconds))
    during = await round_trips(url, 5)
    sent, used = await flooding
    sampler.running = False
    result |= {
        "pings_sent": sent,
        "ping_connections": used,
        "flood_peak_mb": round(sampler.peak, 1),
        "flood_p95_ms": round(p95(during), 2),
    }

    sampler = Sampler(pid)
    sampler.start()
    played = Probe(url)
    await played.start()
    watchers = []
    for _ in range(args.watchers):
        sock = handshake(port, rcvbuf=4096)
        sock.sendall(text_frame({"type": "watch", "code": played.watch}))
        watchers.append(sock)  # never read from here on
    until = time.monotonic() + args.seconds
    decisions = 0

    async def play() -> None:
        nonlocal played, decisions
        while time.monotonic() < until:
            if await played.step() is None:
                await played.close()
                played = Probe(url)
                await played.start()
            decisions += 1
            await asyncio.sleep(0.015)  # flat out, but below the frames a second a connection may send

    playing = asyncio.create_task(play())
    during = await round_trips(url, args.seconds)
    await playing
    dropped = 0
    for sock in watchers:
        sock.setblocking(False)
        try:
            while sock.recv(1 << 16):
                pass
            dropped += 1  # read to its end: the server closed it
        except BlockingIOError:
            pass
        except OSError:
            dropped += 1
        sock.close()
    sampler.running = False
    await played.close()
    result |= {
        "watched_decisions": decisions,
        "watchers_dropped": dropped,
        "watchers_peak_mb": round(sampler.peak, 1),
        "watchers_p95_ms": round(p95(during), 2),
    }

    if args.computers:
        thinking = min(args.seconds, 30.0)
        turns = [0]
        hogs = [asyncio.create_task(against_the_computer(url, thinking, turns)) for _ in range(args.computers)]
        await asyncio.sleep(2)  # every game's computer has a turn to think
        during = await round_trips(url, thinking - 2)
        await asyncio.gather(*hogs)
        result |= {
            "computer_turns": turns[0],
            "computers_round_trips": len(during),
            "computers_p95_ms": round(p95(during), 2),
        }
    result["rss_end_mb"] = round(rss_mb(pid), 1)
    return result


async def against_the_computer(url: str, seconds: float, turns: list[int]) -> None:
    """A person against a hard computer, deciding the moment it is their turn, for ``seconds``: the computer's
    turns taken are added to ``turns[0]``."""
    from lost_cities.net.client import create_game
    from lost_cities.net.protocol import Create, SeatSpec

    created = await create_game(url, Create(seats=(SeatSpec("Ana"), SeatSpec(computer="hard")), rounds=3))
    until = time.monotonic() + seconds
    async with connect(url, proxy=None, max_size=2**20) as websocket:
        await websocket.send(json.dumps({"type": "join", "code": created.seats[0].code}))
        with contextlib.suppress(TimeoutError):
            while time.monotonic() < until:
                frame = json.loads(await asyncio.wait_for(websocket.recv(), max(0.1, until - time.monotonic())))
                view = frame.get("view")
                if frame["type"] not in ("view", "event") or view is None:
                    continue
                if frame["type"] == "event" and frame["seat"] == 1 and frame["decision"][:1] not in "+-":
                    turns[0] += 1  # the computer drew: its turn is done
                if view["to_move"] == 0 and view["legal_decisions"]:
                    decision = view["legal_decisions"][0]
                    answer = {"type": "decide", "version": frame["version"], "decision": decision}
                    await websocket.send(json.dumps(answer))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pings", type=int, default=2_000_000)
    parser.add_argument("--watchers", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--computers", type=int, default=20, help="games against a hard computer (0: none)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "lost_cities", "serve", "--port", "0", "--db", f"{folder}/games.sqlite3"]
        environment = {**os.environ, "LOST_CITIES_DATA_DIR": folder}
        with open(f"{folder}/serve.log", "w") as log:
            server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=environment)
        try:
            assert server.stdout is not None
            found = _ADDRESS.search(server.stdout.readline())
            if found is None:
                raise SystemExit("the server did not start")
            result = asyncio.run(attack(int(found.group(1)), server.pid, args))
        finally:
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(30)
            result_log = Path(f"{folder}/serve.log").read_text()
    result["log_lines"] = len(result_log.splitlines())
    if args.json:
        print(json.dumps(result))
        return 0
    goal = max(result["flood_peak_mb"], result["watchers_peak_mb"]) < 150
    print(f"server at start {result['rss_start_mb']} MB; probe p95 alone {result['floor_p95_ms']} ms")
    print(
        f"ping flood: {result['pings_sent']:,} pings unread over {result['ping_connections']} connections, "
        f"peak {result['flood_peak_mb']} MB; probe p95 {result['flood_p95_ms']} ms "
        f"(x{result['flood_p95_ms'] / result['floor_p95_ms']:.2f})"
    )
    print(
        f"{args.watchers} watchers reading nothing for {args.seconds:g} s, {result['watched_decisions']} decisions "
        f"played: {result['watchers_dropped']} dropped, peak {result['watchers_peak_mb']} MB; probe p95 "
        f"{result['watchers_p95_ms']} ms (x{result['watchers_p95_ms'] / result['floor_p95_ms']:.2f})"
    )
    if args.computers:
        print(
            f"{args.computers} games against hard computers, each person deciding at once: "
            f"{result['computer_turns']} computer turns; probe {result['computers_round_trips']} decisions, "
            f"p95 {result['computers_p95_ms']} ms "
            f"(x{result['computers_p95_ms'] / result['floor_p95_ms']:.2f})"
        )
    print(f"at the end {result['rss_end_mb']} MB; {result['log_lines']} log lines — goal under 150 MB: "
          f"{'met' if goal else 'NOT met'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
