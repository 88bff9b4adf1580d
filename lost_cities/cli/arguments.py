"""What every command shares: the parser, number arguments, ``--lang``, refusals and the terminal check.

One convention for every command: a refusal of input is one line on stderr that starts with
the command's name (``lost-cities export: …``) and exits with status 2, whether argparse or
the command itself refuses.  Light on purpose (argparse and the translations only): every
command's module imports this while the parser is built, before anyone knows which command runs.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import NoReturn, TypeAlias

from lost_cities.i18n import LANGUAGES, _

__all__ = [
    "CommandParser",
    "Commands",
    "add_lang",
    "on_a_terminal",
    "quote",
    "refuse",
    "whole_number",
]


#: The most characters of someone's argument that a message quotes.
QUOTE_LENGTH = 40
#: More digits than any number a command takes: refused before Python reads them.
_MAX_DIGITS = 30
_DIGITS = re.compile(r"[+-]?[0-9]+")  # ASCII only: int() would also read '３', '١٠' and '1_000'


def quote(text: str, limit: int = QUOTE_LENGTH) -> str:
    """``text`` as a message quotes it: ``repr`` (control characters escaped), cut to ``limit`` characters.

    >>> quote("x1"), quote("9" * 100, 8)
    ("'x1'", "'99999…'")
    """
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 2] + "…'"


def _shorten(message: str) -> str:
    """argparse quotes arguments whole: cut any very long word of its message down."""
    return re.sub(rf"\S{{{QUOTE_LENGTH + 1},}}", lambda word: word.group()[: QUOTE_LENGTH - 1] + "…", message)


class CommandParser(argparse.ArgumentParser):
    """argparse with the house convention for refusals: ``lost-cities play: …`` on one line, status 2."""

    def error(self, message: str) -> NoReturn:
        line = _("{prog}: {message}").format(prog=self.prog, message=_shorten(message.replace("\n", " ")))
        self.exit(2, line + "\n")


#: What ``add_subparsers`` returns: each command's module adds its parser to it.
Commands: TypeAlias = "argparse._SubParsersAction[CommandParser]"  # argparse has no public name for it


def refuse(command: str, message: str) -> int:
    """Print a command's refusal (``lost-cities export: …``) on stderr; returns the exit status, 2."""
    print(_("{prog}: {message}").format(prog=f"lost-cities {command}", message=message), file=sys.stderr)
    return 2


def whole_number(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` to ``maximum``, in ASCII digits.

    >>> whole_number(1, 20)("７")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '７' is not a whole number written in digits 0-9
    """

    def read(text: str) -> int:
        digits = text.strip()
        if not _DIGITS.fullmatch(digits):
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number written in digits 0-9").format(text=quote(text))
            )
        value = int(digits) if len(digits) <= _MAX_DIGITS else None
        if value is None or not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                _("{text} is out of range: give a number from {min} to {max}").format(
                    text=quote(text).strip("'"), min=minimum, max=maximum
                )
            )
        return value

    read.__name__ = "number"  # argparse names the type in its own messages
    return read


def add_lang(parser: argparse.ArgumentParser, default: object = None) -> None:
    """``--lang`` on the program and on every command (read before parsing by :func:`lost_cities.cli.main`)."""
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help=_("language: en, fr or ru"))


def on_a_terminal() -> bool:
    """True when a person is at the keyboard and the screen: the apps need both."""
    return sys.stdin.isatty() and sys.stdout.isatty()
