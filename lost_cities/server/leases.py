"""A server's leases on games, in Redis: exactly one server applies a game's decisions at a time.

Several ``lost-cities serve`` processes may share one database.  Two of them applying decisions to the
same game would each replay it in memory and each accept a decision for the same version: one of the two
would be lost or, worse, the players told two different things.  So a server applies a game's decisions
only while it holds that game's *lease*: a Redis key ``lost-cities:lease:<game>`` whose value is the
server's id, set only if absent (``SET … NX``) and with an expiry (``PX``).  The holder renews its leases
every third of their time to live; a server that dies (SIGKILL, the machine gone) stops renewing, its
leases expire, and another server may take the games over from the database, where every accepted decision
was committed before anybody heard of it.

Renewing and releasing compare the key's value with this server's id and act in one Lua script, atomic in
Redis: a server whose lease expired and was taken by another never extends or deletes the other's.

When Redis cannot be reached the lease cannot be renewed, and after its time to live another server may
hold it: so a lease not renewed in time is treated as lost (whoever :meth:`Leases.report_losses_to` names is
told, and the server forgets the game), never assumed still held.  The server then stops applying that game's decisions
until it can take the lease again; at worst the players wait for Redis to come back.

The leases are counted by this process's clock, not Redis's: a renewal that succeeded at ``t`` makes the
lease ours until ``t + ttl`` for Redis; this process trusts it only until the renewal was *sent* plus
``ttl`` (see :meth:`Leases.held`), a little less, never more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # the module itself is imported only when --redis is given
    from redis.asyncio import Redis

__all__ = ["KEY_PREFIX", "LeaseError", "Leases", "server_id"]

log = logging.getLogger("lost_cities.server")

#: Every lease's key starts so: one Redis may serve other things beside.
KEY_PREFIX = "lost-cities:lease:"

#: Extend the lease only if it is still ours (KEYS[1] the key, ARGV[1] our id, ARGV[2] the ttl in ms): 1 if it was.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""

#: Delete the lease only if it is still ours (KEYS[1] the key, ARGV[1] our id): 1 if it was.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class LeaseError(RuntimeError):
    """Redis cannot be reached or refused the command: the message says so in one sentence."""


def server_id() -> str:
    """This process's id among the servers: host, process id and a random part (a pid is reused after a restart,
    and two containers may share a hostname and a pid).

    >>> a, b = server_id(), server_id()
    >>> a != b and a.split(":")[:2] == b.split(":")[:2]
    True
    """
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """This server's leases on games in one Redis: take, renew, give back, and notice one lost.

    ``ttl`` (seconds) is how long a lease outlives its holder's last renewal: how long a game waits after
    its server died before another may take it over.  :meth:`start` begins renewing every held lease each
    ``ttl / 3``; a lease that could not be renewed (taken by another, or Redis away until it ran out) is
    dropped and ``on_lost(game_id)`` is called, so the hub forgets the game.
    """

    def __init__(self, redis: Redis, *, ttl: float = 10.0, me: str | None = None) -> None:
        if ttl <= 0:
            raise ValueError(f"a lease's time to live must be positive, not {ttl}")
        self.redis = redis
        self.ttl = ttl
        self.me = me or server_id()
        #: told of each lease lost (:meth:`report_losses_to`)
        self.on_lost: Callable[[str], None] | None = None
        #: The games whose lease we hold, each with when (this process's monotonic clock) it runs out at the latest.
        self._held: dict[str, float] = {}
        self._renewer: asyncio.Task[None] | None = None
        #: set to end the renewals between two passes (a pass cut in the middle of its round trip may leave the
        #: connection half read, and redis-py may not even let it be cut)
        self._stopping = asyncio.Event()

    @property
    def _ttl_ms(self) -> int:
        return max(1, round(self.ttl * 1000))

    @staticmethod
    def key(game_id: str) -> str:
        return KEY_PREFIX + game_id

    async def _call(self, what: str, command: Callable[[], object]) -> object:
        """Run a Redis command; :class:`LeaseError` in one sentence when Redis cannot answer."""
        from redis.exceptions import RedisError

        try:
            return await cast("Awaitable[object]", command())
        except (RedisError, OSError) as error:
            raise LeaseError(f"Redis cannot {what}: {error}") from None

    async def ping(self) -> None:
        """Whether Redis answers: :class:`LeaseError` in one sentence if not."""
        await self._call("be reached", self.redis.ping)

    async def acquire(self, game_id: str) -> bool:
        """Take the game's lease if nobody holds it (or we already do): whether it is ours now."""
        if self.held(game_id):
            return await self.renew(game_id)
        sent = time.monotonic()
        taken = await self._call(
            f"take the lease on game {game_id}",
            lambda: self.redis.set(self.key(game_id), self.me, nx=True, px=self._ttl_ms),
        )
        if taken:
            self._held[game_id] = sent + self.ttl
            return True
        if await self.owner(game_id) == self.me:  # ours from before (a renewal's answer lost): keep it
            return await self.renew(game_id)
        return False

    async def renew(self, game_id: str) -> bool:
        """Extend the game's lease by a whole ttl if it is still ours, atomically: whether it was.  A lease found
        lost is dropped from :attr:`games` (``on_lost`` is the renewer's to call, not this method's)."""
        sent = time.monotonic()
        extended = await self._call(
            f"renew the lease on game {game_id}",
            lambda: self.redis.eval(_RENEW, 1, self.key(game_id), self.me, str(self._ttl_ms)),
        )
        if extended == 1:
            self._held[game_id] = sent + self.ttl
            return True
        self._held.pop(game_id, None)
        return False

    async def release(self, game_id: str) -> bool:
        """Give the game's lease back if it is ours, atomically (another's lease is left alone): whether it was."""
        self._held.pop(game_id, None)
        released = await self._call(
            f"release the lease on game {game_id}", lambda: self.redis.eval(_RELEASE, 1, self.key(game_id), self.me)
        )
        return released == 1

    async def owner(self, game_id: str) -> str | None:
        """The id of the server holding the game's lease, or None when nobody does."""
        value = await self._call(f"read the lease on game {game_id}", lambda: self.redis.get(self.key(game_id)))
        if value is None:
            return None
        return value.decode() if isinstance(value, bytes) else str(value)

    def held(self, game_id: str) -> bool:
        """Whether we hold the game's lease now, by our own clock: renewed less than a ttl ago."""
        until = self._held.get(game_id)
        return until is not None and time.monotonic() < until

    @property
    def games(self) -> frozenset[str]:
        """The games whose lease we believe we hold (renewed less than a ttl ago or not yet checked since)."""
        return frozenset(self._held)

    def start(self) -> None:
        """Begin renewing every held lease each ttl / 3, in a background task (:meth:`close` ends it)."""
        if self._renewer is None or self._renewer.done():
            self._stopping.clear()
            self._renewer = asyncio.create_task(self._renew_all(), name="lost-cities lease renewer")

    async def _renew_all(self) -> None:
        while not self._stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.ttl / 3)
            if not self._stopping.is_set():
                await self.renew_once()

    async def renew_once(self) -> None:
        """Renew every held lease once, all in one round trip to Redis (a pipeline: one after the other, a thousand
        games are a thousand round trips on a busy event loop, and some are lost before their turn comes); drop (and
        tell ``on_lost`` of) each one lost, or one Redis did not confirm before it ran out by our clock."""
        from redis.exceptions import RedisError

        games = list(self._held)
        if not games:
            return
        sent = time.monotonic()
        answers: list[object]
        try:
            async with self.redis.pipeline(transaction=False) as pipeline:
                for game_id in games:
                    pipeline.eval(_RENEW, 1, self.key(game_id), self.me, str(self._ttl_ms))
                answers = await pipeline.execute(raise_on_error=False)
        except (RedisError, OSError) as error:
            answers = [error] * len(games)
        for game_id, answer in zip(games, answers, strict=True):
            if game_id not in self._held:  # released while the renewals were on their way: no longer ours
                continue
            if answer == 1:
                self._held[game_id] = sent + self.ttl
                continue
            if isinstance(answer, Exception):
                if self.held(game_id):  # Redis away: still ours until it runs out, then lost
                    continue
                log.warning("game %s: lease not renewed in time (%s); no longer applying it here", game_id, answer)
            self._held.pop(game_id, None)
            self._lost(game_id)

    def report_losses_to(self, on_lost: Callable[[str], None]) -> None:
        """Have ``on_lost(game_id)`` called for each lease lost from now on: the hub, which forgets the game."""
        self.on_lost = on_lost

    def _lost(self, game_id: str) -> None:
        log.info("game %s: lease lost; whichever server takes it next applies the game (once Redis answers)", game_id)
        if self.on_lost is not None:
            self.on_lost(game_id)

    async def stop_renewing(self) -> None:
        """End the background renewals, releasing nothing (as a killed process would)."""
        if self._renewer is not None:
            self._stopping.set()  # the pass under way ends first, within a ttl; then it is cut, waited for no more
            done, _ = await asyncio.wait([self._renewer], timeout=self.ttl)
            if not done:
                self._renewer.cancel()
            self._renewer = None

    async def close(self) -> None:
        """Stop renewing and give back every lease held, so that another server may take the games at once;
        a lease Redis cannot be told about simply runs out."""
        from redis.exceptions import RedisError

        await self.stop_renewing()
        games = list(self._held)
        self._held.clear()
        if not games:
            return
        try:  # all in one round trip, as the renewals
            async with self.redis.pipeline(transaction=False) as pipeline:
                for game_id in games:
                    pipeline.eval(_RELEASE, 1, self.key(game_id), self.me)
                await pipeline.execute()
        except (RedisError, OSError) as error:
            log.warning("%d leases not released (%s); they run out in %g s", len(games), error, self.ttl)
