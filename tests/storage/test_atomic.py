"""Atomic writes: complete files only, even with two writers at once or a failure half-way."""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from lost_cities.storage.atomic import sweep_temporaries, write_atomic

WRITES = 60


def _payload(writer: int, index: int) -> str:
    # large enough to take several write() calls: a torn file would show
    return json.dumps({"writer": writer, "index": index, "padding": [writer] * 40_000})


def _write_many(path: str, writer: int) -> None:
    for index in range(WRITES):
        write_atomic(Path(path), _payload(writer, index))


def test_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "folder" / "save.json"
    write_atomic(target, "first")
    write_atomic(target, "second ✓")
    assert target.read_text(encoding="utf-8") == "second ✓"
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]


def test_a_failed_write_keeps_the_old_file_and_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "save.json"
    write_atomic(target, "old")

    def broken_fsync(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_two_processes_writing_at_once_never_tear_the_file(tmp_path: Path) -> None:
    target = tmp_path / "current.json"
    write_atomic(target, _payload(9, 0))
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_write_many, args=(str(target), writer)) for writer in (1, 2)]
    for process in writers:
        process.start()
    reads = 0
    while any(process.is_alive() for process in writers) or reads == 0:
        data = json.loads(target.read_text())  # a torn file would not parse
        assert data["padding"] == [data["writer"]] * 40_000
        reads += 1
    for process in writers:
        process.join(timeout=60)
        assert process.exitcode == 0
    final = json.loads(target.read_text())
    assert final["index"] == WRITES - 1 and final["writer"] in (1, 2)
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]
    assert reads > 1


def test_sweep_removes_only_old_temporary_files(tmp_path: Path) -> None:
    old, fresh = tmp_path / ".current.json.a1.tmp", tmp_path / ".current.json.b2.tmp"
    kept = [tmp_path / "current.json", tmp_path / "notes.tmp"]
    for path in [old, fresh, *kept]:
        path.write_text("x")
    os.utime(old, (0, 0))
    assert sweep_temporaries(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fresh.name, *(p.name for p in kept)])
    assert sweep_temporaries(tmp_path / "missing") == 0


SEATS = 60


def two_apps_at_once(app: Callable[[str, int], None], root: Path) -> None:
    """``app`` run by two processes at once on the data folder ``root`` (each told its number, 1 or 2), both ended."""
    context = multiprocessing.get_context("spawn")
    players = [context.Process(target=app, args=(str(root), player)) for player in (1, 2)]
    for process in players:
        process.start()
    for process in players:
        process.join(timeout=60)
        assert process.exitcode == 0


def _remember_many(root: str, player: int) -> None:
    from lost_cities.storage import MatchStore
    from lost_cities.storage.online import OnlineSeat, remember

    store = MatchStore(root)
    for game in range(SEATS):
        remember(store, OnlineSeat("ws://127.0.0.1:7", f"g{player}-{game}", 0, "K7QX-M2PA", "t" * 43))


def test_two_apps_keeping_seats_at_once_lose_none(tmp_path: Path) -> None:
    # found by a newcomer playing both sides from one data folder: each app read the seats, changed one and wrote
    # them back, and one app's change was lost (a game it had filed was listed as ended while its player was away);
    # a seat lost so is a token lost, a seat nobody can come back to
    from lost_cities.storage import MatchStore
    from lost_cities.storage.online import load_seats

    two_apps_at_once(_remember_many, tmp_path)
    assert len(load_seats(MatchStore(tmp_path)).seats) == 2 * SEATS


TIPS = 40


def _see_tips(root: str, player: int) -> None:
    from lost_cities.storage import MatchStore
    from lost_cities.storage.settings import tip_seen

    store = MatchStore(root)
    for tip in range(TIPS):
        tip_seen(store, f"tip{player}-{tip}")


def test_two_apps_changing_the_settings_at_once_lose_no_change(tmp_path: Path) -> None:
    # each app read the settings, changed one and wrote them back: a tip said in one app was said again later
    from lost_cities.storage import MatchStore
    from lost_cities.storage.settings import language_chosen, load_settings

    language_chosen(MatchStore(tmp_path), "fr")
    two_apps_at_once(_see_tips, tmp_path)
    settings = load_settings(MatchStore(tmp_path))
    assert len(settings.tips_seen) == 2 * TIPS and settings.language == "fr"
