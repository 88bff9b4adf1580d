"""The online server under load: live games of bot clients against one ``lost-cities serve``, beside a
bare ``websockets`` floor measured in the same run, and the memory of thousands of waiting games.

    python benchmarks/online_load.py [--games 200] [--idle 2000] [--rounds 3] [--seconds 10] [--think 1] [--json]
    python benchmarks/online_load.py --servers 2 [--games 1000] [--rounds 3] [--seconds 10] [--think 1] [--json]

Both servers are separate processes on 127.0.0.1, each with the same websockets settings as
``lost-cities serve`` (no compression, the same frame limits, pings):

* the server: a real ``lost-cities serve --port 0 --db PATH`` with a fresh SQLite database in a
  temporary folder, as shipped (WAL, every accepted decision committed before anyone is told of it,
  one log line per decision, to a file);
* the floor: a bare websockets server answering the same pattern of frames with none of the game: a
  ``decide`` in (JSON, read), and to each of the game's two connections an event out — the very
  texts the real server sends over a real game (built by the server's own code once, at start), with
  the version written in.  What the ratio leaves is the game's own cost: the rules, the store, the
  views and their encoding, the log.

Live games: ``--games`` two-player games at once, both seats of each played by a bot in this process
(one asyncio loop: a random legal decision, read from the event's view with a small ``msgspec``
struct, so the client's share stays small: its CPU is reported).  The round trip of a decision is
from ``decide`` sent to its ``event`` received on the same connection.  Two loads, each for
``--seconds`` after a warm-up, floor and server alternately (which goes first alternates by round),
so that a noisy shared machine weighs on both alike:

* paced: each decision after a pause of ``--think`` seconds on average (uniform, half to one and a
  half of it), so ``--games / --think`` decisions a second are offered — still several times what
  people at their keyboards decide (a decision every few seconds a game): the round trip a player
  feels on a busy server.  The goal is judged here: the p95 round trip at most 3x the floor's.
* flat out: no pause; every game has its next decision in flight at all times, so the figure is the
  most decisions a second each server gets through (the round trip is then mostly queueing).

A game that ends (a one-round match) is followed by a new one in its slot, so ``--games`` stay live.
The server's CPU time per decision (``/proc``) is reported beside the wall clock: it is steadier on
a shared machine, and it is what a change to the server changes.

Waiting games: a fresh server, warmed with a few games played and left; then ``--idle`` games
created (nobody in them yet: they are rows in the store, not in memory); then both seats of each
joined and kept connected, waiting for the first move (each game in memory, with two connections);
then everyone leaves (the server forgets a game nobody is in).  The server's resident memory
(``VmRSS``) after each step.  The goal: 2,000 waiting games, both players connected, in under 100 MB
of the server's memory, all of it counted.

Several servers (``--servers N``): PostgreSQL and Redis from the system's packages, started as the tests
start them (on free loopback ports, in temporary folders), and N ``lost-cities serve --db postgresql://…
--redis …`` on one database sharing one codes' key.  Each game is created through one server and its two
seats join through two different servers (:func:`seat_urls`), so every game's decisions cross from one
server to the other through Redis.  Against the same live loads on one server of the same kind (PostgreSQL
and Redis, a database of its own), in alternating order: decisions a second, the round trip's p50 and p95,
the servers' CPU per decision (summed), errors.

Every phase is bounded in time, traffic stays on 127.0.0.1, and the servers and their temporary
folders are removed however the run ends (Ctrl+C included).  Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lost_cities.net.client import create_game  # noqa: E402
from lost_cities.net.protocol import MAX_CLIENT_FRAME, MAX_FRAME, Create, SeatSpec  # noqa: E402

_ADDRESS = re.compile(r"ws://127\.0\.0\.1:(\d+)")
#: The goals: the paced p95 round trip at most this many times the floor's; waiting games in under this.
P95_GOAL = 3.0
MEMORY_GOAL_MB = 100.0
#: Connections opened at once while setting up (the server's listen backlog is 100).
OPENING = 32


# ------------------------------------------------------------------ the servers, as child processes


class Child:
    """A server process on 127.0.0.1 that prints its ``ws://`` address first; stopped with SIGTERM (then
    SIGKILL), its log kept in ``folder``."""

    def __init__(self, command: list[str], folder: Path, name: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.log = folder / f"{name}.log"
        environment = {**os.environ, "LOST_CITIES_DATA_DIR": str(folder / "data"), "PYTHONUNBUFFERED": "1"}
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL, text=True, env=environment
            )
        assert self.process.stdout is not None
        self.url = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            found = _ADDRESS.search(line)
            if found:
                self.url = f"ws://127.0.0.1:{found.group(1)}"
                break
            if not line and self.process.poll() is not None:
                break
        if not self.url:
            self.stop()
            raise RuntimeError(f"{name} did not start: {self.log.read_text()[-2000:]}")

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def rss_mb(self) -> float:
        """Resident memory now, in MB (VmRSS: what the process holds in RAM, shared libraries included)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS in /proc: Linux only")

    def cpu_seconds(self) -> float:
        """User and system CPU time so far, every thread (the store's too)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process.stdout is not None:
            self.process.stdout.close()


def game_server(folder: Path) -> Child:
    database = folder / "online.sqlite3"
    command = [sys.executable, "-m", "lost_cities", "serve", "--port", "0", "--db", str(database)]
    return Child(command, folder, "serve")


def process_cpu(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def backing_cpu(postmaster: int, redis: int) -> float:
    """CPU seconds so far of PostgreSQL (its postmaster and every backend it started: one per connection) and of
    Redis; a backend that ended took its seconds with it, so the servers' pools keep theirs open."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    children.append(int(entry.name))
    return sum(process_cpu(pid) for pid in (postmaster, redis, *children))


