"""One codec for every JSON the program writes and reads: msgspec's, typed by the values themselves.

A value's JSON form is what msgspec makes of it — a struct an object of its
fields, a tuple an array, an enum its value — except that cards and decisions
are written in the game's notation: a card ``"r7"``, a play ``"+r7"``, a draw
``"n"`` or ``"r"``, a stop ``"s"``.  Reading is typed: :func:`decode` (JSON
text) and :func:`convert` (JSON already parsed) build the very type asked for,
checking every field on the way — types exactly (a ``true`` is never a number),
each value's own checks (a struct's ``__post_init__``), the notation through
the engine's parsers — and refuse anything else with one :class:`FieldError`
that names the field.  Saves, records, the score pad and the views (what the
online game sends each seat) all go through here.

>>> from lost_cities.engine import Round, player_view
>>> from lost_cities.engine.view import PlayerView
>>> view = player_view(Round(seed=1), 0)
>>> text = encode(view)
>>> text[:36], b'"hand":["yw","y4","y8","b5","b10","ww","g6","r10"]' in text
(b'{"rules":{"players":2,"long":false,"', True)
>>> decode(text, PlayerView) == view
True
>>> decode(b'{"seat": true}', PlayerView)
Traceback (most recent call last):
...
lost_cities.engine.codec.FieldError: Expected `int`, got `bool` - at `$.seat`
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec

from lost_cities.engine.cards import Card
from lost_cities.engine.moves import Decision, Draw, Play, Stop, parse_decision
from lost_cities.quoting import excerpt, quote

__all__ = ["FieldError", "convert", "decode", "encode", "to_builtins"]

_T = TypeVar("_T")


class FieldError(ValueError):
    """A field that is missing, of the wrong type, or out of range.  ``key`` names the outermost one
    (``""`` when the whole value is of the wrong kind); the message says what was wrong and where."""

    def __init__(self, key: str, message: str = "") -> None:
        self.key = key
        super().__init__(message or f"the field {quote(key)} is missing or wrong")


#: The types written in notation, and how each is read back.
_NOTATION: dict[type, Any] = {Card: Card.parse, Decision: parse_decision, Play: Play.parse, Draw: Draw.parse}
_PATH = re.compile(r"- at `\$((?:\.\w+|\[\d+\])*)`")
_MISSING = re.compile(r"missing required field `(\w+)`")
#: What msgspec's messages quote: a field's name or a type in backquotes, a value in single quotes.
_QUOTED = re.compile(r"`([^`]*)`|'([^']*)'")


def _enc_hook(value: object) -> object:
    if isinstance(value, Card | Decision):
        return str(value)
    raise NotImplementedError(f"no JSON form for {type(value).__name__}")


def _dec_hook(kind: type, value: object) -> object:
    parse = _NOTATION.get(kind)
    if parse is None and kind is Stop:
        parse = parse_decision
    if parse is None:
        raise NotImplementedError(f"no JSON form for {getattr(kind, '__name__', kind)}")
    if not isinstance(value, str):  # a TypeError: msgspec names the field it was in
        raise TypeError(f"Expected `str` (a {kind.__name__.lower()} in notation), got `{type(value).__name__}`")
    parsed = parse(value)  # a NotationError is a ValueError: msgspec names the field it was in
    if not isinstance(parsed, kind):
        raise ValueError(f"expected {kind.__name__.lower()}, not {quote(value)}")
    return parsed


_ENCODER = msgspec.json.Encoder(enc_hook=_enc_hook)


def encode(value: object) -> bytes:
    """``value``'s JSON form, compact, UTF-8."""
    return _ENCODER.encode(value)


def to_builtins(value: object) -> Any:
    """``value``'s JSON form as plain lists, dicts, strings and numbers (to lay out, or to embed)."""
    return msgspec.to_builtins(value, enc_hook=_enc_hook)


def _refusal(error: msgspec.ValidationError) -> FieldError:
    """msgspec's refusal as one :class:`FieldError` naming the outermost field it concerns."""
    message = str(error)
    found = _PATH.search(message)
    path = found.group(1) if found else ""
    first = re.match(r"\.(\w+)", path)
    missing = _MISSING.search(message)
    key = first.group(1) if first else (missing.group(1) if missing else "")
    return FieldError(key, _QUOTED.sub(_shortened, message))


def _shortened(quoted: re.Match[str]) -> str:
    """A name or a value msgspec's message quotes, by its start (an unknown field's name of four thousand letters,
    an enum's wrong value); the path a field is at, whole."""
    text = quoted.group()
    return text if text.startswith("`$") else text[0] + excerpt(text[1:-1]) + text[-1]


def decode(data: bytes | str, kind: type[_T]) -> _T:
    """The ``kind`` that the JSON text ``data`` holds; :class:`FieldError` if it holds anything else.

    Text that is not JSON at all raises :class:`msgspec.DecodeError` (a ``ValueError``) — a
    caller that must tell the two apart catches it first.
    """
    try:
        return msgspec.json.decode(data, type=kind, dec_hook=_dec_hook)
    except msgspec.ValidationError as error:
        raise _refusal(error) from None


def convert(data: object, kind: type[_T]) -> _T:
    """The ``kind`` that parsed JSON ``data`` holds (see :func:`decode`)."""
    try:
        return msgspec.convert(data, kind, dec_hook=_dec_hook)
    except msgspec.ValidationError as error:
        raise _refusal(error) from None
