"""``lost-cities web`` opened to strangers: each tab starts an app process on this machine, so a tab comes from the
page's own origin, a few at once and a few per address, and asks for a terminal no larger than a screen.  The guard
serves a stand-in app here (a shell that writes down the size it was given and what it is sent), so that what the
guard passes on is read, not guessed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.online.test_web import free_port, listening

pytestmark = pytest.mark.slow  # a process of its own, with aiohttp and textual-serve to import

SERVE = """
import sys
from lost_cities.cli.web_server import GuardedServer
port, folder, idle = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
app = (
    f'cd {folder} && echo "$COLUMNS $ROWS" > size-$$ && echo "$LOST_CITIES_DATA_DIR" > data-$$ && '
    'echo "$LOST_CITIES_VISITOR" > visitor-$$ && echo __GANGLION__ && exec cat > sent-$$'
)
proxies = tuple(sys.argv[4:])  # a reverse proxy in front: its visitors counted apart
caps = dict(max_tabs=5, per_address=2, trusted_proxies=proxies, idle_tab=idle)
GuardedServer(app, host="127.0.0.1", port=port, **caps).serve()
"""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    yield from serving(tmp_path)


@pytest.fixture
def proxied_page(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The page behind a reverse proxy on this machine, which it trusts."""
    yield from serving(tmp_path, "127.0.0.1")


#: Seconds without a key after which a tab gives its place to a new visitor, on the page the tests below serve
IDLE = 2.0


def serving(tmp_path: Path, *proxies: str) -> Iterator[tuple[str, Path]]:
    port = free_port()
    temporary = tmp_path / "tmp"  # the page's own, where its tabs' data folders are made
    temporary.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(port), str(tmp_path), str(IDLE), *proxies],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        env={**os.environ, "TMPDIR": str(temporary)},
    )  # fmt: skip
    listening(process, port)
    yield f"ws://127.0.0.1:{port}/ws", tmp_path
    process.terminate()
    process.wait(15)
    assert not list(temporary.iterdir())  # stopped, the page leaves no tab's folder behind, open tabs' included


async def tab(url: str, **options: object) -> ClientConnection:
    return await connect(url, proxy=None, **options)  # type: ignore[arg-type]


async def refused(url: str, **options: object) -> tuple[int, str]:
    with pytest.raises(InvalidStatus) as caught:
        await tab(url, **options)
    return caught.value.response.status_code, bytes(caught.value.response.body or b"").decode()


async def written(folder: Path, pattern: str, count: int) -> list[str]:
    for _ in range(200):  # bounded: ten seconds at most for the stand-in apps to start and be sent their frames
        found = sorted(folder.glob(pattern))
        if len(found) >= count and all(path.read_text() for path in found):
            return [path.read_text(errors="replace") for path in found]
        await asyncio.sleep(0.05)
    raise AssertionError(f"{count} {pattern} files, never written")


async def test_a_tab_asking_for_a_huge_terminal_is_given_a_screens_worth(page: tuple[str, Path]) -> None:
    # found by an attacker: /ws?width=20000&height=20000, or a resize as large, grew its app past 2 GB in seconds
    url, folder = page
    huge = await tab(f"{url}?width=20000&height=99999999999999999999999")
    assert await written(folder, "size-*", 1) == ["500 200\n"]
    await huge.send(json.dumps(["resize", {"width": 10**12, "height": "tall"}]))
    sent = await written(folder, "sent-*", 1)
    assert '"type": "resize", "width": 500, "height": 24' in sent[0]
    await huge.close()


async def test_a_page_elsewhere_and_an_address_holding_its_share_are_refused_a_tab(page: tuple[str, Path]) -> None:
    # found by an attacker: one address held all twenty tabs, and the next visitor had none
    url, _folder = page
    assert (await refused(url, origin="http://elsewhere.example"))[0] == 403
    first, second = await tab(url), await tab(url)
    status, said = await refused(url)
    assert status == 503 and "from your address" in said
    await first.close()
    third = await accepted(url)  # one closed (its app ended, which the stand-in leaves to the guard): one more
    for websocket in (second, third):
        await websocket.close()


async def accepted(url: str) -> ClientConnection:
    """A tab, once the server has a place for it (a closed tab's is given back when its app has ended)."""
    for _ in range(100):  # ten seconds at most
        try:
            return await tab(url)
        except InvalidStatus:
            await asyncio.sleep(0.1)
    raise AssertionError("no place for a tab, ten seconds after one closed")


