"""The words for engine values, shared by every screen, every command and the saves.

Colour names, card names, signed scores and the wording of refused moves live here,
once, translated through :func:`lost_cities.i18n._`.  Nothing here knows about
Textual or Rich.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import assert_never

from lost_cities.ai.reasons import HintChoice, HintReason, Why
from lost_cities.engine import (
    REFUSALS,
    Card,
    Colour,
    Decision,
    Draw,
    ExpeditionScore,
    IllegalMoveError,
    NextStarter,
    Play,
    PlayerView,
    PublicEvent,
    PublicTurn,
    Rules,
    StartReason,
    Stop,
)
from lost_cities.i18n import N_, _, capitalised, current_language, every_translation, ngettext, pgettext, same_name_key

__all__ = [
    "WAGER_MARK",
    "card_name",
    "card_phrase",
    "card_short",
    "card_value",
    "colour_name",
    "colour_short_name",
    "computer_name",
    "decimal",
    "decision_action",
    "decision_done",
    "describe_event",
    "describe_next_starter",
    "describe_refusal",
    "describe_turn",
    "elided",
    "formula",
    "hint_action",
    "hint_lines",
    "hint_numbers",
    "hint_reason",
    "in_sentence",
    "level_name",
    "level_word",
    "number_name",
    "pile_colour",
    "player_name",
    "refusal_clause",
    "said",
    "shown_names",
    "side_names",
    "signed",
    "time_left",
    "turn_sentence",
]


#: French elides "de" and "que" before a vowel: "Main d'Élodie", not "Main de Élodie".  Before an h it
#: depends on the word (l'hôtel, le héros) and a name gives no clue, so an h keeps the full form.
_FRENCH_ELISION = re.compile(r"\b([Dd]e|[Qq]ue) (?=[aeiouyàâäéèêëîïôöùûüœæ])", re.IGNORECASE)


def elided(text: str) -> str:
    """``text`` with French's elisions before a name that starts with a vowel; other languages as they are.

    Applied where a sentence puts a name (a player's, a bot's) after "de" or "que".

    >>> from lost_cities.i18n import set_language
    >>> set_language("fr"); elided("Main de Élodie :"), elided("Main de Boris :"), elided("Main de Hugo :")
    ("Main d'Élodie :", 'Main de Boris :', 'Main de Hugo :')
    >>> set_language("en"); elided("de Élodie")
    'de Élodie'
    """
    if current_language() != "fr":
        return text
    return _FRENCH_ELISION.sub(lambda found: found.group(1)[:-1] + "'", text)


def signed(value: float, places: int = 0) -> str:
    """A score as every screen and command shows it: ``+12``, ``−5`` (a true minus sign), ``0``.

    With ``places``, a mean score in the current language's own decimals (:func:`decimal`).

    >>> signed(12), signed(-5), signed(0), signed(-40.3, 2)
    ('+12', '−5', '0', '−40.30')
    """
    if places:
        rounded = round(value, places)
        magnitude = decimal(abs(rounded), places)
        return f"+{magnitude}" if rounded > 0 else (f"−{magnitude}" if rounded < 0 else magnitude)
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def decimal(value: float, places: int = 0) -> str:
    """A number in the current language's own format (Babel, CLDR): grouped thousands, its decimal sign.

    >>> decimal(2941.27), decimal(0.0084, 3)
    ('2,941', '0.008')
    """
    from babel.numbers import format_decimal  # ~30 ms: only for the commands that print decimals

    pattern = "#,##0" + ("." + "0" * places if places else "")
    return str(format_decimal(value, format=pattern, locale=current_language()))


def duration(seconds: float) -> str:
    """A length of time in the player's language, rounded to its largest unit: ``2 hours``, ``3 jours``."""
    from datetime import timedelta

    from babel.dates import format_timedelta

    return format_timedelta(timedelta(seconds=max(seconds, 0)), threshold=1.0, locale=current_language())


