"""The engine is a pure library: importing it loads neither Textual nor Rich."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import lost_cities.engine


def test_no_engine_module_imports_textual_or_rich() -> None:
    modules = [f"lost_cities.engine.{m.name}" for m in pkgutil.iter_modules(lost_cities.engine.__path__)]
    assert modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
