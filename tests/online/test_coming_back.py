"""Coming back to an online game a day later: ``lost-cities play`` lists it beside the unfinished match,
with whose turn it is, and one key opens it."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from textual.pilot import Pilot

from lost_cities.cli.online import RunningGames, running_online_games
from lost_cities.net.client import Seat, create_game
from lost_cities.net.protocol import Create, RematchOffer, SeatSpec, ServerFrame
from lost_cities.session import OfferedGame
from lost_cities.storage import MatchStore
from lost_cities.storage.online import OnlineSeat, remember
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.dialogs import NoticesScreen
from lost_cities.tui.match.screens.resume import ResumeScreen
from lost_cities.tui.match.tables.remote import RemoteTable
from tests.conftest import Cli
from tests.online.server import ServerProcess
from tests.tui.helpers import screen_text, until, words_of


async def taken_and_left(url: str, code: str) -> str:
    """The seat ``code`` opens taken (its token kept, as the app keeps it), then left: its token."""
    seat = Seat(url, code=code)
    holding = asyncio.create_task(seat.run())
    while seat.token is None or seat.view is None:
        await asyncio.sleep(0.01)
    holding.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await holding  # its connection closed, not left for the server to time out when it stops
    return seat.token


async def test_the_games_still_running_are_listed_with_whose_turn_it_is(server: ServerProcess) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), seed=2))
    ana_offer, boris_offer = created.seats
    tokens = [await taken_and_left(server.url, offer.code or "") for offer in (ana_offer, boris_offer)]
    store = MatchStore()
    for number, (offer, token) in enumerate(zip((ana_offer, boris_offer), tokens, strict=True)):
        remember(store, OnlineSeat(server.url, created.game, number, offer.code or "", token, ("Ana", "Boris")))
    remember(store, OnlineSeat("ws://127.0.0.1:9", "gone", 0, "K7QX-M2PA", "x" * 43))  # a server that is down
    three = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Carl"), SeatSpec("Dora"))))
    alone = await taken_and_left(server.url, three.seats[0].code or "")  # Ana's, in a game of three: nobody else's
    remember(store, OnlineSeat(server.url, three.game, 0, three.seats[0].code or "", alone))
    running = await asyncio.to_thread(running_online_games, 3.0)
    assert [game.label for game in running.offered] == [
        "online with Boris: your turn",
        "online with Ana: Ana to play",
        "online with Carl, Dora: waiting for Carl, Dora to join",  # not "your turn": the cards are not dealt
    ]
    assert [game.token for game in running.offered] == [*tokens, alone]
    assert running.silent == ["ws://127.0.0.1:9"] and running.refused == []  # its games are not listed, said why
    assert running.notices() == (
        "The server ws://127.0.0.1:9 did not answer: your online games on it are not listed (they wait there). "
        "If it is gone for good, forget them with:\nlost-cities online forget --server ws://127.0.0.1:9",
    )


def test_two_games_that_would_read_the_same_are_told_apart_by_their_codes() -> None:
    # found by a newcomer: every entry showed its seat's code, which the game's creator had never seen
    from lost_cities.cli.online import _labelled, _Offer

    offers = [
        _Offer("Boris", "K7QX-M2PA", "your turn", "ws://a", "t1"),
        _Offer("Boris", "M2PA-K7QX", "your turn", "ws://b", "t2"),
        _Offer("Boris", "QQQQ-ZZZZ", "Boris to play", "ws://a", "t3"),
    ]
    assert [offer.label for offer in _labelled(offers)] == [
        "online with Boris (K7QX-M2PA): your turn",
        "online with Boris (M2PA-K7QX): your turn",
        "online with Boris: Boris to play",
    ]


def test_play_says_at_start_up_which_server_did_not_answer(cli: Cli, private_data_dir: Path) -> None:
    # found by a newcomer: the games on a server that was down were missing from the start without a word
    remember(MatchStore(), OnlineSeat("ws://127.0.0.1:9", "gone", 0, "K7QX-M2PA", "x" * 43, ("Ana", "Boris")))
    remember(MatchStore(), OnlineSeat("ws://127.0.0.1:7", "gone", 1, "M2PA-K7QX", "y" * 43, ("Ana", "Boris")))
    result = cli("play", terminal=True)
    assert result.status == 0 and len(result.apps) == 1
    app = result.apps[0]
    assert isinstance(app, MatchApp) and isinstance(app.opening, Local) and app.opening.online == ()
    assert app.notices == (  # one notice for both: one each would cover the screen
        "The servers ws://127.0.0.1:7, ws://127.0.0.1:9 did not answer: your online games on them are not listed "
        "(they wait there). If one is gone for good, forget its games with:\nlost-cities online forget --server URL",
    )


def test_a_server_down_that_holds_only_finished_games_is_not_said() -> None:
    # asked for a rematch asked since, they are no game waiting there: nothing is lost if it does not answer
    remember(MatchStore(), OnlineSeat("ws://127.0.0.1:9", "old", 0, "K7QX-M2PA", "x" * 43, ("Ana", "Boris"), True))
    assert running_online_games(3.0) == RunningGames([], [], [])


async def test_a_server_that_did_not_answer_is_said_at_start_up_not_left_out_silently() -> None:
    # found by a newcomer: the games on a server that was down were missing from the start without a word; then
    # the notice covered part of the form, and its command was cut across lines
    running = RunningGames([], ["ws://127.0.0.1:9"], [])
    offered = (OfferedGame("online with Boris: your turn", "ws://127.0.0.1:8", "x" * 43),)
    app = MatchApp(Local(online=offered), notices=running.notices())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NoticesScreen))
        await until(pilot, lambda: "ws://127.0.0.1:9 did not answer" in words_of(screen_text(app)))
        lines = screen_text(app).splitlines()
        assert any("lost-cities online forget --server ws://127.0.0.1:9" in line for line in lines)  # whole
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        assert "online with Boris: your turn" in screen_text(app)  # the games that did answer are offered


@pytest.fixture
def server(module_server: ServerProcess) -> ServerProcess:
    """The tests of this module share a server: each creates its own games on it and reads nothing else of it."""
    return module_server


async def test_the_start_offers_online_games_and_one_key_opens_one_in_the_same_app(server: ServerProcess) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Carl")), seed=2))
    carl = await taken_and_left(server.url, created.seats[1].code or "")  # Carl took his seat yesterday, and left
    offered = (
        OfferedGame("online with Boris: your turn", "ws://127.0.0.1:9", "x" * 43),
        OfferedGame("online with Ana: Ana to play", server.url, carl),
    )
    app = MatchApp(Local(online=offered))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        table = app.table
        assert isinstance(table, RemoteTable) and table.server == server.url
        assert table.welcome is not None and table.welcome.seat == 1  # back in Carl's seat, by its token
        dealt = "The cards are dealt once everyone has joined: waiting for Ana."  # Ana never took her seat
        await until(pilot, lambda: dealt in words_of(screen_text(app)))  # the board drawn, not only pushed


async def test_a_game_that_ended_while_its_player_was_away_is_offered_opened_to_its_end_and_filed(
    server: ServerProcess,
) -> None:
    # found by a newcomer: a game lost on time while away was neither offered nor filed; only --join showed it
    from lost_cities.ai import make_bot
    from lost_cities.net.client import play_seat
    from lost_cities.storage.online import load_seats

    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Carl", computer="easy")), rounds=1, seed=2)
    created = await create_game(server.url, spec)
    ana = created.seats[0]
    played, _record = await play_seat(server.url, ana.code or "", make_bot("heuristic"))  # over, by another app
    assert played.token is not None
    store = MatchStore()
    remember(store, OnlineSeat(server.url, created.game, 0, ana.code or "", played.token, ("Ana", "Carl")))
    running = await asyncio.to_thread(running_online_games, 3.0)
    assert [game.label for game in running.offered] == ["online with Carl: ended while you were away"]
    app = MatchApp(Local(online=tuple(running.offered)), store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_offered_to_its_end(pilot, app)
        await until(pilot, lambda: all(seat.filed for seat in load_seats(store).seats))
    assert len(store.list_history().matches) == 1  # in the history now


async def first_offered_to_its_end(pilot: Pilot[None], app: MatchApp) -> None:
    """The first game the start offers opened, a finished one: its round's end, then its match's end."""
    from lost_cities.tui.match.screens.match_end import MatchEndScreen

    await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
    await pilot.press("1")
    for _ in range(3):
        await until(pilot, lambda: type(app.screen).__name__ in ("RoundEndScreen", "MatchEndScreen"))
        if isinstance(app.screen, MatchEndScreen):
            break
        await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MatchEndScreen))


async def _finished_by_ana_and_boris(
    url: str,
) -> tuple[dict[str, Seat], list[ServerFrame], list[asyncio.Task[object]], str]:
    """A one-round match Ana and Boris (two people, played by the heuristic computer) have played to its end and are
    still connected to, the frames Ana is sent, and the game's id.  Boris's seat is kept here, already filed: he saw
    the end."""
    from lost_cities.ai import make_bot
    from lost_cities.ai.bot import answer
    from lost_cities.engine import PlayerView
    from lost_cities.engine.moves import Decision

    bot = make_bot("heuristic")

    async def player(view: PlayerView) -> Decision:
        return answer(bot, view)

    created = await create_game(url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3))
    to_ana: list[ServerFrame] = []
    seats = {
        "Ana": Seat(url, code=created.seats[0].code, on_frame=to_ana.append),
        "Boris": Seat(url, code=created.seats[1].code),
    }
    playing: list[asyncio.Task[object]] = [asyncio.create_task(seat.play(player, until_over=False))
                                           for seat in seats.values()]  # fmt: skip
    async with asyncio.timeout(30):
        while any(seat.record is None for seat in seats.values()):
            await asyncio.sleep(0.01)
    boris = seats["Boris"]
    assert boris.token is not None
    code = created.seats[1].code or ""
    remember(MatchStore(), OnlineSeat(url, created.game, 1, code, boris.token, ("Ana", "Boris"), filed=True))
    return seats, to_ana, playing, created.game


async def _rematch_offered(frames: list[ServerFrame]) -> None:
    async with asyncio.timeout(10):
        while not any(isinstance(frame, RematchOffer) for frame in frames):
            await asyncio.sleep(0.01)


async def test_a_rematch_asked_after_its_player_left_is_offered_and_one_key_accepts_it(server: ServerProcess) -> None:
    # found by a newcomer: Boris quit at the match's end, Ana asked for a rematch, and Boris was never told

    seats, to_ana, playing, first_game = await _finished_by_ana_and_boris(server.url)
    try:
        playing.pop().cancel()  # Boris leaves at the match's end
        assert await asyncio.to_thread(running_online_games, 3.0) == RunningGames([], [], [])  # nothing new for him
        await seats["Ana"].ask_rematch()
        await _rematch_offered(to_ana)
        running = await asyncio.to_thread(running_online_games, 3.0)
        assert [game.label for game in running.offered] == ["online with Ana: Ana asked for a rematch"]
        app = MatchApp(Local(online=tuple(running.offered)), store=MatchStore())
        async with app.run_test(size=(80, 24)) as pilot:
            await first_offered_to_its_end(pilot, app)
            await until(
                pilot, lambda: [n.message for n in app._notifications] == ["Ana asked for a rematch: a accepts."]
            )
            await pilot.press("a")
            table = app.table
            assert isinstance(table, RemoteTable)
            await until(pilot, lambda: table.welcome is not None and table.welcome.game != first_game)
            await until(pilot, lambda: "The rematch: the seats have moved round by one." in words_of(screen_text(app)))
        from lost_cities.storage.online import load_seats

        rematch = table.welcome.game if table.welcome is not None else None
        [kept] = [seat for seat in load_seats(MatchStore()).seats if seat.game == rematch]
        running = await asyncio.to_thread(running_online_games, 3.0)  # the rematch alone, no longer the ask
        assert [(game.label.startswith("online with Ana: "), game.token) for game in running.offered] == [
            (True, kept.token)
        ]
        assert "rematch" not in running.offered[0].label
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)


async def test_a_rematch_made_while_its_player_was_away_is_offered_and_opened(server: ServerProcess) -> None:
    # Boris asked for the rematch and left; Ana accepted later: the rematch waits for him
    seats, to_ana, playing, first_game = await _finished_by_ana_and_boris(server.url)
    try:
        await seats["Boris"].ask_rematch()
        await _rematch_offered(to_ana)
        playing.pop().cancel()
        assert await asyncio.to_thread(running_online_games, 3.0) == RunningGames([], [], [])  # Ana has not answered
        await seats["Ana"].ask_rematch()
        async with asyncio.timeout(10):
            while seats["Ana"].welcome is None or seats["Ana"].welcome.game == first_game:
                await asyncio.sleep(0.01)
        running = await asyncio.to_thread(running_online_games, 3.0)
        assert [game.label for game in running.offered] == ["online with Ana: the rematch waits for you"]
        app = MatchApp(Local(online=tuple(running.offered)), store=MatchStore())
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
            await pilot.press("1")
            await until(pilot, lambda: isinstance(app.table, RemoteTable) and app.table.welcome is not None
                        and app.table.welcome.game == seats["Ana"].welcome.game)  # fmt: skip
            await until(pilot, lambda: isinstance(app.screen, BoardScreen))
            await until(pilot, lambda: "The rematch: the seats have moved round by one." in words_of(screen_text(app)))
        running = await asyncio.to_thread(running_online_games, 3.0)  # his seat in it kept: offered, not the ask
        assert len(running.offered) == 1 and "rematch" not in running.offered[0].label
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