def shared_servers(folder: Path, count: int, database: str, redis: str) -> list[Child]:
    """``count`` servers on one PostgreSQL ``database`` and one ``redis``, sharing one codes' key, as the
    README's multi-server setup runs them."""
    serve = [sys.executable, "-m", "lost_cities", "serve", "--port", "0", "--db", database, "--redis", redis]
    return [Child([*serve, "--key", str(folder / "codes.key")], folder / f"server{n}", "serve") for n in range(count)]


def floor_server(folder: Path) -> Child:
    return Child([sys.executable, str(Path(__file__).resolve()), "--floor"], folder, "floor")


# ------------------------------------------------------------------ the floor


def sample_frames(seed: int = 7) -> tuple[list[str], list[list[str]]]:
    """What the real server sends over one real game: each seat's first view frame, and its event frame for
    every decision but the last (which ends the match) — random legal decisions, the server's own code."""
    from lost_cities.engine.rules import Rules
    from lost_cities.net.protocol import write
    from lost_cities.server.game import Game
    from lost_cities.server.game_store import GameRow, SeatRow, StoredGame

    row = GameRow("sample", Rules(2), 1, seed, 0, b"")
    game = Game(StoredGame(row, (SeatRow(0, "Ana", None, None), SeatRow(1, "Boris", None, None)), ()))
    game.joined = [True, True]  # both seats taken: the cards are dealt
    views = [write(game.view_frame(seat)) for seat in (0, 1)]
    events: list[list[str]] = [[], []]
    chooser = random.Random(seed)
    while True:
        game.apply(game.to_move, str(chooser.choice(game.round.legal_decisions())))
        if game.over:
            return views, events
        for seat in (0, 1):
            events[seat].append(write(game.event_for(seat)))


def _without_version(text: str) -> str:
    """An event's text after its version (``{"type":"event","version":12,...`` → ``,...``): the floor writes
    each version in front."""
    found = re.match(r'\{"type":"event","version":\d+', text)
    assert found, text[:40]
    return text[found.end() :]


