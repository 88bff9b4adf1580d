"""The analysis of a finished match: every decision weighed by the hard level's search, from its player's view.

For each decision with a choice in it (a draw with only the draw pile to take is not one), the search
(:func:`~lost_cities.ai.search.ranked`) weighs the choices from the deciding seat's view as it was then —
what that player could know, nothing more (H3) — with the choice made among them; the *loss* is how many
points of the round's expected score difference the choice made gave up against the best one, never
below zero, and a loss of :data:`MISTAKE` points or more is a *mistake*.  Each player gets a summary per
round and for the match: decisions analysed, mean loss, mistakes, and an accuracy (:func:`accuracy`).

Deterministic: the search samples a fixed number of deals per decision (:func:`analysis_settings`) with a
seed drawn from the analysis's seed and the decision's place in the match, so that the same record and
seed give the same analysis on any machine, whether the decisions are weighed in one process or many.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from functools import partial

from msgspec import Struct

from lost_cities.ai.search import SearchSettings, ranked
from lost_cities.ai.workers import each
from lost_cities.engine import Card, Decision, Draw, MatchRecord, Round, player_view

__all__ = [
    "METHOD",
    "MISTAKE",
    "SAMPLES_PER_SECOND",
    "DecisionAnalysis",
    "MatchAnalysis",
    "PlayerSummary",
    "Position",
    "Summary",
    "accuracy",
    "analyse",
    "analyse_positions",
    "analysis_settings",
    "positions",
    "summarise",
]

#: A decision that loses this many points or more is a mistake.
MISTAKE = 5.0
#: The mean loss at which the accuracy is 50 (:func:`accuracy`): a mistake's worth.
HALF_ACCURACY_LOSS = MISTAKE
#: Deals sampled per decision for each second of ``--think``, every choice played out on each: about what one
#: core plays out in that time on an ordinary machine, so ``--think`` is a time per decision, and the result the
#: same on every machine.
SAMPLES_PER_SECOND = 600
#: How decisions are weighed, numbered: a kept analysis made another way is made again
#: (2: every choice on every deal, the sharper rollouts).
METHOD = 2


class Position(Struct, frozen=True):
    """One decision of the match as its player faced it: where it was, and what they chose."""

    round: int  # 1-based
    turn: int  # 1-based, within the round
    seat: int
    #: the decision's place in the match (0-based, counting every decision): the key of its seed
    index: int
    #: the round's decisions before this one, in notation: what rebuilds the table as it was
    before: tuple[str, ...]
    made: Decision


class DecisionAnalysis(Struct, frozen=True):
    """One decision weighed: the choice made and the best one, with their expected round score
    differences for the seat (in points), and the points lost.

    ``played_top`` and ``best_top`` are the cards a draw from a discard pile takes (``None`` otherwise):
    what a sentence about the draw names.
    """

    round: int
    turn: int
    seat: int
    played: Decision
    best: Decision
    played_estimate: float
    best_estimate: float
    loss: float
    played_top: Card | None = None
    best_top: Card | None = None

    @property
    def mistake(self) -> bool:
        return self.loss >= MISTAKE


class Summary(Struct, frozen=True):
    """Decisions analysed, their mean loss, the mistakes among them, and the accuracy (0 to 100)."""

    decisions: int
    mean_loss: float
    mistakes: int
    accuracy: float


class PlayerSummary(Struct, frozen=True):
    """A seat's summary for the match and for each round (1-based: ``rounds[0]`` is round 1)."""

    seat: int
    match: Summary
    rounds: tuple[Summary, ...]


class MatchAnalysis(Struct, frozen=True):
    """Every decision analysed, in the order they were made, and every seat's summary."""

    decisions: tuple[DecisionAnalysis, ...]
    players: tuple[PlayerSummary, ...]


def accuracy(mean_loss: float) -> float:
    """``100 × K / (K + mean loss)`` with K = :data:`HALF_ACCURACY_LOSS`: 100 for a player who never gives up
    a point, 50 for one who gives up a mistake's worth a decision; it falls as the mean loss grows, never
    below 0.

    >>> accuracy(0.0), accuracy(5.0), round(accuracy(1.0), 1)
    (100.0, 50.0, 83.3)
    """
    return 100.0 * HALF_ACCURACY_LOSS / (HALF_ACCURACY_LOSS + max(0.0, mean_loss))


