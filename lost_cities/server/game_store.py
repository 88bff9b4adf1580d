"""Where the server keeps its games: the one small interface every store implements, and what passes through it.

The decisions are the truth: a game is its settings (rules, rounds, seed, first seat, names, the
computers' levels) and the decisions accepted so far, in order, each with its version; everything else
— the table, the views, the events — follows by replaying them through the engine.  A decision is
committed before anybody is told of it (:meth:`GameStore.append`), so a server killed at any moment
(SIGKILL included) and started again on the same database continues every game at its last acknowledged
decision, and at most one decision that nobody was told of yet.

The hub sees only :class:`GameStore`, so that every store runs the same server and passes the same
tests: :class:`~lost_cities.server.sqlite_store.SqliteStore`, one file on this machine (the default),
and :class:`~lost_cities.server.postgres_store.PostgresStore`, a PostgreSQL database.
Codes and tokens are stored as hashes only (:mod:`lost_cities.net.invitations`).

>>> is_postgres_url("postgresql://ana@db.example:5432/games"), is_postgres_url("games.sqlite3")
(True, False)
>>> shown_url("postgresql://ana:secret@db.example:5432/games?sslmode=require")
'postgresql://ana@db.example:5432/games'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from msgspec import Struct

from lost_cities.engine.codec import decode
from lost_cities.engine.rules import Rules
from lost_cities.net.protocol import TAKE_BACK

__all__ = [
    "DECISIONS_DELETED_AT_ONCE",
    "DELETED_AT_ONCE",
    "DELETE_GAME",
    "FORGOTTEN",
    "FORGOTTEN_GAMES",
    "LOADING",
    "SCHEMA_VERSION",
    "SEATS_SUMMED_UP",
    "ClockStart",
    "GameRow",
    "GameStore",
    "GameSummary",
    "NameTaken",
    "RowLookups",
    "SeatRow",
    "StoreError",
    "StoredGame",
    "clock_of",
    "deleted_at_once",
    "is_postgres_url",
    "loaded",
    "shown_url",
    "summed_up",
]

#: The tables' layout, the same in every store; a database of a newer one is refused, never written to.
SCHEMA_VERSION = 6


class StoreError(RuntimeError):
    """The database cannot be used: the message says which one and why, in one sentence."""


class NameTaken(Exception):
    """A seat's name looks the same as another seat's of its game (:func:`~lost_cities.i18n.same_name_key`): the
    database's own constraint, behind the server's check, so that two joins at once never both get it."""


class SeatRow(Struct, frozen=True):
    seat: int
    name: str
    computer: str | None
    invite_hash: bytes | None
    token_hash: bytes | None = None


class GameRow(Struct, frozen=True):
    id: str
    rules: Rules
    rounds: int
    seed: int
    first: int
    watch_hash: bytes
    rematch_of: str | None = None
    clock: int | None = None
    #: the game's creator chose its seed (a server started with ``--allow-seeds``), so whoever created it may know
    #: every deal: everyone in the game is told
    seed_chosen: bool = False


class ClockStart:
    """When the clock of the decision awaited started, followed decision by decision: at the last decision made,
    or the last seat taken (a clock counts from the last one in) — but a take-back gives back the time the card
    taken back found, so that laying a card and taking it back never buys time (a turn's play and its draw are a
    decision each, and each has the clock's time; the final laying's two cards may both be taken back, R23c)."""

    __slots__ = ("plays", "since")

    def __init__(self, since: float, plays: Iterable[float] = ()) -> None:
        self.since = since
        #: when the decision of each play not yet followed by a draw or a stop began: what a take-back gives back
        self.plays = list(plays)

    def made(self, text: str, at: float) -> None:
        """The decision ``text`` (notation, or :data:`TAKE_BACK`) was made at ``at``."""
        if text == TAKE_BACK:
            if self.plays:
                self.since = self.plays.pop()
            return
        if text.startswith(("+", "-")):  # a play: what a take-back gives back
            self.plays.append(self.since)
        else:  # a draw, a stop, a claim: the turn is over, nothing to take back
            self.plays.clear()
        self.since = at

    def joined(self, at: float) -> None:
        """A seat was taken at ``at``: the clock counts from then if it is later."""
        self.since = max(self.since, at)
        self.plays = [max(began, at) for began in self.plays]


def clock_of(decisions: Iterable[tuple[str, float]], created: float, joins: Iterable[float]) -> ClockStart:
    """The clock of a game read back: its decisions (notation, time) made since it was ``created``, and when its
    seats were taken.

    >>> clock_of([("+r7", 10.0), ("n", 20.0), ("+b3", 30.0), ("u", 40.0)], 0.0, [5.0]).since
    20.0
    >>> clock = clock_of([("+r7", 10.0), ("+r8", 20.0), ("u", 30.0)], 0.0, [])  # the final laying (R23c)
    >>> clock.since, clock.plays
    (10.0, [0.0])
    """
    clock = ClockStart(created)
    for text, at in decisions:
        clock.made(text, at)
    for at in joins:
        clock.joined(at)
    return clock


class StoredGame(Struct, frozen=True):
    """A game as the database holds it: its settings, its seats, and its decisions (seat, notation) in order;
    ``since`` is when the decision awaited began (see :class:`ClockStart`), ``plays`` when each play still open
    began: what a take-back gives back."""

    game: GameRow
    seats: tuple[SeatRow, ...]
    decisions: tuple[tuple[int, str], ...]
    since: float = 0.0
    plays: tuple[float, ...] = ()
    #: when it was created (UNIX time, seconds): its record says when it began
    created: float = 0.0

    @property
    def version(self) -> int:
        return len(self.decisions)


class GameSummary(Struct, frozen=True):
    """Where a game stands, as the database keeps it beside its decisions: what a client's list of its games needs,
    read without replaying the game.  ``to_move`` is ``None`` for a game stored before it was kept."""

    version: int
    over: bool
    to_move: int | None
    names: tuple[str, ...]
    #: the seats not taken yet: the cards are dealt once none is
    waiting_for: tuple[int, ...] = ()


#: A game's seats as its summary reads them: each one's name and whether it is taken (a computer's always is), in
#: order; ``{}`` is the dialect's placeholder for the game's id.
SEATS_SUMMED_UP = (
    "SELECT name, computer IS NOT NULL OR token_hash IS NOT NULL FROM seats WHERE game_id={} ORDER BY seat"
)


#: The games forgotten (``{0}``: the dialect's placeholder; first a time, then another, as UNIX times): not over, and
#: either created before the first time with no card played since — an invitation never used, or seats taken and
#: left —, or decided in last before the second — a match left half-played.  A game with a clock is given its
#: clock's time more: its player may still decide, or the other side claim the match when that time has run out.
FORGOTTEN = (
    "NOT over AND (version = 0 AND created_at + coalesce(clock, 0) < {0} "
    "OR version > 0 AND decided_at + coalesce(clock, 0) < {0})"
)
#: At most a number of :data:`FORGOTTEN` games, each with its number of decisions: those
#: :meth:`GameStore.delete_forgotten` chooses from (:func:`deleted_at_once`).  Its placeholders (``{0}``) are the
#: first time twice, the second twice, then the number: each half read from its own index (``games_unstarted``,
#: ``games_left``) from the oldest, not from every game not over.
FORGOTTEN_GAMES = (
    "SELECT id, version FROM games WHERE version = 0 AND NOT over AND created_at < {0} "
    "AND created_at + coalesce(clock, 0) < {0} "
    "UNION ALL SELECT id, version FROM games WHERE version > 0 AND NOT over AND decided_at < {0} "
    "AND decided_at + coalesce(clock, 0) < {0} "
    "LIMIT {0}"
)
#: What deletes a game (``{0}``: the placeholder for its id): first what refers to it.
DELETE_GAME = (
    "DELETE FROM decisions WHERE game_id={0}",
    "DELETE FROM seats WHERE game_id={0}",
    "DELETE FROM games WHERE id={0}",
)
#: The most games one call of :meth:`GameStore.delete_forgotten` deletes, and the most decisions (but a single
#: game's): one short transaction, however long the games — 500 games of 9,000 decisions held the store 4.5 s.
DELETED_AT_ONCE = 100
DECISIONS_DELETED_AT_ONCE = 20_000


def deleted_at_once(found: Iterable[tuple[str, int]], keep: Collection[str]) -> list[str]:
    """The games one call of :meth:`GameStore.delete_forgotten` deletes, of those ``found`` (each with its number of
    decisions) but those in ``keep``: the first, and those after it while :data:`DELETED_AT_ONCE` games and
    :data:`DECISIONS_DELETED_AT_ONCE` decisions are not passed."""
    chosen: list[str] = []
    decisions = 0
    for game_id, version in found:
        if game_id in keep:
            continue
        if chosen and (len(chosen) == DELETED_AT_ONCE or decisions + version > DECISIONS_DELETED_AT_ONCE):
            break
        chosen.append(str(game_id))
        decisions += version
    return chosen


def summed_up(version: int, over: bool, to_move: int | None, seats: Iterable[tuple[str, bool]]) -> GameSummary:
    """A game's summary from its row's figures and its seats (:data:`SEATS_SUMMED_UP`)."""
    seats = list(seats)
    waiting = tuple(seat for seat, (_name, taken) in enumerate(seats) if not taken)
    return GameSummary(version, over, to_move, tuple(str(name) for name, _taken in seats), waiting)


#: A game as :meth:`GameStore.load` reads it: its row, its seats and its decisions, in order; ``{}`` is the dialect's
#: placeholder for the game's id.
LOADING = (
    "SELECT id, rules, rounds, seed, first, watch_hash, rematch_of, clock, created_at, seed_chosen "
    "FROM games WHERE id={}",
    "SELECT seat, name, computer, invite_hash, token_hash, joined_at FROM seats WHERE game_id={} ORDER BY seat",
    "SELECT seat, decision, at FROM decisions WHERE game_id={} ORDER BY version",
)


def loaded(row: Sequence[Any], seats: Sequence[Sequence[Any]], decisions: Sequence[Sequence[Any]]) -> StoredGame:
    """A game from what :data:`LOADING`'s queries read: its row, its seats' rows, its decisions' rows."""
    game = GameRow(
        str(row[0]), decode(row[1], Rules), int(row[2]), int(row[3]), int(row[4]), bytes(row[5]), row[6],
        row[7], bool(row[9]),
    )  # fmt: skip
    joins = [float(each[5]) for each in seats if each[5] is not None]
    clock = clock_of(((str(text), float(at)) for _seat, text, at in decisions), float(row[8]), joins)
    return StoredGame(
        game,
        tuple(SeatRow(int(each[0]), str(each[1]), each[2], each[3], each[4]) for each in seats),
        tuple((int(seat), str(decision)) for seat, decision, _at in decisions),
        clock.since,
        tuple(clock.plays),
        float(row[8]),
    )


