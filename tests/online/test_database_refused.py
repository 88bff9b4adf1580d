"""``lost-cities serve`` on a database it cannot use refuses at once (exit status 2, one sentence on stderr that
names the file and what is wrong), before anything is written: the file is left byte for byte as it was and
nothing is made beside it — a database of a newer schema, one with damaged pages, a read-only file or folder, a
file that is not a SQLite database, another program's database; on PostgreSQL, a database of a newer schema.
A database the server makes is its owner's alone (mode 0600): it holds every live game's seed."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from lost_cities.server.game_store import SCHEMA_VERSION
from lost_cities.server.sqlite_store import SqliteStore
from tests.online.postgres import Postgres
from tests.online.server import ServerProcess
from tests.online.test_store import game_row, seats

#: How long a refusal may take: a server that starts instead runs until then, and the test fails.
REFUSED_WITHIN = 60


def served(database: str, tmp_path: Path, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``lost-cities serve --port 0 --db DATABASE`` run to its end (``prefix`` before the command), its data folder
    kept away from the database's folder, its codes' key where it goes by default: beside the database (a database
    refused gets no key made beside it either)."""
    command = [*prefix, sys.executable, "-m", "lost_cities", "serve", "--port", "0", "--db", database]
    environment = {**os.environ, "LOST_CITIES_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run(
        command, capture_output=True, text=True, timeout=REFUSED_WITHIN, stdin=subprocess.DEVNULL, env=environment
    )


def files(folder: Path) -> dict[str, str]:
    """Every file of ``folder`` and the SHA-256 of its bytes."""
    return {each.name: hashlib.sha256(each.read_bytes()).hexdigest() for each in sorted(folder.iterdir())}


def assert_refused(result: subprocess.CompletedProcess[str], database: str, *said: str) -> None:
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1 and lines[0].startswith("lost-cities serve: "), result.stderr  # one sentence, no traceback
    assert database in lines[0] and all(each in lines[0] for each in said), lines[0]
    assert "Serving" not in result.stdout


def made_database(path: Path, games: int = 40) -> None:
    """A database as the server makes it, with games and decisions enough to fill several pages."""

    async def make() -> None:
        store = SqliteStore(path)
        await store.open()
        try:
            for number in range(games):
                await store.create(game_row(f"g{number}", watch=f"w{number}".encode()), seats(f"g{number}"))
                for version in range(1, 4):
                    await store.append(f"g{number}", version, 1, "+r7", over=False, to_move=0)
        finally:
            await store.close()

    path.parent.mkdir(exist_ok=True)
    asyncio.run(make())
    assert sorted(each.name for each in path.parent.iterdir()) == [path.name]  # closed: no journal left beside it


def read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write to ``path`` or make anything beside it."""
    return sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)


def quick_check(path: Path) -> str:
    """What SQLite's ``PRAGMA quick_check`` says of ``path`` (its first line), read without writing."""
    try:
        with contextlib.closing(read_only(path)) as db:
            return str(db.execute("PRAGMA quick_check").fetchone()[0])
    except sqlite3.DatabaseError as error:  # damaged where the check itself must pass
        return str(error)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A games' database made by the server, alone in a folder of its own."""
    path = tmp_path / "db" / "online.sqlite3"
    made_database(path)
    return path


def test_a_database_of_a_newer_schema_is_refused_unchanged(database: Path, tmp_path: Path) -> None:
    with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as db:  # as a newer version might leave it
        db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION + 1),))
        db.execute("DROP INDEX games_rematch_of")  # which this version would make again
        db.execute("PRAGMA journal_mode=DELETE")  # which this version would set to WAL
    before = files(database.parent)
    result = served(str(database), tmp_path)
    assert_refused(result, str(database), f"schema {SCHEMA_VERSION + 1}", "serve it with the version that made it")
    assert files(database.parent) == before


def test_a_database_with_damaged_pages_is_refused_unchanged(database: Path, tmp_path: Path) -> None:
    with contextlib.closing(read_only(database)) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name='decisions'").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    assert root > 1  # a b-tree page of the games' decisions, not the file's header
    with database.open("r+b") as file:  # the cells' page numbers of the table's root page overwritten
        file.seek((root - 1) * size + 8)
        file.write(b"\xff" * 64)
    assert quick_check(database) != "ok"
    before = files(database.parent)
    result = served(str(database), tmp_path)
    assert_refused(result, str(database), "is damaged", "restore it from a backup")
    assert files(database.parent) == before


