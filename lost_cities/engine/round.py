"""One round of Lost Cities (R4–R15): the state, its legal choices, and its record.

Two entry points, as in OpenSpiel: a *checked* one for people
(:meth:`Round.play` / :meth:`Round.draw` take :class:`Play` / :class:`Draw`
values or their notation, and raise :class:`IllegalMoveError` naming the rule)
and a *fast* one for machines (:meth:`Round.legal_play_codes`,
:meth:`Round.play_code`, ...) on plain ints, with no checks.

>>> r = Round(seed=7)
>>> r.draw_pile_size, len(r.hand(0)), r.to_move
(44, 8, 0)
>>> first = r.legal_plays()[0]
>>> r.play(first); r.draw("n")
>>> r.to_move, len(r.hand(0)), r.draw_pile_size
(1, 8, 43)
>>> Round(seed=7).play("+y5")
Traceback (most recent call last):
...
lost_cities.engine.errors.IllegalMoveError: R6: yellow 5 is not in the hand

The hands are kept sorted, so two rounds with the same history compare equal.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass, field
from enum import Enum

from lost_cities.engine.cards import CARD_BY_CODE, Card, Colour, card_from_code
from lost_cities.engine.errors import IllegalMoveError, NotationError, Reason
from lost_cities.engine.fields import read_field
from lost_cities.engine.moves import DRAW_PILE, Draw, Play
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import SideScore, score_side

__all__ = ["Phase", "Round", "RoundRecord", "TurnRecord"]

_PLAY, _DRAW, _OVER = 0, 1, 2


class Phase(Enum):
    """Where the round stands: a card to play, a card to draw, or over (R10)."""

    PLAY = _PLAY
    DRAW = _DRAW
    OVER = _OVER


def fresh_deck(rules: Rules) -> list[int]:
    """All card codes of the game in a fixed order (R2): 12 per colour."""
    per_colour = [1] * rules.wagers_per_colour + list(range(2, 11))
    return [colour * 16 + v for colour in range(len(rules.colours)) for v in per_colour]


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A turn as it happened.  ``drawn`` is the card taken; only a discard-pile draw is public."""

    seat: int
    play: Play
    draw: Draw | None
    drawn: Card | None

    def __str__(self) -> str:
        return str(self.play) if self.draw is None else f"{self.play} {self.draw}"


