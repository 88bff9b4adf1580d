"""The hard level against the heuristic at a fixed amount of work: its search and a candidate, on the same deals.

    python benchmarks/bench_hard.py rate [--positions 40] [--think 0.5]
    python benchmarks/bench_hard.py compare [--deals 1000] [--start 0] [--seed 2026] [--budgets 0.25 1] [--out FILE]
        [--variant NAME:RATE:key=value,...] [--only NAME ...]
    python benchmarks/bench_hard.py summary FILE...
    python benchmarks/bench_hard.py regret [--positions 150] [--oracle 200] [--budgets 0.25 1]
        [--oracle-rules sharp|heuristic] [--variant NAME:RATE:key=value,...] [--only NAME ...]
    python benchmarks/bench_hard.py table [--players 3 4] [--deals 20] [--budget 0.25]
    python benchmarks/bench_hard.py spread [--positions 60] [--think 1]
    python benchmarks/bench_hard.py rules [--deals 6000] [--seed 99]

A wall-clock budget measures the machine as much as the search (two cores shared
with other jobs make a second worth anything from a quarter to a whole second of
work), so ``compare`` gives each search a fixed number of rollouts per turn
(``SearchSettings.rollouts``) instead: what a second buys on one quiet core,
measured by ``rate`` (rollouts a second while searching, the sampling of the
hidden cards included) and written in :data:`RATES`.  Each search gets its own
rate, so a search that spends more on sampling gets fewer rollouts for the same
time.

*default* is the search as the hard level plays it (``SearchSettings()``);
*plain* the same with the heuristic in its own seat's rollouts as well (the
hard level before :mod:`lost_cities.ai.rollout`, :data:`PLAIN`); *reading* a
candidate measured no stronger than *plain* (:data:`READING`); ``--variant``
adds others.
Each deal is played by every configuration (search × budget) against the
heuristic, twice with the seats swapped (mirrored), the same cards for all, so
the configurations are compared on the same deals: each row's win rate with
its 95% interval (Wilson's), the mean points a round with its 95% interval
(over the deals' pair means), and the paired differences between
configurations with their 95% intervals (over the deals).  ``regret`` compares
single plays against an oracle that sees the other hand, with far less noise
than whole rounds.

``table`` seats the hard level with two or three heuristic players (four: the
heuristic partners it), each deal once per rotation of the seats.  ``spread``
weighs decisions twice with the analysis's settings and other seeds: how far
an estimate the analysis or a hint shows moves from run to run.
``rules`` plays the sharper rules the searching seat may follow in its
rollouts (:mod:`lost_cities.ai.rollout`) against the heuristic, without search.

``compare`` appends one JSON line per deal to ``--out`` as it goes (a long run
can be stopped and summed up at any point: ``summary FILE``, and goes on from
the deals its file holds); it plays one deal at a time: on two cores, two runs
share the deals out (``--start``, each with its own ``--out``) and ``summary``
sums their files (each configuration over the deals that have it: a run may go
on without a comparison already settled, ``--only``); run it under ``nice`` on a
shared machine. Each line also says the share of its rollouts each configuration
used (the search stops once one candidate is left). The goal's measurement,
which takes more hours than a working session has, keeps its files in
``benchmarks/results/`` (committed, so that the next session goes on where the
last one stopped; the README gives the commands).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from lost_cities.ai.analysis import MISTAKE, analysis_settings
from lost_cities.ai.arena import TableSettings, play_round, play_table_deals, table_report, wilson
from lost_cities.ai.heuristic import HeuristicBot, heuristic_play
from lost_cities.ai.rollout import play_out
from lost_cities.ai.search import SearchBot, SearchSettings, _play_candidates, ranked, round_value
from lost_cities.ai.view_codes import table_of
from lost_cities.engine import Draw, Phase, Play, PlayerView, Round, Rules, Stop, player_view, round_seed

sys.path.insert(0, str(Path(__file__).parent))
from bench_ai import positions

#: The search as the hard level plays it (the other seat's last play read, choices dropped on 8 samples at 2
#: standard errors, its own turns in the rollouts by the sharper rules).
DEFAULT = SearchSettings()
#: The search before its own seat's rollouts were sharpened (:mod:`lost_cities.ai.rollout`).
PLAIN = replace(DEFAULT, sharp=False)
#: A candidate measured against the plain search and no stronger: the other seats' last four plays read, each
#: judged by the share of the cards it may have drawn with which the rules of thumb make it; choices dropped on
#: 24 samples at 3.
READING = replace(
    PLAIN, infer_tries=4, infer_turns=4, infer_slack=0.2, infer_any_draw=False, z_drop=3.0, min_samples=24
)
SEARCHES = {"default": DEFAULT, "plain": PLAIN, "reading": READING}
#: Rollouts a second while searching, on one core (``rate``, at a load average of 1.3; see the README).
RATES = {"default": 6800, "plain": 6800, "reading": 6800}
#: A ``compare`` line's key for the share of each configuration's rollouts a turn it used (the search stops once
#: one candidate is left), in lines written since it was added.
USED = "used"


def rate(args: argparse.Namespace) -> None:
    """Each search's rollouts a second while it searches, on one core, on the same positions."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    found = positions(args.positions, args.seed)
    for text in args.variant:
        variant(text)
    for name, settings in SEARCHES.items():
        bot = SearchBot(replace(settings, think=args.think), seed=args.seed)
        began = time.perf_counter()
        for round_ in found:
            copy = round_.copy()
            play = bot.choose_play(player_view(copy, copy.to_move))
            assert isinstance(play, Play)
            copy.play(play)
            bot.choose_draw(player_view(copy, copy.to_move))
        spent = time.perf_counter() - began
        print(
            f"{name}: {bot.rollouts / bot.rollout_seconds:,.0f} rollouts a second while searching, "
            f"{bot.rollouts / len(found):,.0f} a turn, {spent / len(found):.3f} s a turn at --think {args.think}"
        )


