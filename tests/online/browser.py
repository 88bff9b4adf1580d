"""Headless Chromium driven over the DevTools protocol, for the browser test: navigate, press keys, and
read what the page's terminal shows — from the app's own output as the page receives it (the page draws
on canvases: its DOM holds no text to read)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

_ESCAPES = re.compile(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]")


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium with one page; use as ``async with Browser() as page``."""

    def __init__(self) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="lc-chromium-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.socket: ClientConnection | None = None
        self.ids = itertools.count(1)
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.output = ""  # what the app has written to the page's terminal, escapes removed
        self.reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Browser:
        executable = chromium()
        assert executable is not None
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--no-default-browser-check",
             f"--user-data-dir={self.profile}", "--remote-debugging-port=0", "--window-size=1000,700",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            assert time.monotonic() < deadline, "Chromium did not start"
            await asyncio.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        pages = await asyncio.to_thread(_json, f"http://127.0.0.1:{port}/json/list")
        page = next(entry for entry in pages if entry.get("type") == "page")
        self.socket = await connect(page["webSocketDebuggerUrl"], proxy=None, max_size=None)
        self.reader = asyncio.create_task(self._read())
        await self.call("Network.enable")
        await self.call("Page.enable")
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.socket is not None:
            await self.socket.close()
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    async def _read(self) -> None:
        assert self.socket is not None
        async for message in self.socket:
            data = json.loads(message)
            if "id" in data and data["id"] in self.answers:
                self.answers.pop(data["id"]).set_result(data)
            elif data.get("method") == "Network.webSocketFrameReceived":
                response = data["params"]["response"]
                if response.get("opcode") == 2:  # the app's output, binary: its bytes carry the terminal's text
                    with contextlib.suppress(ValueError):
                        text = base64.b64decode(response["payloadData"]).decode("utf-8", "replace")
                        self.output += _ESCAPES.sub("", text)

    async def call(self, method: str, **params: object) -> dict[str, Any]:
        assert self.socket is not None
        number = next(self.ids)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[number] = answer
        await self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        return await asyncio.wait_for(answer, 30)

    async def goto(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def until_shown(self, text: str, seconds: float = 40) -> None:
        """Wait until the app has written ``text`` to the page (spaces ignored: the terminal moves the cursor)."""
        wanted = text.replace(" ", "")
        deadline = time.monotonic() + seconds
        while wanted not in self.output.replace(" ", ""):
            assert time.monotonic() < deadline, f"the page never showed {text!r}: {self.output[-600:]!r}"
            await asyncio.sleep(0.05)

    async def type(self, text: str) -> None:
        await self.call("Runtime.evaluate", expression="document.querySelector('.xterm-helper-textarea').focus()")
        await self.call("Input.insertText", text=text)

    async def press(self, key: str, code: str, virtual: int, text: str = "", modifiers: int = 0) -> None:
        await self.call("Runtime.evaluate", expression="document.querySelector('.xterm-helper-textarea').focus()")
        event = {"key": key, "code": code, "windowsVirtualKeyCode": virtual, "modifiers": modifiers}
        await self.call("Input.dispatchKeyEvent", type="keyDown", **event, **({"text": text} if text else {}))
        await self.call("Input.dispatchKeyEvent", type="keyUp", **event)

    async def cell(self) -> tuple[float, float]:
        """The size of one cell of the page's terminal, in pixels: xterm.js sizes its input box to a cell."""
        found = await self.call(
            "Runtime.evaluate",
            expression="(() => { const box = document.querySelector('.xterm-helper-textarea').style; "
            "return [parseFloat(box.width), parseFloat(box.height)]; })()",
            returnByValue=True,
        )
        width, height = found["result"]["result"]["value"]
        return float(width), float(height)

    async def click(self, column: int, row: int) -> None:
        """A click of the mouse's left button on the terminal's cell at ``column``, ``row`` (from 0)."""
        width, height = await self.cell()
        where = {"x": (column + 0.5) * width, "y": (row + 0.5) * height, "button": "left", "clickCount": 1}
        await self.call("Input.dispatchMouseEvent", type="mouseMoved", x=where["x"], y=where["y"])
        await self.call("Input.dispatchMouseEvent", type="mousePressed", **where)
        await self.call("Input.dispatchMouseEvent", type="mouseReleased", **where)

    async def rows(self) -> int:
        """How many rows the page's terminal has."""
        found = await self.call(
            "Runtime.evaluate",
            expression="document.querySelector('.xterm-screen').getBoundingClientRect().height",
            returnByValue=True,
        )
        return int(float(found["result"]["result"]["value"]) // (await self.cell())[1])

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["result"]["data"]))


def _json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())
