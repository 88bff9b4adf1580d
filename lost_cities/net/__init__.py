"""Online play's two sides' shared language (``protocol``) and the client (``client``): a seat held
across dropped connections, used by ``lost-cities online`` and the app."""

import ipaddress
import os
from urllib.parse import urlsplit

__all__ = [
    "ABANDONED_DAYS",
    "DEFAULT_SERVER",
    "DISCARD_DRAWS_IN_A_ROW",
    "DISCARD_DRAWS_RULE",
    "FRAMES_PER_SECOND",
    "FRAME_BURST",
    "TAKE_BACKS_IN_A_TURN",
    "TAKE_BACKS_RULE",
    "UNSTARTED_DAYS",
    "VISITOR_VARIABLE",
    "addresses",
    "check_server",
    "server_option",
    "visitor_headers",
    "wrong_address",
]

#: The frames a connection may send a second, sustained, and at once in a burst (a token bucket): a server closes
#: one that sends more (``rate_limited``, 1008).  Both sides read them here (light: the server's options read them
#: at start-up): the server applies them, the client paces itself well below them
#: (:class:`lost_cities.net.client.Pacer`).
FRAMES_PER_SECOND = 100.0
FRAME_BURST = 200.0
#: Days a server keeps a game in which no card has been played: then it is deleted, and its codes open nothing.
#: The server deletes it; a client says so when a code opens nothing (it may be mistyped, or that old).
UNSTARTED_DAYS = 14
#: Days a server keeps a match not over after its last decision: one left half-played is deleted then, as a game
#: never begun is (a finished one is kept: it is its players' record).
ABANDONED_DAYS = 30
#: A house rule of online play (docs/RULES.md): a card is taken back this many times in one turn at most, so that
#: nobody can hold a game up; the server refuses the next take-back as ``illegal`` with this rule's id.
TAKE_BACKS_IN_A_TURN = 3
TAKE_BACKS_RULE = "R6c"
#: A house rule of online play (docs/RULES.md): after this many cards in a row taken from discard piles, by whoever
#: took them, the next comes from the draw pile, so that every round ends (R10) — two seats that only ever took
#: discards would make one round last for ever, each event longer than the last; the server refuses another
#: pile as ``illegal`` with this rule's id, and its views offer the draw pile alone.
DISCARD_DRAWS_IN_A_ROW = 10
DISCARD_DRAWS_RULE = "R7a"

#: Where a client looks for a server unless told otherwise (``LOST_CITIES_SERVER``, ``--server``): the
#: port ``lost-cities serve`` listens on by default, on this machine.
DEFAULT_SERVER = "ws://127.0.0.1:8765"


def server_option(server: str) -> str:
    """What a command written for someone else needs to reach ``server``: `` --server URL``, or nothing for
    the default one.

    >>> server_option(DEFAULT_SERVER), server_option("ws://games.example:8765")
    ('', ' --server ws://games.example:8765')
    """
    return "" if server == DEFAULT_SERVER else f" --server {server}"


#: At most this many addresses in one list: a club's few servers, not a scan.
MAX_ADDRESSES = 16

#: The environment variable ``lost-cities web`` gives each tab's app: the address of the person in that tab, which
#: the app's connections forward (``X-Forwarded-For``) so that a game server counts each visitor apart, not the whole
#: page as one address (it believes it from a trusted proxy, or from its own machine when it trusts it).
VISITOR_VARIABLE = "LOST_CITIES_VISITOR"


def visitor_headers() -> dict[str, str]:
    """The headers that forward :data:`VISITOR_VARIABLE`'s address, if it is set to one (anything else is ignored).

    >>> os.environ[VISITOR_VARIABLE] = "203.0.113.5"
    >>> visitor_headers()
    {'X-Forwarded-For': '203.0.113.5'}
    >>> os.environ[VISITOR_VARIABLE] = "203.0.113.5, 198.51.100.1"
    >>> visitor_headers()
    {}
    >>> del os.environ[VISITOR_VARIABLE]
    """
    try:
        visitor = ipaddress.ip_address(os.environ.get(VISITOR_VARIABLE, ""))
    except ValueError:
        return {}
    return {"X-Forwarded-For": str(visitor)}


def _one_address(text: str) -> str | None:
    address = text.strip()
    if not address.startswith(("ws://", "wss://")) or len(address) <= len("wss://") or len(address) > 300:
        return None
    if any(char.isspace() or not char.isprintable() for char in address):
        return None
    try:  # a host, and a port that is a number from 1 to 65535 when one is given
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or port == 0:
        return None
    return address


def wrong_address(text: str) -> str | None:
    """The first part of ``text`` (one address, or several separated by commas) that is not a server's address, as
    it was typed; ``None`` when every part is one (an empty list, or too long a one, is wrong as a whole).

    >>> wrong_address("ws://a:1, ws://b:2"), wrong_address("ws://a:1,http://b"), wrong_address("ws://a:1,")
    (None, 'http://b', '')
    >>> wrong_address("ws://a:99999"), wrong_address("ws://[::1"), wrong_address("ws://a:abc"), wrong_address("ws://a:0")
    ('ws://a:99999', 'ws://[::1', 'ws://a:abc', 'ws://a:0')
    """
    parts = text.split(",")
    if len(parts) > MAX_ADDRESSES:
        return text.strip()
    return next((part.strip() for part in parts if _one_address(part) is None), None)


def check_server(text: str) -> str | None:
    """A game server's address as a person types it, ``ws://host:port`` or ``wss://…``, trimmed — or several,
    separated by commas, for a game served by several servers (the client tries them in turn); ``None`` if any
    part is not one.  Written back without spaces and without repeats, in the order given.

    >>> check_server(" ws://192.168.1.5:8765 "), check_server("http://x"), check_server("ws://")
    ('ws://192.168.1.5:8765', None, None)
    >>> check_server("ws://a:8811, ws://b:8812,ws://a:8811"), check_server("ws://a:8811,,ws://b:8812")
    ('ws://a:8811,ws://b:8812', None)
    """
    if wrong_address(text) is not None:
        return None
    return ",".join(addresses(text))


def addresses(server: str) -> tuple[str, ...]:
    """The addresses of a server setting checked by :func:`check_server` (one, or several separated by commas), in
    order, each once.

    >>> addresses("ws://a:8811,ws://b:8812"), addresses("ws://a:8811")
    (('ws://a:8811', 'ws://b:8812'), ('ws://a:8811',))
    """
    return tuple(dict.fromkeys(part.strip() for part in server.split(",") if part.strip()))