def _alive(pid: int) -> bool:
    try:  # gone between a look and a read: gone (ProcessLookupError)
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


async def test_a_closed_tabs_app_is_ended_and_its_data_folder_removed(page: tuple[str, Path]) -> None:
    # found by an attacker: an app busy with what its tab sent ran on for a minute at a whole core once the tab had
    # closed (textual-serve only asks it to quit; the stand-in here never does), and each tab's folder stayed
    url, folder = page
    closing = await tab(url)
    [data] = await written(folder, "data-*", 1)
    pid = int(next(folder.glob("data-*")).name.removeprefix("data-"))
    assert Path(data.strip()).is_dir() and _alive(pid)
    assert await written(folder, "visitor-*", 1) == ["127.0.0.1\n"]  # whom its connections are for: forwarded
    await closing.close()
    for _ in range(100):  # ten seconds at most: asked to quit, then ended
        if not _alive(pid) and not Path(data.strip()).exists():
            break
        await asyncio.sleep(0.1)
    assert not _alive(pid) and not Path(data.strip()).exists()


async def test_what_a_tab_types_past_a_persons_pace_is_dropped(page: tuple[str, Path]) -> None:
    # found by an attacker: a tab typing at full speed grew its app to 867 MB at a whole core
    url, folder = page
    from lost_cities.cli.web_server import KEY_BURST, KEYS_PER_SECOND

    typing = await tab(url)
    await written(folder, "size-*", 1)
    started = time.monotonic()
    for _ in range(2000):  # a script's keys, as fast as the socket takes them: 20,000 bytes in a moment
        await typing.send(json.dumps(["stdin", "x" * 10]))
    await typing.send(json.dumps(["ping", "done"]))
    async with asyncio.timeout(10):
        while json.loads(await typing.recv()) != ["pong", "done"]:
            pass
    most = KEY_BURST + KEYS_PER_SECOND * (time.monotonic() - started)
    sent = (await written(folder, "sent-*", 1))[0]
    assert KEY_BURST <= sent.count("xxxxxxxxxx") <= most < 2000  # the burst and the pace got through, no more
    await typing.close()


async def test_resizes_reach_a_tabs_app_two_a_second_the_last_one_last(page: tuple[str, Path]) -> None:
    # found by an attacker: two sizes in turn, within a person's pace, kept a tab's app at 65 % of a core, each a new
    # layout and a whole screen sent back (the page sent 1,500 times the bytes it was sent)
    url, folder = page
    resizing = await tab(url)
    await written(folder, "size-*", 1)
    started = time.monotonic()
    for n in range(30):  # a window dragged, or a script: thirty sizes in a moment, the last 100 x 30
        size = {"width": 100, "height": 30} if n == 29 else {"width": 500 if n % 2 else 20, "height": 200 - n}
        await resizing.send(json.dumps(["resize", size]))
    sent_for = time.monotonic() - started
    passed: list[tuple[str, str]] = []
    for _ in range(100):  # the last one held, then passed on: five seconds at most
        sent = (await written(folder, "sent-*", 1))[0]
        passed = re.findall(r'"type": "resize", "width": (\d+), "height": (\d+)', sent)
        if passed and passed[-1] == ("100", "30"):
            break
        await asyncio.sleep(0.05)
    assert passed[-1] == ("100", "30") and len(passed) <= 2 + sent_for / 0.5 < 30
    await resizing.close()


async def test_a_focus_or_a_blur_changing_nothing_or_past_a_persons_pace_is_dropped(page: tuple[str, Path]) -> None:
    # found by an attacker: focus after focus, each queued by the tab's app, grew it by 340 MB in ten seconds, and it
    # went on at a whole core for a minute and a half after the flood
    url, folder = page
    from lost_cities.cli.web_server import KEYS_PER_SECOND

    flooding = await tab(url)
    await written(folder, "size-*", 1)
    started = time.monotonic()
    for _ in range(300):  # the same again and again: changes nothing after the first
        await flooding.send(json.dumps(["focus"]))
    for _ in range(1000):  # changing each time, as fast as the socket takes them
        await flooding.send(json.dumps(["blur"]))
        await flooding.send(json.dumps(["focus"]))
    await flooding.send(json.dumps(["ping", "done"]))
    async with asyncio.timeout(10):
        while json.loads(await flooding.recv()) != ["pong", "done"]:
            pass
    await asyncio.sleep(0.5)  # the stand-in app writes down what it was sent
    sent = next(folder.glob("sent-*")).read_text(errors="replace")
    passed_on = sent.count('"focus"') + sent.count('"blur"')
    assert 1 <= passed_on <= 1 + KEYS_PER_SECOND * (time.monotonic() - started)  # not the 2,300 sent
    await flooding.close()


