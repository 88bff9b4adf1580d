"""``lost-cities play``: a hot-seat match in the Textual app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lost_cities.cli import arguments
from lost_cities.cli.online import running_online_games, server_of
from lost_cities.i18n import _

if TYPE_CHECKING:
    from lost_cities.session import OfferedGame


def run(args: argparse.Namespace) -> int:
    if args.online or args.join or args.watch:
        from lost_cities.cli.online import run_play_online

        return run_play_online(args)
    from lost_cities.ai.levels import LEVELS
    from lost_cities.limits import PlayerNamesError, check_names
    from lost_cities.session import MatchSettings

    for option, value, companion in (
        ("--players", args.players, "--online"),
        ("--clock", args.clock, "--online"),
        ("--name", args.name, "--join"),
    ):
        if value is not None:  # what only an online game reads: said, rather than a match that ignores it
            refusal = _("{option} is for an online game (with {companion}); at this keyboard it would change nothing")
            args.parser.error(refusal.format(option=option, companion=companion))
    given = [args.p1, args.p2, args.p3, args.p4]
    computers: tuple[str | None, ...] = ()
    if args.vs is not None:
        from lost_cities.words import computer_name, player_name

        if args.p3 is not None or args.p4 is not None:
            args.parser.error(_("--vs: you play one computer; for more players, give a level as --p2, --p3 or --p4"))
        # a name not given is the seat's own; one given empty is refused, as without --vs
        args.p1 = player_name(0) if args.p1 is None else args.p1
        args.p2 = computer_name(1, 1) if args.p2 is None else args.p2
        given = [args.p1, args.p2, None, None]
        computers = (None, args.vs)
    elif any(name in LEVELS for name in given):  # a level is a computer's seat, as online
        from lost_cities.words import computer_name

        levels = [name for name in given if name in LEVELS]
        if (
            args.p1 is not None
            and args.p2 is not None
            and len(levels) == len([name for name in given if name is not None])
        ):
            args.parser.error(_("at least one player is a person: give a name, not a level, to one of them"))
        computers = tuple(name if name in LEVELS else None for name in given if name is not None)
        given = [computer_name(seat, len(levels)) if name in LEVELS else name for seat, name in enumerate(given)]
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
        computers=computers,
        think=args.think,
        memory_aid=args.memory_aid,
    )
    if not arguments.on_a_terminal():
        refusal = _("the game needs a terminal: run it without redirecting its input or output")
        if getattr(args, "bare", False):  # typed without a command: say where the others are
            refusal = _(
                "the game needs a terminal: run it without redirecting its input or output "
                "(lost-cities --help lists the other commands)"
            )
        return arguments.refuse("play", refusal)
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
