"""The arena: bots play the same deals from every seat, and the figures that compare them.

Two bots: the pair's figures below.  Three or four (:func:`play_table_deal`, :func:`table_report`):
each deal is played once per rotation of the seats, so every bot sits in every position on the same
cards; with four, bots 1 and 3 are partners against 2 and 4 in every rotation (R24), and the
figures are each bot's and each team's.

Deal ``i`` (its cards from :func:`~lost_cities.engine.round_seed` of the arena's
seed, seat ``i % 2`` starting) is played twice: A in seat 1 and B in seat 2,
then the other way round, so each bot gets exactly the cards and the tempo the
other had; the luck of the deal cancels out of the pair.  Every round gets
fresh bots, seeded from the arena's seed, the deal and the seat, so the figures
do not depend on how many processes played them.

The figures: rounds, wins of each, draws, A's win rate with a 95% interval
(Wilson's), the mean points difference A − B with its standard error (over the
deals' pair means, as the two rounds of a deal are not independent), plies per
round, rounds stopped at the ply cap, and each bot's seconds per turn (a play
and its draw: mean, 95th percentile, max).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from functools import partial

from msgspec import Struct

from lost_cities.ai.bot import Bot
from lost_cities.ai.loader import make_bot
from lost_cities.ai.workers import each
from lost_cities.engine import IllegalMoveError, Phase, Round, Rules, player_view, round_seed
from lost_cities.quoting import excerpt

__all__ = [
    "PLY_CAP",
    "ArenaError",
    "ArenaReport",
    "ArenaRound",
    "ArenaSettings",
    "DealResult",
    "RunSettings",
    "TableDeal",
    "TableReport",
    "TableSettings",
    "Timing",
    "play_deals",
    "play_round",
    "play_table_deal",
    "play_table_deals",
    "report",
    "table_report",
]

#: A round still running after this many plies (plays and draws) is stopped and scored as it stands.
PLY_CAP = 400


class ArenaError(Exception):
    """A bot broke the protocol (an illegal choice, an error of its own): one sentence for the player."""


class RunSettings(Struct, frozen=True, kw_only=True):
    """What every run of the arena sets beside its bots (two, or three or four at one table): how many deals,
    from which seed, each bot's time or work per turn, and the variants.  Keyword-only: the bots come first."""

    deals: int = 100
    seed: int = 0
    think: float | None = None
    long: bool = False
    hand_penalty: bool = False
    #: the hard level's work per turn in rollouts instead of ``think`` (the same work on a busy machine)
    rollouts: int | None = None


class ArenaSettings(RunSettings, frozen=True):
    a: str
    b: str

    @property
    def rules(self) -> Rules:
        return Rules(long=self.long, hand_penalty=self.hand_penalty)


class ArenaRound(Struct, frozen=True):
    """One round: A's seat, the difference A − B, its length, each bot's seconds per turn, and for a bot
    that searches (one with ``rollouts`` and ``rollout_seconds`` counters) its rollouts and their seconds."""

    a_seat: int
    diff: int
    plies: int
    capped: bool
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # A's turns, B's turns
    rollouts: tuple[tuple[int, float] | None, tuple[int, float] | None] = (None, None)


class DealResult(Struct, frozen=True):
    deal: int
    rounds: tuple[ArenaRound, ArenaRound]


def _bot(settings: RunSettings, level: str, deal: int, seating: int, which: str) -> Bot:
    """A fresh bot of ``level`` for one round, seeded by the arena's seed, the deal, the seating and ``which``."""
    seed = random.Random(f"lost-cities-arena:{settings.seed}:{deal}:{seating}:{which}").getrandbits(63)
    return make_bot(level, seed=seed, think=settings.think, rollouts=settings.rollouts)


def play_round(
    rules: Rules, seed: int, starter: int, bots: Sequence[Bot], names: Sequence[str], a_seat: int = 0
) -> ArenaRound:
    """Play one round between two ``bots`` (by seat); the result is seen from A's seat, ``a_seat`` (0 or 1)."""
    round_, seconds, plies = _play(rules, seed, starter, bots, names)
    totals = round_.side_totals()
    a, b = a_seat, 1 - a_seat
    searched = (_rollouts(bots[a]), _rollouts(bots[b]))
    return ArenaRound(
        a_seat, totals[a] - totals[b], plies, not round_.over, (tuple(seconds[a]), tuple(seconds[b])), searched
    )


def _play(
    rules: Rules, seed: int, starter: int, bots: Sequence[Bot], names: Sequence[str]
) -> tuple[Round, list[list[float]], int]:
    """One round played by ``bots`` (by seat): the round, each seat's seconds per turn, and the plies.

    A turn is a play and its draw; in a final laying (R23c, three or four players) each
    decision counts as a turn of its own.
    """
    round_ = Round(rules, seed, starter)
    seconds: list[list[float]] = [[] for _ in range(rules.players)]
    plies = 0
    clock = time.perf_counter
    while not round_.over and plies < PLY_CAP:
        seat = round_.to_move
        bot = bots[seat]
        began = clock()
        choice = _call(bot.choose_play, player_view(round_, seat), names[seat])
        spent = clock() - began
        _apply(round_, choice, names[seat])
        if round_.phase is not Phase.DRAW:  # a final laying's lay or stop (R23c) is a turn of its own
            seconds[seat].append(spent)
            plies += 1
            continue
        began = clock()
        choice = _call(bot.choose_draw, player_view(round_, seat), names[seat])
        spent += clock() - began
        _apply(round_, choice, names[seat])
        seconds[seat].append(spent)
        plies += 2
    return round_, seconds, plies