async def test_a_page_stopped_with_a_tab_open_takes_the_tabs_folder_with_it(page: tuple[str, Path]) -> None:
    # found stopping lost-cities web: an open tab's data folder, its seat's token in it, stayed in /tmp for good
    url, folder = page
    await tab(url)  # left open: the fixture stops the page, then finds nothing left in the page's temporary folder
    [data] = await written(folder, "data-*", 1)
    assert Path(data.strip()).is_dir()


async def test_behind_a_trusted_proxy_each_visitor_it_forwards_holds_a_share_of_their_own(
    proxied_page: tuple[str, Path],
) -> None:
    # found by an attacker: behind a reverse proxy every visitor came from the proxy's address, so one visitor held
    # every tab of a page served to this machine alone, and the game server saw them all as this machine
    url, folder = proxied_page
    one = {"X-Forwarded-For": "203.0.113.9"}
    first, second = await tab(url, additional_headers=one), await tab(url, additional_headers=one)
    status, said = await refused(url, additional_headers=one)
    assert status == 503 and "from your address" in said
    other = await tab(url, additional_headers={"X-Forwarded-For": "2001:db8:1:2::1"})  # another visitor: let in
    visitors = await written(folder, "visitor-*", 3)  # and forwarded to the game server as themselves
    assert sorted(visitors) == ["2001:db8:1:2::1\n", "203.0.113.9\n", "203.0.113.9\n"]
    # found by a security tester: each address of an IPv6 /64 (one household's, or one attacker's billions) held
    # tabs of its own; it is one visitor, as the game server counts it
    neighbour = await tab(url, additional_headers={"X-Forwarded-For": "2001:db8:1:2::2"})
    status, said = await refused(url, additional_headers={"X-Forwarded-For": "2001:db8:1:2::3"})
    assert status == 503 and "from your address" in said
    for websocket in (first, second, other, neighbour):
        await websocket.close()


