"""A module that ends the program as it is imported (see test_arena.py): ``tests.ai.exits_on_import:bot``."""

import sys

sys.exit(1)
