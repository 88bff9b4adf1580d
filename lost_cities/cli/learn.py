"""``lost-cities learn``: the game taught by playing a short round, in the Textual app."""

from __future__ import annotations

import argparse

from lost_cities.cli import arguments
from lost_cities.i18n import _


def run(args: argparse.Namespace) -> int:
    """Play the lesson; when it was seen to its end, the app says what comes next."""
    if not arguments.on_a_terminal():
        return arguments.refuse("learn", _("the game needs a terminal: run it without redirecting its input or output"))
    from lost_cities.cli.launch import open_app
    from lost_cities.tui.match.match_app import Lesson

    return open_app(Lesson())