async def status_of(port: int, address: str) -> int:
    """The status of the page's ``GET /`` for a visitor the proxy in front forwards as ``address``."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {address}\r\nConnection: close\r\n\r\n".encode()
    )
    answer = await reader.read()
    writer.close()
    return int(answer.split(b" ", 2)[1])


async def test_one_address_asking_for_the_page_flat_out_is_answered_429_and_another_is_not(
    proxied_page: tuple[str, Path],
) -> None:
    # found by an attacker: a thousand requests a second from one address kept the page at a whole core
    from lost_cities.cli.web_server import REQUEST_BURST

    url, _folder = proxied_page
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    statuses = [await status_of(port, "203.0.113.9") for _ in range(int(REQUEST_BURST) + 20)]
    assert statuses[0] == 200 and statuses[-1] == 429 and statuses.count(200) < len(statuses)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)  # kept alive, as a flood keeps it
    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
    answer = await asyncio.wait_for(reader.read(), 5)  # answered, then closed: not kept for the next request
    assert answer.startswith(b"HTTP/1.1 429 ")
    writer.close()
    assert await status_of(port, "198.51.100.7") == 200  # another visitor: served


async def test_one_address_opening_tabs_and_dropping_them_in_a_loop_is_held_back(
    proxied_page: tuple[str, Path],
) -> None:
    # found by an attacker: tabs opened and dropped in a loop from one address kept a core busy starting their apps
    from lost_cities.cli.web_server import TAB_BURST

    url, _folder = proxied_page
    one = {"X-Forwarded-For": "203.0.113.9"}
    opened = 0
    for _ in range(200):  # bounded: twenty seconds at most
        try:
            websocket = await tab(url, additional_headers=one)
        except InvalidStatus as refusal:
            if refusal.response.status_code == 429:
                break
            await asyncio.sleep(0.1)  # the last one's place not given back yet: its app still ending
            continue
        opened += 1
        await websocket.close()
    assert TAB_BURST <= opened < 2 * TAB_BURST  # the burst (and what a slow machine's seconds refilled), no more
    status, said = await refused(url, additional_headers=one)
    assert status == 429 and "wait a minute" in said
    (await tab(url, additional_headers={"X-Forwarded-For": "198.51.100.7"})).transport.abort()  # another: let in


async def test_one_network_holds_two_addresses_worth_of_tabs(proxied_page: tuple[str, Path]) -> None:
    # found by an attacker: five addresses of one /24 held all twenty tabs of a page, and everyone else was refused
    url, _folder = proxied_page
    held = [
        await tab(url, additional_headers={"X-Forwarded-For": f"203.0.113.{host}"}) for host in (1, 1, 2, 2)
    ]  # two addresses of 203.0.113.0/24, each at its share
    status, said = await refused(url, additional_headers={"X-Forwarded-For": "203.0.113.3"})
    assert status == 503 and "from your network" in said
    held.append(await tab(url, additional_headers={"X-Forwarded-For": "198.51.100.7"}))  # another network: let in
    for websocket in held:
        await websocket.close()


async def test_when_every_place_is_taken_the_tab_idle_longest_gives_its_place_to_a_new_visitor(
    proxied_page: tuple[str, Path],
) -> None:
    # found by an attacker: tabs that only answer the page's pings held every place for as long as they liked
    url, folder = proxied_page
    forgotten = await tab(url, additional_headers={"X-Forwarded-For": "198.51.100.1"})
    await forgotten.send(json.dumps(["stdin", "x"]))
    await written(folder, "sent-*", 1)
    await asyncio.sleep(IDLE + 0.5)  # nobody types in it any more
    playing = [
        await tab(url, additional_headers={"X-Forwarded-For": f"203.0.113.{host}"}) for host in (1, 1, 2, 2)
    ]  # the page is full: five tabs
    for websocket in playing:
        await websocket.send(json.dumps(["stdin", "x"]))  # in use: each typed a key a moment ago
    await written(folder, "sent-*", 5)
    newcomer = await tab(url, additional_headers={"X-Forwarded-For": "192.0.2.8"})  # let in, in the forgotten's place
    async with asyncio.timeout(10):
        with pytest.raises(ConnectionClosed):
            while True:
                await forgotten.recv()
    for websocket in playing:
        await websocket.send(json.dumps(["stdin", "y"]))  # still in use
    await asyncio.sleep(0.3)  # read by the page
    status, said = await refused(url, additional_headers={"X-Forwarded-For": "192.0.2.9"})
    assert status == 503 and "here" in said  # the tabs in use keep theirs
    for websocket in (newcomer, *playing):
        await websocket.close()


STARVED = """
import resource, sys
import lost_cities.cli.web_server as web_server
resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))  # a desktop's limit, and no higher one to raise it to
web_server.IDLE_CONNECTION = 2.0
web_server.GuardedServer("exec cat", host="127.0.0.1", port=int(sys.argv[1]), max_tabs=5).serve()
"""


async def test_a_page_flooded_with_idle_connections_closes_them_and_serves_on(tmp_path: Path) -> None:
    # found by an attacker: a thousand sockets that sent nothing, from one address, took every descriptor of the page,
    # whose log handler then failed to import its traceback renderer: the page stopped for good
    port = free_port()
    log = tmp_path / "page.log"
    with log.open("w") as written_to:
        process = subprocess.Popen(
            [sys.executable, "-c", STARVED, str(port)], stdout=written_to, stderr=written_to, stdin=subprocess.DEVNULL
        )
    try:
        listening(process, port)
        idle: list[asyncio.StreamWriter] = []
        for _ in range(200):  # more than its descriptors
            with contextlib.suppress(OSError):
                idle.append((await asyncio.open_connection("127.0.0.1", port))[1])
        await asyncio.sleep(1)
        assert process.poll() is None  # still serving
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        async with asyncio.timeout(15):  # closed by the page once idle two seconds (aiohttp's own: 75)
            assert await reader.read() == b""
        writer.close()
        for connection in idle:
            connection.close()
        (await accepted(f"ws://127.0.0.1:{port}/ws")).transport.abort()  # a visitor gets a tab again
        assert process.poll() is None and log.stat().st_size < 20_000  # a line a second, not one per try
    finally:
        process.terminate()
        process.wait(15)
