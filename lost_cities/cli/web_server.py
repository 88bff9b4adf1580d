"""textual-serve's server, guarded: the page's websocket only from the page's own origin, a few tabs at once, a
few for each address, each the size of a screen.

Imported by ``lost-cities web`` only (textual-serve brings aiohttp: no other command pays for it).
Each accepted tab starts an app process on this machine, so a page elsewhere on the web must not be able
to open one (the browser sends its ``Origin``: it must be this page's), the number at once is capped, and one
address may hold only a few of them.  A tab says how large its terminal is, on opening and on every resize:
an app draws every cell, so a size far past any screen (20000 × 20000) would take the machine's memory; it is
held to :data:`MAX_COLUMNS` × :data:`MAX_ROWS`.  What a tab types is held to a pace no person's hands exceed
(:data:`KEYS_PER_SECOND`, :data:`BYTES_PER_SECOND`), past which it is dropped: a script typing at full speed kept its
app at a whole core, its memory growing by the hundred megabytes.  When a tab closes, its app is stopped — asked to
quit, then ended — and its data folder removed, before its place is given to another: textual-serve only asks it to
quit, and an app busy with what it was sent ran on for a minute, at a core, past any cap.  A tab nobody has typed
in for :data:`IDLE_TAB` seconds gives its place to a new visitor when every place is taken: a page kept open and
forgotten, or a script that only answers the pings, holds no place someone is asking for.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import math
import os
import shutil
import signal
import tempfile
from collections import Counter
from collections.abc import Callable
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler
from textual_serve.app_service import AppService
from textual_serve.server import Server

from lost_cities.net import VISITOR_VARIABLE
from lost_cities.server.gate import (
    NetworkPace,
    TokenBucket,
    counted_as,
    forwarded_client,
    network_of,
    open_file_limit,
    quiet_exceptions,
    within,
)

__all__ = ["MAX_COLUMNS", "MAX_ROWS", "GuardedServer", "cells"]

log = logging.getLogger("lost_cities.web")

#: The largest terminal a tab may ask for, in cells: wider and taller than any screen.
MAX_COLUMNS = 500
MAX_ROWS = 200
#: What a tab may send its app a second, and at once: keys, pastes and the mouse's moves (a few bytes each) at
#: a person's pace, with room for a burst; past it what it sends is dropped.
KEYS_PER_SECOND, KEY_BURST = 50.0, 200.0
BYTES_PER_SECOND, BYTE_BURST = 1024.0, 8192.0
#: The largest message a tab may send, in bytes (aiohttp's default is 4 MB): a paste longer than this is no game's.
MAX_MESSAGE = 16384
#: The pings a tab's page may send a second, and at once (textual's page sends one as it opens, with the time), and
#: the longest, in characters; the page answers them itself.
PINGS_PER_SECOND, PING_BURST, MAX_PING = 2.0, 10.0, 64
#: Seconds a closed tab's app is given to quit when asked, then to end when told to, before it is killed.
QUIT_GRACE = 2.0
#: Requests one address may make of the page a second, and at once (a page's load is a few: the page, its script,
#: its styles, its fonts, the tab's websocket); its network three addresses' worth.  Past it: 429.
REQUESTS_PER_SECOND, REQUEST_BURST = 5.0, 40.0
#: Tabs one address may open a minute, after a burst (each starts an app: half a second of a core), its network
#: three times as many: a script opening tabs and dropping them in a loop kept a core busy starting apps.
TABS_PER_MINUTE, TAB_BURST = 12.0, 8.0
#: Seconds a connection to the page may stay idle, before its first request or between two, before it is closed
#: (aiohttp's default, 75): a thousand idle sockets from one address took every descriptor of the page.
IDLE_CONNECTION = 10.0
#: How much less of the processor a tab's app is given than the page and a game server on the same machine
#: (``nice``): a busy tab slows the tabs, not the games.
TAB_NICENESS = 10
#: Seconds without a key, a click or a resize after which a tab gives its place to a new visitor, if the page is full:
#: long past a friend's slowest move in an online game, where the one waiting types nothing.
IDLE_TAB = 1800.0


#: Seconds between two resizes passed on to a tab's app: each is a new layout and a whole screen sent back (a script
#: alternating two sizes within the pace kept an app at 65 % of a core, the page sending 1,500 times the bytes it got).
RESIZE_EVERY = 0.5


class _Resizes:
    """A tab's resizes, passed on to its app one per :data:`RESIZE_EVERY` seconds at most: those asked for meanwhile
    are held, and the latest is passed on when the wait ends (a window dragged ends at the size it was left at)."""

    def __init__(self, app_service: AppService) -> None:
        self.app_service = app_service
        self.loop = asyncio.get_running_loop()
        self.passed = -math.inf
        self.size = (80, 24)
        self.held: asyncio.Task[None] | None = None

    async def ask(self, width: int, height: int) -> None:
        self.size = (width, height)
        if self.held is not None:  # the one held passes on the latest (read as it passes)
            return
        wait = self.passed + RESIZE_EVERY - self.loop.time()
        if wait <= 0:
            await self._pass()
        else:
            self.held = asyncio.create_task(self._after(wait))

    async def _after(self, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
            await self._pass()
        except Exception:  # the tab's app gone meanwhile: said, as the tab's other faults are
            log.exception("a tab's resize could not be passed on")
        finally:
            self.held = None

    async def _pass(self) -> None:
        self.passed = self.loop.time()
        await self.app_service.set_terminal_size(*self.size)

    def drop(self) -> None:
        """The tab is gone: nothing held is passed on."""
        if self.held is not None:
            self.held.cancel()


class _TabInput:
    """What one tab has sent: counted against a person's pace, in messages and in bytes; its pings apart."""

    def __init__(self) -> None:
        self.keys = TokenBucket(KEYS_PER_SECOND, KEY_BURST)
        self.bytes = TokenBucket(BYTES_PER_SECOND, BYTE_BURST)
        self.pings = TokenBucket(PINGS_PER_SECOND, PING_BURST)

    def allows(self, size: int) -> bool:
        """Whether a message of ``size`` characters (a key's message is ASCII: a byte each) is within the tab's
        pace: its bytes, then one message, taken from what is left."""
        return self.bytes.take(size) and self.keys.take()


