"""The online benchmarks still run, in miniature: the load (``benchmarks/online_load.py``: two live games against
its floor and a real server, ten waiting games, every decision answered) and the attack
(``benchmarks/online_attack.py``: its probe game measured under each attack) — so that the scripts cannot rot
between the runs whose figures the README shows."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent.parent / "benchmarks" / "online_load.py"
ATTACK = SCRIPT.with_name("online_attack.py")


@pytest.mark.slow
def test_the_load_benchmark_runs_in_miniature() -> None:
    command = [sys.executable, str(SCRIPT), "--games", "2", "--idle", "10", "--rounds", "1", "--seconds", "0.5"]
    done = subprocess.run([*command, "--think", "0.05", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0, figures
    kinds = {(load["server"], load["think"] > 0) for load in figures["loads"]}
    assert kinds == {("floor", True), ("server", True), ("floor", False), ("server", False)}
    assert all(load["decisions"] > 0 for load in figures["loads"]), figures["loads"]
    waiting = figures["waiting"]
    assert waiting["in_memory"] == 10 and waiting["connections"] == 20, waiting
    assert len(figures["verdicts"]) == 4  # paced, flat out, waiting games, errors


@pytest.mark.slow
def test_the_load_benchmark_runs_on_two_servers_in_miniature() -> None:
    """Two servers on one PostgreSQL and one Redis, every game with a seat on each: every decision answered,
    on one server and on two."""
    command = [sys.executable, str(SCRIPT), "--servers", "2", "--games", "3", "--rounds", "1", "--seconds", "0.5"]
    done = subprocess.run([*command, "--think", "0.05", "--json"], capture_output=True, text=True, timeout=180)
    if done.returncode != 0 and ("is not installed" in done.stderr or "cannot run" in done.stderr):
        pytest.skip(done.stderr.strip().splitlines()[-1])
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0, [load["errors"] for load in figures["loads"]]
    kinds = {(load["server"], load["think"] > 0) for load in figures["loads"]}
    assert kinds == {("1", True), ("2", True), ("1", False), ("2", False)}
    assert all(load["decisions"] > 0 for load in figures["loads"]), figures["loads"]


@pytest.mark.slow
def test_the_attack_benchmark_measures_its_probe_under_each_attack_in_miniature() -> None:
    # found when the cards came to be dealt once every seat is taken: its probe made no decision, and the script
    # printed "nan" for every figure without failing
    command = [sys.executable, str(ATTACK), "--seconds", "3", "--pings", "20000", "--watchers", "5", "--computers", "2"]
    done = subprocess.run([*command, "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    for probe in ("floor_p95_ms", "flood_p95_ms", "watchers_p95_ms", "computers_p95_ms"):
        assert 0 < figures[probe] < 1000, figures  # measured: a number of milliseconds, not nan
    assert figures["watched_decisions"] > 0 and figures["computer_turns"] > 0, figures
