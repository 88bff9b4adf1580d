"""The data folder: the match in progress, damaged saves set aside, the history, an unwritable folder."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
import signal
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lost_cities.storage import (
    DATA_DIR_VARIABLE,
    DamagedSaveError,
    FolderUnusableError,
    MatchStore,
    SavedMatch,
    SaveFailedError,
    SaveStatus,
    StorageError,
    UnknownMatchError,
    default_data_dir,
)
from lost_cities.storage import atomic as atomic_module
from lost_cities.storage import match_store as store_module
from tests.storage.denied import deny_access
from tests.storage.matches import finished_match, play_turns, random_match, saved_match, state

DAMAGED_NAME = re.compile(r"current\.damaged-\d{8}T\d{6}Z(-\d+)?\.json")


@pytest.fixture
def store(tmp_path: Path) -> MatchStore:
    return MatchStore(tmp_path / "data")


def files(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


# ---------------------------------------------------------------- where


def test_the_data_folder_follows_the_environment_then_the_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "chosen"))
    assert MatchStore().root == default_data_dir() == tmp_path / "chosen"
    assert MatchStore(tmp_path / "given").root == tmp_path / "given"
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_data_dir() == tmp_path / "xdg" / "lost-cities"
        monkeypatch.delenv("XDG_DATA_HOME")
        assert default_data_dir() == Path.home() / ".local" / "share" / "lost-cities"


def test_reading_never_creates_the_folder(store: MatchStore) -> None:
    assert store.load_current() is None
    assert store.list_history().matches == ()
    assert store.abandon_current() is None
    assert not store.root.exists()


# ---------------------------------------------------------------- the match in progress


def test_save_then_load_current_gives_the_identical_match(store: MatchStore) -> None:
    match = random_match(21, 40, rounds=3)
    saved = SavedMatch.start(("Ana", "Boris"), match)
    assert store.save_current(saved) is True
    loaded = store.load_current()
    assert loaded == saved
    assert state(loaded.resume().match) == state(match)
    assert files(store.root) == ["current.json"]


def test_only_a_match_in_progress_is_current(store: MatchStore) -> None:
    with pytest.raises(ValueError, match="in progress"):
        store.save_current(finished_match().with_status(SaveStatus.FINISHED))


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"format": 1, "id": "2026',  # cut short
        b"\x80\x04\x95 pickle",
        b'{"format": 99}',
        "refused",
    ],
)
def test_a_damaged_current_save_is_moved_aside_kept_and_reported(store: MatchStore, content: bytes | str) -> None:
    if content == "refused":
        data = json.loads(saved_match(turns=3).to_json())
        data["record"]["played"][0]["turns"].append("+r7 n")  # type: ignore[index]
        data["record"]["played"][0]["turns"].append("+r7 n")  # type: ignore[index]
        content = json.dumps(data).encode()
    assert isinstance(content, bytes)
    store.root.mkdir()
    store.current_path.write_bytes(content)
    with pytest.raises(DamagedSaveError) as caught:
        store.load_current()
    error = caught.value
    assert error.kept_as is not None and DAMAGED_NAME.fullmatch(error.kept_as.name)
    assert error.kept_as.parent == store.root and error.kept_as.read_bytes() == content
    assert not store.current_path.exists()
    message = str(error)
    assert message.startswith("The saved match could not be read (") and message.endswith(f"{error.kept_as}.")
    assert "\n" not in message
    assert store.load_current() is None  # and the app starts normally
    assert store.save_current(saved_match()) is True


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-14:00"])
def test_a_save_from_the_ends_of_the_calendar_is_set_aside_once(store: MatchStore, moment: str) -> None:
    # this raised OverflowError at every start and was never set aside
    data = json.loads(saved_match().to_json())
    data["created"] = moment
    store.root.mkdir()
    store.current_path.write_text(json.dumps(data))
    with pytest.raises(DamagedSaveError, match="'created' is missing or wrong") as caught:
        store.load_current()
    assert caught.value.kept_as is not None
    assert store.load_current() is None


def test_loading_clears_temporary_files_left_by_a_killed_writer(store: MatchStore) -> None:
    store.save_current(saved_match())
    store.history_dir.mkdir()
    stale = [store.root / ".current.json.x1.tmp", store.history_dir / ".20260101-000000-beef.json.x2.tmp"]
    for path in stale:
        path.write_text("{")
        os.utime(path, (0, 0))
    assert store.load_current() is not None
    assert files(store.root) == ["current.json"]


def test_two_damaged_saves_in_one_second_keep_both(store: MatchStore) -> None:
    kept = []
    for content in (b"one", b"two", b"three"):
        store.root.mkdir(exist_ok=True)
        store.current_path.write_bytes(content)
        with pytest.raises(DamagedSaveError) as caught:
            store.load_current()
        assert caught.value.kept_as is not None
        kept.append(caught.value.kept_as.read_bytes())
    assert kept == [b"one", b"two", b"three"]
    assert len(list(store.root.glob("current.damaged-*.json"))) == 3


def test_a_damaged_save_that_cannot_be_moved_says_so(store: MatchStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.root.mkdir()
    store.current_path.write_bytes(b"{")

    def refuse(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store_module.os, "replace", refuse)
    with pytest.raises(DamagedSaveError) as caught:
        store.load_current()
    assert caught.value.kept_as is None and store.current_path.read_bytes() == b"{"
    assert str(caught.value) == f"{store.current_path} could not be read: it is cut short or is not a JSON file."


def test_a_finished_match_left_as_current_is_filed_in_the_history(store: MatchStore) -> None:
    saved = finished_match()  # the app stopped between the last turn and finish_current
    store.save_current(saved)
    assert store.load_current() is None
    assert files(store.root) == [f"history/{saved.id}.json"]
    assert store.load(saved.id).status is SaveStatus.FINISHED


def test_finish_files_the_match_and_clears_current(store: MatchStore) -> None:
    saved = finished_match()
    store.save_current(saved)
    finished = store.finish_current(saved)
    assert finished.status is SaveStatus.FINISHED and finished.id == saved.id
    assert files(store.root) == [f"history/{saved.id}.json"]
    assert store.load(saved.id) == finished
    with pytest.raises(ValueError, match="over"):
        store.finish_current(saved_match())


def test_finishing_leaves_another_match_in_progress_alone(store: MatchStore) -> None:
    other = saved_match(seed=99)
    store.save_current(other)  # another copy of the app started a new match meanwhile
    store.finish_current(finished_match())
    assert store.load_current() == other


def test_abandon_keeps_the_match_in_the_history(store: MatchStore) -> None:
    saved = saved_match(turns=12)
    store.save_current(saved)
    abandoned = store.abandon_current()
    assert abandoned is not None and abandoned.status is SaveStatus.ABANDONED
    assert abandoned.record == saved.record
    assert store.load_current() is None
    assert store.list_history().matches == (abandoned,)


def test_abandoning_a_damaged_save_moves_it_aside(store: MatchStore) -> None:
    store.root.mkdir()
    store.current_path.write_text("{")
    with pytest.raises(DamagedSaveError):
        store.abandon_current()
    assert [path.name for path in store.root.iterdir() if DAMAGED_NAME.fullmatch(path.name)]


# ---------------------------------------------------------------- the history


@pytest.fixture
def history(store: MatchStore) -> Iterator[list[SavedMatch]]:
    from datetime import UTC, datetime, timedelta

    start = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
    kept = []
    for index, seed in enumerate((5, 6, 7)):
        saved = SavedMatch.start(
            ("Ana", "Boris"), random_match(seed, 10_000, rounds=1), now=start + timedelta(1 - index)
        )
        kept.append(store.finish_current(saved))
    yield sorted(kept, key=lambda saved: saved.created)


def test_history_lists_matches_oldest_first_and_damaged_files_apart(
    store: MatchStore, history: list[SavedMatch]
) -> None:
    (store.history_dir / "20260101-000000-dead.json").write_text('{"format": 1')
    (store.history_dir / ".20260101-000000-beef.json.abc.tmp").write_text("{")  # a writer killed half-way
    (store.history_dir / "notes.txt").write_text("mine")
    listing = store.list_history()
    assert listing.matches == tuple(history)
    assert [error.path.name for error in listing.damaged if error.path] == ["20260101-000000-dead.json"]


def test_an_unreadable_history_folder_is_reported_not_shown_empty(
    store: MatchStore, history: list[SavedMatch], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", refuse)
    listing = store.list_history()
    assert listing.matches == ()
    assert [str(error) for error in listing.damaged] == [f"{store.history_dir} could not be read: Permission denied."]
    with pytest.raises(DamagedSaveError, match="Permission denied"):
        store.load(history[0].id)


def test_load_by_id_unique_start_or_file(store: MatchStore, history: list[SavedMatch], tmp_path: Path) -> None:
    first = history[0]
    assert store.load(first.id) == first
    assert store.load(first.id[:-2]) == first  # the date and time are unique here
    exported = tmp_path / "shared.json"
    exported.write_text(store.load(first.id).to_json())  # what `lost-cities export` prints
    assert store.load(str(exported)) == first == store.load(exported)
    assert SavedMatch.from_json(exported.read_text()) == first


def test_unknown_and_ambiguous_ids_are_one_clear_sentence(store: MatchStore, history: list[SavedMatch]) -> None:
    with pytest.raises(UnknownMatchError, match=r"^no match 'nope' in the history: lost-cities history lists them$"):
        store.load("nope")
    with pytest.raises(UnknownMatchError, match="could mean several matches"):
        store.load("2026")
    with pytest.raises(UnknownMatchError):
        store.load("")
    with pytest.raises(UnknownMatchError):
        store.load("..")
    with pytest.raises(DamagedSaveError, match="No such file"):
        store.load("missing/file.json")


# ---------------------------------------------------------------- an unwritable folder


def test_a_folder_under_a_regular_file_cannot_be_saved_to_and_play_goes_on(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    store = MatchStore(tmp_path / "file" / "data")
    saved = saved_match()
    with pytest.raises(SaveFailedError) as caught:
        store.save_current(saved)
    message = str(caught.value)
    assert message == f"The match cannot be saved in {store.root} (Not a directory); play goes on without saving."
    assert store.save_problem is caught.value
    assert store.save_current(saved.with_match(saved.replay())) is False  # told once, not every turn
    assert store.load_current() is None and store.list_history().matches == ()
    with pytest.raises(SaveFailedError):
        store.finish_current(finished_match())


def test_a_read_only_folder_cannot_be_saved_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # mode 0o500: the folder can be read, but creating the temporary file is refused (as root too)
    folder = tmp_path / "data"
    folder.mkdir()
    store = MatchStore(folder)
    original = atomic_module.tempfile.mkstemp

    def read_only(*args: object, dir: Path, **kwargs: object) -> tuple[int, str]:
        if Path(dir) == folder:
            raise PermissionError(13, "Permission denied", str(dir))
        return original(*args, dir=dir, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(atomic_module.tempfile, "mkstemp", read_only)
    with pytest.raises(SaveFailedError, match=r"\(Permission denied\); play goes on without saving\.$"):
        store.save_current(saved_match())
    assert list(folder.iterdir()) == []
    assert store.load_current() is None  # reading still works


# ---------------------------------------------------------------- a folder that cannot be searched


def test_a_folder_that_cannot_be_searched_is_said_once_and_play_goes_on(
    store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save_current(saved_match())
    deny_access(monkeypatch, store.root)
    with pytest.raises(FolderUnusableError) as caught:
        store.load_current()
    assert str(caught.value) == (
        f"The data folder {store.root} cannot be opened (Permission denied): an unfinished match in it "
        "cannot be resumed, and play goes on without saving."
    )
    assert isinstance(caught.value, StorageError) and store.save_problem is caught.value
    assert store.save_current(saved_match(seed=3)) is False  # already told: the saves fail quietly
    listing = store.list_history()
    assert listing.matches == () and [str(e) for e in listing.damaged] == [
        f"{store.history_dir} could not be read: Permission denied."
    ]
    with pytest.raises(StorageError):
        store.abandon_current()
    monkeypatch.undo()
    assert store.load_current() is not None  # nothing was lost


def test_a_damaged_save_whose_new_name_cannot_be_looked_at_is_still_only_a_storage_error(
    store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.root.mkdir()
    store.current_path.write_text("{")
    for name in ("stat", "lstat"):
        original = getattr(os, name)

        def refuse(path: object, *args: object, _original: Any = original, **kwargs: object) -> os.stat_result:
            if str(path).startswith(str(store.root / "current.damaged")):
                raise PermissionError(13, "Permission denied", str(path))
            return _original(path, *args, **kwargs)  # type: ignore[no-any-return]

        monkeypatch.setattr(os, name, refuse)
    with pytest.raises(DamagedSaveError) as caught:
        store.load_current()
    kept = caught.value.kept_as or store.current_path
    monkeypatch.undo()
    assert kept.read_text() == "{"  # moved aside or left where it was: never lost


# ---------------------------------------------------------------- files that are not files


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Turn a hang into a failure: a test that blocks for 20 s is interrupted."""

    def hung(signum: int, frame: object) -> None:
        raise AssertionError("blocked: a read waited for a writer that never came")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_current_save_that_is_a_pipe_is_set_aside_not_waited_for(store: MatchStore, no_hang: None) -> None:
    store.root.mkdir()
    os.mkfifo(store.current_path)
    with pytest.raises(DamagedSaveError) as caught:
        store.load_current()
    assert "it is not an ordinary file (a folder, a pipe or a device)" in str(caught.value)
    assert caught.value.kept_as is not None and stat.S_ISFIFO(os.lstat(caught.value.kept_as).st_mode)
    assert store.load_current() is None
    assert store.save_current(saved_match()) is True


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_score_pad_save_that_is_a_pipe_is_set_aside(store: MatchStore, no_hang: None) -> None:
    store.root.mkdir()
    os.mkfifo(store.pad_path)
    with pytest.raises(DamagedSaveError, match="not an ordinary file"):
        store.load_pad(lambda data: data)
    assert store.load_pad(lambda data: data) is None


