"""One round of Lost Cities (R4–R16, R23, R24): the state, the decisions it allows, and their undo.

Two entry points, as in OpenSpiel: a *checked* one for people
(:meth:`Round.decide`, :meth:`Round.play`, :meth:`Round.draw`,
:meth:`Round.stop` take :class:`Play` / :class:`Draw` / ``STOP`` values or
their notation, and raise :class:`IllegalMoveError` naming the rule) and a
*fast* one for machines (:meth:`Round.legal_codes`, :meth:`Round.apply_code`)
on the plain ints of :mod:`lost_cities.engine.codes`, with no checks.  Either
way one question says what the seat to move may do now, whatever the phase:
:meth:`Round.legal_decisions` (or :meth:`Round.legal_codes`), and one call
applies any answer: :meth:`Round.decide` (or :meth:`Round.apply_code`).

>>> r = Round(seed=7)
>>> r.draw_pile_size, len(r.hand(0)), r.to_move
(44, 8, 0)
>>> first = r.legal_decisions()[0]
>>> r.decide(first); r.legal_decisions()  # the discard piles are empty: the draw pile only
[Draw.parse('n')]
>>> r.draw("n")
>>> r.to_move, len(r.hand(0)), r.draw_pile_size
(1, 8, 43)
>>> Round(seed=7).play("+y5")
Traceback (most recent call last):
...
lost_cities.engine.errors.IllegalMoveError: R6: yellow 5 is not in your hand

Every decision is pushed on a stack with what it changed (:mod:`.history`):
:meth:`Round.undo` pops the last one back (python-chess's ``pop``), and the
round's history is read off the same stack.

Seats are numbered from 0 in turn order (R23d, R24a); a seat lays on its
*side* (:meth:`Rules.side_of`): its own with two or three players, its team's
with four; :class:`~.layout.Layout` says which slot of :attr:`Round.expeditions`
that is.  With three or four players the round ends with the final laying
(R23c): :attr:`Phase.FINAL`, where a seat lays up to two cards or stops.

The hands are kept sorted, so two rounds with the same history compare equal.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from functools import cache
from operator import itemgetter

from lost_cities.engine.cards import CARD_BY_CODE, WAGER, Card, Colour, card_from_code
from lost_cities.engine.codes import (
    COLOUR_OF,
    DISCARD,
    DISCARDS,
    DRAW_PILE,
    LAY,
    PLAY_CARD,
    RANK_OF,
    STOP_CODE,
    card_code,
)
from lost_cities.engine.decisions import DRAW, FINAL, OVER, PHASES, PLAY, Phase, Step, Turn, group_turns
from lost_cities.engine.errors import IllegalMoveError, NotationError, Reason
from lost_cities.engine.laying import LAYABLE_ON, refusal_after
from lost_cities.engine.layout import layout_of
from lost_cities.engine.moves import STOP, Decision, Draw, Play, Stop, parse_decision
from lost_cities.engine.position import format_position, parse_position
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import SideScore, score_codes, score_side
from lost_cities.quoting import excerpt

__all__ = ["Phase", "Round", "fresh_deck"]

_DEFAULT_RULES = Rules()
#: The phase a :data:`~.history.Step` was decided in.
_PHASE_OF_STEP = itemgetter(3)


@cache
def _fresh_deck(rules: Rules) -> tuple[int, ...]:
    values = [WAGER] * rules.wagers_per_colour + list(range(2, 11))
    return tuple(card_code(colour, value) for colour in rules.colours for value in values)


def fresh_deck(rules: Rules) -> list[int]:
    """All card codes of the game in a fixed order (R2): 12 per colour."""
    return list(_fresh_deck(rules))


class Round:
    """A round in progress: seats ``0 .. players - 1``, sides ``0 .. sides - 1``.

    The lists are the state, public for the fast path to read (never to write:
    only the round's own methods change them): ``hands`` per seat (sorted),
    ``deck`` (the draw pile, its top last), ``expeditions`` and ``tops`` per
    slot (:class:`~.layout.Layout`), ``discards`` per colour (top last).
    """

    __slots__ = (
        "_final_left",
        "_final_to_go",
        "_phase",
        "_stack",
        "closed",
        "deck",
        "discards",
        "expeditions",
        "hands",
        "layout",
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
        self.deck = deck
        self.rules = rules
        self.seed: int | None = seed
        self.starter = starter
        layout = self.layout = layout_of(rules)
        self.expeditions: list[list[int]] = [[] for _ in range(layout.slots)]
        #: per slot, the rank of its last card (1 for a wager, 0 when empty)
        self.tops = [0] * layout.slots
        self.discards: list[list[int]] = [[] for _ in range(layout.colours)]
        self.to_move = starter
        #: the colour discarded onto this turn (R7), or -1
        self.closed = -1
        self._phase = PLAY
        self._final_left = self._final_to_go = 0
        #: every decision so far with what it changed (:data:`~.history.Step`)
        self._stack: list[Step] = []

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

        ``hands`` per seat, ``deck`` with its top last, ``expeditions`` per slot
        (:class:`~.layout.Layout`: ``side * colours + colour``, in the order laid),
        ``discards`` per colour (top last).  ``phase`` is PLAY, or DRAW with ``closed``
        the colour just discarded onto (-1 if the card was laid); with an empty draw
        pile the round is in its final laying (``final_left`` cards left to lay for
        ``to_move``, ``final_to_go`` seats still to lay, ``to_move`` included) or over.
        Its history starts here (:meth:`from_position` is the checked constructor from
        notation).
        """
        round_ = cls.__new__(cls)
        round_.rules = rules
        round_.layout = layout_of(rules)
        round_.seed = None
        round_.starter = to_move
        round_.hands = [sorted(hand) for hand in hands]
        round_.deck = list(deck)
        round_.expeditions = [list(cards) for cards in expeditions]
        round_.tops = [RANK_OF[cards[-1]] if cards else 0 for cards in expeditions]
        round_.discards = [list(pile) for pile in discards]
        round_.to_move = to_move
        round_.closed = closed
        round_._final_left = round_._final_to_go = 0
        round_._stack = []
        if deck or phase is Phase.OVER:
            round_._phase = phase.index
        elif rules.final_plays:
            round_._phase = FINAL
            round_._final_left = rules.final_plays if final_left is None else final_left
            round_._final_to_go = rules.players if final_to_go is None else final_to_go
        else:
            round_._phase = OVER
        return round_

    @classmethod
    def from_position(cls, text: str, rules: Rules | None = None) -> Round:
        """A position from its notation (:mod:`lost_cities.engine.position`), checked.

        >>> r = Round.from_position("r5 r7 y2 / b3 | rw r3 / - | y8 | y4 y5 | 0")
        >>> r.hand(0), r.expedition(0, Colour.RED), r.discard_pile(Colour.YELLOW), r.draw_pile_size
        ((Card.parse('y2'), Card.parse('r5'), Card.parse('r7')), (Card.parse('rw'), Card.parse('r3')), \
(Card.parse('y8'),), 2)
        """
        rules = rules or _DEFAULT_RULES
        position = parse_position(text, rules)
        return cls.from_codes(
            rules, position.hands, position.deck, position.expeditions, position.discards, position.to_move
        )

    # ------------------------------------------------------------------ fast path

    def legal_codes(self) -> list[int]:
        """What the seat to move may do now, as codes: :meth:`legal_decisions` for the fast path.

        The plays (R6: each card laid if it fits, R6a, and discarded), or the draws
        (R7: :data:`~.codes.DRAW_PILE` first, then the open discard piles), or in the
        final laying the cards that can be laid and :data:`~.codes.STOP_CODE` (R23c);
        empty once the round is over.  A card held twice (a wager) is listed once.

        >>> r = Round.from_position("r5 r7 / y2 | r6 / - | - | y4 | 0")
        >>> r.legal_codes(), [str(Play.from_code(code)) for code in r.legal_codes()]
        ([139, 142, 143], ['-r5', '+r7', '-r7'])
        """
        phase = self._phase
        if phase == DRAW:
            # a plain loop and a counter: in CPython 3.11 a comprehension is a call of its own and enumerate's
            # pairs cost more than counting (here a comprehension would cost a tenth of a simulated round)
            closed = self.closed
            draws = [DRAW_PILE]
            colour = 0
            for pile in self.discards:
                if pile and colour != closed:
                    draws.append(colour)
                colour += 1  # noqa: SIM113
            return draws
        if phase == OVER:
            return []
        tops = self.tops
        base = self.layout.base[self.to_move]
        layable_on, colour_of, lay = LAYABLE_ON, COLOUR_OF, LAY
        out: list[int] = []
        append = out.append
        previous = -1
        if phase == PLAY:
            discard = DISCARD
            for code in self.hands[self.to_move]:
                if code != previous:
                    previous = code
                    if layable_on[tops[base + colour_of[code]]][code]:  # R6a
                        append(lay[code])
                    append(discard[code])
        else:  # the final laying: lays only, never a discard, or the stop
            for code in self.hands[self.to_move]:
                if code != previous:
                    previous = code
                    if layable_on[tops[base + colour_of[code]]][code]:
                        append(lay[code])
            append(STOP_CODE)
        return out

    def apply_code(self, code: int) -> None:
        """Apply one code of :meth:`legal_codes` without any check, and push it on the stack (:meth:`undo`).

        The phase says what the code is: a play (then a card is to be drawn), a draw
        (then the next seat plays; the last card of the draw pile ends the round, R10,
        or starts the final laying, R23c), or a final lay or stop.
        """
        seat = self.to_move
        phase = self._phase
        if phase == DRAW:
            card = self.deck.pop() if code == DRAW_PILE else self.discards[code].pop()
            insort(self.hands[seat], card)
            self._stack.append((code, card, seat, DRAW, self.closed, 0, 0))
            self.closed = -1
            if self.deck:
                self.to_move = self.layout.after[seat]
                self._phase = PLAY
            elif self.rules.final_plays:  # R23c: from the seat after the one who took the last card
                self.to_move = self.layout.after[seat]
                self._phase = FINAL
                self._final_left = self.rules.final_plays
                self._final_to_go = self.rules.players
            else:
                self._phase = OVER
            return
        card = PLAY_CARD[code]
        if phase == PLAY:
            self._stack.append((code, card, seat, PLAY, -1, 0, 0))
            self.hands[seat].remove(card)
            if DISCARDS[code]:
                colour = COLOUR_OF[card]
                self.discards[colour].append(card)
                self.closed = colour
            else:
                slot = self.layout.base[seat] + COLOUR_OF[card]
                self.tops[slot] = RANK_OF[card]
                self.expeditions[slot].append(card)
            self._phase = DRAW
            return
        # the final laying (R23c): a lay, or the stop; the seat's turn ends with a stop or its last lay
        left = self._final_left
        self._stack.append((code, card, seat, FINAL, -1, left, self._final_to_go))
        if code != STOP_CODE:
            self.hands[seat].remove(card)
            slot = self.layout.base[seat] + COLOUR_OF[card]
            self.tops[slot] = RANK_OF[card]
            self.expeditions[slot].append(card)
            self._final_left = left - 1
            if left > 1:
                return
        self._final_to_go -= 1
        if self._final_to_go:
            self.to_move = self.layout.after[seat]
            self._final_left = self.rules.final_plays
        else:
            self._phase = OVER

    def undo(self) -> Decision:
        """Take back the last decision, whatever it was, and return it (python-chess's ``pop``).

        For people, :meth:`take_back` is the checked form: only the card played this turn (R6).

        >>> r = Round(seed=3)
        >>> before = r.copy()
        >>> r.decide(r.legal_decisions()[0]); r.draw("n")
        >>> r.undo(), r.undo(), r == before
        (Draw.parse('n'), Play.parse('+y9'), True)
        """
        if not self._stack:
            raise IllegalMoveError(Reason.NOTHING_TO_UNDO)
        code, card, seat, phase, closed, final_left, final_to_go = self._stack.pop()
        decision: Decision
        if phase == DRAW:
            self.hands[seat].remove(card)
            (self.deck if code == DRAW_PILE else self.discards[code]).append(card)
            decision = Draw.from_code(code)
        elif code == STOP_CODE:
            decision = STOP
        else:
            colour = COLOUR_OF[card]
            if DISCARDS[code]:
                self.discards[colour].pop()
            else:
                slot = self.layout.base[seat] + colour
                cards = self.expeditions[slot]
                cards.pop()
                self.tops[slot] = RANK_OF[cards[-1]] if cards else 0
            insort(self.hands[seat], card)
            decision = Play.from_code(code)
        self.to_move, self._phase, self.closed = seat, phase, closed
        self._final_left, self._final_to_go = final_left, final_to_go
        return decision

    def side_totals(self) -> list[int]:
        """Each side's round score as plain ints (R11–R15, R21, R23b), without a breakdown."""
        rules, layout = self.rules, self.layout
        totals = [
            sum(score_codes(self.expeditions[slot], rules) for slot in layout.side_slots(side))
            for side in range(layout.sides)
        ]
        if rules.hand_penalty:  # R21; a team's penalty is both partners' hands (R24f)
            for seat, hand in enumerate(self.hands):
                totals[rules.side_of(seat)] -= sum(RANK_OF[code] for code in hand if RANK_OF[code] > 1)
        return totals

    def copy(self) -> Round:
        """An independent copy (cheap: lists of ints)."""
        other = Round.__new__(Round)
        other.rules = self.rules
        other.layout = self.layout
        other.seed = self.seed
        other.starter = self.starter
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
        other._stack = self._stack[:]
        return other

    def start(self) -> Round:
        """A copy of this round as it was before its first decision: where its history starts."""
        other = self.copy()
        while other._stack:
            other.undo()
        return other

    # ---------------------------------------------------------------- checked API

    @property
    def phase(self) -> Phase:
        return PHASES[self._phase]

    @property
    def over(self) -> bool:
        return self._phase == OVER

    @property
    def draw_pile_size(self) -> int:
        """R9: public at all times."""
        return len(self.deck)

    @property
    def turns_played(self) -> int:
        """Completed turns (each ends with a draw), the final laying not counted."""
        return list(map(_PHASE_OF_STEP, self._stack)).count(DRAW)  # at C speed: simulate asks every round

    @property
    def discard_draws_in_a_row(self) -> int:
        """How many of the round's last draws, one after another, came from discard piles: none since a card was
        last drawn from the draw pile (online, R7a bounds them, so that every round ends)."""
        count = 0
        for code, _card, _seat, phase, _closed, _left, _to_go in reversed(self._stack):
            if phase == DRAW:
                if code == DRAW_PILE:
                    break
                count += 1
        return count

    @property
    def decisions_made(self) -> int:
        """How many decisions the history holds (plays, draws, final lays and stops)."""
        return len(self._stack)

    @property
    def final_lays_left(self) -> int:
        """In the final laying (R23c): how many more cards the seat to move may lay; else 0."""
        return self._final_left if self._phase == FINAL else 0

    @property
    def final_turns_left(self) -> int:
        """In the final laying: the seats still to lay, the one to move included; else 0."""
        return self._final_to_go if self._phase == FINAL else 0

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
        slot = self.layout.side_slots(side)[colour]
        return tuple(CARD_BY_CODE[code] for code in self.expeditions[slot])  # type: ignore[misc]

    def discard_pile(self, colour: Colour) -> tuple[Card, ...]:
        """A discard pile, bottom first; only the top (last) card is visible (R3), the rest remembered (H1)."""
        return tuple(CARD_BY_CODE[code] for code in self.discards[colour])  # type: ignore[misc]

    def legal_decisions(self) -> list[Decision]:
        """What the seat to move may do now, and nothing else: the plays (R6), or the draws (R7), or in
        the final laying the cards it can lay and ``STOP`` (R23c); empty once the round is over.

        Every decision listed is accepted by :meth:`decide`; any other is refused.

        >>> r = Round.from_position("r5 r7 / y2 | r8 / - | - | y4 | 0")
        >>> r.legal_decisions()
        [Play.parse('-r5'), Play.parse('-r7')]
        """
        if self._phase == DRAW:
            return [Draw.from_code(code) for code in self.legal_codes()]
        return [STOP if code == STOP_CODE else Play.from_code(code) for code in self.legal_codes()]

    @property
    def can_take_back(self) -> bool:
        """True while the card played this turn may go back to the hand (R6, R23c)."""
        if self._phase == DRAW:
            return bool(self._stack)  # empty only for a position built after its play (from_codes)
        return self._phase == FINAL and self._final_left < self.rules.final_plays

    def check_play(self, play: Play) -> None:
        """Raise :class:`IllegalMoveError` unless ``play`` is legal now (R6, R6a, R20, R23c)."""
        if self._phase == OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase == DRAW:
            raise IllegalMoveError(Reason.DRAW_FIRST)
        card = play.card
        if card.colour not in self.rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, (card,))
        if card.code not in self.hands[self.to_move]:
            raise IllegalMoveError(Reason.NOT_IN_HAND, (card,))
        if play.discard:
            if self._phase == FINAL:
                raise IllegalMoveError(Reason.FINAL_LAY_ONLY, (card,))
            return
        index = self.layout.slot(self.to_move, card.colour)
        if not LAYABLE_ON[self.tops[index]][card.code]:
            raise refusal_after(card, card_from_code(self.expeditions[index][-1]))

    def check_draw(self, draw: Draw) -> None:
        """Raise :class:`IllegalMoveError` unless ``draw`` is legal now (R7, R20, R23c).

        A pile that is not in the game is refused as such whenever it is asked for (R20).
        """
        pile = draw.pile
        if pile is not None and pile not in self.rules.colours:
            raise IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=pile)
        if self._phase == OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase == FINAL:
            raise IllegalMoveError(Reason.FINAL_NO_DRAW)
        if self._phase == PLAY:
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
        self.apply_code(play.code)

    def draw(self, draw: Draw | str) -> None:
        """Draw a card (R7).  Refused with :class:`IllegalMoveError`, the state unchanged."""
        if isinstance(draw, str):
            draw = Draw.parse(draw)
        self.check_draw(draw)
        self.apply_code(draw.code)

    def stop(self) -> None:
        """End the final laying of the seat to move (R23c).  Refused outside the final laying."""
        if self._phase == OVER:
            raise IllegalMoveError(Reason.ROUND_OVER)
        if self._phase != FINAL:
            raise IllegalMoveError(Reason.NOTHING_TO_STOP)
        self.apply_code(STOP_CODE)

    def decide(self, decision: Decision | str) -> None:
        """Apply one decision, whichever kind (``+r7``, ``n``, ``s``); checked like the others.

        Anything but a decision or its notation is a :class:`TypeError`, never taken for a stop.

        >>> Round(seed=7).decide(3)
        Traceback (most recent call last):
        ...
        TypeError: a decision is a Play, a Draw, STOP or their notation, not 3
        """
        if isinstance(decision, str):
            decision = parse_decision(decision)
        if isinstance(decision, Play):
            self.play(decision)
        elif isinstance(decision, Draw):
            self.draw(decision)
        elif isinstance(decision, Stop):
            self.stop()
        else:
            raise TypeError(f"a decision is a Play, a Draw, STOP or their notation, not {excerpt(repr(decision))}")

    def take_back(self) -> Play:
        """Take back the card played this turn, before the draw (R6) or before the final laying ends (R23c).

        Returns the play taken back; :class:`IllegalMoveError` if there is none.

        >>> r = Round(seed=3)
        >>> play = r.legal_decisions()[0]
        >>> r.play(play); r.take_back() == play
        True
        >>> r.take_back()
        Traceback (most recent call last):
        ...
        lost_cities.engine.errors.IllegalMoveError: R6: there is no card to take back
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
        final = self._phase == FINAL
        if final and not 1 <= len(parts) <= self.rules.final_plays + 1:
            raise NotationError(text, "a final laying: up to two cards to lay, or s to stop, e.g. '+r7 s'")
        if not final and len(parts) != 2:
            raise NotationError(text, "a turn: a play and a draw, e.g. '+r7 n'")
        decisions = [parse_decision(part) for part in parts]
        seat, before = self.to_move, len(self._stack)
        try:
            for decision in decisions:
                if self.to_move != seat or self._phase == OVER:
                    raise NotationError(text, "one seat's turn: it goes on after the turn is over")
                self.decide(decision)
            if self.to_move == seat and self._phase in (DRAW, FINAL):
                raise NotationError(text, "a whole turn: it stops half-way")
        except (IllegalMoveError, NotationError):
            while len(self._stack) > before:
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
        return group_turns(self._stack)

    def position(self) -> str:
        """This position in notation, at the start of a turn (see :meth:`from_position`)."""
        if self._phase == DRAW or self.final_lays_left not in (0, self.rules.final_plays):
            raise ValueError("a position is written at the start of a turn, not half-way through one")
        if self._phase == FINAL and self._final_to_go != self.rules.players:
            raise ValueError("a position is written at the start of the final laying, not half-way through it")
        return format_position(self.rules, self.hands, self.deck, self.expeditions, self.discards, self.to_move)

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
            tuple(self._stack),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Round seed={self.seed} turn={self.turns_played} {self.phase.name.lower()} seat={self.to_move}>"