def time_left(seconds: float) -> str:
    """The time left on a clock: under ten minutes as a clock shows it, minutes and seconds (``1:43``: rounded
    to its largest unit, "2 minutes", it would promise time that is not there near the end); longer, as
    :func:`duration` says it.

    >>> time_left(103.2), time_left(0.4), time_left(-5), time_left(599)
    ('1:44', '0:01', '0:00', '9:59')
    """
    if seconds >= 600:
        return duration(seconds)
    whole = max(math.ceil(seconds), 0)  # a clock shows 0:00 only once the time is out
    return f"{whole // 60}:{whole % 60:02d}"


def won_on_time(winner: str, late: str, team: bool) -> str:
    """A match claimed on time (online, with a clock): ``Boris wins: Ana's time ran out.`` — the scores so far
    decide nothing.  ``winner`` is the claimant's side's name; ``team``: a side of two partners (R24a)."""
    if team:
        return _("{team} win: {name}'s time ran out.").format(team=winner, name=in_sentence(late))
    return said(_("{winner} wins: {name}'s time ran out.").format(winner=in_sentence(winner), name=in_sentence(late)))


def formula(row: ExpeditionScore) -> str:
    """An expedition's arithmetic as the rulebook writes it (R12–R14): ``(24 − 20) × 3 + 20``.

    The score pad and the round's end show it beside the score it adds up to.

    >>> from lost_cities.engine import parse_cards, score_expedition
    >>> formula(score_expedition(Colour.RED, parse_cards("rw rw r2 r3 r4 r5 r6 r7 r8")))
    '(35 − 20) × 3 + 20'
    >>> formula(score_expedition(Colour.RED, parse_cards("r9 r10"))), formula(score_expedition(Colour.RED, ()))
    ('19 − 20', '')
    """
    if not row.started:
        return ""
    text = f"{row.sum} − {row.cost}"
    if row.multiplier != 1:
        text = f"({text}) × {row.multiplier}"
    if row.bonus:
        text += f" + {row.bonus}"
    return text


def colour_name(colour: Colour) -> str:
    """The colour's name in the current language, lower case: for headings, labels and lists."""
    return {
        Colour.YELLOW: _("yellow"),
        Colour.BLUE: _("blue"),
        Colour.WHITE: _("white"),
        Colour.GREEN: _("green"),
        Colour.RED: _("red"),
        Colour.PURPLE: _("purple"),
    }[colour]


def computer_name(seat: int, computers: int) -> str:
    """The name a computer plays under when the players give it none: ``Computer``, or ``Computer 2``
    (its seat) when there are several."""
    return _("Computer") if computers == 1 else _("Computer {n}").format(n=seat + 1)


def in_sentence(name: str) -> str:
    """A name as a sentence says it: the computer's default name with the article a language puts on it (French
    *l'ordinateur*: "L'ordinateur a posé le 3 jaune.", "Ana joue, puis l'ordinateur"), lower case, as inside a
    sentence (:func:`said` capitalises the sentence it starts); any other name as it is.

    >>> from lost_cities.i18n import set_language
    >>> set_language("fr"); in_sentence("Ordinateur"), in_sentence("Ordinateur 2"), in_sentence("Ana")
    ("l'ordinateur", "l'ordinateur 2", 'Ana')
    >>> set_language("en"); in_sentence("Computer")
    'Computer'
    """
    if name == _("Computer"):
        # Translators: the computer's default name ("Computer") inside a sentence, lower case, with the article
        # your language puts on it: French "l'ordinateur" ("L'ordinateur a posé…", "Ana joue, puis l'ordinateur").
        return pgettext("in a sentence", "Computer")
    before, _n, after = _("Computer {n}").partition("{n}")
    seat = name.removeprefix(before).removesuffix(after) if name.startswith(before) and name.endswith(after) else ""
    if seat.isdecimal() and len(name) > len(before) + len(after):
        # Translators: a computer's default name when there are several ("Computer {n}") inside a sentence, lower
        # case, with its article: French "l'ordinateur {n}".
        return pgettext("in a sentence", "Computer {n}").format(n=seat)
    return name


