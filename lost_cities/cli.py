"""The ``lost-cities`` command line: one subcommand per job.

Each subcommand's module is imported only when it runs, so ``--help`` and the
engine-only commands start fast and never load Textual.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from lost_cities import __version__
from lost_cities.i18n import LANGUAGES, _, detect_language, set_language


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} is too small: give 1 or more").format(value=value))
    return value


def any_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "simulate",
        help=_("play random rounds: a benchmark and a soak test of the engine"),
        description=_(
            "Two players pick uniformly at random among the legal choices; the engine's "
            "invariants are checked as they go."
        ),
    )
    parser.add_argument("--rounds", type=positive_int, default=1000, help=_("rounds to play (default 1000)"))
    parser.add_argument("--seed", type=any_int, default=0, help=_("seed of the first deal (default 0)"))
    parser.add_argument("--long", action="store_true", help=_("the long game with purple (R20)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    from lost_cities.simulate import simulate

    report = simulate(args.rounds, seed=args.seed, long=args.long)
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0
    scores = ", ".join(f"{score:.2f}" for score in report.mean_scores)
    print(_("Rounds played:     {n}").format(n=report.rounds))
    print(_("Seconds:           {s:.3f}").format(s=report.seconds))
    print(_("Rounds per second: {r:.0f}").format(r=report.rounds_per_second))
    print(_("Mean score by seat: {scores}").format(scores=scores))
    print(_("Mean turns:        {t:.1f}").format(t=report.mean_turns))
    print(_("All invariants held."))
    return 0


def _add_history(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "history",
        help=_("list past matches: date, names, variant, scores, result"),
        description=_("Finished and abandoned matches, oldest first, from the data folder."),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run_history)


def run_history(args: argparse.Namespace) -> int:
    from lost_cities.history import history_json, print_history
    from lost_cities.storage import MatchStore

    store = MatchStore()
    listing = store.list_history()
    for error in listing.damaged:
        print(error, file=sys.stderr)
    if args.json:
        print(json.dumps(history_json(listing, str(store.root)), ensure_ascii=False))
    else:
        print_history(listing, str(store.root))
    return 0


def _add_export(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "export",
        help=_("print one match's record as JSON (lost-cities export ID > match.json)"),
        description=_("Print a past match's record as JSON, to keep or to share."),
    )
    parser.add_argument("match", metavar="ID", help=_("the match's id from `lost-cities history`, or its start"))
    parser.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    from lost_cities.storage import DamagedSaveError, MatchStore, StorageError

    try:
        text = MatchStore().export(args.match)
    except DamagedSaveError as error:
        print(error, file=sys.stderr)
        return 1
    except StorageError as error:
        print(error, file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lost-cities",
        description=_("Lost Cities, Reiner Knizia's card game, for two players at one keyboard."),
    )
    parser.add_argument("--version", action="version", version=f"lost-cities {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, help=_("language: en, fr or ru"))
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    _add_simulate(commands)
    _add_history(commands)
    _add_export(commands)
    return parser


def _language_from(argv: Sequence[str]) -> str | None:
    """Find ``--lang`` before parsing, so that ``--help`` itself is translated."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(detect_language(_language_from(args_list)))
    parser = build_parser()
    args = parser.parse_args(args_list)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    result: int = args.run(args)
    return result
