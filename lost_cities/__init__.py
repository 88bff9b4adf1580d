"""Lost Cities, Reiner Knizia's card game, in the terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("lost-cities")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"
