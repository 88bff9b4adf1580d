"""Engine speed against the bare reference loop, measured in one go on one core.

    python benchmarks/bench_engine.py [--rounds 2000] [--repeat 5]

Runs ``lost-cities simulate --rounds N --json`` (a subprocess, as a user runs
it; the rate it reports excludes start-up) and the reference loop of
``reference_loop.py`` alternately, pinned to one core, and keeps the best rate
of each, since this machine is noisy.  The two-player bar is a ratio of at least
0.8 (three and four players must not slow the two-player engine).  The
reference plays two players only; three and four players (``--players``, with the
final laying of R23c) are reported as rates, measured in the same rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from reference_loop import reference


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # children inherit the one core
    rates: dict[int, list[float]] = {2: [], 3: [], 4: []}
    reference_rates = []
    for _ in range(args.repeat):
        for players, found in rates.items():
            command = [sys.executable, "-m", "lost_cities", "simulate", "--rounds", str(args.rounds)]
            command += ["--players", str(players), "--seed", str(args.seed), "--json"]
            out = subprocess.run(command, capture_output=True, text=True, check=True)
            found.append(json.loads(out.stdout)["rounds_per_second"])
        seconds, _, _ = reference(args.rounds, seed=args.seed)
        reference_rates.append(args.rounds / seconds)
    best = {players: max(found) for players, found in rates.items()}
    best_reference = max(reference_rates)
    for players, rate in best.items():
        label = f"lost-cities simulate --rounds {args.rounds} --players {players}:"
        print(f"{label:46} {rate:8.0f} rounds/s (best of {args.repeat})")
    print(f"{'bare reference loop (two players):':46} {best_reference:8.0f} rounds/s (best of {args.repeat})")
    print(f"ratio engine/reference, two players: {best[2] / best_reference:.2f}  (bar 0.80, goal 1.00)")


if __name__ == "__main__":
    main()