class Round:
    """A round in progress.  Seats are 0 and 1; in two-player play a seat's side is the seat."""

    __slots__ = (
        "_log",
        "_ncolours",
        "_phase",
        "closed",
        "deck",
        "discards",
        "expeditions",
        "hands",
        "rules",
        "seed",
        "starter",
        "to_move",
        "tops",
    )

    def __init__(self, rules: Rules | None = None, seed: int = 0, starter: int = 0) -> None:
        rules = rules or Rules()
        if rules.players != 2:
            raise ValueError(f"{rules.players}-player play (R23/R24) is not playable yet")
        if starter not in (0, 1):
            raise ValueError(f"the starting seat must be 0 or 1, not {starter}")
        self.rules = rules
        self.seed = seed
        self.starter = starter
        ncolours = len(rules.colours)
        self._ncolours = ncolours
        deck = fresh_deck(rules)
        random.Random(seed).shuffle(deck)  # R4: a round is dealt from its seed
        size = rules.hand_size
        self.hands: list[list[int]] = [sorted(deck[i * size : (i + 1) * size]) for i in range(rules.players)]
        del deck[: rules.players * size]
        self.deck: list[int] = deck  # the draw pile; its top is the end of the list
        self.expeditions: list[list[int]] = [[] for _ in range(rules.sides * ncolours)]
        #: per expedition, the value of its last card (1 for a wager, 0 when empty)
        self.tops: list[int] = [0] * (rules.sides * ncolours)
        self.discards: list[list[int]] = [[] for _ in range(ncolours)]
        self.to_move = starter
        #: the colour discarded onto this turn (R7), or -1
        self.closed = -1
        self._phase = _PLAY
        #: every decision so far: play codes at even places; at odd places each draw,
        #: with the card it took: ``card_code * 8 + draw_code + 1``
        self._log: list[int] = []

    # ------------------------------------------------------------------ fast path

    def legal_play_codes(self) -> list[int]:
        """Every legal play as a code (``card_code * 2 + discard``), without repeats."""
        if self._phase:
            return []
        tops = self.tops
        base = self.to_move * self._ncolours
        out: list[int] = []
        previous = -1
        for code in self.hands[self.to_move]:
            if code != previous:
                previous = code
                # a wager (1) fits while the top is 0 or 1; a number must exceed the top
                if code & 15 >= tops[base + (code >> 4)]:
                    out.append(code * 2)
                out.append(code * 2 + 1)
        return out

    def legal_draw_codes(self) -> list[int]:
        """Every legal draw as a code: :data:`DRAW_PILE` first, then open discard piles."""
        if self._phase != _DRAW:
            return []
        closed = self.closed
        return [DRAW_PILE] + [c for c, pile in enumerate(self.discards) if pile and c != closed]

    def play_code(self, play: int) -> None:
        """Apply a play code without any check (the caller took it from the legal list)."""
        code = play >> 1
        self.hands[self.to_move].remove(code)
        colour = code >> 4
        if play & 1:
            self.discards[colour].append(code)
            self.closed = colour
        else:
            index = self.to_move * self._ncolours + colour
            self.tops[index] = code & 15
            self.expeditions[index].append(code)
            self.closed = -1
        self._phase = _DRAW
        self._log.append(play)

    def draw_code(self, draw: int) -> None:
        """Apply a draw code without any check; ends the round on the last card (R10)."""
        code = self.deck.pop() if draw < 0 else self.discards[draw].pop()
        insort(self.hands[self.to_move], code)
        self._log.append(code * 8 + draw + 1)
        self.closed = -1
        if self.deck:
            self.to_move ^= 1
            self._phase = _PLAY
        else:
            self._phase = _OVER

    def undo(self) -> None:
        """Take back the last decision, play or draw (a stack, as python-chess's ``pop``)."""
        if not self._log:
            raise IllegalMoveError(Reason.NOTHING_TO_UNDO)
        if self._phase == _DRAW:
            play = self._log.pop()
            code = play >> 1
            colour = code >> 4
            if play & 1:
                self.discards[colour].pop()
            else:
                index = self.to_move * self._ncolours + colour
                cards = self.expeditions[index]
                cards.pop()
                self.tops[index] = cards[-1] & 15 if cards else 0
            insort(self.hands[self.to_move], code)
            self._phase = _PLAY
            self.closed = -1
            return
        entry = self._log.pop()
        code, draw = entry >> 3, (entry & 7) - 1
        if self._phase == _PLAY:
            self.to_move ^= 1
        self.hands[self.to_move].remove(code)
        if draw < 0:
            self.deck.append(code)
        else:
            self.discards[draw].append(code)
        play = self._log[-1]
        self.closed = (play >> 5) if play & 1 else -1
        self._phase = _DRAW

    def side_totals(self) -> list[int]:
        """Each side's round score as plain ints (R11–R15, R21), without a breakdown."""
        rules = self.rules
        cost, threshold, bonus = rules.expedition_cost, rules.bonus_threshold, rules.bonus
        totals = []
        for side in range(rules.sides):
            total = 0
            for cards in self.expeditions[side * self._ncolours : (side + 1) * self._ncolours]:
                if cards:
                    wagers = 0
                    points = 0
                    for code in cards:
                        value = code & 15
                        if value == 1:
                            wagers += 1
                        else:
                            points += value
                    total += (points - cost) * (wagers + 1) + (bonus if len(cards) >= threshold else 0)
            if rules.hand_penalty:
                total -= sum(code & 15 for code in self.hands[side] if code & 15 > 1)
            totals.append(total)
        return totals

    def copy(self) -> Round:
        """An independent copy (cheap: lists of ints)."""
        other = Round.__new__(Round)
        other.rules = self.rules
        other.seed = self.seed
        other.starter = self.starter
        other._ncolours = self._ncolours
        other.hands = [hand[:] for hand in self.hands]
        other.deck = self.deck[:]
        other.expeditions = [cards[:] for cards in self.expeditions]
        other.tops = self.tops[:]
        other.discards = [pile[:] for pile in self.discards]
        other.to_move = self.to_move
        other.closed = self.closed
        other._phase = self._phase
        other._log = self._log[:]
        return other

    # ---------------------------------------------------------------- checked API

    @property
    def phase(self) -> Phase:
        return Phase(self._phase)

    @property
    def over(self) -> bool:
        return self._phase == _OVER

    @property
    def draw_pile_size(self) -> int:
        """R9: public at all times."""
        return len(self.deck)

    @property
    def turns_played(self) -> int:
        """Completed turns (a play and its draw)."""
        return len(self._log) // 2

    @property
    def colours(self) -> tuple[Colour, ...]:
        return self.rules.colours

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand, sorted by colour then value.  Private (H2): views decide who sees it."""
        return tuple(CARD_BY_CODE[code] for code in self.hands[seat])  # type: ignore[misc]

    def expedition(self, side: int, colour: Colour) -> tuple[Card, ...]:
        """The cards of one expedition in the order they were laid."""
        return tuple(CARD_BY_CODE[code] for code in self.expeditions[side * self._ncolours + colour])  # type: ignore[misc]

    def discard_pile(self, colour: Colour) -> tuple[Card, ...]:
        """A discard pile, bottom first; only the top (last) card is public (R3)."""
        return tuple(CARD_BY_CODE[code] for code in self.discards[colour])  # type: ignore[misc]

    def legal_plays(self) -> list[Play]:
        """Every legal play for the seat to move; empty unless a card is to be played."""
        return [Play.from_code(code) for code in self.legal_play_codes()]

    def legal_draws(self) -> list[Draw]:
        """Every legal draw for the seat to move; empty unless a card is to be drawn."""
        return [Draw.from_code(code) for code in self.legal_draw_codes()]

    def check_play(self, play: Play) -> None:
        """Raise :class:`IllegalMoveError` unless ``play`` is legal now (R6, R6a, R20)."""
        if self._phase == _OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase == _DRAW:
            raise IllegalMoveError(Reason.DRAW_FIRST)
        card = play.card
        if card.colour not in self.rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, (card,))
        if card.code not in self.hands[self.to_move]:
            raise IllegalMoveError(Reason.NOT_IN_HAND, (card,))
        if not play.discard:
            index = self.to_move * self._ncolours + card.colour
            top = self.tops[index]
            if (card.code & 15) < top:
                last = card_from_code(self.expeditions[index][-1])
                reason = Reason.WAGER_AFTER_NUMBER if card.is_wager else Reason.LOWER_THAN_TOP
                raise IllegalMoveError(reason, (card, last))

    def check_draw(self, draw: Draw) -> None:
        """Raise :class:`IllegalMoveError` unless ``draw`` is legal now (R7, R20)."""
        if self._phase == _OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase == _PLAY:
            raise IllegalMoveError(Reason.PLAY_FIRST)
        pile = draw.pile
        if pile is None:
            return
        if pile not in self.rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=pile)
        if pile == self.closed:
            raise IllegalMoveError(Reason.DRAW_BACK_DISCARD, (card_from_code(self.discards[pile][-1]),))
        if not self.discards[pile]:
            raise IllegalMoveError(Reason.EMPTY_PILE, colour=pile)

    def play(self, play: Play | str) -> None:
        """Play a card (R6).  Refused with :class:`IllegalMoveError`, the state unchanged."""
        if isinstance(play, str):
            play = Play.parse(play)
        self.check_play(play)
        self.play_code(play.code)

    def draw(self, draw: Draw | str) -> None:
        """Draw a card (R7).  Refused with :class:`IllegalMoveError`, the state unchanged."""
        if isinstance(draw, str):
            draw = Draw.parse(draw)
        self.check_draw(draw)
        self.draw_code(draw.code)

    def turn(self, text: str) -> None:
        """Play and draw in one, from a turn's notation such as ``"+r7 n"``; all or nothing."""
        parts = text.split()
        if len(parts) != 2:
            raise NotationError(text, "a turn: a play and a draw, e.g. '+r7 n'")
        play, draw = Play.parse(parts[0]), Draw.parse(parts[1])
        self.play(play)
        try:
            self.draw(draw)
        except IllegalMoveError:
            self.undo()
            raise

    def score(self, side: int) -> SideScore:
        """The side's round score with its breakdown, as it stands now (R11–R15, R21)."""
        expeditions = {colour: self.expedition(side, colour) for colour in self.rules.colours}
        return score_side(expeditions, self.hand(side), self.rules)

    def scores(self) -> tuple[SideScore, ...]:
        return tuple(self.score(side) for side in range(self.rules.sides))

    def history(self) -> list[TurnRecord]:
        """Every turn so far, the last one possibly without its draw yet."""
        turns = []
        seat = self.starter
        log = self._log
        for i in range(0, len(log), 2):
            play = Play.from_code(log[i])
            if i + 1 < len(log):
                entry = log[i + 1]
                turns.append(TurnRecord(seat, play, Draw.from_code((entry & 7) - 1), card_from_code(entry >> 3)))
            else:
                turns.append(TurnRecord(seat, play, None, None))
            seat ^= 1
        return turns

    def record(self) -> RoundRecord:
        """What it takes to rebuild this round: rules, seed, starter and every choice."""
        return RoundRecord(self.rules, self.seed, self.starter, tuple(str(turn) for turn in self.history()))

    def state_key(self) -> tuple[object, ...]:
        """Everything that makes up the state, as one comparable value."""
        return (
            self.rules,
            self.seed,
            self.starter,
            tuple(map(tuple, self.hands)),
            tuple(self.deck),
            tuple(map(tuple, self.expeditions)),
            tuple(map(tuple, self.discards)),
            self.to_move,
            self.closed,
            self._phase,
            tuple(self._log),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Round seed={self.seed} turn={self.turns_played} {self.phase.name.lower()} seat={self.to_move}>"


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round as a record (PGN's idea): rules, seed, starter, and every turn in notation.

    >>> r = Round(seed=3)
    >>> r.turn(str(r.legal_plays()[0]) + " n")
    >>> RoundRecord.from_dict(r.record().to_dict()).replay() == r
    True
    """

    rules: Rules
    seed: int
    starter: int
    turns: tuple[str, ...] = field(default=())

    def replay(self) -> Round:
        """Rebuild the round; an illegal or unreadable turn raises a :class:`LostCitiesError`."""
        round_ = Round(self.rules, self.seed, self.starter)
        for text in self.turns:
            parts = text.split()
            if len(parts) == 1:
                round_.play(parts[0])
            else:
                round_.turn(text)
        return round_

    def to_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "starter": self.starter, "turns": list(self.turns)}

    @classmethod
    def from_dict(cls, data: object, rules: Rules | None = None) -> RoundRecord:
        """Read :meth:`to_dict`'s form back; anything else raises :class:`FieldError` (a ``ValueError``).

        >>> RoundRecord.from_dict({"seed": 1})
        Traceback (most recent call last):
        ...
        lost_cities.engine.fields.FieldError: the field 'starter' is missing or wrong
        """
        seed = read_field(data, "seed", int)
        starter = read_field(data, "starter", int)
        turns = read_field(data, "turns", list, lambda items: all(isinstance(turn, str) for turn in items))
        return cls(rules or Rules(), seed, starter, tuple(turns))
