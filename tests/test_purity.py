"""The engine, the storage library and the app's plain-Python core are shared by the apps and the command
line: importing them loads neither Textual nor Rich (nor, for storage, pickle: saves are never unpickled),
whatever any library they use imports in turn.  Which of our modules may import which is the import
contracts' business (pyproject.toml, tests/test_layers.py); this checks what is loaded when they run."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import subprocess
import sys

import pytest

UI = ("textual", "rich")


def modules_of(name: str) -> list[str]:
    """A module, or a package and every module in it."""
    module = importlib.import_module(name)
    path = getattr(module, "__path__", None)
    return [name, *(f"{name}.{m.name}" for m in pkgutil.iter_modules(path))] if path else [name]


@pytest.mark.parametrize(
    ("name", "forbidden"),
    [
        ("lost_cities.engine", UI),
        ("lost_cities.storage", (*UI, "pickle")),
        ("lost_cities.session", UI),
        ("lost_cities.words", UI),
        ("lost_cities.i18n", UI),
        ("lost_cities.limits", UI),
        ("lost_cities.score.sheet", UI),
        ("lost_cities.ai", UI),
    ],
)
def test_a_core_module_loads_no_user_interface(name: str, forbidden: tuple[str, ...]) -> None:
    modules = modules_of(name)
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"forbidden = {forbidden!r}\n"
        "bad = sorted(m for m in sys.modules if any(m == f or m.startswith(f + '.') for f in forbidden))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


#: What the hot-seat app's first frame (the pass screen) has no use for, and loads later if ever: the
#: other screens, the computer players, the other apps, the command line, babel (numbers in words),
#: secrets and hashlib (a fresh seed comes from the OS through random.SystemRandom); the statistics, their
#: rating library and their plots.
NOT_ON_THE_FIRST_FRAME = (
    "lost_cities.tui.match.screens.board",
    "lost_cities.tui.match.screens.dialogs",
    "lost_cities.tui.match.screens.match_end",
    "lost_cities.tui.match.screens.resume",
    "lost_cities.tui.match.screens.round_end",
    "lost_cities.tui.match.screens.setup",
    "lost_cities.tui.match.screens.stats",
    "lost_cities.tui.match.widgets.hand",
    "lost_cities.tui.common.toggles",
    "lost_cities.ai.basic",
    "lost_cities.ai.heuristic",
    "lost_cities.ai.search",
    "lost_cities.ai.arena",
    "lost_cities.tui.replay",
    "lost_cities.tui.scorepad",
    "lost_cities.score",
    "lost_cities.cli",
    "babel",
    "secrets",
    "hashlib",
    "lost_cities.storage.stats",
    "openskill",
    "plotext",
    "textual_plotext",
)


def test_the_hot_seat_app_starts_without_what_its_first_frame_does_not_use() -> None:
    """The import part of benchmarks/bench_app.py's first frame, kept from growing back: the app opens
    on one screen and imports each of the others where it first shows it."""
    assert all(importlib.util.find_spec(name) for name in NOT_ON_THE_FIRST_FRAME)  # no misspelt name passes
    code = (
        "import sys\n"
        "from lost_cities.session import MatchSettings\n"
        "from lost_cities.tui.match.match_app import MatchApp\n"
        "from lost_cities.tui.match.tables.local import LocalTable\n"
        "from lost_cities.tui.match.screens.pass_screen import PassScreen\n"
        f"unused = {NOT_ON_THE_FIRST_FRAME!r}\n"
        "print(','.join(sorted(m for m in sys.modules if any(m == u or m.startswith(u + '.') for u in unused))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
