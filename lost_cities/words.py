"""The words for engine values, shared by every screen, every command and the saves.

Colour names, card names, signed scores and the wording of refused moves live here,
once, translated through :func:`lost_cities.i18n._`.  Nothing here knows about
Textual or Rich.
"""

from __future__ import annotations

from lost_cities.engine import Card, Colour, IllegalMoveError, NotationError, PublicTurn, Reason
from lost_cities.i18n import _, pgettext

__all__ = [
    "card_name",
    "card_short",
    "colour_name",
    "colour_short_name",
    "decimal",
    "describe_refusal",
    "describe_turn",
    "number_name",
    "parse_colour_word",
    "pile_colour",
    "signed",
    "turn_sentence",
]


def signed(value: int) -> str:
    """A score as every screen and command shows it: ``+12``, ``−5`` (a true minus sign), ``0``.

    >>> signed(12), signed(-5), signed(0)
    ('+12', '−5', '0')
    """
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def decimal(value: float, places: int = 1, sign: bool = False) -> str:
    """A number with ``places`` decimals as the current language writes it (``80.6``; French ``80,6``).

    With ``sign``, as :func:`signed` writes a score: ``+21.3``, ``−5.0``, ``0.0``.

    >>> decimal(80.64), decimal(-5, 2, sign=True), decimal(21.25, sign=True)
    ('80.6', '−5.00', '+21.2')
    """
    text = f"{abs(value):.{places}f}"
    if sign and float(text):
        text = ("+" if value > 0 else "−") + text
    elif value < 0 and float(text):
        text = "−" + text
    # Translators: the decimal separator: "," in French and Russian.
    return text.replace(".", pgettext("decimal separator", "."))


def colour_name(colour: Colour) -> str:
    """The colour's name in the current language, lower case: for headings, labels and lists."""
    names = {
        Colour.YELLOW: _("yellow"),
        Colour.BLUE: _("blue"),
        Colour.WHITE: _("white"),
        Colour.GREEN: _("green"),
        Colour.RED: _("red"),
        Colour.PURPLE: _("purple"),
    }
    return names[colour]


def colour_short_name(colour: Colour) -> str:
    """The colour's name shortened for a narrow column heading (six columns at 80×24), ``фиол.``."""
    # Translators: at most 6 characters; the full name is used wherever it fits.
    names = {
        Colour.YELLOW: pgettext("short", "yellow"),
        Colour.BLUE: pgettext("short", "blue"),
        Colour.WHITE: pgettext("short", "white"),
        Colour.GREEN: pgettext("short", "green"),
        Colour.RED: pgettext("short", "red"),
        Colour.PURPLE: pgettext("short", "purple"),
    }
    return names[colour]


def _card_colour(colour: Colour) -> str:
    """The colour as it agrees with a card (Russian: feminine, *белая 7*)."""
    # Translators: the colour in a card's name ("{colour} {value}", "{colour} wager").
    names = {
        Colour.YELLOW: pgettext("card", "yellow"),
        Colour.BLUE: pgettext("card", "blue"),
        Colour.WHITE: pgettext("card", "white"),
        Colour.GREEN: pgettext("card", "green"),
        Colour.RED: pgettext("card", "red"),
        Colour.PURPLE: pgettext("card", "purple"),
    }
    return names[colour]


def pile_colour(colour: Colour) -> str:
    """The colour as it qualifies a discard pile or an expedition.

    French makes it feminine (*la défausse blanche*), Russian uses the genitive
    (*сброс белого цвета*): whatever reads in the messages that use it.
    """
    # Translators: the colour of a discard pile or an expedition, as the messages using it need it.
    names = {
        Colour.YELLOW: pgettext("pile", "yellow"),
        Colour.BLUE: pgettext("pile", "blue"),
        Colour.WHITE: pgettext("pile", "white"),
        Colour.GREEN: pgettext("pile", "green"),
        Colour.RED: pgettext("pile", "red"),
        Colour.PURPLE: pgettext("pile", "purple"),
    }
    return names[colour]


def _folded(text: str) -> str:
    """Case and the Russian ё ignored: ``Жёлтый`` and ``желтый`` are one word."""
    return text.strip().casefold().replace("ё", "е")


