"""The game in a browser: ``lost-cities web`` serves the app to a real (headless) Chromium, which draws the
online start; a code typed on the page takes the seat, and the board arrives in the page."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lost_cities.net.client import create_game
from lost_cities.net.protocol import Create, SeatSpec
from lost_cities.tui.common.keybar import entry_spans
from lost_cities.tui.match.widgets.hand import SLOT_WIDTH
from tests.online.browser import Browser, chromium
from tests.online.raw import joined
from tests.online.server import ServerProcess

pytestmark = pytest.mark.skipif(
    chromium() is None, reason="no Chromium here (Debian's chromium package; .ci/run installs it)"
)


def free_port() -> int:
    with socket.socket() as probe:  # textual-serve cannot take port 0: its page names the port
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(process: subprocess.Popen[bytes], port: int, log: Path | None = None) -> None:
    """Wait (30 s at most) until ``process`` listens on ``port``; its ``log`` said if it dies first."""
    deadline = time.monotonic() + 30
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        assert process.poll() is None and time.monotonic() < deadline, log.read_text() if log else "it stopped"
        time.sleep(0.05)


@pytest.fixture
def web(server: ServerProcess, tmp_path: Path) -> Iterator[str]:
    port = free_port()
    log = (tmp_path / "web.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "lost_cities", "web", "--port", str(port), "--server", server.url],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    listening(process, port, tmp_path / "web.log")
    yield f"http://127.0.0.1:{port}/"
    os.killpg(process.pid, signal.SIGTERM)  # the server and the tabs' app processes
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
    log.close()


@pytest.mark.slow
async def test_a_browser_joins_with_a_code_and_sees_its_board(server: ServerProcess, web: str, tmp_path: Path) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=4))
    boris, _view = await joined(server.url, created.seats[1].code or "")  # in first: the cards dealt once Ana is
    async with Browser() as page:
        await page.goto(web)
        await page.until_shown("The invitation code a friend sent you")
        code = created.seats[0].code or ""
        await page.type(code)
        await page.until_shown(code)  # in the field: the page may hand typed text on a moment later than a key
        await page.press("Enter", "Enter", 13, "\r")
        await page.until_shown("Ana, play a card")  # the board, Ana's hand in it (H2)
        await page.type("1")
        await page.type("d")
        await page.until_shown("Now draw")  # a key in the page reached the app, and the server answered
        await page.screenshot(tmp_path / "board.png")
        assert (tmp_path / "board.png").stat().st_size > 10_000
    await boris.close()
    said = (tmp_path / "web.log").read_text()
    assert not re.search(r"Traceback", said)
    # the page's address first, in a sentence: not textual-serve's banner and the command it runs
    assert said.startswith(f"Lost Cities as a web page on {web.rstrip('/')}, its game server {server.url}; Ctrl+C")


#: Where the board puts the hand's first card in the page's terminal: its label's 10 cells after the screen's
#: padding, and the card's face on the middle of its three lines (the row under the table of two players).
HAND_COLUMN, HAND_ROW = 11, 14


@pytest.mark.slow
async def test_a_turn_is_played_in_the_browser_with_the_mouse_alone(
    server: ServerProcess, web: str, tmp_path: Path
) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=4))
    boris, _view = await joined(server.url, created.seats[1].code or "")  # in first: the cards dealt once Ana is
    async with Browser() as page:
        await page.goto(web)
        await page.until_shown("The invitation code a friend sent you")
        await page.type(created.seats[0].code or "")
        await page.until_shown(created.seats[0].code or "")
        await page.press("Enter", "Enter", 13, "\r")
        await page.until_shown("Ana, play a card")
        await page.screenshot(tmp_path / "1-board.png")
        await page.click(HAND_COLUMN + SLOT_WIDTH + 4, HAND_ROW)  # the second card: the yellow 9
        await page.until_shown("yellow 9 is selected")
        await page.screenshot(tmp_path / "2-selected.png")
        bar = entry_spans([("1–8 ← →", "select"), ("e", "lay"), ("d", "discard")], 200)[0]
        await page.click(1 + bar[2][1] + 1, await page.rows() - 1)  # the key bar's "d discard"
        await page.until_shown("Now draw")
        await page.screenshot(tmp_path / "3-discarded.png")
        await page.click(20, 0)  # the status line, which names the draw pile
        await page.until_shown("Draw pile: 43")
        await page.screenshot(tmp_path / "4-drawn.png")
        assert all((tmp_path / f"{shot}.png").stat().st_size > 10_000 for shot in ("1-board", "4-drawn"))
    await boris.close()
    assert not re.search(r"Traceback", (tmp_path / "web.log").read_text())
