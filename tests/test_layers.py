"""The architecture (docs/ARCHITECTURE.md) as import contracts: pyproject.toml's [tool.importlinter].

The layers, what the computer players and the core may import, that no screen imports an
app, and that no two siblings import each other in a cycle — counting imports under
``TYPE_CHECKING`` and inside functions, which grimp (import-linter's graph) reads like any
other.  A cycle between a package and a module inside it is tests/test_import_cycles.py's;
what a module loads when it runs, externals included, is tests/test_purity.py's business.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def lint_imports() -> subprocess.CompletedProcess[str]:
    command = shutil.which("lint-imports") or str(Path(sys.prefix, "bin", "lint-imports"))
    return subprocess.run([command, "--no-cache"], capture_output=True, text=True, cwd=ROOT)


@pytest.mark.skipif(
    shutil.which("lint-imports") is None and not Path(sys.prefix, "bin", "lint-imports").exists(),
    reason="import-linter is not installed (pip install -e '.[test]')",
)
def test_every_import_contract_is_kept() -> None:
    result = lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout and "kept" in result.stdout
