"""The ``hard`` level: a search over sampled deals, played out by rules of thumb.

For each decision the bot

1. lists its candidates (every sensible play, or the draws that could help it)
   and its rollouts' own choice for its seat, the *default* (the sharper rules
   of :mod:`lost_cities.ai.rollout`; with ``sharp`` off, the heuristic's);
2. deals the unseen cards at random, consistently with what its seat knows
   (:mod:`lost_cities.ai.knowledge`) and, as far as a few redraws allow, with
   the other seats' last plays as the rules of thumb would have made them
   (:mod:`lost_cities.ai.inference`; by default the last play only); then
   plays every candidate out to the end of the round on that same deal, the
   seat's own turns by the sharper rules and the others' by the heuristic
   (:mod:`lost_cities.ai.rollout`; with ``sharp`` off, the heuristic in every
   seat): the candidates are compared on the same samples
   (common random numbers), so the luck of the deal cancels out of their
   differences;
3. drops a candidate once it is clearly worse than the leader, and stops when
   one is left, when the samples run out or when the time is up;
4. leaves the default only for a candidate whose advantage over it is clearly
   larger than the noise (a paired z-test and a margin): a flat search with few
   samples otherwise picks whichever candidate was lucky, and plays worse than
   its own rollout policy.

A round's result is the seat's score minus the best other side's (the team
score in cooperative play, R22), squashed (``S·tanh(d/S)``) so that a few
±100-point swings do not swamp the comparison.

Holding the round open (taking a discard top to keep the draw pile from
shrinking) is a candidate only with ``sharp``, in the last cards, where its
rollouts hold it open too when it pays; otherwise a discard pile is drawn from
only for a card the seat could still lay, and never for a card it discarded
itself this round.

The budget is per turn (a play and its draw): the play may use most of it, the
draw the rest.  Two deterministic modes replace the clock: a fixed number of
samples per decision (tests, the analysis), or of rollouts per turn, shared
as the time is (measurements at a fixed amount of work).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from msgspec import Struct

from lost_cities.ai.heuristic import final_choice, heuristic_draw, heuristic_play
from lost_cities.ai.inference import sample_weighed
from lost_cities.ai.knowledge import Knowledge, knowledge
from lost_cities.ai.measures import HOLD_OPEN
from lost_cities.ai.rollout import play_out, sharp_draw, sharp_play
from lost_cities.ai.view_codes import Table, table_of
from lost_cities.engine import DRAW_PILE, Decision, Draw, Phase, Play, PlayerView, Round, Rules, Stop
from lost_cities.engine.codes import COLOUR_OF, DISCARDS, PLAY_CARD, RANK_OF, WAGER_RANK
from lost_cities.engine.laying import LAYABLE_ON

__all__ = ["SearchBot", "SearchSettings", "ranked", "round_value"]


class SearchSettings(Struct, frozen=True):
    """How hard to think.

    ``think`` is the budget per turn in seconds; ``samples`` (when set) replaces
    the clock by that many sampled deals per decision (deterministic with a seed).
    """

    think: float = 1.0
    samples: int | None = None
    #: (when set, and ``samples`` is not) replaces the clock by that many rollouts per turn, shared between the
    #: play and the draw as the time is: the same work on any machine, for measurements that must not depend
    #: on how busy the machine is
    rollouts: int | None = None
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
    #: no candidate is dropped on fewer samples (the search stops once one is left: with 8 and ``z_drop`` 2 it
    #: uses about 40% of its time; 24 and 3 use nearly all of it, and measured no stronger: see the README)
    min_samples: int = 8
    #: cap on the plies of one rollout (then the draw pile only)
    cap: int = 200
    #: deals drawn at most for each one played out, each kept with a probability equal to how believable the
    #: other hands are (:mod:`lost_cities.ai.inference`; 1: the hidden cards dealt uniformly)...
    infer_tries: int = 20
    #: ...judged on the other seats' last this many plays each...
    infer_turns: int = 1
    #: ...each play the rules of thumb would not have made weighing the deal by this (never zero: the other
    #: seat is not assumed to be the heuristic)...
    infer_slack: float = 0.05
    #: ...and a play sensible when it is so with any card the seat may have drawn then (else: by the share of
    #: those cards with which it is).  Reading four plays by the share (``infer_turns=4, infer_tries=4,
    #: infer_slack=0.2, infer_any_draw=False``) was measured no stronger against the heuristic: see the README
    infer_any_draw: bool = True
    #: the seat searching plays its own future turns in the rollouts by the sharper rules of
    #: :mod:`lost_cities.ai.rollout` (the other seats always by the heuristic), keeps their choice unless another
    #: is clearly better, and weighs holding the round open in the last cards (see the README)
    sharp: bool = True


class _Stats:
    """Each candidate's results, one per sample, the same samples for all of them.

    ``points`` are the plain round score differences of the rollouts (what a hint tells a
    person).  The search compares them squashed, through sums kept as the samples come
    (each candidate's, and each pair's difference and its square), so that a long search
    does not sum every sample again after each one.
    """

    __slots__ = ("_pairs", "_totals", "points")

    def __init__(self, candidates: Sequence[int]) -> None:
        self.points: dict[int, list[int]] = {c: [] for c in candidates}
        #: the sum of each candidate's squashed results
        self._totals = dict.fromkeys(candidates, 0.0)
        #: for two candidates ``(a, b)`` weighed on the same samples: how many, and the sum of ``a - b`` and of
        #: its square
        self._pairs: dict[tuple[int, int], list[float]] = {}

    def add(self, candidates: Sequence[int], results: Sequence[float], points: Sequence[int]) -> None:
        """One sample's squashed ``results`` and plain ``points`` for ``candidates`` (those still weighed), in the
        same order."""
        pairs = self._pairs
        for index, (candidate, result) in enumerate(zip(candidates, results, strict=True)):
            self.points[candidate].append(points[index])
            self._totals[candidate] += result
            for other, other_result in zip(candidates[index + 1 :], results[index + 1 :], strict=True):
                pair = pairs.get((candidate, other))
                if pair is None:
                    pair = pairs[candidate, other] = [0.0, 0.0, 0.0]
                difference = result - other_result
                pair[0] += 1
                pair[1] += difference
                pair[2] += difference * difference

    def mean(self, candidate: int) -> float:
        """The mean of ``candidate``'s squashed results (0 before any)."""
        return self._totals[candidate] / max(len(self.points[candidate]), 1)

    def paired(self, a: int, b: int) -> tuple[float, float]:
        """Mean and standard error of ``a``'s advantage over ``b`` on their common samples."""
        pair, sign = self._pairs.get((a, b)), 1.0
        if pair is None:
            pair, sign = self._pairs.get((b, a)), -1.0
        if pair is None or pair[0] < 2:
            return 0.0, math.inf
        n, total, squares = pair
        mean = total / n
        var = max(squares - total * mean, 0.0) / (n - 1)
        return sign * mean, math.sqrt(var / n)


