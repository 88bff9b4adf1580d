"""One round of Lost Cities (R4–R16, R23, R24): the state, its legal choices, and its record.

Two entry points, as in OpenSpiel: a *checked* one for people
(:meth:`Round.play`, :meth:`Round.draw`, :meth:`Round.stop` take
:class:`Play` / :class:`Draw` values or their notation, and raise
:class:`IllegalMoveError` naming the rule) and a *fast* one for machines
(:meth:`Round.legal_play_codes`, :meth:`Round.play_code`, ...) on the plain
ints of :mod:`lost_cities.engine.codes`, with no checks.

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

Seats are numbered from 0 in turn order (R23d, R24a); a seat lays on its
*side* (:meth:`Rules.side_of`): its own with two or three players, its team's
with four.  With three or four players the round ends with the final laying
(R23c): :attr:`Phase.FINAL`, where a seat lays up to two cards or stops.

The hands are kept sorted, so two rounds with the same history compare equal.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from enum import Enum
from functools import cache

from msgspec import Struct

from lost_cities.engine.cards import CARD_BY_CODE, Card, Colour, card_from_code
from lost_cities.engine.codes import DRAW_PILE, STOP, entry_card, entry_draw
from lost_cities.engine.errors import IllegalMoveError, NotationError, Reason
from lost_cities.engine.fields import read_field
from lost_cities.engine.moves import STOP as STOP_DECISION
from lost_cities.engine.moves import Decision, Draw, Play, parse_decision
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import SideScore, score_codes, score_side

__all__ = ["FinalLaying", "Phase", "Round", "RoundRecord", "Turn", "TurnRecord"]

_PLAY, _DRAW, _FINAL, _OVER = 0, 1, 2, 3


class Phase(Enum):
    """Where the round stands: a card to play, a card to draw, the final laying (R23c), or over (R10)."""

    PLAY = _PLAY
    DRAW = _DRAW
    FINAL = _FINAL
    OVER = _OVER


_DEFAULT_RULES = Rules()


@cache
def _fresh_deck(rules: Rules) -> tuple[int, ...]:
    per_colour = [1] * rules.wagers_per_colour + list(range(2, 11))
    return tuple(colour * 16 + v for colour in range(len(rules.colours)) for v in per_colour)


def fresh_deck(rules: Rules) -> list[int]:
    """All card codes of the game in a fixed order (R2): 12 per colour."""
    return list(_fresh_deck(rules))


@cache
def _seat_tables(rules: Rules) -> tuple[list[int], list[int]]:
    """Per seat, the index of its side's first expedition, and the seat that plays after it (R23d).

    Shared by every round of these rules: never written to.
    """
    ncolours = len(rules.colours)
    bases = [rules.side_of(seat) * ncolours for seat in range(rules.players)]
    return bases, [(seat + 1) % rules.players for seat in range(rules.players)]


class TurnRecord(Struct, frozen=True):
    """A turn as it happened.  ``drawn`` is the card taken; only a discard-pile draw is public."""

    seat: int
    play: Play
    draw: Draw | None
    drawn: Card | None

    @property
    def complete(self) -> bool:
        return self.draw is not None

    def __str__(self) -> str:
        return str(self.play) if self.draw is None else f"{self.play} {self.draw}"


class FinalLaying(Struct, frozen=True):
    """A seat's final laying (R23c): the cards it laid, and whether it is over.

    Written ``+r7 +r9``, ``+r7 s`` or ``s``; ``+r7`` alone while the seat may still lay or stop.
    Everything in it is public (H1).
    """

    seat: int
    plays: tuple[Play, ...]
    complete: bool
    stopped: bool

    def __str__(self) -> str:
        parts = [str(play) for play in self.plays]
        if self.stopped:
            parts.append(str(STOP_DECISION))
        return " ".join(parts)


#: One entry of a round's history.
Turn = TurnRecord | FinalLaying


class _Start:
    """The position a round started from, kept (immutable, shared by copies) to replay its log."""

    __slots__ = ("closed", "deck", "discards", "expeditions", "final_left", "final_to_go", "hands", "phase", "to_move")

    def __init__(self, round_: Round) -> None:
        self.hands = tuple(map(tuple, round_.hands))
        self.deck = tuple(round_.deck)
        self.expeditions = tuple(map(tuple, round_.expeditions))
        self.discards = tuple(map(tuple, round_.discards))
        self.to_move = round_.to_move
        self.phase = round_._phase
        self.closed = round_.closed
        self.final_left = round_._final_left
        self.final_to_go = round_._final_to_go


class Round:
    """A round in progress: seats ``0 .. players - 1``, sides ``0 .. sides - 1``."""

    __slots__ = (
        "_base",
        "_final_left",
        "_final_start",
        "_final_to_go",
        "_log",
        "_ncolours",
        "_next",
        "_phase",
        "_start",
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
        rules = rules or _DEFAULT_RULES
        if not 0 <= starter < rules.players:
            raise ValueError(f"the starting seat must be from 0 to {rules.players - 1}, not {starter}")
        deck = fresh_deck(rules)
        random.Random(seed).shuffle(deck)  # R4: a round is dealt from its seed
        size = rules.hand_size
        self.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(rules.players)]
        del deck[: rules.players * size]
        self.deck = deck  # the draw pile; its top is the end of the list
        self.rules = rules
        self.seed: int | None = seed
        self.starter = starter
        ncolours = self._ncolours = len(rules.colours)
        self._base, self._next = _seat_tables(rules)
        self.expeditions: list[list[int]] = [[] for _ in range(rules.sides * ncolours)]
        #: per expedition, the value of its last card (1 for a wager, 0 when empty)
        self.tops = [0] * (rules.sides * ncolours)
        self.discards: list[list[int]] = [[] for _ in range(ncolours)]
        self.to_move = starter
        #: the colour discarded onto this turn (R7), or -1
        self.closed = -1
        self._phase = _PLAY
        self._final_left = self._final_to_go = 0
        self._final_start = -1
        #: every decision so far, as :mod:`lost_cities.engine.codes` writes them
        self._log: list[int] = []
        #: the position the log starts from; ``None`` for a deal, which its seed gives again
        self._start: _Start | None = None

    @classmethod
    def from_codes(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[int]],
        deck: Sequence[int],
        expeditions: Sequence[Sequence[int]],
        discards: Sequence[Sequence[int]],
        to_move: int,
        *,
        phase: Phase = Phase.PLAY,
        closed: int = -1,
        final_left: int | None = None,
        final_to_go: int | None = None,
    ) -> Round:
        """A position from card codes, unchecked: the fast constructor (for a bot's samples).

        ``hands`` per seat, ``deck`` with its top last, ``expeditions`` per side
        and colour (``side * colours + colour``, in the order laid), ``discards``
        per colour (top last).  ``phase`` is PLAY, or DRAW with ``closed`` the
        colour just discarded onto (-1 if the card was laid); with an empty draw
        pile the round is in its final laying (``final_left`` cards left to lay
        for ``to_move``, ``final_to_go`` seats still to lay, ``to_move`` included)
        or over.  Its history starts here (:meth:`from_position` is the checked
        constructor from notation).
        """
        round_ = cls.__new__(cls)
        round_._setup(
            rules,
            [sorted(hand) for hand in hands],
            list(deck),
            [list(cards) for cards in expeditions],
            [list(pile) for pile in discards],
            to_move,
            phase=phase.value,
            closed=closed,
            final_left=final_left,
            final_to_go=final_to_go,
        )
        return round_

    @classmethod
    def from_position(cls, text: str, rules: Rules | None = None) -> Round:
        """A position from its notation (:mod:`lost_cities.engine.position`), checked.

        >>> r = Round.from_position("r5 r7 y2 / b3 | rw r3 / - | y8 | y4 y5 | 0")
        >>> r.hand(0), r.expedition(0, Colour.RED), r.discard_pile(Colour.YELLOW), r.draw_pile_size
        ((Card.parse('y2'), Card.parse('r5'), Card.parse('r7')), (Card.parse('rw'), Card.parse('r3')), \
(Card.parse('y8'),), 2)
        """
        from lost_cities.engine.position import parse_position

        return parse_position(text, rules or Rules())

    def _setup(
        self,
        rules: Rules,
        hands: list[list[int]],
        deck: list[int],
        expeditions: list[list[int]],
        discards: list[list[int]],
        to_move: int,
        *,
        phase: int,
        closed: int,
        final_left: int | None,
        final_to_go: int | None,
    ) -> None:
        self.rules = rules
        self.seed = None
        self.starter = to_move
        self._ncolours = len(rules.colours)
        self._base, self._next = _seat_tables(rules)
        self.hands = hands
        self.deck = deck
        self.expeditions = expeditions
        self.tops = [cards[-1] & 15 if cards else 0 for cards in expeditions]
        self.discards = discards
        self.to_move = to_move
        self.closed = closed
        self._final_left = self._final_to_go = 0
        self._final_start = -1
        if deck or phase == _OVER:
            self._phase = phase
        elif rules.final_plays:
            self._phase = _FINAL
            self._final_start = 0
            self._final_left = rules.final_plays if final_left is None else final_left
            self._final_to_go = rules.players if final_to_go is None else final_to_go
        else:
            self._phase = _OVER
        self._log = []
        self._start = _Start(self)

    def _origin(self) -> _Start:
        """The position this round's log starts from (a deal is dealt again from its seed)."""
        if self._start is None:
            assert self.seed is not None
            self._start = _Start(Round(self.rules, self.seed, self.starter))
        return self._start

    # ------------------------------------------------------------------ fast path

    def legal_play_codes(self) -> list[int]:
        """Every legal play as a code, without repeats; empty unless a card is to be played."""
        if self._phase:
            return []
        tops = self.tops
        base = self._base[self.to_move]
        out: list[int] = []
        append = out.append
        previous = -1
        for code in self.hands[self.to_move]:
            if code != previous:
                previous = code
                # a wager (1) fits while the top is 0 or 1; a number must exceed the top
                if code & 15 >= tops[base + (code >> 4)]:
                    append(code * 2)
                append(code * 2 + 1)
        return out

    def legal_final_codes(self) -> list[int]:
        """In the final laying (R23c): the cards the seat to move can lay, then :data:`~codes.STOP`."""
        if self._phase != _FINAL:
            return []
        tops = self.tops
        base = self._base[self.to_move]
        out: list[int] = []
        previous = -1
        for code in self.hands[self.to_move]:
            if code != previous:
                previous = code
                if code & 15 >= tops[base + (code >> 4)]:
                    out.append(code * 2)
        out.append(STOP)
        return out

    def legal_draw_codes(self) -> list[int]:
        """Every legal draw as a code: :data:`~codes.DRAW_PILE` first, then open discard piles."""
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
            index = self._base[self.to_move] + colour
            self.tops[index] = code & 15
            self.expeditions[index].append(code)
            self.closed = -1
        self._phase = _DRAW
        self._log.append(play)

    def draw_code(self, draw: int) -> None:
        """Apply a draw code without any check; the last card ends the round (R10) or starts the final laying."""
        code = self.deck.pop() if draw < 0 else self.discards[draw].pop()
        insort(self.hands[self.to_move], code)
        self._log.append(code * 8 + draw + 1)
        self.closed = -1
        if self.deck:
            self.to_move = self._next[self.to_move]
            self._phase = _PLAY
        elif self.rules.final_plays:
            # R23c: the final laying, from the seat after the one who took the last card
            self._phase = _FINAL
            self._final_start = len(self._log)
            self._final_left = self.rules.final_plays
            self._final_to_go = self.rules.players
            self.to_move = self._next[self.to_move]
        else:
            self._phase = _OVER

    def final_code(self, play: int) -> None:
        """Apply a final-laying code (a lay, or :data:`~codes.STOP`) without any check (R23c)."""
        self._log.append(play)
        if play != STOP:
            code = play >> 1
            self.hands[self.to_move].remove(code)
            index = self._base[self.to_move] + (code >> 4)
            self.tops[index] = code & 15
            self.expeditions[index].append(code)
            self._final_left -= 1
            if self._final_left:
                return
        self._final_to_go -= 1
        if self._final_to_go:
            self.to_move = self._next[self.to_move]
            self._final_left = self.rules.final_plays
        else:
            self._phase = _OVER

    def undo(self) -> Decision:
        """Take back the last decision, whatever it was, and return it (python-chess's ``pop``).

        For people, :meth:`take_back` is the checked form: only the card played this turn (R6).
        """
        if not self._log:
            raise IllegalMoveError(Reason.NOTHING_TO_UNDO)
        before = self._replayed(self._log[:-1])
        decision = before._decision(self._log[-1])
        for name in Round.__slots__:
            setattr(self, name, getattr(before, name))
        return decision

    def _replayed(self, log: list[int]) -> Round:
        """A copy of this round rebuilt from its start with ``log`` applied (fast path)."""
        start = self._origin()
        other = Round.from_codes(
            self.rules,
            start.hands,
            start.deck,
            start.expeditions,
            start.discards,
            start.to_move,
            phase=Phase(start.phase),
            closed=start.closed,
            final_left=start.final_left,
            final_to_go=start.final_to_go,
        )
        other.seed, other.starter, other._start = self.seed, self.starter, start
        for entry in log:
            if other._phase == _DRAW:
                other.draw_code(entry_draw(entry))
            elif other._phase == _FINAL:
                other.final_code(entry)
            else:
                other.play_code(entry)
        return other

    def _decision(self, entry: int) -> Decision:
        """What ``entry`` of the log means in this round's present phase."""
        if self._phase == _DRAW:
            return Draw.from_code(entry_draw(entry))
        if entry == STOP:
            return STOP_DECISION
        return Play.from_code(entry)

    def side_totals(self) -> list[int]:
        """Each side's round score as plain ints (R11–R15, R21, R23b), without a breakdown."""
        rules = self.rules
        ncolours = self._ncolours
        totals = []
        for side in range(rules.sides):
            expeditions = self.expeditions[side * ncolours : (side + 1) * ncolours]
            totals.append(sum(score_codes(cards, rules) for cards in expeditions))
        if rules.hand_penalty:  # R21; a team's penalty is both partners' hands (R24f)
            for seat, hand in enumerate(self.hands):
                totals[rules.side_of(seat)] -= sum(code & 15 for code in hand if code & 15 > 1)
        return totals

    def copy(self) -> Round:
        """An independent copy (cheap: lists of ints)."""
        other = Round.__new__(Round)
        other.rules = self.rules
        other.seed = self.seed
        other.starter = self.starter
        other._ncolours = self._ncolours
        other._base = self._base
        other._next = self._next
        other._start = self._start
        other.hands = [hand[:] for hand in self.hands]
        other.deck = self.deck[:]
        other.expeditions = [cards[:] for cards in self.expeditions]
        other.tops = self.tops[:]
        other.discards = [pile[:] for pile in self.discards]
        other.to_move = self.to_move
        other.closed = self.closed
        other._phase = self._phase
        other._final_left = self._final_left
        other._final_to_go = self._final_to_go
        other._final_start = self._final_start
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
        """Completed turns (each ends with a draw), the final laying not counted."""
        decisions = self._final_start if self._final_start >= 0 else len(self._log)
        return (decisions + (self._start is not None and self._start.phase == _DRAW)) // 2

    @property
    def final_lays_left(self) -> int:
        """In the final laying (R23c): how many more cards the seat to move may lay; else 0."""
        return self._final_left if self._phase == _FINAL else 0

    @property
    def final_turns_left(self) -> int:
        """In the final laying: the seats still to lay, the one to move included; else 0."""
        return self._final_to_go if self._phase == _FINAL else 0

    @property
    def colours(self) -> tuple[Colour, ...]:
        return self.rules.colours

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand, sorted by colour then value.  Private (H2): views decide who sees it."""
        return tuple(CARD_BY_CODE[code] for code in self.hands[seat])  # type: ignore[misc]

    def expedition(self, side: int, colour: Colour) -> tuple[Card, ...]:
        """The cards of one expedition in the order they were laid."""
        return tuple(CARD_BY_CODE[code] for code in self.expeditions[side * self._ncolours + colour])  # type: ignore[misc]

    def discard_pile(self, colour: Colour) -> tuple[Card, ...]:
        """A discard pile, bottom first; only the top (last) card is visible (R3), the rest remembered (H1)."""
        return tuple(CARD_BY_CODE[code] for code in self.discards[colour])  # type: ignore[misc]

    def legal_plays(self) -> list[Play]:
        """Every legal play for the seat to move: in the final laying, the cards it can lay."""
        codes = self.legal_final_codes() if self._phase == _FINAL else self.legal_play_codes()
        return [Play.from_code(code) for code in codes if code != STOP]

    def legal_draws(self) -> list[Draw]:
        """Every legal draw for the seat to move; empty unless a card is to be drawn."""
        return [Draw.from_code(code) for code in self.legal_draw_codes()]

    @property
    def can_stop(self) -> bool:
        """True during the final laying (R23c): the seat to move may end it."""
        return self._phase == _FINAL

    @property
    def can_take_back(self) -> bool:
        """True while the card played this turn may go back to the hand (R6, R23c)."""
        if self._phase == _DRAW:
            return bool(self._log)  # empty only for a position built after its play (from_codes)
        return self._phase == _FINAL and self._final_left < self.rules.final_plays

    def check_play(self, play: Play) -> None:
        """Raise :class:`IllegalMoveError` unless ``play`` is legal now (R6, R6a, R20, R23c)."""
        if self._phase == _OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase == _DRAW:
            raise IllegalMoveError(Reason.DRAW_FIRST)
        card = play.card
        if card.colour not in self.rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, (card,))
        if card.code not in self.hands[self.to_move]:
            raise IllegalMoveError(Reason.NOT_IN_HAND, (card,))
        if play.discard:
            if self._phase == _FINAL:
                raise IllegalMoveError(Reason.FINAL_LAY_ONLY, (card,))
            return
        index = self._base[self.to_move] + card.colour
        if (card.code & 15) < self.tops[index]:
            last = card_from_code(self.expeditions[index][-1])
            reason = Reason.WAGER_AFTER_NUMBER if card.is_wager else Reason.LOWER_THAN_TOP
            raise IllegalMoveError(reason, (card, last))

    def check_draw(self, draw: Draw) -> None:
        """Raise :class:`IllegalMoveError` unless ``draw`` is legal now (R7, R20, R23c).

        A pile that is not in the game is refused as such whenever it is asked for (R20).
        """
        pile = draw.pile
        if pile is not None and pile not in self.rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=pile)
        if self._phase == _OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase == _FINAL:
            raise IllegalMoveError(Reason.FINAL_NO_DRAW)
        if self._phase == _PLAY:
            raise IllegalMoveError(Reason.PLAY_FIRST)
        if pile is None:
            return
        if pile == self.closed:
            raise IllegalMoveError(Reason.DRAW_BACK_DISCARD, (card_from_code(self.discards[pile][-1]),))
        if not self.discards[pile]:
            raise IllegalMoveError(Reason.EMPTY_PILE, colour=pile)

    def play(self, play: Play | str) -> None:
        """Play a card (R6), or lay one in the final laying (R23c).  Refused: the state unchanged."""
        if isinstance(play, str):
            play = Play.parse(play)
        self.check_play(play)
        if self._phase == _FINAL:
            self.final_code(play.code)
        else:
            self.play_code(play.code)

    def draw(self, draw: Draw | str) -> None:
        """Draw a card (R7).  Refused with :class:`IllegalMoveError`, the state unchanged."""
        if isinstance(draw, str):
            draw = Draw.parse(draw)
        self.check_draw(draw)
        self.draw_code(draw.code)

    def stop(self) -> None:
        """End the final laying of the seat to move (R23c).  Refused outside the final laying."""
        if self._phase == _OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase != _FINAL:
            raise IllegalMoveError(Reason.NOTHING_TO_STOP)
        self.final_code(STOP)

    def decide(self, decision: Decision | str) -> None:
        """Apply one decision, whichever kind (``+r7``, ``n``, ``s``); checked like the others."""
        if isinstance(decision, str):
            decision = parse_decision(decision)
        if isinstance(decision, Play):
            self.play(decision)
        elif isinstance(decision, Draw):
            self.draw(decision)
        else:
            self.stop()

    def take_back(self) -> Play:
        """Take back the card played this turn, before the draw (R6) or before the final laying ends (R23c).

        Returns the play taken back; :class:`IllegalMoveError` if there is none.

        >>> r = Round(seed=3)
        >>> play = r.legal_plays()[0]
        >>> r.play(play); r.take_back() == play
        True
        >>> r.take_back()
        Traceback (most recent call last):
        ...
        lost_cities.engine.errors.IllegalMoveError: R6: no card has been played this turn
        """
        if not self.can_take_back:
            raise IllegalMoveError(Reason.NOTHING_TO_UNDO)
        undone = self.undo()
        assert isinstance(undone, Play)
        return undone

    def turn(self, text: str) -> None:
        """A whole turn from its notation, all or nothing.

        ``"+r7 n"`` plays and draws; in the final laying ``"+r7 +r9"``, ``"+r7 s"`` or ``"s"``.
        """
        parts = text.split()
        final = self._phase == _FINAL
        if final and not 1 <= len(parts) <= self.rules.final_plays + 1:
            raise NotationError(text, "a final laying: up to two cards to lay, or s to stop, e.g. '+r7 s'")
        if not final and len(parts) != 2:
            raise NotationError(text, "a turn: a play and a draw, e.g. '+r7 n'")
        decisions = [parse_decision(part) for part in parts]
        seat, before = self.to_move, len(self._log)
        try:
            for decision in decisions:
                if self.to_move != seat or self._phase == _OVER:
                    raise NotationError(text, "one seat's turn: it goes on after the turn is over")
                self.decide(decision)
            if self.to_move == seat and self._phase in (_DRAW, _FINAL):
                raise NotationError(text, "a whole turn: it stops half-way")
        except (IllegalMoveError, NotationError):
            while len(self._log) > before:
                self.undo()
            raise

    def score(self, side: int) -> SideScore:
        """The side's round score with its breakdown, as it stands now (R11–R15, R21, R23b, R24f)."""
        return score_side(self._side_expeditions(side), self.side_hand(side), self.rules)

    def _side_expeditions(self, side: int) -> dict[Colour, tuple[Card, ...]]:
        return {colour: self.expedition(side, colour) for colour in self.rules.colours}

    def side_hand(self, side: int) -> tuple[Card, ...]:
        """The cards in the hands of the side's seats (both partners', R24f)."""
        cards: list[Card] = []
        for seat in self.rules.seats_of(side):
            cards.extend(self.hand(seat))
        return tuple(sorted(cards))

    def scores(self) -> tuple[SideScore, ...]:
        return tuple(self.score(side) for side in range(self.rules.sides))

    def history(self) -> list[Turn]:
        """Every turn so far, oldest first; the last one may be unfinished (a play without its draw)."""
        turns: list[Turn] = []
        start = self._origin()
        seat, phase = start.to_move, start.phase
        deck_left = len(start.deck)
        final_left, final_to_go = start.final_left, start.final_to_go
        pending: Play | None = None
        lays: list[Play] = []
        players, final_plays = self.rules.players, self.rules.final_plays
        for entry in self._log:
            if phase == _PLAY:
                pending = Play.from_code(entry)
                phase = _DRAW
            elif phase == _DRAW:
                draw = entry_draw(entry)
                if pending is not None:  # None only for a position built half-way through a turn
                    turns.append(TurnRecord(seat, pending, Draw.from_code(draw), card_from_code(entry_card(entry))))
                pending = None
                deck_left -= draw == DRAW_PILE
                if deck_left:
                    seat, phase = (seat + 1) % players, _PLAY
                elif final_plays:
                    seat, phase, final_left, final_to_go = (seat + 1) % players, _FINAL, final_plays, players
                else:
                    phase = _OVER
            else:  # the final laying
                if entry != STOP:
                    lays.append(Play.from_code(entry))
                    final_left -= 1
                if entry == STOP or not final_left:
                    turns.append(FinalLaying(seat, tuple(lays), True, entry == STOP))
                    lays = []
                    final_to_go -= 1
                    seat, final_left = (seat + 1) % players, final_plays
                    if not final_to_go:
                        phase = _OVER
        if pending is not None:
            turns.append(TurnRecord(seat, pending, None, None))
        elif lays:
            turns.append(FinalLaying(seat, tuple(lays), False, False))
        return turns

    def record(self, *, settled: bool = False) -> RoundRecord:
        """What it takes to rebuild this round: rules, seed (or start position), starter and every choice.

        ``settled`` leaves out a turn still in progress — a card played but not yet drawn for,
        a final laying not yet finished — that its player could still take back (R6, R23c):
        a save must not keep a card that may go back into a hand.
        """
        turns = self.history()
        if settled and turns and not turns[-1].complete:
            turns.pop()
        position = None
        if self.seed is None:
            from lost_cities.engine.position import start_position

            position = start_position(self)
        return RoundRecord(self.rules, self.seed or 0, self.starter, tuple(str(turn) for turn in turns), position)

    def position(self) -> str:
        """This position in notation, at the start of a turn (see :meth:`from_position`)."""
        from lost_cities.engine.position import format_position

        return format_position(self)

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
            self._final_left,
            self._final_to_go,
            tuple(self._log),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Round seed={self.seed} turn={self.turns_played} {self.phase.name.lower()} seat={self.to_move}>"


class RoundRecord(Struct, frozen=True):
    """A round as a record (PGN's idea): rules, seed, starter, and every turn in notation.

    A round built from a position (:meth:`Round.from_position`) records it in
    ``position``, as PGN records a FEN.

    >>> r = Round(seed=3)
    >>> r.turn(str(r.legal_plays()[0]) + " n")
    >>> RoundRecord.from_dict(r.record().to_dict()).replay() == r
    True
    """

    rules: Rules
    seed: int
    starter: int
    turns: tuple[str, ...] = ()
    position: str | None = None

    def replay(self) -> Round:
        """Rebuild the round; an illegal or unreadable turn raises a :class:`LostCitiesError`."""
        if self.position is not None:
            round_ = Round.from_position(self.position, self.rules)
        else:
            round_ = Round(self.rules, self.seed, self.starter)
        for text in self.turns:
            for part in text.split():
                round_.decide(part)
        return round_

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"seed": self.seed, "starter": self.starter, "turns": list(self.turns)}
        if self.position is not None:
            data["position"] = self.position
        return data

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
        position = read_field(data, "position", str) if isinstance(data, dict) and "position" in data else None
        return cls(rules or Rules(), seed, starter, tuple(turns), position)
