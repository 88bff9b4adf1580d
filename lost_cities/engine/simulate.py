"""The engine's soak: random play as a benchmark and a check of its invariants (``lost-cities simulate``).

Every seat picks uniformly at random among the legal choices, through the
engine's fast path.  After every turn the hand is checked to be back to size
(R8, R23a, R24c); after every round, that every card is somewhere exactly once
(R2), that the draw pile is empty and the round over — after the final laying
with three or four players (R10, R23c); and every 16th round, that the fast
score agrees with the full scoring breakdown (R11–R15) — building a breakdown
costs as much as the check of every other invariant together, and the property
tests compare the two on every round they play.
"""

from __future__ import annotations

import random
import time

from msgspec import Struct

from lost_cities.engine.round import Round, fresh_deck
from lost_cities.engine.rules import Rules

__all__ = ["InvariantError", "SimulationReport", "simulate"]


class InvariantError(AssertionError):
    """The engine broke one of its own invariants: a bug, never a player's mistake."""


class SimulationReport(Struct, frozen=True):
    rounds: int
    seconds: float
    mean_scores: tuple[float, ...]
    mean_turns: float

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else float("inf")

    def to_dict(self) -> dict[str, object]:
        return {
            "rounds": self.rounds,
            "seconds": round(self.seconds, 4),
            "rounds_per_second": round(self.rounds_per_second, 1),
            "mean_scores": [round(score, 3) for score in self.mean_scores],
            "mean_turns": round(self.mean_turns, 3),
        }


#: Compare the fast score with the full breakdown on every this-many-th round.
BREAKDOWN_EVERY = 16


def _check_round_end(round_: Round, all_cards: list[int], breakdown: bool) -> None:
    held = [code for hand in round_.hands for code in hand]
    held += round_.deck
    for cards in round_.expeditions:
        held += cards
    for pile in round_.discards:
        held += pile
    if sorted(held) != all_cards:
        raise InvariantError(f"cards lost or duplicated in round seed {round_.seed}")
    if round_.deck or not round_.over:
        raise InvariantError(f"round seed {round_.seed} ended with {len(round_.deck)} cards in the draw pile")
    if not breakdown:
        return
    fast = round_.side_totals()
    checked = [score.total for score in round_.scores()]
    if fast != checked:
        raise InvariantError(f"round seed {round_.seed}: fast score {fast} != breakdown {checked}")


def simulate(rounds: int, seed: int = 0, long: bool = False, players: int = 2) -> SimulationReport:
    """Play ``rounds`` random rounds; round ``i`` is dealt from ``seed + i``, seat ``i % players`` starting.

    >>> simulate(3, seed=1).rounds, len(simulate(2, seed=1, players=4).mean_scores)
    (3, 2)
    """
    rules = Rules(long=long, players=players)
    rng = random.Random(seed)
    choice = rng.choice
    size = rules.hand_size
    all_cards = sorted(fresh_deck(rules))
    totals = [0] * rules.sides
    turns = 0
    start = time.perf_counter()
    for index in range(rounds):
        round_ = Round(rules, seed + index, index % players)
        hands, deck = round_.hands, round_.deck
        legal, apply = round_.legal_codes, round_.apply_code  # the one question and its answer, on codes
        while deck:
            seat = round_.to_move
            apply(choice(legal()))  # a play (R6)
            apply(choice(legal()))  # and its draw (R7)
            if len(hands[seat]) != size:
                raise InvariantError(f"seat {seat} holds {len(hands[seat])} cards after a turn")
        # R23c, three or four players: every seat lays up to two cards or stops (with two the round is over)
        for _ in range(players * (rules.final_plays + 1)):
            if round_.over:
                break
            apply(choice(legal()))
        _check_round_end(round_, all_cards, index % BREAKDOWN_EVERY == 0)
        for side, total in enumerate(round_.side_totals()):
            totals[side] += total
        turns += round_.turns_played
    seconds = time.perf_counter() - start
    count = max(rounds, 1)
    return SimulationReport(rounds, seconds, tuple(total / count for total in totals), turns / count)
