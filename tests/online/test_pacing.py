"""The project's own clients never trip the server's limits: a seat paces what it sends (a token bucket well
below the server's), on a clock of the test's own here; and, slow, two ``online bot`` processes play a long
match against each other flat out on a real server, three times, never cut off."""

from __future__ import annotations

import asyncio
import math
import subprocess
import sys
from typing import cast

import pytest
from websockets.asyncio.client import ClientConnection

from lost_cities.net import protocol
from lost_cities.net.client import PACE, PACE_BURST, Pacer, Seat, create_game
from lost_cities.net.protocol import Create, SeatSpec
from tests.online.server import ServerProcess


class VirtualTime:
    """A clock that moves only when a task sleeps: a sleep takes no time, and a task waking at ``t`` finds the
    clock at ``t`` at least (tasks sleeping side by side overlap, as they would on the loop's clock)."""

    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        wake = self.now + seconds
        await asyncio.sleep(0)
        self.now = max(self.now, wake)


class Recorder:
    """A connection that keeps when (on the virtual clock) each frame was sent."""

    def __init__(self, time: VirtualTime) -> None:
        self.time = time
        self.sent: list[float] = []

    async def send(self, _text: str) -> None:
        self.sent.append(self.time.now)


def server_takes(times: list[float]) -> bool:
    """Whether the server's token bucket (the protocol's numbers) takes frames arriving at ``times``, each one."""
    tokens, at = protocol.FRAME_BURST, 0.0
    for now in sorted(times):
        tokens = min(protocol.FRAME_BURST, tokens + (now - at) * protocol.FRAMES_PER_SECOND)
        at = now
        if tokens < 1:
            return False
        tokens -= 1
    return True


def test_the_clients_pace_is_half_the_servers() -> None:
    assert PACE <= protocol.FRAMES_PER_SECOND / 2 and PACE_BURST <= protocol.FRAME_BURST / 2


async def test_a_pacer_lets_its_burst_through_at_once_then_keeps_its_rate() -> None:
    time = VirtualTime()
    pacer = Pacer(50, 10, clock=time.clock, sleep=time.sleep)
    for _ in range(10):
        await pacer.wait()
    assert time.now == 0  # the burst: no wait at all
    for _ in range(100):
        await pacer.wait()
    assert time.now == pytest.approx(100 / 50)  # then one frame every 1/50 s, neither sooner nor later
    time.now += 60  # a minute idle refills the burst, never more than the burst
    start = time.now
    for _ in range(11):
        await pacer.wait()
    assert time.now - start == pytest.approx(1 / 50)


async def test_frames_sent_from_several_tasks_at_once_keep_the_pace_together() -> None:
    time = VirtualTime()
    connection = Recorder(time)
    pacer = Pacer(50, 10, clock=time.clock, sleep=time.sleep)

    async def send() -> None:
        await pacer.wait()
        await connection.send("")

    await asyncio.gather(*(send() for _ in range(110)))
    assert len(connection.sent) == 110 and max(connection.sent) == pytest.approx(100 / 50)
    for index, sent in enumerate(sorted(connection.sent)):  # never ahead of the bucket: 10 at once, then 50 a second
        assert sent >= (index + 1 - 10) / 50 - 1e-9


async def test_a_seat_sending_flat_out_stays_within_the_servers_limits_with_a_margin() -> None:
    time = VirtualTime()
    connection = Recorder(time)
    seat = Seat("ws://127.0.0.1:9", code="K7QX-M2PA", pacer=Pacer(clock=time.clock, sleep=time.sleep))
    seat._websocket = cast(ClientConnection, connection)  # a connection that takes every frame at once
    seat.version = 3
    for turn in range(1000):  # every kind of frame a seat sends by itself or for its player
        if turn % 100 == 0:
            await seat.claim()
            await seat.ask_rematch()
        else:
            await seat.send("r7" if turn % 3 else None)
    assert len(connection.sent) == 1000 + 10
    elapsed = connection.sent[-1]
    assert len(connection.sent) <= PACE_BURST + elapsed * PACE + 1  # at the seat's pace: half the server's
    assert server_takes(connection.sent)
    # the margin: frames held up on the way and delivered together, a second's worth at a time, still pass
    assert server_takes([math.ceil(sent) for sent in connection.sent])


def test_an_unpaced_client_would_be_cut_off() -> None:
    """The check above can fail: frames as fast as a bot on loopback answers (a round trip of 2 ms) are refused."""
    assert not server_takes([index * 0.002 for index in range(1000)])


def bot(url: str, code: str) -> subprocess.Popen[str]:
    """``lost-cities online bot CODE --level heuristic``, started: a level that answers at once, flat out."""
    command = [sys.executable, "-m", "lost_cities", "online", "bot", code, "--level", "heuristic", "--server", url]
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True
    )


@pytest.mark.slow
def test_two_online_bots_play_long_matches_flat_out_and_are_never_cut_off(server: ServerProcess) -> None:
    # found by an attacker's review: two heuristic bots sent more than 100 frames a second; one was cut off
    # (1008, exit 2) and the other waited for ever, in 3 matches of 5
    for match in range(3):
        spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=20, seed=match)
        created = asyncio.run(create_game(server.url, spec))
        bots = [bot(server.url, seat.code or "") for seat in created.seats]
        try:
            results = [playing.communicate(timeout=120) for playing in bots]  # ~17 s a match at the client's pace
        finally:
            for playing in bots:
                if playing.poll() is None:
                    playing.kill()
                    playing.wait()
        said = [f"{out}{err}" for out, err in results]
        assert [playing.returncode for playing in bots] == [0, 0], said
        assert results[0][0] == results[1][0] and " – Boris " in results[0][0]  # both saw the same match end
        assert not any("frames a second" in text or "too many" in text for text in said), said
    assert "too many frames" not in server.log.read_text()
