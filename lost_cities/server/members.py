"""Who is connected to which seat of each game the server holds, and how they are told: each seat its own frames,
built from its own view, sent without waiting on anyone."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from websockets.asyncio.server import ServerConnection, broadcast

from lost_cities.engine.codec import encode
from lost_cities.net.protocol import Presence, Record, RematchOffer, ServerFrame
from lost_cities.server.relay import RemoteMember

__all__ = ["Member", "Members", "send_to"]

#: A game's member: a connection to this server, or (several servers) a client another server relays here.
Member = ServerConnection | RemoteMember


class Members:
    """Per game, per seat (``None``: watchers), the open connections."""

    def __init__(self) -> None:
        self.games: dict[str, dict[int | None, set[Member]]] = {}

    def of(self, game_id: str) -> dict[int | None, set[Member]]:
        """The game's seats and their connections (the game's own table, made when first asked for: a connection
        keeps it until it leaves)."""
        return self.games.setdefault(game_id, {})

    def connected(self, game_id: str, seat: int) -> bool:
        return bool(self.games.get(game_id, {}).get(seat))

    def everyone(self, game_id: str) -> list[Member]:
        return [member for members in self.games.get(game_id, {}).values() for member in members]

    def forget(self, game_id: str) -> None:
        self.games.pop(game_id, None)

    def tell_each(self, game_id: str, frame_for: Callable[[int | None], ServerFrame]) -> None:
        """Every seat and watcher its own frame, built from its own view (``None``: the watchers'): the last decision
        (:meth:`Game.event_for`), or the whole view again when what changed is not a decision (:meth:`Game.view_frame`:
        a clock started)."""
        for seat, connections in self.games.get(game_id, {}).items():
            if connections:
                send_to(connections, frame_for(seat))

    def tell_all(self, game_id: str, frame: Presence | Record | RematchOffer) -> None:
        """A frame every seat and watcher may see alike."""
        send_to(self.everyone(game_id), frame)

    def tell_seat(self, game_id: str, seat: int | None, frame: ServerFrame) -> None:
        """A frame for one seat's connections alone (``None``: the watchers')."""
        connections = self.games.get(game_id, {}).get(seat)
        if connections:
            send_to(connections, frame)


def send_to(connections: Iterable[Member], frame: ServerFrame) -> None:
    """``frame`` to each connection without waiting on any: websockets' broadcast for this server's own, the relay
    for the clients another server relays here."""
    message = encode(frame)
    local: list[ServerConnection] = []
    for connection in connections:
        if isinstance(connection, RemoteMember):
            connection.post(message)
        else:
            local.append(connection)
    if local:
        broadcast(local, message, text=True)
