"""The games' database, the same tests on each store (SQLite, PostgreSQL): what is written is read back, a seat
is taken once, decisions are kept in order and only in order; a database made by an older version is brought
up to date in place, its games kept; one from a newer version, or not a database at all, is refused in one
sentence."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest

from lost_cities.engine import Play, Rules
from lost_cities.engine.codec import encode
from lost_cities.net.protocol import TAKE_BACK
from lost_cities.server.game import Game
from lost_cities.server.game_store import (
    DELETED_AT_ONCE,
    SCHEMA_VERSION,
    GameRow,
    GameStore,
    GameSummary,
    NameTaken,
    SeatRow,
    StoreError,
    deleted_at_once,
)
from lost_cities.server.postgres_store import PostgresStore
from lost_cities.server.serve import store_for
from lost_cities.server.sqlite_store import SqliteStore
from tests.online.postgres import Postgres, free_port

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


#: A database of today's schema taken back to before schema 5 (no name keys), to be migrated again.
#: What schema 6 added to schema 5, taken away: a database as schema 5 left it (then older ones, each its own).
AS_SCHEMA_5 = "DROP INDEX games_left; ALTER TABLE games DROP COLUMN decided_at; "
WITHOUT_NAME_KEYS = AS_SCHEMA_5 + "DROP INDEX seats_name_key; ALTER TABLE seats DROP COLUMN name_key; "


def run_sql(database: str, script: str) -> None:
    """Write to the database behind the store's back, as another program (or another version) would."""
    if database.startswith("postgresql://"):
        with psycopg.connect(database, autocommit=True) as db:
            db.execute(script)
    else:
        with sqlite3.connect(database) as db:
            db.executescript(script)


@pytest.fixture
async def store(database: str) -> AsyncIterator[GameStore]:
    opened = store_for(database)
    await opened.open()
    yield opened
    await opened.close()


def game_row(id: str = "g1", *, watch: bytes = b"w1", rematch_of: str | None = None, clock: int | None = 60) -> GameRow:
    rules = Rules(players=3, long=True)
    return GameRow(id, rules, 2, 2**63 - 1, 1, watch, rematch_of=rematch_of, clock=clock)  # the largest seed


def seats(id: str = "g1") -> tuple[SeatRow, ...]:
    return (
        SeatRow(0, "Ana", None, f"{id}-i0".encode()),
        SeatRow(1, "Boris", None, f"{id}-i1".encode()),
        SeatRow(2, "Computer", "easy", None),
    )


async def test_a_game_is_read_back_as_it_was_created(store: GameStore) -> None:
    before = time.time()
    await store.create(game_row(), seats())
    game = await store.load("g1")
    assert game is not None
    assert game.game == game_row() and game.seats == seats() and game.decisions == () and game.version == 0
    assert before - 1 <= game.since <= time.time() + 1  # a clock counts from the creation
    assert await store.load("nothing") is None
    await store.create(game_row("g2", watch=b"w2", clock=None), seats("g2"))
    again = await store.load("g2")
    assert again is not None and again.game.clock is None and again.game.rematch_of is None
    assert not again.game.seed_chosen  # the server drew the seed
    chosen = GameRow("g3", Rules(), 1, 7, 0, b"w3", seed_chosen=True)  # serve --allow-seeds: the creator chose it
    await store.create(chosen, seats("g3"))
    stored = await store.load("g3")
    assert stored is not None and stored.game == chosen


