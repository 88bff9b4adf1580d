"""``lost-cities simulate``: random legal play, a benchmark and a soak test of the engine."""

from __future__ import annotations

import argparse
import json

from lost_cities.i18n import _


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
