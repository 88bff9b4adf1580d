"""A real ``lost-cities serve`` process on loopback for the online tests: started, read, killed, restarted;
on a SQLite file of its own, or on the PostgreSQL database it is given."""

from __future__ import annotations

import contextlib
import os
import re
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Protocol, TypeVar

import psycopg
import pytest
from websockets.asyncio.server import serve

from lost_cities.net.invitations import CodeKey
from lost_cities.server.game_store import GameStore
from lost_cities.server.hub import Hub


class _Startable(Protocol):
    def start(self) -> None: ...
    def stop(self) -> None: ...


_Service = TypeVar("_Service", bound=_Startable)

_ADDRESS = re.compile(r"ws://127\.0\.0\.1:(\d+)")


class ServerProcess:
    """``lost-cities serve`` on 127.0.0.1 with its own database; the port is the one it printed (``--port 0``
    the first time, the same one again on :meth:`restart`, so that clients find it where they left it).
    ``database`` is its ``--db``: a PostgreSQL URL, or by default ``online.sqlite3`` in ``folder``; ``redis`` its
    ``--redis`` and ``lease`` its ``--lease``, for several servers on one database (which share ``key``, the
    codes' key file: a code made by one must open its seat on the others).  The tests replay fixed deals, so it runs
    with ``--allow-seeds`` unless ``allow_seeds`` is false (a server as players meet it, which deals itself)."""

    def __init__(
        self,
        folder: Path,
        database: str | None = None,
        *,
        redis: str | None = None,
        lease: int | None = None,
        data: Path | None = None,
        key: Path | None = None,
        options: tuple[str, ...] = (),
        open_files: int | None = None,
        allow_seeds: bool = True,
    ) -> None:
        self.folder = folder
        #: more of ``serve``'s options (``--max-per-address 5``), and its open-file limit if lowered
        self.options = options
        self.open_files = open_files
        self.data = data or folder / "data"
        self.database = database or str(folder / "online.sqlite3")
        self.redis = redis
        self.lease = lease
        self.key = key
        self.allow_seeds = allow_seeds
        self.port = 0
        self.process: subprocess.Popen[str] | None = None
        self.log = folder / "serve.log"

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> None:
        environment = {**os.environ, "LOST_CITIES_DATA_DIR": str(self.data), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "lost_cities", "serve", "--port", str(self.port), "--db", self.database]
        if self.redis is not None:
            command += ["--redis", self.redis]
        if self.lease is not None:
            command += ["--lease", str(self.lease)]
        if self.key is not None:
            command += ["--key", str(self.key)]
        command += self.options
        if self.allow_seeds:
            command.append("--allow-seeds")
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command,
                stdout=subprocess.PIPE,
                stderr=log,
                stdin=subprocess.DEVNULL,
                text=True,
                env=environment,
                preexec_fn=None if self.open_files is None else self._limit_open_files,
            )
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:  # the first line says where it listens: no guessing, no race
            line = self.process.stdout.readline()
            found = _ADDRESS.search(line)
            if found:
                self.port = int(found.group(1))
                return
            if not line and self.process.poll() is not None:
                break
        raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def _limit_open_files(self) -> None:
        """In the child, before it runs: its open-file limit lowered, soft and hard (so that it cannot raise it)."""
        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush — what a power cut short of the disk does to the process."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> int:
        """SIGTERM, as a service manager stops it; its exit status."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            # what it did last, for whoever mends it (its folder may be gone by the time someone looks)
            said = "\n".join(self.log.read_text(errors="replace").splitlines()[-40:])
            raise AssertionError(f"the server did not stop on SIGTERM within 30 s; its log ends:\n{said}") from None

    def restart(self) -> None:
        self.start()

    def stored_decisions(self, game: str | None = None) -> tuple[int, int]:
        """(decisions stored, the highest version among them) of one game or of all, read from the database
        behind the server's back."""
        query = "SELECT count(*), coalesce(max(version), 0) FROM decisions"
        values: tuple[str, ...] = ()
        if game is not None:
            query, values = query + " WHERE game_id = %s", (game,)
        if self.database.startswith("postgresql://"):
            with psycopg.connect(self.database) as db:
                row = db.execute(query, values).fetchone()
        else:
            with contextlib.closing(sqlite3.connect(self.database)) as db:
                row = db.execute(query.replace("%s", "?"), values).fetchone()
        assert row is not None
        return int(row[0]), int(row[1])


@contextlib.contextmanager
def sharing(
    folder: Path,
    database: str,
    redis: str | None = None,
    *,
    lease: int | None = None,
    names: tuple[str, ...] = ("a", "b"),
) -> Iterator[list[ServerProcess]]:
    """Several servers on one database (and one Redis), as ``--db``, ``--redis``, ``--lease`` run them: each its own
    data folder (``folder``/name) but one codes' key (a code made by one must open its seat on the others);
    every one still running stopped afterwards."""
    servers = [
        ServerProcess(folder / name, database, redis=redis, lease=lease, key=folder / "codes.key") for name in names
    ]
    try:
        for server in servers:
            server.folder.mkdir()
            server.start()
        yield servers
    finally:
        with contextlib.ExitStack() as stops:  # each stopped, even after another failed to stop: none left running
            for server in servers:
                if server.process is not None and server.process.poll() is None:
                    stops.callback(server.stop)


@contextlib.contextmanager
def running(make: Callable[[], _Service], unavailable: type[Exception], what: str) -> Iterator[_Service]:
    """A database server made and started for the tests, stopped afterwards; where it cannot run (``unavailable``
    says why), the tests that asked for it skip, saying so."""
    try:
        service = make()
        service.start()
    except unavailable as why:
        pytest.skip(f"no {what} to test on: {why}")
    try:
        yield service
    finally:
        service.stop()


@contextlib.asynccontextmanager
async def hub_in_process(store: GameStore) -> AsyncIterator[tuple[str, Hub]]:
    """A hub on ``store`` serving on a free loopback port in this process (to look inside it, or to put a fault
    where no frame could), choosing seeds allowed: its URL and the hub; stopped, and the store closed, on leaving."""
    await store.open()
    hub = Hub(store, CodeKey(b"k" * 32), think=0.01, allow_seeds=True)  # the tests replay fixed deals
    try:
        async with serve(hub.handle, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            yield f"ws://127.0.0.1:{port}", hub
        await hub.stop()
    finally:
        await store.close()
