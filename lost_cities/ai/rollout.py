"""A round finished by rules of thumb: the hard level's rollouts, and the sharper rules its own seat plays there.

The search (:mod:`lost_cities.ai.search`) weighs a choice by playing the round out
many times from it.  Every other seat plays the reference heuristic
(:mod:`lost_cities.ai.heuristic`): a model of an intermediate player.  The seat
searching may play its own future turns by :func:`sharp_play` and
:func:`sharp_draw` instead — a choice followed by weak play of one's own is
undervalued when what it keeps only pays if played well — and the search keeps
their choice unless another is clearly better: the heuristic with four
amendments, each measured better than it head to head, together +21.6 points
a round over 6,000 mirrored deals (``python benchmarks/bench_hard.py rules``),
as much as the search on the heuristic had won:

* while more than 10 cards are left to draw, open a colour with a wager when
  the hand holds numbers of it summing to 18 or more (the heuristic bets only
  from 24, and opens only from 18), and lay a second (or third) wager on a
  colour opened with one (the heuristic never bets again on a colour) —
  +16.7 of the total;
* with no discard top that continues an expedition, take one of a colour not
  opened yet when the hand holds numbers of it summing to 12 or more and more
  than 10 cards are left (the heuristic only ever takes a card it can lay);
* with 4 turns or fewer left, lay a card continuing an expedition, whatever the
  gap, rather than discard (points laid beat points kept);
* with 8 cards or fewer left to draw and at least as many cards continuing an
  expedition in hand as turns left, hold the round open: take the lowest
  discard top instead of drawing (the heuristic never does; +1.8 of the total).
"""

from __future__ import annotations

from collections.abc import Sequence

from lost_cities.ai.heuristic import heuristic_draw, heuristic_final, heuristic_play
from lost_cities.ai.measures import HOLD_OPEN, WAGER_SUM
from lost_cities.ai.view_codes import turns_left
from lost_cities.engine import DRAW_PILE, Phase, Round
from lost_cities.engine.codes import COLOUR_OF, DISCARDS, LAY, RANK_OF, WAGER_RANK

__all__ = ["play_out", "sharp_draw", "sharp_play"]

#: More cards than this left to draw, and a wagered colour is bet on again / a colour is gathered from the piles.
EARLY = 10
#: The numbers of a colour in hand that make its discard top worth taking to open it.
GATHER_SUM = 12
#: This many turns left or fewer, and any card continuing an expedition is laid rather than a card discarded.
LAST_TURNS = 4


def sharp_play(
    hand: Sequence[int],
    tops: Sequence[int],
    mine: int,
    theirs: Sequence[int],
    deck_left: int,
    turns_left: int,
    team: bool = False,
) -> int:
    """The heuristic's play, amended (see the module docstring): wagers early, no discard late."""
    colour_of, rank_of = COLOUR_OF, RANK_OF
    if deck_left > EARLY:
        bet, bet_sum = -1, 0
        for code in hand:
            if rank_of[code] != WAGER_RANK:
                continue
            colour = colour_of[code]
            top = tops[mine + colour]
            if top == WAGER_RANK:  # opened with a wager, no number yet: bet again
                return LAY[code]
            if not top:  # not opened: bet on it if the hand holds enough of it
                held = 0
                for card in hand:
                    if colour_of[card] == colour and rank_of[card] > WAGER_RANK:
                        held += rank_of[card]
                if held >= WAGER_SUM and held > bet_sum:
                    bet, bet_sum = code, held
        if bet >= 0:
            return LAY[bet]
    code = heuristic_play(hand, tops, mine, theirs, deck_left, turns_left, team)
    if DISCARDS[code] and turns_left <= LAST_TURNS:
        best, best_gap = -1, 99
        for card in hand:
            top = tops[mine + colour_of[card]]
            if top and rank_of[card] > top and rank_of[card] - top < best_gap:
                best, best_gap = card, rank_of[card] - top
        if best >= 0:
            return LAY[best]
    return code


def sharp_draw(
    tops: Sequence[int],
    mine: int,
    discards: Sequence[Sequence[int]],
    closed: int,
    hand: Sequence[int],
    deck_left: int,
    players: int = 2,
) -> int:
    """The heuristic's draw, amended (see the module docstring): a card of a colour worth opening, early; the
    round held open, late."""
    code = heuristic_draw(tops, mine, discards, closed)
    if code != DRAW_PILE:
        return code
    colour_of, rank_of = COLOUR_OF, RANK_OF
    if deck_left <= HOLD_OPEN:
        to_lay = 0
        for card in hand:
            top = tops[mine + colour_of[card]]
            to_lay += top > 0 and rank_of[card] > top
        if to_lay and to_lay >= turns_left(deck_left, players):
            lowest = 99
            for colour, pile in enumerate(discards):
                if pile and colour != closed and rank_of[pile[-1]] < lowest:
                    code, lowest = colour, rank_of[pile[-1]]
        return code
    if deck_left <= EARLY:
        return code
    for colour, pile in enumerate(discards):
        if pile and colour != closed and not tops[mine + colour] and rank_of[pile[-1]] > WAGER_RANK:
            held = 0
            for card in hand:
                if colour_of[card] == colour and rank_of[card] > WAGER_RANK:
                    held += rank_of[card]
            if held >= GATHER_SUM:
                return colour
    return code


def play_out(round_: Round, cap: int = 400, sharp: int = -1) -> int:
    """Finish the round on the engine's fast path, the heuristic in every seat but ``sharp`` (which plays
    :func:`sharp_play` and :func:`sharp_draw`; -1: none); returns the plies played.

    Past ``cap`` plies every draw is from the draw pile, so the round ends even if
    two seats keep passing a card back and forth.
    """
    rules = round_.rules
    layout = round_.layout
    players = rules.players
    team = rules.cooperative
    mine = layout.base
    sides = [layout.side_slots(side).start for side in range(layout.sides)]
    theirs = [tuple(base for base in sides if base != own) for own in mine]
    hands, deck, tops, discards = round_.hands, round_.deck, round_.tops, round_.discards
    apply = round_.apply_code
    plies = 0
    if round_.phase is Phase.DRAW:
        seat = round_.to_move
        if seat == sharp:
            apply(sharp_draw(tops, mine[seat], discards, round_.closed, hands[seat], len(deck), players))
        else:
            apply(heuristic_draw(tops, mine[seat], discards, round_.closed))
        plies += 1
    while deck:
        seat = round_.to_move
        left = len(deck)
        turns = (left + players - 1) // players
        if seat == sharp:
            apply(sharp_play(hands[seat], tops, mine[seat], theirs[seat], left, turns, team))
            if plies >= cap:
                apply(DRAW_PILE)
            else:
                apply(sharp_draw(tops, mine[seat], discards, round_.closed, hands[seat], len(deck), players))
        else:
            apply(heuristic_play(hands[seat], tops, mine[seat], theirs[seat], left, turns, team))
            apply(DRAW_PILE if plies >= cap else heuristic_draw(tops, mine[seat], discards, round_.closed))
        plies += 2
    while round_.final_turns_left:  # R23c: the final laying, with three or four players
        seat = round_.to_move
        apply(heuristic_final(hands[seat], round_.expeditions, mine[seat], round_.final_lays_left, rules))
        plies += 1
    return plies
