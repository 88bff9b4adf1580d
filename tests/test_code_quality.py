"""The house habits, checked by the test suite: ruff clean, mypy --strict on the whole package."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.skipif(shutil.which("ruff") is None and not Path(sys.prefix, "bin", "ruff").exists(), reason="no ruff")
def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.prefix, "bin", "ruff"))
    lint = subprocess.run([ruff, "check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout
    style = subprocess.run([ruff, "format", "--check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert style.returncode == 0, style.stdout


def test_the_whole_package_passes_mypy_strict() -> None:
    """One run of ``mypy --strict`` over every module, the apps included (pyproject.toml's settings)."""
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", "/dev/null"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout
