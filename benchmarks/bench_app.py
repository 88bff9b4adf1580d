"""Responsiveness of the hot-seat app against a minimal Textual app, headless, measured side by side.

    python benchmarks/bench_app.py [--rounds 3] [--repeat 30] [--starts 5]

The yardstick is Textual's own floor on this machine at this moment: a minimal app (a label
and a footer; a key updates the label), measured the same way in the same run.  The machine
is shared and noisy, so only the ratios mean something, and each is taken ``--rounds`` times:
the summary gives the median of the rounds' ratios (and every round's, to show the spread).

* first frame: from process start (the parent's clock just before it spawns a fresh
  ``python``) to the first frame the app writes to its (headless) terminal; the hot-seat app
  opens on its pass-the-screen step.  Runs alternate between the two apps, ``--starts`` of
  each per round.  Both start from compiled bytecode, as after ``pip install`` (which
  compiles the package): the children keep their bytecode in a temporary cache
  (``PYTHONPYCACHEPREFIX``), filled by one start of each app that is not counted.  Without
  it, where ``PYTHONDONTWRITEBYTECODE`` is set, every start would compile lost-cities from
  source while Textual's bytecode came with its install.  Each app stamps the time after the
  first refresh that follows the mount of its first screen.  Beside the ratio of the medians,
  the ratio of each app's best start: a start is only ever slowed by the machine, so the best
  is the steadiest estimate of what the code costs.
* key to frame: from a key press handed to the app (``pilot.press``) to the first frame
  rendered after it (headless, ``App._display`` receives each frame): for the board, a
  selection key (1-8, a different card each time) and a play or a take back (``d`` / ``u``,
  one after the other); for the minimal app, its one key.  The two apps take turns in blocks
  (a fresh app each block), so that both meet the same moments of a noisy machine.  Beside
  the wall-clock time, the CPU time of the same span (``time.thread_time``): steadier on a
  loaded machine, and what a change to the code changes.

Bars: key to frame at most 3x the minimal app's (goal 2x, worst case under 30 ms);
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
import functools, sys, time
from lost_cities.session import MatchSettings
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.pass_screen import PassScreen

# As the minimal app stamps after the first refresh once it is mounted, so does the pass screen, the
# hot-seat app's first: a hook on its on_mount, nothing that runs beside the app while it starts (a
# timer that polled for the screen every millisecond cost the app ~20 ms of its own start-up)
mounted = PassScreen.on_mount

@functools.wraps(mounted)
def on_mount(screen):
    mounted(screen)
    screen.call_after_refresh(stamp, screen.app)

def stamp(app):
    with open(sys.argv[1], "w") as out:
        out.write(str(time.time()))
    app.exit()

PassScreen.on_mount = on_mount
MatchApp(Local(MatchSettings(names=("Ana", "Boris"), seed=1), start="new")).run(headless=True, size=(80, 24))
"""

#: what is measured, in the order it is reported
FIRST, SELECT, PLAY = "first frame", "select", "play/take back"


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


