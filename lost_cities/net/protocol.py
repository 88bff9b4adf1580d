"""The online game's frames: what a client may send, what the server answers.

Every frame is one JSON object in a text frame, its kind in ``type``.  Both sides read frames through
the engine's one codec (:mod:`lost_cities.engine.codec`), so a frame's type is its check: a field of
the wrong type, an unknown field or an unknown kind is refused with a :class:`FrameError` that says
what was wrong, and cards, decisions and views are written as everywhere else in the program
(``"r7"``, ``"+r7"``, ``"n"``, a view in its one JSON form).

A frame for a seat is built from that seat's view only (``player_view``), a watcher's from the public
view: nothing here ever holds a ``Round``, a ``Match``, a record before the match is over (it holds
the seed, which fixes every deal) or another seat's token.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, get_args

import msgspec
from msgspec import Meta, Struct

from lost_cities.engine.cards import Card
from lost_cities.engine.codec import FieldError, decode, encode
from lost_cities.engine.match import MatchRecord, NextStarter
from lost_cities.engine.view import PlayerView
from lost_cities.net import FRAME_BURST, FRAMES_PER_SECOND

__all__ = [
    "CLAIM",
    "FRAMES_PER_SECOND",
    "FRAME_BURST",
    "MAX_FRAME",
    "PROTOCOL",
    "TAKE_BACK",
    "Claim",
    "ClientFrame",
    "Create",
    "Created",
    "Decide",
    "ErrorCode",
    "ErrorFrame",
    "Event",
    "FrameError",
    "GameStatus",
    "Games",
    "Hello",
    "Join",
    "Ping",
    "Pong",
    "Presence",
    "Record",
    "Rematch",
    "RematchOffer",
    "Rematched",
    "SeatInfo",
    "SeatOffer",
    "SeatSpec",
    "ServerFrame",
    "Status",
    "Sync",
    "TakeBack",
    "ViewFrame",
    "Watch",
    "Welcome",
    "read_client_frame",
    "read_server_frame",
    "write",
]

#: The protocol's version: a ``create`` says which it speaks; the server refuses one it does not.
PROTOCOL = 1
#: An event's ``decision`` for a take-back (the card played this turn back to its player's hand, R6): not a
#: decision in the engine's notation, and no ``decide`` frame may send it.
TAKE_BACK = "u"
#: An event's ``decision`` for a claim: the seat to move ran out of time (the game's clock), and the claimant ends
#: the match.
CLAIM = "claim"
#: The largest frame of a server's that a client accepts, in bytes: a view at a round's end is ~13 KiB in a game
#: played as people play; the longest round R7a allows ends in an event of ~80 KB (the long game, its history in
#: the view and in the round's end), and a 20-round match's record of such rounds is ~100 KB.
MAX_FRAME = 256 * 1024
#: The largest intent a client may send: a server closes the connection (1009) on a bigger one.
MAX_CLIENT_FRAME = 4 * 1024

Version = Annotated[int, Meta(ge=0, le=1_000_000)]
Seat = Annotated[int, Meta(ge=0, le=3)]
Name = Annotated[str, Meta(max_length=64)]
Code = Annotated[str, Meta(max_length=32)]
Token = Annotated[str, Meta(max_length=128)]
Level = Annotated[str, Meta(max_length=16)]


class _Frame(Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """A frame: a JSON object whose ``type`` names its kind."""


# ------------------------------------------------------------------ client → server


class SeatSpec(Struct, frozen=True, forbid_unknown_fields=True):
    """One seat of a game to create: a person's name, or a computer's ``level``."""

    name: Name = ""
    computer: Level | None = None


class Create(_Frame, frozen=True, tag="create"):
    """Create a game: the server answers ``created`` (its codes) and closes; nobody has joined yet."""

    seats: Annotated[tuple[SeatSpec, ...], Meta(min_length=2, max_length=4)]
    rounds: Annotated[int, Meta(ge=1, le=20)] = 3
    long: bool = False
    hand_penalty: bool = False
    cooperative: bool = False
    first: Seat = 0
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)] | None = None
    #: seconds each person has for each decision (one minute to thirty days); none: no limit
    clock: Annotated[int, Meta(ge=60, le=30 * 86400)] | None = None
    protocol: int = PROTOCOL


class Join(_Frame, frozen=True, tag="join"):
    """Take the seat an invitation code opens; the answer's ``welcome`` carries the seat's token (once)."""

    code: Code
    name: Name | None = None


class Hello(_Frame, frozen=True, tag="hello"):
    """Come back to a seat with its token."""

    token: Token


class Watch(_Frame, frozen=True, tag="watch"):
    """Watch a game with its watch code (or any of its invitation codes)."""

    code: Code


class Status(_Frame, frozen=True, tag="status"):
    """Where each of these seats' games stands (for the list of one's online games); then the server closes."""

    tokens: Annotated[tuple[Token, ...], Meta(max_length=50)]


class Decide(_Frame, frozen=True, tag="decide"):
    """A decision in the game's notation (``+r7``, ``-bw``, ``n``, ``g``, ``s``), answering ``version``."""

    version: Version
    decision: Annotated[str, Meta(max_length=8)]