@pytest.mark.parametrize("kind", ["pipe", "folder", "device"])
def test_a_file_to_replay_or_export_that_is_not_a_file_is_refused(
    store: MatchStore, tmp_path: Path, kind: str, no_hang: None
) -> None:
    path = tmp_path / "match.json"
    if kind == "pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path = Path(os.devnull)
    with pytest.raises(DamagedSaveError, match=r"could not be read: it is not an ordinary file"):
        store.load(path)
    with pytest.raises(DamagedSaveError):
        store.load(str(path) if kind != "device" else "/dev/zero")


def test_saving_recovers_when_the_folder_does(store: MatchStore, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = saved_match()
    original = store_module.write_atomic

    def full_disk(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module, "write_atomic", full_disk)
    with pytest.raises(SaveFailedError, match="No space left"):
        store.save_current(saved)
    assert store.save_current(saved) is False
    monkeypatch.setattr(store_module, "write_atomic", original)
    assert store.save_current(saved) is True and store.save_problem is None
    monkeypatch.setattr(store_module, "write_atomic", full_disk)
    with pytest.raises(StorageError):  # a new run of failures is told again
        store.save_current(saved)


# ---------------------------------------------------------------- two copies of the app


def _autosave_many(root: str, seed: int) -> None:
    store = MatchStore(root)
    match = random_match(seed, 0, rounds=3)
    saved = SavedMatch.start((f"Ana{seed}", f"Boris{seed}"), match)
    rng = random.Random(seed)
    for _ in range(60):
        play_turns(match, rng, 1)
        saved = saved.with_match(match)
        if not match.over:
            store.save_current(saved)


def test_two_copies_of_the_app_saving_at_once_never_tear_the_save(store: MatchStore) -> None:
    store.save_current(saved_match())
    context = multiprocessing.get_context("spawn")
    copies = [context.Process(target=_autosave_many, args=(str(store.root), seed)) for seed in (1, 2)]
    for process in copies:
        process.start()
    loads = 0
    while any(process.is_alive() for process in copies) or not loads:
        assert store.load_current() is not None  # a torn file would raise DamagedSaveError
        loads += 1
    for process in copies:
        process.join(timeout=60)
        assert process.exitcode == 0
    final = store.load_current()
    assert final is not None and final.names in (("Ana1", "Boris1"), ("Ana2", "Boris2"))
    assert files(store.root) == ["current.json"]
