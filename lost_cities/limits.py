"""The app's own limits on a match: the players' names and the number of rounds; text measured and folded in cells.

One rule, used by ``lost-cities play --p1 --p2``, by the new-match form, by the saves
(a file may hold anything; it is held to the same rule when it is read) and by the game
server's ``create`` and ``join``.  A name is trimmed, non-empty, free of control characters,
shows at least one character, carries at most :data:`MAX_MARKS` accents on a character,
looks different from the others (case ignored, and a Cyrillic «А» is a Latin "A"), and is at
most :data:`MAX_NAME_CELLS` terminal cells wide — the room the board and the round-end
screen give it, so that a name never wraps.  No Textual, no Rich.

>>> check_names(["  Ana ", "Boris"])
('Ana', 'Boris')
>>> check_names(["Ana", "ana"])
Traceback (most recent call last):
...
lost_cities.limits.PlayerNamesError: players 1 and 2 both have the name 'ana': give each player a name of their own
>>> check_names(["Ana", "\u0410na"])  # a Cyrillic А  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lost_cities.limits.PlayerNamesError: players 1 and 2 have names that look the same, 'Ana' and 'Аna': give ...
>>> cell_width("Zoë"), cell_width("李小龙")
(3, 6)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from lost_cities.i18n import _, catalogs, ngettext, pgettext, quoted, same_name_key, sentence
from lost_cities.quoting import UNSHOWN

__all__ = [
    "ANALYSIS_THINK",
    "MAX_CLOCK",
    "MAX_MARKS",
    "MAX_NAME_CELLS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_SEED",
    "MAX_THINK",
    "MIN_CLOCK",
    "MIN_PLAYERS",
    "MIN_THINK",
    "PlayerNamesError",
    "cell_width",
    "check_names",
    "check_think",
    "clean_name",
    "fold",
    "name_problem",
    "read_duration",
    "said_duration",
]

#: The most rounds a match may have: in the form, on the command line and in a save.
MAX_ROUNDS = 20
#: The largest seed of a match's deals (``--seed``); a new match draws one of 63 bits.
MAX_SEED = 2**63 - 1
#: How many people play one match.
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The most terminal cells a name may take: the board's and the round-end screen's room for it.
MAX_NAME_CELLS = 12
#: The most accents and other marks one character of a name may carry: Vietnamese needs two (ễ), pointed Hebrew
#: three (שָּׁ).  More are "Zalgo" text: marks stacked over the lines above and below while the name still measures
#: a cell a letter.
MAX_MARKS = 3
#: The hard level's thinking time per turn in a match, in seconds: from this (still a fair search)
#: to this (a player waits no longer).  The arena, a measuring tool, allows more.
MIN_THINK, MAX_THINK = 0.1, 10.0
#: The analysis's thinking time per decision by default, in seconds: ``lost-cities analyse`` and the
#: replay's ``a`` share it, so that the one finds the analysis the other kept.
ANALYSIS_THINK = 0.2
#: An online match's clock, each person's time for a decision, in seconds: from a minute to thirty days.
MIN_CLOCK, MAX_CLOCK = 60, 30 * 86400

_DURATION = re.compile(r"(\d+)\s*(\D+?)\s*")
#: More digits than any time needs: such a number is read as this many (out of every range), not converted whole.
_MOST_DIGITS = 18
#: A time's units in seconds, by the letter the program writes in English.
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
#: What else people write in English for a unit.
_ENGLISH_UNIT_WORDS = {
    "s": ("sec", "secs", "second", "seconds"),
    "m": ("min", "mins", "minute", "minutes"),
    "h": ("hr", "hrs", "hour", "hours"),
    "d": ("day", "days"),
}


def _unit_words(pgettext: Callable[[str, str], str], unit: str) -> list[str]:
    """How a language writes ``unit`` after a number (``pgettext`` is its translation: so named for the message
    extractor), the word the program writes first."""
    words = {
        # Translators: seconds: the word written after a number (first), then every other way to type it,
        # separated by spaces, plurals included ("s sec seconde secondes").
        "s": pgettext("time unit", "s"),
        # Translators: minutes: the word written after a number (first), then every other way to type it,
        # separated by spaces, plurals included ("min mn minute minutes").
        "m": pgettext("time unit", "m"),
        # Translators: hours: the word written after a number (first), then every other way to type it,
        # separated by spaces, plurals included ("h heure heures").
        "h": pgettext("time unit", "h"),
        # Translators: days: the word written after a number (first), then every other way to type it,
        # separated by spaces, plurals included ("j jour jours").
        "d": pgettext("time unit", "d"),
    }[unit].split()
    return words or [unit]


def _typed_units() -> dict[str, int]:
    """Every word a person may write for a time's unit, in any language we speak, folded, and its seconds."""
    typed: dict[str, int] = {}
    for unit, seconds in _UNIT_SECONDS.items():
        for word in (unit, *_ENGLISH_UNIT_WORDS[unit]):
            typed[word] = seconds
        for catalog in catalogs():
            for word in _unit_words(catalog.pgettext, unit):
                typed[word.casefold()] = seconds
    return typed


