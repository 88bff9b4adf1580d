"""No import cycle in the package, at any depth, counting every kind of import.

pyproject's ``acyclic_siblings`` contract (tests/test_layers.py) finds a cycle between two
siblings, but not one between a package and a module inside it (``engine/__init__.py``
importing ``engine.round``, which imports ``lost_cities.engine``): that is still a cycle
at run time, one that only the order of imports keeps from breaking.  So this test asks
grimp, the graph import-linter reads, for every module-to-module import and sorts them.

What grimp counts: it parses each module's source and records every ``import`` statement
wherever it stands, at the top, inside a function, or under ``if TYPE_CHECKING:`` (its
``exclude_type_checking_imports`` is False, passed here on purpose); the toy packages below
show both.  What it cannot see is an ``importlib.import_module`` of a string, which is why
``lost_cities.ai`` names its lazy attributes' modules under ``TYPE_CHECKING`` as well.
"""

from __future__ import annotations

from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import grimp
import pytest


def import_cycle(package: str) -> list[str]:
    """One import cycle among the package's modules (first module repeated last), or []."""
    graph = grimp.build_graph(
        package, include_external_packages=False, exclude_type_checking_imports=False, cache_dir=None
    )
    imports = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    try:
        TopologicalSorter(imports).prepare()
    except CycleError as error:
        return list(error.args[1])
    return []


def test_the_package_imports_have_no_cycle() -> None:
    cycle = import_cycle("lost_cities")
    assert not cycle, "an import cycle: " + " -> ".join(reversed(cycle))


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")


@pytest.mark.parametrize(
    ("package", "files"),
    [
        (  # a cycle closed by an import under TYPE_CHECKING and one inside a function
            "toy_hidden",
            {
                "toy_hidden/__init__.py": "",
                "toy_hidden/a.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                "    from toy_hidden.b import B\n",
                "toy_hidden/b.py": "class B:\n    def a(self) -> None:\n        from toy_hidden import a\n",
            },
        ),
        (  # a package and a module inside it, which acyclic_siblings does not see
            "toy_parent",
            {
                "toy_parent/__init__.py": "",
                "toy_parent/sub/__init__.py": "from toy_parent.sub.c import C\n",
                "toy_parent/sub/c.py": "class C:\n    def f(self) -> None:\n        import toy_parent.sub\n",
            },
        ),
    ],
)
def test_a_cycle_is_found_whatever_closes_it(
    package: str, files: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_package(tmp_path, files)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert len(import_cycle(package)) >= 3  # two modules at least, the first repeated
