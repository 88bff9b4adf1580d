"""The score pad's paper: a whole match of the physical game, marked card by card.

Two players mark the cards they laid on the table, and with the hand penalty (R21) the
cards left in their hands.  Every card exists as often as the deck holds it (R2,
:meth:`Rules.copies`), so a card marked for one player, or in a hand, cannot be marked
again.  Each round is scored by the engine (:func:`score_side`); finished rounds add up
into the match (R17) and :func:`match_outcome` names the winner.

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
lost_cities.score.sheet.MarkRefused: red 6 is already marked for player 0 (table)
>>> sheet.finish_round()[0].total, sheet.totals, sheet.round_number
(0, (0, 0), 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from lost_cities.engine import (
    WAGER,
    Card,
    Colour,
    Outcome,
    Rules,
    SideScore,
    check_expedition,
    match_outcome,
    next_starter,
    parse_cards,
    score_side,
)

_T = TypeVar("_T")

__all__ = ["CELLS", "Cell", "MarkRefused", "Place", "RoundResult", "ScoreSheet", "sheet_from_dict", "sheet_to_dict"]


class Place(StrEnum):
    """Where a marked card lies: on the player's table, or left in hand (R21)."""

    TABLE = "table"
    HAND = "hand"

    @property
    def other(self) -> Place:
        return Place.HAND if self is Place.TABLE else Place.TABLE


class Cell(StrEnum):
    """What one cell of a player's row shows."""

    FREE = "free"
    TABLE = "table"  # on this player's table
    HAND = "hand"  # in this player's hand
    TAKEN = "taken"  # marked for the other player


#: The values of a colour's twelve cells, in order: three wagers, then 2 to 10.
CELLS: tuple[int, ...] = (WAGER, WAGER, WAGER, *range(2, 11))


class MarkRefused(ValueError):
    """A card that cannot be marked: every copy is taken, or its colour is not in the game.

    ``holder`` and ``place`` say who has the (last) copy, when someone does.
    """

    def __init__(self, card: Card, holder: int | None = None, place: Place | None = None) -> None:
        self.card = card
        self.holder = holder
        self.place = place
        where = f"player {holder} ({place})" if holder is not None else "nobody: not in this game"
        super().__init__(f"{card.describe()} is already marked for {where}")


@dataclass(slots=True)
class _Marks:
    table: Counter[Card] = field(default_factory=Counter)
    hand: Counter[Card] = field(default_factory=Counter)

    def at(self, place: Place) -> Counter[Card]:
        return self.table if place is Place.TABLE else self.hand

    def copy(self) -> _Marks:
        return _Marks(Counter(self.table), Counter(self.hand))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: both players' breakdowns, and the marks to reopen it."""

    scores: tuple[SideScore, ...]
    marks: tuple[_Marks, ...]
    rules: Rules

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(score.total for score in self.scores)


