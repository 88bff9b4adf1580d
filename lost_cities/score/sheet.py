"""The score pad's paper: a whole match of the physical game, marked card by card.

Each side -- a player, or with four players a team of partners (R24) -- marks the cards it
laid on the table, and with the hand penalty (R21) the cards left in hand.  Every card
exists as often as the deck holds it (R2, counted by :class:`~lost_cities.score.tally.Tally`),
so a card marked for one side, or in a hand, cannot be marked again.  Each round is scored
by the engine (:func:`score_side`, with the rules for the number of players: R23b's cost 17
and bonus from the 7th card for three); finished rounds add up into the match (R17) and
:func:`match_outcome` names the winner.

Each colour is a row of twelve cells, three wagers then 2-10, and :meth:`ScoreSheet.press`
is what a tap on a cell does:

>>> sheet = ScoreSheet(("Ann", "Bob"))
>>> for index in (0, 1, 3, 4, 7, 10):  # two wagers, then 2, 3, 6 and 9
...     sheet.press(0, Colour.RED, index)
>>> [str(card) for card in sheet.expedition(0, Colour.RED)], sheet.score(0).total
(['rw', 'rw', 'r2', 'r3', 'r6', 'r9'], 0)
>>> sheet.press(1, Colour.RED, 7)
Traceback (most recent call last):
...
lost_cities.score.sheet.MarkRefused: red 6 is already marked for side 0 (table)
>>> sheet.finish_round()[0].total, sheet.totals, sheet.round_number
(0, (0, 0), 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import Annotated

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType, field

from lost_cities.engine import (
    PLAYER_COUNTS,
    WAGER,
    Card,
    Colour,
    Outcome,
    Rules,
    SideScore,
    check_expedition,
    match_outcome,
    parse_cards,
    score_side,
)
from lost_cities.engine.codec import FieldError, decode, encode
from lost_cities.limits import MAX_ROUNDS, check_names
from lost_cities.score.tally import NoCopyLeft, Tally
from lost_cities.words import shown_names, side_names

__all__ = [
    "CELLS",
    "SHEET_FORMAT",
    "Cell",
    "HandFull",
    "MarkRefused",
    "PadFile",
    "Place",
    "RoundResult",
    "ScoreSheet",
    "highest",
    "pad_file",
    "pad_from_json",
    "pad_to_json",
    "sheet_of",
]


class Place(StrEnum):
    """Where a marked card lies: on the side's table, or left in hand (R21)."""

    TABLE = "table"
    HAND = "hand"

    @property
    def other(self) -> Place:
        return Place.HAND if self is Place.TABLE else Place.TABLE


class Cell(StrEnum):
    """What one cell of a side's row shows."""

    FREE = "free"
    TABLE = "table"  # on this side's table
    HAND = "hand"  # in this side's hand
    TAKEN = "taken"  # marked for another side


#: The values of a colour's twelve cells, in order: three wagers, then 2 to 10.
CELLS: tuple[int, ...] = (WAGER, WAGER, WAGER, *range(2, 11))


class MarkRefused(ValueError):
    """A card that cannot be marked: every copy is taken, or its colour is not in the game.

    ``holder`` and ``place`` say which side has the (last) copy, and where, when a side
    does; the holder may be the side that asked, when it has the card in its other place.
    """

    def __init__(self, card: Card, holder: int | None = None, place: Place | None = None, why: str = "") -> None:
        self.card = card
        self.holder = holder
        self.place = place
        where = f"side {holder} ({place})" if holder is not None else "nobody: not in this game"
        super().__init__(why or f"{card.describe()} is already marked for {where}")


class HandFull(MarkRefused):
    """A side's hand already holds as many cards as a round can leave in it (R8, R23a, R24c)."""

    def __init__(self, card: Card, side: int, limit: int) -> None:
        super().__init__(card, side, Place.HAND, f"side {side} already holds {limit} cards in hand")
        self.limit = limit


