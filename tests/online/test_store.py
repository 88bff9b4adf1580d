"""The games' database: a database made by an older version is brought up to date in place, its games kept;
one from a newer version, or not a database at all, is refused in one sentence."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from lost_cities.engine import Rules
from lost_cities.engine.codec import encode
from lost_cities.server.sqlite_store import SqliteStore
from lost_cities.server.store import SCHEMA_VERSION, StoreError

#: The first schema, as the first online version of lost-cities wrote it (no join times).
SCHEMA_1 = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE games(id TEXT PRIMARY KEY, created_at REAL NOT NULL, rules TEXT NOT NULL, rounds INTEGER NOT NULL,
    seed INTEGER NOT NULL, first INTEGER NOT NULL, watch_hash BLOB NOT NULL UNIQUE,
    version INTEGER NOT NULL DEFAULT 0, over INTEGER NOT NULL DEFAULT 0, rematch_of TEXT, clock INTEGER) WITHOUT ROWID;
CREATE TABLE seats(game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
    computer TEXT, invite_hash BLOB UNIQUE, token_hash BLOB UNIQUE, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE TABLE decisions(game_id TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL, seat INTEGER NOT NULL,
    decision TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, version)) WITHOUT ROWID;
INSERT INTO meta VALUES ('schema', '1');
"""


async def test_a_database_of_the_first_schema_is_brought_up_to_date_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / "online.sqlite3"
    created = time.time() - 3600
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_1)
        db.execute(
            "INSERT INTO games(id, created_at, rules, rounds, seed, first, watch_hash, clock) VALUES (?,?,?,?,?,?,?,?)",
            ("g1", created, encode(Rules()).decode(), 1, 5, 0, b"w", 60),
        )
        db.executemany(
            "INSERT INTO seats(game_id, seat, name, computer, invite_hash, token_hash) VALUES (?,?,?,?,?,?)",
            [("g1", 0, "Ana", None, b"i0", b"t0"), ("g1", 1, "Boris", None, b"i1", None)],
        )
    store = SqliteStore(path)
    await store.open()
    try:
        game = await store.load("g1")
        assert game is not None and [seat.name for seat in game.seats] == ["Ana", "Boris"]
        assert game.since == pytest.approx(created)
        now = time.time()
        assert await store.join("g1", 1, b"i1", b"t1", "Boris", now)  # the new column is written
        again = await store.load("g1")
        assert again is not None and again.since == pytest.approx(now)  # a clock counts from the last one in
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(SCHEMA_VERSION)


async def test_a_database_of_a_newer_schema_or_not_a_database_is_refused_in_one_sentence(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.executescript("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES "
                         f"('schema', '{SCHEMA_VERSION + 1}');")  # fmt: skip
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    for path, said in ((newer, "serve it with the version that made it"), (junk, "cannot be used")):
        store = SqliteStore(path)
        with pytest.raises(StoreError) as refused:
            await store.open()
        assert said in str(refused.value) and "\n" not in str(refused.value)
        await store.close()
