"""The server's computer players think in a worker process, taking turns by the address they answer: one address
playing many games against hard computers delays another address's computer by one turn at most, never by all of
its games' turns, and slows nobody's frames.  On a real ``lost-cities serve`` on loopback (its hard level thinks a
second a turn)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect

from lost_cities.net.client import create_game
from lost_cities.net.protocol import Create, SeatSpec
from tests.online.raw import ask, next_frame
from tests.online.server import ServerProcess

#: what the server's hard level thinks a turn, in seconds (``serve``'s default)
THINK = 1.0


async def against_the_computer(url: str, address: str, turns: int, waits: list[float]) -> None:
    """A person from ``address`` in a new game against a hard computer, deciding at once each time it is their turn,
    for ``turns`` of the computer's turns: how long each of those took goes into ``waits``."""
    created = await create_game(url, Create(seats=(SeatSpec("Ana"), SeatSpec(computer="hard")), rounds=1))
    websocket = await connect(url, proxy=None, local_addr=(address, 0))
    assert (await ask(websocket, {"type": "join", "code": created.seats[0].code}))["type"] == "welcome"
    frame: dict[str, Any] = await next_frame(websocket)
    since: float | None = None  # when the computer's turn began
    while len(waits) < turns:
        view = frame["view"]
        if view["to_move"] == 0 and view["legal_decisions"]:
            if since is not None:
                waits.append(time.monotonic() - since)
                since = None
            decision = view["legal_decisions"][0]
            frame = await ask(websocket, {"type": "decide", "version": frame["version"], "decision": decision}, 60)
            if frame["view"]["to_move"] == 1:
                since = time.monotonic()
        else:
            frame = await next_frame(websocket, 60)
    await websocket.close()


async def round_trip(url: str) -> float:
    """The median time, in seconds, a ``ping`` frame from another client takes to be answered (of 21)."""
    websocket = await connect(url, proxy=None, local_addr=("127.0.0.4", 0))
    times = []
    for _ in range(21):
        began = time.monotonic()
        assert (await ask(websocket, {"type": "ping"}))["type"] == "pong"
        times.append(time.monotonic() - began)
        await asyncio.sleep(0.02)
    await websocket.close()
    return sorted(times)[10]


@pytest.mark.slow
async def test_many_games_from_one_address_hold_back_another_addresss_computer_by_one_turn(
    server: ServerProcess,
) -> None:
    before = await round_trip(server.url)
    hog: list[float] = []
    many = [asyncio.create_task(against_the_computer(server.url, "127.0.0.2", 100, hog)) for _ in range(6)]
    try:
        await asyncio.sleep(2 * THINK)  # every one of its games has a computer's turn waiting
        during = await round_trip(server.url)
        waits: list[float] = []
        await asyncio.wait_for(against_the_computer(server.url, "127.0.0.3", 3, waits), 60)
    finally:
        for task in many:
            task.cancel()
        await asyncio.gather(*many, return_exceptions=True)
    # In turn: the other address's turn being thought, then this one — not six of theirs first (six seconds and
    # more), and a turn's play and draw thought in one go (not cut by another's).
    assert max(waits) < 2 * THINK + 2.5, waits
    assert len(hog) >= 2  # and the six games went on meanwhile, in turn with it
    # The thinking is the workers': the server answers everyone else as before (on threads, a median of 33 ms).
    assert during < max(10 * before, 0.01), (before, during)


async def test_the_computers_turns_are_taken_in_turn_by_network_not_by_each_address_of_it() -> None:
    # found by an attacker: thirty games from as many addresses of one IPv6 /64 took thirty places in the queue, and
    # another player's hard computer took 22 s a turn instead of one or two
    from lost_cities.server.computers import _Turns

    turns = _Turns()
    await turns.take("192.0.2.1", ("first", 1))  # the worker busy with someone's turn
    served: list[str] = []

    async def waiting(asker: str, game: str) -> None:
        await turns.take(asker, (game, 1))
        served.append(game)

    stranger = [f"2001:db8:1:{block}::{host}" for block in (1, 2) for host in (1, 2)]  # one /48: four places before
    queued = [asyncio.create_task(waiting(asker, f"stranger-{number}")) for number, asker in enumerate(stranger)]
    queued.append(asyncio.create_task(waiting("198.51.100.7", "neighbour")))
    await asyncio.sleep(0)
    for _ in queued:
        turns.give_back()
        await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*queued), 5)
    assert served[:2] == ["stranger-0", "neighbour"]  # one turn of the network's, then the other player's


async def test_a_hard_computers_turn_thinks_the_less_the_more_networks_wait_behind_it() -> None:
    # found by an attacker: games spread over eight IPv6 /48s, one turn each in the queue, took another player's
    # hard computer from 0.9 to 5 s a turn; now each turn shares the thinking time with the networks waiting
    from concurrent.futures import Executor, Future

    from lost_cities.engine import Round, player_view
    from lost_cities.server.computers import Computers

    thought: list[float] = []

    class Recording(Executor):
        """A worker that notes how long each turn was given, and answers at once."""

        def submit(self, function: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            thought.append(args[3])
            done: Future[Any] = Future()
            done.set_result(args[4].legal_decisions[0])
            return done

    computers = Computers(think=1.0)
    computers.workers = [Recording()]
    drawing = Round(seed=1)
    drawing.decide(drawing.legal_decisions()[0])
    view = player_view(drawing, 0)  # a draw to choose: the worker is not kept for the seat after it
    await computers.decide("alone", 0, "hard", 1, view, "192.0.2.1")
    await computers.turns[0].take("192.0.2.1", ("busy", 0))  # the worker busy: three networks' turns wait
    waiting = [asyncio.create_task(computers.decide(f"g{n}", 0, "hard", 1, view, f"2001:db8:{n}::1")) for n in range(3)]
    await asyncio.sleep(0)
    computers.turns[0].give_back()
    await asyncio.wait_for(asyncio.gather(*waiting), 5)
    assert thought == [1.0, 1 / 3, 1 / 2, 1.0]  # alone; then with two, one and no other network behind
