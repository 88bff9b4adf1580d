"""Every command of ``lost-cities`` as data: its name, its help, its options, and the ``run`` of its module
(:mod:`~lost_cities.cli.declaration` says what each piece means, and builds the parser of :data:`PROGRAM`).

The options several commands share are named pieces (:data:`LANG`, :data:`VARIANTS`, :data:`ROUNDS`,
:data:`SERVER`…), in the same words on every command.  Texts are marked with ``N_`` and translated when the
parser is built.  Light, as the command modules are: what a command needs only to run is imported by its ``run``.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from lost_cities import __version__
from lost_cities.ai.levels import DEFAULT_THINK, LEVELS
from lost_cities.cli import analyse, arena, learn, online, play, records, score, serve, simulate, web
from lost_cities.cli.arguments import duration, game_code, joining_name, seconds, whole_number
from lost_cities.cli.declaration import Command, Commands, Group, OneOf, Option
from lost_cities.cli.online import SERVER_VARIABLE, server_address
from lost_cities.i18n import LANGUAGES, N_, _, quoted
from lost_cities.limits import (
    ANALYSIS_THINK,
    MAX_CLOCK,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SEED,
    MAX_THINK,
    MIN_CLOCK,
    MIN_PLAYERS,
    MIN_THINK,
)
from lost_cities.net import DEFAULT_SERVER
from lost_cities.server import COMPUTER_PROCESSES, DATABASE_CONNECTIONS, REDIS_CONNECTIONS
from lost_cities.server.gate import Limits

__all__ = ["PROGRAM"]

#: The most processes a command may play or analyse with at once.
MAX_JOBS = 64
#: More rounds than anyone waits for ``simulate`` to play (about an hour at this engine's speed).
MAX_SIMULATED_ROUNDS = 10_000_000
#: More deals than anyone waits for ``arena`` to play.
MAX_DEALS = 10_000_000
#: The thinking time per decision of ``analyse`` and per turn of ``arena``, in seconds: from this to 60.
MIN_SEARCH_THINK = 0.01
MAX_SEARCH_THINK = 60
#: ``serve``'s port unless told otherwise: the clients' default server is ws://127.0.0.1:8765.
DEFAULT_PORT = 8765
LOG_LEVELS = ("debug", "info", "warning", "error")


def _computer(text: str) -> tuple[int, str]:
    """An argparse type: a seat the computer plays, ``SEAT=LEVEL`` (``2=normal``), as (seat from 0, level); the
    seat in ASCII digits (``²`` is a digit to Python, not to ``int``)."""
    seat, equals, level = text.partition("=")
    seat = seat.strip()
    if not equals or not (seat.isascii() and seat.isdigit()) or not 1 <= int(seat) <= 4 or level.strip() not in LEVELS:
        raise argparse.ArgumentTypeError(
            _("{text} is not a computer seat: write SEAT=LEVEL, such as 2=normal (levels: {levels})").format(
                text=quoted(text), levels=", ".join(LEVELS)
            )
        )
    return int(seat) - 1, level.strip()


# The options several commands share.

#: ``--lang``, which every command takes after its own options, so that it may follow the command's name (the
#: program reads it before parsing: :func:`lost_cities.cli.main`); not given, it leaves the program's alone.
LANG = Option("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=N_("language: en, fr or ru"))
LONG = Option("--long", action="store_true", help=N_("the long game with purple (R20)"))
HAND_PENALTY = Option("--hand-penalty", action="store_true", help=N_("nothing in hand: cards kept cost points (R21)"))
COOP = Option("--coop", action="store_true", help=N_("cooperative: one team score (R22)"))
#: The variants' flags, each named by its rule's id.
VARIANTS = (LONG, HAND_PENALTY, COOP)
ROUNDS = Option(
    "--rounds",
    type=whole_number(1, MAX_ROUNDS),
    default=3,
    metavar=N_("ROUNDS"),
    help=N_("rounds in the match, 1 to {max} (default 3)"),
    values={"max": MAX_ROUNDS},
)
SEED = Option(
    "--seed", type=whole_number(0, MAX_SEED), metavar=N_("SEED"), help=N_("seed the deals, to replay the same cards")
)
JOBS = Option(
    "--jobs",
    type=whole_number(1, MAX_JOBS),
    default=1,
    metavar=N_("J"),
    help=N_("processes playing at once (default 1)"),
)
JSON = Option("--json", action="store_true", help=N_("print one JSON object"))
#: The match ``replay`` and ``analyse`` open (:func:`~lost_cities.cli.records.past_match`).
PAST_MATCH = Option(
    "match",
    metavar="ID|FILE",
    nargs="?",
    help=N_("an id from `lost-cities history`, or a file from export; by default the most recent match"),
)
CLOCK = Option(
    "--clock",
    type=duration(MIN_CLOCK, MAX_CLOCK),
    metavar=N_("TIME"),
    help=N_("time for each decision, such as 2m, 1h or 3d; when it runs out, the others may claim the match"),
)
#: ``--trusted-proxy``: ``serve``'s and ``web``'s.
TRUSTED_PROXY = Option(
    "--trusted-proxy",
    action="append",
    default=[],
    type=serve.network,
    metavar=N_("ADDRESS"),
    help=N_(
        "a reverse proxy (an address, or a network as 10.0.0.0/8) whose X-Forwarded-For or Forwarded "
        "header names the client; anyone else's is ignored (repeatable)"
    ),
)
#: ``--server``, as :func:`~lost_cities.cli.online.server_of` takes it.
SERVER = Option(
    "--server",
    type=server_address,
    metavar="URL",
    help=N_("the game server, or several separated by commas (default ${variable}, else {default})"),
    values={"variable": SERVER_VARIABLE, "default": DEFAULT_SERVER},
)
#: ``--server`` for a new game, which goes to the server used last here.
SERVER_FOR_A_NEW_GAME = replace(
    SERVER,
    help=N_(
        "the game server, or several separated by commas (default ${variable}, else for a new game the one "
        "used last here, else {default})"
    ),
)
#: ``--server`` with a seat's code, which knows the server the seat was taken on here.
SERVER_OF_THE_CODE = replace(
    SERVER,
    help=N_(
        "the game server, or several separated by commas (default: the one this code's seat was taken on "
        "here, else ${variable}, else {default})"
    ),
)


# The commands, as `lost-cities --help` lists them.

PLAY = Command(
    "play",
    help=N_("play a match: at one keyboard, against the computer, or online"),
    description=N_(
        "Two, three or four people at one keyboard play a match; without names, a form asks for them. "
        "The number of players follows from the names given; with four, p1 and p3 are partners against "
        "p2 and p4 (R24). A level (easy, normal, hard) in place of a name is the computer's seat; with --vs, you "
        "(--p1) play against the computer. The form lets any seat be the computer's."
    ),
    options=(
        Option("--p1", metavar=N_("NAME"), help=N_("the first player's name")),
        Option("--p2", metavar=N_("NAME"), help=N_("the second player's name, or a level for the computer")),
        Option("--p3", metavar=N_("NAME"), help=N_("a third player's name (R23)")),
        Option("--p4", metavar=N_("NAME"), help=N_("a fourth player's name: two teams (R24)")),
        Option(
            "--vs",
            choices=LEVELS,
            metavar=N_("LEVEL"),
            help=N_("play against the computer at this level: {levels}"),
            values={"levels": ", ".join(LEVELS)},
        ),
        Option(
            "--think",
            type=seconds(MIN_THINK, MAX_THINK),
            default=DEFAULT_THINK,
            metavar=N_("SECONDS"),
            help=N_("the hard level's thinking time per turn, {min} to {max} seconds (default {default})"),
            values={"min": MIN_THINK, "max": MAX_THINK, "default": DEFAULT_THINK},
        ),
        Option(
            "--first",
            choices=("p1", "p2", "p3", "p4", "random"),
            default="p1",
            help=N_("who starts the first round (R5)"),
        ),
        ROUNDS,
        SEED,
        *VARIANTS,
        Option(
            "--memory-aid", action="store_true", help=N_("the board lists, per colour, the cards you have not seen yet")
        ),
        OneOf(
            Option("--resume", action="store_true", help=N_("resume the unfinished match at once")),
            Option(
                "--new", action="store_true", help=N_("start a new match; an unfinished one is kept in the history")
            ),
        ),
        Group(
            N_("online"),
            OneOf(
                Option(
                    "--online",
                    action="store_true",
                    help=N_(
                        "play online: with --p1, create the game (seat 1 yours; a level as --p2…--p4 is a computer "
                        "seat)"
                    ),
                ),
                Option(
                    "--join",
                    metavar=N_("CODE"),
                    type=game_code,
                    help=N_("take the seat an invitation code opens, or come back to it"),
                ),
                Option("--watch", metavar=N_("CODE"), type=game_code, help=N_("watch an online game")),
            ),
            Option("--name", metavar=N_("NAME"), type=joining_name, help=N_("with --join: the name to play under")),
            Option(
                "--players",
                type=int,
                choices=(2, 3, 4),
                help=N_("with --online: 2, 3 or 4 in two teams (default: as many as --p1 to --p4 given)"),
            ),
            CLOCK,
            SERVER_FOR_A_NEW_GAME,
            Option(  # lost-cities web's tabs' own: not listed in the help
                "--server-fixed",
                action="store_true",
                help=argparse.SUPPRESS,
            ),
        ),
    ),
    run=play.run,
)

LEARN = Command(
    "learn",
    help=N_("learn the game: a short round, one idea at a step"),
    description=N_(
        "A guided round of five minutes at most against Boris, whose moves are set: you make every move, "
        "each step explains one idea and waits for its key — laying, the cost of an expedition, wagers, "
        "discarding and taking from a pile, the end of the round and its scores. q leaves at any step."
    ),
    run=learn.run,
)

SIMULATE = Command(
    "simulate",
    help=N_("play random rounds: a benchmark and a soak test of the engine"),
    description=N_(
        "Every player picks uniformly at random among the legal choices; the engine's "
        "invariants are checked as they go."
    ),
    options=(
        Option(
            "--rounds",
            type=whole_number(1, MAX_SIMULATED_ROUNDS),
            default=1000,
            metavar=N_("ROUNDS"),
            help=N_("rounds to play (default 1000)"),
        ),
        replace(SEED, default=0, help=N_("seed of the first deal (default 0)")),
        LONG,
        Option(
            "--players",
            type=int,
            choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
            default=2,
            help=N_("2, 3 (R23) or 4 in two teams (R24); default 2"),
        ),
        JSON,
    ),
    run=simulate.run,
)

SCORE = Command(
    "score",
    help=N_("tally a finished round of the physical game, or open the score pad"),
    description=N_(
        "Score one player's side of a finished round of the card game (R11-R16).\n"
        "Give each started expedition as COLOUR:CARDS, its cards in the order they lie.\n"
        "With --players 4 a side is a team: the expeditions the two partners share.\n"
        "With no expedition, on a terminal, open the score pad for a whole match."
    ),
    epilog=N_(
        """\
