"""Lost Cities, Reiner Knizia's card game, in the terminal."""

# The one place the version is written: pyproject.toml reads it from here (hatch), and
# reading it needs no importlib.metadata, which would cost every command ~70 ms at start-up.
__version__ = "0.1.0"
