"""A progress bar on one terminal line, for the commands that work a while (``arena``, ``analyse``).

``[####------] 12/40 …``: drawn at once, then at most five times a second and at the end, each time over
the last; cut to the terminal's width; :meth:`ProgressBar.clear` blanks the line (and a ``^C`` the
terminal may have echoed after it).  A command gives the words after the bar (:meth:`ProgressBar.words`).
"""

from __future__ import annotations

import shutil
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """``done`` of ``total`` on one line of ``stream``."""

    WIDTH = 10

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.shown = 0.0
        self.length = 0
        self.show(0)

    def words(self, bar: str, done: int) -> str:
        """The whole line: ``bar`` (``####------``, in brackets in the words) and what is done."""
        raise NotImplementedError

    def show(self, done: int) -> None:
        now = time.monotonic()
        if done and now - self.shown < 0.2 and done < self.total:
            return
        self.shown = now
        filled = self.WIDTH * done // max(self.total, 1)
        line = self.words("#" * filled + "-" * (self.WIDTH - filled), done)
        line = line[: shutil.get_terminal_size((80, 24)).columns - 1]
        self.stream.write("\r" + line.ljust(self.length))
        self.stream.flush()
        self.length = len(line)

    def clear(self) -> None:
        if self.length:
            self.stream.write("\r" + " " * (self.length + 2) + "\r")
            self.stream.flush()