class ScoreSheet:
    """A match on paper: the names, the variants, the current marks and the finished rounds."""

    def __init__(self, names: Sequence[str], rounds: int = 3, long: bool = False, hand_penalty: bool = False) -> None:
        if len(names) != 2:
            raise ValueError("the score pad is for two players")
        if rounds < 1:
            raise ValueError(f"a match has at least one round, not {rounds}")
        self.names = tuple(names)
        self.rounds = rounds
        self.rules = Rules(long=long, hand_penalty=hand_penalty)
        self.marks = [_Marks(), _Marks()]
        self.finished: list[RoundResult] = []

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

    def _all_marked(self) -> Counter[Card]:
        total: Counter[Card] = Counter()
        for marks in self.marks:
            total += marks.table
            total += marks.hand
        return total

    def uses(self, colour: Colour) -> bool:
        """True when a card of ``colour`` is marked for anyone, anywhere."""
        return any(card.colour is colour for card in self._all_marked())

    def count(self, player: int, card: Card, place: Place) -> int:
        return self.marks[player].at(place)[card]

    def free(self, card: Card) -> int:
        """How many copies of ``card`` nobody has marked yet (R2)."""
        return self.rules.copies(card) - self._all_marked()[card]

    def mark(self, player: int, card: Card, place: Place = Place.TABLE) -> None:
        """Mark one copy of ``card`` for ``player``; :class:`MarkRefused` if none is free."""
        if self.free(card) <= 0:
            raise MarkRefused(card, *self._holder(card, player))
        self.marks[player].at(place)[card] += 1

    def unmark(self, player: int, card: Card, place: Place = Place.TABLE) -> None:
        marks = self.marks[player].at(place)
        if marks[card] > 0:
            marks[card] -= 1
            if not marks[card]:
                del marks[card]

    def _holder(self, card: Card, asking: int) -> tuple[int | None, Place | None]:
        """Who has a copy of ``card``: the other player first, as that is who blocks ``asking``."""
        for player in (1 - asking, asking):
            for place in Place:
                if self.count(player, card, place):
                    return player, place
        return None, None

    def cells(self, player: int, colour: Colour) -> tuple[Cell, ...]:
        """The twelve cells of a row (:data:`CELLS`), as this player sees them.

        The wager cells show this player's table wagers, then hand wagers, then free ones,
        then the other player's.
        """
        other = 1 - player
        wager = Card(colour, WAGER)
        table, hand = self.count(player, wager, Place.TABLE), self.count(player, wager, Place.HAND)
        theirs = self.count(other, wager, Place.TABLE) + self.count(other, wager, Place.HAND)
        copies = self.rules.copies(wager)
        wagers = [Cell.TABLE] * table + [Cell.HAND] * hand
        wagers += [Cell.FREE] * (copies - table - hand - theirs) + [Cell.TAKEN] * theirs
        numbers = []
        for value in CELLS[3:]:
            card = Card(colour, value)
            if self.count(player, card, Place.TABLE):
                numbers.append(Cell.TABLE)
            elif self.count(player, card, Place.HAND):
                numbers.append(Cell.HAND)
            elif self.free(card) <= 0:
                numbers.append(Cell.TAKEN)
            else:
                numbers.append(Cell.FREE)
        return (*wagers, *numbers)

    def press(self, player: int, colour: Colour, index: int, place: Place = Place.TABLE) -> None:
        """A tap on cell ``index`` of a row, marking in ``place``.

        A card marked there is unmarked; one marked in the player's other place moves here;
        a free one is marked; the other player's is refused with :class:`MarkRefused`.
        """
        card = Card(colour, CELLS[index])
        cell = self.cells(player, colour)[index]
        if cell is Cell.TAKEN:
            raise MarkRefused(card, *self._holder(card, player))
        if cell.value == place.value:
            self.unmark(player, card, place)
        elif cell is Cell.FREE:
            self.mark(player, card, place)
        else:
            self.unmark(player, card, place.other)
            self.marks[player].at(place)[card] += 1

    def toggle(self, player: int, card: Card, place: Place = Place.TABLE) -> None:
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
            self.press(player, card.colour, CELLS.index(card.value), place)
        elif self.free(card) > 0:
            self.mark(player, card, place)
        elif self.count(player, card, place):
            del self.marks[player].at(place)[card]
        else:
            raise MarkRefused(card, *self._holder(card, player))

    def clear(self, player: int, colour: Colour) -> None:
        """Unmark a player's whole row, on the table and in hand."""
        for place in Place:
            marks = self.marks[player].at(place)
            for card in [card for card in marks if card.colour is colour]:
                del marks[card]

    # -- scoring -------------------------------------------------------------------------

    def expedition(self, player: int, colour: Colour) -> tuple[Card, ...]:
        """The player's cards of that colour in the only order they can lie (R6a)."""
        table = self.marks[player].table
        return tuple(sorted(card for card in table.elements() if card.colour is colour))

    def hand(self, player: int) -> tuple[Card, ...]:
        return tuple(sorted(self.marks[player].hand.elements()))

    def score(self, player: int) -> SideScore:
        """The player's round as it stands, scored by the engine (R11-R16, R20, R21)."""
        expeditions = {colour: self.expedition(player, colour) for colour in self.rules.colours}
        for colour, cards in expeditions.items():
            check_expedition(colour, cards, self.rules)
        return score_side(expeditions, self.hand(player), self.rules)

    @property
    def blank(self) -> bool:
        """True when nothing is marked in the current round."""
        return not self._all_marked()

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
        """The match totals of the finished rounds (R17)."""
        return tuple(sum(result.totals[player] for result in self.finished) for player in (0, 1))

    @property
    def running(self) -> tuple[int, ...]:
        """The match totals if the current round ended now."""
        if self.over:
            return self.totals
        return tuple(total + self.score(player).total for player, total in enumerate(self.totals))

    def finish_round(self) -> tuple[SideScore, ...]:
        """Score the round, add it to the match and clear the marks for the next one."""
        if self.over:
            raise ValueError("the match is over")
        scores = (self.score(0), self.score(1))
        self.finished.append(RoundResult(scores, tuple(marks.copy() for marks in self.marks), self.rules))
        self.marks = [_Marks(), _Marks()]
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
        """R18: who starts the round after the last finished one; ``None`` on equal scores.

        (house) On equal scores the player who did not start that round starts, which the
        pad cannot know: it says so instead.
        """
        if not self.finished or len(set(self.finished[-1].totals)) == 1:
            return None
        return next_starter(self.rules, self.finished[-1].totals, [0]).seat

    @property
    def outcome(self) -> Outcome | None:
        """The engine's result once every round is finished (R17), else ``None``."""
        return match_outcome(self.totals) if self.over else None

    def new_match(self) -> None:
        """Start again with the same players, rounds and variants."""
        self.marks = [_Marks(), _Marks()]
        self.finished = []


