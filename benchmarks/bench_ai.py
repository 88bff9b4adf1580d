"""The computer players' benchmarks: the level ladder, and the speed of the hard level's rollouts.

    python benchmarks/bench_ai.py ladder [--deals 1000] [--think 0.1] [--jobs 1]
    python benchmarks/bench_ai.py rollouts [--positions 200] [--think 1]

``ladder`` runs ``lost-cities arena`` (a subprocess, as a user runs it) for each
step of the ladder and the yardsticks, and prints one line per pair with the
command that made it:

* easy against random (goal: easy wins at least 90% of rounds),
* normal against easy, hard against normal (goal: each level wins at least 60%
  against the one below),
* the heuristic against random (its known figure: 100% of rounds, about +107),
* normal against the heuristic (about as strong).

Hard against the heuristic over 2,000 rounds is a run of its own, hours long:
``lost-cities arena hard heuristic --deals 1000 --think T --jobs J``.

``rollouts`` pins itself to one core and measures how many rollouts a second the
search plays: a rollout finishes a round with the heuristic in both seats on
the engine's fast path (``Round.copy``, ``apply_code``, ``side_totals``), from
positions taken all through real rounds; then it lets
the hard level think for ``--think`` seconds on a few of those positions and
reports its own rate (sampling the hidden cards included) and its time per turn.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.ai.rollout import play_out
from lost_cities.ai.search import SearchBot, SearchSettings
from lost_cities.engine import Play, Round, Rules, player_view

LADDER = [
    ("easy", "random"),
    ("normal", "easy"),
    ("hard", "normal"),
    ("heuristic", "random"),
    ("normal", "heuristic"),
]


def ladder(args: argparse.Namespace) -> None:
    for a, b in LADDER:
        command = ["lost-cities", "arena", a, b, "--deals", str(args.deals), "--seed", str(args.seed)]
        if a == "hard" or b == "hard":
            command += ["--think", str(args.think)]
        command += ["--jobs", str(args.jobs), "--json"]
        began = time.monotonic()
        out = subprocess.run(
            [sys.executable, "-m", "lost_cities", *command[1:]], capture_output=True, text=True, check=True
        )
        data = json.loads(out.stdout)
        low, high = data["win_rate_ci95"]
        timing = data["seconds_per_turn"][0]
        print(
            f"{a:>9} vs {b:<9} {data['rounds']:5d} rounds  won {100 * data['win_rate']:5.1f}% "
            f"[{100 * low:.1f}, {100 * high:.1f}]  {data['mean_diff']:+6.1f} ± {data['mean_diff_se']:.1f} a round  "
            f"{data['plies_per_round']:5.1f} plies  {a} {timing['mean']:.3f} s/turn (p95 {timing['p95']:.3f})  "
            f"[{time.monotonic() - began:.0f} s]"
        )
        print(f"    $ {' '.join(command[:-1])}", flush=True)


def positions(count: int, seed: int) -> list[Round]:
    """Positions from heuristic-against-heuristic rounds, at every stage of a round."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    out = []
    for index in range(count):
        round_ = Round(Rules(), seed + index, starter=index % 2)
        for _ in range(rng.randrange(0, 40)):
            seat = round_.to_move
            play = bot.choose_play(player_view(round_, seat))
            assert isinstance(play, Play)  # two players: no final laying, so never the stop
            round_.play(play)
            round_.draw(bot.choose_draw(player_view(round_, seat)))
            if round_.over:
                break
        if not round_.over:
            out.append(round_)
    return out


def rollouts(args: argparse.Namespace) -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    found = positions(args.positions, args.seed)
    plies = 0
    began = time.perf_counter()
    for round_ in found:
        for _ in range(args.repeat):
            copy = round_.copy()
            plies += play_out(copy)
            copy.side_totals()
    seconds = time.perf_counter() - began
    count = len(found) * args.repeat
    print(
        f"rollouts (heuristic both seats, engine fast path, one core): {count / seconds:,.0f} a second, "
        f"{plies / count:.1f} plies each ({plies / seconds:,.0f} plies a second) over {len(found)} positions"
    )
    bot = SearchBot(SearchSettings(think=args.think), seed=args.seed)
    turns = []
    for round_ in found[: args.decisions]:
        view = player_view(round_, round_.to_move)
        copy = round_.copy()
        began = time.perf_counter()
        play = bot.choose_play(view)
        assert isinstance(play, Play)
        copy.play(play)
        bot.choose_draw(player_view(copy, copy.to_move))
        turns.append(time.perf_counter() - began)
    turns.sort()
    print(
        f"hard at --think {args.think}: {bot.rollouts / bot.rollout_seconds:,.0f} rollouts a second while searching "
        f"(sampling included), {bot.rollouts / len(turns):,.0f} rollouts a turn; seconds per turn: "
        f"mean {sum(turns) / len(turns):.3f}, max {turns[-1]:.3f} over {len(turns)} turns"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    jobs = parser.add_subparsers(dest="job", required=True)
    ladder_parser = jobs.add_parser("ladder", help="the level ladder through lost-cities arena")
    ladder_parser.add_argument("--deals", type=int, default=1000)
    ladder_parser.add_argument("--seed", type=int, default=0)
    ladder_parser.add_argument("--think", type=float, default=0.1)
    ladder_parser.add_argument("--jobs", type=int, default=1)
    ladder_parser.set_defaults(run=ladder)
    speed = jobs.add_parser("rollouts", help="rollouts per second, on one core")
    speed.add_argument("--positions", type=int, default=200)
    speed.add_argument("--repeat", type=int, default=10)
    speed.add_argument("--decisions", type=int, default=20)
    speed.add_argument("--think", type=float, default=1.0)
    speed.add_argument("--seed", type=int, default=0)
    speed.set_defaults(run=rollouts)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
