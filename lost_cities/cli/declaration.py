"""A command line as data — :class:`Command`, :class:`Option`, :class:`Group`, :class:`OneOf`, :class:`Commands` —
and :func:`build`, the one function that turns it into an argparse parser.

:mod:`lost_cities.cli.commands` declares the program so.  Every text a person reads (a help, a description, a group's
title, a metavar such as ``NAME``) is declared marked with ``N_`` and translated here, when the parser is built for
the language chosen (:func:`lost_cities.cli._parser_in`): the table is made at import, before ``--lang`` is read.
A metavar written alike in every language (``URL``, ``ID|FILE``) is left unmarked: no catalog has it, so it is
shown as written.
"""

from __future__ import annotations

import argparse
import shutil
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Literal, TypeAlias

from lost_cities.cli.arguments import CommandParser
from lost_cities.i18n import _

__all__ = ["Command", "Commands", "Group", "Layout", "OneOf", "Option", "Run", "build"]

#: What runs a command, given its parsed arguments; returns the exit status.
Run: TypeAlias = Callable[[argparse.Namespace], int]

#: An argparse action given by its class (``argparse.BooleanOptionalAction``).
ActionClass: TypeAlias = type[argparse.Action]

#: How a command's description and epilog are laid out: both wrapped to the terminal by argparse (``wrapped``);
#: both as written, line by line (``lines``: a sentence a line, then examples); or the description wrapped, to
#: 100 columns at most, and the epilog's examples as written (``examples``).
Layout: TypeAlias = Literal["wrapped", "lines", "examples"]


@dataclass(frozen=True)
class Option:
    """An option (``--rounds``) or a positional argument (``match``), each field as argparse's ``add_argument``
    takes it; ``None`` leaves argparse's own default."""

    name: str
    _kw: KW_ONLY
    help: str
    #: The fields of ``help`` (``{max}``), filled in once it is translated; a number in the language's own way
    #: (``0,1`` in French) when the help is shown.
    values: Mapping[str, object] = field(default_factory=dict)
    metavar: str | None = None
    type: Callable[[str], object] | None = None
    choices: Sequence[object] | None = None
    default: object = None
    action: str | ActionClass | None = None
    nargs: str | None = None
    version: str | None = None


class OneOf:
    """Options of which one at most may be given (argparse's mutually exclusive group)."""

    def __init__(self, *options: Option) -> None:
        self.options = options


class Group:
    """Options shown apart, under a title of their own (argparse's argument group)."""

    def __init__(self, title: str, *options: Option | OneOf, description: str | None = None) -> None:
        self.title, self.options, self.description = title, options, description


@dataclass(frozen=True)
class Commands:
    """The commands under a command (argparse's subparsers): ``metavar`` names the choice in the usage; ``title``,
    if any, lists them in a section of their own; ``dest``, if any, keeps the name chosen in the arguments."""

    metavar: str
    commands: tuple[Command, ...]
    _kw: KW_ONLY
    title: str | None = None
    dest: str | None = None
    #: Options that every command under this one takes too, at any depth, after its own (``--lang``).
    common: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Command:
    """A command: its name, the line that lists it (``help``; none for the program itself), its description,
    options and epilog, what runs it, and the commands under it."""

    name: str
    _kw: KW_ONLY
    help: str | None = None
    description: str
    epilog: str | None = None
    layout: Layout = "wrapped"
    options: tuple[Option | OneOf | Group, ...] = ()
    run: Run | None = None
    commands: Commands | None = None


def build(program: Command) -> CommandParser:
    """The parser of ``program`` and of every command under it, its texts in the language chosen now."""
    parser = CommandParser(prog=program.name, **_texts(program))
    _fill(parser, program, ())
    return parser


def _texts(command: Command) -> dict[str, Any]:
    """What argparse's parser takes of a command's texts, translated and laid out as :data:`Layout` says."""
    description = _(command.description)
    if command.layout == "examples":  # argparse keeps it as written too: wrapped here, as argparse would
        description = textwrap.fill(description, min(shutil.get_terminal_size((80, 24)).columns, 100) - 2)
    written = command.layout != "wrapped"
    formatter = _AsWritten if written else _Wrapped
    epilog = None if command.epilog is None else _(command.epilog)
    return {"description": description, "epilog": epilog, "formatter_class": formatter}


class _Help(str):
    """An option's help, translated, whose fields (:attr:`Option.values`) are filled in only when it is shown: a
    number is then written in the language's own way, without Babel's import on every command's start."""

    values: Mapping[str, object]


def _shown(value: object) -> str:
    """A help's field as the language writes it: ``0,1`` in French, ``0.1`` in English; anything else as it is."""
    if not isinstance(value, float):
        return str(value)
    from babel.numbers import format_decimal

    from lost_cities.i18n import current_language

    return str(format_decimal(value, locale=current_language()))


class _Wrapped(argparse.HelpFormatter):
    """argparse's layout, its lines broken between words only: never inside ``lost-cities`` or ``--hand-penalty``
    (``lost-`` / ``cities COMMAND --help``); an option's help with its fields filled in (:class:`_Help`)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if isinstance(text, _Help):
            return text.format(**{name: _shown(value) for name, value in text.values.items()})
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(
            " ".join(text.split()), width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False
        )


class _AsWritten(argparse.RawDescriptionHelpFormatter, _Wrapped):
    """The description and the epilog as written; the options' help wrapped as :class:`_Wrapped` wraps it."""


def _fill(parser: CommandParser, command: Command, common: tuple[Option, ...]) -> None:
    """Give ``parser`` the command's options, then the ``common`` ones, what runs it, and the commands under it."""
    for item in (*command.options, *common):
        _add(parser, item)
    if command.run is not None:
        # args.parser: the command's own parser refuses what it does not know in the command's name
        parser.set_defaults(run=command.run, parser=parser)
    if command.commands is None:
        return
    under = command.commands
    dest = argparse.SUPPRESS if under.dest is None else under.dest  # SUPPRESS: the name chosen is kept nowhere
    metavar = _(under.metavar)
    if under.title is None:  # given a title, even None, argparse lists the commands in a section of their own
        choices = parser.add_subparsers(parser_class=CommandParser, dest=dest, metavar=metavar)
    else:
        choices = parser.add_subparsers(parser_class=CommandParser, title=_(under.title), dest=dest, metavar=metavar)
    for each in under.commands:
        listed: dict[str, Any] = {} if each.help is None else {"help": _(each.help)}
        _fill(choices.add_parser(each.name, **listed, **_texts(each)), each, (*common, *under.common))


def _add(container: argparse._ActionsContainer, item: Option | OneOf | Group) -> None:
    """Add an option, or a group of them, to a parser or to one of its groups."""
    if isinstance(item, Group):
        group = container.add_argument_group(_(item.title), None if item.description is None else _(item.description))
        for option in item.options:
            _add(group, option)
    elif isinstance(item, OneOf):
        exclusive = container.add_mutually_exclusive_group()
        for option in item.options:
            _add(exclusive, option)
    else:
        container.add_argument(item.name, **_settings(item))


def _settings(option: Option) -> dict[str, Any]:
    """``add_argument``'s keywords for ``option``: those it sets, its texts translated."""
    said = _(option.help)
    if option.values:
        said = _Help(said)
        said.values = option.values
    settings: dict[str, Any] = {"help": said}
    for key in ("type", "choices", "default", "action", "nargs", "version"):
        if (value := getattr(option, key)) is not None:
            settings[key] = list(value) if isinstance(value, list) else value  # a list default: each parser's own
    if option.metavar is not None:
        settings["metavar"] = _(option.metavar)
    return settings