def first_frame_seconds(child: str, bytecode: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        stamp = Path(folder, "drawn")
        env = {**os.environ, "LOST_CITIES_DATA_DIR": folder, "PYTHONPYCACHEPREFIX": bytecode}  # never the user's saves
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        start = time.time()
        subprocess.run([sys.executable, "-c", child, str(stamp)], capture_output=True, check=True, cwd=ROOT, env=env)
        return float(stamp.read_text()) - start


#: one key to frame: (wall-clock seconds, CPU seconds)
Sample = tuple[float, float]
Timed = Callable[[str, str], Awaitable[None]]


async def key_latencies(
    app: App[None], keys: Callable[[Pilot[None], Timed], Awaitable[None]], results: dict[str, list[Sample]]
) -> None:
    """Run ``app`` headless and time each key ``keys`` presses through ``timed(key, bucket)``."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Headless, nothing reaches a terminal, but every rendered frame still passes through
        # App._display: record when each frame is handed over.
        frames: list[Sample] = []
        original = app._display

        def display(screen: object, renderable: object) -> None:
            if renderable is not None:
                frames.append((time.perf_counter(), time.thread_time()))
            original(screen, renderable)  # type: ignore[arg-type]

        app._display = display  # type: ignore[method-assign]

        async def timed(key: str, bucket: str) -> None:
            frames.clear()
            start, cpu = time.perf_counter(), time.thread_time()
            await pilot.press(key)
            await pilot.pause(0.05)
            after = [frame for frame in frames if frame[0] >= start]
            if after:
                results.setdefault(bucket, []).append((after[0][0] - start, after[0][1] - cpu))

        await keys(pilot, timed)


async def minimal_keys(presses: int, results: dict[str, list[Sample]]) -> None:
    async def keys(pilot: Pilot[None], timed: Timed) -> None:
        for _ in range(presses):
            await timed("x", "minimal")

    await key_latencies(MinimalApp(), keys, results)


async def board_keys(cycles: int, results: dict[str, list[Sample]]) -> None:
    from lost_cities.session import MatchSettings
    from lost_cities.storage import MatchStore
    from lost_cities.tui.match.match_app import Local, MatchApp

    with tempfile.TemporaryDirectory() as folder:
        app = MatchApp(Local(MatchSettings(names=("Ana", "Boris"), seed=1)), store=MatchStore(folder))

        async def keys(pilot: Pilot[None], timed: Timed) -> None:
            await pilot.press("enter")
            await pilot.pause()
            for index in range(cycles):
                await timed(str(index % 8 + 1), SELECT)
                await timed("d", PLAY)
                await timed("u", PLAY)

        await key_latencies(app, keys, results)


async def key_round(repeat: int, blocks: int = 3) -> dict[str, list[Sample]]:
    """The two apps in turn, minimal first and last: ``repeat`` board cycles in ``blocks`` blocks, and
    ``2 * repeat`` minimal presses in ``blocks + 1``."""
    results: dict[str, list[Sample]] = {}
    for block in range(blocks):
        await minimal_keys(2 * repeat // (blocks + 1), results)
        await board_keys(repeat // blocks + (1 if block < repeat % blocks else 0), results)
    await minimal_keys(2 * repeat // (blocks + 1), results)
    return results


def median_ms(samples: list[Sample], part: int = 0) -> float:
    return statistics.median(sample[part] for sample in samples) * 1000


def worst_ms(samples: list[Sample]) -> float:
    return max(sample[0] for sample in samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="whole measurements, each with its own ratios")
    parser.add_argument("--repeat", type=int, default=30, help="board cycles (select, d, u) per round")
    parser.add_argument("--starts", type=int, default=5, help="starts of each app per round")
    args = parser.parse_args()
    ratios: dict[str, list[float]] = {}
    cpu_ratios: dict[str, list[float]] = {}
    worsts: dict[str, list[float]] = {}
    best_ratios: list[float] = []  # first frame: the best start of each app, where the noise adds least
    with tempfile.TemporaryDirectory() as bytecode:
        first_frame_seconds(CHILD_MINIMAL, bytecode)  # fill the bytecode cache: not counted
        first_frame_seconds(CHILD_HOTSEAT, bytecode)
        for number in range(1, args.rounds + 1):
            minimal_starts, hotseat_starts = [], []
            for _ in range(args.starts):  # alternate, so both see the same moments of a noisy machine
                minimal_starts.append(first_frame_seconds(CHILD_MINIMAL, bytecode))
                hotseat_starts.append(first_frame_seconds(CHILD_HOTSEAT, bytecode))
            floor, ours = statistics.median(minimal_starts), statistics.median(hotseat_starts)
            best_floor, best_ours = min(minimal_starts), min(hotseat_starts)
            ratios.setdefault(FIRST, []).append(ours / floor)
            best_ratios.append(best_ours / best_floor)
            print(f"round {number}: medians (CPU time in brackets)")
            first = f"minimal {floor * 1000:5.0f} ms        board {ours * 1000:5.0f} ms       "
            best = f"best of {args.starts}: {best_floor * 1000:.0f} and {best_ours * 1000:.0f} ms"
            best += f", x{best_ours / best_floor:.2f}"
            print(f"  {FIRST:15} {first}   x{ours / floor:.2f}   ({best})")
            keys = asyncio.run(key_round(args.repeat))
            minimal = keys.pop("minimal")
            for name in (SELECT, PLAY):
                values = keys[name]
                ratio, cpu_ratio = median_ms(values) / median_ms(minimal), median_ms(values, 1) / median_ms(minimal, 1)
                ratios.setdefault(name, []).append(ratio)
                cpu_ratios.setdefault(name, []).append(cpu_ratio)
                worsts.setdefault(name, []).append(worst_ms(values))
                print(
                    f"  {name:15} minimal {median_ms(minimal):5.1f} ms ({median_ms(minimal, 1):4.1f})"
                    f"   board {median_ms(values):5.1f} ms ({median_ms(values, 1):4.1f})"
                    f"   x{ratio:.2f} (x{cpu_ratio:.2f})   worst {worst_ms(values):5.1f} ms"
                )
    print(f"\nRatio to the minimal Textual app: median of {args.rounds} rounds [each round]  (bar, goal)")
    bars = {FIRST: "bar 1.2", SELECT: "bar 3, goal 2", PLAY: "bar 3, goal 2"}
    for name, each in ratios.items():
        spread = " ".join(f"{value:.2f}" for value in each)
        line = f"  {name:15} x{statistics.median(each):.2f} [{spread}]  ({bars[name]})"
        if name == FIRST:
            line += f"   best starts x{statistics.median(best_ratios):.2f}"
        if name in cpu_ratios:
            line += f"   CPU time x{statistics.median(cpu_ratios[name]):.2f}"
            line += f"   worst {max(worsts[name]):.1f} ms (goal under 30)"
        print(line)


if __name__ == "__main__":
    main()
