"""The storage library is shared by the app and the command line: it loads neither Textual nor Rich."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import lost_cities.storage


def test_no_storage_module_imports_textual_or_rich() -> None:
    modules = ["lost_cities.storage"]
    modules += [f"lost_cities.storage.{m.name}" for m in pkgutil.iter_modules(lost_cities.storage.__path__)]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pickle'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
