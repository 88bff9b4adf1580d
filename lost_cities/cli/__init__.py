"""The ``lost-cities`` command line: one module per command, and one table of them all.

Each command's module (:mod:`~lost_cities.cli.play`, :mod:`~lost_cities.cli.score`,
:mod:`~lost_cities.cli.records` for history, export and replay,
:mod:`~lost_cities.cli.simulate`…) has the ``run(args)`` of its command;
:mod:`~lost_cities.cli.commands` declares every command, its options and its help, as data,
from which :func:`~lost_cities.cli.declaration.build` makes the parser.
Bare ``lost-cities`` plays (``play`` with no option); ``--help`` lists the commands.
Those modules are light — argparse and the translations — and import what their
command needs (the engine, the saves, Rich, Textual) inside ``run``: ``--help`` and
``score`` with arguments start fast and never load Textual.
"""

from __future__ import annotations

import argparse
import functools
import io
import os
import sys
from collections.abc import Sequence

from lost_cities.cli import argparse_i18n
from lost_cities.cli.arguments import shown_typing
from lost_cities.cli.commands import PROGRAM
from lost_cities.cli.declaration import build
from lost_cities.i18n import LANGUAGES, _, current_language, detect_language, set_language

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command (:data:`~lost_cities.cli.commands.PROGRAM`), its help in the language chosen now."""
    return build(PROGRAM)


@functools.cache
def _parser_in(language: str) -> argparse.ArgumentParser:
    """The parser, its help in ``language``, built once: parsing leaves it as it was, and building it is
    most of a refusal's time (a process that runs :func:`main` many times, as the tests do, pays it once)."""
    return build_parser()


def _language_from(argv: Sequence[str]) -> str | None:
    """Find ``--lang`` before parsing, so that ``--help`` itself is translated."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _speak_the_language_chosen(argv: Sequence[str]) -> None:
    """The language last chosen in the new-match form, unless ``--lang`` or ``$LOST_CITIES_LANG`` says which:
    a choice made in the app is kept for every later run (the locale only guesses).  Read once the arguments
    are parsed, so that ``--help`` loads no saves."""
    if _language_from(argv) is not None or os.environ.get("LOST_CITIES_LANG", "").strip():
        return
    from lost_cities.storage import MatchStore
    from lost_cities.storage.settings import load_settings

    chosen = load_settings(MatchStore()).language
    if chosen in LANGUAGES and chosen != current_language():
        set_language(chosen)


def _replace_what_cannot_be_encoded() -> None:
    """Print ``?`` for what the terminal's encoding lacks (``PYTHONIOENCODING=ascii``), never fail on it."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``lost-cities``; returns the exit status (0, or 2 for a refusal of input)."""
    _replace_what_cannot_be_encoded()
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(detect_language(_language_from(args_list)))
    argparse_i18n.install()
    parser = _parser_in(current_language())
    args, extras = parser.parse_known_args(args_list)
    if extras:  # refused by the command's own parser, so that the refusal starts with its name
        command: argparse.ArgumentParser = getattr(args, "parser", parser)
        typed = shown_typing(" ".join(extras))  # cut first: the way to the options is said whole
        command.error(
            _("unrecognized arguments: {args} ({prog} --help lists the options)").format(args=typed, prog=command.prog)
        )
    if not getattr(args, "run", None):  # bare `lost-cities`: what people install it for, a match
        args = parser.parse_args([*args_list, "play"])
        args.bare = True
    _speak_the_language_chosen(args_list)
    try:
        result: int = args.run(args)
    except KeyboardInterrupt:  # Ctrl+C in a long simulate: stop, as a shell expects, without a traceback
        return 130
    except BrokenPipeError:  # `lost-cities history | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return result
