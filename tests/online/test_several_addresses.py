"""A client given several servers' addresses (``--server ws://a,ws://b``, ``LOST_CITIES_SERVER``): it tries them in
turn, the one that worked last first, so that a seat whose server is gone carries on through another; a wrong
address in the list is refused in one sentence."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from lost_cities.ai import make_bot
from lost_cities.net.client import OnlineError, Seat, create_game, fetch_status
from lost_cities.net.protocol import SeatSpec
from tests.conftest import Cli
from tests.online.postgres import free_port
from tests.online.server import ServerProcess, sharing
from tests.online.test_database_outage import slow_player
from tests.online.test_match import decisions_in, game, play_all


def dead_address() -> str:
    return f"ws://127.0.0.1:{free_port()}"


async def test_a_seat_given_a_dead_address_first_plays_through_the_live_one(server: ServerProcess) -> None:
    both = f"{dead_address()},{server.url}"
    created = await create_game(both, game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=5))
    results = await play_all(both, created, {0: "heuristic", 1: "easy"})
    assert results[0][1] == results[1][1] and results[0][1].record.replay().over
    assert all(seat.address == server.url for seat, _record in results)


async def test_no_address_of_the_list_answering_is_said_naming_them_all() -> None:
    first, second = dead_address(), dead_address()
    dead = f"{first},{second}"
    with pytest.raises(OnlineError, match=re.escape(f"no game server answers at {first}, {second} (")):
        await create_game(dead, game(SeatSpec("Ana"), SeatSpec("Boris")))
    with pytest.raises(OnlineError, match="no game server answers"):
        await Seat(dead, code="K7QX-M2PA").run()


async def test_a_server_of_the_list_that_closes_without_an_answer_is_the_one_named() -> None:
    # the address that answered and then said nothing, not the whole list: the player knows which to look at
    from websockets.asyncio.server import ServerConnection, serve

    async def hang_up(websocket: ServerConnection) -> None:
        await websocket.recv()

    async with serve(hang_up, "127.0.0.1", 0) as silent:
        answering = f"ws://127.0.0.1:{silent.sockets[0].getsockname()[1]}"
        both = f"{dead_address()},{answering}"
        with pytest.raises(OnlineError) as created:
            await create_game(both, game(SeatSpec("Ana"), SeatSpec("Boris")))
        assert str(created.value) == f"the server at {answering} closed without creating the game"
        with pytest.raises(OnlineError) as listed:
            await fetch_status(both, ("token",))
        assert str(listed.value) == f"the server at {answering} closed without an answer"


@pytest.mark.parametrize("end", ["stop", pytest.param("kill", marks=pytest.mark.slow)])
async def test_a_seat_whose_server_stops_or_is_killed_comes_back_through_the_next_address(
    tmp_path: Path, end: str
) -> None:
    # two servers on one database and one codes' key, used one at a time: A until it stops (SIGTERM) or is killed
    # (SIGKILL), then B
    with sharing(tmp_path, str(tmp_path / "online.sqlite3")) as (a, b):
        spec = game(SeatSpec("Ana"), SeatSpec("Boris"), rounds=1, seed=9)
        expected = (await play_all(b.url, await create_game(b.url, spec), {0: "heuristic", 1: "heuristic"}))[0][1]
        both = f"{a.url},{b.url}"
        created = await create_game(both, spec)
        seats = [Seat(both, code=offer.code) for offer in created.seats]
        playing = [asyncio.create_task(seat.play(slow_player(make_bot("heuristic")))) for seat in seats]
        try:
            async with asyncio.timeout(60):
                while min(seat.version for seat in seats) < 10:
                    assert not any(task.done() for task in playing), [task.result() for task in playing if task.done()]
                    await asyncio.sleep(0.01)
            assert all(seat.address == a.url for seat in seats)
            await asyncio.to_thread(a.stop if end == "stop" else a.kill)
            results = await asyncio.wait_for(asyncio.gather(*playing), 60)
        finally:
            for task in playing:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
        assert results[0] == results[1]
        assert results[0].record.played == expected.record.played  # the same match as without the stop
        assert all(seat.address == b.url for seat in seats)
        stored, last = await asyncio.to_thread(b.stored_decisions, created.game)
        assert stored == last == decisions_in(results[0].record)  # each decision stored once, none lost


@pytest.mark.parametrize(
    "given", ["ws://127.0.0.1:8811,http://127.0.0.1:8812", "ws://127.0.0.1:8811,,ws://127.0.0.1:8812"]
)
def test_a_wrong_address_in_the_list_is_one_sentence_and_status_2(
    cli: Cli, given: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = "http://127.0.0.1:8812" if "http" in given else ",,"  # the wrong part, or the list when one is empty
    result = cli("online", "export", "K7QX-M2PA", "--server", given)
    assert result.status == 2 and result.err.count("\n") == 1 and "Traceback" not in result.err
    assert wrong in result.err and "is not a server's address" in result.err
    monkeypatch.setenv("LOST_CITIES_SERVER", given)  # the same list from the environment: the same refusal
    result = cli("online", "export", "K7QX-M2PA")
    assert result.status == 2 and result.err.count("\n") == 1 and "Traceback" not in result.err
    assert "LOST_CITIES_SERVER" in result.err and wrong in result.err
