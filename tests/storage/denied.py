"""A data folder that cannot be searched (mode 000), the same for every user, root included.

``chmod 000`` stops nobody running as root (CI containers often do), so the operating
system's refusals are played by monkeypatching: every ``os`` call that touches a path
inside the folder, or lists the folder itself, raises ``PermissionError`` as Linux would.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

INSIDE = ("open", "stat", "lstat", "mkdir", "unlink", "rmdir", "utime", "chmod")
LISTING = ("listdir", "scandir")
TWO_PATHS = ("replace", "rename", "link")


def deny_access(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """From now on, ``folder`` behaves as if its mode were 000 and we were not its owner."""
    root = os.path.abspath(folder)

    def inside(path: Any) -> bool:
        try:
            text = os.path.abspath(os.fsdecode(path))
        except TypeError:  # a file descriptor
            return False
        return text.startswith(root + os.sep)

    def refuse(path: Any) -> PermissionError:
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

    for name in INSIDE:
        original = getattr(os, name)

        def guarded(path: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if inside(path):
                raise refuse(path)
            return _original(path, *args, **kwargs)

        monkeypatch.setattr(os, name, guarded)
    for name in LISTING:
        original = getattr(os, name)

        def listing(path: Any = ".", *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if inside(path) or os.path.abspath(os.fsdecode(path)) == root:
                raise refuse(path)
            return _original(path, *args, **kwargs)

        monkeypatch.setattr(os, name, listing)
    for name in TWO_PATHS:
        original = getattr(os, name)

        def moving(source: Any, target: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if inside(source) or inside(target):
                raise refuse(source)
            return _original(source, target, *args, **kwargs)

        monkeypatch.setattr(os, name, moving)