class TakeBack(_Frame, frozen=True, tag="take_back"):
    """Take back the card just played, before drawing (as at one keyboard)."""

    version: Version


class Claim(_Frame, frozen=True, tag="claim"):
    """End the match because the side to move ran out of time (a game with a clock): the claimant's side wins."""

    version: Version


class Sync(_Frame, frozen=True, tag="sync"):
    """Send me my whole view again."""


class Ping(_Frame, frozen=True, tag="ping"):
    """Are you there?  (A browser cannot send a WebSocket ping.)"""


class Rematch(_Frame, frozen=True, tag="rematch"):
    """Once the match is over: play another with the same players, the seats rotated.  When every person
    has asked, the server creates it and sends each of them ``rematched`` with their new seat's token."""


ClientFrame = Create | Join | Hello | Watch | Status | Decide | TakeBack | Claim | Sync | Ping | Rematch
#: The kinds a client may send, as a frame of an unknown kind is told them.
_CLIENT_KINDS = ", ".join(str(kind.__struct_config__.tag) for kind in get_args(ClientFrame))


# ------------------------------------------------------------------ server → client


class SeatOffer(Struct, frozen=True):
    """A created game's seat: its name, and the invitation code to send to that player (``None``: a computer)."""

    seat: int
    name: str
    code: str | None


class Created(_Frame, frozen=True, tag="created"):
    game: str
    seats: tuple[SeatOffer, ...]
    watch: str


class SeatInfo(Struct, frozen=True):
    """Who sits where, and whether they are here now."""

    seat: int
    name: str
    computer: str | None
    joined: bool
    connected: bool


class Welcome(_Frame, frozen=True, tag="welcome"):
    """You are in: ``seat`` (``None`` for a watcher); ``token`` only in the answer to a ``join``: keep it."""

    game: str
    seat: int | None
    version: int
    seats: tuple[SeatInfo, ...]
    rounds: int
    token: str | None = None
    #: seconds each person has for each decision, if the game has a clock
    clock: int | None = None
    #: a watcher who came with a seat's invitation code not used yet (rather than the watch code): that seat —
    #: the client says the code would take it (``--watch`` typed for ``--join``)
    invitation: int | None = None
    #: whoever created the game chose its seed, which fixes every deal (a server started with ``--allow-seeds``), so
    #: they may know every hand and the draw pile; false: the server drew it
    seed_chosen: bool = False

    def with_presence(self, presence: Presence) -> Welcome:
        """The seats as they stand after ``presence``: that seat taken, connected or not, and named as its player
        gave it on joining.  What a client knows of who is here is its welcome brought up to date so."""
        if not 0 <= presence.seat < len(self.seats):
            return self
        seats = list(self.seats)
        info = seats[presence.seat]
        name = presence.name if presence.name is not None else info.name
        seats[presence.seat] = msgspec.structs.replace(info, joined=True, connected=presence.connected, name=name)
        return msgspec.structs.replace(self, seats=tuple(seats))

    @property
    def present(self) -> set[int]:
        """The seats whose player is connected."""
        return {info.seat for info in self.seats if info.connected}

    @property
    def joined(self) -> set[int]:
        """The seats taken (their codes used): the others wait for their player to join."""
        return {info.seat for info in self.seats if info.joined}


