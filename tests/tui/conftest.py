"""The app tests' helpers live in :mod:`tests.tui.helpers`; the fixtures they share, here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lost_cities.i18n import set_language
from tests.conftest import EVERY_LANGUAGE


@pytest.fixture(params=EVERY_LANGUAGE)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each language in turn (French and Russian among the slow tests), set before the app builds its screens;
    English again afterwards."""
    set_language(request.param)
    yield request.param
    set_language("en")
