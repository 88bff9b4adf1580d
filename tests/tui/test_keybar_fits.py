"""The key bar never splits a key from its label and fits its two lines at 80 columns, in every language,
even in the busiest moments of the board: every key it can list at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.cells import cell_len
from textual.binding import Binding
from textual.dom import DOMNode

from lost_cities.engine import Colour
from lost_cities.i18n import _, set_language
from lost_cities.tui.common.keybar import key_entry, layout_keys
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
    log = ("l", _("log"))  # listed but while drawing in the long game
    return {
        "choosing a card": [("1–8 ← →", _("select")), ("e", _("lay")), ("d", _("discard")), log, *end],
        "final laying": [("1–7 ← →", _("select")), ("e", _("lay")), ("s", _("stop")), ("u", _("take back")), log, *end],
        "drawing": [
            ("n", _("draw pile")),
            *[(colour.letter, colour_name(colour)) for colour in Colour if colour is not Colour.PURPLE],
            ("u", _("take back")),
            log,
            *end,
        ],
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


def every_binding() -> Iterator[Binding]:
    """Every binding of every screen and app of the package."""
    import importlib
    import pkgutil

    import lost_cities.tui

    for module in pkgutil.walk_packages(lost_cities.tui.__path__, "lost_cities.tui."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, DOMNode):
                yield from (binding for binding in value.BINDINGS if isinstance(binding, Binding))


def test_every_key_is_named_as_the_players_keyboard_names_it() -> None:
    # a key shown otherwise than by its name ("Esc", "PgUp PgDn") went untranslated: "Échap" in the pad, "Esc"
    # elsewhere
    set_language("fr")
    try:
        shown = {entry[0] for binding in every_binding() if (entry := key_entry(binding)) is not None}
    finally:
        set_language("en")
    assert {"Échap", "Entrée", "Ctrl+S", "PgPréc PgSuiv", "Début Fin"} <= shown
    english = {"Esc", "Enter", "PgUp", "PgDn", "Home", "End", "Space"}
    assert not {word for display in shown for word in display.split()} & english