def read_duration(text: str) -> int | None:
    """A time as a person writes it — ``90s``, ``2m``, ``1h``, ``3d``, in any language we speak (``3j``,
    ``2 мин``) — in seconds; ``None`` if it is not one.

    >>> read_duration("2m"), read_duration(" 3 D "), read_duration("3j"), read_duration("1ч"), read_duration("2 min")
    (120, 259200, 259200, 3600, 120)
    >>> read_duration("2 hours"), read_duration("5 минут"), read_duration("2 min.")
    (7200, 300, 120)
    >>> read_duration("2 weeks"), read_duration("１h"), read_duration("h")
    (None, None, None)
    >>> read_duration("9" * 4000 + "d") > 10**18  # a time, too long for any range (said so, not "not a time")
    True
    """
    found = _DURATION.fullmatch(text.strip())
    if found is None or not found.group(1).isascii():
        return None
    seconds = _typed_units().get(found.group(2).casefold().removesuffix("."))  # "2 min." as "2 min"
    digits = found.group(1).lstrip("0") or "0"
    number = int(digits) if len(digits) <= _MOST_DIGITS else 10**_MOST_DIGITS
    return None if seconds is None else number * seconds


def said_duration(seconds: int) -> str:
    """``seconds`` in the largest unit that divides it, in today's language, as :func:`read_duration` reads it back.

    >>> said_duration(120), said_duration(86400 * 30), said_duration(90)
    ('2m', '30d', '90s')
    """
    for unit in ("d", "h", "m", "s"):
        if seconds % _UNIT_SECONDS[unit] == 0:
            break
    return f"{seconds // _UNIT_SECONDS[unit]}{_unit_words(pgettext, unit)[0]}"


class PlayerNamesError(ValueError):
    """Names that break the rule.  ``str()`` is one translated clause; :attr:`sentence` is it as a sentence.

    ``seat`` is the player concerned (0-based; of two equal names, the later: the one to change), ``None`` when
    the number of names is wrong.
    """

    def __init__(self, seat: int | None, clause: str) -> None:
        self.seat = seat
        self.clause = clause
        super().__init__(clause)

    @property
    def sentence(self) -> str:
        """The clause as a sentence, for a form or a message box: ``Player 2's name is empty: ….``"""
        return sentence(self.clause)


#: Emoji may follow one another joined by this invisible character (👩‍💻: woman, joiner, laptop).
_ZWJ = "\u200d"
#: After an emoji, what may stand before a joiner: the emoji and text presentation selectors and the skin tones.
_EMOJI_MODIFIERS = "\ufe0e\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff"


