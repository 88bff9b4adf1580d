"""How a message shows someone's text — a name, an argument, a move in a save, a number read from a file, a field
of a frame: by its start, with nothing in it that a terminal would act on or hide.

A refusal quotes what was wrong, not all of it: a save holding a number of four thousand digits is refused in a
line, not in a page.  :func:`excerpt` is that one rule; :func:`quote` puts quotation marks around it and, when it
is cut, says how long the text was.  The engine's and the server's English messages use them as they are, the
translated ones through :func:`lost_cities.i18n.quoted`, which gives them the language's quotation marks.

Below every other module of the package (the engine's messages quote too), on the standard library alone; the
text it gives is plain text, never markup: whoever shows it shows it as text.
"""

from __future__ import annotations

import unicodedata

__all__ = ["EXCERPT_LENGTH", "UNSHOWN", "excerpt", "quote"]

#: The most characters of someone's text that a message quotes, its ellipsis included.
EXCERPT_LENGTH = 40

#: The categories of the characters a terminal acts on or that do not show (controls, invisible formatting, surrogates,
#: private or unassigned code points, line and paragraph separators): a message writes them as their escapes, and a
#: player's name may not hold them (:func:`lost_cities.limits.name_problem`).
UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_ZWJ = "\u200d"


def _shown(char: str) -> str:
    """``char`` as a message shows it: itself, or its escape (``\\x1b``, ``\\u202e``, ``\\t``)."""
    if unicodedata.category(char) not in UNSHOWN:
        return char
    return char.encode("unicode_escape", "backslashreplace").decode("ascii")


def _joins(previous: str, char: str) -> bool:
    """Whether ``char`` belongs to the same character on screen as ``previous``: an accent or a mark on its letter,
    a variation selector, an emoji's skin tone, or either side of a zero-width joiner (a family emoji)."""
    return (
        unicodedata.category(char).startswith("M") or "\U0001f3fb" <= char <= "\U0001f3ff" or _ZWJ in (previous, char)
    )


def _clusters(text: str) -> list[str]:
    """``text`` in the characters a person sees: each a letter with its marks, an emoji with its modifiers, a flag
    (two regional indicators)."""
    clusters: list[str] = []
    for char in text:
        if clusters and (_joins(clusters[-1][-1], char) or _pairs(clusters[-1], char)):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


def _pairs(cluster: str, char: str) -> bool:
    """A regional indicator after a lone one: the two make a flag."""
    indicator = "\U0001f1e6" <= char <= "\U0001f1ff"
    return indicator and len(cluster) == 1 and "\U0001f1e6" <= cluster <= "\U0001f1ff"


def excerpt(text: str, limit: int | None = EXCERPT_LENGTH) -> str:
    r"""``text`` as a message shows it: each character that a terminal would act on or that does not show written as
    its escape, and, when that is longer than ``limit`` characters, its start and an ellipsis, ``limit`` characters
    in all (``None``: never cut).  The cut falls between two characters as a person sees them — never between a
    letter and its accent, nor inside an emoji — except in one that alone is too long (a letter under a thousand
    accents).  No quotation marks: see :func:`quote`.

    >>> excerpt("+r7"), excerpt("9" * 4000), excerpt("x" * 100, 8)
    ('+r7', '999999999999999999999999999999999999999…', 'xxxxxxx…')
    >>> print(excerpt("a\tb\x1b[2J\u202e"), excerpt("déjà vu\u00a0!") == "déjà vu\u00a0!")
    a\tb\x1b[2J\u202e True
    >>> accented = "e\u0301"  # e and a combining acute accent: one character on screen
    >>> excerpt(accented * 3, 5) == accented * 2 + "…", excerpt("a" + "\u0301" * 1000, 5) == "a\u0301\u0301\u0301…"
    (True, True)
    """
    return _cut(text, limit)[0]


def _cut(text: str, limit: int | None) -> tuple[str, bool]:
    """:func:`excerpt`'s text, and whether it is cut."""
    shown = "".join(map(_shown, text))
    if limit is None or len(shown) <= limit:
        return shown, False
    kept: list[str] = []
    length = 0
    for cluster in _clusters(text):
        written = "".join(map(_shown, cluster))
        if length + len(written) > limit - 1:
            if not kept:  # one character too long alone: its start
                kept.append(written[: limit - 1])
            break
        kept.append(written)
        length += len(written)
    return "".join(kept) + "…", True


def quote(
    text: str, marks: str = "'{text}'", long: str = "{quoted} ({length} characters)", limit: int = EXCERPT_LENGTH
) -> str:
    """``text`` quoted in a message: its :func:`excerpt` in ``marks``, and when that is cut, ``long`` says how many
    characters the whole has — what was wrong, by its start and its size.  The defaults are English; the
    translated messages give their own (:func:`lost_cities.i18n.quoted`).

    >>> quote("x1"), quote("9" * 4000), quote("9" * 4000, '"{text}"', limit=8)
    ("'x1'", "'999999999999999999999999999999999999999…' (4000 characters)", '"9999999…" (4000 characters)')
    """
    shown, cut = _cut(text, limit)
    quoted = marks.format(text=shown)
    return long.format(quoted=quoted, length=len(text)) if cut else quoted
