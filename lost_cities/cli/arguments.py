"""What every command shares: the parser, the types of its arguments, refusals and the terminal check.

One convention for every command: a refusal of input is one line on stderr that starts with
the command's name (``lost-cities export: …``) and exits with status 2, whether argparse or
the command itself refuses.  Light on purpose (argparse and the translations only): every
command's module imports this while the parser is built, before anyone knows which command runs.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NoReturn

from lost_cities.i18n import _, quoted
from lost_cities.limits import MAX_PLAYERS, MIN_PLAYERS, clean_name, name_problem, read_duration, said_duration

if TYPE_CHECKING:
    from lost_cities.engine.rules import Rules
from lost_cities.net.invitations import normalised, shown
from lost_cities.quoting import EXCERPT_LENGTH, excerpt

__all__ = [
    "CommandParser",
    "duration",
    "game_code",
    "joining_name",
    "on_a_terminal",
    "players_for",
    "refuse",
    "seconds",
    "tell",
    "whole_number",
]


#: The longest refusal (after the command's name): what was wrong and what would be right fit in it.
LINE_LENGTH = 300
#: More digits than any number a command takes: refused before Python reads them.
_MAX_DIGITS = 30
_DIGITS = re.compile(r"[+-]?[0-9]+")  # ASCII only: int() would also read '３', '١٠' and '1_000'
# ASCII digits: not '０,５'; a sign, so that '-1' is a number out of range, as with whole numbers
_SECONDS = re.compile(r"[+-]?(?:[0-9]{1,6}(?:[.,][0-9]{0,6})?|[.,][0-9]{1,6})")


def _one_line(message: str, cut_words: bool = False) -> str:
    """A refusal as one line that shows what was typed, in part: what a terminal would act on written as its escape
    (:func:`~lost_cities.quoting.excerpt`, as every quotation), at most :data:`LINE_LENGTH` characters, and with
    ``cut_words`` (argparse quotes arguments whole) every word longer than a quoted excerpt cut to one.

    >>> print(_one_line("invalid choice: '" + "x" * 4000 + "' (choose from 'p1', 'p2')", cut_words=True))
    invalid choice: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (choose from 'p1', 'p2')
    """
    shown = excerpt(message.replace("\n", " "), None)
    if cut_words:
        shown = _LONG_WORD.sub(_cut_word, shown)
    return excerpt(shown, LINE_LENGTH)


#: A word longer than any that a message of ours quotes: an excerpt, its quotation marks and a punctuation mark.
_LONG_WORD = re.compile(rf"\S{{{EXCERPT_LENGTH + 4},}}")
_QUOTED_WORD = re.compile(r"(['\"])(.*)\1([^\w'\"]?)")


def _cut_word(word: re.Match[str]) -> str:
    """A long word of argparse's message cut to an excerpt, the quotation marks around it kept."""
    if quoted := _QUOTED_WORD.fullmatch(word.group()):
        mark, inside, after = quoted.groups()
        return mark + excerpt(inside) + mark + after
    return excerpt(word.group())


def shown_typing(text: str, limit: int = 120) -> str:
    """What was typed, as a refusal shows it within a longer sentence: controls escaped, each long word and
    the whole cut (:func:`_one_line`) to ``limit`` characters."""
    return excerpt(_one_line(text, cut_words=True), limit)


class CommandParser(argparse.ArgumentParser):
    """argparse with the house convention for refusals: ``lost-cities play: …`` on one line, status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{prog}: {message}").format(prog=self.prog, message=_one_line(message, cut_words=True)) + "\n")


def tell(command: str, message: str) -> None:
    """Print one line on stderr for the person at the terminal: ``lost-cities history: …``."""
    print(_("{prog}: {message}").format(prog=f"lost-cities {command}", message=_one_line(message)), file=sys.stderr)


def refuse(command: str, message: str) -> int:
    """Print a command's refusal (``lost-cities export: …``) on stderr; returns the exit status, 2."""
    tell(command, message)
    return 2


def game_code(text: str) -> str:
    """An argparse type: an invitation or watch code (any case, with or without its dash), as the codes are
    shown, ``K7QX-M2PA``; one that cannot be a code is said before any server is asked.

    >>> game_code("k7qx m2pa")
    'K7QX-M2PA'
    >>> game_code("57BT-XPSO")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '57BT-XPSO' is not a code: eight letters and digits, ... (never 0, O, 1 or I)
    """
    code = normalised(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            _("{text} is not a code: eight letters and digits, such as K7QX-M2PA (never 0, O, 1 or I)").format(
                text=quoted(text)
            )
        )
    return shown(code)


def joining_name(text: str) -> str:
    """An argparse type: the name a player joins an online game under (``--name``), cleaned, and checked here
    as the board would, so that a wrong one is said in the player's language before any server is asked.

    >>> joining_name("  Boris ")
    'Boris'
    >>> joining_name("Bartholomew the Great")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the name is 21 characters long: at most 12 fit on the board
    """
    name = clean_name(text)
    problem = name_problem(None, name)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return name


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
                _("{text} is not a whole number written in digits 0-9").format(text=quoted(text))
            )
        value = int(digits) if len(digits) <= _MAX_DIGITS else None
        if value is None or not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                _("{text} is out of range: give a number from {min} to {max}").format(
                    text=excerpt(text.strip()), min=minimum, max=maximum
                )
            )
        return value

    read.__name__ = "number"  # argparse names the type in its own messages
    return read


