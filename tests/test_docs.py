"""The documentation site builds from ``docs/`` with MkDocs in strict mode: every page in the navigation, every link
between pages and to a heading found — a page renamed or a heading reworded is caught here, not by a reader."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_the_site_builds_strictly_with_every_page_and_link_found(tmp_path: Path) -> None:
    pytest.importorskip("material", reason="mkdocs-material is not installed: pip install -e '.[test]'")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    for page in ("index", "playing", "online", "server", "RULES", "PROTOCOL"):
        built = tmp_path / "site" / ("index.html" if page == "index" else f"{page}/index.html")
        assert built.is_file(), page
    assert "Reiner Knizia" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
