"""The yardstick for the engine's speed: a bare procedural loop, plain lists and ints.

It plays exactly the rounds ``lost-cities simulate`` plays — the same deal from
the same seed, the same legal choices in the same order, the same random
picks — with everything inlined and no checks, so the two can be compared and
their results must agree (``tests/engine/test_simulate.py`` checks that they do).
"""

from __future__ import annotations

import random
import time
from bisect import insort


def reference(rounds: int, seed: int = 0, colours: int = 5) -> tuple[float, list[float], float]:
    """Return (seconds, mean score per seat, mean turns)."""
    rng = random.Random(seed)
    choice = rng.choice
    per_colour = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    totals = [0, 0]
    turns = 0
    start = time.perf_counter()
    for index in range(rounds):
        deck = [c * 16 + v for c in range(colours) for v in per_colour]
        random.Random(seed + index).shuffle(deck)
        hands = [sorted(deck[0:8]), sorted(deck[8:16])]
        del deck[:16]
        tops = [0] * (2 * colours)
        expeditions: list[list[int]] = [[] for _ in range(2 * colours)]
        discards: list[list[int]] = [[] for _ in range(colours)]
        seat = index % 2
        while deck:
            hand = hands[seat]
            base = seat * colours
            plays = []
            previous = -1
            for code in hand:
                if code != previous:
                    previous = code
                    if code & 15 >= tops[base + (code >> 4)]:
                        plays.append(code * 2)
                    plays.append(code * 2 + 1)
            move = choice(plays)
            code = move >> 1
            hand.remove(code)
            colour = code >> 4
            if move & 1:
                discards[colour].append(code)
                closed = colour
            else:
                tops[base + colour] = code & 15
                expeditions[base + colour].append(code)
                closed = -1
            draws = [-1] + [c for c, pile in enumerate(discards) if pile and c != closed]
            pick = choice(draws)
            insort(hand, deck.pop() if pick < 0 else discards[pick].pop())
            turns += 1
            seat ^= 1
        for side in (0, 1):
            for cards in expeditions[side * colours : (side + 1) * colours]:
                if cards:
                    wagers = sum(1 for code in cards if code & 15 == 1)
                    points = sum(code & 15 for code in cards) - wagers
                    totals[side] += (points - 20) * (wagers + 1) + (20 if len(cards) >= 8 else 0)
    seconds = time.perf_counter() - start
    return seconds, [total / rounds for total in totals], turns / rounds
