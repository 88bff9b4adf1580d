"""``lost-cities serve``: the game server for online play (see the README's *Play online*)."""

from __future__ import annotations

import argparse

from lost_cities.cli import arguments
from lost_cities.cli.arguments import Commands, add_lang, whole_number
from lost_cities.i18n import _, quoted
from lost_cities.server import COMPUTER_PROCESSES, DATABASE_CONNECTIONS, REDIS_CONNECTIONS
from lost_cities.server.gate import Limits

#: The server's port unless told otherwise: the clients' default server is ws://127.0.0.1:8765.
DEFAULT_PORT = 8765
LOG_LEVELS = ("debug", "info", "warning", "error")


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "serve",
        help=_("run a game server for online play"),
        description=_(
            "Serve online games: players join with an invitation code (lost-cities play --join CODE). "
            "The games are kept in a SQLite database, or in PostgreSQL with --db postgresql://…; a server "
            "stopped or killed and started again on the same database carries every game on where it stood."
        ),
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets friends in)"),
    )
    parser.add_argument(
        "--port",
        type=whole_number(0, 65535),
        default=DEFAULT_PORT,
        help=_("the port to listen on (default {port}; 0 picks a free one)").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--db",
        metavar=_("PATH|URL"),
        help=_(
            "the games' database: a SQLite file (default: online.sqlite3 in the data folder), or a PostgreSQL "
            "database as postgresql://USER@HOST:PORT/DBNAME"
        ),
    )
    parser.add_argument(
        "--key",
        metavar=_("PATH"),
        help=_(
            "the file of the secret key the invitation codes are checked with, made if missing (default: beside "
            "a SQLite database, or online-postgresql.key in the data folder); servers sharing one database "
            "must share it"
        ),
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help=_(
            "a Redis (or Valkey) as redis://HOST:PORT/0, shared by several servers on one PostgreSQL database: "
            "each game is served by one of them at a time, and a player connected to another is asked to come back"
        ),
    )
    parser.add_argument(
        "--lease",
        type=whole_number(1, 3600),
        default=10,
        metavar=_("SECONDS"),
        help=_(
            "with --redis: how long a game waits for its server, when that server dies, before another takes it "
            "over (default 10)"
        ),
    )
    limits = parser.add_argument_group(
        _("a public server"), _("who may connect, and how much (see the README's Running a public server)")
    )
    limits.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        type=network,
        metavar=_("ADDRESS"),
        help=_(
            "a reverse proxy (an address, or a network as 10.0.0.0/8) whose X-Forwarded-For or Forwarded header "
            "names the client; anyone else's is ignored (repeatable)"
        ),
    )
    limits.add_argument(
        "--trust-loopback",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_(
            "exempt this machine's clients from the caps on new games and connections (default: only when "
            "listening on this machine alone)"
        ),
    )
    limits.add_argument(
        "--max-per-address",
        type=whole_number(1, 100_000),
        default=Limits.CONNECTIONS_PER_ADDRESS,
        metavar=_("NUMBER"),
        help=_("connections one address may hold open at once (default {n})").format(n=Limits.CONNECTIONS_PER_ADDRESS),
    )
    limits.add_argument(
        "--max-connections",
        type=whole_number(1, 1_000_000),
        metavar=_("NUMBER"),
        help=_("connections the server holds open at most (default: what its open-file limit allows, less 100)"),
    )
    limits.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help=_(
            "a web page's origin (https://example.org) whose scripts may connect; a browser's connection from any "
            "other page is refused (repeatable)"
        ),
    )
    parser.add_argument(
        "--allow-seeds",
        action="store_true",
        help=_(
            "let a game's creator choose its seed, which fixes every deal: for tests and replays (without it, the "
            "server deals the cards itself)"
        ),
    )
    parser.add_argument(
        "--db-connections",
        type=whole_number(1, 1000),
        default=DATABASE_CONNECTIONS,
        metavar=_("NUMBER"),
        help=_(
            "with --db postgresql://…: connections to PostgreSQL this server opens at most (default {n}); every "
            "server on the database shares PostgreSQL's own limit"
        ).format(n=DATABASE_CONNECTIONS),
    )
    parser.add_argument(
        "--redis-connections",
        type=whole_number(2, 1000),
        default=REDIS_CONNECTIONS,
        metavar=_("NUMBER"),
        help=_("with --redis: connections to Redis this server opens at most (default {n})").format(
            n=REDIS_CONNECTIONS
        ),
    )
    parser.add_argument(
        "--computer-processes",
        type=whole_number(1, 64),
        default=COMPUTER_PROCESSES,
        metavar=_("NUMBER"),
        help=_(
            "worker processes the computer players think in, each a core's worth while it thinks (default {n}: "
            "the server's own process keeps a core)"
        ).format(n=COMPUTER_PROCESSES),
    )
    parser.add_argument(
        "--log-level", choices=LOG_LEVELS, default="info", help=_("how much to log on stderr (default info)")
    )
    add_lang(parser, argparse.SUPPRESS)
    parser.set_defaults(run=run, parser=parser)


