"""Every refusal is one error frame with a stable code and one sentence, the connection staying open —
unless the client floods, sends binary, sends too much, or keeps guessing codes. Another game on the same
server notices none of it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from websockets.exceptions import ConnectionClosed

from lost_cities.ai import make_bot
from lost_cities.net.client import create_game, play_seat
from lost_cities.net.protocol import Create, SeatSpec
from lost_cities.server import gate as gate_module
from lost_cities.server.connection import FrameBucket, flooded
from lost_cities.server.gate import Gate, GateSettings, Limits, Refusal
from tests.online.raw import ask, joined, next_frame, open_raw, seated
from tests.online.server import ServerProcess


@pytest.fixture(scope="module")
def one_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the refusals that leave nothing behind (a frame refused changes no game) and for the tests that
    create games of their own on it and read nothing else of it: a server started per case would be most of their
    time.  Four wrong codes or tokens are tried on it in all (three frames and a used code), under the ten a minute
    that hold an address back; the tests that guess more have a server of their own."""
    process = ServerProcess(tmp_path_factory.mktemp("refusals"))
    process.start()
    yield process
    process.stop()


def two() -> Create:
    return Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=7)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json at all", "not_json"),
        ('{"type": "fly"}', "unknown_type"),
        ('{"no": "type"}', "unknown_type"),
        ('{"type": 7}', "unknown_type"),
        ('{"type": "join", "code": 12}', "bad_field"),
        ('{"type": "join", "code": "K7QX-M2PA", "extra": 1}', "bad_field"),
        ('{"type": "decide", "version": 0, "decision": "+r7"}', "not_authenticated"),
        ('{"type": "join", "code": "K7QX-M2PA"}', "bad_code"),
        ('{"type": "join", "code": "[bold]not a code[/bold]"}', "bad_code"),
        ('{"type": "hello", "token": "forged"}', "bad_token"),
        ('{"type": "create", "seats": [{"name": "A"}, {"name": "B"}], "protocol": 99}', "bad_protocol"),
        ('{"type": "create", "seats": [{"computer": "easy"}, {"computer": "hard"}]}', "bad_field"),
    ],
)
async def test_a_frame_that_is_not_right_gets_one_error_and_the_connection_stays(
    one_server: ServerProcess, frame: str, code: str
) -> None:
    websocket = await open_raw(one_server.url)
    answer = await ask(websocket, frame)
    assert answer["type"] == "error" and answer["code"] == code, answer
    assert answer["message"] and "\n" not in answer["message"] and "Traceback" not in answer["message"]
    assert (await ask(websocket, {"type": "ping"}))["type"] == "pong"  # still open
    await websocket.close()


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ('{"type": "join", "code": 12}', 'the field "code" should be a string, not a whole number'),
        ('{"type": "join", "code": "K7QX-M2PA", "extra": 1}', 'this frame has no field "extra"'),
        (
            '{"type": "decide", "version": -1, "decision": "n"}',
            'the field "version" should be a whole number (at least 0)',
        ),
        ('{"type": "decide", "version": 0}', 'the field "decision" is missing'),
        # found by an attacker: "a field is wrong: Number out of range - at `$.version`", the parser's own words
        ('{"type": "decide", "version": 1e400, "decision": "n"}', 'the field "version" holds a number too large'),
        ('{"type": "create", "seats": [{"name": "A"}]}', 'the field "seats" should be a list of at least 2 items'),
        # a field's name of four thousand letters is named by its start
        ('{"type": "ping", "' + "x" * 4000 + '": 1}', 'this frame has no field "' + "x" * 39 + '…"'),
    ],
    ids=["type", "unknown", "bound", "missing", "out-of-range", "length", "huge"],
)
async def test_a_wrong_field_is_named_and_said_in_words(one_server: ServerProcess, frame: str, words: str) -> None:
    websocket = await open_raw(one_server.url)
    answer = await ask(websocket, frame)
    assert answer["code"] == "bad_field" and answer["message"].startswith(words), answer
    assert len(answer["message"]) < 100
    await websocket.close()


