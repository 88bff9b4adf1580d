"""Atomic file writes: a reader, or a crash, never sees half a file.

The text goes to a temporary file with a unique name in the target's own
folder (so the final rename never crosses file systems), is flushed and
fsync'ed, and then renamed over the target with :func:`os.replace`; finally the
folder itself is fsync'ed so that the rename survives a power cut.  Two
processes writing the same path at once each rename a complete file of their
own: the last rename wins, and the result is always one whole file.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.json", '{"ok": true}')
>>> (folder / "a.json").read_text(encoding="utf-8")
'{"ok": true}'
>>> sorted(p.name for p in folder.iterdir())
['a.json']
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

__all__ = ["TEMP_SUFFIX", "sweep_temporaries", "write_atomic"]

#: Temporary files end in this; readers of a folder skip them.
TEMP_SUFFIX = ".tmp"


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step, creating its folder if needed.

    Raises :class:`OSError` if the folder cannot be created or written; the
    previous file, if any, is then left untouched and no temporary file remains.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)


def sweep_temporaries(folder: Path, older_than: float = 60.0) -> int:
    """Delete temporary files that a killed writer left in ``folder``; returns how many.

    Only files older than ``older_than`` seconds go: a live writer's temporary
    file exists for milliseconds.
    """
    removed = 0
    limit = time.time() - older_than
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            if path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    if path.stat().st_mtime < limit:
                        path.unlink()
                        removed += 1
    return removed


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable; a no-op where folders cannot be opened (Windows)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)
