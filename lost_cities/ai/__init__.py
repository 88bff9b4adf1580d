"""Computer players: the bot protocol, the built-in bots by name, and the arena that measures them.

Pure: no user interface and no I/O; a bot reads only its own seat's view (H3).

>>> from lost_cities.ai import make_bot
>>> from lost_cities.engine import Round, player_view
>>> round_ = Round(seed=1)
>>> bot = make_bot("heuristic")
>>> bot.choose_play(player_view(round_, 0)) in round_.legal_decisions()
True

The names are loaded on first use, so that importing the package (the command
line does, to list the arena command) costs nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lost_cities.ai.bot import Bot
    from lost_cities.ai.levels import LEVELS
    from lost_cities.ai.loader import BUILTIN_BOTS, BotNameError, check_bot_name, make_bot
    from lost_cities.ai.search import SearchSettings, ranked

__all__ = [
    "BUILTIN_BOTS",
    "LEVELS",
    "Bot",
    "BotNameError",
    "SearchSettings",
    "answer",
    "check_bot_name",
    "make_bot",
    "ranked",
]

_HOMES = {
    "Bot": "lost_cities.ai.bot",
    "answer": "lost_cities.ai.bot",
    "BUILTIN_BOTS": "lost_cities.ai.loader",
    "LEVELS": "lost_cities.ai.levels",
    "BotNameError": "lost_cities.ai.loader",
    "check_bot_name": "lost_cities.ai.loader",
    "make_bot": "lost_cities.ai.loader",
    "SearchSettings": "lost_cities.ai.search",
    "ranked": "lost_cities.ai.search",
}


def __getattr__(name: str) -> object:
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