async def test_names_that_look_the_same_or_show_nothing_are_refused_by_the_server(one_server: ServerProcess) -> None:
    # a stranger could take a seat as «Аna» (a Cyrillic А) beside Ana, or as a name no one sees
    websocket = await open_raw(one_server.url)
    create = {"type": "create", "seats": [{"name": "Ana"}, {"name": "\u0410na"}]}
    refused = await ask(websocket, create)
    assert refused["code"] == "bad_field" and "names that look the same" in refused["message"], refused
    created = await create_game(one_server.url, two())
    for name in ("\u3164", "\u2800\u2800", "a" + "\u0301" * 60, "\u0410na"):
        answer = await ask(websocket, {"type": "join", "code": created.seats[1].code, "name": name})
        assert answer["code"] == "bad_field" and answer["message"].startswith("name: "), answer
    welcome = await ask(websocket, {"type": "join", "code": created.seats[1].code, "name": "Zoé 👩\u200d💻"})
    assert welcome["type"] == "welcome", welcome  # the seat was never taken by a refused name
    await websocket.close()


async def test_a_player_coming_back_is_not_kept_out_by_someone_guessing_codes_from_the_same_address(
    server: ServerProcess,
) -> None:
    created = await create_game(server.url, two())
    ana = await open_raw(server.url)
    token = (await ask(ana, {"type": "join", "code": created.seats[0].code}))["token"]
    await ana.close()
    for guesser_number in range(2):  # ten wrong codes: the address's allowance for a minute
        guesser = await open_raw(server.url)
        for attempt in range(5):
            await ask(guesser, {"type": "join", "code": f"ZZZZ-ZZ{guesser_number + 2}{attempt + 2}"})
        await guesser.close()
    late = await open_raw(server.url)
    refused = await ask(late, {"type": "join", "code": created.seats[1].code})
    assert refused["code"] == "rate_limited"  # codes are what a guesser guesses: none more for a minute
    back = await open_raw(server.url)
    welcome = await ask(back, {"type": "hello", "token": token})
    assert welcome["type"] == "welcome" and welcome["seat"] == 0  # a token cannot be guessed: Ana is let in
    for websocket in (late, back):
        await websocket.close()


async def test_in_a_game_each_wrong_decision_says_why_and_the_right_one_goes_through(one_server: ServerProcess) -> None:
    created = await create_game(one_server.url, two())
    (ana, view), (boris, _) = await seated(one_server.url, [seat.code or "" for seat in created.seats])
    hand = view["view"]["hand"]
    missing = next(f"{colour}{value}" for colour in "ybwgr" for value in range(2, 11) if f"{colour}{value}" not in hand)
    illegal = await ask(ana, {"type": "decide", "version": 0, "decision": f"+{missing}"})
    assert (illegal["code"], illegal["rule"], illegal["reason"]) == ("illegal", "R6", "not_in_hand")
    assert illegal["cards"] == [missing] and illegal["colour"] == missing[0]
    assert illegal["message"].endswith("(R6).")  # the app's own sentence
    turn = await ask(boris, {"type": "decide", "version": 0, "decision": f"-{hand[0]}"})
    assert turn["code"] == "not_your_turn"
    ahead = await ask(ana, {"type": "decide", "version": 5, "decision": f"-{hand[0]}"})
    assert ahead["code"] == "bad_version"
    notation = await ask(ana, {"type": "decide", "version": 0, "decision": "+q9"})
    assert notation["code"] == "bad_field"
    event = await ask(ana, {"type": "decide", "version": 0, "decision": f"-{hand[0]}"})
    assert event["type"] == "event" and event["version"] == 1 and event["decision"] == f"-{hand[0]}"
    # the same decision again at the old version: a resend, answered with the view, never applied twice
    again = await ask(ana, {"type": "decide", "version": 0, "decision": f"-{hand[0]}"})
    assert again["type"] == "view" and again["version"] == 1
    stale = await ask(ana, {"type": "decide", "version": 0, "decision": f"-{hand[1]}"})
    assert stale["code"] == "stale_version" and stale["version"] == 1
    drawn = await ask(ana, {"type": "decide", "version": 1, "decision": "n"})
    assert drawn["type"] == "event" and drawn["version"] == 2 and drawn["drawn"] is not None  # her own card (H2)
    seen = await next_frame(boris)
    while seen["version"] < 2:
        seen = await next_frame(boris)
    assert seen["drawn"] is None and drawn["drawn"] not in json.dumps(seen["view"])  # not Boris's to know (H1)
    for websocket in (ana, boris):
        await websocket.close()


