"""Reading one player's side of a finished round from ``lost-cities score`` arguments.

An expedition is ``COLOUR:CARDS``: ``red:w,w,3,4,7,10`` or ``"red:w w 3 4 7 10"``.  The
colour is its letter (y b w g r p), its English name or its name in the player's language
(``rouge``, ``красный``), in any case; a card is ``w`` (or ``x``, or the language's own letter: French
``p``) for a wager or a number 2-10,
in the order the cards lie in the row.  Cards may also be written
in full notation (``r7``), and words after an expedition that hold no colon continue it, so
an unquoted ``red:w w 3 4`` reads as one expedition.

Every check is the engine's (:func:`check_expedition`) or R2's count (:class:`Tally`); this module
only reads the text and words the refusal, naming the offending argument:

>>> side = read_side(["red:w,w,3,4,7,10", "B:2", "5"], hand="g5 yw")
>>> [str(card) for card in side.expeditions[Colour.BLUE]], side.score().total
(['b2', 'b5'], -6)
>>> read_side(["red:w,3,2"])
Traceback (most recent call last):
...
lost_cities.score.parse.ScoreInputError: red:w,3,2: red 2 can't follow red 3: numbers must go up (R6a)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec import Struct, field

from lost_cities.engine import (
    PLAYER_COUNTS,
    WAGER,
    Card,
    Colour,
    IllegalMoveError,
    NotationError,
    Reason,
    Rules,
    SideScore,
    check_expedition,
    score_side,
)
from lost_cities.i18n import _, ngettext, quoted
from lost_cities.quoting import excerpt
from lost_cities.score.tally import NoCopyLeft, Tally
from lost_cities.score.typed import is_typed_wager, parse_colour_word
from lost_cities.words import card_name, colour_name, number_name, refusal_clause

__all__ = ["ScoreInputError", "Side", "hand_size_rule", "read_players", "read_side"]


class ScoreInputError(ValueError):
    """Arguments that cannot be scored.

    ``token`` is the offending argument as the user wrote it, ``message`` says what is
    wrong and what would be right, in the user's language.
    """

    def __init__(self, token: str, message: str) -> None:
        self.token = token
        self.message = message
        super().__init__(f"{shown_token(token)}: {message}")


def shown_token(token: str) -> str:
    """An argument as a refusal names it: by its start (:func:`~lost_cities.quoting.excerpt`), and quoted when it
    ends in a colon, so that two never run together, or is blank, so that it is seen.

    >>> shown_token("red:w,3,2"), shown_token("red:"), shown_token("red:" + "9" * 4000), shown_token("")
    ('red:w,3,2', "'red:'", 'red:99999999999999999999999999999999999…', "''")
    """
    return quoted(token) if not token.strip() or token.rstrip().endswith(":") else excerpt(token)


class Side(Struct, frozen=True):
    """One player's round as laid on the table, checked: ready to score."""

    rules: Rules
    expeditions: dict[Colour, tuple[Card, ...]] = field(default_factory=dict)
    hand: tuple[Card, ...] = ()

    def score(self) -> SideScore:
        """The engine's breakdown (R11-R16, R21 if ``--hand`` was given)."""
        return score_side(self.expeditions, self.hand, self.rules)


class _Expedition(Struct):
    colour_text: str
    pieces: list[str]  # the arguments as written, for naming this expedition in a refusal
    tokens: list[str]

    @property
    def source(self) -> str:
        return " ".join(self.pieces)


