"""The largest frames a server sends stay within what a client accepts (:data:`MAX_FRAME`): the longest round R7a
allows, played to its end in the game whose frames are the largest (two players, the long game: the most cards, the
longest history), and a match of the most rounds made of such rounds.  A client that is sent more than it accepts
stops with a sentence, rather than coming back for the same frame again and again."""

from __future__ import annotations

import asyncio
import random

import pytest
from websockets.asyncio.server import ServerConnection, serve

from lost_cities.engine.decisions import Phase
from lost_cities.engine.rules import Rules
from lost_cities.limits import MAX_ROUNDS
from lost_cities.net.client import OnlineError, Seat
from lost_cities.net.protocol import MAX_FRAME, write
from lost_cities.server.game import Game
from lost_cities.server.game_store import GameRow, SeatRow, StoredGame


def longest_round(rules: Rules, seed: int) -> tuple[int, int]:
    """A round played as long as R7a lets it — every card discarded, every card drawn from a discard pile while one
    may be — by seats with names as wide as a name may be: the size of its last event, sent to a seat (its history in
    the view and in the round's end), and of the match's record."""
    names = ("\U0001f600" * 6 + str(seat) for seat in range(rules.players))  # 12 cells each, and 4 bytes a letter
    row = GameRow("g" * 16, rules, rounds=1, seed=seed, first=0, watch_hash=b"w" * 32)
    seats = tuple(SeatRow(seat, name, None, b"i", b"t") for seat, name in enumerate(names))
    game = Game(StoredGame(row, seats, ()))
    choose = random.Random(seed)
    while not game.over:
        legal = [str(decision) for decision in game.view_of(game.to_move).legal_decisions]
        drawing = game.round.phase is Phase.DRAW
        longest = [text for text in legal if (text != "n" if drawing else text.startswith("-"))]
        game.apply(game.to_move, choose.choice(longest or legal))
    assert game.version > 700  # the round did last: hundreds of turns a card of the draw pile
    return len(write(game.event_for(0)).encode()), len(write(game.record_frame()).encode())


@pytest.mark.parametrize("seed", [1, 2])
def test_the_longest_round_and_the_longest_match_are_sent_whole(seed: int) -> None:
    event, record = longest_round(Rules(players=2, long=True), seed)
    assert event <= MAX_FRAME // 2, event  # room to spare for a round longer still than this one
    assert record * MAX_ROUNDS <= MAX_FRAME // 2, record  # a record is its rounds' decisions


async def test_a_frame_past_what_the_client_accepts_ends_the_seat_in_a_sentence() -> None:
    # found by an attacker: such a frame closed the connection (1009), and the client came back for it three times
    # a second until the server refused it as a flood, in a sentence about games opened a minute
    connections = 0

    async def too_large(websocket: ServerConnection) -> None:
        nonlocal connections
        connections += 1
        await websocket.recv()
        await websocket.send('{"type": "pong", "padding": "' + "x" * MAX_FRAME + '"}')
        await websocket.wait_closed()

    async with serve(too_large, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with asyncio.timeout(10):
            with pytest.raises(OnlineError) as stopped:
                await Seat(f"ws://127.0.0.1:{port}", token="t" * 43).run()
    assert "sent a frame this client cannot read" in str(stopped.value) and str(MAX_FRAME) in str(stopped.value)
    assert connections == 1
