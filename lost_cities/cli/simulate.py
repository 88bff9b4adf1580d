"""``lost-cities simulate``: random legal play, a benchmark and a soak test of the engine."""

from __future__ import annotations

import argparse
import json

from lost_cities.cli.arguments import Commands, add_lang, add_variants, whole_number
from lost_cities.i18n import _
from lost_cities.limits import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS

#: More rounds than anyone waits for (about an hour at this engine's speed).
MAX_ROUNDS = 10_000_000


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "simulate",
        help=_("play random rounds: a benchmark and a soak test of the engine"),
        description=_(
            "Every player picks uniformly at random among the legal choices; the engine's "
            "invariants are checked as they go."
        ),
    )
    parser.add_argument(
        "--rounds",
        type=whole_number(1, MAX_ROUNDS),
        default=1000,
        metavar=_("ROUNDS"),
        help=_("rounds to play (default 1000)"),
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=0,
        metavar=_("SEED"),
        help=_("seed of the first deal (default 0)"),
    )
    add_variants(parser, "long")
    parser.add_argument(
        "--players",
        type=int,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        default=2,
        help=_("2, 3 (R23) or 4 in two teams (R24); default 2"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    from babel.lists import format_list

    from lost_cities.engine.simulate import simulate
    from lost_cities.i18n import current_language
    from lost_cities.words import decimal, signed

    report = simulate(args.rounds, seed=args.seed, long=args.long, players=args.players)
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0
    # "−40.30 and +12.50": the language's own decimals, and its own way of listing them (never "−40,30, +12,50")
    scores = format_list([signed(score, 2) for score in report.mean_scores], locale=current_language())
    print(_("Rounds played:     {n}").format(n=decimal(report.rounds)))
    print(_("Seconds:           {s}").format(s=decimal(report.seconds, 3)))
    print(_("Rounds per second: {r}").format(r=decimal(report.rounds_per_second)))
    if args.players == 4:
        print(_("Mean score by team: {scores}").format(scores=scores))
    else:
        print(_("Mean score by seat: {scores}").format(scores=scores))
    print(_("Mean turns:        {t}").format(t=decimal(report.mean_turns, 1)))
    print(_("All invariants held."))
    return 0
