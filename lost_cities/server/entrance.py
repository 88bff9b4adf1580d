"""The way into a game: the seat a ``join`` (an invitation code), a ``hello`` (a seat's token) or a ``watch`` (a watch
code, or an invitation's) opens, and for a join, the seat taken — its name checked and a fresh token made."""

from __future__ import annotations

import logging
import time
from typing import NamedTuple

from lost_cities.limits import PlayerNamesError, check_names, clean_name
from lost_cities.net.invitations import CodeKey, new_token, normalised, shown, token_hash
from lost_cities.net.protocol import ErrorCode, Hello, Join, Watch
from lost_cities.quoting import quote
from lost_cities.server.game import Game
from lost_cities.server.game_store import GameStore, NameTaken
from lost_cities.server.gate import Gate, Limits, Refusal
from lost_cities.server.held_games import HeldGames
from lost_cities.server.refusals import FrameRefused

__all__ = ["Entered", "Entrance"]

log = logging.getLogger("lost_cities.server")

#: Why a code opens nothing, as far as the server may say: a code never made and one whose game was deleted
#: (:mod:`.forgotten`) are refused alike, so that a guess learns nothing.
_MISTYPED_OR_OLD = (
    f"is it mistyped, or its game deleted (one not begun in {Limits.UNSTARTED_DAYS} days, or left "
    f"{Limits.ABANDONED_DAYS} days without a move)?"
)


class Entered(NamedTuple):
    """Where a connection came in: its game and seat (``None``: a watcher)."""

    game: Game
    seat: int | None
    #: a joining player's new token (``None`` for a player coming back, or a watcher)
    token: str | None = None
    #: for a watcher who came with an invitation not used yet, that invitation's seat (:attr:`Welcome.invitation`)
    invitation: int | None = None


class Entrance:
    """The codes and tokens of ``store``'s games (codes hashed with ``key``), opening the games ``held`` holds."""

    def __init__(self, store: GameStore, key: CodeKey, held: HeldGames, gate: Gate | None = None) -> None:
        self.store = store
        self.key = key
        self.held = held
        #: the per-address limits: a game not in memory is read and replayed whole to be opened
        self.gate = gate or Gate()

    async def _opened(self, game_id: str, address: str) -> Game:
        """The game, for ``address``: from memory, or read from the store within the address's share of such reads
        (:meth:`Gate.check_load`; ``rate_limited`` past it)."""
        if game_id not in self.held.games:
            try:
                self.gate.check_load(address)
            except Refusal as refusal:
                raise FrameRefused(ErrorCode.RATE_LIMITED, str(refusal)) from None
        return await self.held.get(game_id, address)

    async def enter(self, frame: Join | Hello | Watch, address: str) -> Entered:
        """The game and seat ``frame`` opens, or :class:`FrameRefused` saying why not (``tried``: the code, for the
        wrong attempts the gate counts).  ``address`` is the client's: a computer whose turn it is when the game is
        loaded answers it."""
        if isinstance(frame, Hello):
            owned = await self.store.seat_of_token(token_hash(frame.token))
            if owned is None:
                raise FrameRefused(ErrorCode.BAD_TOKEN, "this token opens no seat on this server")
            return Entered(await self._opened(owned[0], address), owned[1])
        code = normalised(frame.code)
        if code is None:
            raise FrameRefused(ErrorCode.BAD_CODE, "a code is eight letters and digits, such as K7QX-M2PA")
        if isinstance(frame, Watch):
            return await self._watch(code, address)
        return await self._join(frame, code, address)

    async def _watch(self, code: str, address: str) -> Entered:
        hashed = self.key.hash(code)
        watched, invitation = await self.store.game_of_watch(hashed), None
        if watched is None:
            invited = await self.store.seat_of_invite(hashed)
            if invited is not None:
                watched, seat, taken = invited
                invitation = None if taken else seat
        if watched is None:
            raise FrameRefused(
                ErrorCode.BAD_CODE, f"{shown(code)} is no game's code on this server: {_MISTYPED_OR_OLD}", tried=code
            )
        return Entered(await self._opened(watched, address), None, invitation=invitation)

    async def _join(self, frame: Join, code: str, address: str) -> Entered:
        hashed = self.key.hash(code)
        found = await self.store.seat_of_invite(hashed)
        if found is None:
            if await self.store.game_of_watch(hashed) is not None:
                raise FrameRefused(
                    ErrorCode.WATCH_CODE,
                    f"{shown(code)} is a code to watch a game, not to play in it: give it to --watch, not --join",
                )
            raise FrameRefused(
                ErrorCode.BAD_CODE, f"{shown(code)} opens no seat on this server: {_MISTYPED_OR_OLD}", tried=code
            )
        game_id, seat, taken = found
        if taken:
            raise FrameRefused(
                ErrorCode.CODE_USED,
                f"{shown(code)} was used already: an invitation opens its seat once (the player who took it "
                "comes back with lost-cities play)",
                tried=code,
            )
        game = await self._opened(game_id, address)
        try:
            token = await self._take(game, seat, frame.name, hashed, code)
        except Exception:
            self.held.forget_if_idle(game_id)  # loaded for nobody: not kept in memory for them
            raise
        log.info("game %s: %s joined seat %d", game_id, game.names[seat], seat + 1)
        return Entered(game, seat, token)

    async def _take(self, game: Game, seat: int, asked: str | None, hashed: bytes, code: str) -> str:
        """Take ``seat`` of ``game`` with the invitation ``hashed``, under the name ``asked`` (``None``: the one the
        creator gave): its new token."""
        token = new_token()
        async with self.held.lock(game.id):  # the name checked against the others and taken in one step: two
            name = game.names[seat]  # players joining at once as "Ana" never both get it
            if asked is not None:
                name = _name(asked, seat, game)
            now = time.time()
            try:
                if not await self.store.join(game.id, seat, hashed, token_hash(token), name, now):
                    raise FrameRefused(ErrorCode.CODE_USED, f"{shown(code)} was used a moment ago", tried=code)
            except NameTaken:  # the database's own check, behind the one above: another server's join, say
                raise FrameRefused(
                    ErrorCode.BAD_FIELD, f"name: another player of this game has a name that looks like {quote(name)}"
                ) from None
            game.names[seat] = name
            self.held.take_seat(game.id, seat, now)  # a clock counts from the last one in
        return token


def _name(text: str, seat: int, game: Game) -> str:
    """The name ``text`` asks for ``seat``, cleaned, or why it may not be (the same rule as everywhere)."""
    names = list(game.names)
    names[seat] = clean_name(text)
    try:
        return check_names(names)[seat]
    except PlayerNamesError as error:
        raise FrameRefused(ErrorCode.BAD_FIELD, f"name: {error.sentence}") from None
