"""The rules-of-thumb players: ``random`` (a baseline), and the levels ``easy`` and ``normal``.

``easy`` plays like a newcomer who has understood the rules: it continues its
expeditions and opens a colour once it holds a few good cards of it, but it
never counts the turns left (it opens expeditions too late to pay), never bets,
and discards without a thought for what its opponent could lay.

``normal`` plays the reference heuristic's rules of thumb
(:mod:`lost_cities.ai.heuristic`), each round with a temperament of its own:
how big a gap it lays into and how strong a colour must be to open it vary a
little from round to round, so it is about as strong but less predictable.
"""

from __future__ import annotations

import random

from lost_cities.ai.heuristic import MAX_GAP, START_THRESHOLD, HeuristicBot, final_choice, heuristic_play
from lost_cities.ai.view_codes import Table, table_of
from lost_cities.engine import DRAW_PILE, Draw, Phase, Play, PlayerView, Stop
from lost_cities.engine.codes import COLOUR_OF, DISCARD, LAY, RANK_OF

__all__ = ["EasyBot", "NormalBot", "RandomBot", "easy_draw", "easy_play"]


class RandomBot:
    """Any legal choice, uniformly at random (a baseline, not a level)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_play(self, view: PlayerView) -> Play | Stop:
        choice = self.rng.choice(view.legal_decisions)
        assert isinstance(choice, Play | Stop), "a play is asked for in the play phase"
        return choice

    def choose_draw(self, view: PlayerView) -> Draw:
        choice = self.rng.choice(view.legal_decisions)
        assert isinstance(choice, Draw), "a draw is asked for in the draw phase"
        return choice


#: ``easy`` lays into a gap of at most this many values...
EASY_GAP = 4
#: ...and opens a colour holding at least this many numbers summing to at least this much.
EASY_OPEN_COUNT = 2
EASY_OPEN_SUM = 12


def easy_play(table: Table) -> int:
    """``easy``'s play code (see the module docstring)."""
    hand, tops, mine = table.hand, table.tops, table.mine
    by_colour: dict[int, list[int]] = {}
    for code in hand:
        by_colour.setdefault(COLOUR_OF[code], []).append(code)
    best, best_gap = -1, EASY_GAP + 1
    for colour, cards in by_colour.items():
        top = tops[mine + colour]
        if top:
            higher = [code for code in cards if RANK_OF[code] > top]
            gap = RANK_OF[higher[0]] - top - 1 if higher else best_gap
            if gap < best_gap:
                best, best_gap = higher[0], gap
    if best >= 0:
        return LAY[best]
    best_sum = 0
    for colour, cards in by_colour.items():
        numbers = [code for code in cards if RANK_OF[code] > 1]
        total = sum(RANK_OF[code] for code in numbers)
        if not tops[mine + colour] and len(numbers) >= EASY_OPEN_COUNT and total >= EASY_OPEN_SUM and total > best_sum:
            best, best_sum = numbers[0], total
    if best >= 0:
        return LAY[best]
    best_cost = 1 << 30
    for code in hand:
        colour, value = COLOUR_OF[code], RANK_OF[code]
        top = tops[mine + colour]
        # a card it can no longer lay is worth nothing to it; one it can, a lot
        laid = 0 if value < top else 20 + value
        cost = laid if top else (0 if value == 1 else value) + 2 * len(by_colour[colour])
        if cost < best_cost:
            best, best_cost = code, cost
    return DISCARD[best]


def easy_draw(table: Table) -> int:
    """``easy``'s draw code: a discard top that is the very next card of a started expedition, else the pile."""
    for colour, pile in enumerate(table.discards):
        top = table.tops[table.mine + colour]
        if pile and colour != table.closed and top > 1 and RANK_OF[pile[-1]] == top + 1:
            return colour
    return DRAW_PILE


class EasyBot:
    """The ``easy`` level: deterministic, no state."""

    def choose_play(self, view: PlayerView) -> Play | Stop:
        if view.phase is Phase.FINAL:
            return final_choice(view)
        return Play.from_code(easy_play(table_of(view)))

    def choose_draw(self, view: PlayerView) -> Draw:
        return Draw.from_code(easy_draw(table_of(view)))


class NormalBot(HeuristicBot):
    """The ``normal`` level: the heuristic, its plays given a temperament drawn each round from its seed."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.max_gap = MAX_GAP
        self.start_threshold = START_THRESHOLD
        self._deck_left = -1

    def choose_play(self, view: PlayerView) -> Play | Stop:
        if view.phase is Phase.FINAL:
            return final_choice(view)
        if view.draw_pile_size > self._deck_left:  # a new round: a new temperament
            self.max_gap = MAX_GAP + self.rng.choice((-1, 0, 0, 1))
            self.start_threshold = START_THRESHOLD + self.rng.randint(-2, 2)
        self._deck_left = view.draw_pile_size
        table = table_of(view)
        code = heuristic_play(
            table.hand,
            table.tops,
            table.mine,
            table.theirs,
            table.deck_left,
            table.turns_left,
            view.rules.cooperative,
            self.max_gap,
            self.start_threshold,
        )
        return Play.from_code(code)