class _Marks(Struct):
    table: Counter[Card] = field(default_factory=Counter)
    hand: Counter[Card] = field(default_factory=Counter)

    def at(self, place: Place) -> Counter[Card]:
        return self.table if place is Place.TABLE else self.hand

    def copy(self) -> _Marks:
        return _Marks(Counter(self.table), Counter(self.hand))


class RoundResult(Struct, frozen=True):
    """A finished round: every side's breakdown, and the marks to reopen it."""

    scores: tuple[SideScore, ...]
    marks: tuple[_Marks, ...]
    rules: Rules

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(score.total for score in self.scores)


def highest(scores: Sequence[int]) -> tuple[int, ...]:
    """The sides with the highest round score: who may start the next round (R18, R23e, R24e).

    >>> highest((12, 30, 30)), highest((5, -3))
    ((1, 2), (0,))
    """
    best = max(scores)
    return tuple(side for side, score in enumerate(scores) if score == best)


class ScoreSheet:
    """A match on paper: the names, the variants, the current marks and the finished rounds.

    ``names`` are the players in seat order (turn order, R23d, R24a): two, three, or four
    playing in teams, seats 1 and 3 against seats 2 and 4.  Everything else is per side.
    """

    def __init__(self, names: Sequence[str], rounds: int = 3, long: bool = False, hand_penalty: bool = False) -> None:
        if len(names) not in PLAYER_COUNTS:
            raise ValueError(f"the score pad is for 2, 3 or 4 players, not {len(names)}")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise ValueError(f"a match has 1 to {MAX_ROUNDS} rounds, not {rounds}")
        self.names = tuple(names)
        self.rounds = rounds
        self.rules = Rules(players=len(names), long=long, hand_penalty=hand_penalty)
        #: each side's name: a player's, or the partners' ("Ana & Carl"); a default name (Player 2) in today's
        #: language, whatever language the pad was started in
        self.side_names = side_names(shown_names(self.names), self.rules)
        self.marks = self._blank()
        self.finished: list[RoundResult] = []

    def _blank(self) -> list[_Marks]:
        return [_Marks() for _side in range(self.sides)]

    @property
    def sides(self) -> int:
        """How many sides mark cards: the players, or the two teams (R24)."""
        return self.rules.sides

    # -- the variants -------------------------------------------------------------------

    def set_long(self, long: bool) -> None:
        """R20 on or off for this round on; purple cards must be unmarked before it goes off."""
        if not long and self.uses(Colour.PURPLE):
            raise ValueError("unmark the purple cards first")
        self.rules = self.rules.with_changes(long=long)

    def set_hand_penalty(self, on: bool) -> None:
        """R21 on or off; the cards marked in hand stay marked, and count only while it is on."""
        self.rules = self.rules.with_changes(hand_penalty=on)

    # -- marking --------------------------------------------------------------------------

    def _marked(self) -> Iterator[Card]:
        for marks in self.marks:
            yield from marks.table.elements()
            yield from marks.hand.elements()

    def tally(self) -> Tally:
        """Every card marked, for any side, anywhere: R2's count of what is left."""
        return Tally(self.rules, self._marked())

    def uses(self, colour: Colour) -> bool:
        """True when a card of ``colour`` is marked for any side, anywhere."""
        return any(card.colour is colour for card in self._marked())

    def count(self, side: int, card: Card, place: Place) -> int:
        return self.marks[side].at(place)[card]

    @property
    def hand_limit(self) -> int:
        """The most cards a side can have left in hand (R8; both partners' hands, R24)."""
        return self.rules.side_hand_size

    def mark(self, side: int, card: Card, place: Place = Place.TABLE) -> None:
        """Mark one copy of ``card`` for ``side``; :class:`MarkRefused` if none is free,
        :class:`HandFull` if the side's hand cannot hold one more card."""
        try:
            self.tally().add(card)
        except NoCopyLeft:
            raise MarkRefused(card, *self._holder(card, side)) from None
        if place is Place.HAND and self.marks[side].hand.total() >= self.hand_limit:
            raise HandFull(card, side, self.hand_limit)
        self.marks[side].at(place)[card] += 1

    def unmark(self, side: int, card: Card, place: Place = Place.TABLE) -> None:
        marks = self.marks[side].at(place)
        if marks[card] > 0:
            marks[card] -= 1
            if not marks[card]:
                del marks[card]

    def _holder(self, card: Card, asking: int) -> tuple[int | None, Place | None]:
        """Who has a copy of ``card``: the other sides first, in turn order, as they block ``asking``."""
        for offset in (*range(1, self.sides), 0):
            side = (asking + offset) % self.sides
            for place in Place:
                if self.count(side, card, place):
                    return side, place
        return None, None

    def cells(self, side: int, colour: Colour) -> tuple[Cell, ...]:
        """The twelve cells of a row (:data:`CELLS`), as this side sees them.

        The wager cells show this side's table wagers, then hand wagers, then free ones,
        then the other sides'.
        """
        tally = self.tally()
        wager = Card(colour, WAGER)
        table, hand = self.count(side, wager, Place.TABLE), self.count(side, wager, Place.HAND)
        free = tally.left(wager)
        wagers = [Cell.TABLE] * table + [Cell.HAND] * hand
        wagers += [Cell.FREE] * free + [Cell.TAKEN] * (self.rules.copies(wager) - table - hand - free)
        numbers = []
        for value in CELLS[3:]:
            card = Card(colour, value)
            if self.count(side, card, Place.TABLE):
                numbers.append(Cell.TABLE)
            elif self.count(side, card, Place.HAND):
                numbers.append(Cell.HAND)
            elif tally.left(card) <= 0:
                numbers.append(Cell.TAKEN)
            else:
                numbers.append(Cell.FREE)
        return (*wagers, *numbers)

    def press(self, side: int, colour: Colour, index: int, place: Place = Place.TABLE) -> None:
        """A tap on cell ``index`` of a row, marking in ``place``.

        A card marked there is unmarked; a free one is marked.  Another side's is refused
        with :class:`MarkRefused`, and so is one this side has in the other place (on the
        table while marking the hand, or the reverse): a tap never moves a card out of sight,
        the player unmarks it where it is and marks it again.
        """
        card = Card(colour, CELLS[index])
        cell = self.cells(side, colour)[index]
        if cell is Cell.TAKEN:
            raise MarkRefused(card, *self._holder(card, side))
        if cell.value == place.value:
            self.unmark(side, card, place)
        elif cell is Cell.FREE:
            self.mark(side, card, place)
        else:
            raise MarkRefused(card, side, place.other)

    def toggle(self, side: int, card: Card, place: Place = Place.TABLE) -> None:
        """A number card: as :meth:`press` on its cell.  A wager: one more, or back to none.

        >>> sheet = ScoreSheet(("Ann", "Bob"))
        >>> wager = Card.parse("bw")
        >>> counts = []
        >>> for _ in range(4):
        ...     sheet.toggle(0, wager)
        ...     counts.append(sheet.count(0, wager, Place.TABLE))
        >>> counts
        [1, 2, 3, 0]
        """
        if not card.is_wager:
            self.press(side, card.colour, CELLS.index(card.value), place)
        elif self.tally().left(card) > 0:  # a copy no side has marked yet (R2)
            self.mark(side, card, place)
        elif self.count(side, card, place):
            del self.marks[side].at(place)[card]
        else:
            raise MarkRefused(card, *self._holder(card, side))

    def clear(self, side: int, colour: Colour) -> None:
        """Unmark a side's whole row, on the table and in hand."""
        for place in Place:
            marks = self.marks[side].at(place)
            for card in [card for card in marks if card.colour is colour]:
                del marks[card]

    # -- scoring -------------------------------------------------------------------------

    def expedition(self, side: int, colour: Colour) -> tuple[Card, ...]:
        """The side's cards of that colour in the only order they can lie (R6a)."""
        table = self.marks[side].table
        return tuple(sorted(card for card in table.elements() if card.colour is colour))

    def hand(self, side: int) -> tuple[Card, ...]:
        return tuple(sorted(self.marks[side].hand.elements()))

    def score(self, side: int) -> SideScore:
        """The side's round as it stands, scored by the engine (R11-R16, R20, R21, R23b)."""
        expeditions = {colour: self.expedition(side, colour) for colour in self.rules.colours}
        for colour, cards in expeditions.items():
            check_expedition(colour, cards, self.rules)
        return score_side(expeditions, self.hand(side), self.rules)

    def scores(self) -> tuple[int, ...]:
        """Every side's round total as the round stands."""
        return tuple(self.score(side).total for side in range(self.sides))

    @property
    def blank(self) -> bool:
        """True when nothing is marked in the current round."""
        return next(self._marked(), None) is None

    # -- the match ---------------------------------------------------------------------------

    @property
    def round_number(self) -> int:
        """The round being marked, 1-based (``rounds + 1`` once the match is over)."""
        return len(self.finished) + 1

    @property
    def over(self) -> bool:
        return len(self.finished) >= self.rounds

    @property
    def totals(self) -> tuple[int, ...]:
        """The match totals of the finished rounds (R17), per side."""
        return tuple(sum(result.totals[side] for result in self.finished) for side in range(self.sides))

    @property
    def running(self) -> tuple[int, ...]:
        """The match totals if the current round ended now."""
        if self.over:
            return self.totals
        return tuple(total + score for total, score in zip(self.totals, self.scores(), strict=True))

    def finish_round(self) -> tuple[SideScore, ...]:
        """Score the round, add it to the match and clear the marks for the next one."""
        if self.over:
            raise ValueError("the match is over")
        scores = tuple(self.score(side) for side in range(self.sides))
        self.finished.append(RoundResult(scores, tuple(marks.copy() for marks in self.marks), self.rules))
        self.marks = self._blank()
        return scores

    def reopen_round(self) -> None:
        """Take the last finished round back to correct it; only while the current round is blank."""
        if not self.finished:
            raise ValueError("no round has been finished")
        if not self.blank:
            raise ValueError("the current round has marks")
        result = self.finished.pop()
        self.marks = [marks.copy() for marks in result.marks]
        self.rules = result.rules

    def next_starter(self) -> int | None:
        """Who starts the round after the last finished one, when the scores alone say so.

        The side with the highest round score starts (R18, R23e, R24e).  (house) Among equal
        highest scores it depends on who started the round, which the pad does not know:
        ``None``, and the pad says how the players decide.  With four, the side is a team.
        """
        if not self.finished:
            return None
        leaders = highest(self.finished[-1].totals)
        return leaders[0] if len(leaders) == 1 else None

    @property
    def outcome(self) -> Outcome | None:
        """The engine's result once every round is finished (R17), else ``None``."""
        return match_outcome(self.totals) if self.over else None

    def new_match(self) -> None:
        """Start again with the same players, rounds and variants."""
        self.marks = self._blank()
        self.finished = []


