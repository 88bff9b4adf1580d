"""A finished game's rematch: who asked for it, the new match once every person has (the same rules and length, a
new deal, each seat moved on by one), and each person's seat in it with a fresh token.

A rematch is a new game in the store like any other, and is counted as one: against the address of the person whose
ask makes it, under the same cap as ``create`` (:meth:`Gate.check_create`) — else one address could make games
without limit, one-round matches against a computer each followed by its rematch."""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from lost_cities.net.invitations import CodeKey, new_code, new_token, shown, token_hash
from lost_cities.net.protocol import ErrorCode, Rematched, RematchOffer
from lost_cities.server.game import Game
from lost_cities.server.game_store import GameRow, GameStore, SeatRow
from lost_cities.server.gate import Gate, Refusal
from lost_cities.server.held_games import HeldGames
from lost_cities.server.refusals import FrameRefused

__all__ = ["Rematches"]

log = logging.getLogger("lost_cities.server")

#: The most finished games whose rematch is asked and not yet made that are remembered, and the most rematches
#: whose code to watch is: past it, the oldest is forgotten (its players ask again; a watcher coming late is not sent
#: on), so that neither table fills a server up for months.
MOST_KEPT = 10_000
#: Seconds a seat's token in a rematch is given again as it was, to a player asking again: within them an ask
#: writes nothing to the database (a script asking flat out wrote a token each time, 1,200 a second).
TOKEN_KEPT = 10.0


class Rematches:
    """The rematches of the games one server holds: the seats that asked, per finished game, until it is made (then
    the store knows it)."""

    def __init__(self, store: GameStore, key: CodeKey, held: HeldGames, gate: Gate | None = None) -> None:
        self.store = store
        self.key = key
        self.held = held
        #: the per-address limits: a rematch made is counted as a game created
        self.gate = gate or Gate()
        self.members = held.members
        self.asked: dict[str, set[int]] = {}
        #: per finished game whose rematch this server made, the rematch's code to watch (the store keeps its hash
        #: alone): told to a watcher, or a player, who comes back to the finished game
        self.watch_codes: dict[str, str] = {}
        #: per rematch and seat in it, the token given last and when (:data:`TOKEN_KEPT`)
        self.tokens: dict[tuple[str, int], tuple[str, float]] = {}

    def watch_code(self, game_id: str) -> str | None:
        """The code to watch the rematch of ``game_id``, if this server made it and still remembers it."""
        return self.watch_codes.get(game_id)

    def offer(self, game_id: str) -> RematchOffer | None:
        """Who asked for a rematch of the game so far, if anyone did: what a player coming back is told."""
        asked = self.asked.get(game_id)
        return None if asked is None else RematchOffer(seats=tuple(sorted(asked)))

    async def ask(self, game: Game, seat: int, address: str) -> None:
        """``seat`` asks for a rematch of ``game`` (over; its lock held), from ``address``; once every person has, the
        new match is made and each person is sent their new seat and its token, on their own connections only, and
        the watchers the code that watches it: they follow the players there.

        The new match is counted against ``address`` as a ``create`` is: past its cap, this ask is refused
        ``rate_limited``, as a ``create`` would be, and stays asked, so that a later ask from an address that may
        (this one a minute on, another player's) makes the rematch."""
        rematch = await self.store.rematch_of(game.id)
        watch = None
        if rematch is not None:  # made already: this player's place in it, again
            players = [seat]
        else:
            asked = self.asked.setdefault(game.id, set())
            asked.add(seat)
            _bounded(self.asked)
            self.members.tell_all(game.id, RematchOffer(seats=tuple(sorted(asked))))
            if not set(game.seats_of_people()) <= asked:
                return
            try:
                self.gate.check_create(address)
            except Refusal as refusal:
                raise FrameRefused(ErrorCode.RATE_LIMITED, str(refusal)) from None
            rematch, watch = await self._create(game)
            self.asked.pop(game.id, None)
            self.watch_codes[game.id] = watch
            _bounded(self.watch_codes)
            players = list(game.seats_of_people())
            self.members.tell_seat(game.id, None, Rematched(game=rematch, watch=watch))
        for person in players:
            if self.members.connected(game.id, person):
                self.members.tell_seat(game.id, person, await self.seat_in(game, rematch, person, watch))

    async def seat_in(self, game: Game, rematch: str, seat: int, watch: str | None = None) -> Rematched:
        """``seat``'s place in the rematch, with a fresh token for it (the one a player's other device held, if
        any, opens nothing more: the last to come back for it holds the seat) — or the one given within the last
        :data:`TOKEN_KEPT` seconds; ``watch``: the rematch's code to watch, as it is made."""
        moved = (seat + 1) % len(game.names)
        watch = watch or self.watch_code(game.id)
        now = time.time()  # the seat taken, as a join takes one: its clock starts with the last one in
        given = self.tokens.get((rematch, moved))
        if given is not None and now - given[1] < TOKEN_KEPT:
            return Rematched(game=rematch, seat=moved, token=given[0], watch=watch)
        token = new_token()
        await self.store.set_token(rematch, moved, token_hash(token), now)
        self.tokens[rematch, moved] = (token, now)
        _bounded(self.tokens)
        self.held.take_seat(rematch, moved, now)  # (held by another server: its copy hears of it when the player
        return Rematched(game=rematch, seat=moved, token=token, watch=watch)  # comes in, see Hub._member)

    async def _create(self, game: Game) -> tuple[str, str]:
        """The rematch of ``game`` in the store: the same rules and length, a new deal, seat i moved to i + 1; its
        id and its code to watch (as people read it, ``M2PA-K7QX``)."""
        players = len(game.names)
        rules, rounds = game.match.rules, game.match.rounds
        game_id = secrets.token_hex(8)
        seed = secrets.randbits(63)  # the OS's randomness, as for every game: nobody's choice
        watch = new_code()
        row = GameRow(game_id, rules, rounds, seed, 0, self.key.hash(watch), rematch_of=game.id, clock=game.clock)
        seats = tuple(
            SeatRow((old + 1) % players, game.names[old], game.computers[old], None)
            for old in sorted(range(players), key=lambda old: (old + 1) % players)
        )
        await self.store.create(row, seats)
        log.info("game %s: its rematch is %s", game.id, game_id)
        return game_id, shown(watch)


def _bounded(kept: dict[Any, Any]) -> None:
    """At most :data:`MOST_KEPT` entries: past it, the oldest goes (a dict keeps the order things came in)."""
    while len(kept) > MOST_KEPT:
        del kept[next(iter(kept))]
