"""The games in a PostgreSQL database (``lost-cities serve --db postgresql://…``), through psycopg 3's asyncio API.

The same tables as the SQLite store, in PostgreSQL's types (``BYTEA`` hashes, ``DOUBLE PRECISION`` UNIX
times, a ``BOOLEAN`` end), the same ``meta`` row with the schema's version, and the same promise
(:mod:`lost_cities.server.game_store`): each write is a transaction of its own, committed before the coroutine
returns, and an append is refused unless it is the game's next version — an ``UPDATE … WHERE version = v-1``
that PostgreSQL's row lock makes a single winner of, whoever else writes to the same database.

A small pool of connections serves the event loop (reads of different games go side by side; one game's
decisions are already one at a time under the hub's lock).  The tables are created on first use, under an
advisory lock so that two servers opening one empty database at once create them once.  Every error of the
database or of the network becomes a :class:`~lost_cities.server.game_store.StoreError` in one sentence, the URL
shown without its password.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Collection
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from lost_cities.engine.codec import encode
from lost_cities.i18n import same_name_key
from lost_cities.server import DATABASE_CONNECTIONS
from lost_cities.server.game_store import (
    DELETE_GAME,
    DELETED_AT_ONCE,
    FORGOTTEN,
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
    shown_url,
    summed_up,
)
from lost_cities.server.schema import POSTGRES, migrations, tables

__all__ = ["WAIT", "PostgresStore"]

_Connection = psycopg.AsyncConnection[tuple[Any, ...]]

#: The advisory lock held while the tables are made (any number, the same for every server of this program).
_SCHEMA_LOCK = 0x4C6F7374_43697479  # "LostCity"

_SCHEMA = tables(POSTGRES)

#: Of the games given, those still forgotten, locked until the transaction ends: another server's decision in one,
#: committed meanwhile, keeps it; one waiting to commit finds it gone.
_STILL_FORGOTTEN = f"SELECT id FROM games WHERE id = ANY(%s) AND {FORGOTTEN.format('%s')} FOR UPDATE"

_MIGRATIONS = migrations(POSTGRES)


async def _migrated(connection: _Connection, found: str | None) -> str | None:
    """The schema a database is at once brought up to this one in place, if :data:`_MIGRATIONS` knows its own
    (``found``): in the caller's transaction, under its lock, so that two servers opening it at once migrate it once."""
    if found is None or not found.isdigit() or int(found) not in _MIGRATIONS:
        return found
    for version in range(int(found), SCHEMA_VERSION):
        for step in _MIGRATIONS[version]:
            await connection.execute(step)
    await connection.execute("UPDATE meta SET value=%s WHERE key='schema'", (str(SCHEMA_VERSION),))
    return str(SCHEMA_VERSION)


#: How long (seconds) a call waits for a connection of the pool, or for the database to answer a new one, before it is
#: refused with a :class:`StoreError`.  Short on purpose: while the database cannot be reached, the client whose
#: decision waits must hear ``unavailable`` in a moment and come back with its backoff (perhaps to another server),
#: not hang for the pool's usual ten or thirty seconds while every other game's calls queue behind it.  A healthy
#: database on the same network answers in milliseconds; libpq counts its connect timeout in whole seconds, two at
#: the least, so two is also the shortest that means what it says.
WAIT = 2.0
#: How long (seconds) a call waits for a connection of the pool while the database answers: under load every
#: connection is busy with other games' calls, and a call queues behind them — that is the server being slow, not
#: the database being away, and a refusal then would send every client back to queue again.  Calls wait only
#: :data:`WAIT` from the moment one finds the database cut off until one reaches it again.
BUSY_WAIT = 30.0
#: How long (seconds) a call's statements may take, from the moment it has its connection: a database that answers
#: none within it (frozen, a stalled disk, a host gone without a word) is taken for cut off, the call's connection
#: closed — its transaction never committed — and the call refused, rather than every decision in flight waiting as
#: long as the database does.  The games' statements take milliseconds.
ANSWER_WAIT = 5.0


