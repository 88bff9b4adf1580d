"""The base of every error the engine raises, and the error of text that cannot be read.

At the bottom of the engine's imports: the cards read notation and raise
:class:`NotationError`; the refusals of :mod:`.errors` name cards.  Both are
exported from :mod:`lost_cities.engine.errors` as well.
"""

from __future__ import annotations

__all__ = ["EXCERPT_LENGTH", "LostCitiesError", "NotationError", "excerpt"]

#: The most characters of someone's text that a message quotes.
EXCERPT_LENGTH = 24


def excerpt(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, for quoting it in a message.

    >>> excerpt("+r7"), excerpt("x" * 100, 8)
    ('+r7', 'xxxxxxx…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


class LostCitiesError(ValueError):
    """Base of every error the engine raises on purpose."""


class NotationError(LostCitiesError):
    """Text that is not valid card or choice notation.

    ``text`` is the offending token, ``expected`` says what would be right; the
    message quotes only the start of a long token (:func:`excerpt`).

    >>> str(NotationError("+" + "7" * 5000, "a play"))
    "cannot read '+7777777777777777777777…': expected a play"
    """

    def __init__(self, text: str, expected: str) -> None:
        self.text = text
        self.expected = expected
        super().__init__(f"cannot read {excerpt(text)!r}: expected {expected}")