def _split(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _group(arguments: Sequence[str]) -> list[_Expedition]:
    """Cut the arguments into expeditions; a word without a colon continues the one before."""
    groups: list[_Expedition] = []
    for argument in arguments:
        if ":" in argument:
            colour_text, cards_text = argument.split(":", 1)
            groups.append(_Expedition(colour_text, [argument], _split(cards_text)))
        elif groups:
            groups[-1].pieces.append(argument)
            groups[-1].tokens.extend(_split(argument))
        else:
            raise ScoreInputError(
                argument, _("expected COLOUR:CARDS, e.g. red:w,3,4,7 (a colour, a colon, its cards in order)")
            )
    return groups


def _colour(group: _Expedition, rules: Rules) -> Colour:
    if not group.colour_text.strip():
        raise ScoreInputError(group.source, _("no colour before the colon: write e.g. red:w,3,4,7"))
    try:
        colour = parse_colour_word(group.colour_text)
    except NotationError:
        names = ", ".join(f"{colour_name(c)} ({c.letter})" for c in rules.colours)
        raise ScoreInputError(
            group.source,
            _("unknown colour {text}: use a name or a letter, {names}").format(
                text=quoted(group.colour_text), names=names
            ),
        ) from None
    if colour not in rules.colours:
        refusal = refusal_clause(IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=colour))
        raise ScoreInputError(group.source, _("{refusal}: add --long").format(refusal=refusal))
    return colour


def _card(token: str, colour: Colour, source: str) -> Card:
    """One card of an expedition: ``w``/``x`` (or a language's wager letter, French ``p``), a number, or full
    notation (``r7``)."""
    text = token.strip().lower()
    if is_typed_wager(text):
        return Card(colour, WAGER)
    if text.isascii() and text.isdigit():  # only 0-9: not ², ３ or ١٠
        value = int(text) if len(text) <= 4 else None  # a 5,000-digit number is just as wrong as 11
        if value is not None and 2 <= value <= 10:
            return Card(colour, value)
        raise ScoreInputError(
            source,
            _("there is no {card}: numbers go from 2 to 10, and w is a wager (R2)").format(
                card=number_name(colour, value if value is not None else excerpt(text))
            ),
        )
    try:
        return Card.parse(text)
    except NotationError:
        raise ScoreInputError(
            source,
            _("can't read {token}: write a number from 2 to 10 in plain digits (0-9), or w for a wager").format(
                token=quoted(token)
            ),
        ) from None


def _hand_card(token: str) -> Card:
    """A card in hand: the notation (``r5``, ``rw``), or a colour's letter and the language's letter for a wager
    (French ``rp``).  Raises :class:`NotationError`."""
    letter, rest = token[:1].lower(), token[1:]
    if rest and is_typed_wager(rest) and letter in {colour.letter for colour in Colour}:
        return Card(Colour.parse(letter), WAGER)
    return Card.parse(token)


def _hand(text: str, rules: Rules, table: Counter[Card], where: dict[Card, str]) -> tuple[Card, ...]:
    cards: list[Card] = []
    held: Counter[Card] = Counter()
    tally = Tally(rules, table.elements())  # every expedition was checked: the table alone fits the deck
    for token in _split(text):
        source = f"--hand {token}"
        try:
            card = _hand_card(token)
        except NotationError:
            letters = " ".join(colour.letter for colour in rules.colours)
            raise ScoreInputError(
                source,
                _(
                    "can't read {token}: write a card as its colour's letter ({letters}) and 2–10 in plain digits, "
                    "or w for a wager, e.g. r5, bw"
                ).format(token=quoted(token), letters=letters),
            ) from None
        if card.colour not in rules.colours:
            refusal = refusal_clause(IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=card.colour))
            raise ScoreInputError(source, _("{refusal}: add --long").format(refusal=refusal))
        held[card] += 1
        try:
            tally.add(card)
        except NoCopyLeft:
            message = _too_many(card, rules, table[card], held[card], where.get(card, ""))
            raise ScoreInputError(source, message) from None
        cards.append(card)
    return tuple(cards)