async def test_a_decision_is_told_to_everyone_in_the_notation_and_a_resend_is_known_however_it_was_written(
    one_server: ServerProcess,
) -> None:
    created = await create_game(one_server.url, two())
    (ana, view), (boris, _) = await seated(one_server.url, [seat.code or "" for seat in created.seats])
    card = view["view"]["hand"][0]
    for word in ("u", "claim"):  # a take-back and a claim are frames of their own, not decisions
        refused = await ask(ana, {"type": "decide", "version": 0, "decision": word})
        assert (refused["code"], refused["version"]) == ("bad_field", 0), refused
    event = await ask(ana, {"type": "decide", "version": 0, "decision": f" -{card.upper()} "})
    assert event["type"] == "event" and event["decision"] == f"-{card}", event
    seen = await next_frame(boris)
    assert seen["type"] == "event" and seen["decision"] == f"-{card}", seen
    again = await ask(ana, {"type": "decide", "version": 0, "decision": f"-{card}"})
    assert again["type"] == "view" and again["version"] == 1  # the same decision: answered, not applied twice
    for websocket in (ana, boris):
        await websocket.close()


async def test_a_watcher_cannot_play_and_a_used_code_is_refused(one_server: ServerProcess) -> None:
    created = await create_game(one_server.url, two())
    ana, _ = await joined(one_server.url, created.seats[0].code or "")
    watcher = await open_raw(one_server.url)
    assert (await ask(watcher, {"type": "watch", "code": created.watch}))["type"] == "welcome"
    view = await next_frame(watcher)
    assert view["view"]["hand"] == [] and view["view"]["legal_decisions"] == []
    refused = await ask(watcher, {"type": "decide", "version": 0, "decision": "n"})
    assert refused["code"] == "watcher_cannot_act"
    again = await open_raw(one_server.url)
    used = await ask(again, {"type": "join", "code": created.seats[0].code})
    assert used["code"] == "code_used"
    # a watch code given to join: refused, and the message says what it is for (found by a newcomer)
    watching = await ask(again, {"type": "join", "code": created.watch})
    assert watching["code"] == "watch_code"  # not a wrong attempt: the code is real
    assert watching["message"].endswith("is a code to watch a game, not to play in it: give it to --watch, not --join")
    for websocket in (ana, watcher, again):
        await websocket.close()


async def close_code(websocket: object) -> int | None:
    try:
        async with asyncio.timeout(10):
            while True:
                await websocket.recv()  # type: ignore[attr-defined]
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


async def test_what_closes_a_connection_binary_too_big_a_flood_and_guessing(server: ServerProcess) -> None:
    created = await create_game(server.url, two())
    other = asyncio.ensure_future(  # a game on the same server, played to its end meanwhile
        asyncio.gather(*(play_seat(server.url, seat.code or "", make_bot("heuristic")) for seat in created.seats))
    )
    binary = await open_raw(server.url)
    await binary.send(b"\x00\x01")
    assert (await next_frame(binary))["code"] == "not_json"
    assert await close_code(binary) == 1003
    big = await open_raw(server.url)
    await big.send(json.dumps({"type": "join", "code": "x" * 5000}))
    assert await close_code(big) == 1009
    flood = await open_raw(server.url)
    for _ in range(400):
        await flood.send('{"type": "ping"}')
    assert await close_code(flood) == 1008
    guesser = await open_raw(server.url)
    codes = []
    for attempt in range(5):
        await guesser.send(json.dumps({"type": "join", "code": f"ZZZZ-ZZZ{attempt + 2}"}))
    for _ in range(5):
        codes.append((await next_frame(guesser))["code"])
    assert codes == ["bad_code"] * 5
    assert await close_code(guesser) == 1008
    records = await asyncio.wait_for(other, 60)
    assert records[0][1] == records[1][1] and records[0][1].record.replay().over  # the other game noticed nothing