def test_a_file_that_is_not_a_database_is_refused_unchanged(tmp_path: Path) -> None:
    junk = tmp_path / "db" / "notes.txt"
    junk.parent.mkdir()
    junk.write_bytes(b"shopping: bread, milk, a new deck of cards\n" * 200)
    before = files(junk.parent)
    assert_refused(served(str(junk), tmp_path), str(junk), "is not a SQLite database")
    assert files(junk.parent) == before


def test_a_database_in_a_folder_that_does_not_exist_is_refused_and_nothing_made(tmp_path: Path) -> None:
    # a mistyped --db was a new, empty server: the folder, a database and a key made where nobody meant them
    mistyped = tmp_path / "gmaes" / "online.sqlite3"
    assert_refused(served(str(mistyped), tmp_path), str(mistyped), "a folder that does not exist", "create it")
    assert not mistyped.parent.exists()


def test_another_program_s_database_is_refused_unchanged(tmp_path: Path) -> None:
    other = tmp_path / "db" / "photos.sqlite3"
    other.parent.mkdir()
    with contextlib.closing(sqlite3.connect(other)) as db, db:
        db.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY, taken TEXT)")
        db.execute("INSERT INTO photos(taken) VALUES ('2026-11-28')")
    before = files(other.parent)
    assert_refused(served(str(other), tmp_path), str(other), "of something else", "photos")
    assert files(other.parent) == before


def bound_by_permissions() -> tuple[str, ...]:
    """What runs a command as this user, but bound by files' permissions: root ignores them, so as root the
    command runs without the capabilities that let it (``setpriv``); where that cannot be done, the test skips."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root writes to read-only files, and there is no setpriv here to run the server without that power")
    prefix = (setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner,-linux_immutable", "--")
    tried = subprocess.run([*prefix, "true"], capture_output=True, text=True, timeout=30, check=False)
    if tried.returncode != 0:
        pytest.skip(f"root writes to read-only files, and setpriv cannot take that power away here: {tried.stderr}")
    return prefix


@contextlib.contextmanager
def mode(path: Path, bits: int) -> Iterator[None]:
    """``path`` with the permission ``bits`` meanwhile, its own again afterwards."""
    was = stat.S_IMODE(path.stat().st_mode)
    path.chmod(bits)
    try:
        yield
    finally:
        path.chmod(was)


def test_a_read_only_database_is_refused_unchanged(database: Path, tmp_path: Path) -> None:
    prefix = bound_by_permissions()
    before = files(database.parent)
    with mode(database, 0o444):
        result = served(str(database), tmp_path, prefix)
    assert_refused(result, str(database), "is read-only", "make it writable")
    assert files(database.parent) == before


def test_a_database_in_a_read_only_folder_is_refused_unchanged(database: Path, tmp_path: Path) -> None:
    prefix = bound_by_permissions()
    before = files(database.parent)
    with mode(database.parent, 0o555):
        result = served(str(database), tmp_path, prefix)
    assert_refused(result, str(database), "folder", "journal beside the database")
    assert files(database.parent) == before


def test_a_database_made_by_the_server_is_its_owner_s_alone(server: ServerProcess) -> None:
    database = Path(server.database)
    for each in (database, database.with_name(database.name + "-wal"), database.with_name(database.name + "-shm")):
        assert stat.S_IMODE(each.stat().st_mode) == 0o600, each  # while it serves: its journal too


def test_a_good_database_is_served_with_its_games(database: Path, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, str(database))
    server.start()
    try:
        assert server.stored_decisions() == (40 * 3, 3)
    finally:
        server.stop()


def test_a_postgresql_database_of_a_newer_schema_is_refused_unchanged(postgres: Postgres, tmp_path: Path) -> None:
    url = postgres.new_database()
    newer = str(SCHEMA_VERSION + 1)
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('schema', %s)", (newer,))
    result = served(url, tmp_path)
    assert_refused(result, url, f"schema {newer}", "serve it with the version that made it")
    with psycopg.connect(url) as db:
        tables = db.execute("SELECT table_name FROM information_schema.tables WHERE table_schema='public'").fetchall()
        assert tables == [("meta",)]
        assert db.execute("SELECT key, value FROM meta").fetchall() == [("schema", newer)]