def said(text: str) -> str:
    """A sentence that starts with the computer's name as :func:`in_sentence` writes it, capitalised: "L'ordinateur
    a posé le 3 jaune."; any other as it is (a person's name is never changed, "ana" stays "ana").

    >>> from lost_cities.i18n import set_language
    >>> set_language("fr"); said("l'ordinateur 2 joue"), said("ana joue")
    ("L'ordinateur 2 joue", 'ana joue')
    >>> set_language("en")
    """
    forms = (pgettext("in a sentence", "Computer"), pgettext("in a sentence", "Computer {n}").partition("{n}")[0])
    return capitalised(text) if any(form and text.startswith(form) for form in forms) else text


def player_name(seat: int) -> str:
    """The name a person plays under when they give none: ``Player 2``."""
    return _("Player {n}").format(n=seat + 1)


def shown_names(names: Sequence[str], computers: Sequence[str | None] = ()) -> tuple[str, ...]:
    """Kept names as the current language shows them: a default the program gave — ``Computer``, ``Ordinateur 2``,
    ``Игрок 3`` — in today's language, whatever language the match was played in; any other name as it is.

    ``computers`` gives each seat's level (``None`` for a person): only a computer's seat takes a computer's
    default, so a person who chose to be called "Computer" keeps the name.  Should two names come out alike
    (``Player 2`` beside a person who chose it), they all stay as they were given: two players are never shown
    under one name.

    >>> shown_names(("Joueur 1", "Компьютер"), (None, "hard")), shown_names(("Ana", "Ordinateur"))
    (('Player 1', 'Computer'), ('Ana', 'Ordinateur'))
    >>> shown_names(("Player 1", "Joueur 2", "Player 2"))
    ('Player 1', 'Joueur 2', 'Player 2')
    """
    levels = (*computers, *(None,) * (len(names) - len(computers)))
    count = sum(level is not None for level in levels)
    shown = []
    for seat, (name, level) in enumerate(zip(names, levels, strict=True)):
        if level is not None and count == 1 and name in every_translation("Computer"):
            name = computer_name(seat, count)
        elif level is not None and name in {text.format(n=seat + 1) for text in every_translation("Computer {n}")}:
            name = _("Computer {n}").format(n=seat + 1)
        elif name in {text.format(n=seat + 1) for text in every_translation("Player {n}")}:
            name = player_name(seat)
        shown.append(name)
    if len({same_name_key(name) for name in shown}) < len(shown):
        return tuple(names)
    return tuple(shown)


def level_word(level: str) -> str:
    """A computer's level in the current language, lower case: ``hard``, ``fort``, ``сильный``."""
    return {
        "easy": pgettext("level", "easy"),
        "normal": pgettext("level", "normal"),
        "hard": pgettext("level", "hard"),
    }.get(level, level)


def level_name(level: str | None) -> str:
    """Who plays a seat, for the form: ``Human``, or ``Computer: hard``."""
    return _("Human") if level is None else _("Computer: {level}").format(level=level_word(level))


def colour_short_name(colour: Colour) -> str:
    """The colour's name shortened for a narrow column heading (six columns at 80×24), ``фиол.``."""
    # Translators: at most 6 characters; the full name is used wherever it fits.
    return {
        Colour.YELLOW: pgettext("short", "yellow"),
        Colour.BLUE: pgettext("short", "blue"),
        Colour.WHITE: pgettext("short", "white"),
        Colour.GREEN: pgettext("short", "green"),
        Colour.RED: pgettext("short", "red"),
        Colour.PURPLE: pgettext("short", "purple"),
    }[colour]


