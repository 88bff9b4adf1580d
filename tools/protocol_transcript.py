"""A real transcript of the online protocol: the worked example of docs/PROTOCOL.md.

It starts ``lost-cities serve --port 0 --allow-seeds`` on loopback with a database in a temporary folder,
plays a short seeded exchange with raw WebSocket connections (a game created, both seats joined, a watcher,
a few decisions, a move out of turn, an illegal one, a resend, a stale one, a seat that leaves and
comes back with its token, a status request) and prints every frame in the order it was sent or
received, one a line::

    ana     → {"type":"decide","version":0,"decision":"-y2"}
    boris   ← {"type":"event","version":1,"seat":0,"decision":"-y2",...}

``→`` is a frame the client sent, ``←`` one the server sent; ``✕`` says the server closed the
connection (its close code and reason).  The game ids, invitation codes and tokens are new on every
run; everything else is fixed by the seed.

By default a frame that carries a view is shortened (the view keeps a few of its fields, and ``…``
marks what was left out): the excerpt in docs/PROTOCOL.md is that output.  ``--full`` prints every
frame whole.

    python tools/protocol_transcript.py [--full] [--seed N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

#: The fields of a view a shortened frame keeps (the rest is marked ``…``).
KEPT = ("seat", "to_move", "phase", "hand", "draw_pile_size", "discard_tops")
#: How long the server must stay quiet before a step is taken to be answered, in seconds.
QUIET = 0.3


def shorten(frame: dict[str, Any]) -> str:
    """``frame`` as one line of JSON, each view in it cut down to :data:`KEPT` and marked ``…``."""
    cut: dict[str, str] = {}
    for key in ("view", "round_over"):
        view = frame.get(key)
        if isinstance(view, dict):
            kept = {name: view[name] for name in KEPT if name in view}
            cut[key] = _compact(kept)[:-1] + ",…}"
            frame = {**frame, key: f"@{key}@"}
    text = _compact(frame)
    for key, value in cut.items():
        text = text.replace(f'"@{key}@"', value)
    return text


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Transcript:
    """Raw connections to one server, and every frame that went either way, in order."""

    def __init__(self, url: str, full: bool) -> None:
        self.url = url
        self.full = full
        self.lines: list[str] = []
        self.connections: dict[str, ClientConnection] = {}
        #: the last frame of each type each connection received
        self.last: dict[tuple[str, str], dict[str, Any]] = {}
        self.readers: list[asyncio.Task[None]] = []
        self.width = 8
        self.recording = True

    async def open(self, who: str) -> None:
        websocket = await connect(self.url, proxy=None, max_size=2**20, compression=None)
        self.connections[who] = websocket
        self.readers.append(asyncio.create_task(self._read(who, websocket)))

    async def _read(self, who: str, websocket: ClientConnection) -> None:
        try:
            async for message in websocket:
                frame = json.loads(message)
                self.last[who, frame["type"]] = frame
                self._line(who, "←", str(message) if self.full else shorten(frame))
        except ConnectionClosed:
            pass
        received = websocket.protocol.close_rcvd
        if received is not None and websocket.protocol.close_rcvd_then_sent:  # the server closed it
            self._line(who, "✕", f"the server closes the connection: {received.code} {received.reason!r}")

    def _line(self, who: str, arrow: str, text: str) -> None:
        if self.recording:
            self.lines.append(f"{who:<{self.width}}{arrow} {text}")

    async def send(self, who: str, frame: dict[str, Any]) -> None:
        """Send ``frame`` on ``who``'s connection (opened first if need be) and wait for the answers."""
        if who not in self.connections:
            await self.open(who)
        self._line(who, "→", _compact(frame))
        await self.connections[who].send(_compact(frame))
        await self.settle()

    async def leave(self, who: str) -> None:
        """``who`` closes its connection (as a client whose network went away would, politely)."""
        self._line(who, "✕", "the client closes the connection")
        await self.connections.pop(who).close()
        await self.settle()

    async def settle(self) -> None:
        """Wait until no frame has arrived for :data:`QUIET` seconds (at most ten seconds)."""
        deadline = time.monotonic() + 10
        seen = -1
        while len(self.lines) != seen and time.monotonic() < deadline:
            seen = len(self.lines)
            await asyncio.sleep(QUIET)

    def frame(self, who: str, kind: str) -> dict[str, Any]:
        return self.last[who, kind]

    async def close(self) -> None:
        """Close every connection still open (the goodbyes it brings about are not part of the transcript)."""
        self.recording = False
        for websocket in self.connections.values():
            await websocket.close()
        await asyncio.gather(*self.readers, return_exceptions=True)


async def exchange(url: str, seed: int, full: bool) -> list[str]:
    """The worked example, played against the server at ``url``: the transcript's lines."""
    t = Transcript(url, full)
    seats = [{"name": "Ana"}, {"name": "Boris"}]
    await t.send("create", {"type": "create", "seats": seats, "rounds": 1, "seed": seed})
    created = t.frame("create", "created")
    codes = [seat["code"] for seat in created["seats"]]
    await t.send("ana", {"type": "join", "code": codes[0]})
    await t.send("boris", {"type": "join", "code": codes[1]})
    await t.send("watcher", {"type": "watch", "code": created["watch"]})
    tokens = {who: t.frame(who, "welcome")["token"] for who in ("ana", "boris")}

    hand = t.frame("ana", "view")["view"]["hand"]
    discard = f"-{hand[0]}"  # a card Ana discards: she may not draw it straight back (R7)
    await t.send("boris", {"type": "decide", "version": 0, "decision": "n"})  # not Boris's turn
    await t.send("ana", {"type": "decide", "version": 0, "decision": discard})
    await t.send("ana", {"type": "decide", "version": 1, "decision": discard[1]})  # drawing it back: illegal
    await t.send("ana", {"type": "decide", "version": 0, "decision": discard})  # a resend: answered, not applied
    await t.send("ana", {"type": "decide", "version": 0, "decision": f"+{hand[1]}"})  # another at version 0: stale
    await t.send("ana", {"type": "decide", "version": 1, "decision": "n"})
    play = next(str(d) for d in t.frame("boris", "event")["view"]["legal_decisions"] if d.startswith("+"))
    await t.send("boris", {"type": "decide", "version": 2, "decision": play})
    await t.send("boris", {"type": "decide", "version": 3, "decision": discard[1]})  # Ana's discard: public
    await t.send("watcher", {"type": "decide", "version": 4, "decision": "n"})
    await t.send("ana", {"type": "ping"})
    await t.leave("boris")
    await t.send("boris", {"type": "hello", "token": tokens["boris"]})
    await t.send("ana", {"type": "sync"})
    await t.send("status", {"type": "status", "tokens": [tokens["ana"], "no-such-token"]})
    await t.close()
    return t.lines


def serve(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """``lost-cities serve --port 0`` with a database in ``folder``: the process, and the address it printed."""
    command = [sys.executable, "-m", "lost_cities", "serve", "--port", "0", "--db", str(folder / "games.sqlite3")]
    command += ["--log-level", "warning", "--allow-seeds"]  # a seeded exchange: the same cards on every run
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    start = line.find("ws://")
    if start < 0:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line[start:].split()[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="print every frame whole (views included)")
    parser.add_argument("--seed", type=int, default=7, help="the match's seed (default 7)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        process, url = serve(Path(folder))
        try:
            lines = asyncio.run(exchange(url, args.seed, args.full))
        finally:
            process.terminate()
            process.wait(30)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