class _TabApp(AppService):
    """One tab's app, its data folder its own (``LOST_CITIES_DATA_DIR``): the page's visitors never see each other's
    seats; ``visitor``: the address of the person in the tab, which the app's connections forward to the game
    server."""

    def __init__(self, command: str, folder: str, visitor: str | None, **options: object) -> None:
        super().__init__(command, **options)  # type: ignore[arg-type]
        self.folder = folder
        self.visitor = visitor

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height) | {"LOST_CITIES_DATA_DIR": self.folder}
        if self.visitor is not None:  # forwarded by the app's connections: see VISITOR_VARIABLE
            environment[VISITOR_VARIABLE] = self.visitor
        return environment

    async def start(self, width: int, height: int) -> None:
        await super().start(width, height)
        if self._process is not None and hasattr(os, "setpriority"):
            with contextlib.suppress(OSError):  # gone already, or a system that will not
                os.setpriority(os.PRIO_PROCESS, self._process.pid, TAB_NICENESS)

    async def end(self) -> None:
        """Stop the app: asked to quit, then terminated, then killed, each given :data:`QUIT_GRACE` seconds."""
        process = self._process
        if process is None:  # never started
            return
        try:
            await asyncio.wait_for(self.stop(), QUIT_GRACE)
        except asyncio.CancelledError:
            # textual-serve cancels its reader of the app's errors, which says so if it had not started yet: the
            # app is still to be ended — at once if this task is cancelled itself (the page stopping)
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                raise
        except Exception:  # a process gone already cannot be written to: it is ended below all the same
            pass
        for stop in (process.terminate, process.kill):
            if process.returncode is not None:
                break
            with contextlib.suppress(ProcessLookupError):
                stop()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
        if self._task is not None:
            self._task.cancel()