def _card_colour(colour: Colour) -> str:
    """The colour as it agrees with a card (Russian: feminine, *белая карта 7*)."""
    # Translators: the colour in a card's name ("{colour} {value}", "{colour} wager").
    return {
        Colour.YELLOW: pgettext("card", "yellow"),
        Colour.BLUE: pgettext("card", "blue"),
        Colour.WHITE: pgettext("card", "white"),
        Colour.GREEN: pgettext("card", "green"),
        Colour.RED: pgettext("card", "red"),
        Colour.PURPLE: pgettext("card", "purple"),
    }[colour]


def pile_colour(colour: Colour) -> str:
    """The colour as it qualifies a discard pile or an expedition.

    French makes it feminine (*la défausse blanche*), Russian uses the genitive
    (*сброс белого цвета*): whatever reads in the messages that use it.
    """
    # Translators: the colour of a discard pile or an expedition, as the messages using it need it.
    return {
        Colour.YELLOW: pgettext("pile", "yellow"),
        Colour.BLUE: pgettext("pile", "blue"),
        Colour.WHITE: pgettext("pile", "white"),
        Colour.GREEN: pgettext("pile", "green"),
        Colour.RED: pgettext("pile", "red"),
        Colour.PURPLE: pgettext("pile", "purple"),
    }[colour]


def _expedition_colour(colour: Colour) -> str:
    """The colour of an expedition that a hint's reason opens, continues or starts (French feminine, *l'expédition
    blanche*; Russian the accusative, *открывает белую экспедицию*): shorter than :func:`pile_colour`'s
    *экспедицию белого цвета*, so that a reason fits one line of an 80-column board."""
    # Translators: the colour of an expedition a hint opens or continues ("opens the {colour} expedition"): in Russian
    # the accusative of the feminine ("открывает белую экспедицию", "ещё одно пари на белую экспедицию").
    return {
        Colour.YELLOW: pgettext("expedition", "yellow"),
        Colour.BLUE: pgettext("expedition", "blue"),
        Colour.WHITE: pgettext("expedition", "white"),
        Colour.GREEN: pgettext("expedition", "green"),
        Colour.RED: pgettext("expedition", "red"),
        Colour.PURPLE: pgettext("expedition", "purple"),
    }[colour]


#: How every screen and every command shows a wager card.  ``w`` (or ``x``) is only what people
#: type, and the card notation of records and saves (``rw``): output never writes it.
WAGER_MARK = "×"


def card_value(card: Card) -> str:
    """The card in its colour's row: its number, :data:`WAGER_MARK` for a wager.

    >>> card_value(Card.parse("r7")), card_value(Card.parse("rw"))
    ('7', '×')
    """
    return WAGER_MARK if card.is_wager else str(card.value)


def card_short(card: Card) -> str:
    """The card as drawn on the board: its letter in upper case and its value, ``×`` for a wager.

    >>> card_short(Card.parse("r7")), card_short(Card.parse("bw"))
    ('R7', 'B×')
    """
    return f"{card.colour.letter.upper()}{card_value(card)}"


def card_name(card: Card) -> str:
    """The card in words: ``red 7``, ``red wager`` (French *7 rouge*, Russian *красная карта 7*: a colour alone,
    *красная 7*, reads as an adjective missing its noun)."""
    if card.is_wager:
        return _("{colour} wager").format(colour=_card_colour(card.colour))
    return number_name(card.colour, card.value)


def _object_colour(colour: Colour) -> str:
    """The colour as it agrees with a card that is the object of a sentence (Russian: the accusative,
    *выкладывает белую карту 7*)."""
    # Translators: the colour in a card that is the object of a sentence ("Boris lays {card}"): in
    # Russian the accusative of the feminine ("белую", as in "белую карту 7", "белую карту пари").
    return {
        Colour.YELLOW: pgettext("object", "yellow"),
        Colour.BLUE: pgettext("object", "blue"),
        Colour.WHITE: pgettext("object", "white"),
        Colour.GREEN: pgettext("object", "green"),
        Colour.RED: pgettext("object", "red"),
        Colour.PURPLE: pgettext("object", "purple"),
    }[colour]