class PostgresStore(RowLookups):
    """The games in one PostgreSQL database, a :class:`~lost_cities.server.game_store.GameStore` (which says what each
    method does).  Open with :meth:`open`; every method is a coroutine.

    ``connections`` is the most the pool opens; ``wait`` how long (seconds) a call waits for one, or for the
    database to answer a connection, before it is refused with a :class:`StoreError` (:data:`WAIT`);
    ``answer_wait`` how long its statements may take (:data:`ANSWER_WAIT`).
    """

    def __init__(
        self, url: str, *, connections: int = DATABASE_CONNECTIONS, wait: float = WAIT, answer_wait: float = ANSWER_WAIT
    ) -> None:
        self.url = url
        self.shown = shown_url(url)
        self.wait = wait
        self.answer_wait = answer_wait
        #: since a call found the database cut off (a connection broken, or none made in time), until one reaches
        #: it: calls then wait for a connection only :attr:`wait`, not :data:`BUSY_WAIT`
        self.cut_off = False
        #: the waits for a connection of the calls waiting for one now: cut short to :attr:`wait` when a call finds
        #: the database cut off, so that those which began waiting before are not kept :data:`BUSY_WAIT`
        self._waiting: set[asyncio.Timeout] = set()
        self._pool: AsyncConnectionPool[_Connection] = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=connections,
            kwargs={"autocommit": True, "connect_timeout": max(1, round(wait))},
            timeout=BUSY_WAIT,
            open=False,
            name="lost-cities-store",
        )

    def _refused(self, error: psycopg.Error) -> StoreError:
        said = next((line.strip() for line in str(error).splitlines() if line.strip()), type(error).__name__)
        return StoreError(f"the games' database {self.shown} cannot be used: {said}")

    async def open(self) -> None:
        try:
            connection = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=max(1, round(self.wait))
            )
            async with connection, connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                found: str | None = None
                exists = await (await connection.execute("SELECT to_regclass('meta') IS NOT NULL")).fetchone()
                if exists is not None and exists[0]:
                    row = await (await connection.execute("SELECT value FROM meta WHERE key='schema'")).fetchone()
                    found = None if row is None else str(row[0])
                found = await _migrated(connection, found)
                if found is not None and found != str(SCHEMA_VERSION):
                    raise StoreError(
                        f"{self.shown} holds games of schema {found}, and this version of lost-cities reads "
                        f"schema {SCHEMA_VERSION}: serve it with the version that made it, or use another --db"
                    )
                await connection.execute(_SCHEMA)
                if found is None:
                    await connection.execute(
                        "INSERT INTO meta VALUES ('schema', %s) ON CONFLICT (key) DO NOTHING", (str(SCHEMA_VERSION),)
                    )
            await self._pool.open(wait=True, timeout=self.wait)
        except psycopg.Error as error:
            raise self._refused(error) from None

    async def close(self) -> None:
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def _connection(self, *, write: bool = False) -> AsyncIterator[_Connection]:
        """A connection of the pool inside one transaction (committed as the block ends, rolled back if it
        raises); a read's transaction sees one snapshot of the database for all its statements.  The connection is
        closed under the block if the database has not answered within :attr:`answer_wait` (cancelling a statement
        would wait for the database as long as it is away)."""
        unanswered = False

        def cut(connection: _Connection) -> None:
            nonlocal unanswered
            unanswered = True
            connection.pgconn.finish()  # the statement awaited fails at once; the pool discards the connection

        try:
            connection = await self._pooled()
            try:
                deadline = asyncio.get_running_loop().call_later(self.answer_wait, cut, connection)
                try:
                    async with connection.transaction():
                        if not write:
                            await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                        yield connection
                finally:
                    deadline.cancel()
            finally:
                await self._pool.putconn(connection)
            self.cut_off = False
        except (psycopg.OperationalError, PoolTimeout, TimeoutError) as error:  # cut off, or no connection in time
            self._found_cut_off()
            if isinstance(error, TimeoutError):
                raise StoreError(f"the games' database {self.shown} cannot be used: no connection in time") from None
            if unanswered:
                raise StoreError(
                    f"the games' database {self.shown} cannot be used: it did not answer in {self.answer_wait:g} s"
                ) from None
            raise self._refused(error) from None
        except psycopg.Error as error:
            raise self._refused(error) from None

    async def _pooled(self) -> _Connection:
        """A connection of the pool, waited for :data:`BUSY_WAIT` while the database answers (the pool busy with
        other games' calls), :attr:`wait` once it is found cut off: :class:`PoolTimeout` or :class:`TimeoutError`
        when none comes in time."""
        if self.cut_off:
            return await self._pool.getconn(self.wait)
        async with asyncio.timeout(None) as limit:  # cut short by _found_cut_off, this call keeping its place till then
            self._waiting.add(limit)
            try:
                return await self._pool.getconn()
            finally:
                self._waiting.discard(limit)

    def _found_cut_off(self) -> None:
        """A call found the database cut off: the calls waiting for a connection wait :attr:`wait` more at most."""
        self.cut_off = True
        deadline = asyncio.get_running_loop().time() + self.wait
        for limit in self._waiting:
            if (when := limit.when()) is None or when > deadline:
                limit.reschedule(deadline)

    # ------------------------------------------------------------------ writing

    async def create(self, game: GameRow, seats: tuple[SeatRow, ...]) -> None:
        async with self._connection(write=True) as db:
            await db.execute(
                "INSERT INTO games(id, created_at, rules, rounds, seed, first, watch_hash, rematch_of, clock, "
                "seed_chosen, to_move) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                (game.id, time.time(), encode(game.rules).decode(), game.rounds, game.seed, game.first,
                 game.watch_hash, game.rematch_of, game.clock, game.seed_chosen, game.first),
            )  # fmt: skip
            async with db.cursor() as cursor:
                await cursor.executemany(
                    "INSERT INTO seats(game_id, seat, name, computer, invite_hash, name_key) "
                    "VALUES (%s,%s,%s,%s,%s,%s)",
                    [(game.id, seat.seat, seat.name, seat.computer, seat.invite_hash, same_name_key(seat.name))
                     for seat in seats],
                )  # fmt: skip

    async def join(self, game_id: str, seat: int, invite_hash: bytes, token_hash: bytes, name: str, at: float) -> bool:
        async with self._connection(write=True) as db:
            try:
                done = await db.execute(
                    "UPDATE seats SET token_hash=%s, name=%s, joined_at=%s, name_key=%s "
                    "WHERE game_id=%s AND seat=%s AND invite_hash=%s AND token_hash IS NULL",
                    (token_hash, name, at, same_name_key(name), game_id, seat, invite_hash),
                )
            except psycopg.errors.UniqueViolation as error:
                if error.diag.constraint_name == "seats_name_key":
                    raise NameTaken(name) from None  # the transaction rolled back as the block ends
                raise
            return done.rowcount == 1

    async def append(self, game_id: str, version: int, seat: int, decision: str, over: bool, to_move: int) -> None:
        now = time.time()
        async with self._connection(write=True) as db:
            moved = await db.execute(
                "UPDATE games SET version=%s, over=%s, to_move=%s, decided_at=%s WHERE id=%s AND version=%s",
                (version, over, to_move, now, game_id, version - 1),
            )
            if moved.rowcount != 1:
                raise StoreError(f"game {game_id} is not at version {version - 1}")
            await db.execute("INSERT INTO decisions VALUES (%s,%s,%s,%s,%s)", (game_id, version, seat, decision, now))

    async def set_token(self, game_id: str, seat: int, token_hash: bytes, at: float) -> None:
        async with self._connection(write=True) as db:
            await db.execute(
                "UPDATE seats SET token_hash=%s, joined_at=COALESCE(joined_at, %s) WHERE game_id=%s AND seat=%s",
                (token_hash, at, game_id, seat),
            )

    # ------------------------------------------------------------------ reading

    async def _one(self, query: str, *values: object) -> tuple[Any, ...] | None:
        """The first row ``query`` finds (its placeholders ``{}``, written ``%s`` here), or ``None``."""
        async with self._connection() as db:
            return await (await db.execute(query.format("%s"), values)).fetchone()

    async def summary(self, game_id: str) -> GameSummary | None:
        async with self._connection() as db:
            row = await (
                await db.execute("SELECT version, over, to_move FROM games WHERE id=%s", (game_id,))
            ).fetchone()
            if row is None:
                return None
            seats = await (await db.execute(SEATS_SUMMED_UP.format("%s"), (game_id,))).fetchall()
        to_move = None if row[2] is None else int(row[2])
        return summed_up(int(row[0]), bool(row[1]), to_move, ((name, bool(taken)) for name, taken in seats))

    async def load(self, game_id: str) -> StoredGame | None:
        game, seats, decisions = (query.format("%s") for query in LOADING)
        async with self._connection() as db:
            row = await (await db.execute(game, (game_id,))).fetchone()
            if row is None:
                return None
            found = await (await db.execute(seats, (game_id,))).fetchall()
            made = await (await db.execute(decisions, (game_id,))).fetchall()
        return loaded(row, found, made)

    async def counts(self) -> tuple[int, int]:
        row = await self._one("SELECT count(*), count(*) FILTER (WHERE NOT over) FROM games")
        assert row is not None  # an aggregate always has its row
        return int(row[0]), int(row[1])

    async def ping(self) -> None:
        await self._one("SELECT 1")

    async def delete_forgotten(self, created_before: float, decided_before: float, keep: Collection[str]) -> int:
        async with self._connection(write=True) as db:
            asked = (created_before, created_before, decided_before, decided_before, DELETED_AT_ONCE + len(keep))
            found = await (await db.execute(FORGOTTEN_GAMES.format("%s"), asked)).fetchall()
            chosen = deleted_at_once(found, keep)
            still = await db.execute(_STILL_FORGOTTEN, (chosen, created_before, decided_before))
            ids = [(str(row[0]),) for row in await still.fetchall()]
            async with db.cursor() as cursor:
                for statement in DELETE_GAME:
                    await cursor.executemany(statement.format("%s"), ids)
            return len(ids)
