"""A module that fails as it is imported (see test_arena.py): ``tests.ai.fails_on_import:bot``."""

raise RuntimeError("broken on purpose")
