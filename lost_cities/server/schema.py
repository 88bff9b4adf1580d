"""The games' tables, written once for both databases: SQLite's and PostgreSQL's words for a type filled in.

Each table, column and comment is here once; what differs is only how each database spells a type — a float, a
64-bit whole number, bytes, a true-or-false — and SQLite's ``WITHOUT ROWID`` (its tables keyed by their primary key,
as PostgreSQL's are anyway).  No comma in a column's comment: SQLite keeps the text, and its ``DROP COLUMN`` would
take the comma for the columns' separator.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["MIGRATIONS", "POSTGRES", "SQLITE", "Dialect", "migrations", "tables"]


class Dialect(NamedTuple):
    """How one database spells what the tables need."""

    real: str
    bigint: str
    blob: str
    boolean: str
    false: str
    #: after a table keyed by its primary key
    keyed: str


SQLITE = Dialect(real="REAL", bigint="INTEGER", blob="BLOB", boolean="INTEGER", false="0", keyed=" WITHOUT ROWID")
POSTGRES = Dialect(real="DOUBLE PRECISION", bigint="BIGINT", blob="BYTEA", boolean="BOOLEAN", false="FALSE", keyed="")

_TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL){keyed};
CREATE TABLE IF NOT EXISTS games(
    id TEXT PRIMARY KEY,
    created_at {real} NOT NULL,
    rules TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    seed {bigint} NOT NULL,
    first INTEGER NOT NULL,
    watch_hash {blob} NOT NULL UNIQUE,
    version INTEGER NOT NULL DEFAULT 0,
    over {boolean} NOT NULL DEFAULT {false},
    rematch_of TEXT,                     -- the finished game this one is the rematch of
    clock INTEGER,                       -- seconds a person has for each decision; NULL: no limit
    seed_chosen {boolean} NOT NULL DEFAULT {false}, -- the creator chose the seed (serve --allow-seeds): all are told
    -- the seat whose decision is awaited; NULL in a game stored before schema 4
    to_move INTEGER,
    decided_at {real}                    -- when its last decision was made; NULL before the first
){keyed};
CREATE TABLE IF NOT EXISTS seats(
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    computer TEXT,
    invite_hash {blob} UNIQUE,             -- kept once used: any code of a game lets one watch it
    token_hash {blob} UNIQUE,              -- NULL until the seat is taken
    joined_at {real},                      -- when it was taken: a clock runs once every person is in
    -- what the name is compared by (same_name_key): two seats of a game never look the same; NULL before schema 5
    name_key TEXT,
    PRIMARY KEY (game_id, seat)
){keyed};
CREATE UNIQUE INDEX IF NOT EXISTS seats_name_key ON seats(game_id, name_key);
CREATE INDEX IF NOT EXISTS games_rematch_of ON games(rematch_of);
-- the games never begun and those left half-played, by their age: deleted after a while
CREATE INDEX IF NOT EXISTS games_unstarted ON games(created_at) WHERE version = 0;
CREATE INDEX IF NOT EXISTS games_left ON games(decided_at) WHERE version > 0 AND NOT over;
CREATE TABLE IF NOT EXISTS decisions(
    game_id TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    decision TEXT NOT NULL,
    at {real} NOT NULL,
    PRIMARY KEY (game_id, version)
){keyed};
"""

#: How a database of an older schema is brought up to the next, version by version: schema 1 had no join times
#: (SQLite's alone: PostgreSQL's began at 2); schema 2 did not say whether a game's seed was chosen by its creator
#: (none was, before servers refused chosen seeds by default); schema 3 did not keep whose decision is awaited;
#: schema 4 compared names in the server alone (its seats have no name key; the database's constraint holds for the
#: names given from then on); schema 5 did not keep when a game was last decided in (read from its decisions).
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: ("ALTER TABLE seats ADD COLUMN joined_at {real}",),
    2: ("ALTER TABLE games ADD COLUMN seed_chosen {boolean} NOT NULL DEFAULT {false}",),
    3: ("ALTER TABLE games ADD COLUMN to_move INTEGER",),
    4: ("ALTER TABLE seats ADD COLUMN name_key TEXT",),
    5: (
        "ALTER TABLE games ADD COLUMN decided_at {real}",
        "UPDATE games SET decided_at = (SELECT max(at) FROM decisions d WHERE d.game_id = games.id) WHERE version > 0",
    ),
}


def tables(dialect: Dialect) -> str:
    """Every table and index, in ``dialect``: a script that makes what is missing and leaves the rest."""
    return _TABLES.format_map(dialect._asdict())


def migrations(dialect: Dialect) -> dict[int, tuple[str, ...]]:
    """:data:`MIGRATIONS` in ``dialect``: from each schema version, the statements that bring it to the next."""
    words = dialect._asdict()
    return {version: tuple(step.format_map(words) for step in steps) for version, steps in MIGRATIONS.items()}
