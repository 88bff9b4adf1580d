"""The one translation function for every word the program shows.

``_("...")`` marks and translates a message; the catalogs are standard gettext
files shipped in ``lost_cities/locale``.  The language comes from ``--lang``,
else ``LOST_CITIES_LANG``, else the usual locale variables, else English.
"""

from __future__ import annotations

import errno
import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from lost_cities.quoting import quote

__all__ = [
    "LANGUAGES",
    "N_",
    "_",
    "capitalised",
    "catalogs",
    "current_language",
    "detect_language",
    "every_translation",
    "ngettext",
    "os_reason",
    "pgettext",
    "quoted",
    "same_name_key",
    "sentence",
    "set_language",
]

DOMAIN = "lost_cities"
LOCALE_DIR = Path(__file__).parent / "locale"
#: The languages the program speaks, English first.
LANGUAGES: tuple[str, ...] = ("en", "fr", "ru")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def _normalise(value: str) -> str | None:
    """``fr_FR.UTF-8`` -> ``fr``; ``None`` if it is not a language we speak."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def detect_language(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Pick the language: the request, then ``LOST_CITIES_LANG``, then the locale variables.

    >>> detect_language(None, {"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> detect_language(None, {"LANGUAGE": "de:fr", "LANG": "C"})
    'fr'
    >>> detect_language("fr", {"LOST_CITIES_LANG": "ru"})
    'fr'
    """
    env = os.environ if environ is None else environ
    if requested and (code := _normalise(requested)):
        return code
    if code := _normalise(env.get("LOST_CITIES_LANG", "")):
        return code
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        # LANGUAGE is a priority list; the others name one locale
        for part in value.split(":"):
            if code := _normalise(part):
                return code
        if variable != "LANGUAGE":
            break  # a set LC_ALL/LC_MESSAGES/LANG decides, even if we don't speak it
    return "en"


def set_language(language: str) -> None:
    """Switch every later ``_()`` call to ``language`` (one of :data:`LANGUAGES`)."""
    global _translation, _language
    code = _normalise(language) or "en"
    _translation = _catalog(code)
    _language = code


def current_language() -> str:
    return _language


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    """``language``'s translations, read once: the app switches language, and typed words are read in every one."""
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def catalogs() -> tuple[gettext.NullTranslations, ...]:
    """Every language's translations, English's first: to read what a person typed in any of them."""
    return tuple(_catalog(language) for language in LANGUAGES)


def every_translation(message: str) -> frozenset[str]:
    """``message`` in every language we speak, English included: to know a text the program wrote in another
    language than today's, such as a default name kept in a save (``Computer``, ``Ordinateur``, ``Компьютер``)."""
    return frozenset(catalog.gettext(message) for catalog in catalogs())


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message whose form depends on ``count`` (Russian has three forms)."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as used in ``context``: one English word, several French or Russian forms.

    A colour agrees with what it qualifies (``pgettext("card", "white")`` is *белая* in Russian,
    ``pgettext("pile", "white")`` is *blanche* in French).
    """
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet (it is translated where shown)."""
    return message


#: What the system says of the failures a person meets with files and ports, in its own (C library's) English: said
#: in the player's language, where the system would say it in English whatever the locale (``C.UTF-8``).
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
}


def os_reason(error: OSError) -> str:
    """Why the system refused, as it says it, in the player's language where the catalogs have it; a failure that
    names no reason is named by its kind."""
    known = _OS_REASONS.get(error.errno or 0)
    if known is not None and error.strerror == known:
        return _(known)
    return error.strerror or error.__class__.__name__


def capitalised(text: str) -> str:
    """A translated clause as the start of a sentence: its first letter upper-case, the rest as it is
    (``str.capitalize`` would lower a name or a colour's capital further on)."""
    return text[:1].upper() + text[1:]


def sentence(clause: str) -> str:
    """A translated clause said alone, as a sentence: ``player 2's name is empty: …`` → ``Player 2's name is
    empty: ….``"""
    return capitalised(clause) + "."


def quoted(text: str) -> str:
    """``text`` quoted as the current language quotes (English ``'zz'``, French ``« zz »``, Russian ``«zz»``), as
    :func:`lost_cities.quoting.quote` shows someone's text: what a terminal would act on or hide written as its escape
    (a tab as ``\\t``, U+200B as ``\\u200b``), the rest as typed, quotes and backslashes included; and a long text
    by its start, with how long it is — a refusal quotes what was wrong, not all of it.

    >>> print(quoted("O'Brien"), quoted("a" + chr(9) + "b"))
    'O'Brien' 'a\\tb'
    >>> print(quoted("9" * 4000))
    '999999999999999999999999999999999999999…' (4000 characters)
    """
    # Translators: quotation marks around a word the person typed or a file held: French "« {text} »" (with
    # no-break spaces), Russian "«{text}»".
    marks = _("'{text}'")
    # Translators: a long text quoted by its start, {quoted}, and how many characters the whole has
    long = ngettext("{quoted} ({length} character)", "{quoted} ({length} characters)", len(text))
    return quote(text, marks, long)


#: Invisible marks a name may hold that make no difference to the eye: Unicode's default-ignorable marks — a selector
#: after an emoji (❤️) or a CJK ideograph, Mongolian's free variation selectors, the grapheme joiner, Khmer's two
#: inherent vowels.
_UNSEEN = dict.fromkeys(
    (0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))
)


def same_name_key(name: str) -> str:
    """What two names are compared by, as people read them: case and invisible selectors ignored ("Ana" and
    "ana", or with U+FE0F, look the same to the players), and each character taken for the one it looks like.

    That last is Unicode's confusable skeleton (UTS #39, through ``disarm``): a Cyrillic «А» is a Latin "A", a
    zero "0" an "O", a one "1" an "l", so that "Аna" (Cyrillic) and "Ana", or "B0b" and "Bob", are one name.
    Case is folded first, so "I" is "i" and not the "l" it may look like: "Ivan" and "ivan" are one name, not
    "Ivan" and "lvan".  The key is for comparing, never for showing.  Here, below the limits that refuse two such
    names and the words that show kept ones, so that both compare alike.

    >>> same_name_key("Ana") == same_name_key("\u0410NA") == same_name_key("ana\ufe0f")
    True
    >>> same_name_key("Zoë") == same_name_key("Zoe"), same_name_key("B0b") == same_name_key("bob")
    (False, True)
    """
    from disarm import skeleton_key  # here: 50 ms to import, and most commands compare no names

    return skeleton_key(name.translate(_UNSEEN).casefold(), digit_policy="tr39")
