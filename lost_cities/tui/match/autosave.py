"""The autosave's writes, off the event loop: a slow disk never freezes a key.

The app decides what to write on the event loop, the moment a turn is done (a save is a
value, built from the match as it stands then); the writing itself — the JSON, a temporary
file, ``fsync``, a rename (:func:`~lost_cities.storage.atomic.write_atomic`) — runs on a
thread, one write at a time, in the order the app asked for them, so that the file on disk
never goes back to an older turn.  A save still waiting its turn is replaced by a newer one
(only the latest position matters, and a slow disk does not fall further and further
behind); filing a finished match or setting one aside is never skipped, nor moved past a
save.  A failure is the store's to count (it raises once for a run of failures) and is told
once, as before.  :meth:`Autosave.flush` returns when everything asked for is written: the
app waits for it as it closes, so that quitting keeps the match as it stood.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from msgspec import Struct

from lost_cities.storage import MatchStore, SavedMatch, StorageError

__all__ = ["Autosave"]


class _Write(Struct, frozen=True):
    write: Callable[[], object]
    #: a save of the match in progress: a newer one replaces it while it waits
    replaceable: bool = False


class Autosave:
    """The app's writes to the data folder, in order, on a thread; ``warn`` tells the players of a failure."""

    def __init__(self, store: MatchStore, warn: Callable[[str], None]) -> None:
        self.store = store
        self._warn = warn
        self._waiting: deque[_Write] = deque()
        self._writer: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        """True while something asked for is not yet on disk."""
        return self._writer is not None and not self._writer.done()

    def save(self, saved: SavedMatch) -> None:
        """Write the match in progress, after what was asked for before (a save still waiting is replaced)."""
        if self._waiting and self._waiting[-1].replaceable:
            self._waiting.pop()
        self._ask(_Write(lambda: self.store.save_current(saved), replaceable=True))

    def finish(self, saved: SavedMatch) -> None:
        """File the finished match in the history (it stops being the match in progress)."""
        self._ask(_Write(lambda: self.store.finish_current(saved)))

    def abandon(self) -> None:
        """File the match in progress, if any, as abandoned (a new match is starting)."""
        self._ask(_Write(self.store.abandon_current))

    async def flush(self) -> None:
        """Return once everything asked for so far is written (or has failed, and been told)."""
        while self.busy:
            assert self._writer is not None
            await asyncio.shield(self._writer)

    def _ask(self, write: _Write) -> None:
        self._waiting.append(write)
        if not self.busy:
            self._writer = asyncio.get_running_loop().create_task(self._write_all(), name="lost-cities autosave")

    async def _write_all(self) -> None:
        while self._waiting:
            write = self._waiting.popleft()
            try:
                await asyncio.to_thread(write.write)
            except StorageError as problem:
                self._warn(str(problem))
