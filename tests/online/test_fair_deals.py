"""Fair deals: on a server as players meet it, nobody chooses or learns the deals of a game others play in. The
server draws every game's seed itself and refuses a ``create`` that brings one; only a server started with
``--allow-seeds`` (tests, benchmarks, replays) accepts a chosen seed, and then everyone in the game is told: in
every ``welcome`` and in the ``record``.  The seed itself is known to nobody before the match is over."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from textual.app import App

from lost_cities.ai import make_bot
from lost_cities.net.client import OnlineError, create_game, fetch_record, play_seat
from lost_cities.net.protocol import Create, ErrorCode, SeatSpec
from lost_cities.storage import MatchStore
from lost_cities.storage.saved import SavedMatch
from lost_cities.tui.match.match_app import MatchApp, Online
from lost_cities.tui.match.screens.board import BoardScreen
from tests.conftest import Cli
from tests.online.raw import ask, joined, next_frame, open_raw, seated
from tests.online.server import ServerProcess
from tests.tui.helpers import screen_lines, screen_text, until, words_of

DEALT = "The deals were chosen by whoever created this game: they may know every hand and the draw pile."


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server started as for players: without ``--allow-seeds``."""
    process = ServerProcess(tmp_path_factory.mktemp("plain"), allow_seeds=False)
    process.start()
    yield process
    process.stop()


@pytest.fixture
def server(module_server: ServerProcess) -> ServerProcess:
    """A server with ``--allow-seeds``, shared by the module's tests: each creates its own games on it and reads
    nothing else of it."""
    return module_server


def two(seed: int | None = None) -> Create:
    return Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=seed)


async def test_a_create_with_a_seed_is_refused_by_a_plain_server_in_one_sentence_that_says_how_to_allow_it(
    plain: ServerProcess,
) -> None:
    websocket = await open_raw(plain.url)
    answer = await ask(websocket, {"type": "create", "seats": [{"name": "Ana"}, {"name": "Boris"}], "seed": 7})
    assert answer["type"] == "error" and answer["code"] == "bad_field", answer
    assert "deals the cards itself" in answer["message"] and "--allow-seeds" in answer["message"]
    assert "\n" not in answer["message"]
    await websocket.close()
    with pytest.raises(OnlineError) as refused:  # as lost-cities online new --seed hears it
        await create_game(plain.url, two(seed=0))
    assert refused.value.code is ErrorCode.BAD_FIELD


async def test_two_games_created_alike_on_a_plain_server_are_dealt_differently(plain: ServerProcess) -> None:
    hands = []
    for _ in range(2):
        created = await create_game(plain.url, two())
        (ana, view), (boris, _) = await seated(plain.url, [seat.code or "" for seat in created.seats])
        hands.append(view["view"]["hand"])
        for websocket in (ana, boris):
            await websocket.close()
    assert hands[0] != hands[1]  # 8 cards of 60 alike twice: once in ~10^11


async def test_a_server_started_with_allow_seeds_deals_the_seed_chosen(server: ServerProcess) -> None:
    hands = []  # the tests' servers allow seeds
    for _ in range(2):
        created = await create_game(server.url, two(seed=7))
        (ana, view), (boris, _) = await seated(server.url, [seat.code or "" for seat in created.seats])
        hands.append(view["view"]["hand"])
        for websocket in (ana, boris):
            await websocket.close()
    assert hands[0] == hands[1] and len(hands[0]) == 8


async def test_a_seed_chosen_is_told_to_the_seat_that_joins_to_a_watcher_and_in_the_record(
    server: ServerProcess,
) -> None:
    created = await create_game(server.url, two(seed=7))
    boris = await open_raw(server.url)
    welcome = await ask(boris, {"type": "join", "code": created.seats[1].code})
    assert welcome["type"] == "welcome" and welcome["seed_chosen"] is True, welcome
    watcher = await open_raw(server.url)
    watching = await ask(watcher, {"type": "watch", "code": created.watch})
    assert watching["type"] == "welcome" and watching["seed_chosen"] is True, watching
    await watcher.close()  # told: it need not stay (unread, the whole match would wait in its buffer)
    await boris.close()
    ana = play_seat(server.url, created.seats[0].code or "", make_bot("heuristic", seed=0))
    back = play_seat(server.url, "", make_bot("heuristic", seed=1), token=welcome["token"])
    (_, record), _ = await asyncio.gather(ana, back)
    assert record.seed_chosen and record.record.seed == 7


