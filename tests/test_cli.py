"""The command line: --help, --version, and clear refusals of bad arguments (exit 2, no traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lost_cities import __version__
from lost_cities.session import HotSeat, MatchSettings


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lost_cities", *args], capture_output=True, text=True)


def test_version_and_help() -> None:
    assert run("--version").stdout.strip() == f"lost-cities {__version__}"
    help_text = run("--help").stdout
    assert "play" in help_text and "simulate" in help_text
    assert "--p1" in run("play", "--help").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--p1", "Ana"), "give both --p1 and --p2"),
        (("play", "--p1", "Ana", "--p2", "ana"), "different names"),
        (("play", "--p1", "A", "--p2", "B", "--rounds", "0"), "0 is too small"),
        (("play", "--p1", "A", "--p2", "B", "--first", "me"), "invalid choice: 'me'"),
        (("play", "--p1", "A", "--p2", "B", "--seed", "x1"), "'x1' is not a whole number"),
        (("frobnicate",), "invalid choice: 'frobnicate'"),
    ],
)
def test_bad_arguments_exit_2_with_one_clear_line(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_random_first_player_is_drawn_from_the_seed() -> None:
    # R5: a random draw, reproducible with --seed
    firsts = {HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)}
    assert firsts == {0, 1}
    again = [HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)]
    assert again == [HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)]


def test_replay_refuses_an_unknown_match_and_an_empty_history() -> None:
    empty = run("replay")
    assert empty.returncode == 2 and "no past match yet" in empty.stderr and "Traceback" not in empty.stderr
    unknown = run("replay", "20991231-nope")
    assert unknown.returncode == 2 and "20991231-nope" in unknown.stderr and "Traceback" not in unknown.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--p1", "", "--p2", "B"), "cannot be empty"),
        (("play", "--p1", "A", "--p2", "B", "--rounds", "21"), "from 1 to 20"),
    ],
)
def test_play_refuses_empty_names_and_too_many_rounds(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_replay_refuses_a_match_still_being_played(private_data_dir: Path) -> None:
    # H2: the hands of a match in progress stay secret
    from lost_cities.engine import Match
    from lost_cities.storage import MatchStore, SavedMatch

    store = MatchStore(private_data_dir)
    store.save_current(SavedMatch.start(("Ana", "Boris"), Match(seed=1)))
    result = run("replay", str(store.current_path))
    assert result.returncode == 2 and "still being played" in result.stderr