async def run_floor() -> None:
    """The floor: pairs of connections (a ``join`` whose code is ``pair:seat``), each ``decide`` answered to
    both of the pair with the sample game's next event, as the game server's broadcast does."""
    views, events = sample_frames()
    tails = [[_without_version(text) for text in seat] for seat in events]
    pairs: dict[str, list[ServerConnection | None]] = {}

    async def handler(websocket: ServerConnection) -> None:
        first = json.loads(await websocket.recv())
        pair, seat = first["code"].rsplit(":", 1)
        number = int(seat)
        members = pairs.setdefault(pair, [None, None])
        members[number] = websocket
        try:
            await websocket.send('{"type":"welcome"}')
            await websocket.send(views[number])
            async for message in websocket:
                version = int(json.loads(message)["version"]) + 1
                index = (version - 1) % len(tails[0])
                for other, connection in enumerate(members):
                    if connection is not None:
                        text = '{"type":"event","version":' + str(version) + tails[other][index]
                        broadcast([connection], text)
        finally:
            members[number] = None
            if members == [None, None]:
                pairs.pop(pair, None)

    async with serve(
        handler,
        "127.0.0.1",
        0,
        compression=None,
        max_size=MAX_CLIENT_FRAME,
        max_queue=16,
        ping_interval=20,
        ping_timeout=20,
        close_timeout=5,
    ) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        print(f"ws://127.0.0.1:{port}", flush=True)
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, server.close)
        await server.wait_closed()


# ------------------------------------------------------------------ the bot clients


class _View(msgspec.Struct):
    to_move: int
    phase: str
    legal_decisions: list[str]


class _Frame(msgspec.Struct):
    """The little of a server's frame a bot reads; everything else is skipped unread."""

    type: str
    version: int | None = -1  # null in an error frame that answers no decision
    view: _View | None = None
    over: bool = False
    message: str = ""


_read = msgspec.json.Decoder(_Frame).decode


@dataclass
class Tally:
    """One phase's measurements: round trips (seconds) while recording, and what went wrong."""

    recording: bool = False
    trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0


def _connect(url: str) -> connect:
    return connect(url, proxy=None, max_size=MAX_FRAME, compression=None, open_timeout=30)


async def _join(url: str, code: str) -> ClientConnection:
    websocket = await _connect(url)
    await websocket.send(json.dumps({"type": "join", "code": code}))
    return websocket


async def open_game(urls: tuple[str, str], floor: bool, name: str) -> list[ClientConnection]:
    """A new two-player game, created through the first seat's server, each seat joined through its own
    (``urls``: one per seat, the same twice on one server): its two connections."""
    if floor:
        codes = [f"{name}:0", f"{name}:1"]
    else:
        created = await create_game(urls[0], Create(seats=(SeatSpec(name="Ana"), SeatSpec(name="Boris")), rounds=1))
        codes = [str(seat.code) for seat in created.seats]
    return [await _join(url, code) for url, code in zip(urls, codes, strict=True)]