def cells(value: object, most: int, default: int) -> int:
    """A terminal's width or height as a tab asks for it, held to 1 … ``most``; ``default`` for what is no
    whole number.

    >>> cells("120", 500, 80), cells(20000, 500, 80), cells("1e9", 500, 80), cells(None, 200, 24), cells(-3, 200, 24)
    (120, 500, 80, 24, 1)
    """
    try:
        number = int(value) if isinstance(value, int | float) else int(str(value))
    except (TypeError, ValueError, OverflowError):
        return default
    return min(max(number, 1), most)


class GuardedServer(Server):
    """``max_tabs`` at once; ``per_address``: at most so many of them from one address, and twice as many from one
    network — an IPv4 /24, an IPv6 /48, which one visitor may hold whole — (``None``: no such cap, for a page this
    machine alone reaches); ``trusted_proxies``: the reverse proxies (addresses or networks) in front
    of the page, whose ``X-Forwarded-For`` names the visitor — counted, and forwarded to the game server, in its
    place."""

    def __init__(
        self,
        command: str,
        *,
        max_tabs: int,
        per_address: int | None = None,
        trusted_proxies: tuple[str, ...] = (),
        idle_tab: float = IDLE_TAB,
        announce: Callable[[str], None] | None = None,
        **options: object,
    ) -> None:
        super().__init__(command, **options)  # type: ignore[arg-type]
        #: told the page's address once it is served, in place of textual-serve's banner and internal command
        self.announce = announce
        self.max_tabs = max_tabs
        self.per_address = per_address
        self.idle_tab = idle_tab
        self.proxies = tuple(ipaddress.ip_network(proxy, strict=False) for proxy in trusted_proxies)
        self.tabs = 0
        self.by_address: Counter[str] = Counter()
        self.by_network: Counter[str | None] = Counter()
        #: the folder the tabs' data folders are made in while the page is served (removed with them when it stops)
        self.folder: str | None = None
        #: the requests of each address, and of each network, counted against their pace (with ``per_address``)
        self.requests = NetworkPace(REQUESTS_PER_SECOND, REQUEST_BURST)
        #: the tabs each address, and each network, opened, counted against their pace (with ``per_address``)
        self.openings = NetworkPace(TABS_PER_MINUTE / 60, TAB_BURST)
        #: the tabs open now, each with when it was last typed in (the loop's clock): closed when the page stops,
        #: rather than waited for, and the one idle longest closed for a new visitor when the page is full
        self.open: dict[web.WebSocketResponse, float] = {}

    def serve(self, debug: bool = False) -> None:
        """Serve the page until it is stopped (Ctrl+C, ``SIGTERM``); the tabs' data folders, made in one folder of
        the page's, go with it, whatever state their tabs were in.

        textual-serve's own, made to hold under a flood of connections: the open-file limit raised to its hard
        limit, as ``serve`` does; a connection idle :data:`IDLE_CONNECTION` seconds closed; no line logged per
        request; and what the event loop reports (asyncio's accept loop, out of descriptors, reports every try)
        logged a line a second at most, in plain text — textual-serve's Rich handler imported its traceback
        renderer then, which failed without a descriptor, and the page stopped for good."""
        self.debug = debug
        self.initialize_logging()
        open_file_limit()
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(quiet_exceptions(log))
        with contextlib.suppress(NotImplementedError):
            for number in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(number, self.request_exit)
        with tempfile.TemporaryDirectory(prefix="lost-cities-web-", ignore_cleanup_errors=True) as folder:
            self.folder = folder
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=lambda *_args: None,
                keepalive_timeout=IDLE_CONNECTION,
                access_log=None,
            )

    async def on_startup(self, app: web.Application) -> None:
        if self.announce is not None:
            self.announce(self.public_url)

    def initialize_logging(self) -> None:
        """Plain lines on standard error: a line is what a page's operator reads, not a traceback's locals."""
        logging.basicConfig(level=logging.DEBUG if self.debug else logging.INFO, format="%(message)s")

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.on_shutdown.append(self._close_tabs)
        app.middlewares.append(self._paced)
        return app

    @web.middleware
    async def _paced(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A request within its address's and its network's pace (when the page counts addresses), else 429, and
        the connection closed: a thousand requests a second from one address kept the page at a whole core, and
        answered 429 on the same connections, seven thousand."""
        if self.per_address is not None and not self.requests.take(self._visitor(request)):
            refused = web.Response(
                status=429, text="too many requests from your address: wait a moment", headers={"Retry-After": "1"}
            )
            refused.force_close()
            return refused
        return await handler(request)

    async def _close_tabs(self, _app: web.Application) -> None:
        """The page stopping: every open tab is closed (its app then ended, its folder removed), not waited for —
        aiohttp would wait a minute for each."""
        closing = [tab.close(code=WSCloseCode.GOING_AWAY, message=b"the page is stopping") for tab in self.open]
        await asyncio.gather(*closing, return_exceptions=True)

    def _visitor(self, request: web.Request) -> str:
        """The address of the person in the tab: the connection's, or behind a trusted proxy the one it forwards."""
        return forwarded_client(
            request.remote or "?",
            lambda name: request.headers.getall(name, []),
            lambda peer: within(peer, self.proxies),
        )

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser's page (a browser always says where the page came from)
        page, came = urlsplit(self.public_url), urlsplit(origin)
        return (came.scheme, came.hostname, came.port) == (page.scheme, page.hostname, page.port) or (
            came.hostname in ("localhost", "127.0.0.1", "::1") and page.hostname in ("localhost", "127.0.0.1", "::1")
            and came.port == page.port
        )  # fmt: skip

    def _forgotten(self) -> web.WebSocketResponse | None:
        """The tab idle longest, if nobody has used it for :attr:`idle_tab` seconds: the one to close for a new
        visitor when the page is full."""
        idlest = min(self.open, key=self.open.__getitem__, default=None)
        if idlest is None or asyncio.get_running_loop().time() - self.open[idlest] < self.idle_tab:
            return None
        return idlest

    async def _close_for_a_visitor(self, forgotten: web.WebSocketResponse) -> bool:
        """With one tab too many counted (the visitor's, asking), close ``forgotten`` and wait for its app to end;
        whether a place is free then."""
        del self.open[forgotten]  # not chosen again by the next visitor while it closes
        await forgotten.close(code=WSCloseCode.GOING_AWAY, message=b"closed after a while with no key: reload to play")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 4 * QUIT_GRACE  # its app asked to quit, terminated, killed: 3 graces at most
        while self.tabs > self.max_tabs and loop.time() < deadline:
            await asyncio.sleep(0.05)
        return self.tabs <= self.max_tabs

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self._same_origin(request):
            raise web.HTTPForbidden(text="this page's game is played from its own address only")
        address = self._visitor(request)
        counted = counted_as(address)  # an IPv6 visitor by their /64, as the game server counts them
        network = network_of(address)  # this machine's: None, never pooled
        if self.per_address is not None and self.by_address[counted] >= self.per_address:
            raise web.HTTPServiceUnavailable(text="too many games open at once from your address: close one first")
        if self.per_address is not None and network is not None and self.by_network[network] >= 2 * self.per_address:
            raise web.HTTPServiceUnavailable(text="too many games open at once from your network: close one first")
        query = request.rel_url.query
        self.tabs += 1
        self.by_address[counted] += 1
        self.by_network[network] += 1
        try:  # the place is given back once the tab's app has ended, not when its page went
            forgotten = self._forgotten() if self.tabs > self.max_tabs else None
            if self.tabs > self.max_tabs and forgotten is None:
                raise web.HTTPServiceUnavailable(text="too many games open at once here: try again later")
            if self.per_address is not None and not self.openings.take(address):  # counted once a place is there
                raise web.HTTPTooManyRequests(
                    text="too many games opened from your address: wait a minute", headers={"Retry-After": "60"}
                )
            if forgotten is not None and not await self._close_for_a_visitor(forgotten):
                raise web.HTTPServiceUnavailable(text="too many games open at once here: try again later")
            return await self._tab(request, address, cells(query.get("width"), MAX_COLUMNS, 80),
                                   cells(query.get("height"), MAX_ROWS, 24))  # fmt: skip
        finally:
            self.tabs -= 1
            self.by_address[counted] -= 1
            self.by_network[network] -= 1
            if not self.by_address[counted]:
                del self.by_address[counted]
            if not self.by_network[network]:
                del self.by_network[network]

    async def _tab(self, request: web.Request, visitor: str, width: int, height: int) -> web.WebSocketResponse:
        """textual-serve's handling of a tab's websocket, with a bound on its messages, and its app stopped for good
        and its data folder removed when it closes."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        self.open[websocket] = asyncio.get_running_loop().time()
        folder = tempfile.mkdtemp(prefix="tab-", dir=self.folder)
        app = _TabApp(
            self.command,
            folder,
            visitor,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await app.start(width, height)
            await self._process_messages(websocket, app)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # a tab's fault is the tab's alone: the page goes on serving the others
            log.exception("a tab's app failed")
        finally:
            self.open.pop(websocket, None)
            await app.end()
            shutil.rmtree(folder, ignore_errors=True)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """What a tab sends, passed on as textual-serve passes it, but every message — a key, a resize, a focus —
        counted against a person's pace and dropped past it, before it is read (a script sending focus after focus
        grew its app by 340 MB in ten seconds); its pings at a pace of their own, and short; a resize held to a
        screen's size, and to two a second (:class:`_Resizes`); a focus or a blur passed on only when it changes
        something; what is no message of the page's ignored.  A key, a click or a resize is noted as the tab's last
        use."""
        pace = _TabInput()
        resizes = _Resizes(app_service)
        try:
            await self._read(websocket, app_service, pace, resizes)
        finally:
            resizes.drop()

    async def _read(
        self, websocket: web.WebSocketResponse, app_service: AppService, pace: _TabInput, resizes: _Resizes
    ) -> None:
        clock = asyncio.get_running_loop().time
        focused: bool | None = None
        async for message in websocket:
            if message.type is not WSMsgType.TEXT:
                continue
            text: str = message.data
            if text.startswith('["ping",'):  # the page's own, as textual's page writes it: at a pace of their own
                if len(text) <= MAX_PING and pace.pings.take():
                    kind, data = _envelope(text)
                    if kind == "ping" and isinstance(data, str):
                        await websocket.send_json(["pong", data])
                continue
            if not pace.allows(len(text)):
                continue
            kind, data = _envelope(text)
            if kind in ("stdin", "resize") and websocket in self.open:  # not one being closed for a new visitor
                self.open[websocket] = clock()
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                await resizes.ask(cells(width, MAX_COLUMNS, 80), cells(height, MAX_ROWS, 24))
            elif kind in ("focus", "blur") and focused is not (kind == "focus"):
                focused = kind == "focus"
                await (app_service.focus() if focused else app_service.blur())


def _envelope(text: str) -> tuple[object, object]:
    """A tab's message, ``["kind", data]``, as its kind and its data (``None``, ``None`` for what is not one).

    >>> _envelope('["stdin", "e"]'), _envelope('["focus"]'), _envelope("{}"), _envelope("[1"), _envelope("[" * 5000)
    (('stdin', 'e'), ('focus', None), (None, None), (None, None), (None, None))
    """
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested past what the parser follows
        return None, None
    if not isinstance(envelope, list) or not envelope:
        return None, None
    return envelope[0], envelope[1] if len(envelope) > 1 else None
