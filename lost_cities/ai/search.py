"""The ``hard`` level: a search over sampled deals, played out by the reference heuristic.

For each decision the bot

1. lists its candidates (every sensible play, or the draws that could help it)
   and the heuristic's own choice, the *default*;
2. deals the unseen cards at random, consistently with what its seat knows
   (:mod:`lost_cities.ai.knowledge`), and plays every candidate out to the end
   of the round on that same deal with the heuristic in every seat: the
   candidates are compared on the same samples (common random numbers), so the
   luck of the deal cancels out of their differences;
3. drops a candidate once it is clearly worse than the leader, and stops when
   one is left, when the samples run out or when the time is up;
4. leaves the default only for a candidate whose advantage over it is clearly
   larger than the noise (a paired z-test and a margin): a flat search with few
   samples otherwise picks whichever candidate was lucky, and plays worse than
   its own rollout policy.

A round's result is the seat's score minus the best other side's (the team
score in cooperative play, R22), squashed (``S·tanh(d/S)``) so that a few
±100-point swings do not swamp the comparison.

Discard-and-redraw stalling (taking back a card to keep the draw pile from
shrinking) is not a candidate: a discard pile is drawn from only for a card the
seat could still lay, and never for a card it discarded itself this round.

The budget is per turn (a play and its draw): the play may use most of it, the
draw the rest.  A deterministic mode replaces the clock with a fixed number of
samples, for tests and reproducible measurements.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lost_cities.ai.heuristic import heuristic_draw, heuristic_play, play_out
from lost_cities.ai.knowledge import Knowledge, Memory, knowledge, sample_round
from lost_cities.ai.table import Table, table_of
from lost_cities.engine import DRAW_PILE, Draw, Play, PlayerView, Round

__all__ = ["SearchBot", "SearchSettings"]


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard to think.

    ``think`` is the budget per turn in seconds; ``samples`` (when set) replaces
    the clock by that many sampled deals per decision (deterministic with a seed).
    """

    think: float = 1.0
    samples: int | None = None
    #: share of the turn's budget the play may use; the draw gets the rest
    play_share: float = 0.8
    #: the squashing scale of a round's result, in points
    scale: float = 40.0
    #: a candidate is dropped when its paired difference to the leader is below zero by this many standard errors
    z_drop: float = 2.0
    #: the default is left only when a candidate beats it by this many standard errors...
    z_leave: float = 2.0
    #: ...and by at least this much (squashed points)
    margin: float = 0.5
    #: no candidate is dropped, and no decision taken, on fewer samples
    min_samples: int = 8
    #: cap on the plies of one rollout (then the draw pile only)
    cap: int = 200


class _Stats:
    """Each candidate's results, one per sample, the same samples for all of them."""

    __slots__ = ("results",)

    def __init__(self, candidates: Sequence[int]) -> None:
        self.results: dict[int, list[float]] = {c: [] for c in candidates}

    def paired(self, a: int, b: int) -> tuple[float, float]:
        """Mean and standard error of ``a``'s advantage over ``b`` on their common samples."""
        ra, rb = self.results[a], self.results[b]
        n = min(len(ra), len(rb))
        if n < 2:
            return 0.0, math.inf
        diffs = [ra[i] - rb[i] for i in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)


