"""Once an app's first screen is up, start-up's objects are out of the collector's way (``tui.common.collector``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: in a fresh interpreter (the test session freezes its own objects), how many objects the collector
#: no longer walks once the app's first screen is up — waited for, however slow the machine (20 s at most)
CHILD = """
import gc, sys, time
from lost_cities.session import MatchSettings
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.scorepad.app import ScorePadApp

class Shown:
    def on_mount(self):  # Textual calls the app's own on_mount as well
        started = time.monotonic()

        def report():
            if gc.get_freeze_count() or time.monotonic() - started > 20:
                print(gc.get_freeze_count())
                self.exit()

        self.set_interval(0.02, report)

kind = sys.argv[1]
if kind == "hotseat":
    app = type("A", (Shown, MatchApp), {})(Local(MatchSettings(names=("Ana", "Boris"), seed=1), start="new"))
else:
    app = type("A", (Shown, ScorePadApp), {})(names=("Ana", "Boris"))
app.run(headless=True, size=(80, 24))
"""


@pytest.mark.parametrize("kind", ["hotseat", "scorepad"])
def test_start_up_objects_are_frozen_after_the_first_screen(kind: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", CHILD, kind],
        capture_output=True,
        text=True,
        check=True,
        env={"LOST_CITIES_DATA_DIR": str(tmp_path), "PATH": "", "HOME": str(tmp_path)},
    )
    assert int(result.stdout.split()[-1]) > 10_000  # ~47,000: Textual's and the app's modules, classes, styles
