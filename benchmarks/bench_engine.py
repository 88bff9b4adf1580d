"""Engine speed against the bare reference loop, measured in one go on one core.

    python benchmarks/bench_engine.py [--rounds 2000] [--repeat 5]

Runs ``lost-cities simulate --rounds N --json`` (a subprocess, as a user runs
it; the rate it reports excludes start-up) and the reference loop of
``reference_loop.py`` alternately, pinned to one core, and keeps the best rate
of each, since this machine is noisy.  The bar is a ratio of at least 0.5.
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
    engine_rates, reference_rates = [], []
    for _ in range(args.repeat):
        command = [sys.executable, "-m", "lost_cities", "simulate", "--rounds", str(args.rounds)]
        out = subprocess.run([*command, "--seed", str(args.seed), "--json"], capture_output=True, text=True, check=True)
        engine_rates.append(json.loads(out.stdout)["rounds_per_second"])
        seconds, _, _ = reference(args.rounds, seed=args.seed)
        reference_rates.append(args.rounds / seconds)
    best_engine, best_reference = max(engine_rates), max(reference_rates)
    print(f"lost-cities simulate --rounds {args.rounds}: {best_engine:8.0f} rounds/s (best of {args.repeat})")
    print(f"bare reference loop:               {best_reference:8.0f} rounds/s (best of {args.repeat})")
    print(f"ratio engine/reference: {best_engine / best_reference:.2f}  (bar 0.50, goal 1.00)")


if __name__ == "__main__":
    main()
