"""``lost-cities score``: one side of a finished round from arguments, or the score pad."""

from __future__ import annotations

import argparse
import json

from lost_cities.cli import arguments
from lost_cities.i18n import _


def _refusal(token: str, message: str) -> int:
    """A refused score: one line on stderr naming the offending argument (its start, if it is long)."""
    from lost_cities.score.parse import shown_token

    return arguments.refuse("score", _("{token}: {message}").format(token=shown_token(token), message=message))


def run(args: argparse.Namespace) -> int:
    from lost_cities.score.parse import ScoreInputError, read_players, read_side

    try:
        players = read_players(args.players)
    except ScoreInputError as error:
        return _refusal(error.token, error.message)
    if not args.expeditions and args.hand is None and not args.json:
        return _run_score_pad(args, players)
    if args.rounds is not None:
        return _refusal("--rounds", _("the number of rounds is for the score pad: give no EXPEDITION"))
    if args.new:
        return _refusal("--new", _("a new pad is for the score pad: give no EXPEDITION"))
    from rich.console import Console

    from lost_cities.score.breakdown_table import side_json, side_table

    try:
        side = read_side(args.expeditions, args.hand, long=args.long, players=players)
    except ScoreInputError as error:
        return _refusal(error.token, error.message)
    score = side.score()
    if args.json:
        print(json.dumps(side_json(score, side.rules)))
    else:
        Console().print(side_table(score, side.rules))
    return 0


def _run_score_pad(args: argparse.Namespace, players: int) -> int:
    if not arguments.on_a_terminal():
        return _refusal(
            _("no EXPEDITION"),
            _("the score pad needs a terminal; to score from a script give expeditions, e.g. red:w,3,4,7"),
        )
    from lost_cities.storage import MatchStore, StorageError
    from lost_cities.tui.scorepad.app import ScorePadApp, unfinished_pad

    store = MatchStore()
    chosen = args.players is not None or args.rounds is not None or args.long
    if chosen and not args.new:  # options for a new pad, and one unfinished would open in their place
        try:
            kept = unfinished_pad(store)
        except StorageError:  # the pad says so, and sets it aside
            kept = None
        if kept is not None:
            return arguments.refuse(
                "score",
                _(
                    "the score pad of {names} is unfinished (round {n}): lost-cities score opens it as it is, "
                    "lost-cities score --new starts another with these options"
                ).format(names=", ".join(kept.side_names), n=kept.round_number),
            )
    ScorePadApp(long=args.long, rounds=args.rounds or 3, players=players, store=store, new=args.new).run()
    return 0
