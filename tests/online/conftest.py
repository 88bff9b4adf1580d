"""The online tests' server: a real process on a free loopback port, with a database of its own; and, for the
tests that run on PostgreSQL too, a real PostgreSQL (:mod:`tests.online.postgres`), one per test process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.online.postgres import Postgres, Unavailable
from tests.online.redis_server import RedisServer
from tests.online.redis_server import Unavailable as RedisUnavailable
from tests.online.server import ServerProcess, running


def _serving(folder: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(folder)
    process.start()
    yield process
    process.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of the test's own (but see :func:`module_server`)."""
    yield from _serving(tmp_path)


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the tests of a module that create games of their own on it and look at nothing else of it
    (no log, no database, no stop, no count of wrong codes past a few): a process started for each test cost it
    0.2 s of CPU and as long waiting for it.  Such a module names it ``server`` (``def server(module_server)``)."""
    yield from _serving(tmp_path_factory.mktemp("server"))


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of the test's own in a module whose ``server`` is shared: one to stop, or to kill."""
    yield from _serving(tmp_path)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """The test process's PostgreSQL, started when a test first asks; where it cannot run, those tests skip."""
    with running(Postgres, Unavailable, "PostgreSQL") as server:
        yield server


@pytest.fixture(scope="session")
def redis_process() -> Iterator[RedisServer]:
    """The test process's Redis, started when a test first asks; where it cannot run, those tests skip."""
    with running(RedisServer, RedisUnavailable, "Redis") as server:
        yield server


@pytest.fixture
def redis_server(redis_process: RedisServer) -> RedisServer:
    """The test process's Redis, emptied for this test."""
    redis_process.flush()
    return redis_process


def pytest_itemcollected(item: pytest.Item) -> None:
    """A test on a real PostgreSQL or Redis is an end-to-end one: a database server starts for it (slow)."""
    if {"postgres", "redis_server", "redis_process"} & set(getattr(item, "fixturenames", ())):
        item.add_marker(pytest.mark.slow)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty games' database of each kind, as ``--db`` names it: a SQLite file's path, a PostgreSQL URL."""
    if request.param == "postgres":
        server: Postgres = request.getfixturevalue("postgres")
        return server.new_database()
    return str(tmp_path / "online.sqlite3")
