"""The engine, the storage library and the app's plain-Python core are shared by the apps and the command
line: importing them loads neither Textual nor Rich (nor, for storage, pickle: saves are never unpickled),
and the engine loads neither the saves nor any user interface."""

from __future__ import annotations

import importlib
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
        (
            "lost_cities.engine",
            (*UI, "lost_cities.storage", "lost_cities.tui", "lost_cities.cli", "lost_cities.session"),
        ),
        ("lost_cities.storage", (*UI, "pickle", "lost_cities.tui", "lost_cities.cli")),
        ("lost_cities.session", (*UI, "lost_cities.tui")),
        ("lost_cities.words", (*UI, "lost_cities.tui")),
        ("lost_cities.i18n", (*UI, "lost_cities.engine")),
        ("lost_cities.limits", (*UI, "lost_cities.engine")),
        ("lost_cities.score.sheet", (*UI, "lost_cities.tui")),
        ("lost_cities.ai", (*UI, "lost_cities.storage", "lost_cities.tui", "lost_cities.session")),
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