def _rollouts(bot: Bot) -> tuple[int, float] | None:
    count, seconds = getattr(bot, "rollouts", None), getattr(bot, "rollout_seconds", None)
    if isinstance(count, int) and isinstance(seconds, float):
        return count, seconds
    return None


def _call(choose: object, view: object, name: str) -> object:
    try:
        return choose(view)  # type: ignore[operator]
    except Exception as error:
        raise ArenaError(f"{name}: {type(error).__name__}: {error}") from error


def _apply(round_: Round, choice: object, name: str) -> None:
    """Apply a bot's answer, checked as a person's (:meth:`Round.decide`): a broken rule stops the arena."""
    try:
        round_.decide(choice)  # type: ignore[arg-type]
    except (IllegalMoveError, TypeError, ValueError) as error:
        raise ArenaError(f"{name}: {excerpt(repr(choice))}: {error}") from error


def play_deal(settings: ArenaSettings, deal: int) -> DealResult:
    """Both rounds of a deal: A in seat 0, then A in seat 1."""
    rules = settings.rules
    seed = round_seed(settings.seed, deal)
    starter = deal % 2
    results = []
    for a_seat in (0, 1):
        bot_a = _bot(settings, settings.a, deal, a_seat, "a")
        bot_b = _bot(settings, settings.b, deal, a_seat, "b")
        bots = (bot_a, bot_b) if a_seat == 0 else (bot_b, bot_a)
        names = (settings.a, settings.b) if a_seat == 0 else (settings.b, settings.a)
        results.append(play_round(rules, seed, starter, bots, names, a_seat))
    return DealResult(deal, (results[0], results[1]))


def play_deals(settings: ArenaSettings, jobs: int = 1) -> Iterator[DealResult]:
    """Every deal's result as it comes (in any order with several processes)."""
    return each(partial(play_deal, settings), range(settings.deals), jobs, ordered=False)


class Timing(Struct, frozen=True):
    """Seconds per turn of one bot."""

    mean: float
    p95: float
    max: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Timing:
        if not seconds:
            return cls(0.0, 0.0, 0.0)
        ordered = sorted(seconds)
        p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        return cls(sum(ordered) / len(ordered), p95, ordered[-1])

    def to_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 6), "p95": round(self.p95, 6), "max": round(self.max, 6)}


class ArenaReport(Struct, frozen=True):
    a: str
    b: str
    deals: int
    rounds: int
    wins: tuple[int, int]
    draws: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_diff: float
    #: None with fewer than two deals
    mean_diff_se: float | None
    plies_per_round: float
    capped_rounds: int
    seconds_per_turn: tuple[Timing, Timing]
    #: of a bot that searches, rollouts played per second of search (else None)
    rollouts_per_second: tuple[float | None, float | None] = (None, None)

    def to_dict(self) -> dict[str, object]:
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "rounds": self.rounds,
            "wins": list(self.wins),
            "draws": self.draws,
            "win_rate": round(self.win_rate, 6),
            "win_rate_ci95": [round(x, 6) for x in self.win_rate_ci95],
            "mean_diff": round(self.mean_diff, 4),
            "mean_diff_se": None if self.mean_diff_se is None else round(self.mean_diff_se, 4),
            "plies_per_round": round(self.plies_per_round, 3),
            "capped_rounds": self.capped_rounds,
            "seconds_per_turn": [timing.to_dict() for timing in self.seconds_per_turn],
            "rollouts_per_second": [None if rate is None else round(rate, 1) for rate in self.rollouts_per_second],
        }


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(80, 100)]
    [0.711, 0.867]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(settings: ArenaSettings, deals: Sequence[DealResult]) -> ArenaReport:
    """The figures over the deals played so far."""
    rounds = [result for deal in deals for result in deal.rounds]
    n = len(rounds)
    wins_a = sum(1 for r in rounds if r.diff > 0)
    wins_b = sum(1 for r in rounds if r.diff < 0)
    mean = sum(r.diff for r in rounds) / n if n else 0.0
    pairs = [(deal.rounds[0].diff + deal.rounds[1].diff) / 2 for deal in deals]
    se = None
    if len(pairs) > 1:
        pair_mean = sum(pairs) / len(pairs)
        variance = sum((p - pair_mean) ** 2 for p in pairs) / (len(pairs) - 1)
        se = math.sqrt(variance / len(pairs))
    seconds_a = [s for r in rounds for s in r.seconds[0]]
    seconds_b = [s for r in rounds for s in r.seconds[1]]
    return ArenaReport(
        a=settings.a,
        b=settings.b,
        deals=len(deals),
        rounds=n,
        wins=(wins_a, wins_b),
        draws=n - wins_a - wins_b,
        win_rate=wins_a / n if n else 0.0,
        win_rate_ci95=wilson(wins_a, n),
        mean_diff=mean,
        mean_diff_se=se,
        plies_per_round=sum(r.plies for r in rounds) / n if n else 0.0,
        capped_rounds=sum(1 for r in rounds if r.capped),
        seconds_per_turn=(Timing.of(seconds_a), Timing.of(seconds_b)),
        rollouts_per_second=(_rate(rounds, 0), _rate(rounds, 1)),
    )


