"""What the code, the tests and the documents point at exists: no reference to a numbered issue or
item of some past session (meaningless in the repository: say what is checked instead), and every
path of the repository they name is there (benchmarks and tests move)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
SOURCES = [
    *ROOT.glob("lost_cities/**/*.py"),
    *ROOT.glob("tests/**/*.py"),
    *ROOT.glob("benchmarks/*.py"),
    *ROOT.glob("tools/*"),
    *ROOT.glob("docs/*.md"),
    ROOT / "README.md",
    ROOT / "benchmarks" / "README.md",
    ROOT / "CHANGELOG.md",
    ROOT / "mkdocs.yml",
    ROOT / "pyproject.toml",
    ROOT / "conftest.py",
    ROOT / ".ci" / "run",  # not in the sdist: only the files there are read
]
SOURCES = [path for path in SOURCES if path.is_file()]
NUMBERED = re.compile(r"\b(?:issue|item)s?\s*#?\d+", re.IGNORECASE)
PATH = re.compile(r"(?<![\w/.])(?:lost_cities|tests|benchmarks|tools|docs)/[\w./-]*[\w/]")
THIS = Path(__file__).relative_to(ROOT)


def test_no_reference_to_an_issue_or_an_item_by_its_number() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in SOURCES
        if path.relative_to(ROOT) != THIS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NUMBERED.search(line)
    ]
    assert not found, "\n".join(found)


def test_every_path_named_exists() -> None:
    named = {(path.relative_to(ROOT), name) for path in SOURCES for name in PATH.findall(path.read_text("utf-8"))}
    assert len(named) > 30  # the paths are found where they are named
    missing = sorted(f"{where}: {name}" for where, name in named if not (ROOT / name).exists())
    assert not missing, "\n".join(missing)
