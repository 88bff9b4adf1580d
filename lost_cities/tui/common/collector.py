"""Start-up's objects kept out of the garbage collector's way, once an app's first screen is up.

Textual, Rich and the app leave a great many long-lived objects behind them as they start: modules,
classes, parsed styles, the first screen.  Python's collector walks every one of them on each full
collection: ~50 ms with the hot-seat app, a stall that a player sees when it falls on a key press
(``benchmarks/bench_app.py`` measured its worst key-to-frame at ~110 ms from one).  ``gc.freeze``
moves them into a generation the collector no longer walks, so that a full collection then walks
only what was made since (~15 ms in the same benchmark).  Once per process: what later apps in the
same process make (the tests run hundreds) is left to the collector, as is any garbage.
"""

from __future__ import annotations

import gc
from functools import cache

__all__ = ["freeze_start_up"]


@cache
def freeze_start_up() -> None:
    """Freeze what exists now, the first time only; call it once the first screen has been drawn."""
    gc.freeze()