def card_phrase(card: Card, short: bool = False) -> str:
    """The card as the object of a sentence: ``red 7``, ``a red wager`` (*Boris laid a red wager.*);
    ``short``, as the board writes it (``R7``, ``R×``), for a line that has no room for words."""
    if short:
        return card_short(card)
    if card.is_wager:
        # Translators: a wager card as the object of a sentence ("Boris laid {card}."): English needs "a".
        return pgettext("object", "a {colour} wager").format(colour=_object_colour(card.colour))
    # Translators: a number card as the object of a sentence ("Boris laid {card}."); a language with
    # articles puts the card's here, as it does for a wager ("le 7 rouge", "un pari rouge"); Russian names the
    # card, as for a wager ("белую карту 7", "белую карту пари"): "белую 7" is an adjective missing its noun.
    return pgettext("object", "{colour} {value}").format(colour=_object_colour(card.colour), value=card.value)


def number_name(colour: Colour, value: int | str) -> str:
    """A number card in words, even one the game does not have: ``red 11``."""
    # Translators: a number card ("red 7"), as a sentence's subject: Russian names the card, "красная карта 7".
    return _("{colour} {value}").format(colour=_card_colour(colour), value=value)


def describe_refusal(error: IllegalMoveError) -> str:
    """A refused move in the player's language, with its rule: ``Red 5 can't follow red 7: numbers must go up
    (R6a).``  The words are the engine's one wording of the reason (:data:`~lost_cities.engine.REFUSALS`),
    translated by that very text, with the cards and the colour named as the language names them."""
    return f"{capitalised(_(REFUSALS[error.reason]).format(**_refusal_fields(error)))} ({error.rule})."


def refusal_clause(error: IllegalMoveError) -> str:
    """:func:`describe_refusal` as a clause after a colon: ``red 5 can't follow red 7: numbers must go up (R6a)``."""
    text = describe_refusal(error).rstrip(".")
    return text[:1].lower() + text[1:]


def _refusal_fields(error: IllegalMoveError) -> dict[str, str]:
    """The refusal's :data:`~lost_cities.engine.REFUSAL_FIELDS` in the current language; those it lacks, empty."""
    cards, colour = error.cards, error.colour
    first = cards[0] if cards else None
    return {
        "card": card_name(first) if first is not None else "",
        # the card as an object: "a green wager" (the name alone read "You just discarded green wager")
        "a_card": card_phrase(first) if first is not None else "",
        "top": card_name(cards[1]) if len(cards) > 1 else "",
        "colour": pile_colour(colour) if colour is not None else "",
        "colour_name": colour_name(colour) if colour is not None else "",
    }


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
    return said(text.format(name=in_sentence(name), card=card, drawn=drawn or "?"))


def describe_turn(turn: PublicTurn, name: str, short: bool = False) -> str:
    """A turn in words, for the other players (H1): ``Boris laid red 7, drew from the draw pile.``

    ``short`` writes the cards as the board does (``Boris laid R7, ...``): the same sentence,
    for a line too narrow for the cards' names.
    """
    card = card_phrase(turn.play.card, short)
    if turn.draw is None:
        return turn_sentence(name, card, turn.play.discard)
    if turn.draw.pile is None:
        return turn_sentence(name, card, turn.play.discard, "pile")
    drawn = card_phrase(turn.drawn, short) if turn.drawn is not None else None  # a discard-pile draw is public
    return turn_sentence(name, card, turn.play.discard, "discard", drawn)


