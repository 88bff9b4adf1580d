"""A real Redis for the tests, from the system's package: ``redis-server`` on a free loopback port, in a
temporary folder, keeping nothing on disk (``--save ''``, ``--appendonly no``), stopped when the tests are done.

One server per test process (started the first time a test asks for it); each test gets a client of its own,
and the keys of one test do not meet another's (:meth:`Redis.flush` before each).  A test that stops Redis in the
middle (:meth:`RedisServer.pause`, :meth:`RedisServer.resume`) starts one of its own.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from tests.online.postgres import free_port


class Unavailable(Exception):
    """Redis cannot run here: the message says why, for the tests' skip."""


class RedisServer:
    """A ``redis-server`` of the tests' own on 127.0.0.1; :attr:`url` for its clients."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server") or (
            "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
        )
        if binary is None:
            raise Unavailable("redis-server is not installed (Debian's redis-server package puts it on PATH)")
        self.binary = binary
        self.folder = Path(tempfile.mkdtemp(prefix="lost-cities-redis-"))
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 20) -> None:
        """Start it and wait until it answers PING; :class:`Unavailable` (after cleaning up) if it does not."""
        try:
            for _attempt in range(3):  # a free port may be taken between the probe and the start: try another
                self.port = free_port()
                if self._start(timeout):
                    return
            raise Unavailable(f"redis-server did not start: {self._log_tail()}")
        except BaseException:
            self.stop()
            raise

    def _start(self, timeout: float) -> bool:
        command = [
            self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--dir", str(self.folder), "--logfile", str(self.folder / "log"), "--daemonize", "no",
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.process = None
                return False
            with contextlib.suppress(redis.RedisError), redis.Redis.from_url(self.url, socket_timeout=1) as client:
                if client.ping():
                    return True
            time.sleep(0.05)
        self._end()
        return False

    def pause(self) -> None:
        """Stop the server as a restart does (SIGTERM), keeping its port for :meth:`resume`; nothing is kept on disk,
        so what it held (every lease) is gone when it comes back, as after a restart of a Redis without persistence."""
        self._end()

    def resume(self, timeout: float = 20) -> None:
        """Start it again on the same port after :meth:`pause`: the URL given out holds."""
        assert self._start(timeout), f"redis-server did not start again: {self._log_tail()}"

    def flush(self) -> None:
        """Empty the database: a test starts with no leases."""
        with redis.Redis.from_url(self.url, socket_timeout=5) as client:
            client.flushall()

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return " / ".join((self.folder / "log").read_text().strip().splitlines()[-3:]) or "no log"
        return "no log"

    def _end(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        self._end()
        shutil.rmtree(self.folder, ignore_errors=True)