class SearchBot:
    """The ``hard`` computer player (see the module docstring)."""

    def __init__(self, settings: SearchSettings | None = None, seed: int | None = None) -> None:
        self.settings = settings or SearchSettings()
        self.rng = random.Random(seed)
        self.memory = Memory()
        self._turn_started: float | None = None
        #: diagnostics: rollouts played and seconds spent in them
        self.rollouts = 0
        self.rollout_seconds = 0.0

    # ---------------------------------------------------------------- decisions

    def choose_play(self, view: PlayerView) -> Play:
        started = time.perf_counter()
        self._turn_started = started
        turns = self.memory.turns(view)
        legal = [play.code for play in view.legal_plays]
        table = table_of(view)
        default = heuristic_play(
            table.hand, table.tops, table.mine, table.theirs, table.deck_left, table.turns_left, view.rules.cooperative
        )
        candidates = _play_candidates(legal, default, table)
        if len(candidates) > 1:
            deadline = started + self.settings.think * self.settings.play_share
            know = knowledge(view, turns)
            default = self._search(know, candidates, default, Round.play_code, deadline)
        return Play.from_code(default)

    def choose_draw(self, view: PlayerView) -> Draw:
        started = time.perf_counter()
        turns = self.memory.turns(view)
        table = table_of(view)
        default = heuristic_draw(table.tops, table.mine, table.discards, table.closed)
        legal = [draw.code for draw in view.legal_draws]
        know = knowledge(view, turns)
        candidates = _draw_candidates(legal, default, table, know)
        if len(candidates) > 1:
            begun = self._turn_started if self._turn_started is not None else started
            deadline = max(begun + self.settings.think, started + self.settings.think * (1 - self.settings.play_share))
            deadline = min(deadline, started + self.settings.think)
            default = self._search(know, candidates, default, Round.draw_code, deadline)
        self._turn_started = None
        draw = Draw.from_code(default)
        self.memory.chose_draw(view, draw)
        return draw

    # ------------------------------------------------------------------- search

    def _search(
        self,
        know: Knowledge,
        candidates: list[int],
        default: int,
        apply: Callable[[Round, int], None],
        deadline: float,
    ) -> int:
        settings = self.settings
        clock = settings.samples is None
        limit = settings.samples if settings.samples is not None else 1 << 30
        stats = _Stats(candidates)
        active = list(candidates)
        seat = know.seat
        rules = know.rules
        side = rules.side_of(seat)
        others = [other for other in range(rules.sides) if other != side]
        team = rules.cooperative
        scale = settings.scale
        cap = settings.cap
        rng = self.rng
        rollouts = 0
        began = time.perf_counter()
        for done in range(limit):
            sample = sample_round(know, rng)
            results: list[float] = []
            for candidate in active:
                if clock and time.perf_counter() >= deadline:
                    break
                round_ = sample.copy()
                apply(round_, candidate)
                play_out(round_, cap)
                totals = round_.side_totals()
                points = sum(totals) if team else totals[side] - max(totals[other] for other in others)
                results.append(scale * math.tanh(points / scale))
                rollouts += 1
            if len(results) < len(active):
                break  # out of time: a sample is used for all candidates or none
            for candidate, result in zip(active, results, strict=True):
                stats.results[candidate].append(result)
            if done + 1 >= settings.min_samples:
                active = self._drop(stats, active, default)
                if len(active) == 1:
                    break
        self.rollouts += rollouts
        self.rollout_seconds += time.perf_counter() - began
        return self._decide(stats, active, default)

    def _drop(self, stats: _Stats, active: list[int], default: int) -> list[int]:
        """Keep the candidates not clearly worse than the leader (the default is favoured by the margin)."""
        settings = self.settings

        def score(candidate: int) -> float:
            values = stats.results[candidate]
            bonus = settings.margin if candidate == default else 0.0
            return sum(values) / len(values) + bonus

        leader = max(active, key=score)
        kept = []
        for candidate in active:
            if candidate == leader:
                kept.append(candidate)
                continue
            mean, se = stats.paired(candidate, leader)
            if candidate == default:
                mean += settings.margin
            if leader == default:
                mean -= settings.margin
            if mean + settings.z_drop * se >= 0:
                kept.append(candidate)
        return kept

    def _decide(self, stats: _Stats, active: list[int], default: int) -> int:
        """The default, unless a candidate beats it clearly; the best one if the default was dropped."""
        settings = self.settings
        if default not in active:
            return max(active, key=lambda c: sum(stats.results[c]) / max(len(stats.results[c]), 1))
        best, best_mean = default, 0.0
        for candidate in active:
            if candidate == default:
                continue
            mean, se = stats.paired(candidate, default)
            if mean > best_mean and mean > settings.margin and mean > settings.z_leave * se:
                best, best_mean = candidate, mean
        return best


def _play_candidates(legal: list[int], default: int, table: Table) -> list[int]:
    """The plays worth searching, the default first: every discard, and per colour only the lowest card to lay.

    Laying a higher card over one's own lower card of the colour throws the lower one
    away; opening a colour is tried with its wager and with its lowest number.
    """
    out = [default]
    seen: set[tuple[int, bool]] = set()
    for code in sorted(legal):
        card = code >> 1
        key = (card >> 4, card & 15 == 1)
        if not code & 1:
            if key in seen:
                continue
            seen.add(key)
        if code != default:
            out.append(code)
    return out


def _draw_candidates(legal: list[int], default: int, table: Table, know: Knowledge) -> list[int]:
    """The draw pile, and any discard top this seat could still lay and did not discard itself."""
    out = [default]
    for code in legal:
        if code == default:
            continue
        if code == DRAW_PILE:
            out.append(code)
            continue
        card = table.discards[code][-1]
        if card not in know.discarded and card & 15 >= table.tops[table.mine + code]:
            out.append(code)
    return out
