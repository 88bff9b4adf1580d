"""Killed at any moment (SIGKILL), an autosaving player loses at most the turn in progress."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from lost_cities.storage import MatchStore
from tests.storage.autosave_child import snapshot

ROOT = Path(__file__).parent.parent.parent

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def start(data: Path, seed: int, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.autosave_child", str(data), str(seed), mode],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def resumed_state(data: Path) -> dict[str, object]:
    saved = MatchStore(data).load_current()
    assert saved is not None
    resumed = saved.resume()
    return json.loads(snapshot(resumed.match, resumed.names))  # type: ignore[no-any-return]


def test_killed_between_turns_resumes_on_the_same_turn_hands_and_pile(tmp_path: Path) -> None:
    child = start(tmp_path, seed=31, mode="wait")
    assert child.stdin is not None and child.stdout is not None
    last = ""
    for _ in range(40):  # 40 turns: into round 1's second half
        line = child.stdout.readline()
        assert line.startswith("turn ")
        last = line.removeprefix("turn ")
        assert child.stdout.readline() == "saved\n"
        child.stdin.write("\n")
        child.stdin.flush()
    line = child.stdout.readline()  # turn 41 played and saved; the child now waits
    assert child.stdout.readline() == "saved\n"
    last = line.removeprefix("turn ")
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    assert resumed_state(tmp_path) == json.loads(last)


@pytest.mark.parametrize("turns", [3, 17, 29, 44, 58, 71])
def test_killed_at_any_moment_loses_at_most_the_turn_in_progress(tmp_path: Path, turns: int) -> None:
    child = start(tmp_path, seed=turns, mode="run")
    assert child.stdout is not None
    announced: list[str] = []
    while len(announced) < turns:
        line = child.stdout.readline()
        assert line, "the match ended before the kill"
        if line.startswith("turn "):
            announced.append(line.removeprefix("turn "))
    child.send_signal(signal.SIGKILL)  # the child is still playing: mid-turn, mid-write, anywhere
    rest = child.stdout.read()
    child.wait(timeout=10)
    announced += [line.removeprefix("turn ") for line in rest.splitlines(keepends=True) if line.startswith("turn ")]
    # The save holds the last announced turn, or (killed while writing it) the one before.
    assert resumed_state(tmp_path) in [json.loads(text) for text in announced[-2:]]
    leftovers = [path.name for path in tmp_path.iterdir() if path.name != "current.json"]
    assert all(name.startswith(".current.json.") and name.endswith(".tmp") for name in leftovers)
