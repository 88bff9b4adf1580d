"""The house habits, checked by the test suite: ruff clean, mypy --strict on the whole package and the benchmarks."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
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
    """One run of ``mypy --strict`` over every module, the apps and the benchmarks included (pyproject.toml's settings).

    Its cache goes to a temporary folder of this checkout's own, never beside the sources: the first
    run checks everything (~7 s), a later one only what changed since (~1 s)."""
    pytest.importorskip("mypy")
    checkout = hashlib.sha256(str(ROOT.resolve()).encode()).hexdigest()[:12]
    cache = Path(tempfile.gettempdir(), f"lost-cities-tests-mypy-{checkout}")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout
