"""textual-serve's server, guarded: the page's websocket only from the page's own origin, a few tabs at once.

Imported by ``lost-cities web`` only (textual-serve brings aiohttp: no other command pays for it).
Each accepted tab starts an app process on this machine, so a page elsewhere on the web must not be able
to open one (the browser sends its ``Origin``: it must be this page's), and the number at once is capped.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

__all__ = ["GuardedServer"]


class GuardedServer(Server):
    def __init__(self, command: str, *, max_tabs: int, **options: object) -> None:
        super().__init__(command, **options)  # type: ignore[arg-type]
        self.max_tabs = max_tabs
        self.tabs = 0

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
        self.tabs += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.tabs -= 1