async def test_a_seat_is_taken_once_with_its_invitation(store: GameStore) -> None:
    await store.create(game_row(), seats())
    assert await store.seat_of_invite(b"g1-i1") == ("g1", 1, False)
    assert not await store.join("g1", 1, b"g1-i0", b"t1", "Boris", time.time())  # another seat's invitation
    at = time.time() + 5
    assert await store.join("g1", 1, b"g1-i1", b"t1", "Bo", at)
    assert not await store.join("g1", 1, b"g1-i1", b"t2", "Carl", at + 1)  # the second join is refused
    assert await store.seat_of_invite(b"g1-i1") == ("g1", 1, True)  # the code is kept: it still lets one watch
    assert await store.seat_of_token(b"t1") == ("g1", 1) and await store.seat_of_token(b"t2") is None
    game = await store.load("g1")
    assert game is not None and game.seats[1] == SeatRow(1, "Bo", None, b"g1-i1", b"t1")
    assert game.since == pytest.approx(at)  # a clock counts from the last one in
    assert await store.seat_of_invite(b"unknown") is None


async def test_a_clock_read_back_after_a_take_back_counts_from_before_the_card_was_laid(
    store: GameStore, database: str
) -> None:
    # a card laid and taken back buys no time, across a restart too: taken back before it, or after it
    await store.create(game_row(), seats())
    start = time.time() - 100
    assert await store.join("g1", 0, b"g1-i0", b"t0", "Ana", start)
    assert await store.join("g1", 1, b"g1-i1", b"t1", "Boris", start)
    first = await store.load("g1")
    assert first is not None
    game = Game(first)
    play = next(decision for decision in game.round.legal_decisions() if isinstance(decision, Play))
    await store.append("g1", 1, game.to_move, str(play), over=False, to_move=0)
    run_sql(database, f"UPDATE decisions SET at = {start + 30} WHERE game_id = 'g1' AND version = 1")
    laid = await store.load("g1")
    assert laid is not None and laid.since == pytest.approx(start + 30)
    again = Game(laid)  # the server restarted with the card on the table: taken back now, it gives back no time
    again.apply(again.to_move, TAKE_BACK)
    assert again.since == pytest.approx(start)
    await store.append("g1", 2, again.to_move, TAKE_BACK, over=False, to_move=0)
    run_sql(database, f"UPDATE decisions SET at = {start + 50} WHERE game_id = 'g1' AND version = 2")
    taken_back = await store.load("g1")
    assert taken_back is not None and taken_back.since == pytest.approx(start)


async def test_the_database_itself_never_gives_two_seats_of_a_game_names_that_look_the_same(store: GameStore) -> None:
    await store.create(game_row(), seats())
    now = time.time()
    for taken in ("ana", "\u0410na", "COMPUTER"):  # as Ana's, in another case or script; the computer's
        with pytest.raises(NameTaken):
            await store.join("g1", 1, b"g1-i1", b"t1", taken, now)
    assert await store.seat_of_invite(b"g1-i1") == ("g1", 1, False)  # refused: the seat is still free
    assert await store.join("g1", 1, b"g1-i1", b"t1", "Ann", now)
    await store.create(game_row("g2", watch=b"w2"), seats("g2"))
    assert await store.join("g2", 1, b"g2-i1", b"t2", "Ann", now)  # another game's names are its own


async def test_two_joins_at_once_on_one_seat_are_one_taken_and_one_refused(store: GameStore) -> None:
    await store.create(game_row(), seats())
    now = time.time()
    joined = await asyncio.gather(*(store.join("g1", 0, b"g1-i0", f"t{n}".encode(), "Ana", now) for n in range(4)))
    assert sorted(joined) == [False, False, False, True]


async def test_decisions_are_kept_in_order_and_only_the_next_one_is_accepted(store: GameStore) -> None:
    await store.create(game_row(), seats())
    await store.append("g1", 1, 1, "+r7", over=False, to_move=0)
    await store.append("g1", 2, 2, "d0", over=False, to_move=0)
    for wrong in (2, 4, 1):  # again, ahead of its turn, behind
        with pytest.raises(StoreError, match="not at version"):
            await store.append("g1", wrong, 0, "x", over=False, to_move=0)
    with pytest.raises(StoreError):
        await store.append("nothing", 1, 0, "x", over=False, to_move=0)
    before = time.time()
    await store.append("g1", 3, 0, "-b5", over=True, to_move=0)
    game = await store.load("g1")
    assert game is not None and game.decisions == ((1, "+r7"), (2, "d0"), (0, "-b5")) and game.version == 3
    assert before - 1 <= game.since <= time.time() + 1  # a clock counts from the last decision