class LiveGame:
    """One slot of the live load: a game played by two bots to its end, then another, until ``stop``."""

    def __init__(self, urls: tuple[str, str], floor: bool, number: int, think: float, tally: Tally) -> None:
        self.urls, self.floor, self.number, self.think, self.tally = urls, floor, number, think, tally
        self.chooser = random.Random(number)
        self.connections: list[ClientConnection] = []
        #: the decision in flight: which seat sent it, answering which version, when
        self.sent_seat, self.sent_version, self.sent_at = -1, -2, 0.0
        self.stopping = False
        self.games = 0

    async def open(self) -> None:
        self.connections = await open_game(self.urls, self.floor, f"g{self.number}n{self.games}")
        self.games += 1

    async def run(self, stop: asyncio.Event) -> None:
        """Play the open game; while ``stop`` is not set, a new one when it ends."""
        while True:
            readers = [asyncio.create_task(self._seat(seat, stop)) for seat in (0, 1)]
            stopped = asyncio.create_task(stop.wait())
            await asyncio.wait([*readers, stopped], return_when=asyncio.FIRST_COMPLETED)
            self.stopping = True
            stopped.cancel()
            await self.close()
            for result in await asyncio.gather(*readers, return_exceptions=True):
                if result is not None:
                    self.tally.errors.append(f"game {self.number}: {result!r}")
            if stop.is_set() or self.tally.errors:
                return
            self.tally.games += 1
            self.stopping = False
            await self.open()

    async def _seat(self, seat: int, stop: asyncio.Event) -> None:
        """Read one seat's frames; time the answer to its own decision; decide when it is its turn."""
        websocket = self.connections[seat]
        answered = -1
        try:
            async for message in websocket:
                frame = _read(message)
                if frame.type == "error":
                    self.tally.errors.append(f"game {self.number} seat {seat}: {frame.message}")
                    return
                if frame.type == "record" or frame.over:
                    return
                if frame.type not in ("view", "event") or frame.view is None or frame.version is None:
                    continue
                answer = frame.type == "event" and frame.version == self.sent_version + 1 and self.sent_seat == seat
                if answer and self.tally.recording:
                    self.tally.trips.append(time.perf_counter() - self.sent_at)
                view = frame.view
                if view.to_move != seat or not view.legal_decisions or frame.version <= answered or stop.is_set():
                    continue  # not its turn, or nothing to decide yet (the cards are dealt once both are in)
                answered = frame.version
                if self.think > 0:
                    await asyncio.sleep(self.think * self.chooser.uniform(0.5, 1.5))
                    if stop.is_set():
                        continue
                decision = self.chooser.choice(view.legal_decisions)
                self.sent_seat, self.sent_version = seat, frame.version
                self.sent_at = time.perf_counter()
                await websocket.send(f'{{"type":"decide","version":{frame.version},"decision":"{decision}"}}')
        except ConnectionClosed:
            if not self.stopping and not stop.is_set():
                raise

    async def close(self) -> None:
        await asyncio.gather(*(websocket.close() for websocket in self.connections), return_exceptions=True)


async def _bounded(jobs: list[Any], at_once: int = OPENING) -> None:
    """Run the coroutines ``jobs``, at most ``at_once`` at a time."""
    gate = asyncio.Semaphore(at_once)

    async def one(job: Any) -> None:
        async with gate:
            await job

    await asyncio.gather(*(one(job) for job in jobs))


@dataclass
class Load:
    """One phase of live games: what was measured."""

    server: str
    think: float
    seconds: float
    decisions: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    worst_ms: float
    errors: list[str]
    server_cpu: float  # the server's CPU seconds in the window, per wall-clock second
    client_cpu: float
    server_us_per_decision: float
    games_finished: int
    #: PostgreSQL's and Redis's CPU seconds in the window, per wall-clock second (several servers only)
    backing_cpu: float = float("nan")

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def seat_urls(servers: list[Child], number: int) -> tuple[str, str]:
    """Where game ``number``'s two seats connect: on one server, both to it; on several, each seat to the next
    server round (game 0 on A and B, game 1 on B and A, …), so that every game has a seat on a server that does
    not apply it and its decisions cross Redis — the worst case for a front that spreads people at random."""
    return (servers[number % len(servers)].url, servers[(number + 1) % len(servers)].url)


