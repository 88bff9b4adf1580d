"""The key bar never splits a key from its label and fits its two lines at 80 columns, in every language,
even in the busiest moments of the board: every key it can list at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from lost_cities.engine import Colour
from lost_cities.i18n import _, set_language
from lost_cities.tui.common.keybar import layout_keys
from lost_cities.words import colour_name

#: The key bar's width at 80 columns (its padding takes one column on each side).
WIDTH = 78


@pytest.fixture(params=["en", "fr", "ru"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def busiest_moments() -> dict[str, list[tuple[str, str]]]:
    """The most keys the board lists at once: choosing a card, the final laying after a lay, a draw in the long game."""
    end = [("h", _("hint")), ("?", _("help")), ("q", _("quit"))]
    log = ("l", _("log"))  # listed but while drawing
    return {
        "choosing a card": [("1–8 ← →", _("select")), ("e", _("lay")), ("d", _("discard")), log, *end],
        "final laying": [("1–7 ← →", _("select")), ("e", _("lay")), ("s", _("stop")), ("u", _("take back")), log, *end],
        "drawing, long game": [
            ("n", _("draw pile")),
            *[(colour.letter, colour_name(colour)) for colour in Colour],
            ("u", _("take back")),
            *end,
        ],
    }


def test_the_busiest_key_bars_fit_two_lines_at_80_columns(language: str) -> None:
    for moment, keys in busiest_moments().items():
        lines = layout_keys(keys, WIDTH).plain.split("\n")
        assert len(lines) <= 2, (moment, lines)
        assert all(cell_len(line) <= WIDTH for line in lines), (moment, lines)
        for key, label in keys:  # each key beside its label, on one line
            assert any(f" {key}  {label}" in line for line in lines), (moment, key, lines)