async def test_watch_codes_tokens_rematches_and_counts(store: GameStore) -> None:
    await store.create(game_row(), seats())
    await store.create(game_row("g2", watch=b"w2", rematch_of="g1"), seats("g2"))
    assert await store.game_of_watch(b"w2") == "g2" and await store.game_of_watch(b"w3") is None
    assert await store.rematch_of("g1") == "g2" and await store.rematch_of("g2") is None
    joined = time.time() + 100  # later than the game was created
    assert await store.join("g2", 0, b"g2-i0", b"old", "Ana", joined)
    await store.set_token("g2", 0, b"new", joined + 50)
    assert await store.seat_of_token(b"new") == ("g2", 0) and await store.seat_of_token(b"old") is None
    await store.set_token("g2", 1, b"boris", joined + 60)  # a seat first given out: taken from then
    loaded = await store.load("g2")
    assert loaded is not None and loaded.since == joined + 60  # the clock counts from the last one in
    assert await store.counts() == (2, 2)
    await store.append("g1", 1, 1, "+r7", over=True, to_move=0)
    assert await store.counts() == (2, 1)


async def test_games_never_begun_and_matches_left_are_deleted_once_old_with_their_codes(store: GameStore) -> None:
    games = ("half", "none", "seated", "held", "begun", "left", "finished", "clocked")
    for game in games:  # "clocked" has a day for each decision: its player may decide a day after the last
        clock = 86400 if game == "clocked" else None
        await store.create(game_row(game, watch=f"w-{game}".encode(), clock=clock), seats(game))
    taken = [("half", 0), ("seated", 0), ("seated", 1), ("held", 0)]
    taken += [(game, seat) for game in ("begun", "left", "finished", "clocked") for seat in (0, 1)]
    for game, seat in taken:  # every seat of "seated" taken (its computer's is), and nothing played in it
        assert await store.join(
            game, seat, f"{game}-i{seat}".encode(), f"{game}-t{seat}".encode(), f"P{seat}", time.time()
        )
    await store.append("left", 1, 1, "+r7", over=False, to_move=0)  # a card played, then nothing
    await store.append("clocked", 1, 1, "+r7", over=False, to_move=0)
    await store.append("finished", 1, 1, "+r7", over=True, to_move=0)  # over: its players' record
    await store.append("begun", 1, 1, "+r7", over=False, to_move=0)
    old = time.time() + 0.001
    await asyncio.sleep(0.01)
    await store.append("begun", 2, 0, "-r8", over=False, to_move=1)  # decided in since: played on
    await store.create(game_row("new", watch=b"w-new", clock=None), seats("new"))  # younger than the age asked for
    assert await store.delete_forgotten(old, old, keep={"held"}) == 4
    for gone in ("half", "none", "seated", "left"):
        assert await store.load(gone) is None and await store.summary(gone) is None
        assert await store.seat_of_invite(f"{gone}-i1".encode()) is None  # the friend's code opens nothing
        assert await store.game_of_watch(f"w-{gone}".encode()) is None
    assert await store.seat_of_token(b"half-t0") is None and await store.seat_of_token(b"left-t0") is None
    for kept in ("held", "begun", "finished", "new", "clocked"):
        assert await store.load(kept) is not None
    assert await store.delete_forgotten(old, old, keep={"held"}) == 0
    assert await store.counts() == (5, 4)
    assert await store.delete_forgotten(old, time.time() + 1, keep={"held"}) == 1  # "begun", left since
    assert await store.delete_forgotten(time.time() + 1, old, keep={"held"}) == 1  # "new", never begun
    assert await store.delete_forgotten(old, old + 86400 + 1, keep={"held"}) == 1  # "clocked", its day gone too
    assert await store.load("clocked") is None


