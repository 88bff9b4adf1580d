"""The two decisions of a turn (R6, R7) and their notation.

* A :class:`Play` is ``+r7`` (lay red 7 on the expedition, R6a) or ``-r7``
  (discard it, R6b).
* A :class:`Draw` is ``n`` (the draw pile, as the app's key) or a colour letter
  (``r``: the top of the red discard pile).

>>> Play.parse("+R7"), Play.parse("-bw")
(Play.parse('+r7'), Play.parse('-bw'))
>>> str(Draw.parse("n")), Draw.parse("g").pile
('n', <Colour.GREEN: 3>)

Inside, the engine codes a play as ``card_code * 2 + discard`` and a draw as
the colour index, or :data:`DRAW_PILE` for the draw pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from lost_cities.engine.cards import Card, Colour, card_from_code
from lost_cities.engine.errors import NotationError

__all__ = ["DRAW_PILE", "DRAW_PILE_LETTER", "Draw", "Play"]

#: Draw code for the face-down draw pile.
DRAW_PILE = -1
DRAW_PILE_LETTER = "n"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` onto its expedition, or onto its discard pile if ``discard``."""

    card: Card
    discard: bool = False

    @property
    def code(self) -> int:
        return self.card.code * 2 + self.discard

    @classmethod
    def from_code(cls, code: int) -> Play:
        return cls(card_from_code(code >> 1), bool(code & 1))

    @classmethod
    def parse(cls, text: str) -> Play:
        token = text.strip()
        if len(token) >= 3 and token[0] in "+-":
            try:
                return cls(Card.parse(token[1:]), token[0] == "-")
            except NotationError:
                pass
        raise NotationError(text, "a play: +card to lay it, -card to discard it, e.g. +r7, -bw")

    def __str__(self) -> str:
        return f"{'-' if self.discard else '+'}{self.card}"

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the draw pile (``pile is None``) or from a colour's discard pile."""

    pile: Colour | None = None

    @property
    def code(self) -> int:
        return DRAW_PILE if self.pile is None else int(self.pile)

    @classmethod
    def from_code(cls, code: int) -> Draw:
        return cls(None if code == DRAW_PILE else Colour(code))

    @classmethod
    def parse(cls, text: str) -> Draw:
        token = text.strip().lower()
        if token == DRAW_PILE_LETTER:
            return cls(None)
        try:
            return cls(Colour.parse(token))
        except NotationError:
            raise NotationError(text, "a draw: n for the draw pile or a colour letter y b w g r p") from None

    def __str__(self) -> str:
        return DRAW_PILE_LETTER if self.pile is None else self.pile.letter

    def __repr__(self) -> str:
        return f"Draw.parse({str(self)!r})"
