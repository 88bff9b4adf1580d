"""Whole online matches between bot clients and a real server on loopback: the server is the only
authority, every seat ends with the same record, and the record is the one ``online export`` prints."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lost_cities.ai import make_bot
from lost_cities.engine.match import MatchRecord
from lost_cities.net.client import Seat, create_game, play_seat
from lost_cities.net.protocol import Create, Created, Record, SeatSpec
from tests.conftest import Cli
from tests.online.server import ServerProcess


def game(*seats: SeatSpec, rounds: int = 1, seed: int = 7, **variants: bool) -> Create:
    return Create(seats=seats, rounds=rounds, seed=seed, **variants)


async def without_a_failure(folder: Path, spec: Create) -> list[tuple[Seat, Record]]:
    """The seeded game ``spec`` played by heuristic bots on a server of its own (SQLite, in ``folder``) with nothing
    going wrong: what the same game must come to through a failure."""
    calm = ServerProcess(folder)
    calm.start()
    try:
        return await play_all(calm.url, await create_game(calm.url, spec), {0: "heuristic", 1: "heuristic"})
    finally:
        calm.stop()


async def play_all(url: str, created: Created, levels: dict[int, str]) -> list[tuple[Seat, Record]]:
    """Every person's seat played by a bot client at its level, at once."""
    seats = [offer for offer in created.seats if offer.code is not None]
    assert sorted(levels) == [offer.seat for offer in seats]
    return await asyncio.wait_for(
        asyncio.gather(
            *(play_seat(url, offer.code or "", make_bot(levels[offer.seat], seed=offer.seat)) for offer in seats)
        ),
        120,
    )


def decisions_in(record: MatchRecord) -> int:
    return sum(len(turn.split()) for round_ in record.played for turn in round_.turns)


@pytest.fixture
def server(module_server: ServerProcess) -> ServerProcess:
    """The module's server on SQLite, shared by the tests that create their own games on it and read nothing else
    of it but their own games' decisions (its computers' worker process started once)."""
    return module_server


