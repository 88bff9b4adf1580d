"""A rematch: once the match is over and every person has asked, a new match with the same players and
rules, the seats rotated by one, each player moved to it with a token of their own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from lost_cities.ai import make_bot
from lost_cities.ai.bot import answer
from lost_cities.engine import PlayerView
from lost_cities.engine.moves import Decision
from lost_cities.net.client import Seat, create_game
from lost_cities.net.protocol import (
    Create,
    Created,
    Presence,
    Rematched,
    RematchOffer,
    SeatSpec,
    ServerFrame,
    ViewFrame,
    Welcome,
)
from tests.online.server import ServerProcess


async def until(condition: Callable[[], bool], seconds: float = 60) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.01)


_BOT = make_bot("heuristic")


async def player(view: PlayerView) -> Decision:
    """Ana's and Boris's play: the heuristic computer's, from their own views."""
    return answer(_BOT, view)


def ana_and_boris(url: str, created: Created) -> tuple[dict[str, Seat], dict[str, list[ServerFrame]]]:
    """Ana's and Boris's seats, taken with the game's first two codes, and the frames each is sent."""
    frames: dict[str, list[ServerFrame]] = {"Ana": [], "Boris": []}
    seats = {
        name: Seat(url, code=offer.code, on_frame=frames[name].append)
        for name, offer in zip(("Ana", "Boris"), created.seats[:2], strict=True)
    }
    return seats, frames


async def test_a_rematch_rotates_the_seats_once_everyone_asked(server: ServerProcess) -> None:
    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Boris"), SeatSpec("Carl", computer="easy")), rounds=1, seed=8)
    created = await create_game(server.url, spec)
    seats, frames = ana_and_boris(server.url, created)

    watched: list[ServerFrame] = []
    watcher = Seat(server.url, watch=created.watch, on_frame=watched.append)
    playing = [asyncio.create_task(seat.play(player, until_over=False)) for seat in seats.values()]
    playing.append(asyncio.create_task(watcher.run(until_over=False)))
    try:
        await until(lambda: all(seat.record is not None for seat in seats.values()))
        old_tokens = {name: seat.token for name, seat in seats.items()}
        await seats["Ana"].ask_rematch()
        await until(lambda: any(isinstance(frame, RematchOffer) for frame in frames["Boris"]))
        assert not any(isinstance(frame, Rematched) for frame in frames["Ana"])  # Boris has not asked yet
        await seats["Boris"].ask_rematch()
        await until(lambda: all(any(isinstance(f, Rematched) for f in frames[name]) for name in frames))
        moved = {name: next(f for f in frames[name] if isinstance(f, Rematched)) for name in frames}
        assert moved["Ana"].game == moved["Boris"].game != created.game
        assert (moved["Ana"].seat, moved["Boris"].seat) == (1, 2)  # seat i sits at i + 1 (the computer at 0)
        assert moved["Ana"].token != moved["Boris"].token and moved["Ana"].token != old_tokens["Ana"]
        await until(lambda: all(seat.welcome is not None and seat.welcome.game == moved["Ana"].game
                                for seat in seats.values()))  # fmt: skip
        welcome = seats["Ana"].welcome
        assert isinstance(welcome, Welcome) and welcome.seat == 1
        # found by a newcomer: the watcher was left at the finished game, and nobody had the rematch's code to watch
        watch = moved["Ana"].watch
        assert watch is not None and moved["Boris"].watch == watch != created.watch
        assert [(f.game, f.seat, f.token, f.watch) for f in watched if isinstance(f, Rematched)] == [
            (moved["Ana"].game, None, None, watch)
        ]
        await until(lambda: watcher.welcome is not None and watcher.welcome.game == moved["Ana"].game)
        assert watcher.welcome is not None and watcher.welcome.seat is None  # watching the rematch, as its code says
        latecomer = Seat(server.url, watch=created.watch)  # to the finished game, once the rematch is made: sent on
        playing.append(asyncio.create_task(latecomer.run(until_over=False)))
        await until(lambda: latecomer.welcome is not None and latecomer.welcome.game == moved["Ana"].game)
        assert [(info.name, info.computer) for info in welcome.seats] == [
            ("Carl", "easy"),
            ("Ana", None),
            ("Boris", None),
        ]
        # and the rematch is played to its end like any game
        await until(lambda: all(seat.record is not None for seat in seats.values()))
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)  # their connections closed, before the server stops