def describe_event(event: PublicEvent, name: str, short: bool = False) -> str:
    """A public event in words: a turn (:func:`describe_turn`) or a final laying (R23c); ``short``: the
    cards as the board writes them.

    Each says the same in every language: who, which card, laid or discarded, and where the new
    card came from (the card too when it was public).
    """
    if isinstance(event, PublicTurn):
        return describe_turn(event, name, short)
    cards = [card_phrase(play.card, short) for play in event.plays]
    name = in_sentence(name)
    if not cards:
        return said(_("{name} laid nothing more.").format(name=name))
    if len(cards) == 1:
        return said(_("{name} laid {card} in the final laying.").format(name=name, card=cards[0]))
    if cards[0] == cards[1]:  # two wagers of a colour: not "a purple wager and a purple wager"
        return said(_("{name} laid {card} twice in the final laying.").format(name=name, card=cards[0]))
    return said(
        _("{name} laid {card} and {other} in the final laying.").format(name=name, card=cards[0], other=cards[1])
    )


def describe_own_event(event: PublicEvent) -> str:
    """The viewer's own last turn, to the viewer: ``You laid red 7, drew green 6 from the draw pile.``

    Their own view names the card they drew from the draw pile (H2); the others never see it (H1).
    """
    if isinstance(event, PublicTurn):
        card = card_phrase(event.play.card)
        if event.draw is None:
            text = _("You discarded {card}.") if event.play.discard else _("You laid {card}.")
            return text.format(card=card)
        drawn = card_phrase(event.drawn) if event.drawn is not None else "?"
        if event.draw.pile is None:
            if event.play.discard:
                text = _("You discarded {card}, drew {drawn} from the draw pile.")
            else:
                text = _("You laid {card}, drew {drawn} from the draw pile.")
        elif event.play.discard:
            text = _("You discarded {card}, took {drawn} from the discard pile.")
        else:
            text = _("You laid {card}, took {drawn} from the discard pile.")
        return text.format(card=card, drawn=drawn)
    cards = [card_phrase(play.card) for play in event.plays]
    if not cards:
        return _("You laid nothing more.")
    if len(cards) == 1:
        return _("You laid {card} in the final laying.").format(card=cards[0])
    if cards[0] == cards[1]:
        return _("You laid {card} twice in the final laying.").format(card=cards[0])
    return _("You laid {card} and {other} in the final laying.").format(card=cards[0], other=cards[1])


def side_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """Each side's name: the player's, or both partners' (R24a), ``Ana & Carl`` (Russian *Аня и Карл*).

    >>> side_names(("Ana", "Boris", "Carl", "Dana"), Rules(players=4))
    ('Ana & Carl', 'Boris & Dana')
    """
    sides = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        if len(seats) == 1:
            sides.append(names[seats[0]])
        else:
            # Translators: a team of two partners, "Ana & Carl"
            sides.append(_("{first} & {second}").format(first=names[seats[0]], second=names[seats[1]]))
    return tuple(sides)


def describe_next_starter(
    start: NextStarter, names: Sequence[str], side_names: Sequence[str], round_number: int
) -> str:
    """Who starts round ``round_number`` and why, as the engine decided it (R18, R23e, R24e, R24g).

    ``names`` are the players in seat order, ``side_names`` the sides (teams with four players).
    """
    name, rule = in_sentence(names[start.seat]), start.rule
    teams = len(names) == 4
    team = side_names[start.seat % 2] if teams else ""
    partner = in_sentence(names[(start.seat + 2) % 4]) if teams else ""
    match start.reason:
        case StartReason.HIGHER_SCORE if teams and start.team_first:
            text = _(
                "{team} scored more and have not started a round yet: {name}, the first of them in seat order, "
                "starts round {n} ({rule}; R24g, house rule)."
            )
        case StartReason.HIGHER_SCORE if teams and start.partner_turn:
            text = _(
                "{team} scored more: {name} starts round {n}, as {partner} started for the team last time "
                "({rule}, house rule)."
            )
        case StartReason.HIGHER_SCORE if teams:
            text = _("{team} scored more: {name} starts round {n} ({rule}).")
        case StartReason.HIGHER_SCORE:
            text = _("{name} starts round {n}: the highest score of this round ({rule}).")
        case StartReason.TIE_DID_NOT_START:
            text = _("{name} starts round {n}: equal scores, and {name} did not start this one ({rule}, house rule).")
        case StartReason.TIE_TURN_ORDER:
            text = _(
                "{name} starts round {n}: equal highest scores, and {name} comes first after this round's starter "
                "({rule}, house rule)."
            )
        case StartReason.TEAM_TIE if start.team_first:
            text = _(
                "Equal scores: {team} did not start this round nor any before, so {name}, the first of them in seat "
                "order, starts round {n} ({rule}; R24g, house rule)."
            )
        case StartReason.TEAM_TIE:
            text = _("Equal scores: {team} did not start this round, so {name} starts round {n} ({rule}, house rule).")
        case _:
            assert_never(start.reason)
    return said(text.format(team=team, name=name, n=round_number, partner=partner, rule=rule))


