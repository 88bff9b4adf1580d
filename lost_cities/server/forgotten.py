"""Games forgotten, deleted: those never begun — no card played, whether or not their players all came —
:attr:`~lost_cities.server.gate.Limits.UNSTARTED_DAYS` after their creation, and matches left half-played —
nobody has decided anything in them for :attr:`~lost_cities.server.gate.Limits.ABANDONED_DAYS`; a game with a clock
is given its clock's time more (its player may still decide, or the other side claim the match once that time has
run out).  A finished match is kept: it is its players' record.

An invitation nobody takes, or a match dropped after a card or two, would otherwise be kept for ever: an address may
create thirty games a minute and three hundred a day, and each waits with its seats, codes and decisions in the
database (taking one's own seats, too, kept a game that is never played).  Deleted, a game is gone from its
players' lists of games, and its codes and tokens open nothing ("the game is gone").  A game this server holds in
memory — someone is at its table — is left until they go.  Every server of a database sweeps it (a game deleted
twice is deleted once), each sparing only the games it holds: a creator who has sat at another server's table for
two weeks waiting for a friend sees the game gone when the friend's code is refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection

from lost_cities.server.game_store import GameStore, StoreError
from lost_cities.server.gate import Limits

__all__ = ["delete_forgotten_games"]

log = logging.getLogger("lost_cities.server")

#: Seconds between two sweeps: a game is deleted within this long of its time.
_EVERY = 3600.0
#: Seconds between two deletions of a sweep, each one short transaction: the store serves the games meanwhile.
_BETWEEN = 0.1

_DAY = 86400.0


async def delete_forgotten_games(store: GameStore, held: Collection[str]) -> None:
    """Delete, now and every hour, the games of ``store`` forgotten (never begun, or left half-played, for long
    enough), but those in ``held`` (the ids of the games in memory): until cancelled.  A database away is tried again
    at the next sweep."""
    while True:
        deleted = 0
        try:
            while True:
                now = time.time()
                count = await store.delete_forgotten(
                    now - Limits.UNSTARTED_DAYS * _DAY, now - Limits.ABANDONED_DAYS * _DAY, frozenset(held)
                )
                deleted += count
                if not count:
                    break
                await asyncio.sleep(_BETWEEN)
        except StoreError as error:
            log.warning("forgotten games could not be deleted: %s", error)
        if deleted:
            log.info(
                "games deleted, not begun in %d days or left %d days: %d",
                Limits.UNSTARTED_DAYS,
                Limits.ABANDONED_DAYS,
                deleted,
            )
        await asyncio.sleep(_EVERY)
