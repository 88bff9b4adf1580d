"""A real PostgreSQL for the tests, from the system's package: made with ``initdb`` in a temporary folder, on a
free loopback port, and stopped with ``pg_ctl stop -m fast`` when the tests are done.

One server per test process (started the first time a test asks for it), a database of its own per test
(``CREATE DATABASE`` takes milliseconds; ``initdb`` most of a second).  ``initdb`` refuses to run as root,
so as root the server runs as the ``postgres`` user; any other user runs it as themself.  Only 127.0.0.1
is listened on, with trust authentication for it and for the Unix socket in the temporary folder alone.
``fsync`` is off: a commit is as final to the other connections without it, and the tests that stop
PostgreSQL in the middle of a game (:meth:`Postgres.pause`) stop it cleanly, never kill the machine.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg

#: Each test's database has a name of its own within the test process's server.
_numbers = itertools.count(1)


class Unavailable(Exception):
    """PostgreSQL cannot run here: the message says why, for the tests' skip."""


def _binaries() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's versioned folder (newest first), else PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path is None:
        raise Unavailable("PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on PATH)")
    return Path(on_path).parent


def free_port() -> int:
    """A loopback port nothing listens on (now: the caller is quick to take it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Postgres:
    """A PostgreSQL server of the tests' own; :meth:`new_database` gives a test an empty database's URL."""

    def __init__(self) -> None:
        self.bin = _binaries()
        self.prefix: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: the server is the postgres user's
            try:
                self.owner = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("PostgreSQL cannot run as root, and there is no postgres user to run it") from None
            runuser = shutil.which("runuser")
            if runuser is None:
                raise Unavailable("PostgreSQL cannot run as root, and there is no runuser to run it as postgres")
            self.prefix = [runuser, "-u", "postgres", "--"]
        else:
            self.owner = pwd.getpwuid(os.geteuid())
        self.folder = Path(tempfile.mkdtemp(prefix="lost-cities-pg-"))  # short: a socket's path has a limit
        self.data = self.folder / "data"
        self.port = 0
        self.running = False

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self.prefix, *command], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, check=False
        )

    def start(self) -> None:
        """Make the cluster and start it; :class:`Unavailable` (after cleaning up) if it cannot be."""
        try:
            os.chown(self.folder, self.owner.pw_uid, self.owner.pw_gid)
            made = self._run(
                str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync",
                "-E", "UTF8", "--locale=C",
            )  # fmt: skip
            if made.returncode != 0:
                said = (made.stderr.strip().splitlines() or ["no reason given"])[-1]
                raise Unavailable(f"initdb failed: {said}")
            hba = self.data / "pg_hba.conf"  # the socket in our folder, and 127.0.0.1: nothing else
            hba.write_text("local all all trust\nhost all all 127.0.0.1/32 trust\n")
            os.chown(hba, self.owner.pw_uid, self.owner.pw_gid)
            for _attempt in range(3):  # a free port may be taken between the probe and the start: try another
                self.port = free_port()
                if self._pg_start():
                    return
            raise Unavailable(f"PostgreSQL did not start: {self._log_tail()}")
        except BaseException:
            self.stop()
            raise

    def _pg_start(self) -> bool:
        """``pg_ctl start`` on :attr:`port`, waiting until it accepts connections: whether it did."""
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off"
        started = self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "30",
            "-s", "-o", options, "start",
        )  # fmt: skip
        self.running = started.returncode == 0
        return self.running

    def pause(self) -> None:
        """Stop the server as an outage does (fast: its connections are cut, open transactions rolled back),
        keeping its data for :meth:`resume`."""
        stopped = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "-s", "stop")
        assert stopped.returncode == 0, stopped.stderr
        self.running = False

    def resume(self) -> None:
        """Start it again after :meth:`pause`, on the same data and the same port: the URLs given out hold."""
        assert self._pg_start(), f"PostgreSQL did not start again: {self._log_tail()}"

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        """The server and every process of it stopped where they stand (``SIGSTOP``), as a stalled disk or a host
        gone without a word leave it: connected, answering nothing; ``SIGCONT`` on leaving."""
        master = int((self.data / "postmaster.pid").read_text().splitlines()[0])
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        processes = [master, *map(int, children)]  # the postmaster first: it starts no other meanwhile
        for process in processes:
            with contextlib.suppress(ProcessLookupError):  # a backend just ended (its connection closed)
                os.kill(process, signal.SIGSTOP)
        try:
            yield
        finally:
            for process in reversed(processes):  # the postmaster last: an ended backend is reaped after
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process, signal.SIGCONT)

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return " / ".join((self.folder / "log").read_text().strip().splitlines()[-3:])
        return "no log"

    def stop(self) -> None:
        """Stop the server (fast: connections closed, nothing waited for) and remove its folder."""
        if self.running:
            stopped = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "-s", "stop")
            if stopped.returncode != 0:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "-s", "stop")
            self.running = False
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """An empty database of its own for one test: its URL."""
        name = f"test_{os.getpid()}_{next(_numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
