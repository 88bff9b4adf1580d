"""Bots by name: the built-in ones, and anyone's as ``package.module:factory``.

A name that makes no bot is refused with a :class:`BotNameError` that says why as data
(:class:`BotProblem` and the parts concerned), as the engine's refusals do: the command
line words it in the player's language, and ``str()`` gives it in English.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from enum import StrEnum

from lost_cities.ai.basic import EasyBot, NormalBot, RandomBot
from lost_cities.ai.bot import Bot
from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.ai.levels import LEVELS
from lost_cities.ai.search import SearchBot, SearchSettings
from lost_cities.quoting import excerpt, quote

__all__ = ["BUILTIN_BOTS", "LABEL_LENGTH", "LEVELS", "BotNameError", "BotProblem", "check_bot_name", "make_bot"]

#: Every built-in bot: two yardsticks and the levels.
BUILTIN_BOTS: tuple[str, ...] = ("random", "heuristic", *LEVELS)
#: The most of a bot's name that a message about it begins with (``package.module:factory: the factory failed…``).
LABEL_LENGTH = 60


class BotProblem(StrEnum):
    """Why a name makes no bot."""

    #: neither a built-in bot nor ``package.module:factory``
    UNKNOWN = "unknown"
    #: the module could not be imported
    NO_MODULE = "no_module"
    #: the module has nothing callable by that name
    NO_FACTORY = "no_factory"
    #: calling the factory raised
    FACTORY_FAILED = "factory_failed"
    #: the factory returned something without ``choose_play`` and ``choose_draw``
    NOT_A_BOT = "not_a_bot"


class BotNameError(ValueError):
    """A bot name that names no bot: ``problem`` says why, ``module``, ``factory`` and ``cause`` (the
    error raised, as ``TypeError: ...``) the parts concerned; ``str()`` is one English sentence."""

    def __init__(self, problem: BotProblem, name: str, *, module: str = "", factory: str = "", cause: str = "") -> None:
        self.problem = problem
        self.name = name
        self.module = module
        self.factory = factory
        self.cause = cause
        super().__init__(_english(self))


def _english(error: BotNameError) -> str:
    label = excerpt(error.name, LABEL_LENGTH)
    match error.problem:
        case BotProblem.UNKNOWN:
            names = ", ".join(BUILTIN_BOTS)
            return f"unknown bot {quote(error.name)}: give {names}, or package.module:factory for your own"
        case BotProblem.NO_MODULE:
            return f"{label}: cannot import the module {quote(error.module)} ({excerpt(error.cause, LABEL_LENGTH)})"
        case BotProblem.NO_FACTORY:
            return f"{label}: the module {quote(error.module)} has no factory {quote(error.factory)}"
        case BotProblem.FACTORY_FAILED:
            return f"{label}: the factory failed: {excerpt(error.cause, LABEL_LENGTH)}"
        case BotProblem.NOT_A_BOT:
            return f"{label}: the factory returned no bot (it needs choose_play and choose_draw methods)"


def make_bot(
    name: str,
    *,
    seed: int | None = None,
    think: float | None = None,
    samples: int | None = None,
    stop: Callable[[], bool] | None = None,
    rollouts: int | None = None,
) -> Bot:
    """A fresh bot.  ``seed`` fixes its random choices; ``think`` (seconds per turn), ``samples``, ``rollouts``
    (:class:`~lost_cities.ai.search.SearchSettings`) and ``stop`` (asked as it searches: ``True`` ends the
    search at once) apply to the search of ``hard``, the one level that takes its time; a
    ``package.module:factory`` is called with no argument."""

    def hard() -> Bot:
        settings = SearchSettings(samples=samples, rollouts=rollouts)
        if think is not None:
            settings = SearchSettings(think=think, samples=samples, rollouts=rollouts)
        return SearchBot(settings, seed, stop)

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
        raise BotNameError(BotProblem.FACTORY_FAILED, name, cause=_described(error)) from error
    if not isinstance(bot, Bot):
        raise BotNameError(BotProblem.NOT_A_BOT, name)
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
        raise BotNameError(BotProblem.UNKNOWN, name)
    try:
        module = importlib.import_module(module_name)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # a module that calls sys.exit() as it is imported, too
        raise BotNameError(BotProblem.NO_MODULE, name, module=module_name, cause=_described(error)) from error
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise BotNameError(BotProblem.NO_FACTORY, name, module=module_name, factory=attribute)
    return factory  # type: ignore[no-any-return]
