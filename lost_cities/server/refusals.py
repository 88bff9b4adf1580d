"""What the server answers a frame it does not act on: an ``error`` frame (and perhaps a close), or ``unavailable``
when another server, or nobody, may apply the game now.  Raised anywhere on a frame's path, answered by the hub."""

from __future__ import annotations

from lost_cities.net.protocol import ErrorCode, ErrorFrame
from lost_cities.server.game_store import StoreError

__all__ = ["Elsewhere", "FrameRefused"]


class Elsewhere(StoreError):
    """This server may not apply the game now (another holds its lease, or Redis is away): ``unavailable`` and
    1013, as when the database is away, with its own sentence; a :class:`StoreError` so that every path that
    already answers a database away (a frame, a computer's turn) answers this one too.  ``game_id`` is set when
    another server holds the lease: a client that asked for the game is relayed to it."""

    def __init__(self, message: str, game_id: str | None = None) -> None:
        super().__init__(message)
        self.game_id = game_id


class FrameRefused(Exception):
    """Stop handling this connection's current frame with this error (and close with ``close`` if set); ``tried``:
    the code a wrong attempt tried (normalised), which the gate counts too."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        close: int | None = None,
        version: int | None = None,
        tried: str | None = None,
    ) -> None:
        self.frame = ErrorFrame(code=code, message=message, version=version)
        self.close = close
        self.tried = tried
        super().__init__(message)
