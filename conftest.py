"""Every test, doctests included, starts in English whatever the machine's locale is.

The language is process-wide (``lost_cities.i18n``): a test that switches it (``main(["--lang",
"fr", ...])``, a French snapshot) must not leave the next test speaking French, and a developer
with ``LANG=fr_FR.UTF-8`` must see the same results as CI.  Subprocesses inherit the variable.

Compiled bytecode is kept even where ``PYTHONDONTWRITEBYTECODE`` is set (as on this project's
machines): otherwise every test process — each parallel worker, each ``lost-cities`` run as a
subprocess — compiles the package, and pytest rewrites every test module, from source again, a
large part of the suite's time.  It goes to a cache folder of its own (``sys.pycache_prefix``),
never beside the sources.

Hypothesis gives no example a deadline: a property is about what a function returns, and an example that took
longer than 200 ms on a machine loaded by the suite's other workers (CI's, a developer's) is no failure.

The garbage collector runs less often in tests (:func:`pytest_collection_finish`), and ``-n auto``
starts two workers per core (:func:`pytest_xdist_auto_num_workers`).

The slow end-to-end tests (``@pytest.mark.slow``: a load benchmark in miniature, a fuzz of a live
server, a browser, a server killed and started again) run where ``LOST_CITIES_SLOW=1`` is set — CI
sets it — and are skipped, saying so, elsewhere: the suite a developer runs stays under a minute.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

if sys.dont_write_bytecode:
    _PYCACHE = Path(tempfile.gettempdir(), "lost-cities-tests-pycache")
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(_PYCACHE)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the workers and subprocesses, too
    os.environ["PYTHONPYCACHEPREFIX"] = str(_PYCACHE)

# Imported once the cache is set: pytest rewrites the modules of a plugin's package (hypothesis's, ~100) and, with
# nowhere to keep them, did so at every start of the suite's first process (0.45 s before any worker started).
from hypothesis import settings

from lost_cities.i18n import set_language

# The collector's thresholds (see pytest_collection_finish), set as soon as this is imported: importing the test
# modules and collecting ~2,000 tests is collected less often too (1.67 s -> 1.52 s of CPU a worker).
gc.set_threshold(50_000, 50, 100)

settings.register_profile("lost-cities", deadline=None)
settings.load_profile("lost-cities")


@pytest.fixture(autouse=True, scope="session")
def _english_environment() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LOST_CITIES_LANG", "en")
        yield


@pytest.fixture(autouse=True)
def _english_language() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collect less often: a Textual test makes many short-lived objects, and at the default
    thresholds the collector ran ~1,800 times in tests/tui/test_app.py alone, a sixth of its CPU
    time, each full pass also walking every module, class and test collected.  What is collected
    is frozen out of those passes, and a young generation of 50,000 objects (not 700; set as the
    conftest is imported) is collected ten times less often; the tests keep ~120 MB
    instead of ~95 MB."""
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers per core (``--maxprocesses`` still caps them): a Textual test spends about a
    fifth of its time waiting for the app to go idle (36 s of 164 s over the suite, two workers,
    timed per test), and a second worker on the same core works meanwhile.  Two cores, the
    README's command, in alternation: 79, 87, 78, 88, 89 s with four workers; 89, 89, 92, 104,
    100 s with two."""
    return 2 * (os.cpu_count() or 1)


#: Set (to anything but "" or "0") to run the slow end-to-end tests too; ``.ci/run`` sets it.
SLOW_VARIABLE = "LOST_CITIES_SLOW"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"slow: an end-to-end test of several seconds, or a screen laid out again in French and Russian; run when "
        f"{SLOW_VARIABLE}=1",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(SLOW_VARIABLE, "") not in ("", "0"):
        return
    skip = pytest.mark.skip(reason=f"among the slow tests: {SLOW_VARIABLE}=1 pytest runs it (CI does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