async def test_a_player_away_when_the_rematch_was_made_starts_its_clock_on_coming_back(server: ServerProcess) -> None:
    # found by an attacker: the seat given out later was never marked taken, so the rematch's clock never started
    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=8, clock=60)
    created = await create_game(server.url, spec)
    seats, frames = ana_and_boris(server.url, created)

    playing = {name: asyncio.create_task(seat.play(player, until_over=False)) for name, seat in seats.items()}
    try:
        await until(lambda: all(seat.record is not None for seat in seats.values()))
        await seats["Boris"].ask_rematch()
        await until(lambda: any(isinstance(frame, RematchOffer) for frame in frames["Ana"]))
        boris_token = seats["Boris"].token
        leaving = playing.pop("Boris")  # Boris leaves
        leaving.cancel()
        await asyncio.gather(leaving, return_exceptions=True)
        await until(lambda: any(isinstance(f, Presence) and not f.connected for f in frames["Ana"]))
        await seats["Ana"].ask_rematch()
        await until(lambda: seats["Ana"].welcome is not None and seats["Ana"].welcome.game != created.game)
        rematch = seats["Ana"].welcome.game  # type: ignore[union-attr]
        moved = next(n for n, f in enumerate(frames["Ana"]) if isinstance(f, Rematched))
        await until(lambda: any(isinstance(f, ViewFrame) for f in frames["Ana"][moved:]))
        in_rematch = [f for f in frames["Ana"][moved:] if isinstance(f, ViewFrame)]
        assert all(f.deadline is None for f in in_rematch)  # Boris is not in yet: nobody's time runs
        back = Seat(server.url, token=boris_token, on_frame=frames["Boris"].append)  # Boris is back, sent on to it
        playing["Boris"] = asyncio.create_task(back.play(player, until_over=False))
        await until(lambda: back.welcome is not None and back.welcome.game == rematch)
        assert back.welcome is not None and all(info.joined for info in back.welcome.seats)
        came = next(n for n, f in enumerate(frames["Boris"]) if isinstance(f, Rematched))
        boris_moved = frames["Boris"][came]
        assert isinstance(boris_moved, Rematched) and boris_moved.watch is not None  # its code to watch, still
        await until(lambda: any(isinstance(f, ViewFrame) and f.deadline is not None for f in frames["Boris"][came:]))
        await until(lambda: any(isinstance(f, ViewFrame) and f.deadline is not None for f in frames["Ana"][moved:]))
    finally:
        for task in playing.values():
            task.cancel()
        await asyncio.gather(*playing.values(), return_exceptions=True)


async def test_asks_for_rematches_nobody_answers_are_kept_so_many_at_most(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by an attacker: an ask the other player never answered was kept for as long as the server ran
    from types import SimpleNamespace

    from lost_cities.engine import Rules
    from lost_cities.net.invitations import CodeKey
    from lost_cities.server import rematches
    from lost_cities.server.game import Game
    from lost_cities.server.game_store import GameRow, SeatRow, StoredGame
    from lost_cities.server.members import Members
    from lost_cities.server.sqlite_store import SqliteStore

    monkeypatch.setattr(rematches, "MOST_KEPT", 2)
    store = SqliteStore(tmp_path / "online.sqlite3")
    await store.open()
    try:
        asks = rematches.Rematches(store, CodeKey(b"k" * 32), SimpleNamespace(members=Members()))  # type: ignore[arg-type]
        for number in range(3):
            row = GameRow(f"g{number}", Rules(), 1, number, 0, b"w%d" % number)
            seats = tuple(SeatRow(seat, name, None, None, b"t") for seat, name in enumerate(("Ana", "Boris")))
            await asks.ask(Game(StoredGame(row, seats, (), 0.0)), 0, "203.0.113.5")  # Ana asks, Boris never does
        assert list(asks.asked) == ["g1", "g2"]  # the oldest forgotten
    finally:
        await store.close()


async def test_a_player_asking_again_for_a_rematch_made_is_given_the_same_token_without_a_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by an attacker: once the rematch was made, each ask wrote a fresh token to the database, 1,200 a second
    from types import SimpleNamespace

    from lost_cities.engine import Rules
    from lost_cities.net.invitations import CodeKey
    from lost_cities.server import rematches
    from lost_cities.server.game import Game
    from lost_cities.server.game_store import GameRow, SeatRow, StoredGame
    from lost_cities.server.members import Members
    from lost_cities.server.sqlite_store import SqliteStore

    store = SqliteStore(tmp_path / "online.sqlite3")
    await store.open()
    try:
        held = SimpleNamespace(members=Members(), take_seat=lambda *seat: None)
        asks = rematches.Rematches(store, CodeKey(b"k" * 32), held)  # type: ignore[arg-type]
        row = GameRow("g", Rules(), 1, 5, 0, b"w")
        game = Game(
            StoredGame(row, tuple(SeatRow(seat, name, None, None, b"t") for seat, name in enumerate("AB")), (), 0)
        )
        rematch, _watch = await asks._create(game)
        written: list[int] = []
        write = store.set_token

        async def counted(*args: object) -> None:
            written.append(1)
            await write(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(store, "set_token", counted)
        tokens = {(await asks.seat_in(game, rematch, 0)).token for _ in range(50)}
        assert len(tokens) == 1 and len(written) == 1  # one token, written once
        (token,) = tokens
        asks.tokens[rematch, 1] = (token, 0.0)  # given long ago: a fresh one, which the other device's no longer opens
        assert (await asks.seat_in(game, rematch, 0)).token not in tokens
        assert len(written) == 2
    finally:
        await store.close()