def _too_many(card: Card, rules: Rules, on_table: int, in_hand: int, expedition: str) -> str:
    if card.is_wager:
        return _("{card}: there are only {copies} (R2), {table} in the expedition and {hand} in the hand").format(
            card=card_name(card), copies=rules.copies(card), table=on_table, hand=in_hand
        )
    if on_table:
        return _("{card} is already on the table ({expedition}): every card exists once (R2)").format(
            card=card_name(card), expedition=expedition
        )
    return refusal_clause(IllegalMoveError(Reason.DUPLICATE_CARD, (card,)))


def read_players(text: str | None) -> int:
    """``--players``: 2 (the default), 3 (R23) or 4 in two teams (R24), in plain digits.

    >>> read_players(None), read_players(" 3 ")
    (2, 3)
    >>> read_players("5")
    Traceback (most recent call last):
    ...
    lost_cities.score.parse.ScoreInputError: --players 5: give 2, 3 (R23) or 4 players (two teams, R24)
    """
    if text is None:
        return 2
    if text.strip() in {str(count) for count in PLAYER_COUNTS}:
        return int(text.strip())
    raise ScoreInputError(f"--players {text}", _("give 2, 3 (R23) or 4 players (two teams, R24)"))


def hand_size_rule(rules: Rules) -> str:
    """The rule that sets a hand's size: R8, R23a for three players, R24c for a team's two hands."""
    return {3: "R23a", 4: "R24c"}.get(rules.players, "R8")


def _check_hand_size(cards: tuple[Card, ...], rules: Rules) -> None:
    """R8: a round ends with at most a full hand left (R23a: 7; R24c: a team's two hands of 6)."""
    limit = rules.side_hand_size
    if len(cards) <= limit:
        return
    if rules.teams:
        message = ngettext(
            "{count} card, but the two partners' hands hold at most {limit} at the end of a round ({rule})",
            "{count} cards, but the two partners' hands hold at most {limit} at the end of a round ({rule})",
            len(cards),
        )
    else:
        message = ngettext(
            "{count} card, but a hand holds at most {limit} at the end of a round ({rule})",
            "{count} cards, but a hand holds at most {limit} at the end of a round ({rule})",
            len(cards),
        )
    raise ScoreInputError("--hand", message.format(count=len(cards), limit=limit, rule=hand_size_rule(rules)))


def read_side(arguments: Sequence[str], hand: str | None = None, long: bool = False, players: int = 2) -> Side:
    """Read and check the expeditions (and the hand, which switches on R21's penalty).

    ``players`` sets the scoring: three pay 17 per expedition and earn the bonus from the
    7th card (R23b); four score per team, like two (R24).  Raises :class:`ScoreInputError`
    for the first argument that cannot be scored.
    """
    rules = Rules(players=players, long=long, hand_penalty=hand is not None)
    expeditions: dict[Colour, tuple[Card, ...]] = {}
    given: dict[Colour, str] = {}
    for group in _group(arguments):
        colour = _colour(group, rules)
        if colour in given:
            raise ScoreInputError(
                group.source,
                _("{colour} is given twice (also {other}): list each expedition once, with all its cards").format(
                    colour=colour_name(colour), other=given[colour]
                ),
            )
        if not group.tokens:  # `red:` said nothing: an expedition not started is simply left out (R11)
            raise ScoreInputError(
                group.source,
                _(
                    "no cards after the colon: list the {colour} expedition's cards in order, e.g. {example}, "
                    "or leave out a colour that was not started"
                ).format(colour=colour_name(colour), example=f"{group.colour_text.strip()}:w,3,4,7"),
            )
        cards = tuple(_card(token, colour, group.source) for token in group.tokens)
        try:
            check_expedition(colour, cards, rules)
        except IllegalMoveError as error:
            raise ScoreInputError(group.source, refusal_clause(error)) from None
        given[colour] = group.source
        expeditions[colour] = cards
    table = Counter(card for cards in expeditions.values() for card in cards)
    where = {card: given[card.colour] for card in table}
    kept = _hand(hand, rules, table, where) if hand is not None else ()
    _check_hand_size(kept, rules)
    return Side(rules, expeditions, kept)
