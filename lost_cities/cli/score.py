"""``lost-cities score``: one side of a finished round from arguments, or the score pad."""

from __future__ import annotations

import argparse
import json

from lost_cities.cli import arguments
from lost_cities.cli.arguments import Commands, add_lang, add_variants, whole_number
from lost_cities.i18n import _
from lost_cities.limits import MAX_ROUNDS


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "score",
        help=_("tally a finished round of the physical game, or open the score pad"),
        description=_(
            "Score one player's side of a finished round of the card game (R11-R16).\n"
            "Give each started expedition as COLOUR:CARDS, its cards in the order they lie.\n"
            "With --players 4 a side is a team: the expeditions the two partners share.\n"
            "With no expedition, on a terminal, open the score pad for a whole match."
        ),
        epilog=_(
            """\
examples:
  lost-cities score red:w,w,3,4,7,10 b:2,5
  lost-cities score "red:w w 3 4 7 10" blue:2,5 --hand "g5 yw" --json
  lost-cities score --players 3 red:3,4,5,6,7,8,9
                               (three players, R23: cost 17, bonus from 7 cards)
  lost-cities score            (no expedition: the score pad for a whole match)
"""
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "expeditions",
        nargs="*",
        metavar=_("EXPEDITION"),
        help=_("COLOUR:CARDS, e.g. red:w,w,3,4,7,10; colour by name or first letter, w for a wager"),
    )
    add_variants(parser, "long")
    parser.add_argument(
        "--hand",
        metavar=_("CARDS"),
        help=_('the cards left in hand, e.g. "r5 b10 gw": switches on the hand penalty (R21)'),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--rounds",
        type=whole_number(1, MAX_ROUNDS),
        default=None,
        metavar=_("ROUNDS"),
        help=_("score pad: rounds in the match (default 3, R17)"),
    )
    parser.add_argument(
        "--players",
        metavar="2|3|4",
        help=_("players: 2 (default), 3 (cost 17, bonus from the 7th card, R23) or 4 in two teams (R24)"),
    )
    add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run, parser=parser)


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
    from lost_cities.tui.scorepad import ScorePadApp

    ScorePadApp(long=args.long, rounds=args.rounds or 3, players=players).run()
    return 0
