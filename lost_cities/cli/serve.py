"""``lost-cities serve``: the game server for online play (see the README's *Play online*)."""

from __future__ import annotations

import argparse
import errno
from urllib.parse import urlsplit

from lost_cities.cli import arguments
from lost_cities.i18n import _, os_reason, quoted


def announcement(address: str, database: str) -> str:
    """What ``serve`` says once it listens on ``address`` (``ws://host:port``): where players reach it.  Listening on
    every address of the machine (0.0.0.0, ::), there is no address to give them: the port, and what to give.

    >>> announcement("ws://127.0.0.1:8765", "games.sqlite3")
    'Serving online games on ws://127.0.0.1:8765 (database games.sqlite3)'
    >>> announcement("ws://[::]:8765", "games.sqlite3")[:62]
    'Serving online games on port 8765 of every address of this mac'
    """
    listening = urlsplit(address)
    if listening.hostname in ("0.0.0.0", "::"):
        return _(
            "Serving online games on port {port} of every address of this machine (database {path}): players give "
            "--server ws://ADDRESS:{port}, with the address this machine has on their network"
        ).format(port=listening.port, path=database)
    return _("Serving online games on {address} (database {path})").format(address=address, path=database)


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
    if args.db is not None and not args.db.strip():  # said, rather than the default database served instead
        return arguments.refuse("serve", _("--db is empty: give a SQLite file, or a postgresql:// address"))
    database: str = args.db or str(default_data_dir() / "online.sqlite3")
    if args.db is None:  # the data folder is made on first use; a folder given with --db must exist already
        try:
            default_data_dir().mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return arguments.refuse(
                "serve",
                _("the data folder {folder} cannot be made: {reason}").format(
                    folder=default_data_dir(), reason=os_reason(error)
                ),
            )
    if is_postgres_url(database):  # the codes' key never in the database: in this server's data folder
        shown, key = shown_url(database), default_data_dir() / "online-postgresql.key"
    else:
        shown, key = database, Path(database + ".key")
    if args.key:  # several servers on one database: one key for all, or a code made by one opens nothing on another
        key = Path(args.key)

    def announce(address: str) -> None:
        print(announcement(address, shown), flush=True)

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
        in_use = _("another program listens there already (a server started before?): choose another with --port")
        return arguments.refuse(
            "serve",
            _("cannot listen on {host} port {port}: {reason}").format(
                host=args.host, port=args.port, reason=in_use if error.errno == errno.EADDRINUSE else os_reason(error)
            ),
        )
    except KeyboardInterrupt:
        pass
    return 0
