"""What every command shares: argument types, ``--lang``, and the terminal check.

Light on purpose (argparse and the translations only): every command's module imports it
while the parser is built, before anyone knows which command will run.
"""

from __future__ import annotations

import argparse
import sys
from typing import TypeAlias

from lost_cities.i18n import LANGUAGES, _

__all__ = ["Commands", "add_lang", "any_int", "on_a_terminal", "positive_int"]

#: What ``add_subparsers`` returns: each command's module adds its parser to it.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"  # argparse has no public name for it


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} is too small: give 1 or more").format(value=value))
    return value


def any_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None


def add_lang(parser: argparse.ArgumentParser, default: object = None) -> None:
    """``--lang`` on the program and on every command (read before parsing by :func:`lost_cities.cli.main`)."""
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help=_("language: en, fr or ru"))


def on_a_terminal() -> bool:
    """True when a person is at the keyboard and the screen: the apps need both."""
    return sys.stdin.isatty() and sys.stdout.isatty()
