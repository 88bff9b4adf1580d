"""The data folder: the match in progress and the history of past matches.

Layout (the folder is created on the first save, never by reading)::

    <data folder>/current.json                          the match in progress
    <data folder>/current.damaged-20261122T005315Z.json  a damaged save, set aside
    <data folder>/history/<id>.json                     finished and abandoned matches
    <data folder>/scorepad.json                         the score pad's match being marked
    <data folder>/online.json                           the seats taken in online games
    <data folder>/settings.json                         the player's settings (the tips, and which were seen)
    <data folder>/.online.json.lock, .settings.json.lock  held while the file is read, changed and written back

The folder is, in order: the ``root`` given to :class:`MatchStore`, the
``LOST_CITIES_DATA_DIR`` environment variable, or the user's data folder
(``platformdirs``: ``$XDG_DATA_HOME/lost-cities``, else ``~/.local/share/lost-cities``
on Linux).  Every write is atomic (:func:`~lost_cities.storage.atomic.write_atomic`).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar

from msgspec import Struct

from lost_cities.engine.codec import decode
from lost_cities.i18n import _, os_reason
from lost_cities.quoting import quote
from lost_cities.storage.atomic import sweep_temporaries, write_atomic
from lost_cities.storage.errors import DamagedSaveError, FolderUnusableError, SaveFailedError, UnknownMatchError
from lost_cities.storage.saved import ID_PATTERN, MAX_SAVE_BYTES, SavedMatch, SaveStatus, utc_now

__all__ = ["DATA_DIR_VARIABLE", "HistoryListing", "MatchStore", "default_data_dir", "read_save_bytes"]

#: The environment variable that moves the data folder (tests, portable installs).
DATA_DIR_VARIABLE = "LOST_CITIES_DATA_DIR"
CURRENT_NAME = "current.json"
HISTORY_NAME = "history"
PAD_NAME = "scorepad.json"
ONLINE_NAME = "online.json"
SETTINGS_NAME = "settings.json"

T = TypeVar("T")


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$LOST_CITIES_DATA_DIR`` if set, else the platform's user data folder for ``lost-cities``.

    >>> default_data_dir({"LOST_CITIES_DATA_DIR": "/tmp/lc"})
    PosixPath('/tmp/lc')
    """
    env = os.environ if environ is None else environ
    if chosen := env.get(DATA_DIR_VARIABLE, "").strip():
        return Path(chosen).expanduser()
    import platformdirs

    return platformdirs.user_data_path("lost-cities", appauthor=False)


class HistoryListing(Struct, frozen=True):
    """The history: the matches that could be read, oldest first, and the files that could not."""

    matches: tuple[SavedMatch, ...]
    damaged: tuple[DamagedSaveError, ...]


