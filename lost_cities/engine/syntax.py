"""The base of every error the engine raises, and the error of text that cannot be read.

At the bottom of the engine's imports: the cards read notation and raise
:class:`NotationError`; the refusals of :mod:`.errors` name cards.  Both are
exported from :mod:`lost_cities.engine.errors` as well.
"""

from __future__ import annotations

from lost_cities.quoting import quote

__all__ = ["LostCitiesError", "NotationError"]


class LostCitiesError(ValueError):
    """Base of every error the engine raises on purpose."""


class NotationError(LostCitiesError):
    """Text that is not valid card or choice notation.

    ``text`` is the offending token, ``expected`` says what would be right; the
    message quotes only the start of a long token (:func:`lost_cities.quoting.quote`).

    >>> str(NotationError("+" + "7" * 5000, "a play"))
    "cannot read '+77777777777777777777777777777777777777…' (5001 characters): expected a play"
    """

    def __init__(self, text: str, expected: str) -> None:
        self.text = text
        self.expected = expected
        super().__init__(f"cannot read {quote(text)}: expected {expected}")
