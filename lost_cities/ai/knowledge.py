"""What a seat knows about the hidden cards, and positions sampled consistently with it (H1, H3).

A player with a perfect memory knows every public event of the round: each card
laid or discarded, and each card taken from a discard pile and by whom.  From
these and its own hand it knows

* the whole content of every discard pile, not just its top;
* the cards another seat took from a discard pile and has not played since:
  they are in that hand;
* and so the *unseen* cards: the rest of the other hands and the draw pile, in
  an unknown order.

:func:`sample_round` deals the unseen cards at random into a full engine
position that a search can play out; every sample agrees with everything the
seat has seen, and with nothing else.

The round's public history is read in ONE place, :class:`Memory`.  Until the
engine's view carries the history itself (``PlayerView.history``), a memory
rebuilds it from the views of its own seat, in order: each view's last public
turn and the seat's own choices.  A history that does not replay to the table
the view shows (a memory that joined the round late) is not trusted: then only
the table itself is known (the piles' top cards, no card in another hand).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from lost_cities.engine import Draw, Phase, PlayerView, PublicTurn, Round, Rules
from lost_cities.engine.round import fresh_deck

__all__ = ["Knowledge", "Memory", "knowledge", "position", "sample_round"]


class Memory:
    """The round's public turns as one seat has seen them (see the module docstring)."""

    __slots__ = ("_deck_left", "_own", "_turns")

    def __init__(self) -> None:
        self._turns: list[PublicTurn] = []
        self._own: PublicTurn | None = None
        self._deck_left = -1

    def turns(self, view: PlayerView) -> Sequence[PublicTurn]:
        """Every completed public turn of the round, oldest first, as far as this memory knows them."""
        history: Sequence[PublicTurn] | None = getattr(view, "history", None)
        if history is not None:
            return history
        if view.draw_pile_size > self._deck_left or (view.last_turn is None and view.phase is Phase.PLAY):
            self._turns.clear()  # a new round
            self._own = None
        self._deck_left = view.draw_pile_size
        if view.phase is Phase.PLAY:
            if self._own is not None:
                self._turns.append(self._own)
                self._own = None
            last = view.last_turn
            if last is not None and last.seat != view.seat and (not self._turns or self._turns[-1] != last):
                self._turns.append(last)
        return self._turns

    def chose_draw(self, view: PlayerView, draw: Draw) -> None:
        """Remember this seat's own turn, completed by ``draw`` (its play is the view's pending play)."""
        if getattr(view, "history", None) is not None or view.pending_play is None:
            return
        drawn = None if draw.pile is None else view.discard_top(draw.pile)
        self._own = PublicTurn(view.seat, view.pending_play, draw, drawn)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows, in card codes.

    ``piles`` are the discard piles bottom first; a pile's ``buried`` unknown cards
    lie under it (only when the history was not known).  ``known`` lists, per seat,
    the cards known to be in that hand; ``unseen`` every card whose place is unknown.
    ``discarded`` holds the cards this seat discarded this round.
    """

    rules: Rules
    seat: int
    to_move: int
    phase: Phase
    closed: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    expeditions: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    buried: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    unseen: tuple[int, ...]
    discarded: frozenset[int]
    deck_left: int
    last_other: OtherTurn | None = None


@dataclass(frozen=True, slots=True)
class OtherTurn:
    """The last turn, if another seat played it, with the table it was played on: a clue to that hand.

    ``drawn`` is the card it took from a discard pile, or -1 for the draw pile; ``tops``
    are the expeditions' last values and ``deck_left`` the draw pile's size before it.
    """

    seat: int
    play: int
    drawn: int
    tops: tuple[int, ...]
    deck_left: int


def knowledge(view: PlayerView, turns: Sequence[PublicTurn]) -> Knowledge:
    """Replay ``turns`` to what ``view.seat`` knows; if they do not lead to the view's table, trust the view only."""
    rules = view.rules
    ncolours = len(rules.colours)
    expeditions = tuple(tuple(card.code for card in cards) for side in view.expeditions for cards in side)
    replayed = _replay(view, turns, ncolours)
    if replayed is not None and _agrees(view, expeditions, replayed):
        piles, known, discarded = replayed.piles, replayed.known, replayed.discarded
        buried = (0,) * ncolours
        last_other = replayed.last_other
    else:
        piles = [[card.code] if card is not None else [] for card in view.discard_tops]
        buried = tuple(max(size - 1, 0) for size in view.discard_sizes)
        known = [[] for _ in range(rules.players)]
        discarded = set()
        last_other = None
    hand = tuple(sorted(card.code for card in view.hand))
    seen = Counter(hand)
    for cards in (*expeditions, *piles, *known):
        seen.update(cards)
    unseen = list((Counter(fresh_deck(rules)) - seen).elements())
    return Knowledge(
        rules=rules,
        seat=view.seat,
        to_move=view.to_move,
        phase=view.phase,
        closed=-1 if view.closed_pile is None else int(view.closed_pile),
        hand=hand,
        hand_sizes=view.hand_sizes,
        expeditions=expeditions,
        piles=tuple(map(tuple, piles)),
        buried=buried,
        known=tuple(map(tuple, known)),
        unseen=tuple(unseen),
        discarded=frozenset(discarded),
        deck_left=view.draw_pile_size,
        last_other=last_other,
    )