class MatchStore:
    """Saved matches in one data folder.  Every method's failures are :class:`StorageError`\\ s.

    Saving after every turn (:meth:`save_current`) never stops play: when the
    folder cannot be written, the first failure raises :class:`SaveFailedError`
    (show it once), later failures in a row return ``False`` quietly, and
    :attr:`save_problem` holds the error until a save succeeds again.
    """

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()
        self.current_path = self.root / CURRENT_NAME
        self.history_dir = self.root / HISTORY_NAME
        #: the seats taken in online games, with their tokens (the keys to come back)
        self.online_path = self.root / ONLINE_NAME
        #: the player's settings (:mod:`~lost_cities.storage.settings`)
        self.settings_path = self.root / SETTINGS_NAME
        #: the match ``lost-cities score``'s pad is marking
        self.pad_path = self.root / PAD_NAME
        #: The last save's failure, or ``None`` while saving works.
        self.save_problem: SaveFailedError | None = None

    def __repr__(self) -> str:
        return f"MatchStore({str(self.root)!r})"

    # ------------------------------------------------------------ the match in progress

    def save_text(self, path: Path, text: str) -> bool:
        """Write ``text`` to ``path`` atomically, with :meth:`save_current`'s way of reporting failures."""
        try:
            write_atomic(path, text)
        except OSError as error:
            first = self.save_problem is None
            self.save_problem = SaveFailedError(self.root, error)
            if first:
                raise self.save_problem from error
            return False
        self.save_problem = None
        return True

    def save_current(self, saved: SavedMatch) -> bool:
        """Write the match in progress; ``True`` if written.

        Raises :class:`SaveFailedError` on the first failure of a run of failures,
        returns ``False`` on the later ones (the players have been told already).
        """
        if saved.status is not SaveStatus.IN_PROGRESS:
            raise ValueError(f"only a match in progress is saved as current, not a {saved.status.value} one")
        return self.save_text(self.current_path, saved.to_json())

    def load_current(self) -> SavedMatch | None:
        """The match in progress, or ``None`` if there is none.

        A damaged save is moved aside to ``current.damaged-<UTC time>.json`` (kept,
        never deleted) and reported as a :class:`DamagedSaveError` whose message
        says where it went; the app shows it and starts normally.  A save whose
        last round is already over (the app stopped before filing it) is filed
        in the history as finished, and ``None`` is returned.  Temporary files
        left by a writer killed half-way are cleared away.
        """
        path = self.current_path
        for folder in (self.root, self.history_dir):
            sweep_temporaries(folder)  # left by a copy of the app killed while writing
        try:
            saved = _read(path)
        except FileNotFoundError:
            return None
        except DamagedSaveError as error:
            self._check_folder()
            raise error.moved(self._set_aside(path)) from None
        if saved.over or saved.status is not SaveStatus.IN_PROGRESS:
            filed = saved.with_status(SaveStatus.FINISHED) if saved.over else saved
            # if the history cannot be written, it stays in current.json, to be filed by a later run
            with contextlib.suppress(SaveFailedError):
                self._file(filed)
            return None
        return saved

    def _check_folder(self) -> None:
        """Raise :class:`FolderUnusableError` if the data folder cannot be searched (mode 000, say).

        Then nothing in it can be read or written: the players are told once, and
        :attr:`save_problem` is set so that the saves that follow fail quietly.
        """
        try:
            os.stat(self.current_path)
        except PermissionError as error:
            self.save_problem = FolderUnusableError(self.root, error)
            raise self.save_problem from None
        except OSError:  # FileNotFoundError too: no save there
            return

    def finish_current(self, saved: SavedMatch) -> SavedMatch:
        """File a match whose last round is over in the history, as finished; it stops being current.

        Raises :class:`SaveFailedError` if the history cannot be written.
        """
        finished = saved.with_status(SaveStatus.FINISHED)
        self._file(finished)
        return finished

    def abandon_current(self) -> SavedMatch | None:
        """File the match in progress, if any, in the history as abandoned (for ``play --new``).

        Returns the abandoned save, or ``None`` if there was no match in
        progress.  Raises :class:`DamagedSaveError` (the damaged save moved aside)
        or :class:`SaveFailedError` like :meth:`load_current` and :meth:`finish_current`.
        """
        saved = self.load_current()
        if saved is None:
            return None
        abandoned = saved.with_status(SaveStatus.ABANDONED)
        self._file(abandoned)
        return abandoned

    # ------------------------------------------------------------ the history

    def history_path(self, match_id: str) -> Path:
        if not ID_PATTERN.fullmatch(match_id):
            raise ValueError(f"{quote(match_id)} is not a match id")
        return self.history_dir / f"{match_id}.json"

    def list_history(self) -> HistoryListing:
        """Every finished and abandoned match, oldest first; unreadable files (or folder) are listed apart."""
        matches: list[SavedMatch] = []
        damaged: list[DamagedSaveError] = []
        try:
            paths = self._history_files()
        except DamagedSaveError as error:
            return HistoryListing((), (error,))
        for path in paths:
            try:
                matches.append(_read(path))
            except FileNotFoundError:
                continue  # removed while we looked
            except DamagedSaveError as error:
                damaged.append(error)
        matches.sort(key=lambda saved: (saved.created, saved.id))
        return HistoryListing(tuple(matches), tuple(damaged))

    def load(self, key: str | Path) -> SavedMatch:
        """A match by its id (or a unique start of it) from the history, or from a file.

        ``key`` is a file when it is a :class:`~pathlib.Path` or when :func:`_names_a_file`
        says so; such a file may live anywhere (a record someone shared).  Raises
        :class:`UnknownMatchError` or :class:`DamagedSaveError`.
        """
        text = str(key)
        if isinstance(key, Path) or _names_a_file(text):
            path = Path(text).expanduser()
            try:
                return _read(path)
            except FileNotFoundError as error:
                raise DamagedSaveError(path, os_reason(error)) from None
        ids = sorted(path.stem for path in self._history_files())
        found = [text] if text in ids else [match_id for match_id in ids if match_id.startswith(text)]
        if len(found) != 1 or not text:
            raise UnknownMatchError(text, tuple(found) if len(found) > 1 else ())
        try:
            return _read(self.history_path(found[0]))
        except FileNotFoundError:
            raise UnknownMatchError(text) from None

    # ------------------------------------------------------------ inside

    def _history_files(self) -> list[Path]:
        """The history's save files; none before the first match is filed.

        A history folder that exists but cannot be read raises :class:`DamagedSaveError`.
        """
        try:
            entries = list(self.history_dir.iterdir())
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as error:
            raise DamagedSaveError(self.history_dir, os_reason(error), detail=str(error)) from None
        return sorted(
            path
            for path in entries
            if path.suffix == ".json" and ID_PATTERN.fullmatch(path.stem) and not path.name.startswith(".")
        )

    def _file(self, saved: SavedMatch) -> None:
        """Write ``saved`` into the history, then stop it being current (if it is)."""
        self.file_finished(saved)
        # Only remove current.json if it still holds this match: another copy of the
        # app may have started a new one since.  (A crash between the two steps
        # leaves a current save that load_current files again: nothing is lost.)
        if _peek_id(self.current_path) == saved.id:
            try:
                self.current_path.unlink(missing_ok=True)
            except OSError as error:
                raise SaveFailedError(self.root, error) from error

    def file_finished(self, saved: SavedMatch) -> None:
        """Put a match that has ended into the history (one that ended elsewhere — online: played to its end, or won
        on time — too); the current match is left alone."""
        if saved.status is SaveStatus.IN_PROGRESS:
            raise ValueError("only a match that has ended is filed this way, not one in progress")
        try:
            write_atomic(self.history_path(saved.id), saved.to_json())
        except OSError as error:
            raise SaveFailedError(self.root, error) from error

    # ------------------------------------------------------------ online seats

    def save_online(self, text: str) -> bool:
        return self.save_text(self.online_path, text)

    @contextlib.contextmanager
    def changing(self, path: Path) -> Iterator[None]:
        """Held while the kept file ``path`` (the online seats, the settings) is read, changed and written back: two
        apps of one player (two terminals, two games) never write over each other's change — a seat's token lost is a
        seat nobody can come back to.  An advisory lock on a file beside it, where the system has one (POSIX);
        elsewhere, and in a folder that cannot hold it, the change is made unlocked, as a write alone is atomic
        anyway."""
        try:
            import fcntl
        except ImportError:
            yield
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            lock = path.with_name(f".{path.name}.lock").open("ab")
        except OSError:
            yield
            return
        with lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # let go as the file closes
            yield

    def load_online(self, read: Callable[[str], T]) -> T | None:
        """The online seats read by ``read``, or ``None`` if there are none; a damaged file is set aside
        and reported (as :meth:`load_pad` does): the games go on on their servers."""
        return self._load_kept(self.online_path, read, _("the online seats in it cannot be read"))

    # ------------------------------------------------------------ the player's settings

    def save_settings(self, text: str) -> bool:
        """Keep the settings, best effort: ``False`` if they cannot be written (a match's saves say so, not these)."""
        try:
            write_atomic(self.settings_path, text)
        except OSError:
            return False
        return True

    def load_settings(self, read: Callable[[str], T]) -> T | None:
        """The settings read by ``read``, or ``None`` if none were kept; a damaged file is set aside and reported."""
        return self._load_kept(self.settings_path, read, _("the settings in it cannot be read"))

    # ------------------------------------------------------------ the score pad

    def save_pad(self, text: str) -> bool:
        """Save the score pad's file (as :func:`~lost_cities.score.sheet.pad_to_json` writes it)."""
        return self.save_text(self.pad_path, text)

    def load_pad(self, read: Callable[[str], T]) -> T | None:
        """The saved score pad read by ``read`` (:func:`~lost_cities.score.sheet.pad_from_json`), or ``None``
        if there is none.

        A file that ``read`` refuses (any ``ValueError``: not JSON, a wrong field, a mark the rules
        refuse) is moved aside like a damaged match and reported as a :class:`DamagedSaveError`.
        """
        return self._load_kept(self.pad_path, read, _("the score pad in it does not hold together"))

    def _load_kept(self, path: Path, read: Callable[[str], T], unreadable: str) -> T | None:
        """A small file the app keeps, read by ``read``; ``None`` if there is none.  A file ``read`` refuses
        (any ``ValueError``: not JSON, a wrong field) is moved aside like a damaged match and reported as a
        :class:`DamagedSaveError` saying ``unreadable``."""
        try:
            return read(read_save_bytes(path).decode("utf-8-sig"))
        except FileNotFoundError:
            return None
        except OSError as error:
            self._check_folder()
            raise DamagedSaveError(path, _("it cannot be read"), detail=str(error)) from None
        except DamagedSaveError as strange:  # not an ordinary file
            raise strange.moved(self._set_aside(path)) from None
        except (ValueError, RecursionError) as error:  # UnicodeDecodeError and JSONDecodeError too
            raise DamagedSaveError(path, unreadable, detail=str(error)).moved(self._set_aside(path)) from None

    def _set_aside(self, path: Path) -> Path | None:
        """Rename a damaged file to ``<stem>.damaged-<UTC time>.json``; ``None`` if it cannot be moved."""
        stamp = utc_now().strftime("%Y%m%dT%H%M%SZ")
        for attempt in range(100):
            suffix = f"-{attempt}" if attempt else ""
            target = path.with_name(f"{path.stem}.damaged-{stamp}{suffix}.json")
            try:
                if os.path.lexists(target):
                    continue
                os.replace(path, target)
            except OSError:
                return None
            return target
        return None


