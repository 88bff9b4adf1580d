"""New games and where one's games stand: the two questions a connection may ask before (or instead of) entering a
game — ``create`` and ``status`` — answered from the store, no game loaded for them."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping

from lost_cities.ai.levels import LEVELS
from lost_cities.engine.match import Match
from lost_cities.engine.rules import Rules
from lost_cities.limits import PlayerNamesError, check_names, clean_name
from lost_cities.net.invitations import CodeKey, new_code, shown, token_hash
from lost_cities.net.protocol import PROTOCOL, Create, Created, ErrorCode, Games, GameStatus, SeatOffer, Status
from lost_cities.quoting import quote
from lost_cities.server.game import Game
from lost_cities.server.game_store import GameRow, GameStore, GameSummary, SeatRow, summed_up
from lost_cities.server.refusals import FrameRefused

__all__ = ["Lobby"]

log = logging.getLogger("lost_cities.server")


class Lobby:
    """The games of ``store``, their codes hashed with ``key``; ``held``: the games in memory (the hub's), which
    know where they stand better than the store's summary of a moment ago; ``rematch_asked``: per finished game, the
    seats that have asked for its rematch (the hub's :class:`Rematches`)."""

    def __init__(
        self,
        store: GameStore,
        key: CodeKey,
        held: Mapping[str, Game],
        rematch_asked: Mapping[str, set[int]],
        allow_seeds: bool = False,
    ) -> None:
        self.store = store
        self.key = key
        self.held = held
        self.rematch_asked = rematch_asked
        #: a ``create`` may choose the game's seed (``serve --allow-seeds``: tests, benchmarks, replays); otherwise
        #: the server deals every game from a seed of its own, so that nobody can know another player's cards
        self.allow_seeds = allow_seeds

    async def create(self, frame: Create) -> Created:
        """A new game as ``frame`` asks (:class:`FrameRefused` if it may not be), stored: its codes."""
        if frame.protocol != PROTOCOL:
            raise FrameRefused(ErrorCode.BAD_PROTOCOL, f"this server speaks protocol {PROTOCOL}, not {frame.protocol}")
        if frame.seed is not None and not self.allow_seeds:  # whoever chose it would know every hand and the pile
            raise FrameRefused(
                ErrorCode.BAD_FIELD,
                "this server deals the cards itself, so a game's seed cannot be chosen: only a server started with "
                "lost-cities serve --allow-seeds (for tests and replays) accepts one",
            )
        players = len(frame.seats)
        seed = secrets.randbits(63) if frame.seed is None else frame.seed  # the OS's randomness: nobody's choice
        try:
            rules = Rules(players, frame.long, frame.hand_penalty, frame.cooperative)
            match = Match(rules, frame.rounds, frame.first, seed)
        except ValueError as error:
            raise FrameRefused(ErrorCode.BAD_FIELD, str(error)) from None
        levels = tuple(seat.computer for seat in frame.seats)
        for level in levels:
            if level is not None and level not in LEVELS:
                raise FrameRefused(
                    ErrorCode.BAD_FIELD, f"a computer plays at one of {', '.join(LEVELS)}, not {quote(level)}"
                )
        if all(level is not None for level in levels):
            raise FrameRefused(ErrorCode.BAD_FIELD, "at least one seat is a person's: the arena plays computers alone")
        computers = sum(level is not None for level in levels)  # unnamed, they are named as the app names them
        default = [
            f"Player {seat + 1}" if level is None else "Computer" if computers == 1 else f"Computer {seat + 1}"
            for seat, level in enumerate(levels)
        ]
        names = [clean_name(seat.name) or default[number] for number, seat in enumerate(frame.seats)]
        try:
            names = list(check_names(names))
        except PlayerNamesError as error:
            raise FrameRefused(ErrorCode.BAD_FIELD, f"names: {error.sentence}") from None
        game_id = secrets.token_hex(8)
        codes = [None if level is not None else new_code() for level in levels]
        watch = new_code()
        row = GameRow(
            game_id,
            rules,
            match.rounds,
            match.seed,
            match.first,
            self.key.hash(watch),
            clock=frame.clock,
            seed_chosen=frame.seed is not None,  # every seat is told (the welcome), and the record says so
        )
        seats = tuple(
            SeatRow(seat, names[seat], levels[seat], None if code is None else self.key.hash(code))
            for seat, code in enumerate(codes)
        )
        await self.store.create(row, seats)
        log.info("game %s created: %d players, %s", game_id, players, ", ".join(names))
        return Created(
            game=game_id,
            seats=tuple(
                SeatOffer(seat=seat, name=names[seat], code=None if code is None else shown(code))
                for seat, code in enumerate(codes)
            ),
            watch=shown(watch),
        )

    async def status(self, frame: Status) -> Games:
        """Where the seats of ``frame``'s tokens stand: each seat once, however often its token is repeated, and each
        game read as the database sums it up — never replayed, never loaded (a frame of fifty tokens must not make
        the server replay fifty games), unless it is in memory already, or was stored before the summary was kept.
        A finished game says who asked for its rematch, or the rematch made: a player who left at the match's end
        learns of it."""
        seats: dict[tuple[str, int], None] = {}
        for token in dict.fromkeys(frame.tokens):
            owned = await self.store.seat_of_token(token_hash(token))
            if owned is not None:
                seats[owned] = None
        summaries: dict[str, GameSummary | None] = {}
        for game_id, _seat in seats:
            if game_id not in summaries:
                summaries[game_id] = await self._summary(game_id)
        rematches = {game_id: await self.store.rematch_of(game_id)
                     for game_id, summary in summaries.items() if summary is not None and summary.over}  # fmt: skip
        found = []
        for game_id, seat in seats:
            summary = summaries[game_id]
            if summary is not None and summary.to_move is not None:
                rematch = rematches.get(game_id)
                found.append(
                    GameStatus(
                        game=game_id,
                        seat=seat,
                        version=summary.version,
                        to_move=summary.to_move,
                        over=summary.over,
                        names=summary.names,
                        rematch_asked=() if rematch else tuple(sorted(self.rematch_asked.get(game_id, ()))),
                        rematch=rematch,
                        waiting_for=summary.waiting_for,
                    )
                )
        return Games(games=tuple(found))

    async def _summary(self, game_id: str) -> GameSummary | None:
        """Where a game stands: from memory if it is held here, else as the database sums it up (a game stored
        before the summary was kept is read whole, once)."""
        held = self.held.get(game_id)
        if held is None:
            summary = await self.store.summary(game_id)
            if summary is None or summary.to_move is not None:
                return summary
            stored = await self.store.load(game_id)
            if stored is None:
                return None
            held = Game(stored)
        return summed_up(held.version, held.over, held.to_move, zip(held.names, held.joined, strict=True))