def network(text: str) -> str:
    """An argparse type: an IP address or network (``--trusted-proxy``), as written."""
    import ipaddress

    try:
        ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not an IP address or network: give one such as 127.0.0.1 or 10.0.0.0/8").format(
                text=quoted(text)
            )
        ) from None
    return text.strip()


def run(args: argparse.Namespace) -> int:
    import asyncio
    import logging
    from pathlib import Path

    from lost_cities.server.game_store import StoreError, is_postgres_url, shown_url
    from lost_cities.server.gate import GateSettings
    from lost_cities.server.leases import LeaseError
    from lost_cities.server.serve import is_loopback_host, run_server
    from lost_cities.storage.match_store import default_data_dir

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    # The log names no source line, so none is looked for: as the logging HOWTO's "Optimization" says, this spares a
    # frame object kept for every coroutine that logs — half a megabyte a thousand waiting connections.
    logging._srcfile = None
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per connection: ours
    database: str = args.db or str(default_data_dir() / "online.sqlite3")
    if args.db is None:  # the data folder is made on first use; a folder given with --db must exist already
        try:
            default_data_dir().mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return arguments.refuse(
                "serve",
                _("the data folder {folder} cannot be made: {reason}").format(
                    folder=default_data_dir(), reason=error.strerror or error
                ),
            )
    if is_postgres_url(database):  # the codes' key never in the database: in this server's data folder
        shown, key = shown_url(database), default_data_dir() / "online-postgresql.key"
    else:
        shown, key = database, Path(database + ".key")
    if args.key:  # several servers on one database: one key for all, or a code made by one opens nothing on another
        key = Path(args.key)

    def announce(address: str) -> None:
        print(_("Serving online games on {address} (database {path})").format(address=address, path=shown))
        print("", end="", flush=True)

    try:
        asyncio.run(
            run_server(
                args.host,
                args.port,
                database,
                key,
                announce=announce,
                redis=args.redis,
                lease=args.lease,
                gate=GateSettings(
                    trusted_proxies=tuple(args.trusted_proxy),
                    trust_loopback=is_loopback_host(args.host) if args.trust_loopback is None else args.trust_loopback,
                    max_per_address=args.max_per_address,
                    max_connections=args.max_connections,
                    allowed_origins=tuple(origin.rstrip("/") for origin in args.allow_origin),
                ),
                allow_seeds=args.allow_seeds,
                db_connections=args.db_connections,
                redis_connections=args.redis_connections,
                computer_processes=args.computer_processes,
            )
        )
    except (StoreError, LeaseError) as error:
        return arguments.refuse("serve", str(error))
    except OSError as error:  # the address is in use, or not this machine's
        return arguments.refuse(
            "serve",
            _("cannot listen on {host} port {port}: {reason}").format(
                host=args.host, port=args.port, reason=error.strerror or error
            ),
        )
    except KeyboardInterrupt:
        pass
    return 0
