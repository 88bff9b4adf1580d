"""Responsiveness of the hot-seat app against a minimal Textual app, headless, measured side by side.

    python benchmarks/bench_app.py [--repeat 30] [--starts 7]

The yardstick is Textual's own floor on this machine at this moment: a minimal app (a label
and a footer; a key updates the label), measured the same way in the same run.  This machine
is shared and noisy, so only the ratios mean something.

* first frame: from process start (the parent's clock just before it spawns a fresh
  ``python``) to the first frame the app writes to its (headless) terminal; the hot-seat app
  opens on its pass-the-screen step.  Runs alternate between the two apps.
* key to frame: from a key press handed to the app to the first frame rendered after it
  (headless, ``App._display`` receives each frame): for the board, a selection key (1-8) and a
  play or a take back (``d`` / ``u``); for the minimal app, its one key.

Bars (issue 10): key to frame at most 3x the minimal app's (goal 2x, worst case under 30 ms);
first frame at most 1.2x.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Footer, Label

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD_MINIMAL = """
import sys, time
from textual.app import App
from textual.widgets import Footer, Label

class Minimal(App):
    def compose(self):
        yield Label("0")
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(self._stamp)

    def _stamp(self):
        with open(sys.argv[1], "w") as out:  # Textual captures stdout
            out.write(str(time.time()))
        self.exit()

Minimal().run(headless=True, size=(80, 24))
"""

CHILD_HOTSEAT = """
import sys, time
from lost_cities.session import MatchSettings
from lost_cities.tui.hotseat.app import LostCitiesApp
from lost_cities.tui.hotseat.screens.pass_screen import PassScreen

class Timed(LostCitiesApp):
    def on_mount(self):
        super().on_mount()
        self.timer = self.set_interval(0.001, self._check)

    def _check(self):
        # once the pass screen is up, stamp the time right after its first refresh (paint)
        if isinstance(self.screen, PassScreen) and self.screen.is_mounted:
            self.timer.stop()
            self.screen.call_after_refresh(self._stamp)

    def _stamp(self):
        with open(sys.argv[1], "w") as out:
            out.write(str(time.time()))
        self.exit()

Timed(MatchSettings(names=("Ana", "Boris"), seed=1), start="new").run(headless=True, size=(80, 24))
"""


class MinimalApp(App[None]):
    """Textual's floor: a label and a footer; ``x`` changes the label."""

    BINDINGS = [Binding("x", "bump", "bump")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Label("0")
        yield Footer()

    def action_bump(self) -> None:
        self.count += 1
        self.query_one(Label).update(str(self.count))


def first_frame_seconds(child: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        stamp = Path(folder, "drawn")
        env = {**os.environ, "LOST_CITIES_DATA_DIR": folder}  # never the user's saves
        start = time.time()
        subprocess.run([sys.executable, "-c", child, str(stamp)], capture_output=True, check=True, cwd=ROOT, env=env)
        return float(stamp.read_text()) - start


Timed = Callable[[str, str], Awaitable[None]]


async def key_latencies(
    app: App[None], keys: Callable[[Pilot[None], Timed], Awaitable[None]]
) -> dict[str, list[float]]:
    """Run ``app`` headless and time each key ``keys`` presses through ``timed(key, bucket)``."""
    results: dict[str, list[float]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Headless, nothing reaches a terminal, but every rendered frame still passes through
        # App._display: record when each frame is handed over.
        writes: list[float] = []
        original = app._display

        def display(screen: object, renderable: object) -> None:
            if renderable is not None:
                writes.append(time.perf_counter())
            original(screen, renderable)  # type: ignore[arg-type]

        app._display = display  # type: ignore[method-assign]

        async def timed(key: str, bucket: str) -> None:
            writes.clear()
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause(0.05)
            after = [t for t in writes if t >= start]
            if after:
                results.setdefault(bucket, []).append(after[0] - start)

        await keys(pilot, timed)
    return results


async def minimal_keys(repeat: int) -> dict[str, list[float]]:
    async def keys(pilot: Pilot[None], timed: Timed) -> None:
        for _ in range(repeat * 3):
            await timed("x", "minimal")

    return await key_latencies(MinimalApp(), keys)


async def board_keys(repeat: int) -> dict[str, list[float]]:
    from lost_cities.session import MatchSettings
    from lost_cities.storage import MatchStore
    from lost_cities.tui.hotseat.app import LostCitiesApp

    app = LostCitiesApp(MatchSettings(names=("Ana", "Boris"), seed=1), store=MatchStore(tempfile.mkdtemp()))

    async def keys(pilot: Pilot[None], timed: Timed) -> None:
        await pilot.press("enter")
        await pilot.pause()
        for index in range(repeat):
            await timed(str(index % 8 + 1), "select")
            await timed("d", "play/take back")
            await timed("u", "play/take back")

    return await key_latencies(app, keys)


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:5.1f} ms, worst {max(values) * 1000:5.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--starts", type=int, default=7)
    args = parser.parse_args()
    minimal_starts, hotseat_starts = [], []
    for _ in range(args.starts):  # alternate, so both see the same moments of a noisy machine
        minimal_starts.append(first_frame_seconds(CHILD_MINIMAL))
        hotseat_starts.append(first_frame_seconds(CHILD_HOTSEAT))
    floor, ours = statistics.median(minimal_starts), statistics.median(hotseat_starts)
    print(f"first frame, minimal Textual app: median {floor * 1000:.0f} ms")
    print(f"first frame, lost-cities play:    median {ours * 1000:.0f} ms   ratio {ours / floor:.2f}  (bar 1.20)")
    minimal = asyncio.run(minimal_keys(args.repeat))["minimal"]
    board = asyncio.run(board_keys(args.repeat))
    minimal_after = asyncio.run(minimal_keys(args.repeat))["minimal"]  # before and after: the same moment
    floor_key = statistics.median(minimal + minimal_after)
    print(f"key to frame, minimal Textual app: {summary(minimal + minimal_after)}")
    for name, values in board.items():
        ratio = statistics.median(values) / floor_key
        print(f"key to frame, board {name:15} {summary(values)}   ratio {ratio:.2f}  (bar 3, goal 2)")


if __name__ == "__main__":
    main()
