"""Fuzz the saves: whatever a file in the data folder holds, and whatever it is, loading it either gives a
match or raises a StorageError (one sentence, the file set aside) — never any other exception, never a
hang.  What the app and the commands then do with a loaded save (resume it, list it, draw the history
table) raises nothing either.

Random mutations of real saves (bytes flipped, cut, inserted, repeated), every field replaced by any JSON
value or removed, timestamps from the whole calendar with any offset, and files that are not files
(pipes, folders, devices, dangling links) or sit in a folder that cannot be searched.
``LOST_CITIES_FUZZ=N`` runs N examples per test instead of the suite's few (:func:`tests.conftest.fuzz_examples`).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from lost_cities.cli.history import history_json, history_view
from lost_cities.engine import Phase, Rules
from lost_cities.engine.codec import to_builtins
from lost_cities.storage import MatchStore, SavedMatch, StorageError, resume_summary
from tests.conftest import fuzz_examples
from tests.storage.denied import deny_access
from tests.storage.matches import json_paths, play_turns, random_match

EXAMPLES = fuzz_examples(60)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="LOST_CITIES_FUZZ" not in os.environ,  # the suite is deterministic; a long local run explores
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
HISTORY_ID = "20260101-000000-abcd"


def real_saves() -> list[SavedMatch]:
    """A match just started, one in its second round with a card played and not drawn, finished ones,
    three players in their final laying, four in two teams."""
    middle = random_match(3, 40, rounds=2)
    middle.current.decide(middle.current.legal_decisions()[0])
    three = random_match(7, 0, rules=Rules(players=3), rounds=1)
    while three.current.phase is not Phase.FINAL:
        play_turns(three, random.Random(three.current.turns_played), 1)
    return [
        SavedMatch.start(("Ana", "Boris"), random_match(1, 0)),
        SavedMatch.start(("Zoë", "李小龙"), middle),
        SavedMatch.start(("Ana", "Борис"), random_match(5, 10_000, rounds=2)),
        SavedMatch.start(("A", "B"), random_match(6, 10_000, rules=Rules(long=True, cooperative=True), rounds=1)),
        SavedMatch.start(("Ana", "Boris", "Cleo"), three),
        SavedMatch.start(("Ana", "Boris", "Cleo", "Dan"), random_match(8, 10_000, rules=Rules(players=4), rounds=2)),
    ]


SAVES = real_saves()
#: The saves as this version writes them, and one written by the previous version (format 1)
TEXTS = [saved.to_json().encode() for saved in SAVES] + [
    (Path(__file__).parent / "data/format1-in-progress.json").read_bytes()
]


def use(saved: SavedMatch) -> None:
    """What the app and the commands do with a save that loaded: none of it may raise."""
    saved.replay()
    saved.resume()
    resume_summary(saved)


def load_everywhere(content: bytes, prepare: Callable[[Path], Callable[[], None] | None] | None = None) -> int:
    """Put ``content`` where each reader looks for it and read it; returns how many loads succeeded.

    ``prepare(folder)`` may change the folder first, and return what undoes the change before it is removed.
    """
    loaded = 0
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        store = MatchStore(root)
        (root / "history").mkdir()
        for path in (store.current_path, root / "history" / f"{HISTORY_ID}.json", store.pad_path):
            path.write_bytes(content)
        (root / "elsewhere.json").write_bytes(content)  # a file given to `replay`
        undo = prepare(root) if prepare is not None else None
        for load in (store.load_current, lambda: store.load(HISTORY_ID), lambda: store.load(root / "elsewhere.json")):
            try:
                saved = load()
            except StorageError as error:
                assert str(error) and "\n" not in str(error)
            else:
                if saved is not None:
                    use(saved)
                    loaded += 1
        listing = store.list_history()
        for saved in listing.matches:
            use(saved)
        Console(file=io.StringIO(), width=80).print(history_view(listing))
        json.dumps(history_json(listing, folder))
        with contextlib.suppress(StorageError):
            store.load_pad(lambda data: data)
        if undo is not None:
            undo()
    return loaded


# ---------------------------------------------------------------- bytes


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(TEXTS)))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "cut", "insert", "repeat", "truncate"]))
        if kind == "flip" and where < len(data):
            data[where] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[where : where + draw(st.integers(1, 64))]
        elif kind == "insert":
            data[where:where] = draw(
                st.binary(min_size=1, max_size=16) | st.sampled_from([b"[/]", b"\x1b[2J", b"9" * 30])
            )
        elif kind == "repeat":
            data[where:where] = data[where : where + draw(st.integers(1, 200))]
        else:
            del data[where:]
    return bytes(data)


@FUZZ
@given(content=mutated())
def test_any_mutation_of_a_real_save_loads_or_is_refused_as_a_storage_error(content: bytes) -> None:
    load_everywhere(content)


# ---------------------------------------------------------------- fields

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["[/]", "\x1b[2J", "0001-01-01T00:00:00+01:00", "+r7 n", "x" * 5000]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)

timestamps = st.builds(
    lambda moment, offset, style: (
        moment.replace(tzinfo=timezone(timedelta(minutes=offset))).isoformat(timespec=style)
        if offset is not None
        else moment.isoformat()
    ),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59)),
    st.none() | st.integers(-23 * 60 - 59, 23 * 60 + 59),
    st.sampled_from(["seconds", "minutes", "microseconds"]),
)


@FUZZ
@given(data=st.data(), delete=st.booleans())
def test_any_field_replaced_or_removed_loads_or_is_refused(data: st.DataObject, delete: bool) -> None:
    tree: Any = to_builtins(data.draw(st.sampled_from(SAVES)).to_file())
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(json_paths(tree)[1:]))
        parent = tree
        for step in path[:-1]:
            parent = parent[step]
        if delete:
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(json_values)
        if not isinstance(tree, dict) or len(json_paths(tree)) < 2:
            break
    load_everywhere(json.dumps(tree, ensure_ascii=data.draw(st.booleans())).encode())


@FUZZ
@given(
    saved=st.sampled_from(SAVES),
    created=timestamps,
    updated=timestamps,
    players=st.lists(st.text(max_size=20) | st.sampled_from(["[/]", "Ana", "ana", "\t", "x" * 101]), max_size=5),
    rounds=st.integers(-5, 2**64) | st.sampled_from([0, 20, 21, 10**19]),
)
def test_any_times_names_and_round_counts_load_or_are_refused(
    saved: SavedMatch, created: str, updated: str, players: list[str], rounds: int
) -> None:
    tree: Any = json.loads(saved.to_json())
    tree.update(created=created, updated=updated)
    load_everywhere(json.dumps(tree).encode())
    tree.update(players=players)
    load_everywhere(json.dumps(tree).encode())
    tree = json.loads(saved.to_json())
    tree["record"]["rounds"] = rounds
    load_everywhere(json.dumps(tree).encode())


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:30:00Z"])
def test_the_calendars_ends_are_refused_everywhere(moment: str) -> None:
    tree: Any = json.loads(SAVES[2].to_json())
    tree["created"] = moment
    assert load_everywhere(json.dumps(tree).encode()) == 0


def test_a_save_of_the_first_and_last_usable_years_is_listed_in_any_time_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    for moment in ("0002-01-01T00:00:00Z", "9998-12-31T23:59:59Z"):
        tree: Any = json.loads(SAVES[2].to_json())
        tree["created"] = moment
        for zone in ("Pacific/Kiritimati", "Etc/GMT+12"):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            assert load_everywhere(json.dumps(tree).encode()) == 2  # history by id, and the shared file
    monkeypatch.undo()
    time.tzset()


# ---------------------------------------------------------------- files that are not files, folders that refuse


def _pipe(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _device(path: Path) -> None:
    path.unlink()
    path.symlink_to(os.devnull)


def _dangling(path: Path) -> None:
    path.unlink()
    path.symlink_to(path.parent / "nowhere")


def _loop(path: Path) -> None:
    path.unlink()
    path.symlink_to(path)


KINDS = {"pipe": _pipe, "folder": _folder, "device": _device, "dangling link": _dangling, "link loop": _loop}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("kind", list(KINDS))
def test_files_that_are_not_files_are_refused_without_waiting(kind: str) -> None:
    import signal

    def hung(signum: int, frame: object) -> None:
        raise AssertionError(f"a {kind} made a read wait")

    def prepare(root: Path) -> None:
        for path in (root / "current.json", root / "history" / f"{HISTORY_ID}.json", root / "scorepad.json"):
            KINDS[kind](path)
        KINDS[kind](root / "elsewhere.json")
        return None

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        assert load_everywhere(TEXTS[0], prepare) == 0
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("content", [*TEXTS[:2], b"{", b""], ids=["started", "round 2", "cut", "empty"])
def test_a_folder_that_cannot_be_searched_is_a_storage_error_everywhere(
    content: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    def prepare(root: Path) -> Callable[[], None]:
        deny_access(monkeypatch, root)
        return monkeypatch.undo

    assert load_everywhere(content, prepare) == 0


def test_the_fuzz_starts_from_saves_that_load() -> None:
    assert load_everywhere(TEXTS[1]) == 3  # as the match in progress, from the history, and as a shared file
    assert load_everywhere(TEXTS[2]) == 2  # over: filed in the history instead of resumed
    assert all(SavedMatch.from_json(text).to_json().encode() == text for text in TEXTS[:-1])
    assert load_everywhere(TEXTS[4]) == 3 and load_everywhere(TEXTS[5]) == 2  # three players, four in teams
    assert load_everywhere(TEXTS[-1]) == 3  # a format-1 save of the previous version
    assert datetime.now(UTC).year < 9998