class ViewFrame(_Frame, frozen=True, tag="view"):
    """The seat's whole view at ``version`` (a watcher's: the public table); ``round_number`` of ``rounds``."""

    version: int
    round_number: int
    view: PlayerView
    totals: tuple[int, ...]
    over: bool
    #: with a clock: when the seat to move must have decided (UNIX time, seconds)
    deadline: float | None = None


class Event(_Frame, frozen=True, tag="event"):
    """A decision was accepted: who made it, what it was, the card drawn if this seat may know it, and the
    seat's whole new view.  ``round_over`` is the finished round's view (hands revealed, scores) when the
    decision ended a round; ``view`` is then the next round's, already dealt."""

    version: int
    seat: int
    decision: str
    drawn: Card | None
    round_number: int
    view: PlayerView
    totals: tuple[int, ...]
    over: bool
    round_over: PlayerView | None = None
    #: with ``round_over`` and more rounds to play: who starts the next one, and why (R18, R23e, R24e)
    next_start: NextStarter | None = None
    #: with a clock: when the seat to move must have decided (UNIX time, seconds)
    deadline: float | None = None


class Presence(_Frame, frozen=True, tag="presence"):
    """A seat came or went (not versioned)."""

    seat: int
    connected: bool
    #: with ``connected``: the seat's name, as its player gave it on joining (``null`` when it went)
    name: Name | None = None


class Record(_Frame, frozen=True, tag="record"):
    """The whole match, once it is over (it holds the seed: never sent before), with who played each seat."""

    record: MatchRecord
    names: tuple[str, ...]
    computers: tuple[str | None, ...]
    #: a match ended on time: the seat that claimed it, and the seat whose time ran out
    claimed_by: int | None = None
    out_of_time: int | None = None
    #: whoever created the game chose its seed (as the ``welcome`` said)
    seed_chosen: bool = False
    #: the game, when it was created and when its last decision was made (UNIX time, seconds): a client keeps and
    #: prints the same record under the same id and dates, however often it is asked (``null``: an older server)
    game: str | None = None
    started: float | None = None
    ended: float | None = None


class GameStatus(Struct, frozen=True):
    game: str
    seat: int
    version: int
    to_move: int
    over: bool
    names: tuple[str, ...]
    #: a finished game's rematch, as far as this server knows: the seats that have asked for it so far…
    rematch_asked: tuple[int, ...] = ()
    #: …and once every person has, the rematch's game (a person not in it yet takes their seat by coming back here)
    rematch: str | None = None
    #: the seats not taken yet: the cards are dealt once none is
    waiting_for: tuple[int, ...] = ()


class Games(_Frame, frozen=True, tag="games"):
    """The answer to ``status``: one entry per token the server knows."""

    games: tuple[GameStatus, ...]


class ErrorCode(StrEnum):
    """Why a frame was refused: stable, for programs; the ``message`` says it in words."""

    NOT_JSON = "not_json"
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"
    BAD_PROTOCOL = "bad_protocol"
    BAD_GAME = "bad_game"
    NOT_AUTHENTICATED = "not_authenticated"
    BAD_CODE = "bad_code"
    WATCH_CODE = "watch_code"
    CODE_USED = "code_used"
    BAD_TOKEN = "bad_token"
    ALREADY_IN = "already_in"
    RATE_LIMITED = "rate_limited"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_SEATED = "not_seated"
    ILLEGAL = "illegal"
    STALE_VERSION = "stale_version"
    BAD_VERSION = "bad_version"
    GAME_OVER = "game_over"
    NOT_OVER = "not_over"
    NOT_CLAIMABLE = "not_claimable"
    WATCHER_CANNOT_ACT = "watcher_cannot_act"
    SERVER_ERROR = "server_error"
    UNAVAILABLE = "unavailable"


class ErrorFrame(_Frame, frozen=True, tag="error"):
    """One refusal: ``code`` for programs, ``message`` for people; ``rule`` and ``reason`` for an illegal move
    (the rule's id in ``docs/RULES.md`` and the engine's reason), ``version`` where the game stands."""

    code: ErrorCode
    message: str
    version: int | None = None
    rule: str | None = None
    reason: str | None = None
    #: the cards and the colour (its letter, ``y b w g r p``) the refusal names: a client may say it again
    #: in its player's language
    cards: tuple[Card, ...] = ()
    colour: Annotated[str, Meta(pattern="^[ybwgrp]$")] | None = None