def hint_reason(reason: HintReason, names: Sequence[str]) -> str:
    """Why the hard level weighs a choice (:mod:`lost_cities.ai.reasons`), in a few words: an expedition it
    continues (and its gap), one it opens (and the points of its colour in hand), who could use a discard,
    what a draw brings.  ``names`` in seat order."""
    colour, n = reason.colour, reason.points
    expedition = _expedition_colour(colour) if colour is not None else ""
    # the colour as "of {colour}" needs it: French "de couleur bleue", Russian "синего цвета" (a name in the
    # nominative read "белый цвета")
    pile = pile_colour(colour) if colour is not None else ""
    name = names[reason.seat] if reason.seat is not None else ""
    match reason.why:
        case Why.NOTHING_WORTH_LAYING:
            return _("nothing left worth laying")
        case Why.SAFEST:
            return _("the safest: no discard worth more")
        case Why.UNKNOWN_CARD:
            return _("an unknown card")
        case Why.ANOTHER_WAGER:
            return _("another wager on the {colour} expedition, before its numbers").format(colour=expedition)
        case Why.CONTINUES if reason.gap == 0:
            return _("continues your {colour} expedition, no gap").format(colour=expedition)
        case Why.CONTINUES:
            return ngettext(
                "continues your {colour} expedition, skipping {n} card",
                "continues your {colour} expedition, skipping {n} cards",
                reason.gap,
            ).format(colour=expedition, n=reason.gap)
        case Why.HOLDS_OPEN:
            return _("holds the round open: one more turn to lay your cards")
        case Why.POINTS_WITH_IT:
            return ngettext(
                "{n} point of {colour} in hand with it", "{n} points of {colour} in hand with it", n
            ).format(n=n, colour=pile)
        case Why.RISKY_WAGER:
            return ngettext(
                "a risky wager: only {n} point of {colour} in hand",
                "a risky wager: only {n} points of {colour} in hand",
                n,
            ).format(n=n, colour=pile)
        case Why.WAGER_FIRST:
            return ngettext(
                "a wager before the numbers: {n} point of {colour} in hand",
                "a wager before the numbers: {n} points of {colour} in hand",
                n,
            ).format(n=n, colour=pile)
        case Why.OPENS_SHORT:
            return ngettext(
                "opens the {colour} expedition: only {n} point in hand (cost {cost})",
                "opens the {colour} expedition: only {n} points in hand (cost {cost})",
                n,
            ).format(n=n, colour=expedition, cost=reason.cost)
        case Why.OPENS:
            return ngettext(
                "opens the {colour} expedition: {n} point in hand",
                "opens the {colour} expedition: {n} points in hand",
                n,
            ).format(n=n, colour=expedition)
        case Why.TAKER:
            return _("risky: {name} could take it for their {colour} expedition").format(name=name, colour=pile)
        case Why.TAKER_BUT_BEST:
            return _("the best all the same, though {name} could take it for their {colour} expedition").format(
                name=name, colour=pile
            )
        case Why.ONLY_YOU:
            return _("safe: nobody else could lay it")
        case Why.NO_EXPEDITION_UNDER_WAY:
            return _("no expedition under way can take it")
        case Why.NEITHER:
            return _("neither you nor {name} can use it").format(name=name)
        case Why.NOBODY:
            return _("nobody can use it")
        case _:
            assert_never(reason.why)