def variant(text: str) -> None:
    """``NAME:RATE:key=value,...``: one more search to compare, the default one with other settings."""
    name, speed, _, changes = text.split(":", 3) + [""] * (3 - text.count(":"))
    fields = {key: json.loads(value) for key, _, value in (item.partition("=") for item in changes.split(",") if item)}
    SEARCHES[name] = replace(DEFAULT, **fields)
    RATES[name] = int(speed)


def configurations(budgets: Sequence[float], only: Sequence[str]) -> list[tuple[str, SearchSettings]]:
    """Every search at every budget, named ``search@seconds``, each with its rollouts per turn."""
    out = []
    for seconds in budgets:
        for name, settings in SEARCHES.items():
            if not only or name in only:
                out.append((f"{name}@{seconds:g}", replace(settings, rollouts=max(1, round(seconds * RATES[name])))))
    return out


def _seed(seed: int, deal: int, seat: int, name: str) -> int:
    return random.Random(f"bench-hard:{seed}:{deal}:{seat}:{name}").getrandbits(63)


class Paired:
    """A search whose samples at each decision come from a stream seeded by the deal, the seat, the search's name
    without its budget and the number of moves so far (and the phase) — not by what the search drew before
    (``compare --paired``).

    The same search at two budgets then draws the same samples at the same decision, so it makes the same
    choice whenever the smaller budget does not run out before the search makes up its mind: the two play the
    same game until a decision the extra time changes, and their difference is measured without the noise of
    games that part at the first turn for nothing (common random numbers, for the budgets).
    """

    def __init__(self, bot: SearchBot, key: str) -> None:
        self.bot = bot
        self.key = key

    def _reseed(self, view: PlayerView) -> None:
        """The decision's own stream: the same at both budgets for the same decision of the same game (the
        number of moves tells the decisions of one game apart; after the games part, the positions differ)."""
        self.bot.rng.seed(f"{self.key}:{len(view.history)}:{view.phase.name}")

    def choose_play(self, view: PlayerView) -> Play | Stop:
        """The search's play, on the decision's own samples."""
        self._reseed(view)
        return self.bot.choose_play(view)

    def choose_draw(self, view: PlayerView) -> Draw:
        """The search's draw, on the decision's own samples (whatever the play used of the turn's)."""
        self._reseed(view)
        return self.bot.choose_draw(view)

    @property
    def rollouts(self) -> int:
        """The search's rollouts so far (what the arena and ``compare`` count)."""
        return self.bot.rollouts

    @property
    def rollout_seconds(self) -> float:
        """The search's seconds in its rollouts so far."""
        return self.bot.rollout_seconds


