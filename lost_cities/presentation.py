"""Words and styles shared by every screen and by ``lost-cities score``.

Colour names, card names and the wording of refused moves live here, once,
translated through :func:`lost_cities.i18n._`.  Nothing here knows about
Textual; the styles are plain Rich style strings.
"""

from __future__ import annotations

from lost_cities.engine import Card, Colour, IllegalMoveError, PublicTurn, Reason
from lost_cities.i18n import _

__all__ = [
    "COLOUR_STYLE",
    "card_name",
    "card_short",
    "colour_name",
    "describe_refusal",
    "describe_turn",
]

#: Rich styles for each colour: a colour *and* a letter, so colour-blind players can read it too.
COLOUR_STYLE: dict[Colour, str] = {
    Colour.YELLOW: "bold #e5c100",
    Colour.BLUE: "bold #3f8fff",
    Colour.WHITE: "bold #e8e8e8",
    Colour.GREEN: "bold #2fbf4f",
    Colour.RED: "bold #ff4a3d",
    Colour.PURPLE: "bold #c77dff",
}


def colour_name(colour: Colour) -> str:
    """The colour's name in the current language, lower case."""
    names = {
        Colour.YELLOW: _("yellow"),
        Colour.BLUE: _("blue"),
        Colour.WHITE: _("white"),
        Colour.GREEN: _("green"),
        Colour.RED: _("red"),
        Colour.PURPLE: _("purple"),
    }
    return names[colour]


def card_short(card: Card) -> str:
    """The card as drawn on the board: its letter in upper case and its value, ``×`` for a wager.

    >>> card_short(Card.parse("r7")), card_short(Card.parse("bw"))
    ('R7', 'B×')
    """
    return f"{card.colour.letter.upper()}{'×' if card.is_wager else card.value}"


def card_name(card: Card) -> str:
    """The card in words: ``red 7``, ``red wager``."""
    if card.is_wager:
        return _("{colour} wager").format(colour=colour_name(card.colour))
    return _("{colour} {value}").format(colour=colour_name(card.colour), value=card.value)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_refusal(error: IllegalMoveError) -> str:
    """A refused move in the player's language, with its rule: ``Red 5 can't follow red 7 (R6a).``"""
    names = [card_name(card) for card in error.cards]
    colour = colour_name(error.colour) if error.colour is not None else ""
    texts = {
        Reason.NOT_IN_HAND: lambda: _("{card} is not in your hand").format(card=names[0]),
        Reason.LOWER_THAN_TOP: lambda: _("{card} can't follow {top}: numbers must go up").format(
            card=names[0], top=names[1]
        ),
        Reason.WAGER_AFTER_NUMBER: lambda: _("{card} can't follow {top}: wagers come before numbers").format(
            card=names[0], top=names[1]
        ),
        Reason.TOO_MANY_WAGERS: lambda: _("An expedition holds at most three wagers"),
        Reason.DUPLICATE_CARD: lambda: _("There is only one {card}").format(card=names[0]),
        Reason.WRONG_COLOUR: lambda: _("{card} does not belong in the {colour} expedition").format(
            card=names[0], colour=colour
        ),
        Reason.COLOUR_NOT_IN_GAME: lambda: _("{colour} is only in the long game").format(colour=colour),
        Reason.PLAY_FIRST: lambda: _("Play a card first, then draw"),
        Reason.DRAW_FIRST: lambda: _("You have played a card: now draw one"),
        Reason.DRAW_BACK_DISCARD: lambda: _("You just discarded {card}: you can't draw it back").format(card=names[0]),
        Reason.EMPTY_PILE: lambda: _("The {colour} discard pile is empty").format(colour=colour),
        Reason.ROUND_OVER: lambda: _("The round is over"),
        Reason.NOTHING_TO_UNDO: lambda: _("There is no card to take back"),
    }
    return f"{_capitalised(texts[error.reason]())} ({error.rule})."


def describe_turn(turn: PublicTurn, name: str) -> str:
    """The last move in words, for the other player (H1): ``Boris laid red 7, drew from the draw pile.``"""
    card = card_name(turn.play.card)
    if turn.play.discard:
        played = _("{name} discarded {card}").format(name=name, card=card)
    else:
        played = _("{name} laid {card}").format(name=name, card=card)
    if turn.draw is None:
        return played + "."
    if turn.draw.pile is None:
        drew = _("drew from the draw pile")
    elif turn.drawn is not None:
        drew = _("took {card} from the discard pile").format(card=card_name(turn.drawn))
    else:  # pragma: no cover - a discard-pile draw is always public
        drew = _("drew from a discard pile")
    return _("{played}, {drew}.").format(played=played, drew=drew)