#: The version of the pad file's layout (:class:`PadFile`).  1: two players; 2: ``players`` (2, 3 or 4).
SHEET_FORMAT = 2


class PadRules(Struct, frozen=True):
    """The variants a round of the pad was marked under (R20, R21)."""

    long: bool
    hand_penalty: bool


class PadMarks(Struct, frozen=True):
    """One side's marks, in the engine's notation: the cards on its table and those left in hand."""

    table: str
    hand: str


class PadRound(Struct, frozen=True):
    """A finished round of the pad."""

    rules: PadRules
    marks: tuple[PadMarks, ...]


class PadFile(Struct, frozen=True):
    """The pad's file, field for field, read and written by the engine's codec.

    Reading it types every field; :func:`sheet_of` then marks every card again, so the
    rules check them as they checked them when they were marked (R2, R8, R20).
    """

    format: Annotated[int, Meta(ge=1, le=SHEET_FORMAT)]
    names: tuple[str, ...]
    rounds: Annotated[int, Meta(ge=1, le=MAX_ROUNDS)]
    rules: PadRules
    finished: tuple[PadRound, ...]
    marks: tuple[PadMarks, ...]
    #: absent in format 1, which is two players
    players: int | UnsetType = UNSET


def _marks_of(marks: _Marks) -> PadMarks:
    table, hand = (" ".join(str(card) for card in sorted(marks.at(place).elements())) for place in Place)
    return PadMarks(table=table, hand=hand)