class RowLookups:
    """A game or a seat found by one of its keys, the same in every store: each store reads the row with its own
    :meth:`_one`, which writes its dialect's placeholder where a query has ``{}``."""

    async def _one(self, query: str, *values: object) -> tuple[Any, ...] | None:
        """The first row ``query`` finds, or ``None``."""
        raise NotImplementedError

    async def rematch_of(self, game_id: str) -> str | None:
        """The game created as the rematch of ``game_id``, if there is one."""
        row = await self._one("SELECT id FROM games WHERE rematch_of={}", game_id)
        return None if row is None else str(row[0])

    async def seat_of_invite(self, invite_hash: bytes) -> tuple[str, int, bool] | None:
        """The game and seat an invitation opens, and whether someone has taken the seat with it."""
        row = await self._one(
            "SELECT game_id, seat, token_hash IS NOT NULL FROM seats WHERE invite_hash={}", invite_hash
        )
        return None if row is None else (str(row[0]), int(row[1]), bool(row[2]))

    async def seat_of_token(self, token_hash: bytes) -> tuple[str, int] | None:
        row = await self._one("SELECT game_id, seat FROM seats WHERE token_hash={}", token_hash)
        return None if row is None else (str(row[0]), int(row[1]))

    async def game_of_watch(self, watch_hash: bytes) -> str | None:
        row = await self._one("SELECT id FROM games WHERE watch_hash={}", watch_hash)
        return None if row is None else str(row[0])


