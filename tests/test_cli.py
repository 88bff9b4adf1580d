"""The command line: --help, --version, clear refusals of bad arguments (exit 2, no traceback), a fast start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lost_cities import __version__
from lost_cities.session import HotSeat, MatchSettings
from tests.conftest import Cli


def test_version_and_help(cli: Cli) -> None:
    assert cli("--version").out.strip() == f"lost-cities {__version__}"
    help_text = cli("--help").out
    assert "play" in help_text and "simulate" in help_text
    assert "--p1" in cli("play", "--help").out


def test_the_installed_entry_point_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "lost_cities", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == f"lost-cities {__version__}"


@pytest.mark.parametrize(
    ("args", "unwanted"),
    [
        (["--help"], ("textual", "rich", "lost_cities.engine", "lost_cities.storage")),
        (["play", "--help"], ("textual", "rich", "lost_cities.engine", "lost_cities.storage")),
        (["score", "red:w,3,4", "b:5"], ("textual",)),
        (["history"], ("textual",)),
        (["export", "nope"], ("textual", "rich")),
    ],
)
def test_a_command_loads_only_what_it_needs(args: list[str], unwanted: tuple[str, ...]) -> None:
    # start-up stays fast: each command's heavy modules are imported only when it runs
    code = (
        "import contextlib, io, sys\n"
        "from lost_cities.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    try:\n"
        f"        main({args!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(','.join(sorted(m for m in sys.modules if m in {unwanted!r} or m.split('.')[0] in {unwanted!r})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


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
def test_bad_arguments_exit_2_with_one_clear_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli(*args)
    assert result.status == 2
    assert message in result.err and "Traceback" not in result.err


def test_random_first_player_is_drawn_from_the_seed() -> None:
    # R5: a random draw, reproducible with --seed
    firsts = {HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)}
    assert firsts == {0, 1}
    again = [HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)]
    assert again == [HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)]


def test_replay_refuses_an_unknown_match_and_an_empty_history(cli: Cli) -> None:
    empty = cli("replay")
    assert empty.status == 2 and "no past match yet" in empty.err
    unknown = cli("replay", "20991231-nope")
    assert unknown.status == 2 and "20991231-nope" in unknown.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--p1", "", "--p2", "B"), "cannot be empty"),
        (("play", "--p1", "A", "--p2", "B", "--rounds", "21"), "from 1 to 20"),
    ],
)
def test_play_refuses_empty_names_and_too_many_rounds(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli(*args)
    assert result.status == 2 and message in result.err


def test_replay_refuses_a_match_still_being_played(cli: Cli, private_data_dir: Path) -> None:
    # H2: the hands of a match in progress stay secret
    from lost_cities.engine import Match
    from lost_cities.storage import MatchStore, SavedMatch

    store = MatchStore(private_data_dir)
    store.save_current(SavedMatch.start(("Ana", "Boris"), Match(seed=1)))
    result = cli("replay", str(store.current_path))
    assert result.status == 2 and "still being played" in result.err
