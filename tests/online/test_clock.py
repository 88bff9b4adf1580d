"""The clock of an online game (``--clock``): each person has so long for each decision; when the side to
move runs out, another side may claim the match — never before, never the side whose time it is."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from lost_cities.engine import Draw, Play, Rules
from lost_cities.net.client import Seat, create_game
from lost_cities.net.protocol import CLAIM, TAKE_BACK, Create, ErrorCode, ErrorFrame, SeatSpec, ServerFrame
from lost_cities.server.game import Game, Refused
from lost_cities.server.game_store import GameRow, SeatRow, StoredGame
from tests.conftest import Cli
from tests.online.raw import joined
from tests.online.server import ServerProcess


def stored(
    players: int = 2, clock: int | None = 60, since: float = 0.0, cooperative: bool = False, joined: int = 4
) -> StoredGame:
    """A game whose first ``joined`` seats are taken."""
    rules = Rules(players, cooperative=cooperative)
    row = GameRow("g", rules, 1, 4, 0, b"w", clock=clock)
    seats = tuple(
        SeatRow(seat, f"P{seat + 1}", None, b"%d" % seat, b"t%d" % seat if seat < joined else None)
        for seat in range(players)
    )
    return StoredGame(row, seats, (), since or time.time())


def test_the_clock_runs_only_once_every_person_has_taken_their_seat() -> None:
    waiting = Game(stored(since=time.time() - 10**6, joined=1))  # Boris has not joined: nobody's time runs
    assert waiting.deadline is None
    with pytest.raises(Refused):
        waiting.check(1, 0, CLAIM)


def test_before_the_time_is_up_nobody_may_claim() -> None:
    game = Game(stored())
    assert game.deadline is not None and game.deadline > time.time()
    with pytest.raises(Refused) as refused:
        game.check(1, 0, CLAIM)
    assert refused.value.frame.code is ErrorCode.NOT_CLAIMABLE


def test_once_the_time_is_up_the_other_side_claims_the_match_and_it_is_over() -> None:
    game = Game(stored(since=time.time() - 61))  # seat 0 to move, a minute gone
    with pytest.raises(Refused):
        game.check(0, 0, CLAIM)  # not the side whose time ran out
    assert game.check(1, 0, CLAIM)
    game.apply(1, CLAIM)
    assert game.over and game.deadline is None
    record = game.record_frame()
    assert (record.claimed_by, record.out_of_time) == (1, 0)
    with pytest.raises(Refused) as refused:
        game.check(1, 1, "+r7")
    assert refused.value.frame.code is ErrorCode.GAME_OVER


def test_a_claim_is_judged_by_when_it_came_not_by_when_the_game_was_free() -> None:
    # found by an attacker: a claim sent before the deadline, kept waiting behind the game's lock, was then accepted
    game = Game(stored(since=time.time() - 61))  # the time ran out a second ago
    assert game.deadline is not None
    with pytest.raises(Refused) as refused:
        game.check(1, 0, CLAIM, arrived=game.deadline - 2)
    assert refused.value.frame.code is ErrorCode.NOT_CLAIMABLE
    assert game.check(1, 0, CLAIM, arrived=game.deadline)


def test_a_claim_is_kept_a_restart_rebuilds_the_game_as_claimed() -> None:
    base = stored(since=time.time() - 61)
    again = Game(StoredGame(base.game, base.seats, ((1, CLAIM),), base.since))
    assert again.over and again.claimed_by == 1


def test_partners_cannot_claim_against_each_other_nor_anyone_in_the_cooperative_game() -> None:
    four = Game(stored(players=4, since=time.time() - 61))  # seat 0 to move: seat 2 is its partner (R24)
    with pytest.raises(Refused):
        four.check(2, 0, CLAIM)
    assert four.check(1, 0, CLAIM)
    cooperative = Game(stored(players=3, since=time.time() - 61, cooperative=True))
    with pytest.raises(Refused):
        cooperative.check(1, 0, CLAIM)


def test_a_card_laid_and_taken_back_buys_no_time() -> None:
    # found by a newcomer: laying a card and pressing u gave a whole clock again, so the time never ran out
    start = 1_000_000.0
    game = Game(stored(since=start))
    play = next(decision for decision in game.round.legal_decisions() if isinstance(decision, Play))
    game.apply(0, str(play), at=start + 30)
    assert game.deadline == start + 30 + 60  # the draw has its own minute (a decision each)
    game.apply(0, TAKE_BACK, at=start + 50)
    assert game.deadline == start + 60  # back to the turn's own time
    game.apply(0, str(play), at=start + 55)
    game.apply(0, TAKE_BACK, at=start + 58)
    assert game.deadline == start + 60  # as often as it is done
    assert game.claimable_by(1, start + 61)
    game.apply(0, str(play), at=start + 59)
    draw = next(decision for decision in game.round.legal_decisions() if isinstance(decision, Draw))
    game.apply(0, str(draw), at=start + 59.5)
    assert game.deadline == start + 59.5 + 60  # the next player's minute


def test_without_a_clock_there_is_no_limit() -> None:
    game = Game(stored(clock=None, since=time.time() - 10**7))
    assert game.deadline is None
    with pytest.raises(Refused):
        game.check(1, 0, CLAIM)


@pytest.mark.parametrize(("value", "said"), [("2 weeks", "such as 2m"), ("10s", "from 1m to 30d"), ("99d", "30d")])
def test_a_clock_out_of_range_is_refused_in_one_line(cli: Cli, value: str, said: str) -> None:
    result = cli("online", "new", "--clock", value)
    assert result.status == 2 and said in result.err and result.err.count("\n") == 1


async def test_the_seat_to_move_is_told_its_deadline_and_a_claim_before_it_is_refused(server: ServerProcess) -> None:
    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3, clock=3600)
    created = await create_game(server.url, spec)
    errors: list[ErrorFrame] = []

    def keep_errors(frame: ServerFrame) -> None:
        if isinstance(frame, ErrorFrame):
            errors.append(frame)

    boris = Seat(server.url, code=created.seats[1].code, on_frame=keep_errors)
    holding = asyncio.create_task(boris.run())
    ana = None
    try:
        async with asyncio.timeout(20):
            while boris.view is None:
                await asyncio.sleep(0.01)
            assert boris.welcome is not None and boris.welcome.clock == 3600
            assert boris.deadline is None  # Ana is not in yet: her time does not run
            ana, _view = await joined(server.url, created.seats[0].code or "")
            while boris.deadline is None:  # told when she is in
                await asyncio.sleep(0.01)
            assert 3590 < boris.deadline - time.time() <= 3600
            await boris.claim()  # Ana has an hour left
            while not errors:
                await asyncio.sleep(0.01)
        assert errors[0].code is ErrorCode.NOT_CLAIMABLE
    finally:
        holding.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await holding  # its connection closed, not left for the server to time out when it stops
        if ana is not None:
            await ana.close()