def test_games_are_created_at_most_thirty_a_minute_from_one_address_but_without_limit_from_a_trusted_machine() -> None:
    gate = Gate(GateSettings(trust_loopback=True, max_connections=100))
    for _ in range(Limits.CREATES_PER_ADDRESS):
        gate.check_create("203.0.113.5")
    with pytest.raises(Refusal, match="new games a minute"):
        gate.check_create("203.0.113.5")
    gate.check_create("198.51.100.7")  # another address is not held back
    for _ in range(3 * Limits.CREATES_PER_ADDRESS):  # scripts here, and lost-cities web's tabs, are the owner's
        gate.check_create("127.0.0.1")
        gate.check_create("::1")
    untrusted = Gate(GateSettings(trust_loopback=False, max_connections=100))  # behind a proxy on this machine
    for _ in range(Limits.CREATES_PER_ADDRESS):
        untrusted.check_create("127.0.0.1")
    with pytest.raises(Refusal):
        untrusted.check_create("127.0.0.1")


def gate_on_a_clock(monkeypatch: pytest.MonkeyPatch) -> tuple[Gate, list[float]]:
    """A gate (this machine trusted) whose time is ``now[0]``, moved on by the test: a day's limits without a day."""
    now = [1000.0]
    monkeypatch.setattr(gate_module, "time", SimpleNamespace(monotonic=lambda: now[0]))
    return Gate(GateSettings(trust_loopback=True, max_connections=100)), now


def test_games_are_created_at_most_three_hundred_a_day_from_one_address_then_one_every_five_minutes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # each game waits for its players in the database until it is dealt or deleted (Limits.UNSTARTED_DAYS): thirty a
    # minute would let one address keep 600,000 of them
    gate, now = gate_on_a_clock(monkeypatch)
    created, said = 0, ""
    while not said and created <= 2 * Limits.CREATES_PER_ADDRESS_PER_DAY:  # as many as the minute's cap lets
        # through, minute after minute, until the day's says no
        try:
            gate.check_create("203.0.113.5")
            created += 1
        except Refusal as refusal:
            if "a minute" in str(refusal):
                now[0] += 61
            else:
                said = str(refusal)
    assert said == "at most 300 new games a day from one address: the next may be created in 5 minutes"
    assert 300 <= created <= 302  # and the two the ten minutes it took gave back
    gate.check_create("198.51.100.7")  # another address is not held back
    now[0] += 86400 / Limits.CREATES_PER_ADDRESS_PER_DAY
    gate.check_create("203.0.113.5")
    with pytest.raises(Refusal, match="a day"):
        gate.check_create("203.0.113.5")
    for _ in range(Limits.CREATES_PER_ADDRESS_PER_DAY + 1):
        gate.check_create("127.0.0.1")  # the owner's scripts are not counted