def _number(value: float) -> str:
    """``value`` as the player's language writes it (:func:`~lost_cities.words.decimal`), its decimals only if it has
    some (``0,1`` in French and Russian, as the numbers they type)."""
    from lost_cities.words import decimal  # only when a number is refused

    return decimal(value, len(f"{value:g}".partition(".")[2]))


def seconds(minimum: float, maximum: float) -> Callable[[str], float]:
    """An argparse type: seconds, ``0.5`` or ``0,5``, from ``minimum`` to ``maximum``, in ASCII digits.

    >>> seconds(0.1, 10)("0,5")
    0.5
    >>> seconds(0.1, 10)("99")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 99 is out of range: give a number from 0.1 to 10
    >>> seconds(0.1, 10)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: -1 is out of range: give a number from 0.1 to 10
    """

    def read(text: str) -> float:
        digits = text.strip()
        if not _SECONDS.fullmatch(digits):
            raise argparse.ArgumentTypeError(
                _("{text} is not a number of seconds such as 0.5 (digits 0-9)").format(text=quoted(text))
            )
        value = float(digits.replace(",", ".")) + 0.0  # + 0.0: '-0' is 0.0, not -0.0
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                _("{text} is out of range: give a number from {min} to {max}").format(
                    text=excerpt(text.strip()), min=_number(minimum), max=_number(maximum)
                )
            )
        return value

    read.__name__ = "seconds"  # argparse names the type in its own messages
    return read


def duration(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse type: a time such as ``90s``, ``2m``, ``1h`` or ``3d``, in seconds, from ``minimum`` to ``maximum``.

    >>> duration(60, 86400)("2m")
    120
    >>> duration(60, 86400)("2 weeks")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '2 weeks' is not a time such as 2m, 1h or 3d
    """

    def read(text: str) -> int:
        value = read_duration(text)
        if value is None:
            raise argparse.ArgumentTypeError(_("{text} is not a time such as 2m, 1h or 3d").format(text=quoted(text)))
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                _("{text} is out of range: give a time from {min} to {max}").format(
                    text=excerpt(text.strip()), min=said_duration(minimum), max=said_duration(maximum)
                )
            )
        return value

    read.__name__ = "duration"
    return read


def rules_of(args: argparse.Namespace, players: int) -> Rules:
    """The rules the variants' flags (``--long``, ``--hand-penalty``, ``--coop``) choose for ``players``: one way from
    the command line to a match's rules.  :class:`ValueError`, in one translated sentence, for a combination that
    makes none."""
    from lost_cities.engine.rules import Rules

    cooperative = bool(getattr(args, "coop", False))
    if cooperative and players == 4:
        raise ValueError(_("--coop: four players already play in two teams, not the cooperative game (R24f)"))
    return Rules(players, args.long, args.hand_penalty, cooperative)


def players_for(asked: int | None, seats: Iterable[int]) -> int:
    """How many play a match: ``asked`` (``--players``), else as many as the last of ``seats`` (from 0: the seats
    given a name or a computer), two at least.  ``play``, ``play --online`` and ``online new`` count alike, so
    that four names make a game of four whichever command is given them.  :class:`ValueError`, in one translated
    sentence, when a seat is given past the fourth or past ``asked``: a name or a computer is never left out.

    >>> players_for(None, [0, 1, 2, 3]), players_for(None, []), players_for(3, [0]), players_for(4, [0, 1])
    (4, 2, 3, 4)
    >>> players_for(2, [0, 1, 2])
    Traceback (most recent call last):
    ...
    ValueError: --players 2, but seat 3 is given a name or a computer: give --players 3, or leave it out
    """
    last = max(seats, default=-1) + 1
    if last > MAX_PLAYERS:
        raise ValueError(
            _("seat {seat} is given a name or a computer, and a game has {min} to {max} players").format(
                seat=last, min=MIN_PLAYERS, max=MAX_PLAYERS
            )
        )
    if asked is not None and last > asked:
        raise ValueError(
            _(
                "--players {players}, but seat {seat} is given a name or a computer: give --players {seat}, "
                "or leave it out"
            ).format(players=asked, seat=last)
        )
    return asked if asked is not None else max(MIN_PLAYERS, last)


def on_a_terminal() -> bool:
    """True when a person is at the keyboard and the screen: the apps need both — a terminal, or a
    browser's page that ``lost-cities web`` serves (whose input and output are the web driver's pipes)."""
    return (sys.stdin.isatty() and sys.stdout.isatty()) or under_web_driver()


#: What textual-serve (and textual-web) set for the app they run: Textual then talks to the page.
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


def under_web_driver() -> bool:
    """True when ``lost-cities web`` runs the app for a browser's page."""
    return os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER
