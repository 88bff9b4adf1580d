"""Who may come in, and how often: the limits of a server open to strangers, kept per address, never server-wide.

lichess's lila-ws and nginx's ``limit_conn``/``limit_req`` are the model: every count is kept per client address (and
per code tried), so that one address sending wrong codes, opening connections or creating games holds back itself
alone, never the players behind other addresses.  Wrong codes and new games are counted per network too, three
addresses' worth: one who holds a whole network (a /48 of IPv6 is free to anyone) guesses and creates no more than
three addresses.

The client's address is the connection's own, or — only when the connection comes from a proxy the operator named
(``--trusted-proxy``), or from this machine when it is trusted — the one that proxy forwards (``X-Forwarded-For`` or
``Forwarded``).  Loopback is exempt from the caps on creations and connections only when the operator says so
(``--trust-loopback``, the default for a server listening on loopback alone): its scripts are the owner's;
``lost-cities web``'s tabs forward their visitor's address, counted as any other.

Every table here is bounded: past :data:`_MOST_ADDRESSES` entries, the one counted to longest ago is forgotten.
Every refusal is logged once with its address, and the log itself is rate-limited (:class:`LogThrottle`), so that an
attack never fills a disk with lines.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from lost_cities.net import (
    ABANDONED_DAYS,
    DISCARD_DRAWS_IN_A_ROW,
    FRAME_BURST,
    FRAMES_PER_SECOND,
    TAKE_BACKS_IN_A_TURN,
    UNSTARTED_DAYS,
)

if TYPE_CHECKING:
    import asyncio

    from websockets.datastructures import Headers

__all__ = [
    "Gate",
    "GateSettings",
    "Limits",
    "LogThrottle",
    "NetworkPace",
    "Refusal",
    "TokenBucket",
    "connections_cap",
    "counted_as",
    "forwarded_client",
    "is_loopback",
    "network_of",
    "open_file_limit",
    "quiet_exceptions",
    "within",
]

log = logging.getLogger("lost_cities.server")


class Limits:
    """How much the server takes before it says no: the numbers, in one place (README, PROTOCOL.md)."""

    #: seconds a new connection has to join a game (``join``, ``hello``, ``watch``) — pings do not keep it open
    FIRST_FRAME = 10.0
    #: failed code or token attempts a connection may make before it is closed (1008)
    FAILURES_PER_CONNECTION = 5
    #: failed attempts per address per minute: that address's next ``join`` and ``watch`` are refused
    FAILURES_PER_ADDRESS = 10
    #: failed attempts per network per minute — an IPv4 address's /24, an IPv6 address's /48 (one site: a tunnel
    #: broker gives anyone one, 65,536 addresses of the size counted above) —: then every address of it is held back
    FAILURES_PER_NETWORK = 3 * FAILURES_PER_ADDRESS
    #: failed attempts at one code per minute, from any address: that code is refused for the rest of the minute (a
    #: used invitation tried again is not counted here: it is no guess, and anyone may watch with it)
    FAILURES_PER_CODE = 10
    #: games an address may create per minute, rematches its asks make included: a script gone wrong fills no disk
    CREATES_PER_ADDRESS = 30
    #: … and per day (a burst of as many, then one every 288 s): with :attr:`UNSTARTED_DAYS`, the most games one
    #: address keeps waiting for players in the database (4,200, a few megabytes)
    CREATES_PER_ADDRESS_PER_DAY = 300
    #: … and per network (a /24, a /48, as wrong codes are), a minute and a day: three addresses' worth, so that one
    #: who holds a whole network (65,536 /64s in a /48) creates no more than three addresses
    CREATES_PER_NETWORK = 3 * CREATES_PER_ADDRESS
    CREATES_PER_NETWORK_PER_DAY = 3 * CREATES_PER_ADDRESS_PER_DAY
    #: days a game waits for its first card: one not begun by then — an invitation never taken, seats taken and left —
    #: is deleted (its codes open nothing), so that games nobody plays never pile up
    UNSTARTED_DAYS = UNSTARTED_DAYS
    #: days a match not over is kept after its last decision: one left half-played is deleted then, so that a
    #: stranger's matches played a little and dropped never pile up either (a finished match is its players' record)
    ABANDONED_DAYS = ABANDONED_DAYS
    #: frames a connection may send per second, sustained, and in a burst (WebSocket pings count too): the
    #: protocol's numbers, which the project's clients pace themselves below
    FRAMES_PER_SECOND = FRAMES_PER_SECOND
    FRAME_BURST = FRAME_BURST
    #: frames all the connections of one address may send per second, sustained, and in a burst: twice a
    #: connection's, so that many connections cannot multiply it (a household's few players send a frame a second)
    FRAMES_PER_ADDRESS = 2 * FRAMES_PER_SECOND
    FRAME_BURST_PER_ADDRESS = 2 * FRAME_BURST
    #: frames a second, and in a burst, that a connection may always send, however many its address's others send:
    #: past the address's share, only a connection sending more is closed — a player behind the same address as a
    #: flood (a campus, a carrier's NAT) sends a frame a second, and is never closed for the flood
    FRAME_SHARE = 5.0
    FRAME_SHARE_BURST = 20.0
    #: seconds a new connection has to send its whole HTTP request (the WebSocket handshake): a few hundred bytes
    HANDSHAKE = 5.0
    #: seconds the server waits for a client to answer its close frame (websockets' ``close_timeout``); a stopping
    #: server drops every connection still open this long after it began, whatever its client does or fails to do
    CLOSING = 5.0
    #: … and for one closed for sending too many frames: it is no longer read, so its answer waits unread behind its
    #: flood, and only the time is let run out; a second holds its place no longer than a well-behaved client's close
    FLOODER_CLOSING = 1.0
    #: connections one address may hold open at once (``--max-per-address``), counted from the first byte
    CONNECTIONS_PER_ADDRESS = 50
    #: … and one network (a /24, a /48), as many as that many addresses (three times ``--max-per-address``), and as
    #: many new connections and frames a second as they may open and send: each connection may hold half a megabyte
    #: the server sends it, and load a long game (replayed whole, ~24 ms); its frames fill a relaying server's Redis
    #: connections; and one who holds a /48 holds 65,536 addresses
    NETWORK_ADDRESSES = 3
    #: new connections one address may open a second, sustained, and in a burst: a player opens one now and then; a
    #: script opening and closing them flat out (2,000 a second) took most of the server's core
    NEW_CONNECTIONS_PER_SECOND = 10.0
    NEW_CONNECTION_BURST = 100.0
    #: once the server holds this share of its cap, an address holding :attr:`CONNECTIONS_WHEN_BUSY` or more is
    #: refused another: the rest is kept for the addresses that hold few (a player has one or two)
    BUSY = 0.75
    CONNECTIONS_WHEN_BUSY = 4
    #: connections refused by an address's caps held a second, half-closed, for their client to read why, per address
    LINGERING_PER_ADDRESS = 2
    #: bytes waiting to be sent to a connection past which the server waits (websockets' ``write_limit``) …
    SEND_BUFFER = 65536
    #: … and past which it is closed at once: a client that does not read costs the server this much at most
    SEND_BUFFER_MOST = 524288
    #: seconds a connection's send buffer may stay past :attr:`SEND_BUFFER` before it is closed (a slow reader)
    SLOW_READER = 5.0
    #: seconds without a byte from a connection after which the server pings it (a WebSocket ping) …
    PING_INTERVAL = 20.0
    #: … and after which, nothing heard since, it is dropped: its peer is gone (checked every 5 seconds)
    PING_TIMEOUT = 20.0
    #: bytes waiting to be sent that a connection may hold on average, all the server's together (times its cap on
    #: connections: 80 MB at 20,000): past it, the clients with the most waiting are let go, the largest first — slow
    #: readers from many networks held half a megabyte each (600 of them, 366 MB); a player's holds nothing for long
    SEND_BUFFER_AVERAGE = 4096
    #: ``GET /health`` requests one address may make per minute
    HEALTH_PER_ADDRESS = 60
    #: games not in the server's memory one address may open per minute (a burst of as many, then one every two
    #: seconds), and its network three times as many: each is read and replayed whole (24 ms for the longest), and a
    #: hello-and-leave loop on a long game took 40 % of the server's core; a player comes back a few times a match
    LOADS_PER_ADDRESS = 30
    #: take-backs in one turn before the next is refused (R6c, a house rule for online play)
    TAKE_BACKS_IN_A_ROW = TAKE_BACKS_IN_A_TURN
    #: cards taken from discard piles in a row, by anyone, before the next must come from the draw pile (R7a, a house
    #: rule for online play): every round ends, and no event carries a history without end
    DISCARD_DRAWS_IN_A_ROW = DISCARD_DRAWS_IN_A_ROW


#: Entries a per-address table keeps before its quiet ones are forgotten.
_MOST_ADDRESSES = 10_000
#: Descriptors kept back from the connections' cap: the database, Redis, the log, the listening sockets.
_DESCRIPTOR_HEADROOM = 100


@functools.lru_cache(maxsize=4096)  # asked at each frame of a connection, whose address never changes
def counted_as(address: str) -> str:
    """What an address's limits are kept under: an IPv4 address itself; an IPv6 one by its /64 network, which one
    household or one server is given whole (counting each of its addresses apart would give one attacker billions).

    >>> counted_as("203.0.113.9"), counted_as("2001:db8:1:2:aaaa::1"), counted_as("::ffff:198.51.100.4")
    ('203.0.113.9', '2001:db8:1:2::/64', '198.51.100.4')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return address


