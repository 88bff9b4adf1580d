"""textual-serve's server, guarded: the page's websocket only from the page's own origin, a few tabs at once, a
few for each address, each the size of a screen.

Imported by ``lost-cities web`` only (textual-serve brings aiohttp: no other command pays for it).
Each accepted tab starts an app process on this machine, so a page elsewhere on the web must not be able
to open one (the browser sends its ``Origin``: it must be this page's), the number at once is capped, and one
address may hold only a few of them.  A tab says how large its terminal is, on opening and on every resize:
an app draws every cell, so a size far past any screen (20000 × 20000) would take the machine's memory; it is
held to :data:`MAX_COLUMNS` × :data:`MAX_ROWS`.
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

__all__ = ["MAX_COLUMNS", "MAX_ROWS", "GuardedServer", "cells"]

#: The largest terminal a tab may ask for, in cells: wider and taller than any screen.
MAX_COLUMNS = 500
MAX_ROWS = 200


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
    """``max_tabs`` at once; ``per_address``: at most so many of them from one address (``None``: no such cap,
    for a page this machine alone reaches)."""

    def __init__(self, command: str, *, max_tabs: int, per_address: int | None = None, **options: object) -> None:
        super().__init__(command, **options)  # type: ignore[arg-type]
        self.max_tabs = max_tabs
        self.per_address = per_address
        self.tabs = 0
        self.by_address: Counter[str] = Counter()

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser's page (a browser always says where the page came from)
        page, came = urlsplit(self.public_url), urlsplit(origin)
        return (came.scheme, came.hostname, came.port) == (page.scheme, page.hostname, page.port) or (
            came.hostname in ("localhost", "127.0.0.1", "::1") and page.hostname in ("localhost", "127.0.0.1", "::1")
            and came.port == page.port
        )  # fmt: skip

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self._same_origin(request):
            raise web.HTTPForbidden(text="this page's game is played from its own address only")
        if self.tabs >= self.max_tabs:
            raise web.HTTPServiceUnavailable(text="too many games open at once here: try again later")
        address = request.remote or "?"
        if self.per_address is not None and self.by_address[address] >= self.per_address:
            raise web.HTTPServiceUnavailable(text="too many games open at once from your address: close one first")
        query = request.rel_url.query
        sized = request.rel_url.update_query(
            width=cells(query.get("width"), MAX_COLUMNS, 80), height=cells(query.get("height"), MAX_ROWS, 24)
        )
        self.tabs += 1
        self.by_address[address] += 1
        try:
            return await super().handle_websocket(request.clone(rel_url=sized))
        finally:
            self.tabs -= 1
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's own, with every resize held to a screen's size."""
        resize = app_service.set_terminal_size

        async def within(width: int, height: int) -> None:
            await resize(cells(width, MAX_COLUMNS, 80), cells(height, MAX_ROWS, 24))

        app_service.set_terminal_size = within  # type: ignore[method-assign]
        await super()._process_messages(websocket, app_service)