async def live_load(
    servers: list[Child],
    floor: bool,
    games: int,
    think: float,
    seconds: float,
    name: str | None = None,
    backing: Callable[[], float] | None = None,
) -> Load:
    """``games`` games played by bots for a warm-up and then ``seconds`` recorded; every step bounded.  The
    server CPU is the sum over ``servers`` (one, or several sharing a database and Redis)."""
    tally = Tally()
    stop = asyncio.Event()
    slots = [LiveGame(seat_urls(servers, number), floor, number, think, tally) for number in range(games)]
    async with asyncio.timeout(120 + 3 * seconds + games * 0.2):
        await _bounded([slot.open() for slot in slots])
        tasks = [asyncio.create_task(slot.run(stop)) for slot in slots]
        try:
            await asyncio.sleep(min(3.0, seconds / 4) + think)  # every game under way
            cpu, client = sum(child.cpu_seconds() for child in servers), time.process_time()
            behind = backing() if backing else float("nan")
            start = time.perf_counter()
            tally.recording = True
            await asyncio.sleep(seconds)
            tally.recording = False
            wall = time.perf_counter() - start
            cpu, client = sum(child.cpu_seconds() for child in servers) - cpu, time.process_time() - client
            behind = backing() - behind if backing else float("nan")
            decisions = len(tally.trips)
        finally:
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
    trips = tally.trips
    return Load(
        server=name or ("floor" if floor else "server"),
        think=think,
        seconds=wall,
        decisions=decisions,
        p50_ms=_quantile(trips, 0.5) * 1000,
        p95_ms=_quantile(trips, 0.95) * 1000,
        p99_ms=_quantile(trips, 0.99) * 1000,
        worst_ms=max(trips, default=float("nan")) * 1000,
        errors=tally.errors,
        server_cpu=cpu / wall,
        client_cpu=client / wall,
        server_us_per_decision=cpu / decisions * 1e6 if decisions else float("nan"),
        games_finished=tally.games,
        backing_cpu=behind / wall,
    )


# ------------------------------------------------------------------ waiting games