examples:
  lost-cities score red:w,w,3,4,7,10 b:2,5
  lost-cities score "red:w w 3 4 7 10" blue:2,5 --hand "g5 yw" --json
  lost-cities score --players 3 red:3,4,5,6,7,8,9
                               (three players, R23: cost 17, bonus from 7 cards)
  lost-cities score            (no expedition: the score pad for a whole match)
"""
    ),
    layout="lines",
    options=(
        Option(
            "expeditions",
            nargs="*",
            metavar=N_("EXPEDITION"),
            help=N_("COLOUR:CARDS, e.g. red:w,w,3,4,7,10; colour by name or first letter, w for a wager"),
        ),
        LONG,
        Option(
            "--hand",
            metavar=N_("CARDS"),
            help=N_('the cards left in hand, e.g. "r5 b10 gw": switches on the hand penalty (R21)'),
        ),
        JSON,
        Option(
            "--rounds",
            type=whole_number(1, MAX_ROUNDS),
            metavar=N_("ROUNDS"),
            help=N_("score pad: rounds in the match (default 3, R17)"),
        ),
        Option(
            "--players",
            metavar="2|3|4",
            help=N_("players: 2 (default), 3 (cost 17, bonus from the 7th card, R23) or 4 in two teams (R24)"),
        ),
        Option(
            "--new",
            action="store_true",
            help=N_("score pad: a new pad, though one was left unfinished (it stays until the new one starts)"),
        ),
    ),
    run=score.run,
)

HISTORY = Command(
    "history",
    help=N_("list past matches: date, names, variant, scores, result"),
    description=N_("Finished and abandoned matches, oldest first, from the data folder."),
    options=(JSON,),
    run=records.run_history,
)

STATS = Command(
    "stats",
    help=N_("statistics and ratings from past matches: results by opponent, scores, wagers, hints"),
    description=N_(
        "What the finished matches of the data folder come to, for every person and every computer level: "
        "matches and rounds won, lost and drawn, by opponent; round scores; expeditions and wagers; "
        "hints taken; and a rating with its uncertainty."
    ),
    options=(
        OneOf(
            JSON,
            Option(
                "--plot",
                action="store_true",
                help=N_("plot the round scores and the ratings over time, 80 columns at most"),
            ),
        ),
    ),
    run=records.run_stats,
)

EXPORT = Command(
    "export",
    help=N_("print one match's record as JSON (lost-cities export ID > match.json)"),
    description=N_("Print a past match's record as JSON, to keep or to share."),
    options=(
        Option(
            "match",
            metavar="ID",
            nargs="?",
            help=N_("the match's id from `lost-cities history`, or its start; by default the most recent match"),
        ),
    ),
    run=records.run_export,
)

REPLAY = Command(
    "replay",
    help=N_("step through a past match, move by move, every hand shown"),
    description=N_(
        "Open a past match (by id, or an exported JSON file) and step through it with the arrow keys; "
        "without an argument, the most recent match of the history."
    ),
    options=(PAST_MATCH,),
    run=records.run_replay,
)

ANALYSE = Command(
    "analyse",
    help=N_("weigh every decision of a past match with the hard level's search: points lost, mistakes"),
    description=N_(
        "For every decision of every player, the hard level's estimate of the best choice and of the "
        "choice made, from that player's view only: the points lost, and the decisions that lost five "
        "points or more marked as mistakes; a summary per player, per round and for the match."
    ),
    options=(
        PAST_MATCH,
        Option(
            "--think",
            type=seconds(MIN_SEARCH_THINK, MAX_SEARCH_THINK),
            default=ANALYSIS_THINK,  # as long as the replay's `a` thinks, which so finds the analysis kept
            metavar=N_("SECONDS"),
            help=N_("thinking time per decision (default 0.2), as a fixed number of sampled deals"),
        ),
        JOBS,
        replace(SEED, default=0, help=N_("seed of the search (default 0)")),
        JSON,
    ),
    run=analyse.run,
)

ARENA = Command(
    "arena",
    help=N_("pit two to four computer players against each other and compare them"),
    description=N_(
        "Two bots play the same deals, each deal twice with the seats swapped, and the command reports "
        "how often and by how much A beats B. Three or four bots play each deal once per rotation of the "
        "seats, so that every bot plays every position on the same cards (four: A and C against B and D, "
        "R24); the command reports each bot's points, wins and mean place. A bot is random, heuristic, "
        "easy, normal or hard, or your own as package.module:factory (a callable with no arguments that "
        "returns an object with choose_play(view) and choose_draw(view))."
    ),
    epilog=N_(
        """\
