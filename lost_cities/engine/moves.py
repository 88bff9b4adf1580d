"""The decisions of a turn (R6, R7, R23c) and their notation.

* A :class:`Play` is ``+r7`` (lay red 7 on the expedition, R6a) or ``-r7``
  (discard it, R6b).
* A :class:`Draw` is ``n`` (the draw pile, as the app's key) or a colour letter
  (``r``: the top of the red discard pile).
* :data:`STOP` is ``s``: a player ends their final laying (R23c, three or four
  players) before laying two cards.

>>> Play.parse("+R7"), Play.parse("-bw")
(Play.parse('+r7'), Play.parse('-bw'))
>>> str(Draw.parse("n")), Draw.parse("g").pile
('n', <Colour.GREEN: 3>)
>>> parse_decision("s") is STOP, parse_decision("+r7"), parse_decision("y")
(True, Play.parse('+r7'), Draw.parse('y'))

The engine's int codes for them are in :mod:`lost_cities.engine.codes`.
"""

from __future__ import annotations

from msgspec import Struct

from lost_cities.engine.cards import Card, Colour, card_from_code
from lost_cities.engine.codes import DRAW_PILE, PLAY_CARD, STOP_CODE, play_code, play_discards
from lost_cities.engine.syntax import NotationError

__all__ = ["DRAW_PILE", "DRAW_PILE_LETTER", "STOP", "STOP_LETTER", "Decision", "Draw", "Play", "Stop", "parse_decision"]

DRAW_PILE_LETTER = "n"
STOP_LETTER = "s"


class Play(Struct, frozen=True):
    """Play ``card`` onto its expedition, or onto its discard pile if ``discard``."""

    card: Card
    discard: bool = False

    @property
    def code(self) -> int:
        """The play's int code (:func:`lost_cities.engine.codes.play_code`)."""
        return play_code(self.card.code, self.discard)

    @classmethod
    def from_code(cls, code: int) -> Play:
        return cls(card_from_code(PLAY_CARD[code]), play_discards(code))

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


class Draw(Struct, frozen=True):
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


class Stop(Struct, frozen=True):
    """The end of a player's final laying (R23c): no more cards from this player.

    There is one value, :data:`STOP`; its notation is ``s``.
    """

    @property
    def code(self) -> int:
        """The stop's int code (:data:`lost_cities.engine.codes.STOP_CODE`), as a play's or a draw's."""
        return STOP_CODE

    def __str__(self) -> str:
        return STOP_LETTER

    def __repr__(self) -> str:
        return "STOP"


STOP = Stop()

#: One decision of a round: a card played, a card drawn, or a final laying stopped.
Decision = Play | Draw | Stop


def parse_decision(text: str) -> Decision:
    """One decision in notation: ``+r7``/``-r7`` a play, ``n`` or a colour letter a draw, ``s`` a stop."""
    token = text.strip().lower()
    if token[:1] in ("+", "-"):
        return Play.parse(text)
    if token == STOP_LETTER:
        return STOP
    try:
        return Draw.parse(text)
    except NotationError:
        raise NotationError(text, "a play (+r7, -bw), a draw (n or a colour letter) or s to stop") from None