async def health(child: Child) -> dict[str, Any]:
    """``GET /health``: the games in the server's memory and its open connections."""
    reader, writer = await asyncio.open_connection("127.0.0.1", child.port)
    try:
        writer.write(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answer = await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()
    found: dict[str, Any] = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    return found


async def _settled(child: Child, connections: int, seconds: float = 60) -> dict[str, Any]:
    """Wait until the server counts ``connections`` open (closing takes a moment), then a little more."""
    deadline = time.monotonic() + seconds
    while True:
        state = await health(child)
        if state["connections"] <= connections or time.monotonic() > deadline:  # /health is no connection
            await asyncio.sleep(1.0)
            return state
        await asyncio.sleep(0.2)


async def _drain(websocket: ClientConnection, errors: list[str]) -> None:
    """Read and drop what a waiting seat is sent (its welcome, its view, the other's presence)."""
    with contextlib.suppress(ConnectionClosed):
        async for message in websocket:
            frame = _read(message)
            if frame.type == "error":
                errors.append(frame.message)


@dataclass
class Waiting:
    """The server's resident memory (MB) at each step of the waiting games' phase."""

    games: int
    empty_mb: float
    warm_mb: float
    created_mb: float
    connected_mb: float
    left_mb: float
    in_memory: int
    connections: int
    errors: list[str]

    @property
    def per_game_kb(self) -> float:
        return (self.connected_mb - self.warm_mb) * 1024 / self.games if self.games else float("nan")


async def waiting_games(child: Child, count: int) -> Waiting:
    empty = child.rss_mb()
    errors: list[str] = []
    async with asyncio.timeout(120 + count * 0.1):
        warm = [LiveGame(seat_urls([child], number), False, number, 0.0, Tally()) for number in range(5)]
        await _bounded([slot.open() for slot in warm])
        stop = asyncio.Event()
        tasks = [asyncio.create_task(slot.run(stop)) for slot in warm]
        await asyncio.sleep(1.0)  # a few decisions each: every module the games use is loaded
        stop.set()
        await asyncio.gather(*tasks)
        await _settled(child, 0)
        warmed = child.rss_mb()
        specs = (SeatSpec(name="Ana"), SeatSpec(name="Boris"))
        created: list[Any] = [None] * count

        async def create(number: int) -> None:
            created[number] = await create_game(child.url, Create(seats=specs, rounds=1))

        await _bounded([create(number) for number in range(count)])
        await _settled(child, 0)
        made = child.rss_mb()
        connections: list[ClientConnection] = []

        async def join(code: str) -> None:
            websocket = await _join(child.url, code)
            connections.append(websocket)
            async with asyncio.timeout(30):
                while (frame := _read(await websocket.recv())).type != "view":  # in: the game is in memory
                    if frame.type == "error":
                        errors.append(frame.message)
                        return

        await _bounded([join(str(seat.code)) for game in created for seat in game.seats])
        drains = [asyncio.create_task(_drain(websocket, errors)) for websocket in connections]
        state = await _settled(child, len(connections))
        connected = child.rss_mb()
        await _bounded([websocket.close() for websocket in connections], 256)
        await asyncio.gather(*drains)
        after = await _settled(child, 0)
        left = child.rss_mb()
    return Waiting(
        games=count,
        empty_mb=empty,
        warm_mb=warmed,
        created_mb=made,
        connected_mb=connected,
        left_mb=left,
        in_memory=int(state["games"]) - int(after["games"]),
        connections=int(state["connections"]),
        errors=errors + ([] if int(after["games"]) == 0 else [f"{after['games']} games still in memory"]),
    )


# ------------------------------------------------------------------ the run


@contextlib.contextmanager
def children() -> Iterator[tuple[Path, list[Child]]]:
    """A temporary folder and the child servers started in it, all gone on leaving (Ctrl+C included)."""
    started: list[Child] = []
    with tempfile.TemporaryDirectory(prefix="lost-cities-load-") as folder:
        try:
            yield Path(folder), started
        finally:
            for child in started:
                child.stop()
            if os.environ.get("LOST_CITIES_LOAD_LOGS"):  # a folder to keep the servers' logs in, to read afterwards
                keep = shutil.ignore_patterns("*.sqlite3*", "data", "*.key")
                shutil.copytree(folder, os.environ["LOST_CITIES_LOAD_LOGS"], dirs_exist_ok=True, ignore=keep)


def ratio(ours: float, floor: float) -> float:
    return ours / floor if floor else float("nan")


def report_load(load: Load) -> str:
    return (
        f"  {load.server:6} {load.per_second:7.0f}/s  p50 {load.p50_ms:7.2f}  p95 {load.p95_ms:7.2f}"
        f"  p99 {load.p99_ms:7.2f}  worst {load.worst_ms:7.1f} ms   server CPU {load.server_cpu:4.0%}"
        f" ({load.server_us_per_decision:5.0f} µs/decision)  client CPU {load.client_cpu:4.0%}"
        + ("" if load.backing_cpu != load.backing_cpu else f"  PostgreSQL+Redis CPU {load.backing_cpu:4.0%}")
        + f"  errors {len(load.errors)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="live games at once (two bot seats each)")
    parser.add_argument("--idle", type=int, default=2000, help="waiting games for the memory figure (0: none)")
    parser.add_argument("--rounds", type=int, default=3, help="whole measurements of the live loads, each with ratios")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds recorded per live phase")
    parser.add_argument("--think", type=float, default=1.0, help="a bot's mean pause before a decision, paced load")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object, nothing else")
    parser.add_argument(
        "--servers",
        type=int,
        default=1,
        help="2 or more: the live games spread over that many servers on one PostgreSQL and one Redis, against "
        "the same run on one server of the same kind (no floor, no waiting games)",
    )
    parser.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)  # the floor's own process
    args = parser.parse_args()
    # stopped with SIGTERM (kill, a timeout), it cleans up as after Ctrl+C: servers, PostgreSQL, Redis, folders
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.floor:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_floor())
        return
    say = (lambda text: None) if args.json else print
    if args.servers > 1:
        from tests.online.postgres import Unavailable as NoPostgres
        from tests.online.redis_server import Unavailable as NoRedis

        try:
            several_servers(args, say)
        except (NoPostgres, NoRedis) as missing:
            sys.exit(f"online_load.py: --servers needs PostgreSQL and Redis here: {missing}")
        return
    loads: list[tuple[int, Load]] = []
    waiting: Waiting | None = None
    with children() as (folder, started):
        if args.games > 0 and args.rounds > 0:
            floor = floor_server(folder / "floor")
            started.append(floor)
            server = game_server(folder / "serve")
            started.append(server)
            loads = alternating(args, say, [([floor], True, None), ([server], False, None)])
            for child in (floor, server):
                child.stop()
        if args.idle > 0:
            idle = game_server(folder / "idle")
            started.append(idle)
            waiting = asyncio.run(waiting_games(idle, args.idle))
    tell(args, summarise(args, loads, waiting))