def test_one_deletion_holds_a_hundred_games_and_twenty_thousand_decisions_at_most_but_one_game_always() -> None:
    # found by a security tester: 500 games of 8,960 decisions each, deleted in one transaction, held every other
    # call of the SQLite store for 4.5 s
    assert deleted_at_once([("long", 50_000), ("short", 1)], keep=()) == ["long"]  # alone: it is deleted still
    found = [("a", 15_000), ("held", 1), ("b", 5_000), ("c", 1)]
    assert deleted_at_once(found, keep={"held"}) == ["a", "b"]
    many = [(f"g{n}", 0) for n in range(300)]
    assert deleted_at_once(many, keep=()) == [game for game, _decisions in many[:DELETED_AT_ONCE]]


async def test_the_games_are_there_again_when_the_database_is_opened_again(database: str) -> None:
    first = store_for(database)
    await first.open()
    await first.create(game_row(), seats())
    await first.append("g1", 1, 1, "+r7", over=False, to_move=0)
    await first.close()
    second = store_for(database)
    await second.open()  # the tables exist, the schema's version is the same: nothing made twice
    try:
        game = await second.load("g1")
        assert game is not None and game.decisions == ((1, "+r7"),)
    finally:
        await second.close()


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


async def test_a_database_of_the_second_schema_is_brought_up_to_date_its_seeds_drawn_by_the_server(
    database: str,
) -> None:
    first = store_for(database)
    await first.open()
    await first.create(game_row(), seats())
    await first.close()
    # as schema 2 left it: nothing said whether a seed was chosen (none was: every server took one then)
    run_sql(
        database,
        "ALTER TABLE games DROP COLUMN seed_chosen; ALTER TABLE games DROP COLUMN to_move; "
        f"{WITHOUT_NAME_KEYS} UPDATE meta SET value='2' WHERE key='schema';",
    )
    second = store_for(database)
    await second.open()
    try:
        game = await second.load("g1")
        assert game is not None and game.game == game_row() and not game.game.seed_chosen
        chosen = GameRow("g2", Rules(), 1, 7, 0, b"w2", seed_chosen=True)  # the new column is written
        await second.create(chosen, seats("g2"))
        again = await second.load("g2")
        assert again is not None and again.game.seed_chosen
    finally:
        await second.close()
    third = store_for(database)
    await third.open()  # at the schema of today: nothing migrated twice
    await third.close()


async def test_a_game_is_summed_up_without_its_decisions_and_one_stored_before_the_summary_says_so(
    database: str,
) -> None:
    store = store_for(database)
    await store.open()
    try:
        await store.create(GameRow("g1", Rules(), 1, 5, 1, b"w1"), seats("g1"))
        names = ("Ana", "Boris", "Computer")
        assert await store.summary("g1") == GameSummary(0, False, 1, names, (0, 1))  # the first to play, the seats
        await store.set_token("g1", 1, b"boris", 1.0)  # not taken yet (a computer's is)
        assert await store.summary("g1") == GameSummary(0, False, 1, names, (0,))
        await store.set_token("g1", 0, b"ana", 2.0)
        await store.append("g1", 1, 1, "+r7", over=False, to_move=1)
        await store.append("g1", 2, 1, "n", over=False, to_move=0)
        assert await store.summary("g1") == GameSummary(2, False, 0, ("Ana", "Boris", "Computer"))
        assert await store.summary("nothing") is None
    finally:
        await store.close()
    # as schema 3 left it: nothing said whose decision was awaited
    back = f"ALTER TABLE games DROP COLUMN to_move; {WITHOUT_NAME_KEYS} UPDATE meta SET value='3' WHERE key='schema';"
    run_sql(database, back)
    again = store_for(database)
    await again.open()
    try:
        assert await again.summary("g1") == GameSummary(
            2, False, None, ("Ana", "Boris", "Computer")
        )  # read whole, then
    finally:
        await again.close()


