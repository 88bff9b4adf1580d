"""``lost-cities simulate`` plays the same rounds as the reference loop, and reports them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from lost_cities.engine.simulate import simulate
from tests.conftest import Cli

sys.path.insert(0, str(Path(__file__).parent.parent.parent / "benchmarks"))
from reference_loop import reference


def test_simulate_plays_exactly_the_reference_rounds() -> None:
    report = simulate(60, seed=17)
    _, means, turns = reference(60, seed=17)
    assert report.mean_scores == pytest.approx(means)
    assert report.mean_turns == pytest.approx(turns)


def test_simulate_json_output(cli: Cli) -> None:
    result = cli("simulate", "--rounds", "20", "--seed", "3", "--json")
    assert result.status == 0
    data = json.loads(result.out)
    assert data["rounds"] == 20 and len(data["mean_scores"]) == 2
    assert data["rounds_per_second"] > 0 and data["mean_turns"] > 22
    assert data["mean_scores"] == pytest.approx(list(simulate(20, seed=3).mean_scores), abs=1e-3)


def test_simulate_refuses_a_bad_round_count(cli: Cli) -> None:
    result = cli("simulate", "--rounds", "many")
    assert result.status == 2 and "'many' is not a whole number" in result.err


def test_simulate_catches_an_engine_that_loses_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    from lost_cities.engine import Phase, Round
    from lost_cities.engine.simulate import InvariantError

    original = Round.apply_code

    def leaky(self: Round, code: int) -> None:
        drawing = self.phase is Phase.DRAW
        original(self, code)
        if drawing and self.draw_pile_size == 10:
            self.hands[self.to_move ^ 1].pop()  # a card vanishes from the hand just filled

    monkeypatch.setattr(Round, "apply_code", leaky)
    with pytest.raises(InvariantError):
        simulate(3, seed=1)


@pytest.mark.parametrize(
    ("language", "mean", "seconds"),
    [
        ("en", r"−\d+\.\d\d and [−+]?\d+\.\d\d", r"\d\.\d{3}"),
        ("fr", r"−\d+,\d\d et ", r"\d,\d{3}"),
        ("ru", r" и ", r","),
    ],
)
def test_decimals_are_written_as_each_language_writes_them(cli: Cli, language: str, mean: str, seconds: str) -> None:
    # French simulate printed 0.008 and -40.30
    import re

    result = cli("--lang", language, "simulate", "--rounds", "20", "--seed", "3")
    assert result.status == 0
    lines = result.out.splitlines()
    assert re.search(mean, lines[3]) and re.search(seconds, lines[1]), result.out
    assert "-" not in result.out  # a true minus sign, as every score shows it
