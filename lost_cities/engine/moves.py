"""The decisions of a turn (R6, R7, R23c) and their notation.

* A :class:`Play` is ``+r7`` (lay red 7 on the expedition, R6a) or ``-r7``
  (discard it, R6b).
* A :class:`Draw` is ``n`` (the draw pile, as the app's key) or a colour letter
  (``r``: the top of the red discard pile).
* :data:`STOP` is ``s``: a player ends their final laying (R23c, three or four
  players) before laying two cards.

All three are :class:`Decision`\\ s: small immutable values, equal when their
notation is, written as their notation wherever the program writes JSON
(:mod:`lost_cities.engine.codec`).

>>> Play.parse("+R7"), Play.parse("-bw")
(Play.parse('+r7'), Play.parse('-bw'))
>>> str(Draw.parse("n")), Draw.parse("g").pile
('n', <Colour.GREEN: 3>)
>>> parse_decision("s") is STOP, parse_decision("+r7"), parse_decision("y")
(True, Play.parse('+r7'), Draw.parse('y'))
>>> Play.from_code(Play.parse("-r7").code) is Play.parse("-r7")  # one object per decision
True

The engine's int codes for them are in :mod:`lost_cities.engine.codes`.
"""

from __future__ import annotations

from typing import ClassVar

from lost_cities.engine.cards import CARD_BY_CODE, Card, Colour, card_from_code
from lost_cities.engine.codes import CODES, DRAW_PILE, PLAY_CARD, STOP_CODE, play_code, play_discards
from lost_cities.engine.syntax import NotationError

__all__ = ["DRAW_PILE", "DRAW_PILE_LETTER", "STOP", "STOP_LETTER", "Decision", "Draw", "Play", "Stop", "parse_decision"]

DRAW_PILE_LETTER = "n"
STOP_LETTER = "s"


class Decision:
    """One decision of a round: a card played (:class:`Play`), a card drawn (:class:`Draw`), or a
    final laying stopped (:class:`Stop`).  Equal when their notation is; never changed."""

    __slots__ = ()
    #: the decision's int code (:mod:`lost_cities.engine.codes`); which kind, the round's phase says
    code: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a decision cannot be changed (not {name!r})")

    # Equal when their notation is: within a kind the code is the notation, one for one, and comparing
    # codes is what makes ``choice in view.legal_decisions`` cheap (comparing notations would be twenty times dearer).
    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and other.code == self.code)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.code))

    def __reduce__(self) -> tuple[object, ...]:
        return (parse_decision, (str(self),))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


class Play(Decision):
    """Play ``card`` onto its expedition, or onto its discard pile if ``discard``."""

    __slots__ = ("_text", "card", "code", "discard")
    __match_args__ = ("card", "discard")

    card: Card
    discard: bool
    _text: str
    _BY_CODE: ClassVar[list[Play | None]]

    def __init__(self, card: Card, discard: bool = False) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "discard", bool(discard))
        object.__setattr__(self, "code", play_code(card.code, discard))
        object.__setattr__(self, "_text", f"{'-' if discard else '+'}{card}")  # made once, written often

    @classmethod
    def from_code(cls, code: int) -> Play:
        """The play of a play code (one object per play)."""
        play = cls._BY_CODE[code]
        if play is None:
            play = cls(card_from_code(PLAY_CARD[code]), play_discards(code))  # raises: no card has that code
        return play

    @classmethod
    def parse(cls, text: str) -> Play:
        token = text.strip()
        if len(token) >= 3 and token[0] in "+-":
            try:
                return cls.from_code(play_code(Card.parse(token[1:]).code, token[0] == "-"))
            except NotationError:
                pass
        raise NotationError(text, "a play: +card to lay it, -card to discard it, e.g. +r7, -bw")

    def __str__(self) -> str:
        return self._text


Play._BY_CODE = [None] * (2 * CODES)
for _card in CARD_BY_CODE:
    if _card is not None:
        for _discard in (False, True):
            Play._BY_CODE[play_code(_card.code, _discard)] = Play(_card, _discard)


class Draw(Decision):
    """Draw from the draw pile (``pile is None``) or from a colour's discard pile."""

    __slots__ = ("_text", "code", "pile")
    __match_args__ = ("pile",)

    pile: Colour | None
    _text: str

    def __init__(self, pile: Colour | None = None) -> None:
        object.__setattr__(self, "pile", None if pile is None else Colour(pile))
        object.__setattr__(self, "code", DRAW_PILE if pile is None else int(pile))
        object.__setattr__(self, "_text", DRAW_PILE_LETTER if pile is None else Colour(pile).letter)

    @classmethod
    def from_code(cls, code: int) -> Draw:
        return _DRAWS[code + 1]

    @classmethod
    def parse(cls, text: str) -> Draw:
        token = text.strip().lower()
        if token == DRAW_PILE_LETTER:
            return cls.from_code(DRAW_PILE)
        try:
            return cls.from_code(Colour.parse(token))
        except NotationError:
            raise NotationError(text, "a draw: n for the draw pile or a colour letter y b w g r p") from None

    def __str__(self) -> str:
        return self._text


#: Every draw, by its code + 1: the draw pile, then each colour's discard pile.
_DRAWS = (Draw(None), *(Draw(colour) for colour in Colour))


class Stop(Decision):
    """The end of a player's final laying (R23c): no more cards from this player.

    There is one value, :data:`STOP`; its notation is ``s``.
    """

    __slots__ = ("code",)

    def __init__(self) -> None:
        object.__setattr__(self, "code", STOP_CODE)

    def __str__(self) -> str:
        return STOP_LETTER

    def __repr__(self) -> str:
        return "STOP"


STOP = Stop()


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