class GameStore(Protocol):
    """What the server asks of the place its games are kept: opened once, closed once, and between the two
    every write committed in a transaction of its own before the coroutine returns.  A store that cannot do
    what is asked raises :class:`StoreError`."""

    async def open(self) -> None:
        """Connect, check the database before anything is written to it (a newer schema is refused, and so is a
        SQLite file that is damaged, read-only, in a read-only folder, or not a games' database), then bring an older
        schema up to date and create the tables on first use."""

    async def close(self) -> None: ...

    async def create(self, game: GameRow, seats: tuple[SeatRow, ...]) -> None: ...

    async def join(self, game_id: str, seat: int, invite_hash: bytes, token_hash: bytes, name: str, at: float) -> bool:
        """Take the seat with this invitation, once (at UNIX time ``at``): ``False`` if it was taken meanwhile;
        :class:`NameTaken` if another seat's name looks the same."""

    async def append(self, game_id: str, version: int, seat: int, decision: str, over: bool, to_move: int) -> None:
        """Commit decision number ``version`` (1-based) of the game, after which ``to_move`` is to decide; refused
        unless it is the next one."""

    async def set_token(self, game_id: str, seat: int, token_hash: bytes, at: float) -> None:
        """Give a seat a new token (the rematch's seat of a player who comes back for it): the old one opens nothing.
        The seat counts as taken from ``at`` (UNIX time) the first time: a clock counts from the last one in."""

    async def rematch_of(self, game_id: str) -> str | None:
        """The game created as the rematch of ``game_id``, if there is one."""

    async def seat_of_invite(self, invite_hash: bytes) -> tuple[str, int, bool] | None:
        """The game and seat an invitation opens, and whether someone has taken the seat with it."""

    async def seat_of_token(self, token_hash: bytes) -> tuple[str, int] | None: ...

    async def game_of_watch(self, watch_hash: bytes) -> str | None: ...

    async def load(self, game_id: str) -> StoredGame | None: ...

    async def summary(self, game_id: str) -> GameSummary | None:
        """Where the game stands (:class:`GameSummary`), from one row and its seats: no decision read."""

    async def counts(self) -> tuple[int, int]:
        """(games, games not over): for ``GET /health``."""

    async def ping(self) -> None:
        """Return once the database answers the least question (:class:`StoreError` if it cannot be reached)."""

    async def delete_forgotten(self, created_before: float, decided_before: float, keep: Collection[str]) -> int:
        """Delete some games not over (:data:`FORGOTTEN`) — created before ``created_before`` (UNIX time) with no card
        played, or decided in last before ``decided_before`` — with their seats and decisions, but those in ``keep``
        (held in memory), as many as one short transaction holds (:func:`deleted_at_once`): how many; 0 when none
        is left.  Their codes and tokens open nothing from then on."""


def is_postgres_url(database: str) -> bool:
    """``--db`` names a PostgreSQL database (a ``postgresql://`` or ``postgres://`` URL), not a SQLite file."""
    return database.startswith(("postgresql://", "postgres://"))


def shown_url(url: str) -> str:
    """A database's URL as logs and messages show it: no password, no parameters."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:  # not a number: psycopg will say so; the message shows no more than the host
        port = None
    host = parts.hostname or ""
    where = f"[{host}]" if ":" in host else host
    if port is not None:
        where += f":{port}"
    if parts.username:
        where = f"{parts.username}@{where}"
    return urlunsplit((parts.scheme, where, parts.path, "", ""))
