"""Games never begun — no card played, whether or not their players all came —, deleted once
:attr:`~lost_cities.server.gate.Limits.UNSTARTED_DAYS` old.

An invitation nobody takes would otherwise be kept for ever: an address may create thirty games a minute and three
hundred a day, and each waits with its seats and codes in the database (taking one's own seats, too, kept a game
that is never played).  Deleted, it is gone from its creator's list of games, and its codes and tokens open nothing
("the game is gone").  A game this server holds in memory — someone is at its table — is left until they go.  Every
server of a database sweeps it (a game deleted twice is deleted once), each sparing only the games it holds: a
creator who has sat at another server's table for two weeks waiting for a friend sees the game gone when the
friend's code is refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection

from lost_cities.server.game_store import DELETED_AT_ONCE, GameStore, StoreError
from lost_cities.server.gate import Limits

__all__ = ["delete_unstarted_games"]

log = logging.getLogger("lost_cities.server")

#: Seconds between two sweeps: a game is deleted within this long of its time.
_EVERY = 3600.0


async def delete_unstarted_games(store: GameStore, held: Collection[str]) -> None:
    """Delete, now and every hour, the games of ``store`` in which no card was played :attr:`Limits.UNSTARTED_DAYS`
    after their creation, but those in ``held`` (the ids of the games in memory): until cancelled.  A database away
    is tried again at the next sweep."""
    while True:
        deleted = 0
        try:
            while True:
                count = await store.delete_unstarted(time.time() - Limits.UNSTARTED_DAYS * 86400, frozenset(held))
                deleted += count
                if count < DELETED_AT_ONCE:
                    break
        except StoreError as error:
            log.warning("games never begun could not be deleted: %s", error)
        if deleted:
            log.info("games deleted, not begun in %d days: %d", Limits.UNSTARTED_DAYS, deleted)
        await asyncio.sleep(_EVERY)
