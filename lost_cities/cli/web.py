"""``lost-cities web``: the game in a browser, for a friend who has no terminal — served by textual-serve.

Each browser tab runs its own ``lost-cities play --online`` (the online start: join with a code, or
create a game), in a data folder of its own for that tab: the page's visitors never see each other's
seats.  The page's websocket is accepted only from the page's own origin (another site's page cannot
start games on this machine) and for a limited number of tabs at once.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from lost_cities.cli import arguments
from lost_cities.cli.online import server_of
from lost_cities.i18n import _, os_reason

#: Tabs served at once: each runs an app process (~50 MB).
MAX_TABS = 20
#: Tabs one address may hold at once, for a page reached from other machines, or through a trusted proxy (the
#: visitor it forwards); one served to this machine alone, with no proxy named, may hold them all.
TABS_PER_ADDRESS = 4


def command_for(server: str, language: str) -> str:
    """The shell command each tab runs: the online start (in a data folder of the tab's own: see
    :mod:`lost_cities.cli.web_server`)."""
    play = ["play", "--online", "--server", server, "--server-fixed", "--lang", language]
    return "exec " + shlex.join([sys.executable, "-m", "lost_cities", *play])


def run(args: argparse.Namespace) -> int:
    from lost_cities.i18n import current_language

    if args.host in ("0.0.0.0", "::") and not args.public_url:
        return arguments.refuse(
            "web",
            _(
                "--host {host} needs --public-url http://<this machine's address>:{port}, the address browsers use"
            ).format(host=args.host, port=args.port),
        )
    from textual_serve.server import Server

    from lost_cities.cli.web_server import GuardedServer

    server: Server = GuardedServer(
        command_for(server_of(args), current_language()),
        host=args.host,
        port=args.port,
        title="Lost Cities",
        public_url=args.public_url,
        max_tabs=MAX_TABS,
        per_address=None
        if args.host in ("127.0.0.1", "localhost", "::1") and not args.trusted_proxy
        else TABS_PER_ADDRESS,
        trusted_proxies=tuple(args.trusted_proxy),
        announce=lambda url: print(
            _("Lost Cities as a web page on {url}, its game server {server}; Ctrl+C stops it.").format(
                url=url, server=server_of(args)
            ),
            flush=True,
        ),
    )
    try:
        server.serve()
    except OSError as error:
        return arguments.refuse(
            "web",
            _("cannot listen on {host} port {port}: {reason}").format(
                host=args.host, port=args.port, reason=os_reason(error)
            ),
        )
    return 0
