"""Reading fields of parsed JSON: the one reader behind every record and save file.

JSON gives ``dict``, ``list``, ``str``, ``int``, ``float``, ``bool`` and ``None``;
a file may hold any of them anywhere.  :func:`read_field` takes one field of an
object and checks its type *exactly* — a ``bool`` is an ``int`` to Python, never
to a file — and anything else it is asked to check; every failure is one
:class:`FieldError` naming the field, so the readers of records
(:meth:`~lost_cities.engine.MatchRecord.from_dict`), of saves and of the score
pad's sheet refuse bad data the same way.

>>> read_field({"rounds": 3}, "rounds", int, lambda n: 1 <= n <= 20)
3
>>> read_field({"rounds": True}, "rounds", int)
Traceback (most recent call last):
...
lost_cities.engine.fields.FieldError: the field 'rounds' is missing or wrong
>>> read_field([1], "rounds", int)
Traceback (most recent call last):
...
lost_cities.engine.fields.FieldError: expected an object with the field 'rounds', not a list
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

__all__ = ["FieldError", "read_field"]

_T = TypeVar("_T")


class FieldError(ValueError):
    """A field that is missing, of the wrong type, or out of range.  ``key`` names it."""

    def __init__(self, key: str, message: str = "") -> None:
        self.key = key
        super().__init__(message or f"the field {key!r} is missing or wrong")


def read_field(data: object, key: str, kind: type[_T], check: Callable[[_T], bool] | None = None) -> _T:
    """``data[key]``, checked: ``data`` is an object, the value is exactly a ``kind``, ``check`` accepts it.

    Raises :class:`FieldError` otherwise (a ``ValueError``).
    """
    if not isinstance(data, Mapping):
        raise FieldError(key, f"expected an object with the field {key!r}, not a {type(data).__name__}")
    value = data.get(key)
    # bool is an int to Python, never to a file
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise FieldError(key)
    if check is not None and not check(value):
        raise FieldError(key)
    return value