def _rate(rounds: Sequence[ArenaRound], which: int) -> float | None:
    counted = [pair for r in rounds if (pair := r.rollouts[which]) is not None]
    seconds = sum(spent for _, spent in counted)
    return sum(count for count, _ in counted) / seconds if seconds > 0 else None


# ---------------------------------------------------------------------- three or four bots at one table


class TableSettings(RunSettings, frozen=True):
    """Three or four bots at one table (four: the first and third partners against the second and fourth)."""

    bots: tuple[str, ...]

    @property
    def rules(self) -> Rules:
        return Rules(players=len(self.bots), long=self.long, hand_penalty=self.hand_penalty)


class TableRound(Struct, frozen=True):
    """One rotation of a deal: for each bot (in the order given), its seat, its side's points, its side's
    place (1 = the best score; equal scores share a place), and its seconds per turn."""

    seats: tuple[int, ...]
    points: tuple[int, ...]
    places: tuple[int, ...]
    plies: int
    capped: bool
    seconds: tuple[tuple[float, ...], ...]


class TableDeal(Struct, frozen=True):
    deal: int
    rounds: tuple[TableRound, ...]


def play_table_deal(settings: TableSettings, deal: int) -> TableDeal:
    """A deal played once per rotation: in rotation ``r`` bot ``j`` sits at seat ``(j + r) % n``, the same
    cards and the same starter each time, so that every bot plays every position of the deal."""
    rules = settings.rules
    players = rules.players
    seed = round_seed(settings.seed, deal)
    starter = deal % players
    rounds = []
    for rotation in range(players):
        seat_of = tuple((bot + rotation) % players for bot in range(players))
        at_seat = sorted(range(players), key=lambda bot: seat_of[bot])  # the bot at each seat
        bots = [_bot(settings, settings.bots[bot], deal, rotation, str(bot)) for bot in at_seat]
        round_, seconds, plies = _play(rules, seed, starter, bots, [settings.bots[bot] for bot in at_seat])
        totals = round_.side_totals()
        sides = [rules.side_of(seat_of[bot]) for bot in range(players)]
        rounds.append(
            TableRound(
                seat_of,
                tuple(totals[side] for side in sides),
                tuple(1 + sum(other > totals[side] for other in totals) for side in sides),
                plies,
                not round_.over,
                tuple(tuple(seconds[seat_of[bot]]) for bot in range(players)),
            )
        )
    return TableDeal(deal, tuple(rounds))


def play_table_deals(settings: TableSettings, jobs: int = 1) -> Iterator[TableDeal]:
    """Every deal's rotations as they come (in any order with several processes)."""
    return each(partial(play_table_deal, settings), range(settings.deals), jobs, ordered=False)


class TableBot(Struct, frozen=True):
    """One bot's figures over every round it played: its side's mean points, the rounds its side won alone,
    its mean place, and its seconds per turn."""

    name: str
    mean_points: float
    wins: int
    mean_place: float
    seconds_per_turn: Timing


class TableReport(Struct, frozen=True):
    deals: int
    rounds: int
    bots: tuple[TableBot, ...]
    plies_per_round: float
    capped_rounds: int

    def to_dict(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "rounds": self.rounds,
            "bots": [
                {
                    "name": bot.name,
                    "mean_points": round(bot.mean_points, 4),
                    "wins": bot.wins,
                    "mean_place": round(bot.mean_place, 4),
                    "seconds_per_turn": bot.seconds_per_turn.to_dict(),
                }
                for bot in self.bots
            ],
            "plies_per_round": round(self.plies_per_round, 3),
            "capped_rounds": self.capped_rounds,
        }


def table_report(settings: TableSettings, deals: Sequence[TableDeal]) -> TableReport:
    """The figures over the deals played so far (a win: the bot's side alone has the best score)."""
    rounds = [result for deal in deals for result in deal.rounds]
    n = len(rounds)
    partners = settings.rules.players // settings.rules.sides  # the bots of a side: itself, or two with four (R24)
    bots = tuple(
        TableBot(
            name,
            sum(r.points[bot] for r in rounds) / n if n else 0.0,
            sum(1 for r in rounds if r.places[bot] == 1 and r.places.count(1) == partners),
            sum(r.places[bot] for r in rounds) / n if n else 0.0,
            Timing.of([s for r in rounds for s in r.seconds[bot]]),
        )
        for bot, name in enumerate(settings.bots)
    )
    return TableReport(
        len(deals), n, bots, sum(r.plies for r in rounds) / n if n else 0.0, sum(1 for r in rounds if r.capped)
    )