def _rules_of(rules: Rules) -> PadRules:
    return PadRules(long=rules.long, hand_penalty=rules.hand_penalty)


def pad_file(sheet: ScoreSheet) -> PadFile:
    """The sheet in its file's form: cards in the engine's notation, marks per side.

    >>> sheet = ScoreSheet(("Ann", "Bob", "Carl"))
    >>> sheet.mark(2, Card(Colour.RED, 7))
    >>> again = sheet_of(decode(encode(pad_file(sheet)), PadFile))
    >>> again.expedition(2, Colour.RED), again.rules.expedition_cost
    ((Card.parse('r7'),), 17)
    """
    return PadFile(
        format=SHEET_FORMAT,
        players=len(sheet.names),
        names=sheet.names,
        rounds=sheet.rounds,
        rules=_rules_of(sheet.rules),
        finished=tuple(
            PadRound(_rules_of(result.rules), tuple(_marks_of(m) for m in result.marks)) for result in sheet.finished
        ),
        marks=tuple(_marks_of(m) for m in sheet.marks),
    )


def _round_into(sheet: ScoreSheet, marked: PadRound) -> None:
    """A round of the file marked on the sheet again, under its variants."""
    sheet.set_hand_penalty(marked.rules.hand_penalty)
    sheet.set_long(marked.rules.long)
    if len(marked.marks) != sheet.sides:
        raise FieldError("marks")
    for side, marks in enumerate(marked.marks):
        for place, cards in ((Place.TABLE, marks.table), (Place.HAND, marks.hand)):
            for card in parse_cards(cards):
                sheet.mark(side, card, place)


