"""Every rule id the program and its tests cite (R7, R23c, H2...) is one that docs/RULES.md defines."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
RULES = ROOT / "docs" / "RULES.md"
CITED = re.compile(r"\b(R\d{1,2}[a-z]?|H\d)\b")


def defined_ids() -> set[str]:
    """The ids the rules page defines: each is a bold ``**R6a**`` at the start of its rule."""
    return set(re.findall(r"\*\*((?:R\d{1,2}[a-z]?|H\d))\*\*", RULES.read_text(encoding="utf-8")))


def test_the_rules_page_defines_every_rule_of_the_game() -> None:
    ids = defined_ids()
    assert {f"R{n}" for n in range(1, 25)} <= ids and {"H1", "H2", "H3"} <= ids
    assert {f"R23{letter}" for letter in "abcdef"} <= ids and {f"R24{letter}" for letter in "abcdefg"} <= ids


def test_every_rule_id_cited_in_the_package_the_tests_and_the_documentation_exists() -> None:
    ids = defined_ids()
    files = [*ROOT.glob("lost_cities/**/*.py"), *ROOT.glob("lost_cities/locale/*/LC_MESSAGES/*.po")]
    files += [*ROOT.glob("tests/**/*.py"), ROOT / "README.md", *ROOT.glob("docs/*.md")]
    citations = [(path, cited) for path in files for cited in CITED.findall(path.read_text(encoding="utf-8"))]
    assert len({cited for _path, cited in citations}) > 40  # the ids are found where they are cited
    unknown = {f"{path.relative_to(ROOT)}: {cited}" for path, cited in citations if cited not in ids}
    assert not unknown, sorted(unknown)