async def test_a_seed_the_server_drew_is_said_to_be_so_and_given_only_once_the_match_is_over(
    plain: ServerProcess,
) -> None:
    created = await create_game(plain.url, two())
    watcher = await open_raw(plain.url)
    welcome = await ask(watcher, {"type": "watch", "code": created.watch})
    assert welcome["type"] == "welcome" and welcome["seed_chosen"] is False, welcome
    await watcher.close()
    with pytest.raises(OnlineError) as early:  # online export before the end: no record, so no seed
        await fetch_record(plain.url, created.watch)
    assert early.value.code is ErrorCode.GAME_OVER
    played = await asyncio.gather(
        *(play_seat(plain.url, seat.code or "", make_bot("heuristic", seed=seat.seat)) for seat in created.seats)
    )
    record = played[0][1]
    assert not record.seed_chosen and record.record.replay().over
    exported = await fetch_record(plain.url, created.watch)  # online export, once it is over: the seed with it
    assert exported.record == record.record and not exported.seed_chosen


@pytest.mark.parametrize("seed", [7, None])
async def test_the_board_says_first_that_the_deals_were_chosen_and_the_help_keeps_it(
    server: ServerProcess, seed: int | None
) -> None:
    created = await create_game(server.url, two(seed=seed))
    app = MatchApp(Online(server.url, code=created.seats[1].code), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        await until(pilot, lambda: "Boris" in screen_text(shown))
        assert (DEALT in words_of(screen_text(shown))) is (seed is not None)
        await pilot.press("question_mark")
        await until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.pause()
        helped = words_of(" ".join(line.strip(" │") for line in screen_lines(shown)))  # inside the help's frame
        assert "THE RULES IN SHORT" in helped and (DEALT in helped) is (seed is not None)


@pytest.mark.parametrize("seed", [7, None])
def test_online_export_of_a_game_whose_deals_were_chosen_says_so(
    cli: Cli, server: ServerProcess, seed: int | None
) -> None:
    created = asyncio.run(create_game(server.url, two(seed=seed)))

    async def play() -> None:
        await asyncio.gather(*(play_seat(server.url, seat.code or "", make_bot("heuristic")) for seat in created.seats))

    asyncio.run(play())
    result = cli("online", "export", created.watch, "--server", server.url)
    assert result.status == 0, result.err
    assert ('"seed_chosen": true' in result.out) is (seed is not None)  # absent when the server dealt
    saved = SavedMatch.from_json(result.out)
    assert saved.seed_chosen is (seed is not None) and saved.over
    assert SavedMatch.from_json(saved.to_json()) == saved


async def test_the_cards_are_dealt_once_every_seat_is_taken(server: ServerProcess) -> None:
    # found by an attacker: whoever created a game saw their hand on joining it, and could make games until they
    # liked a deal, then invite the others into that one alone
    seats = (SeatSpec("Ana"), SeatSpec("Boris"), SeatSpec("Carl", computer="easy"))  # a computer's seat is taken
    created = await create_game(server.url, Create(seats=seats, rounds=1, clock=3600))
    ana, early = await joined(server.url, created.seats[0].code or "")
    assert early["view"]["hand"] == [] and early["view"]["legal_decisions"] == [] and early["deadline"] is None
    refused = await ask(ana, {"type": "decide", "version": 0, "decision": "n"})
    assert refused["code"] == "not_seated" and refused["message"].endswith("waiting for Boris")
    boris, dealt_to_boris = await joined(server.url, created.seats[1].code or "")
    dealt_to_ana = await next_frame(ana)  # the last seat taken: the one before is sent its view again
    assert dealt_to_ana["type"] == "view" and len(dealt_to_ana["view"]["hand"]) == 7  # three players (R23)
    assert len(dealt_to_boris["view"]["hand"]) == 7 and dealt_to_ana["deadline"] is not None  # the clock runs
    for websocket in (ana, boris):
        await websocket.close()
