"""A raw protocol client for the tests: frames as JSON, no reconnecting, no checking — to say what a
badly behaved client says."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


async def open_raw(url: str) -> ClientConnection:
    return await connect(url, proxy=None, max_size=2**20)


async def ask(websocket: ClientConnection, frame: str | dict[str, Any] | bytes, seconds: float = 10) -> dict[str, Any]:
    """Send ``frame`` and return the next frame that is not a presence notice."""
    await websocket.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))
    return await next_frame(websocket, seconds)


async def next_frame(websocket: ClientConnection, seconds: float = 10) -> dict[str, Any]:
    async with asyncio.timeout(seconds):
        while True:
            answer: dict[str, Any] = json.loads(await websocket.recv())
            if answer["type"] != "presence":
                return answer


async def joined(url: str, code: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A connection that took the seat ``code`` opens; and its first view frame."""
    websocket = await open_raw(url)
    welcome = await ask(websocket, {"type": "join", "code": code})
    assert welcome["type"] == "welcome", welcome
    view = await next_frame(websocket)
    assert view["type"] == "view", view
    return websocket, view


async def seated(url: str, codes: Sequence[str]) -> list[tuple[ClientConnection, dict[str, Any]]]:
    """Connections that took the seats ``codes`` open, in turn, the last of them the game's last seat to be taken;
    each with its view once every seat is: the cards are dealt then (a seat taken before is sent it again)."""
    taken = [await joined(url, code) for code in codes]
    for index, (websocket, _before) in enumerate(taken[:-1]):
        view = await next_frame(websocket)
        assert view["type"] == "view" and view["view"]["hand"], view
        taken[index] = (websocket, view)
    return taken