def sheet_of(file: PadFile) -> ScoreSheet:
    """Rebuild a sheet from its file, every mark checked again (R2, R8, R20).

    Format 1 (two players, before three and four were scored) still loads.  Raises
    :class:`ValueError` (a ``FieldError``, a :class:`MarkRefused`, a ``NotationError``...) on
    anything wrong, and nothing else whatever the file holds.
    """
    if file.format == 1:
        players = 2
    elif isinstance(file.players, UnsetType) or file.players not in PLAYER_COUNTS:
        raise FieldError("players")
    else:
        players = file.players
    if len(file.names) != players:
        raise FieldError("names")
    names = check_names(file.names)  # the one rule for names (a PlayerNamesError is a ValueError)
    if len(file.finished) > file.rounds:
        raise FieldError("finished")
    sheet = ScoreSheet(names, file.rounds, file.rules.long, file.rules.hand_penalty)
    for result in file.finished:
        _round_into(sheet, result)
        sheet.finish_round()
    _round_into(sheet, PadRound(file.rules, file.marks))  # the round being marked
    return sheet


def pad_to_json(sheet: ScoreSheet) -> str:
    """The pad's file as text, indented for people who open it."""
    return msgspec.json.format(encode(pad_file(sheet)), indent=1).decode() + "\n"


def pad_from_json(data: bytes | str) -> ScoreSheet:
    """The sheet a pad file holds; a :class:`ValueError` for anything else (not JSON, a wrong field, a
    mark the rules refuse)."""
    return sheet_of(decode(data, PadFile))