@pytest.fixture
def server_on(database: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server on each kind of database (``database``: a SQLite file, a PostgreSQL database)."""
    process = ServerProcess(tmp_path, database)
    process.start()
    yield process
    process.stop()


async def test_two_bot_clients_play_a_whole_match_and_agree_on_its_record(server_on: ServerProcess, cli: Cli) -> None:
    server = server_on
    created = await create_game(server.url, game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2))
    results = await play_all(server.url, created, {0: "heuristic", 1: "easy"})
    (ana, ana_record), (boris, boris_record) = results
    assert ana_record == boris_record  # one authority: both seats end with the same match
    record = ana_record.record
    assert len(record.played) == 2 and record.replay().over  # R17: every round played, the match over
    assert ana_record.names == ("Ana", "Boris")
    assert ana.welcome is not None and ana.welcome.seat == 0 and boris.welcome is not None and boris.welcome.seat == 1
    # every decision of the match was sent once by its seat's client and applied once by the server
    assert ana.sent + boris.sent == decisions_in(record) == ana.version
    exported = await asyncio.to_thread(cli, "online", "export", created.seats[1].code or "", "--server", server.url)
    assert exported.status == 0, exported.err
    assert json.loads(exported.out)["record"]["played"] == json.loads(cli_record_json(record))["played"]
    watched = await asyncio.to_thread(
        cli, "online", "export", created.watch, "--server", server.url
    )  # the watch code opens it too
    assert json.loads(watched.out)["record"] == json.loads(exported.out)["record"]


def cli_record_json(record: MatchRecord) -> str:
    from lost_cities.engine.codec import encode

    return encode(record).decode()


@pytest.mark.parametrize(
    ("seats", "levels"),
    [
        ((SeatSpec("Ana"), SeatSpec("Boris"), SeatSpec(computer="easy")), {0: "heuristic", 1: "easy"}),
        (
            (SeatSpec("Ana"), SeatSpec(computer="normal"), SeatSpec("Carl"), SeatSpec("Dora")),
            {0: "heuristic", 2: "easy", 3: "random"},
        ),
    ],
    ids=["three", "four-in-teams"],
)
async def test_three_and_four_players_with_a_computer_seat_played_by_the_server(
    server: ServerProcess, seats: tuple[SeatSpec, ...], levels: dict[int, str]
) -> None:
    created = await create_game(server.url, game(*seats, long=True))
    computer = next(offer for offer in created.seats if offer.code is None)
    assert seats[computer.seat].computer is not None  # the computer's seat has no invitation to send
    results = await play_all(server.url, created, levels)
    records = {result.record.played for _, result in results}
    assert len(records) == 1
    record = results[0][1].record
    assert record.rules.players == len(seats) and record.replay().over  # the final laying (R23c) and all
    decided_by_computer = decisions_in(record) - sum(seat.sent for seat, _ in results)
    assert decided_by_computer > 0  # the server played its seat itself


@pytest.mark.slow
async def test_a_game_killed_with_sigkill_goes_on_after_a_restart_with_nothing_lost_or_applied_twice(
    server_on: ServerProcess, tmp_path_factory: pytest.TempPathFactory
) -> None:
    server = server_on
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=2, seed=11)
    expected = (await without_a_failure(tmp_path_factory.mktemp("calm"), spec))[0]

    created = await create_game(server.url, spec)
    seats = [Seat(server.url, code=offer.code) for offer in created.seats]
    bots = [make_bot("heuristic") for _ in seats]

    def player(bot: object):  # type: ignore[no-untyped-def]
        async def decide(view):  # type: ignore[no-untyped-def]
            await asyncio.sleep(0.005)  # slow enough for the kills to land mid-match
            from lost_cities.ai.bot import answer

            return answer(bot, view)  # type: ignore[arg-type]

        return decide

    playing = [asyncio.create_task(seat.play(player(bot))) for seat, bot in zip(seats, bots, strict=True)]
    for kill_at in (30, 90):
        while max(seat.version for seat in seats) < kill_at:
            assert not any(task.done() for task in playing), [task.result() for task in playing if task.done()]
            await asyncio.sleep(0.01)
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.restart)
    results = await asyncio.wait_for(asyncio.gather(*playing), 120)
    assert results[0] == results[1]
    assert results[0].record.played == expected[1].record.played  # the same match as without the failure
    stored, last = await asyncio.to_thread(server.stored_decisions)
    assert stored == last == decisions_in(results[0].record)  # each decision stored once, none lost


async def test_a_client_that_loses_its_connection_in_the_middle_of_its_turn_comes_back_and_it_counts_once(
    server: ServerProcess,
) -> None:
    spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=13)
    expected = (await play_all(server.url, await create_game(server.url, spec), {0: "heuristic", 1: "heuristic"}))[0]
    created = await create_game(server.url, spec)
    lines: list[bool] = []  # Ana's connection going up and down
    seats = [Seat(server.url, code=created.seats[0].code, on_connection=lines.append), Seat(
        server.url, code=created.seats[1].code)]  # fmt: skip
    bots = [make_bot("heuristic", seed=offer.seat) for offer in created.seats]
    drops = [(11, "after sending"), (24, "before sending")]  # from these versions on, Ana's line goes down once

    def player(number: int):  # type: ignore[no-untyped-def]
        async def decide(view):  # type: ignore[no-untyped-def]
            from lost_cities.ai.bot import answer

            seat, version = seats[number], seats[number].version
            when = drops.pop(0)[1] if number == 0 and drops and version >= drops[0][0] else None
            websocket = seat._websocket
            if when == "before sending" and websocket is not None:
                websocket.transport.abort()  # the decision is made while the line is down: sent on coming back
                await asyncio.sleep(0.05)
            elif when == "after sending" and websocket is not None:
                asyncio.get_running_loop().call_soon(websocket.transport.abort)  # gone with the frame in flight
            return answer(bots[number], view)

        return decide

    playing = [asyncio.create_task(seat.play(player(number))) for number, seat in enumerate(seats)]
    results = await asyncio.wait_for(asyncio.gather(*playing), 60)
    assert not drops and lines.count(True) == 3  # both drops, in the middle of her turns, and she came back twice
    assert results[0] == results[1] and results[0].record.played == expected[1].record.played
    stored, last = await asyncio.to_thread(server.stored_decisions, created.game)
    assert stored == last == decisions_in(results[0].record)  # each decision applied once


async def test_an_unnamed_computer_is_called_computer_as_at_one_keyboard_not_player_n(server: ServerProcess) -> None:
    # found by a newcomer: a computer created without a name was "Player 2" in every list of the player's games
    one = await create_game(server.url, Create(seats=(SeatSpec(""), SeatSpec("", computer="easy"))))
    assert [seat.name for seat in one.seats] == ["Player 1", "Computer"]
    seats = (SeatSpec("Ana"), SeatSpec("", computer="easy"), SeatSpec("", computer="hard"))
    two = await create_game(server.url, Create(seats=seats))
    assert [seat.name for seat in two.seats] == ["Ana", "Computer 2", "Computer 3"]