class SearchBot:
    """The ``hard`` computer player (see the module docstring)."""

    def __init__(
        self, settings: SearchSettings | None = None, seed: int | None = None, stop: Callable[[], bool] | None = None
    ) -> None:
        self.settings = settings or SearchSettings()
        self.rng = random.Random(seed)
        #: asked between two rollouts: ``True`` ends the search at once with what it has found so far
        #: (the app no longer wants the answer: the players quit, or went on)
        self.stop = stop
        self._turn_started: float | None = None
        #: rollouts played this turn so far, and the turn's budget of them (in the ``rollouts`` mode)
        self._turn_rollouts = 0
        self._limit: int | None = None
        #: diagnostics: rollouts played and seconds spent in them, and turns played (the final laying's aside)
        self.rollouts = 0
        self.rollout_seconds = 0.0
        self.turns = 0

    # ---------------------------------------------------------------- decisions

    def choose_play(self, view: PlayerView) -> Play | Stop:
        if view.phase is Phase.FINAL:  # R23c: lay what adds points; nothing to search for
            return final_choice(view)
        started = time.perf_counter()
        self._turn_started = started
        self.turns += 1
        self._begin_turn(self.settings.play_share)
        legal = [decision.code for decision in view.legal_decisions]
        table = table_of(view)
        default = self._default_play(table, view.rules)
        candidates = _play_candidates(legal, default)
        if len(candidates) > 1:
            deadline = started + self.settings.think * self.settings.play_share
            default, _ = self._search(knowledge(view), candidates, default, deadline)
        return Play.from_code(default)

    def choose_draw(self, view: PlayerView) -> Draw:
        started = time.perf_counter()
        table = table_of(view)
        default = self._default_draw(table, view.rules)
        legal = [decision.code for decision in view.legal_decisions]
        know = knowledge(view)
        candidates = _draw_candidates(legal, default, table, know, self.settings.sharp)
        if len(candidates) > 1:
            # the turn's budget: what the play left of it (all of it for a draw asked alone)
            begun = self._turn_started
            if begun is None or (self.settings.rollouts is None and started - begun >= self.settings.think):
                begun = started
                self._begin_turn(1.0)
            elif self.settings.rollouts is not None:
                self._limit = self.settings.rollouts
            deadline = begun + self.settings.think
            default, _ = self._search(know, candidates, default, deadline)
        self._turn_started = None
        return Draw.from_code(default)

    def rank(self, view: PlayerView, include: Decision | None = None) -> list[tuple[Decision, float]]:
        """The candidates of the viewer's decision now, the one this bot would choose first, then the
        others by their estimate, best first; each with its expected round score difference for the
        seat (its side's score minus the best other side's, the team score in cooperative play), in
        plain points.

        The same search as :meth:`choose_play` / :meth:`choose_draw`, on the same random draws: the
        first is the bot's choice.  The estimates are the means over the samples each candidate was
        played on (fewer for one dropped early); a candidate played on none is left out.  In the
        final laying, where the bot lays by rule (R23c), every legal choice is weighed and the
        rule's choice comes first.  Empty when it is not the viewer's turn.

        ``include``, a legal decision the search would not weigh (a card laid over a lower one of its
        colour, a discard top nobody can lay), is weighed as well: the analysis of a match puts a number
        on the decision a player made, whatever it was.
        """
        if not view.my_turn or not view.legal_decisions:
            return []
        started = time.perf_counter()
        self._turn_started = None
        by_code = {decision.code: decision for decision in view.legal_decisions}
        legal = list(by_code)
        table = table_of(view)
        know = knowledge(view)
        share = 1.0
        self._begin_turn(1.0)
        if view.phase is Phase.FINAL:
            default = final_choice(view).code
            candidates = [default, *(code for code in legal if code != default)]
        elif view.phase is Phase.DRAW:
            default = self._default_draw(table, view.rules)
            candidates = _draw_candidates(legal, default, table, know, self.settings.sharp)
        else:
            default = self._default_play(table, view.rules)
            candidates = _play_candidates(legal, default)
            share = self.settings.play_share
            self._begin_turn(share)
        if include is not None and include.code in by_code and include.code not in candidates:
            candidates.append(include.code)
        choice, stats = self._search(know, candidates, default, started + self.settings.think * share)
        if view.phase is Phase.FINAL:
            choice = default

        def estimate(code: int) -> float:
            values = stats.points[code]
            return sum(values) / len(values)

        weighed = (code for code in candidates if code != choice and stats.points[code])
        rest = sorted(weighed, key=estimate, reverse=True)
        order = [choice, *rest] if stats.points[choice] else []
        return [(by_code[code], estimate(code)) for code in order]

    def _default_play(self, table: Table, rules: Rules) -> int:
        """The play the search keeps unless another is clearly better: its rollouts' own (the sharper rules,
        or the heuristic's)."""
        play = sharp_play if self.settings.sharp else heuristic_play
        return play(
            table.hand, table.tops, table.mine, table.theirs, table.deck_left, table.turns_left, rules.cooperative
        )

    def _default_draw(self, table: Table, rules: Rules) -> int:
        """The draw the search keeps unless another is clearly better, as :meth:`_default_play`."""
        if self.settings.sharp:
            return sharp_draw(
                table.tops, table.mine, table.discards, table.closed, table.hand, table.deck_left, rules.players
            )
        return heuristic_draw(table.tops, table.mine, table.discards, table.closed)

    # ------------------------------------------------------------------- search

    def _search(self, know: Knowledge, candidates: list[int], default: int, deadline: float) -> tuple[int, _Stats]:
        """The candidate chosen, and every candidate's results (see :class:`_Stats`)."""
        settings = self.settings
        clock = settings.samples is None and settings.rollouts is None
        budget = self._limit if settings.samples is None else None
        limit = settings.samples if settings.samples is not None else 1 << 30
        stats = _Stats(candidates)
        active = list(candidates)
        rules = know.rules
        side = rules.side_of(know.seat)
        scale = settings.scale
        cap = settings.cap
        sharp = know.seat if settings.sharp else -1
        rollouts = 0
        began = time.perf_counter()
        stop = self.stop

        for done in range(limit):
            if (clock and time.perf_counter() >= deadline) or (stop is not None and stop()):
                break
            if budget is not None and self._turn_rollouts + len(active) > budget:
                break
            sample = self._sample(know)
            results: list[float] = []
            points_of: list[int] = []
            for candidate in active:
                if (clock and time.perf_counter() >= deadline) or (stop is not None and stop()):
                    break
                round_ = sample.copy()
                round_.apply_code(candidate)
                play_out(round_, cap, sharp)
                points = round_value(round_.side_totals(), side, rules)
                results.append(scale * math.tanh(points / scale))
                points_of.append(points)
                rollouts += 1
            self._turn_rollouts += len(results)
            if len(results) < len(active):
                break  # out of time: a sample is used for all candidates or none
            stats.add(active, results, points_of)
            if done + 1 >= settings.min_samples:
                active = self._drop(stats, active, default)
                if len(active) == 1:
                    break
        self.rollouts += rollouts
        self.rollout_seconds += time.perf_counter() - began
        return self._decide(stats, active, default), stats

    def _begin_turn(self, share: float) -> None:
        """A new turn's budget of rollouts (``share`` of it for this decision), in the ``rollouts`` mode."""
        self._turn_rollouts = 0
        rollouts = self.settings.rollouts
        self._limit = None if rollouts is None else max(1, round(rollouts * share))

    def _sample(self, know: Knowledge) -> Round:
        """A deal agreeing with the view, the other hands as believable as their plays make them (inference)."""
        settings = self.settings
        return sample_weighed(
            know, self.rng, settings.infer_tries, settings.infer_turns, settings.infer_slack, settings.infer_any_draw
        )

    def _drop(self, stats: _Stats, active: list[int], default: int) -> list[int]:
        """Keep the candidates not clearly worse than the leader (the default is favoured by the margin)."""
        settings = self.settings

        def score(candidate: int) -> float:
            return stats.mean(candidate) + (settings.margin if candidate == default else 0.0)

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
            return max(active, key=stats.mean)
        best, best_mean = default, 0.0
        for candidate in active:
            if candidate == default:
                continue
            mean, se = stats.paired(candidate, default)
            if mean > best_mean and mean > settings.margin and mean > settings.z_leave * se:
                best, best_mean = candidate, mean
        return best


