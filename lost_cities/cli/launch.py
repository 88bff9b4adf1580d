"""The match app opened where a command says, and what the terminal is told once it has closed.

``lost-cities play`` (at one keyboard, or online) and ``lost-cities learn`` only turn their flags into an
:data:`~lost_cities.tui.match.match_app.Opening`; from there the one app owns the flow until the player leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lost_cities.cli import arguments

if TYPE_CHECKING:
    from lost_cities.tui.match.match_app import Opening

__all__ = ["open_app"]


def open_app(opening: Opening, notices: tuple[str, ...] = ()) -> int:
    """Run the match app from ``opening`` to the player's leaving: 0, or 2 if a server refused the player for good
    (the reason said on one line); ``notices`` are read first (an online server that did not answer)."""
    from lost_cities.tui.match.match_app import MatchApp

    app = MatchApp(opening, notices=notices)
    app.run()
    if app.ending.problem is not None:
        return arguments.refuse("play", app.ending.problem)
    if app.ending.words:  # the screen is given back: what to know next stays in the terminal
        print(app.ending.words)
    return 0