def read_save_bytes(path: Path) -> bytes:
    """The start of a regular file (:data:`MAX_SAVE_BYTES` and one more byte), never a wait.

    The file is opened without blocking and checked before anything is read: a pipe
    (FIFO), a device or a folder raises :class:`DamagedSaveError` instead of hanging or
    reading forever.  A missing file raises :class:`FileNotFoundError`; any other
    failure is an :class:`OSError`.
    """
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        ordinary = stat.S_ISREG(os.fstat(handle).st_mode)
    except OSError:
        os.close(handle)
        raise
    if not ordinary:
        os.close(handle)
        raise DamagedSaveError(path, _("it is not an ordinary file (a folder, a pipe or a device)"))
    with open(handle, "rb", closefd=True) as stream:
        return stream.read(MAX_SAVE_BYTES + 1)


def _names_a_file(text: str) -> bool:
    """Whether ``lost-cities export``/``replay`` read ``text`` as a file rather than as an id.

    An id holds no ``/`` and no ``.json``, so anything else without them is an id.  With them, it is a
    file if it exists, or if it looks like a file someone meant — it ends in ``.json``, starts at the
    root or at ``~``, or names a folder that exists (``records/match``) — so that a missing file is said
    to be missing.  Anything else (``[/]``, ``a/b`` with no folder ``a``) is neither a file nor an id:
    it is looked up as an id, and "No match '[/]' in the history" tells the person where to find one,
    where "could not be read: No such file" would send them looking for a file they never meant.

    >>> _names_a_file("20260501-200000-4920"), _names_a_file("[/]"), _names_a_file("gone.json"), _names_a_file("/x/y")
    (False, False, True, True)
    """
    if "/" not in text and os.sep not in text and not text.endswith(".json"):
        return False
    path = os.path.expanduser(text)
    return (
        text.endswith(".json") or os.path.isabs(path) or os.path.lexists(path) or os.path.isdir(os.path.dirname(path))
    )


def _read(path: Path) -> SavedMatch:
    """Read and check one save.  A missing file raises :class:`FileNotFoundError`, all else is damage."""
    try:
        data = read_save_bytes(path)
    except FileNotFoundError:
        raise
    except NotADirectoryError as error:  # the data folder is a file: there is no save in it
        raise FileNotFoundError(error.errno, error.strerror, str(path)) from None
    except OSError as error:
        raise DamagedSaveError(path, os_reason(error), detail=str(error)) from None
    return SavedMatch.from_json(data, path)


class _Id(Struct, frozen=True):
    """The one field of a save read to find it in the history."""

    id: str


def _peek_id(path: Path) -> str | None:
    """The id in a save file, read without checking the rest; ``None`` if there is none."""
    try:
        return decode(read_save_bytes(path)[:MAX_SAVE_BYTES], _Id).id
    except (OSError, ValueError, RecursionError, DamagedSaveError):  # not JSON, or a FieldError: both ValueErrors
        return None
