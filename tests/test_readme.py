"""The examples of the README and of the documentation's pages are the program's real output: each
``$ lost-cities ...`` in a code block is run as a shell would run it, and prints exactly the lines the page shows
below it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from msgspec import Struct

ROOT = Path(__file__).parent.parent
#: The README and the documentation site's pages.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The README's examples are shown as a terminal 80 columns wide would show them.
WIDTH = 80


class Example(Struct, frozen=True):
    """A command of a page and the lines it prints, as the page shows them."""

    page: str
    line: int
    command: str
    output: tuple[str, ...]


def examples(text: str, page: str = "README.md") -> list[Example]:
    """Every ``$ lost-cities`` line of the code blocks of ``text`` (the page ``page``), with the lines below it up
    to the next ``$`` line or the end of the block."""
    found: list[Example] = []
    for block in re.finditer(r"^```[^\n]*\n(.*?)^```", text, flags=re.M | re.S):
        first = text.count("\n", 0, block.start(1)) + 1
        command: tuple[int, str] | None = None
        output: list[str] = []
        for number, line in enumerate(block.group(1).splitlines(), first):
            if line.startswith("$ "):
                if command is not None:
                    found.append(Example(page, command[0], command[1], tuple(output)))
                command, output = ((number, line[2:]) if line.startswith("$ lost-cities") else None), []
            elif command is not None:
                output.append(line)
        if command is not None:
            found.append(Example(page, command[0], command[1], tuple(output)))
    return found


def shown(lines: list[str] | tuple[str, ...]) -> list[str]:
    """Lines as compared: trailing spaces dropped, trailing blank lines too."""
    trimmed = [line.rstrip() for line in lines]
    while trimmed and not trimmed[-1]:
        trimmed.pop()
    return trimmed


EXAMPLES = [
    example for page in PAGES for example in examples(page.read_text(encoding="utf-8"), str(page.relative_to(ROOT)))
]


def test_the_pages_have_examples_to_check() -> None:
    # the parsing itself: pages rewritten so that nothing is found any more would pass unseen
    assert len(EXAMPLES) >= 4 and all(example.output for example in EXAMPLES)
    assert {example.page for example in EXAMPLES} >= {"README.md", "docs/score.md"}
    assert examples("```\n$ lost-cities a\n1\n\n$ ls\nx\n$ lost-cities b\n```\n$ lost-cities c\n", "x.md") == [
        Example("x.md", 2, "lost-cities a", ("1", "")),
        Example("x.md", 7, "lost-cities b", ()),
    ]


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{example.page}:{example.line}" for example in EXAMPLES])
def test_every_example_prints_what_its_page_shows(example: Example, tmp_path: Path) -> None:
    argv = shlex.split(example.command)
    environment = {
        key: value for key, value in os.environ.items() if key not in {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}
    }
    environment |= {
        "LOST_CITIES_DATA_DIR": str(tmp_path),  # an empty data folder, as a new user has
        "LOST_CITIES_LANG": "en",
        "COLUMNS": str(WIDTH),
        "PYTHONIOENCODING": "utf-8",
    }
    result = subprocess.run(
        [sys.executable, "-m", "lost_cities", *argv[1:]],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # a refusal is shown as the terminal shows it, below the command
        env=environment,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert shown(result.stdout.splitlines()) == shown(example.output)


def test_set_up_is_what_a_new_user_types() -> None:
    # one command installs and plays, one runs the tests; how the tests run is for the development page
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    set_up = text.split("\n## Install and play\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```\n(.*?)\n```", set_up, flags=re.M | re.S)
    assert blocks == ["pip install . && lost-cities play", "pip install -e '.[test]' && pytest"]
    assert "pytest -n0" not in set_up and "pytest -n0" in (ROOT / "docs" / "development.md").read_text("utf-8")


def test_the_readme_is_the_front_door() -> None:
    # a pitch, a picture, install, a quick start and links: the rest is the documentation's
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    linked = set(re.findall(r"\]\((docs/[\w.-]+\.md)\)", text))
    pages = {f"docs/{name}" for name in re.findall(r":\s*([\w.-]+\.md)$", (ROOT / "mkdocs.yml").read_text(), re.M)}
    assert pages - {"docs/index.md"} <= linked, sorted(pages - linked)
