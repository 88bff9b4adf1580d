"""The ``lost-cities`` command line: one subcommand per job.

Each subcommand's module is imported only when it runs, so ``--help`` and the
engine-only commands start fast and never load Textual.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from lost_cities import __version__, argparse_i18n
from lost_cities.ai import command as arena
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


def _add_lang(parser: argparse.ArgumentParser, default: object = None) -> None:
    """``--lang`` on the program and on every command (read early by :func:`main`, see ``_language_from``)."""
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help=_("language: en, fr or ru"))


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "simulate",
        help=_("play random rounds: a benchmark and a soak test of the engine"),
        description=_(
            "Two players pick uniformly at random among the legal choices; the engine's "
            "invariants are checked as they go."
        ),
    )
    parser.add_argument(
        "--rounds", type=positive_int, default=1000, metavar=_("ROUNDS"), help=_("rounds to play (default 1000)")
    )
    parser.add_argument(
        "--seed", type=any_int, default=0, metavar=_("SEED"), help=_("seed of the first deal (default 0)")
    )
    parser.add_argument("--long", action="store_true", help=_("the long game with purple (R20)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    _add_lang(parser, argparse.SUPPRESS)
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


def _add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "play",
        help=_("play a match at one keyboard (hot-seat)"),
        description=_("Two people at one keyboard play a match; without names, a form asks for them."),
    )
    parser.add_argument("--p1", metavar=_("NAME"), help=_("the first player's name"))
    parser.add_argument("--p2", metavar=_("NAME"), help=_("the second player's name"))
    parser.add_argument(
        "--first", choices=("p1", "p2", "random"), default="p1", help=_("who starts the first round (R5)")
    )
    parser.add_argument(
        "--rounds", type=positive_int, default=3, metavar=_("ROUNDS"), help=_("rounds in the match (default 3)")
    )
    parser.add_argument("--seed", type=any_int, metavar=_("SEED"), help=_("seed the deals, to replay the same cards"))
    parser.add_argument("--long", action="store_true", help=_("the long game with purple (R20)"))
    parser.add_argument("--hand-penalty", action="store_true", help=_("nothing in hand: cards kept cost points (R21)"))
    parser.add_argument("--coop", action="store_true", help=_("cooperative: one team score (R22)"))
    unfinished = parser.add_mutually_exclusive_group()
    unfinished.add_argument("--resume", action="store_true", help=_("resume the unfinished match at once"))
    unfinished.add_argument(
        "--new", action="store_true", help=_("start a new match; an unfinished one is kept in the history")
    )
    _add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run_play, parser=parser)


def run_play(args: argparse.Namespace) -> int:
    from lost_cities.session import MAX_ROUNDS, MatchSettings

    names = (args.p1, args.p2)
    settings = None
    if args.rounds > MAX_ROUNDS:
        args.parser.error(_("--rounds: a number from 1 to {max}").format(max=MAX_ROUNDS))
    if any(name is not None for name in names):
        if not all(name is not None for name in names):
            args.parser.error(_("give both --p1 and --p2, or neither to use the form"))
        if not all(name.strip() for name in names):
            args.parser.error(_("a player's name cannot be empty"))
        if names[0].strip().casefold() == names[1].strip().casefold():
            args.parser.error(_("the two players need different names"))
        settings = MatchSettings(
            names=(names[0].strip(), names[1].strip()),
            first=args.first,
            rounds=args.rounds,
            seed=args.seed,
            long=args.long,
            hand_penalty=args.hand_penalty,
            cooperative=args.coop,
        )
    from lost_cities.tui.app import LostCitiesApp, StartMode

    start: StartMode = "resume" if args.resume else ("new" if args.new else "ask")
    LostCitiesApp(settings, start=start).run()
    return 0


def _add_score(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "score",
        help=_("tally a finished round of the physical game, or open the score pad"),
        description=_(
            "Score one player's side of a finished round of the card game (R11-R16).\n"
            "Give each started expedition as COLOUR:CARDS, its cards in the order they lie.\n"
            "With no expedition, on a terminal, open the score pad for a whole match."
        ),
        epilog=_(
            """\
examples:
  lost-cities score red:w,w,3,4,7,10 b:2,5
  lost-cities score "red:w w 3 4 7 10" blue:2,5 --hand "g5 yw" --json
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
    parser.add_argument("--long", action="store_true", help=_("the long game with purple (R20)"))
    parser.add_argument(
        "--hand",
        metavar=_("CARDS"),
        help=_('the cards left in hand, e.g. "r5 b10 gw": switches on the hand penalty (R21)'),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--rounds",
        type=positive_int,
        default=None,
        metavar=_("ROUNDS"),
        help=_("score pad: rounds in the match (default 3, R17)"),
    )
    _add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run_score)


