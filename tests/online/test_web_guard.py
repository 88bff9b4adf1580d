"""``lost-cities web`` opened to strangers: each tab starts an app process on this machine, so a tab comes from the
page's own origin, a few at once and a few per address, and asks for a terminal no larger than a screen.  The guard
serves a stand-in app here (a shell that writes down the size it was given and what it is sent), so that what the
guard passes on is read, not guessed."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from tests.online.test_web import free_port, listening

pytestmark = pytest.mark.slow  # a process of its own, with aiohttp and textual-serve to import

SERVE = """
import sys
from lost_cities.cli.web_server import GuardedServer
port, folder = int(sys.argv[1]), sys.argv[2]
app = f'cd {folder} && echo "$COLUMNS $ROWS" > size-$$ && echo __GANGLION__ && exec cat > sent-$$'
GuardedServer(app, host="127.0.0.1", port=port, max_tabs=3, per_address=2).serve()
"""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(port), str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    listening(process, port)
    yield f"ws://127.0.0.1:{port}/ws", tmp_path
    process.terminate()
    process.wait(15)


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
    await asyncio.sleep(0.5)  # the server sees the tab go
    third = await tab(url)  # one closed: one more
    for websocket in (second, third):
        await websocket.close()