def compare(args: argparse.Namespace) -> None:
    rules = Rules()
    for text in args.variant:
        variant(text)
    configs = configurations(args.budgets, args.only)
    out = Path(args.out)
    done = {json.loads(line)["deal"] for line in out.read_text().splitlines()} if out.exists() else set()
    print("configurations: " + ", ".join(f"{name} ({s.rollouts} rollouts a turn)" for name, s in configs), flush=True)
    began = time.monotonic()
    for deal in range(args.start, args.deals):
        if deal in done:
            continue
        seed = round_seed(args.seed, deal)
        starter = deal % 2
        line: dict[str, object] = {"deal": deal}
        used: dict[str, float] = {}
        for name, settings in configs:
            diffs = []
            rollouts = turns = 0
            for seat in (0, 1):
                hard = SearchBot(settings, seed=_seed(args.seed, deal, seat, name))
                player: SearchBot | Paired = hard
                if args.paired:
                    player = Paired(hard, f"bench-hard:{args.seed}:{deal}:{seat}:{name.rpartition('@')[0]}")
                bots = (player, HeuristicBot()) if seat == 0 else (HeuristicBot(), player)
                names = (name, "heuristic") if seat == 0 else ("heuristic", name)
                result = play_round(rules, seed, starter, bots, names)
                diffs.append(result.diff if seat == 0 else -result.diff)
                rollouts, turns = rollouts + hard.rollouts, turns + hard.turns
            line[name] = diffs
            used[name] = round(rollouts / max(turns, 1) / (settings.rollouts or 1), 4)
        line[USED] = used
        with out.open("a") as file:
            file.write(json.dumps(line) + "\n")
        print(f"deal {deal}: {line}  [{time.monotonic() - began:.0f} s]", flush=True)
    summary_of(out)


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.959964 * math.sqrt(var / n)


def summary_of(*paths: Path) -> None:
    """Each configuration over the deals that have it, each difference over the deals that have both: a run may
    leave out a comparison already settled (``--only``) and go on with the others, and a row says so.  A deal
    found in several files is one deal, its configurations gathered (a later run of a new search on the same
    deals may write its own file)."""
    merged: dict[int, dict[str, Any]] = {}
    for path in paths:  # a deal's configurations may come from several files (a later run of a new search)
        for text in path.read_text().splitlines():
            if text.strip():
                line = json.loads(text)
                found = merged.setdefault(line["deal"], {"deal": line["deal"], USED: {}})
                twice = sorted(name for name in line if name not in ("deal", USED) and name in found)
                if twice:  # the same configuration twice: another seed's file, or one run twice over
                    raise SystemExit(f"{path}: deal {line['deal']} has {', '.join(twice)} already: not summed twice")
                found[USED].update(line.pop(USED, {}))
                found.update(line)
    lines = list(merged.values())
    names = list(dict.fromkeys(key for line in lines for key in line if key not in ("deal", USED)))
    files = ", ".join(map(str, paths))
    print(f"{len(lines)} deals against the heuristic (each played twice, mirrored), from {files}")
    width = max(map(len, names))

    def over(found: Sequence[dict[str, Any]]) -> str:
        return "" if len(found) == len(lines) else f"  ({len(found)} deal{'s' if len(found) != 1 else ''})"

    for name in names:
        having = [line for line in lines if name in line]
        rounds = [d for line in having for d in line[name]]
        wins = sum(d > 0 for d in rounds)
        low, high = wilson(wins, len(rounds))
        mean, half = _interval([sum(line[name]) / 2 for line in having])
        shares = [line[USED][name] for line in having if name in line.get(USED, {})]
        share = f", {100 * sum(shares) / len(shares):.0f}% of its rollouts used" if shares else ""
        print(
            f"  {name:>{width}}: won {100 * wins / len(rounds):5.1f}% [{100 * low:.1f}, {100 * high:.1f}]  "
            f"{mean:+6.1f} a round [{mean - half:+.1f}, {mean + half:+.1f}]{share}{over(having)}"
        )
    for a, b in _pairs(names):
        both = [line for line in lines if a in line and b in line]
        if not both:
            print(f"  {a} − {b}: no deal has both")
            continue
        mean, half = _interval([(sum(line[a]) - sum(line[b])) / 2 for line in both])
        won = _interval([(sum(x > 0 for x in line[a]) - sum(x > 0 for x in line[b])) / 2 for line in both])
        print(
            f"  {a} − {b}: {mean:+.1f} points a round [{mean - half:+.1f}, {mean + half:+.1f}], "
            f"{100 * won[0]:+.1f} points of win rate [{100 * (won[0] - won[1]):+.1f}, {100 * (won[0] + won[1]):+.1f}]"
            f"{over(both)}"
        )