def alternating(
    args: argparse.Namespace,
    say: Any,
    sides: list[tuple[list[Child], bool, str | None]],
    backing: Callable[[], float] | None = None,
) -> list[tuple[int, Load]]:
    """``--rounds`` rounds of the live loads, paced then flat out, on each side in turn — ``sides`` are (servers,
    whether they are the floor, the name the loads are reported by) — the order alternating by round, so that a
    noisy shared machine weighs on both alike."""
    loads: list[tuple[int, Load]] = []
    say(f"{args.games} live games, {args.seconds:g} s recorded per phase; round trip in ms")
    for number in range(1, args.rounds + 1):
        say(f"round {number}")
        for think in (args.think, 0.0):
            say(f" {'paced, think ' + format(think, 'g') + ' s' if think else 'flat out'}")
            for servers, floor, name in sides if number % 2 else sides[::-1]:
                load = asyncio.run(live_load(servers, floor, args.games, think, args.seconds, name, backing))
                loads.append((number, load))
                say(report_load(load))
    return loads


def tell(args: argparse.Namespace, summary: dict[str, Any]) -> None:
    """The figures: as one JSON object with ``--json``, else the verdicts a line each."""
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for line in summary["verdicts"]:
            print(line)


def several_servers(args: argparse.Namespace, say: Any) -> None:
    """The live loads on ``--servers`` servers sharing PostgreSQL and Redis, against one server on the same
    (a database of its own each): the same games, think times and rounds, in alternating order."""
    from tests.online.postgres import Postgres
    from tests.online.redis_server import RedisServer

    loads: list[tuple[int, Load]] = []
    postgres, redis_server = Postgres(), RedisServer()
    with children() as (folder, started):
        try:
            postgres.start()
            redis_server.start()
            postmaster = int((postgres.data / "postmaster.pid").read_text().split()[0])
            assert redis_server.process is not None

            def backing() -> float:
                assert redis_server.process is not None
                return backing_cpu(postmaster, redis_server.process.pid)

            one = shared_servers(folder / "one", 1, postgres.new_database(), redis_server.url)
            started.extend(one)
            many = shared_servers(folder / "many", args.servers, postgres.new_database(), redis_server.url)
            started.extend(many)
            loads = alternating(args, say, [(one, False, "1"), (many, False, str(args.servers))], backing)
        finally:
            for child in started:
                child.stop()
            redis_server.stop()
            postgres.stop()
    tell(args, summarise_servers(args, loads))


def summarise_servers(args: argparse.Namespace, loads: list[tuple[int, Load]]) -> dict[str, Any]:
    """Per kind of load, the median over rounds of each figure on one server and on several."""
    verdicts = []
    medians: dict[str, dict[str, dict[str, float]]] = {}
    for think, kind in ((args.think, "paced"), (0.0, "flat_out")):
        for name in ("1", str(args.servers)):
            runs = [load for _, load in loads if load.server == name and (load.think > 0) == (think > 0)]
            if runs:
                medians.setdefault(kind, {})[name] = {
                    figure: statistics.median(getattr(load, figure) for load in runs)
                    for figure in (
                        "per_second",
                        "p50_ms",
                        "p95_ms",
                        "server_us_per_decision",
                        "server_cpu",
                        "backing_cpu",
                        "client_cpu",
                    )
                }
        if kind in medians:
            line = ", ".join(
                f"{name} server{'s' if name != '1' else ''}: {found['per_second']:.0f} decisions/s, p50"
                f" {found['p50_ms']:.1f} ms, p95 {found['p95_ms']:.1f} ms, {found['server_us_per_decision']:.0f}"
                f" µs server CPU a decision; CPU (cores): servers {found['server_cpu']:.2f}, PostgreSQL and Redis"
                f" {found['backing_cpu']:.2f}, clients {found['client_cpu']:.2f}"
                for name, found in medians[kind].items()
            )
            verdicts.append(f"{args.games} live games, {kind.replace('_', ' ')} — {line}")
    errors = sum(len(load.errors) for _, load in loads)
    verdicts.append(f"errors: {errors}" + ("" if errors == 0 else " — every decision must be answered"))
    return {
        "games": args.games,
        "servers": args.servers,
        "think": args.think,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "loads": [{"round": number, **vars(load), "per_second": load.per_second} for number, load in loads],
        "medians": medians,
        "errors": errors,
        "verdicts": verdicts,
    }