def analysis_settings(think: float) -> SearchSettings:
    """The search's settings for about ``think`` seconds a decision: a fixed number of sampled deals
    (:data:`SAMPLES_PER_SECOND`, never fewer than the search drops candidates on), and no choice dropped.

    The hard level drops a choice clearly worse than the best after a few deals, which is all its play
    needs; a loss, though, is the difference between the best choice's estimate and the one made, and the
    choice made is often a dropped one: weighed on every deal, the two are compared on the same deals
    and a loss moves far less from one seed to another (see the README, *How good the estimates are*).
    """
    samples = max(SearchSettings().min_samples, round(think * SAMPLES_PER_SECOND))
    return SearchSettings(samples=samples, min_samples=samples)


def positions(record: MatchRecord) -> list[Position]:
    """Every decision of the match with a choice in it, in order, as its player faced it.

    The record is replayed through the engine, which checks every decision again: an illegal one raises
    a :class:`~lost_cities.engine.LostCitiesError`, as reading the record would.
    """
    found: list[Position] = []
    index = 0
    for number, round_record in enumerate(record.played, start=1):
        round_ = _start(record, number)
        done: list[str] = []
        for turn, text in enumerate(round_record.turns, start=1):
            for part in text.split():
                seat = round_.to_move
                choices = round_.legal_decisions()
                made = next((choice for choice in choices if str(choice) == part), None)
                if made is not None and len(choices) > 1:
                    found.append(Position(number, turn, seat, index, tuple(done), made))
                round_.decide(part)
                done.append(part)
                index += 1
    return found


def _start(record: MatchRecord, number: int) -> Round:
    """Round ``number`` (1-based) as it was dealt, or as the position its record starts from."""
    round_record = record.played[number - 1]
    if round_record.position is not None:
        return Round.from_position(round_record.position, record.rules)
    return Round(record.rules, round_record.seed, round_record.starter)


def _round_at(record: MatchRecord, position: Position) -> Round:
    """The round of ``position`` just before its decision."""
    round_ = _start(record, position.round)
    for part in position.before:
        round_.decide(part)
    return round_


def _seed(seed: int, index: int) -> int:
    """The search's seed for the match's ``index``-th decision: the same in any process, on any machine."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def analyse_position(record: MatchRecord, position: Position, settings: SearchSettings, seed: int) -> DecisionAnalysis:
    """Weigh one decision from its seat's view: the best choice and the one made, and the points lost."""
    round_ = _round_at(record, position)
    view = player_view(round_, position.seat)
    choices = ranked(view, settings, _seed(seed, position.index), include=position.made)
    estimates = dict(choices)
    best, best_estimate = max(choices, key=lambda choice: choice[1])
    made_estimate = estimates.get(position.made, best_estimate)

    def top(decision: Decision) -> Card | None:
        return view.discard_tops[decision.pile] if isinstance(decision, Draw) and decision.pile is not None else None

    return DecisionAnalysis(
        position.round,
        position.turn,
        position.seat,
        position.made,
        best,
        made_estimate,
        best_estimate,
        max(0.0, best_estimate - made_estimate),
        top(position.made),
        top(best),
    )


def analyse_positions(
    record: MatchRecord, found: Sequence[Position], settings: SearchSettings, seed: int, jobs: int = 1
) -> Iterator[DecisionAnalysis]:
    """Each decision weighed, in the match's order, as they come; with ``jobs`` processes
    (:mod:`lost_cities.ai.workers`) the same result, each decision being weighed on its own seed."""
    return each(partial(analyse_position, record, settings=settings, seed=seed), found, jobs)


def _summary(decisions: Sequence[DecisionAnalysis]) -> Summary:
    count = len(decisions)
    mean = sum(decision.loss for decision in decisions) / count if count else 0.0
    mistakes = sum(decision.mistake for decision in decisions)
    return Summary(count, mean, mistakes, accuracy(mean))


def summarise(decisions: Sequence[DecisionAnalysis], players: int, rounds: int) -> MatchAnalysis:
    """Every seat's summary for the match and for each of ``rounds`` rounds."""
    summaries = tuple(
        PlayerSummary(
            seat,
            _summary([decision for decision in decisions if decision.seat == seat]),
            tuple(
                _summary([decision for decision in decisions if decision.seat == seat and decision.round == number])
                for number in range(1, rounds + 1)
            ),
        )
        for seat in range(players)
    )
    return MatchAnalysis(tuple(decisions), summaries)


def analyse(record: MatchRecord, settings: SearchSettings, seed: int = 0, jobs: int = 1) -> MatchAnalysis:
    """The whole analysis at once (:func:`positions`, :func:`analyse_positions`, :func:`summarise`)."""
    found = positions(record)
    decisions = list(analyse_positions(record, found, settings, seed, jobs))
    return summarise(decisions, record.rules.players, len(record.played))