def _pairs(names: Sequence[str]) -> list[tuple[str, str]]:
    """The differences worth reading: each search against the next at the same budget (in the order the file
    gives them), then each search at a larger budget against itself at a smaller one."""
    split = [(name, name.rpartition("@")) for name in names]
    same_budget = [
        (a, b) for i, (a, (sa, _, ba)) in enumerate(split) for b, (sb, _, bb) in split[i + 1 :] if ba == bb and sa != sb
    ]
    same_search = [
        (a, b) if float(ba) > float(bb) else (b, a)
        for i, (a, (sa, _, ba)) in enumerate(split)
        for b, (sb, _, bb) in split[i + 1 :]
        if sa == sb
    ]
    return same_budget + same_search


def table(args: argparse.Namespace) -> None:
    """The hard level against two or three heuristic seats, every seat rotating through every position."""
    for players in args.players:
        bots = ("hard", *("heuristic",) * (players - 1))
        rollouts = max(1, round(args.budget * RATES["default"]))
        settings = TableSettings(bots, deals=args.deals, seed=args.seed, rollouts=rollouts)
        began = time.monotonic()
        deals = list(play_table_deals(settings))
        found = table_report(settings, deals)
        hard, *others = found.bots
        # hard's side's lead over the other sides' mean, a deal's rotations together: its 95% interval over deals
        rivals = [bot for bot in range(1, players) if players != 4 or bot % 2]  # with four, 2 is hard's partner
        leads = [
            sum(r.points[0] - sum(r.points[b] for b in rivals) / len(rivals) for r in deal.rounds) / len(deal.rounds)
            for deal in deals
        ]
        lead, half = _interval(leads)
        print(
            f"{players} players, {found.rounds} rounds ({args.deals} deals x {players} rotations), hard at "
            f"{rollouts} rollouts a turn: hard {hard.mean_points:+.1f} points a round, won alone {hard.wins} "
            f"({100 * hard.wins / found.rounds:.0f}%), mean place {hard.mean_place:.2f}; heuristic seats "
            + ", ".join(f"{bot.mean_points:+.1f} (place {bot.mean_place:.2f})" for bot in others)
            + f"; lead over the other sides {lead:+.1f} [{lead - half:+.1f}, {lead + half:+.1f}]"
            + f"  [{time.monotonic() - began:.0f} s]",
            flush=True,
        )


def spread(args: argparse.Namespace) -> None:
    """How far a decision's estimates (the analysis's and the hints') move between two runs with other seeds."""
    settings = analysis_settings(args.think)
    found = positions(args.positions, args.seed)
    differences: list[float] = []
    losses: list[float] = []  # the same for a choice's loss (the best estimate less its own): what the analysis shows
    same_first = 0
    for index, round_ in enumerate(found):
        view = player_view(round_, round_.to_move)
        runs = [dict(ranked(view, settings, seed=1000 * index + run)) for run in (1, 2)]
        firsts = [next(iter(run), None) for run in runs]
        same_first += firsts[0] == firsts[1]
        differences += [runs[0][choice] - runs[1][choice] for choice in runs[0] if choice in runs[1]]
        best = [max(run.values()) for run in runs]
        losses += [(best[0] - runs[0][choice]) - (best[1] - runs[1][choice]) for choice in runs[0] if choice in runs[1]]
    n = len(differences)
    sd = math.sqrt(sum(d * d for d in differences) / n)
    ordered = sorted(abs(d) for d in differences)
    print(
        f"{len(found)} decisions, {n} choices weighed twice at {settings.samples} samples (--think {args.think}): "
        f"one estimate's standard deviation {sd / math.sqrt(2):.2f} points; difference between the runs: "
        f"median {ordered[n // 2]:.2f}, 90th percentile {ordered[int(0.9 * n)]:.2f}, max {ordered[-1]:.2f}; "
        f"the same first choice in {100 * same_first / len(found):.0f}% of decisions; a choice's loss: "
        f"standard deviation {math.sqrt(sum(d * d for d in losses) / n) / math.sqrt(2):.2f} points, "
        f"{100 * sum(abs(d) >= MISTAKE for d in losses) / n:.1f}% of choices moved by a mistake's worth or more"
    )


