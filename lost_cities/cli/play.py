"""``lost-cities play``: a hot-seat match in the Textual app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lost_cities.cli import arguments
from lost_cities.cli.online import running_online_games, server_of
from lost_cities.i18n import _

if TYPE_CHECKING:
    from lost_cities.session import OfferedGame


#: The options of a new match's settings: the names (or levels), who starts, rounds, seed and variants.
_SETTINGS = ("p1", "p2", "p3", "p4", "first", "rounds", "seed", "long", "hand_penalty", "coop")
#: Those a match at this keyboard alone reads: the computer's, the memory aid, what becomes of an unfinished match.
_HERE = ("vs", "think", "memory_aid", "resume", "new")
#: Those an online game alone reads, and what goes with each (the server: every way online, said in words).
_ONLINE = {"players": "--online", "clock": "--online", "name": "--join", "server": "", "server_fixed": "--online"}


def _unread(args: argparse.Namespace) -> str | None:
    """Why one of the options given is not read by the way of playing the others choose, in a sentence, if one is
    not: said, rather than a match or a game that ignores it (an option given its default cannot be told apart)."""
    given = [dest for dest in (*_SETTINGS, *_HERE, *_ONLINE) if getattr(args, dest) != args.parser.get_default(dest)]
    for dest in given:
        option = "--" + dest.replace("_", "-")
        if not (args.online or args.join or args.watch):
            if dest in _ONLINE:
                refusal = _(
                    "{option} is for an online game (with {companion}); at this keyboard it would change nothing"
                )
                return refusal.format(option=option, companion=_ONLINE[dest] or _("--online, --join or --watch"))
        elif dest in _HERE:
            return _("{option} is for a match at this keyboard: an online game does not read it").format(option=option)
        elif args.join or args.watch:
            if dest == "name" and args.watch:
                return _("--name is for --join: a watcher takes no seat")
            if dest not in ("name", "server"):
                mode = "--join" if args.join else "--watch"
                refusal = _("{option} is for a new game: {mode} takes the game as it was set up")
                return refusal.format(option=option, mode=mode)
        elif dest == "name":
            return _("--name is for --join: with --online, --p1 is your name")
        elif args.p1 is None and dest not in ("server", "server_fixed"):
            refusal = _("{option} is for a new online game: give --p1 (your name) too, or set it up with Ctrl+N")
            return refusal.format(option=option)
    return None


def run(args: argparse.Namespace) -> int:
    unread = _unread(args)
    if unread is not None:
        args.parser.error(unread)
    if args.online or args.join or args.watch:
        from lost_cities.cli.online import run_play_online

        return run_play_online(args)
    from lost_cities.ai.levels import LEVELS
    from lost_cities.i18n import same_name_key
    from lost_cities.limits import PlayerNamesError, check_names
    from lost_cities.session import MatchSettings

    given = [args.p1, args.p2, args.p3, args.p4]
    computers: tuple[str | None, ...] = ()
    if args.vs is not None:
        from lost_cities.words import computer_name, player_name

        if args.p3 is not None or args.p4 is not None:
            args.parser.error(_("--vs: you play one computer; for more players, give a level as --p2, --p3 or --p4"))
        # a name not given is the seat's own; one given empty is refused, as without --vs
        if args.p2 is None and args.p1 is not None and same_name_key(args.p1) == same_name_key(computer_name(1, 1)):
            args.parser.error(
                _("--p1 {name}: that is the computer's name here; give yourself another").format(name=args.p1)
            )
        args.p1 = player_name(0) if args.p1 is None else args.p1
        args.p2 = computer_name(1, 1) if args.p2 is None else args.p2
        given = [args.p1, args.p2, None, None]
        computers = (None, args.vs)
    elif any(name in LEVELS for name in given):  # a level is a computer's seat, as online
        from lost_cities.words import computer_name

        levels = [name for name in given if name in LEVELS]
        if args.p1 is not None and args.p2 is not None and all(name in LEVELS for name in given if name is not None):
            args.parser.error(_("at least one player is a person: give a name, not a level, to one of them"))
        computers = tuple(name if name in LEVELS else None for name in given if name is not None)
        given = [computer_name(seat, len(levels)) if name in LEVELS else name for seat, name in enumerate(given)]
    named = any(name is not None for name in given)
    if named:
        if args.p4 is not None and args.p3 is None and args.p1 is not None and args.p2 is not None:
            args.parser.error(_("--p4 without --p3: four players are --p1 to --p4, each given"))
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