def parse_colour_word(text: str) -> Colour:
    """A colour as a player types it: its letter (``r``), its English name, or its name in
    the current language, in any case (``rouge``, ``Красный``, ``желтый`` for *жёлтый*).

    The letters are the notation's (y b w g r p) in every language: French first letters
    would clash (*bleu*, *blanc*).  Raises :class:`NotationError` for anything else.

    >>> parse_colour_word("Red"), parse_colour_word("p")
    (<Colour.RED: 4>, <Colour.PURPLE: 5>)
    """
    key = _folded(text)
    for colour in Colour:
        words = (colour.letter, colour.label, colour_name(colour), _card_colour(colour), pile_colour(colour))
        if key in {_folded(word) for word in words}:
            return colour
    raise NotationError(text, "a colour: its name or its letter (y b w g r p)")


def card_short(card: Card) -> str:
    """The card as drawn on the board: its letter in upper case and its value, ``×`` for a wager.

    >>> card_short(Card.parse("r7")), card_short(Card.parse("bw"))
    ('R7', 'B×')
    """
    return f"{card.colour.letter.upper()}{'×' if card.is_wager else card.value}"


def card_name(card: Card) -> str:
    """The card in words: ``red 7``, ``red wager`` (French *7 rouge*, Russian *красная 7*)."""
    if card.is_wager:
        return _("{colour} wager").format(colour=_card_colour(card.colour))
    return number_name(card.colour, card.value)


def number_name(colour: Colour, value: int | str) -> str:
    """A number card in words, even one the game does not have: ``red 11``."""
    return _("{colour} {value}").format(colour=_card_colour(colour), value=value)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_refusal(error: IllegalMoveError) -> str:
    """A refused move in the player's language, with its rule: ``Red 5 can't follow red 7 (R6a).``"""
    names = [card_name(card) for card in error.cards]
    colour = error.colour
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
            card=names[0], colour=pile_colour(colour) if colour is not None else ""
        ),
        Reason.COLOUR_NOT_IN_GAME: lambda: _("{colour} is only in the long game").format(
            colour=colour_name(colour) if colour is not None else ""
        ),
        Reason.PLAY_FIRST: lambda: _("Play a card first, then draw"),
        Reason.DRAW_FIRST: lambda: _("You have played a card: now draw one"),
        Reason.DRAW_BACK_DISCARD: lambda: _("You just discarded {card}: you can't draw it back").format(card=names[0]),
        Reason.EMPTY_PILE: lambda: _("The {colour} discard pile is empty").format(
            colour=pile_colour(colour) if colour is not None else ""
        ),
        Reason.ROUND_OVER: lambda: _("The round is over"),
        Reason.NOTHING_TO_UNDO: lambda: _("There is no card to take back"),
    }
    return f"{_capitalised(texts[error.reason]())} ({error.rule})."


def turn_sentence(name: str, card: str, discard: bool, drew: str | None = None, drawn: str | None = None) -> str:
    """A turn as one sentence: who played which card, and where they drew from.

    ``drew`` is ``None`` (not drawn yet), ``"pile"`` (the draw pile; ``drawn`` names the card
    when it may be shown, as in a replay) or ``"discard"`` (a discard pile: ``drawn`` is the card).
    Whole sentences, so that every language can order them its own way.
    """
    if drew is None:
        text = _("{name} discarded {card}.") if discard else _("{name} laid {card}.")
    elif drew == "pile" and drawn is None:
        if discard:
            text = _("{name} discarded {card}, drew from the draw pile.")
        else:
            text = _("{name} laid {card}, drew from the draw pile.")
    elif drew == "pile":
        if discard:
            text = _("{name} discarded {card}, drew {drawn} from the draw pile.")
        else:
            text = _("{name} laid {card}, drew {drawn} from the draw pile.")
    elif discard:
        text = _("{name} discarded {card}, took {drawn} from the discard pile.")
    else:
        text = _("{name} laid {card}, took {drawn} from the discard pile.")
    return text.format(name=name, card=card, drawn=drawn or "?")


def describe_turn(turn: PublicTurn, name: str) -> str:
    """The last move in words, for the other player (H1): ``Boris laid red 7, drew from the draw pile.``"""
    card = card_name(turn.play.card)
    if turn.draw is None:
        return turn_sentence(name, card, turn.play.discard)
    if turn.draw.pile is None:
        return turn_sentence(name, card, turn.play.discard, "pile")
    drawn = card_name(turn.drawn) if turn.drawn is not None else None  # a discard-pile draw is always public
    return turn_sentence(name, card, turn.play.discard, "discard", drawn)