def ranked(
    view: PlayerView,
    settings: SearchSettings | None = None,
    seed: int | None = None,
    stop: Callable[[], bool] | None = None,
    include: Decision | None = None,
) -> list[tuple[Decision, float]]:
    """The hard level's choices for the viewer's decision now, its own first, with their expected round
    score difference (:meth:`SearchBot.rank`): what a hint shows, and with ``include`` weighed among them,
    what an analysis compares.  From the view alone (H3); the same for the same view, ``seed`` and
    ``settings.samples``.
    """
    return SearchBot(settings, seed, stop).rank(view, include)


def round_value(totals: Sequence[int], side: int, rules: Rules) -> int:
    """What a seat plays for: its side's score minus the best other side's, or the team score (R22).

    >>> round_value([30, 12], 0, Rules()), round_value([30, 12], 1, Rules())
    (18, -18)
    >>> round_value([30, 12], 1, Rules(cooperative=True))
    42
    """
    if rules.cooperative:
        return sum(totals)
    return totals[side] - max(total for other, total in enumerate(totals) if other != side)


def _play_candidates(legal: list[int], default: int) -> list[int]:
    """The plays worth searching, the default first: every discard, and per colour only the lowest card to lay.

    Laying a higher card over one's own lower card of the colour throws the lower one
    away; opening a colour is tried with its wager and with its lowest number.
    """
    out = [default]
    seen: set[tuple[int, bool]] = set()
    for code in sorted(legal):
        card = PLAY_CARD[code]
        key = (COLOUR_OF[card], RANK_OF[card] == WAGER_RANK)
        if not DISCARDS[code]:
            if key in seen:
                continue
            seen.add(key)
        if code != default:
            out.append(code)
    return out


def _draw_candidates(legal: list[int], default: int, table: Table, know: Knowledge, sharp: bool = False) -> list[int]:
    """The draw pile, and any discard top this seat could still lay and did not discard itself; with ``sharp``,
    any discard top in the last cards (:data:`~lost_cities.ai.measures.HOLD_OPEN`), which holds the round open:
    its rollouts go on doing so when it pays."""
    out = [default]
    hold_open = sharp and table.deck_left <= HOLD_OPEN
    for code in legal:
        if code == default:
            continue
        if code == DRAW_PILE or hold_open:
            out.append(code)
            continue
        card = table.discards[code][-1]
        if card not in know.discarded and LAYABLE_ON[table.tops[table.mine + code]][card]:
            out.append(code)
    return out
