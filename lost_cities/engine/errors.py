"""Error types, split by cause as python-chess does; all are ``ValueError``s.

* :class:`NotationError` — the text could not be read at all (bad syntax).
* :class:`IllegalMoveError` — a well-formed choice that the rules forbid.  It
  carries the rule id, a machine-readable :class:`Reason` and the cards
  involved, so that a user interface can word the refusal in its own language
  instead of showing the English message.
"""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from lost_cities.engine.cards import Card, Colour
from lost_cities.engine.syntax import LostCitiesError, NotationError

__all__ = ["IllegalMoveError", "LostCitiesError", "NotationError", "Reason", "rule_of"]


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


def _english(reason: Reason, cards: tuple[Card, ...], colour: Colour | None) -> str:
    names = [card.describe() for card in cards]
    colour_name = colour.label if colour is not None else "that"
    match reason:
        case Reason.NOT_IN_HAND:
            return f"{names[0]} is not in the hand"
        case Reason.LOWER_THAN_TOP:
            return f"{names[0]} cannot follow {names[1]}"
        case Reason.WAGER_AFTER_NUMBER:
            return f"{names[0]} cannot follow {names[1]}: wagers come before numbers"
        case Reason.TOO_MANY_WAGERS:
            return f"a {colour_name} expedition has at most three wagers"
        case Reason.DUPLICATE_CARD:
            return f"there is only one {names[0]}"
        case Reason.WRONG_COLOUR:
            return f"{names[0]} does not belong in the {colour_name} expedition"
        case Reason.COLOUR_NOT_IN_GAME:
            return f"{colour_name} is only in the long game"
        case Reason.PLAY_FIRST:
            return "play a card before drawing"
        case Reason.DRAW_FIRST:
            return "draw a card before playing another"
        case Reason.DRAW_BACK_DISCARD:
            return f"{names[0]} was just discarded and cannot be drawn back"
        case Reason.EMPTY_PILE:
            return f"the {colour_name} discard pile is empty"
        case Reason.ROUND_OVER:
            return "the round is over"
        case Reason.NOTHING_TO_UNDO:
            return "no card has been played this turn"
        case Reason.FINAL_LAY_ONLY:
            return "in the final laying cards are laid on expeditions, never discarded"
        case Reason.FINAL_NO_DRAW:
            return "the draw pile is used up: in the final laying nothing is drawn"
        case Reason.NOTHING_TO_STOP:
            return "only a final laying can be stopped"
        case _:
            assert_never(reason)


class IllegalMoveError(LostCitiesError):
    """A choice the rules forbid.  The state it was offered to is unchanged.

    >>> from lost_cities.engine.cards import Card
    >>> error = IllegalMoveError(Reason.LOWER_THAN_TOP, (Card.parse("r5"), Card.parse("r7")))
    >>> str(error), error.rule
    ('R6a: red 5 cannot follow red 7', 'R6a')
    """

    def __init__(
        self,
        reason: Reason,
        cards: tuple[Card, ...] = (),
        colour: Colour | None = None,
    ) -> None:
        self.reason = reason
        self.rule = rule_of(reason)
        self.cards = cards
        self.colour = colour if colour is not None else (cards[0].colour if cards else None)
        super().__init__(f"{self.rule}: {_english(reason, cards, self.colour)}")
