"""Killed at any moment, `lost-cities play` loses at most the turn in progress (a real process in a pty)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lost_cities.storage import MatchStore
from lost_cities.words import card_short

ANSI = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")


class Terminal:
    """``lost-cities`` running in a pseudo-terminal of 80×24."""

    def __init__(self, args: list[str], data_dir: Path) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "LOST_CITIES_DATA_DIR": str(data_dir), "TERM": "xterm-256color", "LOST_CITIES_LANG": "en"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "lost_cities", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.seen = ""

    def wait_for(self, text: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{text!r} never appeared; the screen showed: {self.seen[-600:]!r}")
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the program ended before {text!r} appeared: {self.seen[-600:]!r}")
                self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))

    def press(self, *keys: str) -> None:
        """Type ``keys``; the app takes them in order, however fast they come."""
        os.write(self.master, "".join(keys).encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        os.close(self.master)


def turns_saved(store: MatchStore) -> int:
    saved = store.load_current()
    return -1 if saved is None else len(saved.record.played[-1].turns)


def wait_until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never came true"
        time.sleep(0.01)


@pytest.mark.slow  # the program itself in a terminal; the saves' SIGKILL tests (tests/storage/test_kill.py) are fast
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses a Linux pseudo-terminal")
def test_sigkill_then_resume_gives_the_same_player_pile_and_hands(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    term = Terminal(["play", "--p1", "Ana", "--p2", "Boris", "--seed", "3"], tmp_path)
    try:
        names = ("Ana", "Boris")
        for turn in range(4):
            term.wait_for(f"Pass to {names[turn % 2]}")
            term.seen = ""
            term.press("\r")
            term.wait_for("play a card")
            term.press("1", "d", "n")
        term.wait_for("Pass to Ana")
        term.press("\r")
        term.wait_for("play a card")
        term.press("2", "d")  # a turn in progress: played, not drawn
        term.wait_for("Now draw")
        wait_until(lambda: turns_saved(store) == 4)  # the autosave writes on a thread of its own
        term.process.send_signal(signal.SIGKILL)
        term.process.wait(10)
    finally:
        term.close()
    saved = store.load_current()
    assert saved is not None
    before = saved.replay().current
    assert before.turns_played == 4 and before.to_move == 0 and before.draw_pile_size == 40

    term = Terminal(["play", "--resume"], tmp_path)
    try:
        term.wait_for("Pass to Ana — Ana, press Enter")
        assert not any(card_short(card) in term.seen for card in before.hand(0) if not card.is_wager)
        term.press("\r")
        term.wait_for("play a card")
        hand = [card_short(card) for card in before.hand(0)]
        assert all(label in term.seen for label in hand)
        term.press("q")
        term.wait_for("Quit now?")
        term.press("y")
        term.process.wait(10)
    finally:
        term.close()
    after = store.load_current()
    assert after is not None
    resumed = after.replay().current
    assert (resumed.to_move, resumed.draw_pile_size) == (before.to_move, before.draw_pile_size)
    assert resumed.hands == before.hands and resumed == before