@functools.lru_cache(maxsize=4096)
def network_of(address: str) -> str | None:
    """The network an address's wrong codes and new games are counted against too (:attr:`Limits.FAILURES_PER_NETWORK`,
    :attr:`Limits.CREATES_PER_NETWORK`): an IPv4 address's /24, an IPv6 address's /48; ``None`` for this machine's,
    whose addresses are its own scripts'.

    >>> network_of("203.0.113.9"), network_of("2001:db8:1:2:aaaa::1"), network_of("::ffff:198.51.100.4")
    ('203.0.113.0/24', '2001:db8:1::/48', '198.51.100.0/24')
    >>> network_of("127.0.0.2") is None
    True
    """
    try:
        ip = ipaddress.ip_address(counted_as(address).split("/")[0])
    except ValueError:
        return None
    if ip.is_loopback:
        return None
    return str(ipaddress.ip_network((ip, 24 if ip.version == 4 else 48), strict=False))


def within(address: str, networks: Iterable[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    """Whether ``address`` is in one of ``networks`` (the trusted proxies': ``--trusted-proxy``).

    >>> within("10.0.0.7", [ipaddress.ip_network("10.0.0.0/8")]), within("not an address", [])
    (True, False)
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def is_loopback(address: str) -> bool:
    """Whether ``address`` is this machine's (127.0.0.0/8, ::1)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class _Window:
    """Events in the last minute, to refuse more than ``most`` of them: the last ``most`` alone are kept, all it takes
    to know, so that events never looked at (a token tried wrong again and again) grow nothing."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.times: deque[float] = deque(maxlen=most)

    def full(self, now: float) -> bool:
        while self.times and self.times[0] <= now - 60:
            self.times.popleft()
        return len(self.times) >= self.most

    def add(self, now: float) -> None:
        self.times.append(now)


_Entry = TypeVar("_Entry")


def _counted(table: OrderedDict[str, _Entry], key: str, new: Callable[[], _Entry]) -> _Entry:
    """``table``'s entry for ``key`` (made with ``new`` the first time), moved to the end as the one counted last;
    past :data:`_MOST_ADDRESSES` entries, the one counted longest ago is forgotten.

    The keys are kept in the order they were last counted, so that the one forgotten is the first: its last event is
    the oldest (the likeliest to be quiet), it is never the key just counted (which would then never be held back),
    and finding it costs the same however many keys are busy — looking for the quiet ones among more than
    :data:`_MOST_ADDRESSES` busy keys would take a millisecond a wrong code, on the server's one thread."""
    entry = table.get(key)
    if entry is None:
        entry = table[key] = new()
    else:
        table.move_to_end(key)
    while len(table) > _MOST_ADDRESSES:
        table.popitem(last=False)
    return entry


class _Windows:
    """A :class:`_Window` per key (an address, a code), bounded (:func:`_counted`)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.windows: OrderedDict[str, _Window] = OrderedDict()

    def full(self, key: str, now: float) -> bool:
        window = self.windows.get(key)
        return window is not None and window.full(now)

    def add(self, key: str, now: float) -> None:
        _counted(self.windows, key, lambda: _Window(self.most)).add(now)


class _Buckets:
    """A :class:`TokenBucket` per key (an address), bounded (:func:`_counted`): one forgotten starts again full, as a
    new address would."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        return _counted(self.buckets, key, lambda: TokenBucket(self.rate, self.burst)).take()

    def for_networks(self) -> _Buckets:
        """The same limit for a network: :attr:`Limits.NETWORK_ADDRESSES` addresses' worth."""
        return _Buckets(Limits.NETWORK_ADDRESSES * self.rate, Limits.NETWORK_ADDRESSES * self.burst)


class NetworkPace:
    """An address's pace and its network's, :attr:`Limits.NETWORK_ADDRESSES` addresses' worth, both taken from at each
    event; the address counted as everywhere here (an IPv6 one by its /64), the machine's own never pooled."""

    def __init__(self, rate: float, burst: float) -> None:
        self.addresses = _Buckets(rate, burst)
        self.networks = self.addresses.for_networks()

    def take(self, address: str) -> bool:
        network = network_of(address)
        return self.addresses.take(counted_as(address)) and (network is None or self.networks.take(network))


class TokenBucket:
    """At most ``burst`` events at once, then ``rate`` a second: a connection's frames, the log's refusals, a web
    page's tab's keys and bytes."""

    __slots__ = ("at", "burst", "rate", "tokens")  # one a connection: thousands of them

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self, amount: float = 1) -> bool:
        """Whether ``amount`` more (one event, or a message's bytes) is within the limit (and count it)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < amount:
            return False
        self.tokens -= amount
        return True


class LogThrottle:
    """At most ``per_second`` lines a second through :meth:`warning` and :meth:`info`; the lines held back are counted
    and said in the next line let through — an attack is seen in the log without filling the disk."""

    def __init__(self, per_second: float = 5.0, logger: logging.Logger = log) -> None:
        self.bucket = TokenBucket(per_second, per_second)
        self.held_back = 0
        self.logger = logger

    def warning(self, message: str, *args: object) -> None:
        self._log(logging.WARNING, message, args)

    def info(self, message: str, *args: object) -> None:
        self._log(logging.INFO, message, args)

    def _log(self, level: int, message: str, args: tuple[object, ...]) -> None:
        if not self.bucket.take():
            self.held_back += 1
            return
        if self.held_back:
            message += " (and %d more not logged)"
            args = (*args, self.held_back)
            self.held_back = 0
        self.logger.log(level, message, *args)


def quiet_exceptions(logger: logging.Logger = log) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An event loop's handler of errors nobody awaited, a line each, a line a second at most: under attack
    (descriptors exhausted, say) asyncio's accept loop reports one a try, and the log must not grow by thousands of
    lines a second — nor may the handler fail (a traceback's renderer imported then, without a descriptor)."""
    throttle = LogThrottle(per_second=1.0, logger=logger)

    def handle(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        throttle.warning("%s%s", context.get("message", "an error in the event loop"), f": {error}" if error else "")

    return handle


def open_file_limit() -> int:
    """The process's open-file limit, its soft limit first raised to its hard one: a server holds a descriptor a
    connection, and the soft limit (often 1,024) is what a desktop needs, not a server."""
    try:
        import resource
    except ImportError:  # not on POSIX: no descriptor limit to read
        return 1100
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


def connections_cap(asked: int | None) -> int:
    """How many connections the server holds at most: ``asked`` (``--max-connections``), never more than the
    open-file limit allows less headroom for the database, Redis and the log — so that the server never runs out of
    descriptors, and its accept loop never spins on "too many open files"."""
    most = max(16, open_file_limit() - _DESCRIPTOR_HEADROOM)
    if asked is not None and asked > most:
        log.warning("--max-connections %d is more than the open-file limit allows: %d at most", asked, most)
    return most if asked is None else min(asked, most)


@dataclass(frozen=True)
class GateSettings:
    """What the operator chose (``lost-cities serve``'s options)."""

    #: proxies whose forwarded address is believed (``--trusted-proxy``): addresses or networks
    trusted_proxies: tuple[str, ...] = ()
    #: whether this machine is exempt from the caps on creations and connections (``--trust-loopback``)
    trust_loopback: bool = True
    #: connections one address may hold open (``--max-per-address``)
    max_per_address: int = Limits.CONNECTIONS_PER_ADDRESS
    #: connections the server holds open at most (``--max-connections``); ``None``: from the descriptor limit
    max_connections: int | None = None
    #: web pages that may open a connection, by their origin (``--allow-origin``): none by default
    allowed_origins: tuple[str, ...] = ()


class Refusal(Exception):
    """What the gate refuses, in one sentence (an ``error`` frame's or an HTTP answer's)."""


class Gate:
    """The per-address counts of one server: wrong attempts, creations, open connections, ``/health`` requests."""

    def __init__(self, settings: GateSettings | None = None) -> None:
        self.settings = settings or GateSettings()
        self.proxies = tuple(ipaddress.ip_network(proxy, strict=False) for proxy in self.settings.trusted_proxies)
        self.max_connections = connections_cap(self.settings.max_connections)
        self.failures = _Windows(Limits.FAILURES_PER_ADDRESS)
        self.network_failures = _Windows(Limits.FAILURES_PER_NETWORK)
        self.code_failures = _Windows(Limits.FAILURES_PER_CODE)
        self.creates = _Windows(Limits.CREATES_PER_ADDRESS)
        self.daily_creates = _Buckets(Limits.CREATES_PER_ADDRESS_PER_DAY / 86400, Limits.CREATES_PER_ADDRESS_PER_DAY)
        self.network_creates = _Windows(Limits.CREATES_PER_NETWORK)
        self.network_daily_creates = _Buckets(
            Limits.CREATES_PER_NETWORK_PER_DAY / 86400, Limits.CREATES_PER_NETWORK_PER_DAY
        )
        self.health = _Windows(Limits.HEALTH_PER_ADDRESS)
        self.loads = _Buckets(Limits.LOADS_PER_ADDRESS / 60, Limits.LOADS_PER_ADDRESS)
        self.network_loads = self.loads.for_networks()
        self.frames = _Buckets(Limits.FRAMES_PER_ADDRESS, Limits.FRAME_BURST_PER_ADDRESS)
        self.network_frames = self.frames.for_networks()
        self.arrivals = _Buckets(Limits.NEW_CONNECTIONS_PER_SECOND, Limits.NEW_CONNECTION_BURST)
        self.network_arrivals = self.arrivals.for_networks()
        #: open connections per client address, per network (:func:`network_of`), and in all
        self.open: dict[str, int] = {}
        self.open_networks: dict[str, int] = {}
        #: connections refused by their address's caps, held a moment for their client to read why, per address
        self.lingering: dict[str, int] = {}
        self.total = 0
        self.refusals = LogThrottle()
        #: connections refused at the server's cap: one line a second at most
        self.at_cap = LogThrottle(per_second=1.0)

    # ------------------------------------------------------------------ the client's address

    def client_address(self, peer: str, headers: Headers) -> str:
        """The client's address: ``peer``'s, or the one it forwards if it is a proxy (:func:`forwarded_client`)."""
        return forwarded_client(peer, headers.get_all, self.is_proxy)

    def is_proxy(self, address: str) -> bool:
        """Whether ``address`` is a proxy whose forwarding is believed: its connections are counted against the
        address it forwards.  One the operator named (``--trusted-proxy``), or this machine when it is trusted
        (``--trust-loopback``): ``lost-cities web``'s tabs forward their visitor's address, so that one visitor's
        wrong codes hold back that visitor, not every tab of the page; a client of this machine that forwards
        nothing is counted as this machine, exempt as before."""
        return within(address, self.proxies) or (self.settings.trust_loopback and is_loopback(address))

    def frame_past(self, address: str) -> str | None:
        """Which share one more frame from ``address`` is past, this second: all its connections' (``"address"``), or
        all its network's (``"network"``: :attr:`Limits.NETWORK_ADDRESSES` addresses' worth); ``None`` if within
        both (this machine, when trusted, is not counted)."""
        if self.exempt(address):
            return None
        if not self.frames.take(counted_as(address)):
            return "address"
        network = network_of(address)
        return "network" if network is not None and not self.network_frames.take(network) else None

    def exempt(self, address: str) -> bool:
        """Whether ``address`` is exempt from the caps on creations and connections: this machine, when trusted."""
        return self.settings.trust_loopback and is_loopback(address)

    # ------------------------------------------------------------------ connections

    def full(self) -> bool:
        """Whether the server holds as many connections as it may."""
        return self.total >= self.max_connections

    def connected(self) -> None:
        self.total += 1

    def disconnected(self) -> None:
        self.total -= 1

    def busy(self) -> bool:
        """Whether the server holds :attr:`Limits.BUSY` of its cap: the rest is for addresses that hold few."""
        return self.total >= Limits.BUSY * self.max_connections

    def admit(self, address: str) -> None:
        """Count a connection from ``address``; :class:`Refusal` if the address holds as many as it may — its cap,
        or, when the server is :meth:`busy`, :attr:`Limits.CONNECTIONS_WHEN_BUSY` — or its network does
        (:attr:`Limits.NETWORK_ADDRESSES` addresses' worth).

        A connection is counted from its first byte against the address it comes from (so that connections that
        never send their request hold that address's count, not the server's), or, from a trusted proxy, against the
        address the proxy forwards once its request is read."""
        key, network = counted_as(address), network_of(address)
        held = self.open.get(key, 0)
        in_network = self.open_networks.get(network, 0) if network is not None else 0
        if not self.exempt(address):
            if held >= self.settings.max_per_address:
                self.refusals.warning("refused a connection from %s: it holds %d already", address, held)
                raise Refusal(
                    f"at most {self.settings.max_per_address} connections from one address: close one and try again"
                )
            if held >= Limits.CONNECTIONS_WHEN_BUSY and self.busy():
                self.refusals.warning("refused a connection from %s: the server is busy and it holds %d", address, held)
                raise Refusal(
                    f"this server is busy: at most {Limits.CONNECTIONS_WHEN_BUSY} connections from one address now; "
                    "close one and try again"
                )
            if network is not None and in_network >= Limits.NETWORK_ADDRESSES * self.settings.max_per_address:
                self.refusals.warning("refused a connection from %s: its network holds %d already", address, in_network)
                raise Refusal(
                    f"at most {Limits.NETWORK_ADDRESSES * self.settings.max_per_address} connections from one network: "
                    "close one and try again"
                )
            if not self.arrivals.take(key):
                self.refusals.warning("refused a connection from %s: too many new ones a second", address)
                raise Refusal(
                    f"at most {Limits.NEW_CONNECTIONS_PER_SECOND:g} new connections a second from one address: wait "
                    "a moment and try again"
                )
            if network is not None and not self.network_arrivals.take(network):
                self.refusals.warning(
                    "refused a connection from %s: too many new ones a second from its network", address
                )
                most = Limits.NETWORK_ADDRESSES * Limits.NEW_CONNECTIONS_PER_SECOND
                raise Refusal(
                    f"at most {most:g} new connections a second from one network: wait a moment and try again"
                )
        self.open[key] = held + 1
        if network is not None:
            self.open_networks[network] = in_network + 1

    def release(self, address: str) -> None:
        _count_out(self.open, counted_as(address))
        if (network := network_of(address)) is not None:
            _count_out(self.open_networks, network)

    def linger(self, address: str) -> bool:
        """Whether a connection from ``address``, refused, may be held a moment for its client to read why: a few
        an address at once (:attr:`Limits.LINGERING_PER_ADDRESS`), so that refused connections never fill the
        server; the rest are closed at once."""
        key = counted_as(address)
        held = self.lingering.get(key, 0)
        if held >= Limits.LINGERING_PER_ADDRESS:
            return False
        self.lingering[key] = held + 1
        return True

    def lingered(self, address: str) -> None:
        _count_out(self.lingering, counted_as(address))

    def origin_allowed(self, origin: str | None) -> bool:
        """Whether a connection with this ``Origin`` may open.  A native client (the app, ``online bot``, the web
        front's app processes) sends none; a browser always does, naming the page that opens the connection — and no
        page is this server's, so only the pages the operator lists (``--allow-origin``) may: another site's page
        never plays with its visitor's address."""
        return origin is None or origin in self.settings.allowed_origins

    # ------------------------------------------------------------------ wrong attempts

    def check_guesses(self, address: str, code: str | None) -> None:
        """:class:`Refusal` if ``address``, or its network (:func:`network_of`), made too many wrong attempts in the
        last minute, or ``code`` was tried wrong too often (from anywhere)."""
        now = time.monotonic()
        if self.failures.full(counted_as(address), now):
            self.refusals.warning("refused a code from %s: too many wrong codes or tokens", address)
            raise Refusal("too many wrong codes or tokens from your address: try again in a minute")
        network = network_of(address)
        if network is not None and self.network_failures.full(network, now):
            self.refusals.warning("refused a code from %s: too many wrong codes from %s", address, network)
            raise Refusal("too many wrong codes from your network: try again in a minute")
        if code is not None and self.code_failures.full(code, now):
            self.refusals.warning("refused a code from %s: that code was tried wrong too often", address)
            raise Refusal("this code was tried wrong too often: try again in a minute")

    def failed(self, address: str, code: str | None, what: str) -> None:
        """A wrong code or token from ``address`` (``code``: the one tried, normalised; ``what``: the refusal).

        Only a code tried is counted for the network too: a guess.  A token is no guess (256 bits), and a ``hello``
        is never held back, so that one address's wrong tokens, counted for its network, would hold back its
        neighbours' joins while never holding back its own hellos."""
        now = time.monotonic()
        self.failures.add(counted_as(address), now)
        if code is not None:
            if (network := network_of(address)) is not None:
                self.network_failures.add(network, now)
            self.code_failures.add(code, now)
        self.refusals.warning("refused %s from %s", what, address)

    def check_load(self, address: str) -> None:
        """:class:`Refusal` past :attr:`Limits.LOADS_PER_ADDRESS` games a minute read from the store for ``address``,
        or three times as many for its network (the address looked at first)."""
        if self.exempt(address):
            return
        for where, buckets, at in (
            ("address", self.loads, counted_as(address)),
            ("network", self.network_loads, network_of(address)),
        ):
            if at is not None and not buckets.take(at):
                self.refusals.warning("refused to open a game for %s: too many a minute from its %s", address, where)
                raise Refusal(
                    f"at most {buckets.burst:g} games opened a minute from one {where}: try again in a moment"
                )

    def check_create(self, address: str) -> None:
        """:class:`Refusal` past :attr:`Limits.CREATES_PER_ADDRESS` games a minute, or
        :attr:`Limits.CREATES_PER_ADDRESS_PER_DAY` a day, from ``address``, or past three times as many from its network
        (:func:`network_of`).  The address is looked at first: one refused takes nothing from its neighbours' share."""
        if self.exempt(address):
            return
        now = time.monotonic()
        key, network = counted_as(address), network_of(address)
        for where, windows, at in (("address", self.creates, key), ("network", self.network_creates, network)):
            if at is not None and windows.full(at, now):
                self.refusals.warning("refused a new game from %s: too many a minute from its %s", address, where)
                raise Refusal(f"at most {windows.most} new games a minute from one {where}: try again in a minute")
        for where, buckets, at in (
            ("address", self.daily_creates, key),
            ("network", self.network_daily_creates, network),
        ):
            if at is not None and not buckets.take(at):
                self.refusals.warning("refused a new game from %s: too many a day from its %s", address, where)
                minutes = max(1, round(86400 / buckets.burst / 60))
                raise Refusal(
                    f"at most {buckets.burst:g} new games a day from one {where}: the next may be created in {minutes} "
                    "minutes"
                )
        self.creates.add(key, now)
        if network is not None:
            self.network_creates.add(network, now)

    def check_health(self, address: str) -> None:
        """:class:`Refusal` past :attr:`Limits.HEALTH_PER_ADDRESS` ``/health`` requests a minute from ``address``."""
        if self.exempt(address):
            return
        now = time.monotonic()
        if self.health.full(counted_as(address), now):
            raise Refusal(f"at most {Limits.HEALTH_PER_ADDRESS} health checks a minute from one address")
        self.health.add(counted_as(address), now)


def _count_out(counts: dict[str, int], key: str) -> None:
    """One fewer under ``key`` (an address's count), forgotten at none: the table holds only addresses holding some."""
    held = counts.get(key, 0) - 1
    if held > 0:
        counts[key] = held
    else:
        counts.pop(key, None)


def forwarded_client(peer: str, header: Callable[[str], list[str]], is_proxy: Callable[[str], bool]) -> str:
    """The client's address: ``peer`` (the connection's), unless ``peer`` is a trusted proxy, in which case the
    address it forwards — the last one in ``X-Forwarded-For`` (else in ``Forwarded``'s ``for=``) that is not itself a
    trusted proxy: what this proxy saw, never what the client wrote before it.  Anyone else's forwarding headers are
    ignored: they are the client's to write.  ``header``: a request's values of a header, by name.

    >>> headers = {"X-Forwarded-For": ["198.51.100.7, 203.0.113.9"]}
    >>> forwarded_client("10.0.0.2", lambda name: headers.get(name, []), lambda address: address.startswith("10."))
    '203.0.113.9'
    >>> forwarded_client("192.0.2.1", lambda name: headers.get(name, []), lambda address: address.startswith("10."))
    '192.0.2.1'
    """
    if not is_proxy(peer):
        return peer
    # X-Forwarded-For first: the common proxies append the client's address to it, but pass a client's own
    # Forwarded header on untouched, so that reading Forwarded first would let a client name itself.
    forwarded = _listed(header("X-Forwarded-For")) or _forwarded_for(header("Forwarded"))
    return next((address for address in reversed(forwarded) if not is_proxy(address)), peer)


def _listed(values: Iterable[str]) -> list[str]:
    """The addresses of ``X-Forwarded-For`` headers, in order (each a comma-separated list)."""
    return [_bare(part) for value in values for part in value.split(",") if part.strip()]


def _forwarded_for(values: Iterable[str]) -> list[str]:
    """The ``for=`` addresses of ``Forwarded`` headers (RFC 7239), in order."""
    found = []
    for value in values:
        for element in value.split(","):
            for pair in element.split(";"):
                name, _, given = pair.strip().partition("=")
                if name.strip().lower() == "for" and given:
                    found.append(_bare(given))
    return found


def _bare(address: str) -> str:
    """An address as a header writes it, bare: ``"[2001:db8::1]:4711"`` → ``2001:db8::1``, ``1.2.3.4:80`` →
    ``1.2.3.4``."""
    address = address.strip().strip('"')
    if address.startswith("["):
        return address[1:].split("]", 1)[0]
    if address.count(":") == 1:
        return address.split(":", 1)[0]
    return address