class Pong(_Frame, frozen=True, tag="pong"):
    pass


class RematchOffer(_Frame, frozen=True, tag="rematch_offer"):
    """Who has asked for a rematch so far (seats), told to everyone in the game (not versioned)."""

    seats: tuple[int, ...]


class Rematched(_Frame, frozen=True, tag="rematched"):
    """The rematch is created.  To a player: they sit at ``seat`` of ``game``, and ``token`` is that seat's (sent to
    that player only): come back with ``hello`` and it.  To a watcher (``seat`` and ``token`` null): ``watch`` it
    with ``watch``.  ``watch`` is the rematch's code to watch, sent to everyone in the game (``null`` once the server
    no longer remembers it: it stores only its hash)."""

    game: str
    seat: int | None = None
    token: str | None = None
    watch: str | None = None


ServerFrame = (
    Created | Welcome | ViewFrame | Event | Presence | Record | Games | ErrorFrame | Pong | RematchOffer | Rematched
)


class FrameError(ValueError):
    """A frame that is not what the protocol allows: ``code`` says which way, the message what and where."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        self.code = code
        super().__init__(message)


def write(frame: _Frame) -> str:
    """``frame`` as the text of one WebSocket frame."""
    return encode(frame).decode()


def _read(data: str | bytes, kind: object) -> object:
    try:
        return decode(data, kind)  # type: ignore[arg-type]
    except FieldError as error:
        text = str(error)
        if text.endswith("- at `$.type`") or "missing required field `type`" in text:
            none = " (this frame has none)" if "missing" in text else ""
            raise FrameError(ErrorCode.UNKNOWN_TYPE, f'a frame\'s "type" is one of {_CLIENT_KINDS}{none}') from None
        raise FrameError(ErrorCode.BAD_FIELD, field_sentence(text)) from None
    except msgspec.DecodeError:
        raise FrameError(ErrorCode.NOT_JSON, "a frame is one JSON object, and this is not JSON") from None


_KINDS = {
    "int": "a whole number",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "null": "null",
    "array": "a list",
    "object": "an object",
}
_EXPECTED = re.compile(r"Expected `([^`]+)`(?:, got `([^`]+)`)?(.*?)(?: - at `\$\.?([^`]*)`)?$")
_BOUND = re.compile(r"^(of length )?(>=|<=|>|<) ?(-?\d+)$")


def _kind(written: str) -> str:
    return " or ".join(_KINDS.get(part.strip(), part.strip()) for part in written.split("|"))


def field_sentence(text: str) -> str:
    """msgspec's account of a wrong field, in words a person writing a client reads at once: which field,
    what it should be, and what it was."""
    if found := re.search(r"missing required field `(\w+)`", text):
        return f'the field "{found.group(1)}" is missing'
    if found := re.search(r"unknown field `([^`]*)`", text):
        return f'this frame has no field "{found.group(1)}"'
    if found := re.fullmatch(r"Number out of range(?: - at `\$\.?([^`]*)`)?", text.strip()):  # 1e400, say
        where = f'the field "{found.group(1)}"' if found.group(1) else "the frame"
        return f"{where} holds a number too large to read"
    found = _EXPECTED.match(text.strip())
    if found is None:
        return f"a field is wrong: {text}"
    expected, got, rest, path = found.groups()
    where = f'the field "{path}"' if path else "the frame"
    should = _kind(expected)
    bound = _BOUND.match(rest.strip()) if rest else None
    if bound is not None:
        words = {">=": "at least", "<=": "at most", ">": "more than", "<": "less than"}[bound.group(2)]
        should += f" of {words} {bound.group(3)} items" if bound.group(1) else f" ({words} {bound.group(3)})"
    return f"{where} should be {should}" + (f", not {_kind(got)}" if got else "")


def read_client_frame(data: str | bytes) -> ClientFrame:
    """A client's frame, checked; :class:`FrameError` if it is not one."""
    return _read(data, ClientFrame)  # type: ignore[return-value]


def read_server_frame(data: str | bytes) -> ServerFrame:
    """A server's frame, checked; :class:`FrameError` if it is not one."""
    return _read(data, ServerFrame)  # type: ignore[return-value]