#: The version of :meth:`ScoreSheet.to_dict`'s layout.
SHEET_FORMAT = 1


def _marks_to_dict(marks: _Marks) -> dict[str, str]:
    return {place.value: " ".join(str(card) for card in sorted(marks.at(place).elements())) for place in Place}


def _rules_to_dict(rules: Rules) -> dict[str, bool]:
    return {"long": rules.long, "hand_penalty": rules.hand_penalty}


def sheet_to_dict(sheet: ScoreSheet) -> dict[str, object]:
    """The sheet as plain JSON-ready data, cards in the engine's notation.

    >>> sheet = ScoreSheet(("Ann", "Bob"))
    >>> sheet.mark(0, Card(Colour.RED, 7))
    >>> sheet_from_dict(sheet_to_dict(sheet)).expedition(0, Colour.RED)
    (Card.parse('r7'),)
    """
    return {
        "format": SHEET_FORMAT,
        "names": list(sheet.names),
        "rounds": sheet.rounds,
        "rules": _rules_to_dict(sheet.rules),
        "finished": [
            {"rules": _rules_to_dict(result.rules), "marks": [_marks_to_dict(m) for m in result.marks]}
            for result in sheet.finished
        ],
        "marks": [_marks_to_dict(m) for m in sheet.marks],
    }


def _field(source: object, key: str) -> object:
    if not isinstance(source, dict) or key not in source:
        raise ValueError(f"the score pad has no {key!r}")
    return source[key]


def _typed(value: object, kind: type[_T], key: str) -> _T:
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise ValueError(f"the score pad's {key!r} is not a {kind.__name__}")
    return value


def _rules_of(source: object) -> tuple[bool, bool]:
    raw = _field(source, "rules")
    return _typed(_field(raw, "long"), bool, "long"), _typed(_field(raw, "hand_penalty"), bool, "hand_penalty")


def _marks_into(sheet: ScoreSheet, source: object) -> None:
    players = _typed(_field(source, "marks"), list, "marks")
    if len(players) != 2:
        raise ValueError("the score pad's marks must be two players'")
    for player, marks in enumerate(players):
        for place in Place:
            for card in parse_cards(_typed(_field(marks, place.value), str, place.value)):
                sheet.mark(player, card, place)


def sheet_from_dict(data: object) -> ScoreSheet:
    """Rebuild a sheet from :func:`sheet_to_dict`'s data, every mark checked again (R2, R20).

    Raises :class:`ValueError` (a :class:`MarkRefused`, a ``NotationError``...) on anything wrong.
    """
    if _field(data, "format") != SHEET_FORMAT:
        raise ValueError("the score pad was saved in an unknown format")
    names = _typed(_field(data, "names"), list, "names")
    if len(names) != 2 or not all(isinstance(name, str) and name.strip() for name in names):
        raise ValueError("the score pad needs two names")
    rounds = _typed(_field(data, "rounds"), int, "rounds")
    long, hand_penalty = _rules_of(data)
    sheet = ScoreSheet(names, rounds, long, hand_penalty)
    for result in _typed(_field(data, "finished"), list, "finished"):
        round_long, round_penalty = _rules_of(result)
        sheet.set_hand_penalty(round_penalty)
        sheet.set_long(round_long)
        _marks_into(sheet, result)
        sheet.finish_round()
    sheet.set_hand_penalty(hand_penalty)
    sheet.set_long(long)
    _marks_into(sheet, data)
    return sheet
