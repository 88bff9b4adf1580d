"""What a player types for a colour or a wager, read in any language the program speaks.

``lost-cities score`` reads a round from its arguments (:mod:`.parse`): a colour as its letter or its name in
English, French or Russian, in any case and any grammatical form, and a wager as ``w``, ``x`` or a language's
own letter.  Every language's words are read at once, whatever language the program speaks today, so that a
player may type the words of their own.
"""

from __future__ import annotations

from functools import cache

from lost_cities.engine import Colour, NotationError
from lost_cities.i18n import catalogs

__all__ = ["is_typed_wager", "parse_colour_word"]


def _folded(text: str) -> str:
    """Case and the Russian ё ignored: ``Жёлтый`` and ``желтый`` are one word."""
    return text.strip().casefold().replace("ё", "е")


#: What English speakers call a colour besides its name.
_ENGLISH_OTHER_WORDS = {Colour.PURPLE: ("violet",)}


@cache
def _typed_colour_words(colour: Colour) -> frozenset[str]:
    """Every word a player may type for ``colour``, folded: its letter, and its names in every language we speak,
    in each form (``vert``, ``verte``, ``зелёная``), with what else people call it (French *violet*)."""
    label = colour.label
    words = {colour.letter, label, *_ENGLISH_OTHER_WORDS.get(colour, ())}
    for catalog in catalogs():
        # Translators: other words a player may type for a colour in `lost-cities score`, separated by spaces,
        # besides its name in your language (French for purple: "violet violette mauve"); the English word if none.
        other = {
            Colour.YELLOW: catalog.pgettext("typed", "yellow"),
            Colour.BLUE: catalog.pgettext("typed", "blue"),
            Colour.WHITE: catalog.pgettext("typed", "white"),
            Colour.GREEN: catalog.pgettext("typed", "green"),
            Colour.RED: catalog.pgettext("typed", "red"),
            Colour.PURPLE: catalog.pgettext("typed", "purple"),
        }
        words |= {catalog.gettext(label), catalog.pgettext("card", label), catalog.pgettext("pile", label)}
        words |= set(other[colour].split())
    return frozenset(_folded(word) for word in words)


def is_typed_wager(text: str) -> bool:
    """A wager as a player types it in a row of cards: ``w`` or ``x``, or a language's own letter (French *p* for
    *pari*, Russian *п*), whatever language the program speaks today.

    >>> is_typed_wager("W"), is_typed_wager("п"), is_typed_wager("7")
    (True, True, False)
    """
    return _folded(text) in _typed_wager_words()


@cache
def _typed_wager_words() -> frozenset[str]:
    """``w``, ``x`` and every language's own letters for a wager, folded: read once."""
    words = {"w", "x"}
    for catalog in catalogs():
        # Translators: the letters a player may type for a wager in `lost-cities score`, besides w and x, separated
        # by spaces (French "p" for pari; Russian "п х", the Cyrillic х looking like x); "w" if there is none.
        words |= set(catalog.pgettext("typed", "w").split())
    return frozenset(_folded(word) for word in words)


def parse_colour_word(text: str) -> Colour:
    """A colour as a player types it: its letter (``r``), or its name in any language we speak, in any case
    (``red``, ``rouge``, ``Красный``, ``желтый`` for *жёлтый*), or another word for it (*violet*).

    The letters are the notation's (y b w g r p) in every language: French first letters
    would clash (*bleu*, *blanc*).  Raises :class:`NotationError` for anything else.

    >>> parse_colour_word("Red"), parse_colour_word("p"), parse_colour_word("фиолетовый")
    (<Colour.RED: 4>, <Colour.PURPLE: 5>, <Colour.PURPLE: 5>)
    """
    key = _folded(text)
    for colour in Colour:
        if key in _typed_colour_words(colour):
            return colour
    raise NotationError(text, "a colour: its name or its letter (y b w g r p)")
