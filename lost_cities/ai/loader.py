"""Bots by name: the built-in ones, and anyone's as ``package.module:factory``."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from lost_cities.ai.basic import EasyBot, NormalBot, RandomBot
from lost_cities.ai.bot import Bot
from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.ai.levels import LEVELS
from lost_cities.ai.search import SearchBot, SearchSettings
from lost_cities.i18n import _

__all__ = ["BUILTIN_BOTS", "LEVELS", "BotNameError", "check_bot_name", "make_bot"]

#: Every built-in bot: two yardsticks and the levels.
BUILTIN_BOTS: tuple[str, ...] = ("random", "heuristic", *LEVELS)


class BotNameError(ValueError):
    """A bot name that names no bot, said in one sentence."""


def make_bot(name: str, *, seed: int | None = None, think: float | None = None, samples: int | None = None) -> Bot:
    """A fresh bot.  ``seed`` fixes its random choices; ``think`` (seconds per turn) and ``samples`` apply to
    the search of ``hard``; a ``package.module:factory`` is called with no argument."""

    def hard() -> Bot:
        settings = SearchSettings(samples=samples) if think is None else SearchSettings(think=think, samples=samples)
        return SearchBot(settings, seed)

    built_in: dict[str, Callable[[], Bot]] = {
        "random": lambda: RandomBot(seed),
        "heuristic": HeuristicBot,
        "easy": EasyBot,
        "normal": lambda: NormalBot(seed),
        "hard": hard,
    }
    if name in built_in:
        return built_in[name]()
    factory = _factory(name)
    try:
        bot = factory()
    except KeyboardInterrupt:  # the person at the keyboard pressed Ctrl+C: stop, as everywhere else
        raise
    except BaseException as error:  # SystemExit too (`sys:exit`): someone else's code must not end ours silently
        raise BotNameError(
            _("{name}: the factory failed: {error}").format(name=name, error=_described(error))
        ) from error
    if not isinstance(bot, Bot):
        raise BotNameError(
            _("{name}: the factory returned no bot (it needs choose_play and choose_draw methods)").format(name=name)
        )
    return bot


def check_bot_name(name: str) -> str:
    """``name`` if it names a bot (a built-in one, or a factory that makes one); else :class:`BotNameError`."""
    if name not in BUILTIN_BOTS:
        make_bot(name)
    return name


def _described(error: BaseException) -> str:
    """``RuntimeError: out of coffee``; ``SystemExit`` alone when it says nothing more (``sys.exit()``)."""
    said = str(error)
    return f"{type(error).__name__}: {said}" if said else type(error).__name__


def _factory(name: str) -> Callable[[], object]:
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        raise BotNameError(
            _("unknown bot {name!r}: give {names}, or package.module:factory for your own").format(
                name=name, names=", ".join(BUILTIN_BOTS)
            )
        )
    try:
        module = importlib.import_module(module_name)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # a module that calls sys.exit() as it is imported, too
        raise BotNameError(
            _("{name}: cannot import the module {module!r} ({error})").format(
                name=name, module=module_name, error=_described(error)
            )
        ) from error
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise BotNameError(
            _("{name}: the module {module!r} has no factory {factory!r}").format(
                name=name, module=module_name, factory=attribute
            )
        )
    return factory  # type: ignore[no-any-return]