def clean_name(text: str) -> str:
    """A name as it is kept: trimmed, composed (``e`` + ``◌̈`` is ``ë``) so that equal names compare equal, and
    an emoji sequence's joiners dropped (👩‍💻 is kept as 👩💻).

    Terminals disagree on a joined sequence — one picture two cells wide, or each emoji in turn — and the
    board lines names up by their width: without its joiners a name is drawn and measured alike everywhere.
    A joiner anywhere else is kept, and refused as a control character (:func:`name_problem`).

    >>> clean_name(" Zoé 👩\u200d💻 "), clean_name("A\u200dna")
    ('Zoé 👩💻', 'A\u200dna')
    """
    name = unicodedata.normalize("NFC", text).strip()
    if _ZWJ not in name:
        return name
    kept = [
        char
        for index, char in enumerate(name)
        if char != _ZWJ
        or not (_is_emoji(name[:index].rstrip(_EMOJI_MODIFIERS)[-1:]) and _is_emoji(name[index + 1 : index + 2]))
    ]
    return "".join(kept)


def _is_emoji(char: str) -> bool:
    """Whether ``char`` is an emoji that sequences join: the pictographs of U+1F000–U+1FAFF and the symbols and
    dingbats of U+2600–U+27BF (❤, ☕) — not every symbol (©, arrows, box drawing)."""
    return len(char) == 1 and (0x1F000 <= ord(char) <= 0x1FAFF or 0x2600 <= ord(char) <= 0x27BF)