def hint_action(view: PlayerView, decision: Decision) -> str:
    """The decision a hint names, as the player would do it: ``lay red 7``, ``draw from the draw pile``."""
    top = view.discard_tops[decision.pile] if isinstance(decision, Draw) and decision.pile is not None else None
    return decision_action(decision, top)


#: A decision's words (stop, draw from the pile, take, discard, lay), as the player would do it and as done.
_TO_DO = (N_("stop laying"), N_("draw from the draw pile"), N_("take {card}"), N_("discard {card}"), N_("lay {card}"))
_DONE = (
    N_("stopped laying"),
    N_("drew from the draw pile"),
    N_("took {card}"),
    N_("discarded {card}"),
    N_("laid {card}"),
)


def decision_action(decision: Decision, top: Card | None) -> str:
    """A decision as the player would do it, ``top`` the card a draw from a discard pile takes: ``lay red 7``,
    ``take blue 4``, ``draw from the draw pile``."""
    return _decision_in(_TO_DO, decision, top)


def decision_done(decision: Decision, top: Card | None) -> str:
    """A decision as a player did it: ``laid red 7``, ``took blue 4``, ``drew from the draw pile``."""
    return _decision_in(_DONE, decision, top)


def _decision_in(words: tuple[str, str, str, str, str], decision: Decision, top: Card | None) -> str:
    stop, draw, take, discard, lay = words
    if isinstance(decision, Stop):
        return _(stop)
    if isinstance(decision, Draw):
        if decision.pile is None or top is None:
            return _(draw)
        return _(take).format(card=card_phrase(top))
    assert isinstance(decision, Play)
    return _(discard if decision.discard else lay).format(card=card_phrase(decision.card))


def hint_lines(view: PlayerView, choices: Sequence[HintChoice], names: Sequence[str]) -> str:
    """The hint as the board shows it, one numbered line a choice, best first, each with the round's
    expected score difference and its reason: ``1. lay red 7 (+4.2) — continues your red expedition, no gap``."""
    if not choices:
        return _("The computer has no hint to give here.")
    lines = [
        # Translators: one choice of a hint: "1. lay red 7 (+4.2) — continues your red expedition, no gap"
        _("{n}. {action} ({points}) — {reason}").format(
            n=number,
            action=hint_action(view, choice.decision),
            points=signed(choice.estimate, 1),
            reason=hint_reason(choice.reason, names),
        )
        for number, choice in enumerate(choices, start=1)
    ]
    return "\n".join([*lines, hint_numbers(view, names)])


def hint_numbers(view: PlayerView, names: Sequence[str]) -> str:
    """What a hint's numbers are, said under them: the round's expected score difference means nothing to a
    newcomer until it is named as a lead over someone (the best other side's score, R22's team score)."""
    rules = view.rules
    if rules.cooperative:
        return _("The numbers: your team's expected score at the round's end.")
    others = [name for side, name in enumerate(side_names(names, rules)) if side != view.side]
    if len(others) == 1 and rules.teams:  # two 12-cell names: the line still fits 78 columns
        # Translators: {name} is the other team, "Boris & Dana" (Russian: "над командой {name}").
        return _("Numbers: expected lead over {name} at the round's end.").format(name=others[0])
    if len(others) == 1:
        return _("The numbers: your expected lead over {name} at the round's end.").format(name=in_sentence(others[0]))
    return _("The numbers: your expected lead over the best of the others at the round's end.")
