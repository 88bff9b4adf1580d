"""``lost-cities serve``'s process: the websockets server around the hub, ``GET /health``, and a clean stop.

It prints the address it serves on as its first line (the real port, also for ``--port 0``), logs
one line per connection and per game event, and stops on Ctrl+C or SIGTERM: it stops listening,
closes every connection with 1012 ("service restart": clients come back by themselves) and drops those
still open a second after :attr:`Limits.CLOSING` (a client that never answers the close, or never closes its
socket, keeps it no longer), lets the computers' turns go, gives back its games' leases (with ``--redis``),
and closes the database.  Nothing needs flushing: every decision was committed before anyone heard of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import itertools
import json
import logging
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from lost_cities.net.invitations import CodeKey
from lost_cities.net.protocol import MAX_CLIENT_FRAME
from lost_cities.server import COMPUTER_PROCESSES, DATABASE_CONNECTIONS, REDIS_CONNECTIONS
from lost_cities.server.connection import GuardedConnection, guarded
from lost_cities.server.forgotten import delete_forgotten_games
from lost_cities.server.game_store import GameStore, StoreError, is_postgres_url, shown_url
from lost_cities.server.gate import Gate, GateSettings, Limits, Refusal, is_loopback, quiet_exceptions
from lost_cities.server.hub import Hub
from lost_cities.server.leases import LeaseError, Leases
from lost_cities.server.relay import Relay
from lost_cities.server.sqlite_store import SqliteStore

__all__ = ["run_server", "store_for"]

log = logging.getLogger("lost_cities.server")


#: How long ``GET /health`` waits for the database's counts: a load balancer's check must not hang on it.
HEALTH_WAIT = 2.0


#: How long ``GET /health``'s answer is kept before the database is asked again: a flood of health checks costs the
#: database one question in this many seconds, never one per request.
HEALTH_FRESH = 1.0

#: ``GET /health`` counts the stored games again only once this many times the last count's own duration has passed
#: (and :data:`HEALTH_FRESH`): a count reads the whole games table (a tenth of a second at a million games on SQLite,
#: whose one thread every decision waits for), so counting takes at most a hundredth of the database's time whatever
#: the table's size; in between, the least question tells whether the database answers.
HEALTH_COUNT_SPACING = 100


class _Health:
    """``GET /health`` (and ``HEAD``): what this process holds (``games`` in memory, open ``connections``) and what
    the database holds (``stored_games``, ``stored_games_not_over``), 200 with ``"status": "ok"``; if the database
    does not answer within :data:`HEALTH_WAIT` seconds, 503 with ``"status": "degraded"`` and the reason in
    ``"error"``, so that a load balancer sends players elsewhere while it is away.  The database is asked at most
    once in :data:`HEALTH_FRESH` seconds, whoever asks how often, and counts its games only as often as
    :data:`HEALTH_COUNT_SPACING` allows; they are counted afresh once it is back after an absence."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.checked: tuple[float, http.HTTPStatus, dict[str, object]] | None = None
        self.checking = asyncio.Lock()
        #: the last count's figures and when the games may be counted again; ``None``: at the next question
        self.counted: tuple[dict[str, object], float] | None = None

    async def answer(self, head: bool) -> Response:
        status, state = await self._stored()
        hub = self.hub
        body = json.dumps(
            {"status": "ok"} | state | {"games": len(hub.held.games), "connections": hub.connections}
        ).encode()
        headers = Headers([("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return Response(status.value, status.phrase, headers, b"" if head else body)

    async def _stored(self) -> tuple[http.HTTPStatus, dict[str, object]]:
        async with self.checking:  # one question to the database at a time: the others wait for its answer
            loop = asyncio.get_running_loop()
            if self.checked is None or loop.time() - self.checked[0] > HEALTH_FRESH:
                status, state = await self._ask()
                self.checked = (loop.time(), status, state)
            return self.checked[1], self.checked[2]

    async def _figures(self) -> dict[str, object]:
        """The stored games' figures: counted, or the last count's while another is not due (the database then
        asked the least question, so that an absence is still seen)."""
        store, loop = self.hub.store, asyncio.get_running_loop()
        began = loop.time()
        if self.counted is not None and began < self.counted[1]:
            await store.ping()
            return self.counted[0]
        stored, not_over = await store.counts()
        figures: dict[str, object] = {"stored_games": stored, "stored_games_not_over": not_over}
        self.counted = (figures, began + max(HEALTH_FRESH, (loop.time() - began) * HEALTH_COUNT_SPACING))
        return figures

    async def _ask(self) -> tuple[http.HTTPStatus, dict[str, object]]:
        hub = self.hub
        state: dict[str, object] = {}
        status = http.HTTPStatus.OK
        try:
            state |= await asyncio.wait_for(self._figures(), HEALTH_WAIT)
        except (StoreError, TimeoutError) as error:
            self.counted = None  # what changed while it was away is counted once it is back
            status = http.HTTPStatus.SERVICE_UNAVAILABLE
            said = str(error) if isinstance(error, StoreError) else ""
            state |= {"status": "degraded", "error": said or f"the games' database did not answer in {HEALTH_WAIT:g} s"}
        if hub.held.leases is not None:  # with several servers: Redis away, no game can be taken over here
            try:
                await asyncio.wait_for(hub.held.leases.ping(), HEALTH_WAIT)
            except (LeaseError, TimeoutError) as error:
                status = http.HTTPStatus.SERVICE_UNAVAILABLE
                said = str(error) if isinstance(error, LeaseError) else f"Redis did not answer in {HEALTH_WAIT:g} s"
                state |= {"status": "degraded", "redis": said}
            else:
                state["redis"] = "ok"
        return status, state


class _Stopping:
    """What Ctrl+C and SIGTERM start: the server stops listening and closes every connection with 1012; the
    connections still open a second after :attr:`Limits.CLOSING` are dropped.  websockets gives up on a close frame
    it sent that long after, but not on a closing handshake its client began and left unfinished (a close frame,
    then a socket never closed), which no keepalive ping ends either.  A server must stop promptly whatever its
    clients do."""

    def __init__(self, server: Server, connections: type[GuardedConnection]) -> None:
        self.server = server
        self.connections = connections
        #: the drop to come, once the stop has begun
        self.dropping: asyncio.TimerHandle | None = None

    def begin(self) -> None:
        """Stop (a second signal changes nothing)."""
        self.server.close(True, 1012, "server restarting")
        if self.dropping is None:
            # a second after websockets' own close timeout: only what it would not end itself is dropped here
            self.dropping = asyncio.get_running_loop().call_later(Limits.CLOSING + 1, self._drop)

    def cancel(self) -> None:
        """The server stopped: no drop to come."""
        if self.dropping is not None:
            self.dropping.cancel()

    def _drop(self) -> None:
        dropped = self.connections.drop_all()
        if dropped:
            log.warning("connections still open %g s after the stop began, dropped: %d", Limits.CLOSING + 1, dropped)


def _refused(status: http.HTTPStatus, sentence: str) -> Response:
    """An HTTP answer that refuses a connection, its reason in one sentence."""
    body = (sentence + "\n").encode()
    headers = Headers([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
    return Response(status.value, status.phrase, headers, body)


def _process_request(hub: Hub) -> Callable[[ServerConnection, Request], Awaitable[Response | None]]:
    """The HTTP request before the WebSocket handshake: ``/health``; a browser's page refused unless its origin is
    allowed; the connection counted against the client's address (past its cap: 503)."""
    gate = hub.gate
    health = _Health(hub)

    async def process_request(connection: ServerConnection, request: Request) -> Response | None:
        assert isinstance(connection, GuardedConnection)
        peer = connection.remote_address[0] if connection.remote_address else "?"
        address = gate.client_address(str(peer), request.headers)
        if request.path.split("?", 1)[0] == "/health":
            try:
                gate.check_health(address)
            except Refusal as refusal:
                return _refused(http.HTTPStatus.TOO_MANY_REQUESTS, str(refusal))
            return await health.answer(head=request.method == "HEAD")
        origin = request.headers.get("Origin")
        if not gate.origin_allowed(origin):
            gate.refusals.warning("refused a connection from %s: a web page of %s", address, origin)
            return _refused(
                http.HTTPStatus.FORBIDDEN,
                "this server accepts no connection from a web page of another site (the operator may allow one "
                "with --allow-origin)",
            )
        try:
            connection.admit(address)
        except Refusal as refusal:
            return _refused(http.HTTPStatus.SERVICE_UNAVAILABLE, str(refusal))
        return None

    return process_request


def is_loopback_host(host: str) -> bool:
    """Whether ``--host`` listens on this machine only (``localhost``, 127.0.0.1, ::1): then, by default, this
    machine's clients are exempt from the caps on creations and connections."""
    return host == "localhost" or is_loopback(host)


async def _sweep(connections: type[GuardedConnection], most: int) -> None:
    """Twice a second, what all the connections hold waiting to be sent kept under ``most`` bytes
    (:meth:`GuardedConnection.bound_sends`); every five seconds, the silent ones pinged, and those that answer no
    ping let go (:meth:`GuardedConnection.keep_alive`)."""
    loop = asyncio.get_running_loop()
    for sweep in itertools.count(1):
        await asyncio.sleep(0.5)
        try:  # a fault of ours in one sweep must not end the next ones, for every connection at once
            connections.bound_sends(most)
            if sweep % 10 == 0:
                connections.keep_alive(loop.time())
        except Exception:
            log.exception("the connections' sweep failed")


async def leases_for(url: str, ttl: float, connections: int = REDIS_CONNECTIONS) -> Leases:
    """This server's leases in the Redis at ``url`` (``--redis``), checked to answer now: a server that could take
    no game is refused at its start, in one sentence (:class:`LeaseError`), not at its first player's."""
    try:  # only here: a server without --redis never loads the Redis client
        from redis.asyncio import BlockingConnectionPool, Redis
    except ImportError as error:
        raise LeaseError(f"serving with Redis needs the redis package: {error}") from None
    try:
        # An answer waits to be read as long as the server is busy: a loaded server reads Redis's answers late, and
        # that is not Redis being away (which would let every relayed client go, and bring them all back at once).
        # Half the lease is as long as an answer may take: the leases keep their own clock, never trusting a late one.
        # For the same reason a call waits its turn for one of the pool's connections (a thousand games' calls at
        # once), rather than fail at once as redis-py's default pool does past its hundred connections.
        answer_wait = max(HEALTH_WAIT, ttl / 2)
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=connections,
            timeout=answer_wait,
            socket_timeout=answer_wait,
            socket_connect_timeout=HEALTH_WAIT,
        )
        client = Redis.from_pool(pool)
    except ValueError as error:
        raise LeaseError(f"{shown_url(url)} is not a Redis address: {error}") from None
    leases = Leases(client, ttl=ttl)
    try:
        await leases.ping()
    except LeaseError as error:
        await client.aclose()
        raise LeaseError(f"Redis at {shown_url(url)} cannot be reached: {str(error).split(': ', 1)[-1]}") from None
    return leases


def store_for(database: str, connections: int = DATABASE_CONNECTIONS) -> GameStore:
    """The store ``--db`` names: PostgreSQL for a ``postgresql://`` (or ``postgres://``) URL, with a pool of at most
    ``connections``, else a SQLite file (one connection, on the store's thread)."""
    if not is_postgres_url(database):
        return SqliteStore(Path(database))
    try:  # only here: a server on SQLite never loads psycopg
        from lost_cities.server.postgres_store import PostgresStore
    except ImportError as error:  # psycopg without libpq says so in several lines: the first is enough
        said = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise StoreError(f"serving on PostgreSQL needs psycopg and the libpq library (libpq5): {said}") from None
    return PostgresStore(database, connections=connections)


async def run_server(
    host: str,
    port: int,
    database: str,
    key: Path,
    *,
    announce: Callable[[str], None] = print,
    redis: str | None = None,
    lease: float = 10.0,
    gate: GateSettings | None = None,
    allow_seeds: bool = False,
    db_connections: int = DATABASE_CONNECTIONS,
    redis_connections: int = REDIS_CONNECTIONS,
    computer_processes: int = COMPUTER_PROCESSES,
) -> None:
    """Serve the games of ``database`` (a SQLite file's path or a PostgreSQL URL), the codes hashed with the key
    in the file ``key``, until Ctrl+C or SIGTERM; ``announce`` is told each address served on (``ws://host:port``).
    With ``redis`` (a Redis URL), a game is served here only while this server holds its lease there, ``lease``
    seconds long and renewed: several servers on one PostgreSQL database never apply one game at once, and a client of
    a game another server holds is relayed to it (:mod:`lost_cities.server.relay`).  With ``allow_seeds``, a game's
    creator may choose its seed (tests, benchmarks, replays); otherwise the server deals every game itself."""
    leases = await leases_for(redis, lease, redis_connections) if redis is not None else None
    relay = Relay(leases) if leases is not None else None
    store = store_for(database, db_connections)
    opened = False
    try:
        if relay is not None:  # any server accepts any client: those of games another holds are relayed to it
            await relay.start()
        await store.open()  # first: a database refused is left as it was, without a key made beside it
        opened = True
        try:
            codes = CodeKey.in_file(key)
        except OSError as error:  # not the address's fault: say whose it is
            raise StoreError(f"the codes' key {key} cannot be read or made: {error.strerror or error}") from None
    except BaseException:
        if opened:
            await store.close()
        if relay is not None:
            await relay.close()
        if leases is not None:
            await leases.redis.aclose()
        raise
    guard = Gate(gate or GateSettings(trust_loopback=is_loopback_host(host)))
    hub = Hub(
        store,
        codes,
        leases=leases,
        relay=relay,
        gate=guard,
        allow_seeds=allow_seeds,
        computer_processes=computer_processes,
    )
    sweeping = asyncio.create_task(delete_forgotten_games(store, hub.held.games.keys()))
    listening = False  # a server that never listened (its port taken) does not say it stopped
    connections = guarded(guard)
    guarding = asyncio.create_task(_sweep(connections, guard.max_connections * Limits.SEND_BUFFER_AVERAGE))
    stopping: _Stopping | None = None
    try:
        async with serve(
            hub.handle,
            host,
            port,
            process_request=_process_request(hub),
            create_connection=connections,
            compression=None,  # 15 KiB a connection instead of 50: thousands of waiting games fit
            max_size=MAX_CLIENT_FRAME,  # a bigger frame is closed with 1009
            max_queue=16,
            write_limit=Limits.SEND_BUFFER,  # past it a send waits; past more, the client is dropped (connection.py)
            open_timeout=Limits.HANDSHAKE,  # a client that sends its request a byte at a time is let go
            ping_interval=None,  # one sweep pings them all (GuardedConnection.keep_alive), not a task each
            close_timeout=Limits.CLOSING,
        ) as server:
            for sock in server.sockets:
                address, bound = sock.getsockname()[:2]
                shown = f"[{address}]" if ":" in address else address
                announce(f"ws://{shown}:{bound}")
            listening = True
            loop = asyncio.get_running_loop()
            loop.set_exception_handler(quiet_exceptions())
            stopping = _Stopping(server, connections)
            for number in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(number, stopping.begin)
            await server.wait_closed()
    finally:
        for task in (sweeping, guarding):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if stopping is not None:
            stopping.cancel()
        if relay is not None:  # the clients relayed here told to come back (1012), before their games are let go
            await relay.close()
        await hub.stop()
        if leases is not None:  # given back: another server may take the games at once, not after a ttl
            await leases.close()
            await leases.redis.aclose()
        await store.close()
        if listening:
            log.info("stopped")