def _char_width(char: str) -> int:
    """Terminal cells for one character, never fewer than a terminal may use.

    Combining marks take none; East Asian wide and full-width characters take two, and so
    do symbols and numerals of other kinds (``So``, ``No``: emoji, pictographs, counting
    rods — newer Unicode versions widen some of them, and terminals disagree).
    """
    category = unicodedata.category(char)
    if category in ("Mn", "Me"):
        return 0
    if unicodedata.east_asian_width(char) in ("W", "F") or category in ("So", "No"):
        return 2
    return 1


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes (an upper bound where terminals disagree)."""
    return sum(_char_width(char) for char in text)


def fold(parts: list[str], width: int, separator: str = ", ") -> str:
    """Join ``parts`` with ``separator`` into lines of at most ``width`` cells, breaking only between
    parts where it can, else between words — never inside a word (``width`` is at least the longest word).

    >>> print(fold(["long", "nothing in hand", "cooperative", "5 rounds"], 22))
    long, nothing in hand,
    cooperative, 5 rounds
    >>> print(fold(["Alexandrinet won"], 12))
    Alexandrinet
    won
    """
    words: list[str] = []  # what may not be broken: a whole part if it fits a line, else each word
    for index, part in enumerate(parts):
        piece = part + (separator.rstrip() if index < len(parts) - 1 else "")
        words.extend([piece] if cell_width(piece) <= width else piece.split(" "))
    lines: list[str] = []
    for word in words:
        if lines and cell_width(lines[-1]) + 1 + cell_width(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


def name_problem(seat: int | None, name: str) -> str | None:
    """What is wrong with player ``seat``'s (cleaned) name alone, as a translated clause; ``None`` if nothing.

    The form says it as the name is typed; :func:`check_names` also compares the names. ``seat`` is ``None``
    for a name given before the seat is known (joining a game online): the clause then says "the name".
    """
    subject = _("the name") if seat is None else _("player {n}'s name").format(n=seat + 1)
    if not name:
        return _("{subject} is empty: give a name of 1 to {max} characters").format(subject=subject, max=MAX_NAME_CELLS)
    for char in name:
        if unicodedata.category(char) in UNSHOWN:  # what a message would write as its escape
            return _(
                "{subject} holds an invisible or control character ({code}): use letters, digits, spaces, "
                "punctuation and emoji"
            ).format(subject=subject, code=f"U+{ord(char):04X}")
    if _blank(name):
        shown = next(char for char in name if not char.isspace())
        return _(
            "{subject} shows nothing ({code} is blank): give a name with at least one visible letter, digit, "
            "punctuation mark or symbol"
        ).format(subject=subject, code=f"U+{ord(shown):04X}")
    if (blank := _blank_among_visible(name)) is not None:
        return _(
            "{subject} holds {code}, a character that shows as a blank: use an ordinary space, or leave it out"
        ).format(subject=subject, code=f"U+{ord(blank):04X}")
    if (marks := _most_marks(name)) > MAX_MARKS:
        return ngettext(
            "{subject} has {count} accent or mark on one character: a character may carry at most {max}",
            "{subject} has {count} accents or marks on one character: a character may carry at most {max}",
            marks,
        ).format(subject=subject, count=marks, max=MAX_MARKS)
    width = cell_width(name)
    if width <= MAX_NAME_CELLS:
        return None
    if width == len(name):
        return ngettext(
            "{subject} is {width} character long: at most {max} fit on the board",
            "{subject} is {width} characters long: at most {max} fit on the board",
            width,
        ).format(subject=subject, width=width, max=MAX_NAME_CELLS)
    return ngettext(
        "{subject} is as wide as {width} character (wide characters count twice): at most {max} fit on the board",
        "{subject} is as wide as {width} characters (wide characters count twice): at most {max} fit on the board",
        width,
    ).format(subject=subject, width=width, max=MAX_NAME_CELLS)


def _blank(name: str) -> bool:
    """Whether ``name`` shows nothing: no letter, digit, punctuation mark or symbol in it draws on the screen."""
    return not any(_drawn(char) for char in name)


def _blank_among_visible(name: str) -> str | None:
    """The first letter or symbol of ``name`` that is blank by design, beside others that show (``"A\u3164na"``
    would pass for "A na", or for "Ana" where the terminal draws it narrow); ``None`` if there is none."""
    return next((char for char in name if unicodedata.category(char)[0] in "LNPS" and not _drawn(char)), None)


def _drawn(char: str) -> bool:
    """Whether ``char``, a letter, digit, punctuation mark or symbol, draws something on the screen.

    Some letters and symbols are blank by design: the Hangul fillers (U+3164, U+115F, U+1160, U+FFA0: letters
    that Unicode makes default-ignorable) and the Braille pattern with no dot (U+2800).  Unicode's confusable
    skeleton, kept up to date by ``disarm``, folds exactly such characters to nothing, so it is the judge here.
    """
    from disarm import skeleton_key  # here, as in same_name_key: only a name to check pays for the import

    return unicodedata.category(char)[0] in "LNPS" and bool(skeleton_key(char))


def _most_marks(name: str) -> int:
    """The most accents and other marks drawn over or under one character of ``name`` (composed ones counted)."""
    most = run = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


def check_think(think: float) -> None:
    """:class:`ValueError` for a thinking time per turn out of :data:`MIN_THINK` to :data:`MAX_THINK`."""
    if not MIN_THINK <= think <= MAX_THINK:
        raise ValueError(f"the computer thinks {MIN_THINK} to {MAX_THINK} seconds a turn, not {think}")


def check_names(names: Sequence[str]) -> tuple[str, ...]:
    """The names cleaned (:func:`clean_name`), if together they keep the rule; else :class:`PlayerNamesError`.

    Raises for the first problem found, seat by seat, then for two names that are the same name
    (:func:`~lost_cities.i18n.same_name_key`): equal ignoring case, or looking the same.
    """
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PlayerNamesError(
            None,
            _("a match has {min} to {max} players, not {count}").format(
                min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(names)
            ),
        )
    cleaned = tuple(clean_name(name) for name in names)
    for seat, name in enumerate(cleaned):
        if (problem := name_problem(seat, name)) is not None:
            raise PlayerNamesError(seat, problem)
    seen: dict[str, int] = {}
    for seat, name in enumerate(cleaned):
        key = same_name_key(name)
        if key in seen:
            first = cleaned[seen[key]]
            if name.casefold() == first.casefold():
                raise PlayerNamesError(
                    seat,  # the later of the two: the name to change, where a form puts the cursor
                    _("players {a} and {b} both have the name {name}: give each player a name of their own").format(
                        a=seen[key] + 1, b=seat + 1, name=quoted(name)
                    ),
                )
            raise PlayerNamesError(  # written differently: a Cyrillic «А» for an "A", a zero for an "O", a selector
                seat,
                _(
                    "players {a} and {b} have names that look the same, {first} and {second}: give each player a "
                    "name that looks different"
                ).format(a=seen[key] + 1, b=seat + 1, first=quoted(first), second=quoted(name)),
            )
        seen[key] = seat
    return cleaned
