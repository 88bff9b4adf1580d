"""The seats a player has taken in online games, kept in the data folder: what it takes to come back.

An invitation code opens its seat once; the server then gives the client a token, the seat's only
key from then on.  It is kept here (never shown), with the code it came from, so that
``lost-cities play --join CODE`` a second time — an hour or a week later — comes back to the seat
instead of being refused, and so that a finished game is filed in the history once.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from lost_cities.engine.codec import decode, encode
from lost_cities.storage.errors import StorageError
from lost_cities.storage.match_store import MatchStore

__all__ = ["OnlineSeat", "OnlineSeats", "forget", "last_server", "load_seats", "remember", "remember_server"]


class OnlineSeat(Struct, frozen=True):
    server: str
    game: str
    seat: int
    #: the invitation the seat was taken with, as the server wrote it (``K7QX-M2PA``)
    code: str
    token: str
    names: tuple[str, ...] = ()
    #: the finished game is in the history
    filed: bool = False
    #: the computer level playing it (``online bot``), which alone comes back to it; ``None``: a person's
    bot: str | None = None
    #: a game created here: each seat's invitation as it was made (seat, name, code; no code for a computer's) and
    #: the code to watch it, for the help to give them again when the game is opened again
    invitations: tuple[tuple[int, str, str | None], ...] = ()
    watch: str | None = None

    def taken_with(self, code: str) -> bool:
        """Whether the seat was taken with ``code`` (in any case, with or without its dash)."""
        return _plain(self.code) == _plain(code)


class OnlineSeats(Struct, frozen=True):
    format: int = 1
    seats: tuple[OnlineSeat, ...] = ()
    #: the server a game was last created or joined on here: the new-match form offers it again
    server: str | None = None

    def for_code(self, server: str | None, code: str) -> OnlineSeat | None:
        """The seat taken here with ``code`` on ``server`` (``None``: on whichever server)."""
        return next((seat for seat in self.seats if server in (None, seat.server) and seat.taken_with(code)), None)


def _plain(code: str) -> str:
    return "".join(char for char in code if char not in " -").upper()


def load_seats(store: MatchStore) -> OnlineSeats:
    """The seats kept; none if the file is missing (a damaged one is set aside: DamagedSaveError)."""
    return store.load_online(lambda text: decode(text, OnlineSeats)) or OnlineSeats()


def remember(store: MatchStore, seat: OnlineSeat) -> None:
    """Keep ``seat`` (replacing what was kept for the same game and seat on the same server)."""
    with store.changing(store.online_path):
        kept = load_seats(store)
        key = (seat.server, seat.game, seat.seat)
        others = tuple(old for old in kept.seats if (old.server, old.game, old.seat) != key)
        store.save_online(encode(replace(kept, seats=(*others, seat), server=seat.server)).decode())


def forget(store: MatchStore, seats: tuple[OnlineSeat, ...], forget_server: bool = False) -> None:
    """Drop ``seats`` from those kept (the player asked: a server gone for good, a game given up), and with
    ``forget_server`` the server used last (the new-match form then offers the default); the history is left
    alone.  Without its token nobody here can come back to such a seat."""
    with store.changing(store.online_path):
        kept = load_seats(store)
        dropped = {(seat.server, seat.game, seat.seat) for seat in seats}
        left = tuple(seat for seat in kept.seats if (seat.server, seat.game, seat.seat) not in dropped)
        store.save_online(encode(replace(kept, seats=left, server=None if forget_server else kept.server)).decode())


def remember_server(store: MatchStore, server: str) -> None:
    """Keep ``server`` as the one the new-match form offers next time."""
    with store.changing(store.online_path):
        kept = load_seats(store)
        if kept.server != server:
            store.save_online(encode(replace(kept, server=server)).decode())


def last_server(store: MatchStore) -> str | None:
    """The server used last from here, if any: a damaged file offers none (it is set aside, as every
    load sets it aside, and the form offers the default)."""
    try:
        return load_seats(store).server
    except StorageError:
        return None
