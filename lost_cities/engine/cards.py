"""Colours and cards: small immutable values with a compact text notation.

A card is written as its colour's letter followed by its value, or ``w`` for a
wager (``x`` is accepted too): ``r7``, ``b10``, ``gw``; ``ww`` is a white wager.
Parsing ignores case and surrounding blanks.

>>> Card.parse("R7")
Card.parse('r7')
>>> str(Card.parse("gx"))
'gw'
>>> Card.parse("r7").value, Card.parse("rw").is_wager
(7, True)

Inside, the engine works on *card codes*, plain ints (:mod:`.codes`) because
they are cheap to copy and compare; :meth:`Card.code` and :func:`card_from_code`
convert between the two.
"""

from __future__ import annotations

from enum import IntEnum
from functools import total_ordering

from lost_cities.engine.codes import CODES, card_code
from lost_cities.engine.syntax import NotationError

__all__ = ["WAGER", "Card", "Colour", "card_from_code", "parse_cards"]

#: The value of a wager card: it adds nothing to an expedition's sum.
WAGER = 0


class Colour(IntEnum):
    """The expedition colours, in the game's order (R1, R20)."""

    YELLOW = 0
    BLUE = 1
    WHITE = 2
    GREEN = 3
    RED = 4
    PURPLE = 5

    @property
    def letter(self) -> str:
        """The one-letter notation: ``y b w g r p``."""
        return _LETTER[self]  # not self.name[...]: an enum's name is a slow lookup, and JSON writes many

    @property
    def label(self) -> str:
        """The English name in lower case (``"red"``); the UI translates it."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Colour:
        """Read a colour from its letter or English name, in any case.

        >>> Colour.parse("Blue"), Colour.parse("p")
        (<Colour.BLUE: 1>, <Colour.PURPLE: 5>)
        """
        key = text.strip().lower()
        for colour in cls:
            if key in (colour.letter, colour.label):
                return colour
        raise NotationError(text, "a colour: y b w g r p or its name")


#: Each colour's letter, by its value.
_LETTER = tuple(colour.name[0].lower() for colour in Colour)
_LETTERS = {colour.letter: colour for colour in Colour}
#: The values a card's notation may give, as written: ASCII digits only (not ``²``, ``３`` or ``١٠``).
_NUMBERS = {str(value): value for value in range(2, 11)}


@total_ordering
class Card:
    """One card: a colour and a value 2..10, or :data:`WAGER` (0).  Immutable.

    Cards order by colour, then wagers before numbers, as a hand is sorted.  There is
    one object per card (:data:`CARD_BY_CODE`); ``Card(colour, value)`` checks its
    value and returns an equal one.  Written as its notation wherever the program
    writes JSON (:mod:`lost_cities.engine.codec`).
    """

    __slots__ = ("_text", "colour", "value")
    __match_args__ = ("colour", "value")

    colour: Colour
    value: int
    _text: str

    def __init__(self, colour: Colour, value: int) -> None:
        if value != WAGER and not (isinstance(value, int) and 2 <= value <= 10):
            raise NotationError(f"{Colour(colour).letter}{value}", "a value from 2 to 10 or a wager")
        object.__setattr__(self, "colour", Colour(colour))
        object.__setattr__(self, "value", value)
        #: the notation, made once: every view the server sends writes dozens of cards
        object.__setattr__(self, "_text", f"{self.colour.letter}{'w' if value == WAGER else value}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed (not {name!r})")

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (self.colour, self.value))

    def _key(self) -> tuple[int, int]:
        return (self.colour, self.value)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: Card) -> bool:
        return self._key() < other._key()

    @property
    def is_wager(self) -> bool:
        return self.value == WAGER

    @property
    def code(self) -> int:
        """The engine's int code for this card (see the module docstring)."""
        return card_code(self.colour, self.value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation (``r7``, ``b10``, ``gw``, ``gx``).

        >>> Card.parse("r²")
        Traceback (most recent call last):
        ...
        lost_cities.engine.syntax.NotationError: cannot read 'r²': expected a card: colour letter (y b w g r p) \
and 2–10 (ASCII digits) or w, e.g. r7, bw
        """
        token = text.strip().lower()
        if len(token) >= 2 and token[0] in _LETTERS:
            colour = _LETTERS[token[0]]
            rest = token[1:]
            if rest in ("w", "x"):
                return card_from_code(card_code(colour, WAGER))
            if rest in _NUMBERS:
                return card_from_code(card_code(colour, _NUMBERS[rest]))
        raise NotationError(text, "a card: colour letter (y b w g r p) and 2–10 (ASCII digits) or w, e.g. r7, bw")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def describe(self) -> str:
        """English words for messages: ``red 7``, ``red wager``."""
        return f"{self.colour.label} {'wager' if self.is_wager else self.value}"


#: Every card value, indexed by its code (``None`` where no card has that code).
CARD_BY_CODE: list[Card | None] = [None] * CODES
for _colour in Colour:
    for _value in (WAGER, *range(2, 11)):
        CARD_BY_CODE[card_code(_colour, _value)] = Card(_colour, _value)


def card_from_code(code: int) -> Card:
    """The :class:`Card` for an engine card code.

    >>> card_from_code(Card.parse("b10").code)
    Card.parse('b10')
    """
    card = CARD_BY_CODE[code]
    if card is None:
        raise ValueError(f"no card has code {code}")
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by blanks or commas.

    >>> parse_cards("r5, b10 gw")
    (Card.parse('r5'), Card.parse('b10'), Card.parse('gw'))
    """
    return tuple(Card.parse(token) for token in text.replace(",", " ").split())
