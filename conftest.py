"""Every test, doctests included, starts in English whatever the machine's locale is.

The language is process-wide (``lost_cities.i18n``): a test that switches it (``main(["--lang",
"fr", ...])``, a French snapshot) must not leave the next test speaking French, and a developer
with ``LANG=fr_FR.UTF-8`` must see the same results as CI.  Subprocesses inherit the variable.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lost_cities.i18n import set_language


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
