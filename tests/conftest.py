"""Every test runs with its own empty data folder (no test reads or writes the user's saves), and
``cli`` runs the command line in-process, as a user would from a shell, in a fraction of the time."""

from __future__ import annotations

import contextlib
import io
import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from msgspec import Struct, field


def fuzz_examples(full: int, least: int = 20) -> int:
    """How many examples a property of the fuzz kind tries: ``LOST_CITIES_FUZZ`` if it is set (a long hunt); else
    ``full`` where the slow tests run (``LOST_CITIES_SLOW=1``, as CI), and a quarter of it (``least`` at least) in
    a developer's run: the fuzz tests' examples are fixed (derandomized), the same every run, so that a run tries
    fewer of them, not others.  What CI finds with all of them, a developer reproduces with the variable set.  The
    properties over whole rounds played by the computer players (a tenth of a second a round and more) are sized
    so too, with a smaller ``least``; their examples are new each run."""
    if "LOST_CITIES_FUZZ" in os.environ:
        return int(os.environ["LOST_CITIES_FUZZ"])
    if os.environ.get("LOST_CITIES_SLOW", "") not in ("", "0"):
        return full
    return max(least, full // 4)


#: Each language in turn, for a test of how screens and printed tables lay out their words: English in every run,
#: French and Russian (longer words, another alphabet) where the slow tests run, as CI.
EVERY_LANGUAGE = ["en", pytest.param("fr", marks=pytest.mark.slow), pytest.param("ru", marks=pytest.mark.slow)]


#: The numbers of this process's data folders (:func:`private_data_dir`), one after another.
_DATA_FOLDERS = itertools.count()


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``data0``, ``data1``… in the run's temporary folder, as ``tmp_path_factory.mktemp("data")`` names them; but
    counted here, where ``mktemp`` reads the whole folder each time for its next number: every test's data folder
    is there, so each test's cost more than the last (0.15 s of CPU a worker over the suite, 2 s in one process)."""
    base = tmp_path_factory.getbasetemp()
    while True:
        folder = base / f"data{next(_DATA_FOLDERS)}"
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:  # made by mktemp("data") meanwhile: the next number
            continue
        monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(folder))
        return folder


class CliResult(Struct):
    """What a shell would see: the exit status, stdout and stderr; and the apps the command opened."""

    status: int
    out: str
    err: str
    apps: list[object] = field(default_factory=list)


Cli = Callable[..., CliResult]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Cli:
    """``cli("history", "--json")``: run ``lost-cities`` in this process and return a :class:`CliResult`.

    ``terminal=True`` makes the command believe a person sits at a terminal; an app it would
    open is recorded in ``apps`` instead of taking over the test's screen.
    """
    from lost_cities.cli import arguments, main

    def run(*argv: str, terminal: bool = False) -> CliResult:
        result = CliResult(0, "", "")
        monkeypatch.setattr(arguments, "on_a_terminal", lambda: terminal)
        if terminal:
            from textual.app import App

            monkeypatch.setattr(App, "run", lambda self, *args, **kwargs: result.apps.append(self))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                result.status = main(list(argv))
            except SystemExit as exit_:  # argparse's own exits: --help, --version, its errors
                code = exit_.code
                result.status = code if isinstance(code, int) else (0 if code is None else 1)
        result.out, result.err = out.getvalue(), err.getvalue()
        return result

    return run


@pytest.fixture
def cli_in(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """``cli_in(folder, "history")``: :func:`cli` with ``folder`` as the data folder."""

    def in_folder(data: Path, *args: str) -> CliResult:
        monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(data))
        return cli(*args)

    return in_folder


@pytest.fixture(autouse=True)
def quick_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's pilot waits for the app to go idle after every key by sleeping in steps of 20 ms
    (``textual._wait``), about 40 ms a key, most of a test that plays turns by keys.  Steps of
    5 ms find the same idle moment (the app has used under a twentieth of the step's CPU time)
    four times sooner; the suite is the same, only its waiting shorter.  The shortest wait is
    5 ms too (its default, fixed when Textual was imported, is 20 ms: the snapshots wait so four
    times before the picture)."""
    import textual._wait

    step = 1 / 200
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", step)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", step / 20)
    monkeypatch.setattr(textual._wait.wait_for_idle, "__defaults__", (step, 1))


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text field's cursor stays on instead of blinking every half second: a snapshot taken a
    moment later on a slow machine caught it off (test_new_match_form_with_computers[fr])."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


#: What the search ranked, by what it ranked it from: see :func:`search_once`.
_RANKED: dict[tuple[object, ...], list[tuple[object, float]]] = {}


@pytest.fixture
def search_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each decision the analysis weighs is searched once in this test process: the tests of ``analyse`` and of the
    replay's ``a`` analyse one planted blunder's match, the same way, nine times (0.7 s of CPU each), for what the
    command and the replay do with the analysis, not for its numbers.  The ranking depends on the view, the
    settings and the seed alone (H3; :func:`tests.test_analyse.test_the_analysis_is_deterministic_for_a_seed` and
    the search's own tests check it, and search every time); a test that must see whether the search runs patches
    ``lost_cities.ai.analysis.ranked`` itself, over this."""
    from lost_cities.ai import analysis

    search = analysis.ranked

    def once(view: Any, settings: Any = None, seed: Any = None, stop: Any = None, include: Any = None) -> Any:
        if stop is not None:  # a search that may be cut short is not the same search
            return search(view, settings, seed, stop, include)
        key = (view, settings, seed, include)
        if key not in _RANKED:
            _RANKED[key] = search(view, settings, seed, include=include)
        return list(_RANKED[key])

    monkeypatch.setattr(analysis, "ranked", once)
