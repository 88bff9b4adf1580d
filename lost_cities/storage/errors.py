"""What can go wrong with saved matches, each as one clear, translated sentence.

Every error here is a :class:`StorageError`; ``str(error)`` is the sentence to
show the players.  The app catches :class:`StorageError`, shows it, and goes on.
"""

from __future__ import annotations

from pathlib import Path

from lost_cities.i18n import _, os_reason, quoted
from lost_cities.quoting import excerpt

#: How many of the matches an ambiguous id could mean are named.
SHOWN_IDS = 5
#: The longest path a message shows whole (a path someone typed may be any length).
SHOWN_PATH = 200

__all__ = ["DamagedSaveError", "FolderUnusableError", "SaveFailedError", "StorageError", "UnknownMatchError"]


class StorageError(Exception):
    """Base of every storage error; its message is one sentence for the players."""


class DamagedSaveError(StorageError):
    """A saved match that cannot be used: cut short, not JSON, an unknown format, refused moves...

    ``path`` is the file (``None`` for text that came from elsewhere), ``reason``
    the translated cause, ``kept_as`` where a damaged current save was moved
    aside, and ``detail`` the underlying English message, for logs and tests.
    """

    def __init__(self, path: Path | None, reason: str, kept_as: Path | None = None, detail: str = "") -> None:
        self.path = path
        self.reason = reason
        self.kept_as = kept_as
        self.detail = detail
        super().__init__(self._sentence())

    def _sentence(self) -> str:
        if self.kept_as is not None:
            return _("The saved match could not be read ({reason}); it was kept as {path}.").format(
                reason=self.reason, path=self.kept_as
            )
        if self.path is None:
            return _("The match record could not be read: {reason}.").format(reason=self.reason)
        return _("{path} could not be read: {reason}.").format(
            path=excerpt(str(self.path), SHOWN_PATH), reason=self.reason
        )

    def moved(self, kept_as: Path | None) -> DamagedSaveError:
        """The same error, telling where the file was moved aside."""
        return DamagedSaveError(self.path, self.reason, kept_as, self.detail)


class SaveFailedError(StorageError):
    """The data folder cannot be written (permissions, a full disk, not a folder...)."""

    def __init__(self, folder: Path, error: OSError) -> None:
        self.folder = folder
        self.error = error
        super().__init__(self._sentence(os_reason(error)))

    def _sentence(self, why: str) -> str:
        return _("The match cannot be saved in {folder} ({why}); play goes on without saving.").format(
            folder=self.folder, why=why
        )


class FolderUnusableError(SaveFailedError):
    """The data folder cannot even be searched (no permission): nothing in it can be read or saved."""

    def _sentence(self, why: str) -> str:
        return _(
            "The data folder {folder} cannot be opened ({why}): an unfinished match in it cannot be resumed, "
            "and play goes on without saving."
        ).format(folder=self.folder, why=why)


class UnknownMatchError(StorageError):
    """No match in the history has that id (or the id is ambiguous)."""

    def __init__(self, key: str, matches: tuple[str, ...] = ()) -> None:
        self.key = key
        self.matches = matches
        if matches:
            ids = ", ".join(matches[:SHOWN_IDS]) + (", …" if len(matches) > SHOWN_IDS else "")
            message = _("{key} could mean several matches: {ids}").format(key=quoted(key), ids=ids)
        else:
            message = _("no match {key} in the history: lost-cities history lists them").format(key=quoted(key))
        super().__init__(message)
