"""Fuzz the command line: whatever a person types, every command ends with status 0 or 2 — never a
traceback, never a hang — and a refusal is one line that starts with the command's name.

Run in-process (the ``cli`` fixture), so thousands of runs take seconds; ``terminal=True`` runs stand
in for a person at a terminal, the apps they would open recorded instead of shown.  Values
picked by hand come first: non-ASCII digits, huge numbers, markup, control characters, very
long values.  ``LOST_CITIES_FUZZ=N`` runs N examples per test instead of the suite's few
(:func:`tests.conftest.fuzz_examples`).
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lost_cities.storage import MatchStore, SavedMatch
from tests.conftest import Cli, fuzz_examples
from tests.storage.matches import random_match

EXAMPLES = fuzz_examples(100)

NASTY = [
    "",
    " ",
    "0",
    "1",
    "3",
    "20",
    "21",
    "-1",
    "+3",
    " 7 ",
    "1_000",
    "0x10",
    "1e3",
    "3.5",
    "²",
    "３",
    "١٠",
    "Ⅻ",
    "9" * 30,
    "9" * 5000,
    "-" + "9" * 5000,
    "x" * 20_000,
    "[/]",
    "[bold red]Ana",
    "[link=file:///etc/passwd]x[/link]",
    "\x1b[2J\x1b[H",
    "a\tb",
    "a\nb",
    "\x00",
    "\u202eevil",
    "\u200b",
    "Zoë",
    "李小龙李小龙李",
    "Борис",
    "red:w,3",
    "red:²",
    "r:w w 3 4",
    "b:5,6,7",
    "purple:3",
    "red:" + "9" * 5000,
    "rw b10 g5",
    "20260501-200000",
    "2026",
    "../../etc/passwd",
    "/dev/zero",
    "/",
    "missing.json",
    "en",
    "fr",
    "ru",
    "de",
    "p3",
    "p4",
    "random",
    "4",
]

OPTIONS = {
    "play": [
        "--p1",
        "--p2",
        "--first",
        "--rounds",
        "--seed",
        "--long",
        "--hand-penalty",
        "--coop",
        "--resume",
        "--new",
    ],
    "simulate": ["--rounds", "--seed", "--long", "--json"],
    "score": ["--long", "--hand", "--json", "--rounds"],
    "history": ["--json"],
    "export": [],
    "replay": [],
}
COMMON = ["--lang", "--help", "-h", "--version", "--nope", "-x", "--"]
COMMANDS = [*OPTIONS, "frobnicate", ""]

words = st.one_of(st.sampled_from(NASTY), st.text(max_size=12), st.text(st.characters(codec="utf-8"), max_size=40))


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    options = OPTIONS.get(command, [])
    argv = [command] if command else []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 3))
        if kind == 0 and options:
            argv.append(draw(st.sampled_from(options)))
        elif kind == 1:
            argv.append(draw(st.sampled_from(COMMON)))
        argv.append(draw(words))
    if command == "simulate":  # keep the soak short: 2 rounds unless asked, and a valid --rounds at most 25
        argv = ["simulate", "--rounds", "2", *("5" if a_long_soak(word) else word for word in argv[1:])]
    return argv


def a_long_soak(word: str) -> bool:
    """A valid ``simulate --rounds`` that would run for a while: not a refusal, and not for the suite."""
    digits = word.strip()
    return digits.isascii() and digits.isdigit() and (len(digits) > 2 or int(digits) > 25)


def assert_clean_ending(argv: list[str], status: int, err: str) -> None:
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err
    if status == 2:
        assert err.startswith("lost-cities") and err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert len(err) < 400, (argv, len(err))  # a long argument is quoted in part
    # nothing a terminal would act on: a refusal quotes what was typed with its controls escaped
    unshowable = [char for char in err[:-1] if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")]
    assert not unshowable, (argv, err)


@pytest.fixture(scope="module")
def data_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz-data")
    store = MatchStore(folder)
    store.finish_current(SavedMatch.start(("Ana", "Boris"), random_match(5, 10_000, rounds=1)))
    store.save_current(SavedMatch.start(("Zoë", "[/]"), random_match(6, 20)))
    return folder


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="LOST_CITIES_FUZZ" not in os.environ,  # the suite is deterministic; a long local run explores
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(argv=command_lines(), terminal=st.booleans())
def test_any_command_line_ends_with_0_or_2_and_one_clear_line(
    cli: Cli, data_folder: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], terminal: bool
) -> None:
    monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(data_folder))
    result = cli(*argv, terminal=terminal)
    assert_clean_ending(argv, result.status, result.err)
    assert len(result.apps) <= 1


@pytest.mark.parametrize("command", list(OPTIONS))
def test_every_hand_picked_value_in_every_argument(
    cli: Cli, data_folder: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(data_folder))
    options = [option for option in OPTIONS[command] if option not in ("--json", "--long", "--coop")]
    base = [command, "--rounds", "2"] if command == "simulate" else [command]  # a short soak unless asked
    runs = 0
    for value in NASTY:
        candidates = [[*base, value]] + [[*base, option, value] for option in options]
        if command == "play":
            candidates += [
                ["play", "--p1", value, "--p2", "Boris"],
                ["play", "--p1", "Ana", "--p2", value],
                ["play", "--p1", "Ana", "--p2", "Boris", "--p3", value],
                ["play", "--p1", "Ana", "--p2", "Boris", "--p3", "Cleo", "--p4", value, "--first", "p4"],
            ]
        for argv in candidates:
            if command == "simulate" and a_long_soak(value):
                continue  # a valid soak of millions of rounds is not a refusal: it just takes long
            for terminal in (False, True) if command in ("play", "score", "replay") else (False,):
                result = cli(*argv, terminal=terminal)
                assert_clean_ending(argv, result.status, result.err)
                assert result.status == 0 or result.err.startswith(f"lost-cities {command}"), (argv, result.err)
                runs += 1
    assert runs >= len(NASTY)