def regret(args: argparse.Namespace) -> None:
    """Each search's plays on the same positions, against an oracle that sees the other hand (a benchmark may).

    The oracle plays every candidate out on many shuffles of the draw pile only, with the real hands, the other
    seat by the heuristic and the seat's own later turns by the sharper rules, as the default search plays them
    out (``--oracle-rules heuristic``: by the heuristic, the oracle of the figures before those rules): the value
    of each play as a perfect reader of the other hand would estimate it.
    A search's *regret* on a position is the oracle's best value less the value of the play it chose: the
    mean over the positions says how well it reads the hands and picks, with far less noise than whole
    rounds (the positions are the same for every search, and come from heuristic rounds at every stage).
    Each search's regret is also compared with its own at the budget before, on the same positions.
    """
    for text in args.variant:
        variant(text)
    rng = random.Random(args.seed)
    found = [r for r in positions(args.positions, args.seed) if r.phase is Phase.PLAY]
    oracles = []
    began = time.monotonic()
    for round_ in found:
        view = player_view(round_, round_.to_move)
        table = table_of(view)
        default = heuristic_play(
            table.hand, table.tops, table.mine, table.theirs, table.deck_left, table.turns_left, False
        )
        candidates = _play_candidates([d.code for d in view.legal_decisions], default)
        values = dict.fromkeys(candidates, 0.0)
        side = round_.rules.side_of(round_.to_move)
        for _ in range(args.oracle):
            dealt = round_.copy()
            rng.shuffle(dealt.deck)
            for code in candidates:
                copy = dealt.copy()
                copy.apply_code(code)
                play_out(copy, sharp=round_.to_move if args.oracle_rules == "sharp" else -1)
                values[code] += round_value(copy.side_totals(), side, round_.rules) / args.oracle
        oracles.append(values)
    print(f"oracle: {len(found)} positions, {args.oracle} shuffles each  [{time.monotonic() - began:.0f} s]")
    defaults = [next(iter(values)) for values in oracles]  # the heuristic's own play comes first
    heuristic = [max(values.values()) - values[code] for values, code in zip(oracles, defaults, strict=True)]
    mean, half = _interval(heuristic)
    print(f"   heuristic: regret {mean:.2f} points a play [{mean - half:.2f}, {mean + half:.2f}]")
    earlier: dict[str, list[float]] = {}
    for seconds in args.budgets:
        _regrets(args, found, oracles, seconds, earlier)


def _regrets(
    args: argparse.Namespace,
    found: list[Round],
    oracles: list[dict[int, float]],
    seconds: float,
    earlier: dict[str, list[float]],
) -> None:
    """Each search's regret on the positions at ``seconds`` of one quiet core, the first search's subtracted, and
    its own at the budget before (``earlier``, by search: updated) subtracted: whether its time buys better plays."""
    first: list[float] | None = None
    for name, settings in SEARCHES.items():
        if args.only and name not in args.only:
            continue
        budget = replace(settings, rollouts=max(1, round(seconds * RATES[name])))
        losses = []
        began = time.monotonic()
        for index, (round_, values) in enumerate(zip(found, oracles, strict=True)):
            bot = SearchBot(budget, seed=_seed(args.seed, index, 0, name))
            if name.startswith("seeing"):  # a yardstick only: the search given the real hands
                bot._sample = _seeing(round_, bot.rng)  # type: ignore[method-assign,assignment]
            choice = bot.choose_play(player_view(round_, round_.to_move)).code
            losses.append(max(values.values()) - values.get(choice, min(values.values())))
        mean, half = _interval(losses)
        print(
            f"  {name:>10} at {budget.rollouts} rollouts a turn: regret {mean:.2f} points a play [{mean - half:.2f}, "
            f"{mean + half:.2f}], the oracle's best in {100 * sum(x == 0 for x in losses) / len(losses):.0f}% "
            f"[{time.monotonic() - began:.0f} s]",
            flush=True,
        )
        if first is None:
            first = losses
        else:
            mean, half = _interval([a - b for a, b in zip(losses, first, strict=True)])
            print(f"              less the first: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]", flush=True)
        before = earlier.get(name)
        if before is not None:
            mean, half = _interval([a - b for a, b in zip(losses, before, strict=True)])
            print(
                f"              less itself at the budget before: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]",
                flush=True,
            )
        earlier[name] = losses


def _seeing(round_: Round, rng: random.Random) -> Callable[[object], Round]:
    """Deals with the real hands and only the draw pile shuffled: what a search that read every hand right
    would play out (a yardstick for the reading of hands; never a bot)."""

    def sample(know: object) -> Round:
        dealt = round_.copy()
        rng.shuffle(dealt.deck)
        return dealt

    return sample


