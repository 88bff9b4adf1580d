"""The match app opened where a command says, and what the terminal is told once it has closed.

``lost-cities play`` (at one keyboard, or online) and ``lost-cities learn`` only turn their flags into an
:data:`~lost_cities.tui.match.match_app.Opening`; from there the one app owns the flow until the player leaves.
"""

from __future__ import annotations

import shutil
import textwrap
from typing import TYPE_CHECKING

from lost_cities.cli import arguments

if TYPE_CHECKING:
    from lost_cities.tui.match.match_app import Opening

__all__ = ["in_lines", "open_app"]


def open_app(opening: Opening, notices: tuple[str, ...] = ()) -> int:
    """Run the match app from ``opening`` to the player's leaving: 0, or 2 if a server refused the player for good
    (the reason said on one line); ``notices`` are read first (an online server that did not answer)."""
    from lost_cities.tui.match.match_app import MatchApp

    app = MatchApp(opening, notices=notices)
    app.run()
    if app.ending.problem is not None:
        return arguments.refuse("play", app.ending.problem)
    if app.ending.words:  # the screen is given back: what to know next stays in the terminal
        print(in_lines(app.ending.words, shutil.get_terminal_size().columns))
    return 0


def in_lines(words: str, columns: int) -> str:
    """``words`` in lines of fewer than ``columns`` cells, broken between words (the terminal would break them
    anywhere, ``offers i`` / ``t again``), never inside a command's name (``lost-cities``).

    >>> print(in_lines("The game goes on: lost-cities play offers it again.", 30))
    The game goes on: lost-cities
    play offers it again.
    """
    return textwrap.fill(words, max(columns - 1, 20), break_long_words=False, break_on_hyphens=False)
