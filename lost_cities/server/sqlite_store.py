"""The games in one SQLite file, in WAL mode, on one connection on one thread of its own: the default store.

Every call runs on the store's own thread (SQLite allows one writer; the event loop never waits on
the disk), awaited by the server's coroutines.  Each write is a ``BEGIN IMMEDIATE`` … ``COMMIT`` of its
own, and WAL with ``synchronous=NORMAL`` keeps every commit through a killed process
(:mod:`lost_cities.server.game_store` says why that is the promise).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from lost_cities.engine.codec import encode
from lost_cities.i18n import same_name_key
from lost_cities.server.game_store import (
    DELETE_GAME,
    DELETED_AT_ONCE,
    FORGOTTEN_GAMES,
    LOADING,
    SCHEMA_VERSION,
    SEATS_SUMMED_UP,
    GameRow,
    GameSummary,
    NameTaken,
    RowLookups,
    SeatRow,
    StoredGame,
    StoreError,
    deleted_at_once,
    loaded,
    summed_up,
)
from lost_cities.server.schema import SQLITE, migrations, tables

__all__ = ["SqliteStore"]

_T = TypeVar("_T")

_MIGRATIONS = migrations(SQLITE)

#: The tables of the games' database: a SQLite file with others and no ``meta`` is another program's.
_TABLES = frozenset({"meta", "games", "seats", "decisions"})

_SCHEMA = tables(SQLITE)


class SqliteStore(RowLookups):
    """The games in one SQLite file, a :class:`~lost_cities.server.game_store.GameStore` (which says what each method
    does).  Open with :meth:`open`; every method is a coroutine run on the store's thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lost-cities-store")
        self._db: sqlite3.Connection | None = None

    async def _run(self, work: Callable[[sqlite3.Connection], _T]) -> _T:
        def on_thread() -> _T:
            assert self._db is not None, "the store is not open"
            return work(self._db)

        return await asyncio.get_running_loop().run_in_executor(self._pool, on_thread)

    async def open(self) -> None:
        """Look at the file without writing to it (:func:`_inspect`), then open it, bring an older schema up to
        date and create the tables on first use: a file refused is left as it was, byte for byte."""

        def connect() -> None:
            try:
                found = _inspect(self.path)
                db = sqlite3.connect(self.path, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: every commit survives a killed process
                db.execute("PRAGMA foreign_keys=ON")
                db.execute("PRAGMA busy_timeout=5000")
                if found is not None and found != SCHEMA_VERSION:
                    with _transaction(db):
                        for version in range(found, SCHEMA_VERSION):
                            for step in _MIGRATIONS[version]:
                                db.execute(step)
                        db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION),))
                db.executescript(_SCHEMA)
                if found is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            except sqlite3.DatabaseError as error:
                raise StoreError(f"{self.path} cannot be used as the games' database: {error}") from None
            except OSError as error:
                raise StoreError(f"{self.path} cannot be opened: {error.strerror or error}") from None
            self._db = db

        await asyncio.get_running_loop().run_in_executor(self._pool, connect)

    async def close(self) -> None:
        def close() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        await asyncio.get_running_loop().run_in_executor(self._pool, close)
        self._pool.shutdown(wait=True)

    # ------------------------------------------------------------------ writing

    async def create(self, game: GameRow, seats: tuple[SeatRow, ...]) -> None:
        def create(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "INSERT INTO games(id, created_at, rules, rounds, seed, first, watch_hash, rematch_of, clock, "
                    "seed_chosen, to_move) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (game.id, time.time(), encode(game.rules).decode(), game.rounds, game.seed, game.first,
                     game.watch_hash, game.rematch_of, game.clock, int(game.seed_chosen), game.first),
                )  # fmt: skip
                db.executemany(
                    "INSERT INTO seats(game_id, seat, name, computer, invite_hash, name_key) VALUES (?,?,?,?,?,?)",
                    [(game.id, seat.seat, seat.name, seat.computer, seat.invite_hash, same_name_key(seat.name))
                     for seat in seats],
                )  # fmt: skip

        await self._run(create)

    async def join(self, game_id: str, seat: int, invite_hash: bytes, token_hash: bytes, name: str, at: float) -> bool:

        def join(db: sqlite3.Connection) -> bool:
            try:
                with _transaction(db):
                    done = db.execute(
                        "UPDATE seats SET token_hash=?, name=?, joined_at=?, name_key=? "
                        "WHERE game_id=? AND seat=? AND invite_hash=? AND token_hash IS NULL",
                        (token_hash, name, at, same_name_key(name), game_id, seat, invite_hash),
                    )
                    return done.rowcount == 1
            except sqlite3.IntegrityError as error:
                if "name_key" in str(error):
                    raise NameTaken(name) from None
                raise

        return await self._run(join)

    async def append(self, game_id: str, version: int, seat: int, decision: str, over: bool, to_move: int) -> None:

        def append(db: sqlite3.Connection) -> None:
            now = time.time()
            with _transaction(db):
                moved = db.execute(
                    "UPDATE games SET version=?, over=?, to_move=?, decided_at=? WHERE id=? AND version=?",
                    (version, int(over), to_move, now, game_id, version - 1),
                )
                if moved.rowcount != 1:
                    raise StoreError(f"game {game_id} is not at version {version - 1}")
                db.execute("INSERT INTO decisions VALUES (?,?,?,?,?)", (game_id, version, seat, decision, now))

        await self._run(append)

    async def set_token(self, game_id: str, seat: int, token_hash: bytes, at: float) -> None:

        def set_token(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "UPDATE seats SET token_hash=?, joined_at=COALESCE(joined_at, ?) WHERE game_id=? AND seat=?",
                    (token_hash, at, game_id, seat),
                )

        await self._run(set_token)

    # ------------------------------------------------------------------ reading

    async def _one(self, query: str, *values: object) -> tuple[Any, ...] | None:
        """The first row ``query`` finds (its placeholders ``{}``, written ``?`` here), or ``None``."""
        return await self._run(lambda db: db.execute(query.format("?"), values).fetchone())

    async def load(self, game_id: str) -> StoredGame | None:
        def load(db: sqlite3.Connection) -> StoredGame | None:
            game, seats, decisions = (query.format("?") for query in LOADING)
            row = db.execute(game, (game_id,)).fetchone()
            if row is None:
                return None
            return loaded(row, db.execute(seats, (game_id,)).fetchall(), db.execute(decisions, (game_id,)).fetchall())

        return await self._run(load)

    async def summary(self, game_id: str) -> GameSummary | None:

        def summary(db: sqlite3.Connection) -> GameSummary | None:
            row = db.execute("SELECT version, over, to_move FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute(SEATS_SUMMED_UP.format("?"), (game_id,)).fetchall()
            to_move = None if row[2] is None else int(row[2])
            return summed_up(int(row[0]), bool(row[1]), to_move, ((name, bool(taken)) for name, taken in seats))

        return await self._run(summary)

    async def counts(self) -> tuple[int, int]:
        row = await self._one("SELECT count(*), count(*) - coalesce(sum(over), 0) FROM games")
        assert row is not None  # an aggregate always has its row
        return int(row[0]), int(row[1])

    async def ping(self) -> None:
        await self._one("SELECT 1")

    async def delete_forgotten(self, created_before: float, decided_before: float, keep: Collection[str]) -> int:
        kept = frozenset(keep)  # a copy, taken here: the store's thread reads it while the games held change
        asked = (created_before, created_before, decided_before, decided_before, DELETED_AT_ONCE + len(kept))

        def delete(db: sqlite3.Connection) -> int:
            with _transaction(db):
                found = db.execute(FORGOTTEN_GAMES.format("?"), asked).fetchall()
                ids = [(game_id,) for game_id in deleted_at_once(found, kept)]
                for statement in DELETE_GAME:
                    db.executemany(statement.format("?"), ids)
                return len(ids)

        return await self._run(delete)


class _transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any error (Python 3.11's sqlite3 has no autocommit)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


def _inspect(path: Path) -> int | None:
    """Check the games' database ``path`` before anything is written to it: its schema's version, ``None`` for
    one without tables yet (made here, readable by its owner only, if there is no file: it holds every live
    game's seed; SQLite gives its ``-wal`` and ``-shm`` the same mode).

    The folder must exist (the default one, the data folder, is made by ``serve`` itself); the file must be
    writable, and its folder too (SQLite writes its journal beside it); it must be a SQLite
    database, of no other program, undamaged (``PRAGMA quick_check``), of this schema or an older one that
    :data:`_MIGRATIONS` brings up to date.  Anything else is a :class:`StoreError` saying what is wrong and
    what would be right.  The file is read through a read-only connection, as immutable unless a journal lies
    beside it (the journal is then part of the database), so that nothing is created beside it either.
    """
    folder = path.parent
    if not folder.is_dir():  # a mistyped --db would otherwise be a new, empty server: said instead
        raise StoreError(
            f"{path} is in a folder that does not exist ({folder}): create it, or give --db a file in a folder "
            "that does"
        )
    if not _writable(folder):
        raise StoreError(
            f"{path} is in a folder this user cannot write to ({folder}): SQLite keeps its journal beside the "
            "database, so serve it from a writable folder"
        )
    if not path.exists():
        with contextlib.suppress(FileExistsError):  # made meanwhile by someone else: looked at as any other
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return None
    for each in (path, *_beside(path)):
        if each.exists() and not _writable(each):
            raise StoreError(
                f"{each} is read-only for this user: the server writes every decision to it, so make it writable "
                "or serve another --db"
            )
    journals = [each for each in _beside(path) if each.name != f"{path.name}-shm" and _size(each) > 0]
    uri = path.resolve().as_uri() + ("?mode=ro" if journals else "?mode=ro&immutable=1")
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as db:
            tables = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            problems = [line for row in db.execute("PRAGMA quick_check(3)") for line in str(row[0]).splitlines()]
            problems = [line for line in problems if line != "ok" and not line.startswith("***")]
            found = None
            if "meta" in tables:
                found = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    except sqlite3.DatabaseError as error:
        said = getattr(error, "sqlite_errorname", "")
        if said == "SQLITE_NOTADB":
            raise StoreError(
                f"{path} is not a SQLite database: give --db a games' database of lost-cities, or the path of one "
                "to be made"
            ) from None
        if said.startswith("SQLITE_CORRUPT"):
            raise StoreError(f"{path} is damaged ({error}): restore it from a backup, or serve another --db") from None
        raise
    if problems:
        raise StoreError(f"{path} is damaged ({problems[0]}): restore it from a backup, or serve another --db")
    others = sorted(name for name in tables if not name.startswith("sqlite_") and name not in _TABLES)
    if "meta" not in tables and others:
        raise StoreError(
            f"{path} is a SQLite database of something else (tables {', '.join(others)}): give --db a games' "
            "database of lost-cities, or the path of one to be made"
        )
    if found is None:
        return None
    version = str(found[0])
    if not (version.isdigit() and (int(version) == SCHEMA_VERSION or int(version) in _MIGRATIONS)):
        raise StoreError(
            f"{path} holds games of schema {version}, and this version of lost-cities reads "
            f"schema {SCHEMA_VERSION}: serve it with the version that made it, or use another --db"
        )
    return int(version)


def _beside(path: Path) -> tuple[Path, ...]:
    """The files SQLite keeps beside a database: its write-ahead log, its shared memory, its rollback journal."""
    return tuple(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal"))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _writable(path: Path) -> bool:
    """Whether this process may write to ``path`` (a file, or a folder to make files in): by its permissions, a
    read-only or immutable file system, as the effective user where the system tells."""
    mode = os.W_OK | (os.X_OK if path.is_dir() else 0)
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)
