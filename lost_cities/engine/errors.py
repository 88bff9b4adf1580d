"""Error types, split by cause as python-chess does; all are ``ValueError``s.

* :class:`NotationError` — the text could not be read at all (bad syntax).
* :class:`IllegalMoveError` — a well-formed choice that the rules forbid.  It
  carries the rule id, a machine-readable :class:`Reason` and the cards
  involved, so that a user interface can word the refusal in its own language
  instead of showing the English message: by the one English wording of each
  reason (:data:`REFUSALS`), which is the message id of its translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final, assert_never

from lost_cities.engine.cards import Card, Colour
from lost_cities.engine.syntax import LostCitiesError, NotationError

__all__ = ["REFUSALS", "REFUSAL_FIELDS", "IllegalMoveError", "LostCitiesError", "NotationError", "Reason", "rule_of"]


class Reason(StrEnum):
    """Why a choice was refused; :func:`rule_of` names the rule each one applies."""

    NOT_IN_HAND = "not_in_hand"  # R6: only cards in hand can be played
    LOWER_THAN_TOP = "lower_than_top"  # R6a: numbers strictly increase
    WAGER_AFTER_NUMBER = "wager_after_number"  # R6a: wagers only before numbers
    TOO_MANY_WAGERS = "too_many_wagers"  # R2: three wagers per colour
    DUPLICATE_CARD = "duplicate_card"  # R2: each number card exists once
    WRONG_COLOUR = "wrong_colour"  # R6a: one colour per expedition
    COLOUR_NOT_IN_GAME = "colour_not_in_game"  # R20: purple only in the long game
    PLAY_FIRST = "play_first"  # R6: play a card before drawing
    DRAW_FIRST = "draw_first"  # R7: draw before the next card is played
    DRAW_BACK_DISCARD = "draw_back_discard"  # R7: not the card just discarded
    EMPTY_PILE = "empty_pile"  # R7: only a non-empty discard pile
    ROUND_OVER = "round_over"  # R10: nothing is played after the round ends
    NOTHING_TO_UNDO = "nothing_to_undo"  # R6: only a card played this turn goes back
    FINAL_LAY_ONLY = "final_lay_only"  # R23c: the final laying lays cards, never discards
    FINAL_NO_DRAW = "final_no_draw"  # R23c: the draw pile is used up: nothing is drawn
    NOTHING_TO_STOP = "nothing_to_stop"  # R23c: only a final laying can be stopped


def rule_of(reason: Reason) -> str:
    """The id of the rule (``docs/RULES.md``) that a refusal for ``reason`` applies.

    >>> rule_of(Reason.LOWER_THAN_TOP), rule_of(Reason.FINAL_LAY_ONLY)
    ('R6a', 'R23c')
    """
    match reason:
        case Reason.NOT_IN_HAND | Reason.PLAY_FIRST | Reason.NOTHING_TO_UNDO:
            return "R6"
        case Reason.LOWER_THAN_TOP | Reason.WAGER_AFTER_NUMBER | Reason.WRONG_COLOUR:
            return "R6a"
        case Reason.TOO_MANY_WAGERS | Reason.DUPLICATE_CARD:
            return "R2"
        case Reason.COLOUR_NOT_IN_GAME:
            return "R20"
        case Reason.DRAW_FIRST | Reason.DRAW_BACK_DISCARD | Reason.EMPTY_PILE:
            return "R7"
        case Reason.ROUND_OVER:
            return "R10"
        case Reason.FINAL_LAY_ONLY | Reason.FINAL_NO_DRAW | Reason.NOTHING_TO_STOP:
            return "R23c"
        case _:
            assert_never(reason)


def N_(message: str) -> str:
    """Mark ``message`` as a message id for the translation catalogs (pybabel extracts every ``N_``) and return
    it unchanged: the engine translates nothing, :func:`lost_cities.words.describe_refusal` does, by this text."""
    return message


#: Each refusal's words: the one place a refusal is worded.  The English clause is the engine's own message
#: (after the rule's id) and the message id every language translates, so no language can say another thing.
#: The placeholders are :data:`REFUSAL_FIELDS`.
REFUSALS: Final[Mapping[Reason, str]] = MappingProxyType(
    {
        Reason.NOT_IN_HAND: N_("{card} is not in your hand"),
        Reason.LOWER_THAN_TOP: N_("{card} can't follow {top}: numbers must go up"),
        Reason.WAGER_AFTER_NUMBER: N_("a {card} can't follow {top}: wagers come before numbers"),  # always a wager
        Reason.TOO_MANY_WAGERS: N_("an expedition holds at most three wagers"),
        Reason.DUPLICATE_CARD: N_("there is only one {card}"),
        Reason.WRONG_COLOUR: N_("{card} does not belong in the {colour} expedition"),
        # Translators: {colour_name} is the colour's name on its own, as in the long game's list of colours.
        Reason.COLOUR_NOT_IN_GAME: N_("{colour_name} is only in the long game"),
        Reason.PLAY_FIRST: N_("play a card first, then draw"),
        Reason.DRAW_FIRST: N_("you have played a card: now draw one"),
        # Translators: {a_card} is the card as the object of a sentence: "a green wager", "green 7".
        Reason.DRAW_BACK_DISCARD: N_("you just discarded {a_card}: you can't draw it back"),
        Reason.EMPTY_PILE: N_("the {colour} discard pile is empty"),
        Reason.ROUND_OVER: N_("the round is over"),
        Reason.NOTHING_TO_UNDO: N_("there is no card to take back"),
        Reason.FINAL_LAY_ONLY: N_("in the final laying cards are laid on expeditions, never discarded"),
        Reason.FINAL_NO_DRAW: N_("the draw pile is used up: nothing more is drawn"),
        Reason.NOTHING_TO_STOP: N_("there is nothing to stop: only the final laying ends with s"),
    }
)
#: What a refusal's words may name, each language filling them its own way: ``card`` the first card's name
#: (``red 7``, ``red wager``), ``a_card`` the same as the object of a sentence (``a red wager``), ``top`` the
#: second card's name (the one it cannot follow), ``colour`` the colour as it qualifies an expedition or a
#: discard pile, ``colour_name`` the colour's name on its own.
REFUSAL_FIELDS: Final = ("card", "a_card", "top", "colour", "colour_name")


def _english_fields(cards: tuple[Card, ...], colour: Colour | None) -> dict[str, str]:
    """:data:`REFUSAL_FIELDS` in English; those a refusal does not have are empty."""
    names = [card.describe() for card in cards[:2]] + ["", ""]
    first = cards[0] if cards else None
    label = colour.label if colour is not None else ""
    a_card = f"a {names[0]}" if first is not None and first.is_wager else names[0]
    return {"card": names[0], "a_card": a_card, "top": names[1], "colour": label, "colour_name": label}


class IllegalMoveError(LostCitiesError):
    """A choice the rules forbid.  The state it was offered to is unchanged.

    >>> from lost_cities.engine.cards import Card
    >>> error = IllegalMoveError(Reason.LOWER_THAN_TOP, (Card.parse("r5"), Card.parse("r7")))
    >>> str(error), error.rule
    ("R6a: red 5 can't follow red 7: numbers must go up", 'R6a')
    """

    def __init__(self, reason: Reason, cards: tuple[Card, ...] = (), colour: Colour | None = None) -> None:
        self.reason = reason
        self.rule = rule_of(reason)
        self.cards = cards
        self.colour = colour if colour is not None else (cards[0].colour if cards else None)
        super().__init__(f"{self.rule}: {REFUSALS[reason].format(**_english_fields(cards, self.colour))}")