async def test_a_database_of_the_fourth_schema_gets_the_names_constraint_for_the_names_given_since(
    database: str,
) -> None:
    store = store_for(database)
    await store.open()
    await store.create(game_row(), seats())
    await store.close()
    run_sql(database, f"{WITHOUT_NAME_KEYS} UPDATE meta SET value='4' WHERE key='schema';")  # as schema 4 left it
    again = store_for(database)
    await again.open()
    try:
        assert await again.join("g1", 1, b"g1-i1", b"t1", "Zed", time.time())  # its games go on
        await again.create(game_row("g2", watch=b"w2"), seats("g2"))
        with pytest.raises(NameTaken):  # and the new ones are held to it by the database
            await again.join("g2", 1, b"g2-i1", b"t2", "ANA", time.time())
    finally:
        await again.close()


async def test_a_database_of_the_fifth_schema_knows_when_each_game_was_decided_in_last(database: str) -> None:
    # the sweep reads when a game was last decided in from the games' own column, by its index: a database of
    # schema 5 has it filled in from the decisions
    store = store_for(database)
    await store.open()
    for game in ("begun", "waiting"):
        await store.create(game_row(game, watch=f"w-{game}".encode(), clock=None), seats(game))
    await store.append("begun", 1, 1, "+r7", over=False, to_move=0)
    await store.close()
    run_sql(database, f"{AS_SCHEMA_5} UPDATE meta SET value='5' WHERE key='schema';")
    again = store_for(database)
    await again.open()
    try:
        later = time.time() + 1
        assert await again.delete_forgotten(0.0, later, keep=()) == 1  # "begun", its last decision before then
        assert await again.load("begun") is None and await again.load("waiting") is not None
    finally:
        await again.close()


async def test_a_database_of_a_newer_schema_is_refused_in_one_sentence(database: str) -> None:
    run_sql(database, "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL); "
                      f"INSERT INTO meta VALUES ('schema', '{SCHEMA_VERSION + 1}');")  # fmt: skip
    store = store_for(database)
    with pytest.raises(StoreError) as refused:
        await store.open()
    assert "serve it with the version that made it" in str(refused.value) and "\n" not in str(refused.value)
    await store.close()


async def test_a_file_that_is_not_a_database_is_refused_in_one_sentence(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    store = SqliteStore(junk)
    with pytest.raises(StoreError) as refused:
        await store.open()
    assert "is not a SQLite database" in str(refused.value) and "\n" not in str(refused.value)
    await store.close()


async def test_a_postgresql_that_does_not_answer_or_a_missing_database_is_refused_in_one_sentence(
    postgres: Postgres,
) -> None:
    closed = f"postgresql://ana:secret@127.0.0.1:{free_port()}/games"  # nothing listens there
    for url, said in ((closed, "127.0.0.1"), (postgres.url("no_such_database"), "no_such_database")):
        store = PostgresStore(url, wait=2)
        with pytest.raises(StoreError) as refused:
            await store.open()
        message = str(refused.value)
        assert said in message and "cannot be used" in message and "\n" not in message
        assert "secret" not in message  # the password is never shown
        await store.close()


async def test_a_postgresql_store_opens_no_more_connections_than_it_is_given(postgres: Postgres) -> None:
    database = postgres.new_database()
    store = store_for(database, connections=2)  # lost-cities serve --db-connections 2
    await store.open()
    try:
        await store.create(GameRow("g1", Rules(), 1, 5, 0, b"w1"), seats("g1"))
        await asyncio.gather(*(store.summary("g1") for _ in range(20)))  # twenty calls at once wait their turn
        name = database.rsplit("/", 1)[-1]
        with psycopg.connect(postgres.url(), autocommit=True) as admin:
            opened = admin.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (name,)).fetchone()
        assert opened is not None and 1 <= opened[0] <= 2
    finally:
        await store.close()