def summarise(args: argparse.Namespace, loads: list[tuple[int, Load]], waiting: Waiting | None) -> dict[str, Any]:
    """The ratios of each round, their medians, and a verdict against each goal."""
    by_round: dict[tuple[int, float], dict[str, Load]] = {}
    for number, load in loads:
        by_round.setdefault((number, load.think), {})[load.server] = load
    ratios: dict[str, dict[str, list[float]]] = {}
    for (_, think), pair in sorted(by_round.items()):
        ours, floor = pair["server"], pair["floor"]
        kind = "paced" if think else "flat_out"
        found = ratios.setdefault(kind, {})
        found.setdefault("p50", []).append(ratio(ours.p50_ms, floor.p50_ms))
        found.setdefault("p95", []).append(ratio(ours.p95_ms, floor.p95_ms))
        found.setdefault("per_second", []).append(ratio(ours.per_second, floor.per_second))
        found.setdefault("cpu_per_decision", []).append(
            ratio(ours.server_us_per_decision, floor.server_us_per_decision)
        )
    medians = {kind: {name: statistics.median(each) for name, each in found.items()} for kind, found in ratios.items()}
    errors = sum(len(load.errors) for _, load in loads) + (len(waiting.errors) if waiting else 0)
    verdicts = []
    if "paced" in medians:
        paced = medians["paced"]
        p95s = " ".join(f"{value:.2f}" for value in ratios["paced"]["p95"])
        served = [load for _, load in loads if load.think and load.server == "server"]
        verdicts.append(
            f"{args.games} live games, paced: p95 round trip x{paced['p95']:.2f} the floor's [{p95s}]"
            f" (p50 x{paced['p50']:.2f}; median p95 {statistics.median(load.p95_ms for load in served):.1f} ms,"
            f" {statistics.median(load.per_second for load in served):.0f} decisions/s)"
            f" — goal at most x{P95_GOAL:g}: {'met' if paced['p95'] <= P95_GOAL else 'NOT met'}"
        )
    if "flat_out" in medians:
        flat = medians["flat_out"]
        served = [load for _, load in loads if not load.think and load.server == "server"]
        verdicts.append(
            f"{args.games} live games, flat out: {statistics.median(load.per_second for load in served):.0f}"
            f" decisions/s, x{flat['per_second']:.2f} the floor's; server CPU per decision"
            f" x{flat['cpu_per_decision']:.1f} the floor's; p95 x{flat['p95']:.2f}"
        )
    if waiting is not None:
        met = waiting.connected_mb < MEMORY_GOAL_MB and not waiting.errors
        verdicts.append(
            f"{waiting.games} waiting games, both seats connected: server {waiting.connected_mb:.1f} MB"
            f" ({waiting.per_game_kb:.1f} KB a game over the warm server's {waiting.warm_mb:.1f} MB;"
            f" created, nobody in: {waiting.created_mb:.1f} MB; all left: {waiting.left_mb:.1f} MB)"
            f" — goal under {MEMORY_GOAL_MB:g} MB: {'met' if met else 'NOT met'}"
        )
    verdicts.append(f"errors: {errors}" + ("" if errors == 0 else " — every decision must be answered"))
    return {
        "games": args.games,
        "think": args.think,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "loads": [{"round": number, **vars(load), "per_second": load.per_second} for number, load in loads],
        "ratios": ratios,
        "medians": medians,
        "waiting": None if waiting is None else {**vars(waiting), "per_game_kb": waiting.per_game_kb},
        "errors": errors,
        "verdicts": verdicts,
    }


if __name__ == "__main__":
    main()