@dataclass(slots=True)
class _Replayed:
    expeditions: list[list[int]]
    piles: list[list[int]]
    known: list[list[int]]
    discarded: set[int]
    pile_draws: int = 0
    last_other: OtherTurn | None = None


def _replay(view: PlayerView, turns: Sequence[PublicTurn], ncolours: int) -> _Replayed | None:
    """The table, the cards known in each hand and this seat's discards after ``turns``; None if they do not fit."""
    rules = view.rules
    state = _Replayed(
        [[] for _ in range(rules.sides * ncolours)],
        [[] for _ in range(ncolours)],
        [[] for _ in range(rules.players)],
        set(),
    )
    plays = [(turn.seat, turn.play) for turn in turns]
    if view.phase is Phase.DRAW and view.pending_play is not None:
        plays.append((view.seat, view.pending_play))
    dealt = rules.card_count - rules.players * rules.hand_size
    for index, (seat, play) in enumerate(plays):
        code = play.card.code
        if index == len(turns) - 1 and seat != view.seat:
            draw = turns[index].draw
            drawn = turns[index].drawn
            state.last_other = OtherTurn(
                seat,
                play.code,
                drawn.code if drawn is not None and draw is not None and draw.pile is not None else -1,
                tuple(cards[-1] & 15 if cards else 0 for cards in state.expeditions),
                dealt - state.pile_draws,
            )
        known = state.known[seat]
        if code in known:
            known.remove(code)
        if play.discard:
            state.piles[code >> 4].append(code)
            if seat == view.seat:
                state.discarded.add(code)
        else:
            state.expeditions[rules.side_of(seat) * ncolours + (code >> 4)].append(code)
        if index < len(turns):
            turn = turns[index]
            if turn.draw is None:
                return None
            if turn.draw.pile is None:
                state.pile_draws += 1
                continue
            pile = state.piles[turn.draw.pile]
            if not pile or turn.drawn is None or pile[-1] != turn.drawn.code:
                return None
            known.append(pile.pop())
    state.known[view.seat] = []  # a seat's own hand is in the view
    if any(len(cards) > size for cards, size in zip(state.known, view.hand_sizes, strict=True)):
        return None
    return state


def _agrees(view: PlayerView, expeditions: tuple[tuple[int, ...], ...], state: _Replayed) -> bool:
    """Whether a replayed history leads to the table the view shows (a missed turn shows up here)."""
    rules = view.rules
    if [tuple(cards) for cards in state.expeditions] != list(expeditions):
        return False
    if [pile[-1] if pile else None for pile in state.piles] != [c.code if c else None for c in view.discard_tops]:
        return False
    if [len(pile) for pile in state.piles] != list(view.discard_sizes):
        return False
    dealt = rules.players * rules.hand_size
    return rules.card_count - dealt - state.pile_draws == view.draw_pile_size


def sample_round(know: Knowledge, rng: random.Random) -> Round:
    """A full position agreeing with ``know``: the unseen cards dealt at random to the hidden places."""
    pool = list(know.unseen)
    rng.shuffle(pool)
    piles = [list(pile) for pile in know.piles]
    for colour, count in enumerate(know.buried):
        if count:
            under = [code for code in pool if code >> 4 == colour][:count]
            for code in under:
                pool.remove(code)
            piles[colour][:0] = under
    hands: list[list[int]] = []
    for seat, size in enumerate(know.hand_sizes):
        if seat == know.seat:
            hands.append(list(know.hand))
            continue
        hand = list(know.known[seat])
        take = len(pool) - max(size - len(hand), 0)
        hand += pool[take:]
        del pool[take:]
        hand.sort()
        hands.append(hand)
    return position(
        know.rules, hands, pool, [list(e) for e in know.expeditions], piles, know.to_move, know.phase, know.closed
    )


def position(
    rules: Rules,
    hands: list[list[int]],
    deck: list[int],
    expeditions: list[list[int]],
    discards: list[list[int]],
    to_move: int,
    phase: Phase,
    closed: int,
) -> Round:
    """An engine position from card codes, unchecked: the ONE place that builds one.

    (When the engine gains ``Round.from_codes``, this becomes a call to it.)
    The position has no record of the turns that led to it, so it cannot be undone
    past its start; a search only plays forward.
    """
    round_ = Round.__new__(Round)
    round_.rules = rules
    round_.seed = 0
    round_.starter = to_move
    round_._ncolours = len(rules.colours)
    round_.hands = hands
    round_.deck = deck
    round_.expeditions = expeditions
    round_.tops = [cards[-1] & 15 if cards else 0 for cards in expeditions]
    round_.discards = discards
    round_.to_move = to_move
    round_.closed = closed
    round_._phase = phase.value
    round_._log = []
    return round_
