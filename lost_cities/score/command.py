"""``lost-cities score``: a finished round from arguments (a table or JSON), or the score pad.

The command line only collects the arguments; this module reads them, refuses what cannot
be scored in one line on stderr with exit status 2, and prints the engine's breakdown, or
opens the pad when no expedition is given.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Sequence

from lost_cities.engine import excerpt
from lost_cities.i18n import _
from lost_cities.score.parse import ScoreInputError, read_players, read_side
from lost_cities.score.sheet import MAX_ROUNDS

__all__ = ["refuse", "run_score", "visible"]


def visible(text: str) -> str:
    r"""``text`` with its control and format characters written as escapes, so a quoted argument
    stays on its line and cannot restyle the terminal.

    >>> print(visible("red:\n3\x1b[31m"), visible("rouge\u00a0: ok"))
    red:\n3\x1b[31m rouge : ok
    """
    return "".join(repr(char)[1:-1] if unicodedata.category(char) in ("Cc", "Cf") else char for char in text)


def refuse(token: str, message: str) -> int:
    """A refused score: one line on stderr naming the offending argument, status 2 as argparse does."""
    line = _("lost-cities score: {token}: {message}").format(token=excerpt(token, 40), message=message)
    print(visible(line), file=sys.stderr)
    return 2


def run_score(
    expeditions: Sequence[str],
    hand: str | None = None,
    long: bool = False,
    as_json: bool = False,
    rounds: int | None = None,
    players: str | None = None,
    on_a_terminal: bool = False,
) -> int:
    """Score one side of a finished round, or open the pad when no expedition is given.

    ``players`` is the ``--players`` text as typed: 2, 3 or 4 (R23, R24); the exit status
    is 0, or 2 with one line on stderr for anything that cannot be scored.
    """
    try:
        count = read_players(players)
    except ScoreInputError as error:
        return refuse(error.token, error.message)
    if not expeditions and hand is None and not as_json:
        return _score_pad(long, rounds, count, on_a_terminal)
    if rounds is not None:
        return refuse("--rounds", _("the number of rounds is for the score pad: give no EXPEDITION"))
    try:
        side = read_side(expeditions, hand, long=long, players=count)
    except ScoreInputError as error:
        return refuse(error.token, error.message)
    from lost_cities.score.table import side_json, side_table

    score = side.score()
    if as_json:
        print(json.dumps(side_json(score, side.rules)))
    else:
        from rich.console import Console

        Console().print(side_table(score, side.rules))
    return 0


def _score_pad(long: bool, rounds: int | None, players: int, on_a_terminal: bool) -> int:
    if rounds is not None and rounds > MAX_ROUNDS:
        return refuse(f"--rounds {rounds}", _("the score pad keeps 1 to {max} rounds (R17)").format(max=MAX_ROUNDS))
    if not on_a_terminal:
        return refuse(
            _("no EXPEDITION"),
            _("the score pad needs a terminal; to score from a script give expeditions, e.g. red:w,3,4,7"),
        )
    from lost_cities.tui.scorepad import ScorePadApp

    ScorePadApp(long=long, rounds=rounds or 3, players=players).run()
    return 0
