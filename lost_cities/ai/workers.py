"""Long work shared out among processes: the arena's deals, the analysis's decisions.

One way of doing it for the package: worker processes started by a fork server, never forked from
this process (a fork of a process with threads — a test runner's, an app's — may deadlock; Python 3.13
warns of it and 3.14 no longer does it), and Ctrl+C left to the parent, which stops the pool, rather
than a traceback from every worker.  ``multiprocessing`` is imported only when processes are wanted: the
app reads a kept analysis without it.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

__all__ = ["each", "leave_interrupts"]

Item = TypeVar("Item")
Result = TypeVar("Result")


def each(
    work: Callable[[Item], Result], items: Iterable[Item], jobs: int = 1, ordered: bool = True
) -> Iterator[Result]:
    """``work(item)`` for every item, as the results come: here with one job (or one item), else in ``jobs``
    worker processes, in the items' order, or (not ``ordered``) in the order they are done.

    ``work`` goes to the workers by pickling: a function of a module, or a :func:`functools.partial` of one.
    """
    items = list(items)
    if jobs <= 1 or len(items) <= 1:
        yield from map(work, items)
        return
    import multiprocessing

    with multiprocessing.get_context("forkserver").Pool(min(jobs, len(items)), leave_interrupts) as pool:
        yield from (pool.imap if ordered else pool.imap_unordered)(work, items)


def leave_interrupts() -> None:
    """In a worker: Ctrl+C is the parent's to handle (it stops the pool), not a traceback per process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
