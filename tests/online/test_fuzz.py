"""Ten thousand generated frames thrown at a live server — wrong types, huge numbers, odd Unicode, markup,
missing and extra fields, random notation, versions, codes and tokens — then a whole game on the same
server: every answer is a frame the protocol knows (or a clean close), and the server never breaks."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from lost_cities.ai import make_bot
from lost_cities.net.client import create_game, play_seat
from lost_cities.net.protocol import Create, ErrorFrame, SeatSpec, read_server_frame
from tests.online.raw import open_raw
from tests.online.server import ServerProcess

FRAMES = 10_000
PER_CONNECTION = 150  # under the burst a connection is allowed: the fuzz reaches the game logic, not the limiter
TYPES = ["create", "join", "hello", "watch", "status", "decide", "take_back", "claim", "sync", "ping", "rematch"]
ODD = ["", " ", "\x00", "[bold]x[/bold]", "\u202e", "é" * 40, "𝔘𝔫𝔦", "\ud7ff", "🂡" * 9, "K7QX-M2PA", "+r7", "n"]


def value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 2 else 6)
    if kind == 0:
        return rng.choice([0, 1, -1, 2**63, -(2**70), 10**30, 3])
    if kind == 1:
        return rng.choice(ODD) + rng.choice(["", "r7", "-bw", "s", "u"])
    if kind == 2:
        return rng.choice([True, False, None])
    if kind == 3:
        return rng.random() * 10 ** rng.randrange(-3, 20)
    if kind == 4:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(0, 12)))
    if kind == 5:
        return rng.choice(["+r7", "-bw", "n", "g", "s", "u", "+p10", "-y1", "claim"])
    if kind == 6:
        return [value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {rng.choice(["name", "computer", "x", "type"]): value(rng, depth + 1) for _ in range(rng.randrange(0, 3))}


def frame(rng: random.Random) -> str:
    fields: dict[str, Any] = {"type": rng.choice([*TYPES, "", "fly", None, 7])}
    for name in rng.sample(["code", "token", "version", "decision", "seats", "name", "tokens", "rounds", "seed",
                            "clock", "protocol", "first", "extra"], rng.randrange(0, 5)):  # fmt: skip
        fields[name] = value(rng)
    if rng.random() < 0.3 and fields["type"] == "create":
        fields["seats"] = [{"name": value(rng)}, {"computer": rng.choice(["easy", "genius", None])}]
    text = json.dumps(fields, ensure_ascii=rng.random() < 0.5)
    return rng.choice([text, text, text, text[: rng.randrange(len(text) + 1)], "[" + text + "]", text + "}"])


async def throw(url: str, frames: list[str], mark: str) -> int:
    """Send these frames on one connection, then a last one the server is sure to refuse by naming ``mark``;
    read every answer until that refusal (or a close).  The number of answers read."""
    answers = 0
    websocket = await open_raw(url)
    try:
        for text in frames:
            await websocket.send(text)
        await websocket.send(json.dumps({"type": "ping", mark: 0}))  # an unknown field: refused by name
        async with asyncio.timeout(30):  # the server answers in order: a silent server is a failure
            while True:
                answer = read_server_frame(await websocket.recv())  # every answer is a frame the protocol knows
                answers += 1
                if isinstance(answer, ErrorFrame) and mark in answer.message:
                    break
    except ConnectionClosed:
        pass
    finally:
        await websocket.close()
    return answers


@pytest.mark.slow
async def test_ten_thousand_generated_frames_then_a_whole_game(server: ServerProcess) -> None:
    rng = random.Random(2026)
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=1))
    target = await create_game(server.url, Create(seats=(SeatSpec("Cleo"), SeatSpec("Dan")), rounds=1, seed=2))
    # some connections thrown into a game first — as a seat, and as a watcher — so that the frames reach
    # the game's logic (decisions, versions, take-backs, claims) and not only the door
    aimed = [
        [json.dumps(opening)] + [frame(rng) for _ in range(PER_CONNECTION - 1)]
        for opening in ({"type": "join", "code": target.seats[0].code}, {"type": "watch", "code": target.watch})
    ]
    batches = aimed + [[frame(rng) for _ in range(PER_CONNECTION)] for _ in range(FRAMES // PER_CONNECTION)]
    # all the connections at once: a connection closed by the server after a frame that ends it (created,
    # status) while the client still floods it takes the server's close timeout to end; at once, those overlap
    answers = await asyncio.gather(*(throw(server.url, batch, f"end_{n}") for n, batch in enumerate(batches)))
    answered = sum(answers)
    assert sum(len(batch) for batch in batches) >= FRAMES and answered > FRAMES // 2
    records = await asyncio.wait_for(
        asyncio.gather(*(play_seat(server.url, seat.code or "", make_bot("heuristic")) for seat in created.seats)), 60
    )
    assert records[0][1] == records[1][1] and records[0][1].record.replay().over
    assert server.process is not None and server.process.poll() is None  # alive
    assert "Traceback" not in server.log.read_text()