def _score_refusal(token: str, message: str) -> int:
    """A refused score: one line on stderr naming the offending argument, status 2 as argparse does."""
    from lost_cities.engine import excerpt

    line = _("lost-cities score: {token}: {message}").format(token=excerpt(token, 40), message=message)
    print(line, file=sys.stderr)
    return 2


def run_score(args: argparse.Namespace) -> int:
    if not args.expeditions and args.hand is None and not args.json:
        return _run_score_pad(args)
    if args.rounds is not None:
        return _score_refusal("--rounds", _("the number of rounds is for the score pad: give no EXPEDITION"))
    from rich.console import Console

    from lost_cities.score.parse import ScoreInputError, read_side
    from lost_cities.score.table import side_json, side_table

    try:
        side = read_side(args.expeditions, args.hand, long=args.long)
    except ScoreInputError as error:
        return _score_refusal(error.token, error.message)
    score = side.score()
    if args.json:
        print(json.dumps(side_json(score, side.rules)))
    else:
        Console().print(side_table(score, side.rules))
    return 0


def _on_a_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _run_score_pad(args: argparse.Namespace) -> int:
    if not _on_a_terminal():
        return _score_refusal(
            _("no EXPEDITION"),
            _("the score pad needs a terminal; to score from a script give expeditions, e.g. red:w,3,4,7"),
        )
    from lost_cities.tui.scorepad import ScorePadApp

    ScorePadApp(long=args.long, rounds=args.rounds or 3).run()
    return 0


def _add_history(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "history",
        help=_("list past matches: date, names, variant, scores, result"),
        description=_("Finished and abandoned matches, oldest first, from the data folder."),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    _add_lang(parser, argparse.SUPPRESS)
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
    _add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run_export)


def _storage_refusal(error: Exception) -> int:
    """A storage problem as one line on stderr: 1 for a damaged record, 2 for a wrong or unknown id."""
    from lost_cities.storage import DamagedSaveError

    print(error, file=sys.stderr)
    return 1 if isinstance(error, DamagedSaveError) else 2


def run_export(args: argparse.Namespace) -> int:
    from lost_cities.storage import MatchStore, StorageError

    try:
        text = MatchStore().export(args.match)
    except StorageError as error:
        return _storage_refusal(error)
    sys.stdout.write(text)
    return 0


def _add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "replay",
        help=_("step through a past match, move by move, both hands shown"),
        description=_(
            "Open a past match (by id, or an exported JSON file) and step through it with the arrow keys; "
            "without an argument, the most recent match of the history."
        ),
    )
    parser.add_argument(
        "match", metavar="ID|FILE", nargs="?", help=_("an id from `lost-cities history`, or a file from export")
    )
    _add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    from lost_cities.storage import MatchStore, SaveStatus, StorageError
    from lost_cities.storage.summary import names_label

    store = MatchStore()
    try:
        if args.match is None:
            listing = store.list_history()
            if not listing.matches:
                print(
                    _("lost-cities replay: no past match yet; give a file exported by `lost-cities export`"),
                    file=sys.stderr,
                )
                return 2
            saved = listing.matches[-1]
        else:
            saved = store.load(args.match)  # an id, the start of one, or a file
    except StorageError as error:
        return _storage_refusal(error)
    if saved.status is SaveStatus.IN_PROGRESS:  # H2: its hands are still secret
        print(_("lost-cities replay: that match is still being played; replay it once it is over"), file=sys.stderr)
        return 2
    if not _on_a_terminal():
        print(_("lost-cities replay: the replay needs a terminal"), file=sys.stderr)
        return 2
    from lost_cities.tui.replay import ReplayApp

    ReplayApp(saved.names, saved.record, names_label(saved.names)).run()
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lost-cities",
        description=_("Lost Cities, Reiner Knizia's card game, for two players at one keyboard."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"lost-cities {__version__}",
        help=_("show program's version number and exit"),  # Python 3.11 hard-codes this help in English
    )
    _add_lang(parser)
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    _add_play(commands)
    _add_simulate(commands)
    _add_score(commands)

    _add_history(commands)
    _add_export(commands)
    _add_replay(commands)
    arena.add_parser(commands)
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
    argparse_i18n.install()
    parser = build_parser()
    args = parser.parse_args(args_list)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    result: int = args.run(args)
    return result