examples:
  lost-cities arena hard heuristic --deals 100 --think 0.2
  lost-cities arena normal easy --deals 1000 --jobs 2 --json
  lost-cities arena hard normal easy --deals 50
"""
    ),
    layout="examples",
    options=(
        Option("a", metavar="A", help=N_("the first bot")),
        Option("b", metavar="B", help=N_("the second bot")),
        Option("more", nargs="*", default=[], metavar="C D", help=N_("a third and a fourth bot (R23, R24)")),
        Option(
            "--deals",
            type=whole_number(1, MAX_DEALS),
            default=100,
            metavar=N_("N"),
            help=N_("deals to play, each from every seat (default 100)"),
        ),
        replace(SEED, default=0, help=N_("seed of the deals (default 0)")),
        Option(
            "--think",
            type=seconds(MIN_SEARCH_THINK, MAX_SEARCH_THINK),
            metavar=N_("SECONDS"),
            help=N_("the hard level's thinking time per turn (default 1)"),
        ),
        JOBS,
        LONG,
        HAND_PENALTY,
        JSON,
    ),
    run=arena.run,
)

SERVE = Command(
    "serve",
    help=N_("run a game server for online play"),
    description=N_(
        "Serve online games: players join with an invitation code (lost-cities play --join CODE). "
        "The games are kept in a SQLite database, or in PostgreSQL with --db postgresql://…; a server "
        "stopped or killed and started again on the same database carries every game on where it stood."
    ),
    options=(
        Option(
            "--host",
            default="127.0.0.1",
            help=N_("the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets friends in)"),
        ),
        Option(
            "--port",
            type=whole_number(0, 65535),
            default=DEFAULT_PORT,
            help=N_("the port to listen on (default {port}; 0 picks a free one)"),
            values={"port": DEFAULT_PORT},
        ),
        Option(
            "--db",
            metavar=N_("PATH|URL"),
            help=N_(
                "the games' database: a SQLite file (default: online.sqlite3 in the data folder), or a PostgreSQL "
                "database as postgresql://USER@HOST:PORT/DBNAME"
            ),
        ),
        Option(
            "--key",
            metavar=N_("PATH"),
            help=N_(
                "the file of the secret key the invitation codes are checked with, made if missing (default: "
                "beside a SQLite database, or online-postgresql.key in the data folder); servers sharing one "
                "database must share it"
            ),
        ),
        Option(
            "--redis",
            metavar="URL",
            help=N_(
                "a Redis (or Valkey) as redis://HOST:PORT/0, shared by several servers on one PostgreSQL "
                "database: each game is served by one of them at a time, and a player connected to another is "
                "asked to come back"
            ),
        ),
        Option(
            "--lease",
            type=whole_number(1, 3600),
            default=10,
            metavar=N_("SECONDS"),
            help=N_(
                "with --redis: how long a game waits for its server, when that server dies, before another "
                "takes it over (default 10)"
            ),
        ),
        Group(
            N_("a public server"),
            TRUSTED_PROXY,
            Option(
                "--trust-loopback",
                action=argparse.BooleanOptionalAction,
                help=N_(
                    "exempt this machine's clients from the caps on new games and connections (default: only "
                    "when listening on this machine alone)"
                ),
            ),
            Option(
                "--max-per-address",
                type=whole_number(1, 100_000),
                default=Limits.CONNECTIONS_PER_ADDRESS,
                metavar=N_("NUMBER"),
                help=N_("connections one address may hold open at once (default {n})"),
                values={"n": Limits.CONNECTIONS_PER_ADDRESS},
            ),
            Option(
                "--max-connections",
                type=whole_number(1, 1_000_000),
                metavar=N_("NUMBER"),
                help=N_(
                    "connections the server holds open at most (default: what its open-file limit allows, less 100)"
                ),
            ),
            Option(
                "--allow-origin",
                action="append",
                default=[],
                metavar="URL",
                help=N_(
                    "a web page's origin (https://example.org) whose scripts may connect; a browser's connection "
                    "from any other page is refused (repeatable)"
                ),
            ),
            description=N_("who may connect, and how much (see Running a public server in docs/server.md)"),
        ),
        Option(
            "--allow-seeds",
            action="store_true",
            help=N_(
                "let a game's creator choose its seed, which fixes every deal: for tests and replays (without it, "
                "the server deals the cards itself)"
            ),
        ),
        Option(
            "--db-connections",
            type=whole_number(1, 1000),
            default=DATABASE_CONNECTIONS,
            metavar=N_("NUMBER"),
            help=N_(
                "with --db postgresql://…: connections to PostgreSQL this server opens at most (default {n}); "
                "every server on the database shares PostgreSQL's own limit"
            ),
            values={"n": DATABASE_CONNECTIONS},
        ),
        Option(
            "--redis-connections",
            type=whole_number(2, 1000),
            default=REDIS_CONNECTIONS,
            metavar=N_("NUMBER"),
            help=N_("with --redis: connections to Redis this server opens at most (default {n})"),
            values={"n": REDIS_CONNECTIONS},
        ),
        Option(
            "--computer-processes",
            type=whole_number(1, 64),
            default=COMPUTER_PROCESSES,
            metavar=N_("NUMBER"),
            help=N_(
                "worker processes the computer players think in, each a core's worth while it thinks (default "
                "{n}: the server's own process keeps a core)"
            ),
            values={"n": COMPUTER_PROCESSES},
        ),
        Option("--log-level", choices=LOG_LEVELS, default="info", help=N_("how much to log on stderr (default info)")),
    ),
    run=serve.run,
)

ONLINE_NEW = Command(
    "new",
    help=N_("create a game on a server and print its invitation codes"),
    description=N_(
        "Create a game without opening it: each person's seat gets an invitation code to send to that "
        "player, and the game a watch code."
    ),
    options=(
        SERVER_FOR_A_NEW_GAME,
        Option(
            "--players",
            type=int,
            choices=(2, 3, 4),
            help=N_("2, 3 or 4 in two teams (default: as many as the names and computers given, 2 at least)"),
        ),
        Option("--names", metavar="A,B,…", help=N_("the players' names, in seat order, separated by commas")),
        Option(
            "--computer",
            type=_computer,
            action="append",
            default=[],
            metavar=N_("SEAT=LEVEL"),
            help=N_("the computer plays this seat (1 to 4) at this level; may be repeated"),
        ),
        ROUNDS,
        replace(SEED, help=N_("seed the deals, to replay the same cards (a server started with --allow-seeds only)")),
        *VARIANTS,
        CLOCK,
        JSON,
    ),
    run=online.run_new,
)

ONLINE_BOT = Command(
    "bot",
    help=N_("play a seat of an online game with a bot, to the end of the match"),
    description=N_(
        "Take the seat an invitation code opens and play it with a computer player to the end of the "
        "match, reconnecting by itself if the connection drops; then print the result on one line."
    ),
    options=(
        Option("code", metavar=N_("CODE"), type=game_code, help=N_("the seat's invitation code")),
        Option(
            "--level",
            default="normal",
            metavar=N_("LEVEL"),
            help=N_("easy, normal, hard, random, heuristic, or package.module:factory (default normal)"),
        ),
        Option(
            "--name", metavar=N_("NAME"), type=joining_name, help=N_("the name to play under (default: the seat's)")
        ),
        SERVER_OF_THE_CODE,
    ),
    run=online.run_bot,
)

ONLINE_EXPORT = Command(
    "export",
    help=N_("print a finished online game's record as JSON"),
    description=N_(
        "Print the record of a finished online game, in the format of lost-cities export, given any of its codes."
    ),
    options=(
        Option(
            "code", metavar=N_("CODE"), type=game_code, help=N_("any code of the game: an invitation or the watch code")
        ),
        SERVER_OF_THE_CODE,
    ),
    run=online.run_export,
)

ONLINE_FORGET = Command(
    "forget",
    help=N_("forget the seats kept here for a server that is gone, or for games given up"),
    description=N_(
        "Forget online seats kept on this machine: those taken with these codes, or every one kept for "
        "--server. lost-cities play stops asking their server at start-up; nobody can come back to them "
        "from here any more. The history is left alone."
    ),
    options=(
        Option(
            "codes",
            nargs="*",
            metavar=N_("CODE"),
            type=game_code,
            help=N_("the invitation codes the seats were taken with"),
        ),
        Option(
            "--server",
            type=server_address,
            metavar="URL",
            help=N_("only the seats kept for this server (all of them when no code is given)"),
        ),
    ),
    run=online.run_forget,
)

ONLINE = Command(
    "online",
    help=N_("online games for scripts and bots: new, bot, export; forget the seats kept here"),
    description=N_(
        "Create an online game, play a seat of one with a bot, print a finished one's record, or forget "
        "the seats kept here."
    ),
    run=online.run_without_action,
    commands=Commands(N_("ACTION"), (ONLINE_NEW, ONLINE_BOT, ONLINE_EXPORT, ONLINE_FORGET), title=N_("actions")),
)

WEB = Command(
    "web",
    help=N_("serve the game to a browser: online play for a friend with no terminal"),
    description=N_(
        "Serve the game as a web page: each tab opens on the online start (join with an invitation code, "
        "or create a game) on the game server given."
    ),
    options=(
        Option(
            "--host", default="127.0.0.1", help=N_("the address to listen on (default 127.0.0.1, this machine only)")
        ),
        Option("--port", type=whole_number(1, 65535), default=8000, help=N_("the port to listen on (default 8000)")),
        Option(
            "--public-url",
            metavar="URL",
            help=N_("the page's address as browsers reach it (needed with --host 0.0.0.0: http://<address>:<port>)"),
        ),
        SERVER,
        TRUSTED_PROXY,
    ),
    run=web.run,
)

#: ``lost-cities`` itself: bare, it plays (:func:`lost_cities.cli.main`); ``--help`` lists the commands.
PROGRAM = Command(
    "lost-cities",
    description=N_(
        "Lost Cities, Reiner Knizia's card game, for two to four players: at one keyboard, against the computer, "
        "or online."
    ),
    epilog=N_(
        "Without a command, lost-cities starts a match, as lost-cities play does. "
        "lost-cities COMMAND --help says more about each command."
    ),
    options=(
        Option(
            "--version",
            action="version",
            version=f"lost-cities {__version__}",
            help=N_("show program's version number and exit"),  # Python 3.11 hard-codes this help in English
        ),
        replace(LANG, default=None),
    ),
    commands=Commands(
        N_("COMMAND"),
        (PLAY, LEARN, SIMULATE, SCORE, HISTORY, STATS, EXPORT, REPLAY, ANALYSE, ARENA, SERVE, ONLINE, WEB),
        dest="command",
        common=(LANG,),
    ),
)
