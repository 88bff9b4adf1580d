"""The games one server holds in memory: each read from the store once, its lock, and let go when nobody is in it.

A game is loaded on first use (with several servers, ``--redis``, only once this server has taken its lease, and then
read at its last committed decision, whoever applied it) and kept while someone is connected to it or a computer is
thinking in it.  Then it is dropped, with its lock and its lease, so that a server up for months keeps no more than
its live games.  A game whose lease is lost, or whose decision could not be committed, is dropped at once and every
connection to it closed with 1013: nobody plays on a copy the database or another server may have moved past.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from lost_cities.net.protocol import ErrorCode
from lost_cities.server.computers import Computers
from lost_cities.server.game import Game
from lost_cities.server.game_store import GameStore
from lost_cities.server.leases import LeaseError, Leases
from lost_cities.server.members import Members
from lost_cities.server.refusals import Elsewhere, FrameRefused
from lost_cities.server.relay import Relay

__all__ = ["ELSEWHERE", "HeldGames"]

log = logging.getLogger("lost_cities.server")

#: What a client is told when another server holds the game's lease (then 1013): it is asked to come back, and by
#: then this server may hold the lease (the other one died, or forgot the game), or a front sends it to the other.
ELSEWHERE = "the game is being served by another server: try again in a moment"
#: What a client is told when Redis, which says which server serves a game, cannot be reached (then 1013).
_NO_REDIS = "the servers cannot agree on who serves this game right now (Redis is away): try again in a moment"

#: Runs a coroutine in the background, kept until done and cancelled when the server stops (the hub's).
Background = Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]]


class HeldGames:
    """The games in memory of a server on ``store``, with their ``members``; ``loaded`` is given each game as it is
    read from the store, and once its last seat is taken (the hub starts its computer's turn, if it is one's)."""

    def __init__(
        self,
        store: GameStore,
        members: Members,
        computers: Computers,
        background: Background,
        loaded: Callable[[Game], None],
        leases: Leases | None = None,
        relay: Relay | None = None,
    ) -> None:
        self.store = store
        self.members = members
        self.computers = computers
        self._background = background
        self._loaded = loaded
        #: with several servers on one database: a game is loaded and applied here only while this server holds
        #: its lease; one lost is dropped from memory at once (:meth:`lease_lost`)
        self.leases = leases
        if leases is not None:
            leases.report_losses_to(self.lease_lost)
        #: with several servers: this server hears the clients others relay for the games it holds
        self.relay = relay
        self.games: dict[str, Game] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        #: per game, held while it is loaded (lease taken, then read from the store) or its lease given back: a
        #: game forgotten and loaded again at once never ends up in memory with its lease released behind it
        self.loading: dict[str, asyncio.Lock] = {}

    async def get(self, game_id: str, asker: str | None = None) -> Game:
        """The game, from memory or read from the store (``asker``: the address of the client who asked for it,
        whom a computer whose turn it is answers).  With leases, only while this server holds the game's lease
        (taken here first): :class:`Elsewhere` otherwise."""
        held = self.games.get(game_id)
        if held is not None and (self.leases is None or self.leases.held(game_id)):
            return held
        if held is not None:  # our lease ran out by our clock before the renewer noticed: as good as lost
            self.lease_lost(game_id)
        async with self.loading.setdefault(game_id, asyncio.Lock()):
            if game_id not in self.games:  # another connection may have loaded it meanwhile
                await self._take_lease(game_id)
                stored = await self.store.load(game_id)
                if stored is None:
                    raise FrameRefused(ErrorCode.BAD_GAME, "this game is no longer on this server")
                await self._listen(game_id)
                game = self.games[game_id] = Game(stored)
                if asker is not None:
                    game.asker = asker
                self.lock(game_id)
                self._loaded(game)
        return self.games[game_id]

    def take_seat(self, game_id: str, seat: int, at: float) -> None:
        """``seat`` was taken at ``at`` (a join, a rematch's seat given out, or found taken in the store by a player
        who comes back to a copy that had not heard of it): marked in the copy held here, if any, and its clock
        counts from the last one in — whoever is in the game then is sent the view with its deadline."""
        game = self.games.get(game_id)
        if game is None or game.joined[seat]:
            return
        game.joined[seat] = True
        game.seat_taken(at)
        if game.seated:  # the cards shown to their players, the clock started, the computer's turn if it is one's
            self.members.tell_each(game_id, game.view_frame)
            self._loaded(game)

    def lock(self, game_id: str) -> asyncio.Lock:
        """The game's lock: one decision, join or rematch at a time (made when first needed, dropped with the
        game from memory)."""
        return self.locks.setdefault(game_id, asyncio.Lock())

    def forget_if_idle(self, game_id: str) -> None:
        """Drop the game from memory (the store keeps it) if nobody is connected to it and no computer is thinking
        in it; its lease is given back, so that another server may take it at once.  Called whenever a game may
        have become idle: its last connection left, a computer moved, a seat was refused or given out."""
        game = self.games.get(game_id)
        if game is None or self.members.everyone(game_id) or game.computer_to_move() is not None:
            return
        del self.games[game_id]
        self.members.forget(game_id)
        # its locks too, unless held (a lock nobody holds has nobody waiting for it either)
        for locks in (self.locks, self.loading):
            lock = locks.get(game_id)
            if lock is not None and not lock.locked():
                del locks[game_id]
        if any(level is not None for level in game.computers):
            self.computers.forget(game_id)
        if self.leases is not None:
            self._background(self._release(game_id))

    def drop(self, game: Game, reason: str) -> None:
        """Drop a game whose copy in memory may not be the store's (read again on next use) and close every
        connection to it with 1013 and ``reason``: they come back to what the store holds."""
        if self.games.get(game.id) is game:
            del self.games[game.id]
        self.close_all(game, 1013, reason)

    def lease_lost(self, game_id: str) -> None:
        """The game's lease was lost (not renewed in time, or taken by another server): the game is dropped from
        memory and every connection to it closed with 1013, so that nobody plays on a copy another server may be
        moving on; they come back, to whichever server holds the lease then."""
        game = self.games.pop(game_id, None)
        if game is None:
            return
        log.warning("game %s: its lease is lost, so it is no longer applied here", game_id)
        self.computers.forget(game_id)
        self.close_all(game, 1013, ELSEWHERE)
        if self.relay is not None:
            self._background(self._unlisten(game_id))

    def close_all(self, game: Game, code: int, reason: str) -> None:
        for connection in self.members.everyone(game.id):
            self._background(connection.close(code, reason))

    async def _take_lease(self, game_id: str) -> None:
        """Hold the game's lease before reading it (nothing to do on one server)."""
        if self.leases is None:
            return
        try:
            taken = await self.leases.acquire(game_id)
        except LeaseError as error:
            log.warning("game %s: %s", game_id, error)
            raise Elsewhere(_NO_REDIS) from None
        if not taken:
            raise Elsewhere(ELSEWHERE, game_id)
        self.leases.start()  # renewed from now on (once started, started)

    async def _listen(self, game_id: str) -> None:
        """Hear the clients other servers relay for a game whose lease this server now holds (nothing to do without
        a relay).  Redis away: the lease is given back (if Redis hears it) and the client asked to come back."""
        if self.relay is None:
            return
        try:
            await self.relay.serve(game_id)
        except LeaseError as error:
            log.warning("game %s: %s", game_id, error)
            assert self.leases is not None
            with contextlib.suppress(LeaseError):
                await self.leases.release(game_id)
            raise Elsewhere(_NO_REDIS) from None

    async def _unlisten(self, game_id: str) -> None:
        """No longer hear a game's relayed clients, unless it was loaded again meanwhile (under its loading lock,
        as a load is)."""
        if self.relay is None:
            return
        async with self.loading.setdefault(game_id, asyncio.Lock()):
            if game_id not in self.games:
                await self.relay.unserve(game_id)

    async def _release(self, game_id: str) -> None:
        """Give the lease of a forgotten game back, unless it was loaded again meanwhile: under the game's loading
        lock, which a load holds from taking the lease to putting the game in memory, so the two never cross."""
        assert self.leases is not None
        async with self.loading.setdefault(game_id, asyncio.Lock()):
            if game_id in self.games:
                return
            if self.relay is not None:  # first: no relayed client is attached to a game this server lets go of
                await self.relay.unserve(game_id)
            try:
                await self.leases.release(game_id)
            except LeaseError as error:
                log.warning("game %s: lease not released (%s); it runs out by itself", game_id, error)
        lock = self.loading.get(game_id)
        if game_id not in self.games and lock is not None and not lock.locked():
            del self.loading[game_id]
