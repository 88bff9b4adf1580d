"""``lost-cities play``: a hot-seat match in the Textual app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lost_cities.ai.levels import DEFAULT_THINK, LEVELS
from lost_cities.cli import arguments
from lost_cities.cli.arguments import Commands, add_lang, seconds, whole_number
from lost_cities.cli.online import add_clock, add_server, running_online_games, server_of
from lost_cities.i18n import _
from lost_cities.limits import MAX_SEED, MAX_THINK, MIN_THINK

if TYPE_CHECKING:
    from lost_cities.session import OfferedGame


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "play",
        help=_("play a match at one keyboard (hot-seat)"),
        description=_(
            "Two, three or four people at one keyboard play a match; without names, a form asks for them. "
            "The number of players follows from the names given; with four, p1 and p3 are partners against "
            "p2 and p4 (R24). With --vs, you (--p1) play against the computer; the form lets any seat be "
            "the computer's."
        ),
    )
    parser.add_argument("--p1", metavar=_("NAME"), help=_("the first player's name"))
    parser.add_argument("--p2", metavar=_("NAME"), help=_("the second player's name"))
    parser.add_argument("--p3", metavar=_("NAME"), help=_("a third player's name (R23)"))
    parser.add_argument("--p4", metavar=_("NAME"), help=_("a fourth player's name: two teams (R24)"))
    parser.add_argument(
        "--vs",
        choices=LEVELS,
        metavar=_("LEVEL"),
        help=_("play against the computer at this level: {levels}").format(levels=", ".join(LEVELS)),
    )
    parser.add_argument(
        "--think",
        type=seconds(MIN_THINK, MAX_THINK),
        default=DEFAULT_THINK,
        metavar=_("SECONDS"),
        help=_("the hard level's thinking time per turn, {min} to {max} seconds (default {default})").format(
            min=f"{MIN_THINK:g}", max=f"{MAX_THINK:g}", default=f"{DEFAULT_THINK:g}"
        ),
    )
    parser.add_argument(
        "--first",
        choices=("p1", "p2", "p3", "p4", "random"),
        default="p1",
        help=_("who starts the first round (R5)"),
    )
    arguments.add_rounds(parser)
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        metavar=_("SEED"),
        help=_("seed the deals, to replay the same cards"),
    )
    arguments.add_variants(parser)
    parser.add_argument(
        "--memory-aid", action="store_true", help=_("the board lists, per colour, the cards you have not seen yet")
    )
    unfinished = parser.add_mutually_exclusive_group()
    unfinished.add_argument("--resume", action="store_true", help=_("resume the unfinished match at once"))
    unfinished.add_argument(
        "--new", action="store_true", help=_("start a new match; an unfinished one is kept in the history")
    )
    online = parser.add_argument_group(_("online"))
    where = online.add_mutually_exclusive_group()
    where.add_argument(
        "--online",
        action="store_true",
        help=_("play online: with --p1, create the game (seat 1 yours; a level as --p2…--p4 is a computer seat)"),
    )
    where.add_argument(
        "--join",
        metavar=_("CODE"),
        type=arguments.game_code,
        help=_("take the seat an invitation code opens, or come back to it"),
    )
    where.add_argument("--watch", metavar=_("CODE"), type=arguments.game_code, help=_("watch an online game"))
    online.add_argument(
        "--name", metavar=_("NAME"), type=arguments.joining_name, help=_("with --join: the name to play under")
    )
    online.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        help=_("with --online: 2, 3 or 4 in two teams (default: as many as --p1 to --p4 given)"),
    )
    add_clock(online)
    add_server(online, remembered=True)
    add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    if args.online or args.join or args.watch:
        from lost_cities.cli.online import run_play_online

        return run_play_online(args)
    from lost_cities.limits import PlayerNamesError, check_names
    from lost_cities.session import MatchSettings

    given = [args.p1, args.p2, args.p3, args.p4]
    if args.vs is not None:
        from lost_cities.words import computer_name, player_name

        if args.p3 is not None or args.p4 is not None:
            args.parser.error(_("--vs: you play one computer; for more players, use the form"))
        # a name not given is the seat's own; one given empty is refused, as without --vs
        args.p1 = player_name(0) if args.p1 is None else args.p1
        args.p2 = computer_name(1, 1) if args.p2 is None else args.p2
        given = [args.p1, args.p2, None, None]
    named = any(name is not None for name in given)
    if named:
        if args.p1 is None or args.p2 is None or (args.p4 is not None and args.p3 is None):
            args.parser.error(_("give --p1 and --p2 (and --p3, --p4 for more players), or no name to use the form"))
        count = arguments.players_for(None, [seat for seat, name in enumerate(given) if name is not None])
        try:
            names = check_names([name for name in given if name is not None])
        except PlayerNamesError as problem:
            args.parser.error(problem.clause)
        if args.first != "random" and int(args.first[1:]) > count:
            args.parser.error(_("--first {seat}: there are only {n} players").format(seat=args.first, n=count))
    else:  # the form opens with the options given, as many players as --first p3/p4 needs
        count = 2 if args.first == "random" else max(2, int(args.first[1:]))
        names = ("",) * count
    try:
        rules = arguments.rules_of(args, count)
    except ValueError as error:
        args.parser.error(str(error))
    chosen = MatchSettings(
        names=names,
        first=args.first,
        rounds=args.rounds,
        seed=args.seed,
        rules=rules,
        computers=(None, args.vs) if args.vs else (),
        think=args.think,
        memory_aid=args.memory_aid,
    )
    if not arguments.on_a_terminal():
        if getattr(args, "bare", False):  # typed without a command: say where the others are
            return arguments.refuse(
                "play",
                _(
                    "the game needs a terminal: run it without redirecting its input or output "
                    "(lost-cities --help lists the other commands)"
                ),
            )
        return arguments.refuse("play", _("the game needs a terminal: run it without redirecting its input or output"))
    from lost_cities.cli.launch import open_app
    from lost_cities.tui.match.match_app import Local, StartMode

    start: StartMode = "resume" if args.resume else ("new" if args.new else "ask")
    offered: tuple[OfferedGame, ...] = ()
    notices: tuple[str, ...] = ()
    if start == "ask" and not named:  # the online games still running, offered beside the unfinished match
        running = running_online_games()
        offered, notices = tuple(running.offered), running.notices()
    # with names the match starts at once; without, the form opens filled in with the options
    server = server_of(args, remembered=True)
    opening = Local(chosen if named else None, start, form=None if named else chosen, online=offered, server=server)
    return open_app(opening, notices)