def rules(args: argparse.Namespace) -> None:
    """The sharper rules of the rollouts (:mod:`lost_cities.ai.rollout`) against the heuristic, head to head:
    each deal played twice, the sharper rules in each seat in turn, no search."""
    diffs = []
    for deal in range(args.deals):
        seed, starter = round_seed(args.seed, deal), deal % 2
        sides = []
        for sharp in (0, 1):
            round_ = Round(Rules(), seed, starter)
            play_out(round_, sharp=sharp)
            totals = round_.side_totals()
            sides.append(totals[sharp] - totals[1 - sharp])
        diffs.append(sum(sides) / 2)
    mean, half = _interval(diffs)
    print(f"sharper rules against the heuristic, {args.deals} mirrored deals: {mean:+.2f} points a round "
          f"[{mean - half:+.2f}, {mean + half:+.2f}]")  # fmt: skip


def summary(args: argparse.Namespace) -> None:
    summary_of(*map(Path, args.files))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    jobs = parser.add_subparsers(dest="job", required=True)
    speed = jobs.add_parser("rate", help="each search's rollouts a second, on one core")
    speed.add_argument("--positions", type=int, default=40)
    speed.add_argument("--think", type=float, default=0.5)
    speed.add_argument("--seed", type=int, default=0)
    speed.add_argument("--variant", action="append", default=[], help="NAME:RATE:key=value,... another search")
    speed.set_defaults(run=rate)
    run = jobs.add_parser("compare", help="the searches against the heuristic, on the same deals")
    run.add_argument("--deals", type=int, default=1000)
    run.add_argument("--start", type=int, default=0, help="the first deal (two runs may share the deals out)")
    run.add_argument("--seed", type=int, default=2026)
    run.add_argument("--budgets", type=float, nargs="+", default=[0.25, 1.0])
    run.add_argument("--out", default="bench_hard.jsonl")
    run.add_argument("--variant", action="append", default=[], help="NAME:RATE:key=value,... another search")
    run.add_argument("--only", nargs="*", default=[], help="only these searches (by name)")
    run.add_argument(
        "--paired",
        action="store_true",
        help="each decision's samples seeded by the deal, the seat, the search and the moves so far (see Paired)",
    )
    run.set_defaults(run=compare)
    seats = jobs.add_parser("table", help="the hard level against two or three heuristic seats")
    seats.add_argument("--players", type=int, nargs="+", default=[3, 4])
    seats.add_argument("--deals", type=int, default=20)
    seats.add_argument("--seed", type=int, default=2026)
    seats.add_argument("--budget", type=float, default=0.25, help="seconds of one quiet core (RATES)")
    seats.set_defaults(run=table)
    steady = jobs.add_parser("spread", help="a decision's estimates from two runs with other seeds")
    steady.add_argument("--positions", type=int, default=60)
    steady.add_argument("--think", type=float, default=1.0)
    steady.add_argument("--seed", type=int, default=0)
    steady.set_defaults(run=spread)
    oracle = jobs.add_parser("regret", help="each search's plays against an oracle that sees the other hand")
    oracle.add_argument("--positions", type=int, default=150)
    oracle.add_argument("--oracle", type=int, default=200, help="draw pile shuffles per position")
    oracle.add_argument("--budgets", type=float, nargs="+", default=[0.25, 1.0], help="seconds of one quiet core")
    oracle.add_argument("--seed", type=int, default=5)
    oracle.add_argument(
        "--oracle-rules",
        choices=("sharp", "heuristic"),
        default="sharp",
        help="the rules the oracle plays the seat's own later turns by (the default search's: sharp)",
    )
    oracle.add_argument("--variant", action="append", default=[], help="NAME:RATE:key=value,... another search")
    oracle.add_argument("--only", nargs="*", default=[], help="only these searches (by name)")
    oracle.set_defaults(run=regret)
    policy = jobs.add_parser("rules", help="the rollouts' sharper rules against the heuristic, head to head")
    policy.add_argument("--deals", type=int, default=6000)
    policy.add_argument("--seed", type=int, default=99)
    policy.set_defaults(run=rules)
    total = jobs.add_parser("summary", help="the figures of a compare run's file")
    total.add_argument("files", nargs="+", metavar="FILE")
    total.set_defaults(run=summary)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