def test_the_addresses_of_one_network_create_together_no_more_than_three_addresses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by a security tester: a /48 of IPv6 is free, and its 65,536 /64s each created 300 games a day
    gate, now = gate_on_a_clock(monkeypatch)
    for number in range(Limits.CREATES_PER_NETWORK // Limits.CREATES_PER_ADDRESS):  # three /64s of one /48, at once
        for _ in range(Limits.CREATES_PER_ADDRESS):
            gate.check_create(f"2001:db8:1:{number + 1}::9")
    with pytest.raises(Refusal, match="at most 90 new games a minute from one network"):
        gate.check_create("2001:db8:1:77::9")  # a fourth /64 of it
    gate.check_create("2001:db8:2::9")  # another /48
    created, said = 0, ""
    while not said and created <= 2 * Limits.CREATES_PER_NETWORK_PER_DAY:  # each minute, three more of its /64s
        now[0] += 61
        for _ in range(Limits.CREATES_PER_NETWORK):
            try:
                gate.check_create(f"2001:db8:1:{created // Limits.CREATES_PER_ADDRESS + 100:x}::9")
                created += 1
            except Refusal as refusal:
                said = "" if "a minute" in str(refusal) else str(refusal)
                break
    assert said == "at most 900 new games a day from one network: the next may be created in 2 minutes"
    assert (
        Limits.CREATES_PER_NETWORK_PER_DAY - Limits.CREATES_PER_NETWORK <= created <= Limits.CREATES_PER_NETWORK_PER_DAY
    )


async def test_a_watcher_with_an_unused_invitation_is_told_which_seat_it_opens(one_server: ServerProcess) -> None:
    # found by sessions of newcomers: `--watch` given a friend's invitation watched without a word that the same
    # code takes the seat (the likely mistake: --watch typed for --join)
    created = await create_game(one_server.url, two())
    ana, _ = await joined(one_server.url, created.seats[0].code or "")
    welcomes = []
    for code in (created.seats[1].code, created.watch, created.seats[0].code):  # unused, the watch code, used
        watcher = await open_raw(one_server.url)
        welcomes.append(await ask(watcher, {"type": "watch", "code": code}))
        await watcher.close()
    assert [(welcome["type"], welcome["seat"], welcome["invitation"]) for welcome in welcomes] == [
        ("welcome", None, 1),
        ("welcome", None, None),
        ("welcome", None, None),
    ]
    await ana.close()


def test_an_ipv6_address_counts_by_its_64_network_one_householders_many_addresses_as_one() -> None:
    gate = Gate(GateSettings(trust_loopback=False, max_per_address=2, max_connections=100))
    for number in range(Limits.FAILURES_PER_ADDRESS):  # each wrong code from another address of one /64
        gate.failed(f"2001:db8:1:2::{number + 1:x}", None, "bad_code")
    with pytest.raises(Refusal, match="too many wrong codes"):
        gate.check_guesses("2001:db8:1:2:ffff::9", None)
    gate.check_guesses("2001:db8:1:3::1", None)  # the next /64 is someone else's
    gate.admit("2001:db8:7:7::1")
    gate.admit("2001:db8:7:7::2")
    with pytest.raises(Refusal, match="at most 2 connections"):
        gate.admit("2001:db8:7:7::3")
    gate.release("2001:db8:7:7::1")
    gate.admit("2001:db8:7:7::3")  # one went: one more may come


def test_the_addresses_of_one_network_guess_together_no_faster_than_three_addresses() -> None:
    # a tunnel broker gives anyone a /48 of IPv6 for free: 65,536 /64s, each counted as an address, ten wrong codes a
    # minute each would have let one person try 655,360 codes a minute
    gate = Gate(GateSettings(trust_loopback=False, max_connections=100))
    for site, neighbour, stranger in (
        ("2001:db8:1:{}::9", "2001:db8:1:ffff::1", "2001:db8:2::1"),  # /64s of one /48; another /48
        ("198.51.100.{}", "198.51.100.200", "198.51.101.1"),  # addresses of one /24; another /24
    ):
        for number in range(Limits.FAILURES_PER_NETWORK // Limits.FAILURES_PER_ADDRESS):
            for attempt in range(Limits.FAILURES_PER_ADDRESS):
                gate.check_guesses(site.format(number + 1), None)
                gate.failed(site.format(number + 1), f"ZZZZZZ{number + 2}{attempt + 2}", "bad_code")
        with pytest.raises(Refusal, match="too many wrong codes from your network"):
            gate.check_guesses(neighbour, None)
        gate.check_guesses(stranger, None)
    for number in range(2 * Limits.FAILURES_PER_NETWORK):  # this machine's addresses are one machine's scripts
        gate.failed(f"127.0.0.{number % 200 + 2}", "ZZZZZZZZ", "bad_code")
    gate.check_guesses("127.0.0.250", None)


def test_wrong_tokens_hold_back_no_neighbour_and_wrong_attempts_never_looked_at_grow_nothing() -> None:
    # found by a security tester: a hello is never held back, and one address's wrong tokens, counted for its network,
    # refused a neighbour's good invitation; and the wrong attempts of an address that only says hello were kept, one
    # by one, for ever (200,000 of them: 8 MB)
    gate = Gate(GateSettings(trust_loopback=False, max_connections=100))
    for _ in range(10_000):
        gate.failed("203.0.113.5", None, "bad_token")
    gate.check_guesses("203.0.113.77", "K7QXM2PA")  # the neighbour's join
    with pytest.raises(Refusal, match="from your address"):
        gate.check_guesses("203.0.113.5", None)  # the address itself is held back from joining
    assert max(len(window.times) for window in gate.failures.windows.values()) == Limits.FAILURES_PER_ADDRESS


async def test_past_its_addresss_share_only_a_connection_sending_more_than_a_players_few_frames_is_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by a security tester: six connections of one address, each under its own limit, got a player behind the
    # same address closed (a campus, a carrier's NAT): whichever frame came once the address's share was gone
    monkeypatch.setattr(gate_module, "time", SimpleNamespace(monotonic=lambda: 1000.0))  # no time passes

    class Socket:
        closed = False

        async def send(self, message: str) -> None:
            pass

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed = True

    gate = Gate(GateSettings(trust_loopback=False, max_connections=100))
    flooders = [(Socket(), FrameBucket()) for _ in range(3)]
    for _ in range(int(Limits.FRAME_BURST_PER_ADDRESS) // 3):  # each under its own burst: the address's share gone
        for socket, bucket in flooders:
            assert not await flooded(socket, bucket, gate, "203.0.113.5")
    player, bucket = Socket(), FrameBucket()
    for _ in range(int(Limits.FRAME_SHARE_BURST)):
        assert not await flooded(player, bucket, gate, "203.0.113.5")  # a player's frames: through
    socket, flooder_bucket = flooders[0]
    assert await flooded(socket, flooder_bucket, gate, "203.0.113.5") and socket.closed  # a flooder's: closed
    assert await flooded(player, bucket, gate, "203.0.113.5")  # past a player's few, a connection is a flooder too


def test_an_address_new_to_a_table_full_of_held_back_addresses_is_held_back_too_and_counting_it_looks_at_one_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by a security tester: past 10,000 addresses each at its cap, every wrong code looked at the whole table
    # for a quiet address to forget, found only the one just counted, and forgot it: it guessed without limit
    monkeypatch.setattr(gate_module, "_MOST_ADDRESSES", 200)  # the table's bound, smaller: the same table, quicker
    gate = Gate(GateSettings(trust_loopback=False, max_connections=100))
    busy = [f"10.{number // 256}.{number % 256}.1" for number in range(200)]  # each of a network of its own
    for address in busy:
        for _ in range(Limits.FAILURES_PER_ADDRESS):
            gate.failed(address, None, "bad_code")
    looked_at = 0
    full = gate_module._Window.full

    def counted(window: gate_module._Window, now: float) -> bool:
        nonlocal looked_at
        looked_at += 1
        return full(window, now)

    monkeypatch.setattr(gate_module._Window, "full", counted)
    let_through = 0
    for _ in range(5 * Limits.FAILURES_PER_ADDRESS):
        try:
            gate.check_guesses("203.0.113.5", None)
        except Refusal:
            break
        let_through += 1
        gate.failed("203.0.113.5", None, "bad_code")
    assert let_through == Limits.FAILURES_PER_ADDRESS
    assert looked_at <= 2 * (let_through + 1)  # its own two windows (address, network) a check: counting, none
    assert len(gate.failures.windows) == 200
    gate.check_guesses(busy[0], None)  # the address counted to longest ago made room for it …
    with pytest.raises(Refusal):
        gate.check_guesses(busy[1], None)  # … and only that one


def test_the_frames_of_one_network_are_held_to_three_addresses_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    # found by an attacker: relayed connections from many addresses, each address within its share, filled a relaying
    # server's Redis connections; one who holds a /48 holds 65,536 addresses
    from lost_cities.server.connection import FrameBucket

    monkeypatch.setattr(gate_module, "time", SimpleNamespace(monotonic=lambda: 1000.0))  # no time passes: the bursts
    gate = Gate(GateSettings(trust_loopback=False, max_connections=100))
    said = []
    # four addresses of one /24, five connections each: each connection and each address within its own burst
    connections = {host: [FrameBucket() for _ in range(5)] for host in range(1, 5)}
    for _ in range(70):
        for host, buckets in connections.items():
            said.extend(filter(None, (bucket.refusal(gate, f"203.0.113.{host}") for bucket in buckets)))
    assert said and all("frames a second from one network" in refusal for refusal in said)
    assert len(said) == 4 * 5 * 70 - Limits.NETWORK_ADDRESSES * Limits.FRAME_BURST_PER_ADDRESS
    other = FrameBucket()  # another network's address is not held back
    assert all(other.refusal(gate, "198.51.100.7") is None for _ in range(100))


def test_new_connections_from_one_network_are_held_to_three_addresses_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    # found by an attacker: each connection to a long game replays it whole (24 ms); addresses of one network, each
    # within its own ten a second, opened and closed them in a loop and took 40 % of the server's core
    monkeypatch.setattr(gate_module, "time", SimpleNamespace(monotonic=lambda: 1000.0))  # no time passes: the bursts
    gate = Gate(GateSettings(trust_loopback=False, max_connections=100))
    for host in range(1, 4):  # three addresses of 203.0.113.0/24, each its whole burst
        for _ in range(int(Limits.NEW_CONNECTION_BURST)):
            gate.admit(f"203.0.113.{host}")
            gate.release(f"203.0.113.{host}")
    with pytest.raises(Refusal, match="at most 30 new connections a second from one network"):
        gate.admit("203.0.113.4")  # a fourth address of the network, with none of its own yet
    gate.admit("198.51.100.7")  # another network's address is let in


async def test_a_round_of_discards_taken_again_and_again_comes_back_to_the_draw_pile(
    one_server: ServerProcess,
) -> None:
    # found by a security tester: two seats of one's own game that only ever discard and take another discard pile
    # never end a round (R10 ends it on the draw pile's last card), and every event carries the round's history:
    # at 20,000 decisions each cost the server 33 ms, its frames 727 KB.  Online, R7a bounds the discards in a row
    created = await create_game(one_server.url, two())
    players = await seated(one_server.url, [seat.code or "" for seat in created.seats])
    views = [view["view"] for _websocket, view in players]
    version, in_a_row = 0, 0

    async def decide(decision: str) -> dict[str, object]:
        nonlocal version
        mover = views[0]["to_move"]
        answer = await ask(players[mover][0], {"type": "decide", "version": version, "decision": decision})
        if answer["type"] == "event":
            version = answer["version"]
            views[mover] = answer["view"]
            other = await next_frame(players[1 - mover][0])
            views[1 - mover] = other["view"]
        return answer

    for _ in range(300):  # each seat discards its first card, then takes another discard pile's top when it may
        if in_a_row == Limits.DISCARD_DRAWS_IN_A_ROW:
            break
        view = views[views[0]["to_move"]]
        assert (await decide(f"-{view['hand'][0]}"))["type"] == "event"
        draws = views[views[0]["to_move"]]["legal_decisions"]
        piles = [draw for draw in draws if draw != "n"]
        assert (await decide(piles[0] if piles else "n"))["type"] == "event"
        in_a_row = in_a_row + 1 if piles else 0
    assert in_a_row == Limits.DISCARD_DRAWS_IN_A_ROW
    early = await decide("y")  # a pile asked for before the card is played: the engine's reason, not R7a
    assert early["type"] == "error" and early["code"] == "illegal" and early["rule"] != "R7a"
    view = views[views[0]["to_move"]]
    assert (await decide(f"-{view['hand'][0]}"))["type"] == "event"
    view = views[views[0]["to_move"]]
    assert view["legal_decisions"] == ["n"]  # the view offers the draw pile alone
    pile = next(top[0] for top in view["discard_tops"] if top and top[0] != view["closed_pile"])
    refused = await decide(pile)
    assert refused["type"] == "error" and refused["code"] == "illegal" and refused["rule"] == "R7a"
    assert f"{Limits.DISCARD_DRAWS_IN_A_ROW} cards in a row were taken from discard piles" in str(refused["message"])
    assert (await decide("n"))["type"] == "event"  # then the piles are open again
    view = views[views[0]["to_move"]]
    assert (await decide(f"-{view['hand'][0]}"))["type"] == "event"
    assert len(views[views[0]["to_move"]]["legal_decisions"]) > 1
    for websocket, _view in players:
        await websocket.close()
