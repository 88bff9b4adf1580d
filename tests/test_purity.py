"""The engine, the storage library and the computer players are shared by the apps and the command
line: importing any of their modules loads neither Textual nor Rich (nor, for storage, pickle: saves
are never unpickled)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("lost_cities.engine", ("textual", "rich")),
        ("lost_cities.storage", ("textual", "rich", "pickle")),
        ("lost_cities.ai", ("textual", "rich")),
    ],
)
def test_a_core_package_loads_no_user_interface(package: str, forbidden: tuple[str, ...]) -> None:
    path = importlib.import_module(package).__path__
    modules = [package, *(f"{package}.{m.name}" for m in pkgutil.iter_modules(path))]
    assert len(modules) > 1
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
