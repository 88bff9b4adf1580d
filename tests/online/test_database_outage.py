"""``GET /health``: what the server holds in memory and what its database holds, for a load balancer."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from lost_cities.net.client import create_game
from lost_cities.net.protocol import SeatSpec
from tests.online.server import ServerProcess
from tests.online.test_match import game, play_all


def health(port: int) -> tuple[int, dict[str, Any]]:
    """``GET /health`` on the server at ``port``: the HTTP status and the JSON it answers (never through a proxy)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://127.0.0.1:{port}/health", timeout=15) as response:
            return int(response.status), json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


async def test_health_tells_the_games_in_memory_and_those_the_database_holds(server: ServerProcess) -> None:
    status, state = await asyncio.to_thread(health, server.port)
    assert (status, state) == (
        200, {"status": "ok", "games": 0, "connections": 0, "stored_games": 0, "stored_games_not_over": 0},
    )  # fmt: skip
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=5)
    await play_all(server.url, await create_game(server.url, spec), {0: "heuristic", 1: "heuristic"})
    await create_game(server.url, spec)  # created, not played: in the database only
    status, state = await asyncio.to_thread(health, server.port)
    assert status == 200 and state["status"] == "ok"
    assert state["stored_games"] == 2 and state["stored_games_not_over"] == 1
    assert state["games"] == 0  # nobody connected: no game is held in memory
