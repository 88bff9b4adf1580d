"""The online commands' refusals: one line, exit status 2, and what would be right."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.online.postgres import free_port
from tests.online.server import ServerProcess


@pytest.fixture
def server(module_server: ServerProcess) -> ServerProcess:
    """The tests of this module share a server: each creates its own games on it; the one that kills it has its own."""
    return module_server


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["online", "new", "--server", "http://example.org"], "ws://host:port"),
        # found by a newcomer: each was a ValueError traceback
        (["online", "new", "--server", "ws://127.0.0.1:99999"], "'ws://127.0.0.1:99999' is not a server's address"),
        (["online", "new", "--server", "ws://[::1"], "'ws://[::1' is not a server's address"),
        (["online", "export", "K7QX-M2PA", "--server", "ws://127.0.0.1:abc"], "is not a server's address"),
        (["play", "--join", "K7QX-M2PA", "--server", "ws://127.0.0.1:0"], "is not a server's address"),
        (["online", "new", "--computer", "3=genius"], "SEAT=LEVEL"),
        # a --players that leaves out a seat given a name or a computer says which, and how to mend it
        (["online", "new", "--players", "2", "--computer", "3=easy"], "--players 2, but seat 3 is given a"),
        (["online", "new", "--players", "2", "--names", "A,B,C"], "give --players 3, or leave it out"),
        (["online", "new", "--players", "3", "--names", "A,B,C,D"], "--players 3, but seat 4"),
        (["online", "new", "--names", "A,B,C,D,E"], "seat 5 is given a name or a computer, and a game has 2 to 4"),
        (["play", "--online", "--players", "2", "--p1", "Ana", "--p2", "easy", "--p3", "Carl"], "give --players 3"),
        # found by a newcomer: past 64 characters the server's frame check answered, in English, "at most 64 items"
        (["online", "new", "--names", "Ana," + "x" * 70], "Player 2's name is 70 characters long: at most 12"),
        (["online", "new", "--clock", "9999999999999d"], "out of range: give a time from 1m to 30d"),
        (["online", "bot", "K7QX-M2PA", "--server", "ws://127.0.0.1:9"], "no game server answers"),
        (["online", "bot", "K7QX-M2PA", "--level", "nobody"], "nobody"),
        # found by a newcomer: the reason was the system's, "[Errno 111] Connect call failed (...)", in English
        (["online", "export", "K7QX-M2PA", "--server", "ws://127.0.0.1:9"], "(nothing listens there: is the server"),
        (["play", "--join", "K7QX-M2PA"], "needs a terminal"),
        (["play", "--join", "K7QX-M2PA", "--watch", "K7QX-M2PA"], "not allowed with"),
    ],
)
def test_a_wrong_online_command_is_one_line_and_status_2(cli: Cli, argv: list[str], said: str) -> None:
    result = cli(*argv, terminal=argv[:2] == ["play", "--online"])  # play --online asks for a terminal first
    assert result.status == 2
    assert said in result.err and result.err.count("\n") == 1 and "Traceback" not in result.err


def test_online_new_prints_one_code_per_person_and_none_for_the_computer(cli: Cli, server: ServerProcess) -> None:
    result = cli("online", "new", "--server", server.url, "--players", "3", "--names", "Ana,Boris", "--computer",
                 "3=easy", "--json")  # fmt: skip
    assert result.status == 0, result.err
    created = json.loads(result.out)
    assert [seat["name"] for seat in created["seats"]] == ["Ana", "Boris", "Computer"]
    codes = [seat["code"] for seat in created["seats"]]
    assert codes[2] is None and all(len(code) == 9 and code[4] == "-" for code in codes[:2])
    assert not set("01OI") & set("".join(codes[:2]) + created["watch"])  # nothing that reads as another
    bad = cli("online", "export", codes[0], "--server", server.url)  # not over: no record yet (it holds the seed)
    assert bad.status == 2 and "not over" in bad.err
    # found by a newcomer: an unknown code was said "not a watch code", though an invitation's serves as well
    unknown = cli("online", "export", "ZZZZ-ZZZ2", "--server", server.url)
    assert (
        unknown.status == 2
        and "ZZZZ-ZZZ2 is no game's code on this server: is it mistyped, or its game deleted (one not begun in 14 "
        "days, or left 30 days without a move)?"
        in unknown.err
    )
    russian = cli("--lang", "ru", "online", "export", "ZZZZ-ZZZ2", "--server", server.url)
    assert russian.status == 2 and "ZZZZ-ZZZ2 — не код ни одной игры на этом сервере" in russian.err


def test_online_new_names_a_seat_given_no_name_in_the_creators_language(cli: Cli, server: ServerProcess) -> None:
    # found by a newcomer: in French, the seats were "Player 1", "Player 2", and everyone saw them so
    result = cli("online", "new", "--server", server.url, "--lang", "fr", "--computer", "2=easy", "--json")
    assert result.status == 0, result.err
    assert [seat["name"] for seat in json.loads(result.out)["seats"]] == ["Joueur 1", "Ordinateur"]


def test_online_new_on_several_addresses_names_the_one_that_answered_and_passes_them_all_on(
    cli: Cli, server: ServerProcess
) -> None:
    unanswered = f"ws://127.0.0.1:{free_port()}"
    result = cli("online", "new", "--server", f"{unanswered},{server.url}", "--names", "Ana,Boris")
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].endswith(f" created on {server.url}.")  # the one that answered, not every one tried
    assert all(line.endswith(f" --server {unanswered},{server.url}") for line in lines[1:])  # one argument to paste


def test_online_new_counts_the_players_from_the_names_as_play_does(cli: Cli, server: ServerProcess) -> None:
    result = cli("online", "new", "--server", server.url, "--names", "Ana,Boris,Carl,Dana", "--json")
    assert result.status == 0, result.err
    assert [seat["name"] for seat in json.loads(result.out)["seats"]] == ["Ana", "Boris", "Carl", "Dana"]
    three = cli("online", "new", "--server", server.url, "--names", "Ana", "--computer", "3=easy", "--json")
    assert three.status == 0, three.err
    assert len(json.loads(three.out)["seats"]) == 3  # a computer in seat 3: three play
    more = cli("online", "new", "--server", server.url, "--players", "4", "--names", "Ana,Boris", "--json")
    assert more.status == 0, more.err
    assert len(json.loads(more.out)["seats"]) == 4  # --players may name more seats than names: the rest wait


def test_online_new_help_says_the_players_are_counted_from_the_names(cli: Cli) -> None:
    result = cli("online", "new", "--help")
    assert result.status == 0 and "as many as the names and computers given" in " ".join(result.out.split())


def test_a_new_game_goes_to_the_server_used_last_here(
    cli: Cli, server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    # noticed by a newcomer: online new and play --online went to the default server, whatever was used last
    monkeypatch.delenv("LOST_CITIES_SERVER", raising=False)
    assert cli("online", "new", "--server", server.url, "--names", "Ana,Boris").status == 0
    again = cli("online", "new", "--names", "Ana,Boris")
    assert again.status == 0, again.err
    assert again.out.splitlines()[0].endswith(f" created on {server.url}.")
    opened = cli("play", "--online", terminal=True)  # the online start, where Ctrl+N creates
    assert opened.status == 0 and [app.opening.server for app in opened.apps] == [server.url]  # type: ignore[attr-defined]
    joining = cli("play", "--join", "K7QX-M2PA", terminal=True)  # a code: the server the invitation names, or none
    assert [app.opening.server for app in joining.apps] == ["ws://127.0.0.1:8765"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_serve_on_a_postgresql_that_does_not_answer_is_one_line_without_the_password(cli: Cli, scheme: str) -> None:
    url = f"{scheme}://ana:secret@127.0.0.1:{free_port()}/games"  # a URL: PostgreSQL, not a file named so
    result = cli("serve", "--port", "0", "--db", url)
    assert result.status == 2
    assert f"{scheme}://ana@127.0.0.1" in result.err and "cannot be used" in result.err
    assert result.err.count("\n") == 1 and "secret" not in result.err and "Traceback" not in result.err


def test_serve_help_says_the_database_may_be_postgresql(cli: Cli) -> None:
    result = cli("serve", "--help")
    assert result.status == 0 and "postgresql://USER@HOST:PORT/DBNAME" in " ".join(result.out.split())


def test_serve_keeps_the_codes_key_where_key_says(tmp_path: Path) -> None:
    key = tmp_path / "shared" / "codes.key"
    key.parent.mkdir()
    server = ServerProcess(tmp_path, key=key)
    server.start()
    try:
        assert key.stat().st_size == 32 and key.stat().st_mode & 0o777 == 0o600  # made, for its owner only
        assert not (tmp_path / "online.sqlite3.key").exists()  # not beside the database
    finally:
        server.stop()
    made = key.read_bytes()
    again = ServerProcess(tmp_path, key=key)
    again.start()
    again.stop()
    assert key.read_bytes() == made  # read again, never made anew


def test_online_bot_plays_its_seat_to_the_end_and_prints_the_signed_totals(cli: Cli, server: ServerProcess) -> None:
    import asyncio

    from lost_cities.net.client import create_game
    from lost_cities.net.protocol import Create, SeatSpec

    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Max", computer="easy")), rounds=1, seed=4)
    created = asyncio.run(create_game(server.url, spec))
    result = cli("online", "bot", created.seats[0].code or "", "--level", "heuristic", "--server", server.url)
    assert result.status == 0, result.err
    line = result.out.strip()
    assert line.startswith("Ana ") and " – Max " in line
    # what it is doing, said once on stderr as it starts (a newcomer saw nothing until the match's end)
    assert result.err == "Playing Ana's seat… (Ctrl+C stops; the same command comes back to the seat)\n"
    for total in (line.split(" – ")[0].split()[-1], line.split(" – ")[1].split()[1].rstrip(":")):
        assert total == "0" or total[0] in "+−"  # as the board writes a score, never a hyphen


def test_online_bot_stopped_and_started_again_comes_back_to_its_seat(
    cli: Cli, server: ServerProcess, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by a newcomer: the code had opened its seat once, and the bot kept no token to come back with
    import asyncio

    from lost_cities.net.client import create_game
    from lost_cities.net.protocol import Create, SeatSpec
    from tests.ai.factories import Tired

    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Max", computer="easy")), rounds=1, seed=4)
    code = asyncio.run(create_game(server.url, spec)).seats[0].code or ""
    monkeypatch.setattr(Tired, "plays", 0)
    monkeypatch.setattr(Tired, "after", 3)  # Ctrl+C, as it were, on its fourth play
    bot = ("online", "bot", code, "--level", "tests.ai.factories:tired", "--server", server.url)
    assert cli(*bot).status == 130
    monkeypatch.setattr(Tired, "after", 10**9)
    again = cli(*bot)
    assert again.status == 0, again.err
    assert again.out.startswith("Ana ")  # the match played to its end, from where it stood


def test_online_bot_says_so_when_it_waits_for_a_player_who_left_or_for_its_server(own_server: ServerProcess) -> None:
    # found by an attacker's review: a bot whose opponent was cut off waited for ever without a word
    import asyncio
    import subprocess
    import sys
    import threading

    from lost_cities.net.client import create_game
    from lost_cities.net.protocol import Create, SeatSpec
    from tests.online.raw import joined

    server = own_server  # killed below: not the module's
    created = asyncio.run(create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), first=1)))

    async def join_and_leave() -> None:
        websocket, _view = await joined(server.url, created.seats[1].code or "")
        await websocket.close()

    asyncio.run(join_and_leave())  # Boris came, and went: his turn, and the game waits for him
    bot = subprocess.Popen(
        [sys.executable, "-m", "lost_cities", "--lang", "en", "online", "bot", created.seats[0].code or "",
         "--level", "heuristic", "--server", server.url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    stop = threading.Timer(30, bot.kill)  # a line that never comes fails the test, never hangs it
    stop.start()
    try:
        assert bot.stderr is not None
        lines = [bot.stderr.readline(), bot.stderr.readline()]
        assert lines == [
            "Playing Ana's seat… (Ctrl+C stops; the same command comes back to the seat)\n",
            "Waiting for Boris — away: the game waits as long as it must.\n",
        ]
        assert bot.poll() is None  # it waits, as a person would: Boris may come back
        server.kill()
        assert bot.stderr.readline() == "Reconnecting…\n"  # and tries again and again, saying so once
        assert bot.poll() is None
    finally:
        stop.cancel()
        bot.kill()
        bot.wait()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "ZZZZ-ZZZZ opens no seat on this server: is it mistyped, or its game deleted (one not begun in 14 days"),
        (
            "fr",
            "ZZZZ-ZZZZ n'ouvre aucune place sur ce serveur\u00a0: une faute de frappe, ou une partie supprimée (pas "
            "commencée en 14 jours, ou restée 30 jours sans un coup)",
        ),
        (
            "ru",
            "ZZZZ-ZZZZ не открывает ни одного места на этом сервере: может быть, опечатка, или игру удалили (её не "
            "начали за 14 дней или 30 дней в ней никто не ходил)",
        ),
    ],
)
def test_the_servers_refusal_of_a_seat_is_said_in_the_players_language(
    cli: Cli, server: ServerProcess, lang: str, said: str
) -> None:
    result = cli("--lang", lang, "online", "bot", "ZZZZ-ZZZZ", "--server", server.url)
    assert result.status == 2 and said in result.err and result.err.count("\n") == 1


def test_no_server_answering_is_said_in_the_players_language(cli: Cli) -> None:
    unanswered = f"ws://127.0.0.1:{free_port()}"
    result = cli("--lang", "fr", "online", "export", "K7QX-M2PA", "--server", unanswered)
    assert result.status == 2 and f"aucun serveur de jeu ne répond à {unanswered}" in result.err


def test_serve_on_a_port_already_taken_is_one_line_and_never_says_it_stopped(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "lost_cities", "--lang", "en", "serve", "--port", str(port), "--db",
             str(tmp_path / "games.sqlite3")],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        f"lost-cities serve: cannot listen on 127.0.0.1 port {port}: another program listens there already (a server "
        "started before?): choose another with --port\n"
    )  # found by a newcomer: the system's own words, "error while attempting to bind on address (…)"
    assert "stopped" not in result.stdout


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("play", "--join", "K7QX-M2PA", "--name", "Bartholomew the Great"),
         "argument --name: the name is 21 characters long: at most 12 fit on the board"),
        (("--lang", "fr", "play", "--join", "K7QX-M2PA", "--name", "x" * 100),
         "argument --name : le nom a 100 caractères"),
        (("--lang", "ru", "online", "bot", "K7QX-M2PA", "--name", "  "), "имя пустое"),
        (("online", "bot", "K7QX-M2PA", "--name", "Bo\x1bris"),
         "the name holds an invisible or control character (U+001B)"),
    ],
)  # fmt: skip
def test_a_name_to_join_under_is_checked_before_any_server_is_asked(cli: Cli, argv: tuple[str, ...], said: str) -> None:
    # found by a newcomer: a long --name came back from the server in English, or as "a string of at most 64 items"
    result = cli(*argv, f"--server=ws://127.0.0.1:{free_port()}", terminal=True)  # nothing listens: never asked
    assert result.status == 2 and said in result.err.replace("\u00a0", " ") and result.err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("play", "--join", "57BT-XPSO"),
         "argument --join: '57BT-XPSO' is not a code: eight letters and digits, such as K7QX-M2PA (never 0, O, 1 "
         "or I)"),
        (("--lang", "fr", "play", "--watch", "K7QX"), "argument --watch : « K7QX » n'est pas un code"),
        (("--lang", "ru", "online", "export", "[b]K7QX-M2PA[/b]"), "не код: код состоит из восьми латинских букв"),
        (("online", "bot", "K7QX-M2P1"), "'K7QX-M2P1' is not a code"),
    ],
)  # fmt: skip
def test_a_code_that_cannot_be_one_is_said_before_any_server_is_asked(
    cli: Cli, argv: tuple[str, ...], said: str
) -> None:
    # found by a newcomer: the server's English "a code is eight letters and digits", under --lang fr, for a code
    # whose only fault was an O
    result = cli(*argv, f"--server=ws://127.0.0.1:{free_port()}", terminal=True)  # nothing listens: never asked
    assert result.status == 2 and said in result.err.replace("\u00a0", " ") and result.err.count("\n") == 1


def test_export_finds_the_server_a_seat_was_taken_on_here_as_bot_does(cli: Cli, server: ServerProcess) -> None:
    # a newcomer exported with the code of a seat taken on another server than the default: it asked the default
    import asyncio

    from lost_cities.net.client import create_game
    from lost_cities.net.protocol import Create, SeatSpec
    from lost_cities.storage import MatchStore
    from lost_cities.storage.online import OnlineSeat, remember

    created = asyncio.run(create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3)))
    code = created.seats[0].code or ""
    remember(MatchStore(), OnlineSeat(server.url, created.game, 0, code, "some-token", ("Ana", "Boris")))
    result = cli("online", "export", code.lower())
    assert result.status == 2 and "the match is not over yet" in result.err  # asked of the right server
    assert "no game server answers" not in result.err


def test_a_game_ended_on_time_is_exported_as_won_on_time(cli: Cli, own_server: ServerProcess) -> None:
    # its last round not played out, the export raised "only a match whose last round is over can be finished"
    import asyncio
    import sqlite3

    from lost_cities.net.client import create_game
    from lost_cities.net.protocol import Create, SeatSpec
    from tests.online.raw import ask, next_frame, open_raw

    url = own_server.url
    created = asyncio.run(create_game(url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, clock=60)))
    codes = [seat.code or "" for seat in created.seats]

    async def sit(first: dict[str, str]) -> dict[str, object]:
        """Take a seat (or come back to it), and the first view there."""
        websocket = await open_raw(url)
        welcome = await ask(websocket, first)
        view = await next_frame(websocket)
        await websocket.close()
        return {"token": welcome["token"], "version": view["version"]}

    asyncio.run(sit({"type": "join", "code": codes[0]}))
    boris = asyncio.run(sit({"type": "join", "code": codes[1]}))
    own_server.stop()
    with sqlite3.connect(own_server.database) as db:  # the game began two minutes ago: Ana, to move, had one
        db.execute("UPDATE games SET created_at = created_at - 120")
        db.execute("UPDATE seats SET joined_at = joined_at - 120")
    db.close()
    own_server.restart()

    async def claim() -> dict[str, object]:
        websocket = await open_raw(url)
        await ask(websocket, {"type": "hello", "token": boris["token"]})
        view = await next_frame(websocket)
        answer = await ask(websocket, {"type": "claim", "version": view["version"]})
        await websocket.close()
        return answer

    answer = asyncio.run(claim())
    assert answer["type"] != "error", answer
    result = cli("online", "export", codes[0], "--server", url)
    assert result.status == 0, result.err
    exported = json.loads(result.out)
    assert exported["status"] == "finished" and exported["players"] == ["Ana", "Boris"]
    assert exported["claim"] == {"by": 1, "out_of_time": 0} and exported["result"]["winner"] == 1
    # found by a newcomer: each export had an id and dates of its own, the export's time
    again = json.loads(cli("online", "export", codes[1], "--server", url).out)
    kept = ("id", "created", "updated")
    assert [again[key] for key in kept] == [exported[key] for key in kept]
    began = datetime.fromisoformat(exported["created"].replace("Z", "+00:00"))
    assert 100 < (datetime.now(UTC) - began).total_seconds() < 200  # created two minutes back, as the database says
    assert exported["id"].startswith(f"{began:%Y%m%d-%H%M%S}-") and exported["updated"] > exported["created"]
