"""The computer players' turns of one server: thought in worker processes, taken in turn by whom they answer.

The hard level searches for its whole thinking time, a core's worth; on the event loop's thread, or on threads (which
share Python's lock with it), every other game's frames would wait behind it, and one address with thirty games
against computers would slow every game on the server.  So the computers think in worker processes
(``serve --computer-processes``, one by default: the event loop keeps a core of its own).  Each game's seats always
think in the same worker, where their bots live on between turns (a bot keeps what it drew for the round and its
turn's budget), a few thousand at most.  The turns waiting for a worker are taken in turn by *asker* — the network of
the person whose decision gave the computer its turn (an IPv4 /24, an IPv6 /48: :func:`~.gate.network_of`) —, one turn
each, so that one network's many games delay another's computer by one turn, not by all of theirs.  By network, not
by address: an IPv6 /64 or /48 is anyone's for the asking, and thirty games from as many of its addresses took thirty
places in the queue.  And a turn thinks the less the more networks wait behind it (:meth:`Computers.thinking`): a
player's computer waits about one thinking time, however many networks play, and plays a little weaker meanwhile —
games spread over eight /48s took another player's hard computer from 0.9 to 5 s a turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections import OrderedDict, deque
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import msgspec

from lost_cities.ai.bot import Bot, answer
from lost_cities.ai.loader import make_bot
from lost_cities.ai.search import SearchBot
from lost_cities.engine import Decision, Phase, Play, PlayerView
from lost_cities.limits import MIN_THINK
from lost_cities.server import COMPUTER_PROCESSES
from lost_cities.server.gate import counted_as, network_of

__all__ = ["Computers"]

log = logging.getLogger("lost_cities.server")

#: Seconds the worker is kept for a computer between its play and its draw, at most (the draw comes in milliseconds:
#: the play stored and told).
_KEPT_FOR = 2.0
#: Bots a worker keeps between turns; past it, the one whose turn is longest ago is let go (it is made again, fresh,
#: should its game go on: a game the server let go of its memory).
_MOST_BOTS = 4096


class _Turns:
    """Who thinks next on one worker: the turns waiting, by asker, each asker's oldest taken in turn.  A turn is a
    computer's play and its draw: the worker is kept for the seat between the two (:meth:`keep`), so that a turn's
    budget is spent on it in one go, not cut in two by another asker's."""

    def __init__(self) -> None:
        self.busy = False
        self.waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()
        #: the seat the worker is kept for (its draw to come), and when it is given up if that draw never comes
        self.kept: tuple[str, int] | None = None
        self.keeping: asyncio.TimerHandle | None = None

    def keep(self, seat: tuple[str, int]) -> None:
        """Keep the worker for ``seat`` (a game, a seat), whose draw comes next; given back if it does not come
        within :data:`_KEPT_FOR` seconds (the game let go, the server stopping)."""
        self.kept = seat
        self.keeping = asyncio.get_running_loop().call_later(_KEPT_FOR, self._let_go)

    def _let_go(self) -> None:
        self.kept = self.keeping = None
        self.give_back()

    async def take(self, asker: str, seat: tuple[str, int]) -> None:
        """Wait for the worker to be this turn's (at once, if it is kept for this seat), in turn with the other
        networks than ``asker``'s (this machine's addresses: each its own)."""
        asker = network_of(asker) or counted_as(asker)
        if self.kept == seat:
            assert self.keeping is not None
            self.keeping.cancel()
            self.kept = self.keeping = None
            return
        if not self.busy and not self.waiting:
            self.busy = True
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(asker, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given the worker just as it was cancelled: passed on
                self.give_back()
            else:
                queue = self.waiting.get(asker)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del self.waiting[asker]
            raise

    def give_back(self) -> None:
        """The turn done: the worker to the next asker's oldest turn (that asker then waits behind the others)."""
        while self.waiting:
            asker, queue = next(iter(self.waiting.items()))
            turn = queue.popleft()
            if queue:
                self.waiting.move_to_end(asker)
            else:
                del self.waiting[asker]
            if not turn.done():
                turn.set_result(None)
                return
        self.busy = False


class Computers:
    """The computers of one server's games, thinking ``think`` seconds a turn (the hard level) in ``processes``
    worker processes, started when first needed."""

    def __init__(self, think: float, processes: int = COMPUTER_PROCESSES) -> None:
        self.think = think
        self.workers: list[Executor | None] = [None] * max(1, processes)
        self.turns = [_Turns() for _ in self.workers]

    async def decide(self, game_id: str, seat: int, level: str, seed: int, view: PlayerView, asker: str) -> Decision:
        """The decision of the computer at ``level`` in ``seat`` of the game, for its ``view``, once ``asker``'s turn
        in the queue comes; always a legal one (:func:`~lost_cities.ai.bot.answer`)."""
        index = zlib.crc32(game_id.encode()) % len(self.workers)
        key = (game_id, seat)
        turns = self.turns[index]
        await turns.take(asker, key)
        think = self.thinking(turns)
        decision: Decision | None = None
        try:
            loop = asyncio.get_running_loop()
            try:
                decision = await loop.run_in_executor(self._worker(index), _think, key, level, seed, think, view)
            except BrokenProcessPool:  # the worker died (killed, out of memory): another, and the bot made again
                log.warning("game %s: a computer's worker process stopped; another is started", game_id)
                self.workers[index] = None
                decision = await loop.run_in_executor(self._worker(index), _think, key, level, seed, think, view)
            return decision
        finally:
            if isinstance(decision, Play) and view.phase is Phase.PLAY:
                turns.keep(key)  # its draw comes next: the turn is thought in one go
            else:
                turns.give_back()

    def thinking(self, turns: _Turns) -> float:
        """How long the hard level thinks the turn a worker begins now: :attr:`think` shared with the networks whose
        turns wait for that worker, so that the last of them waits about one :attr:`think`, however many they are
        (:data:`~lost_cities.limits.MIN_THINK`, the least the hard level is ever given, at the least)."""
        return max(MIN_THINK, self.think / (1 + len(turns.waiting)))

    def forget(self, game_id: str) -> None:
        """Let the bots of a game the server no longer holds go (they are made again if it comes back)."""
        worker = self.workers[zlib.crc32(game_id.encode()) % len(self.workers)]
        if worker is not None:
            with contextlib.suppress(BrokenProcessPool, RuntimeError):  # stopped or stopping: its bots went with it
                worker.submit(_forget, game_id)

    def close(self) -> None:
        """Stop the workers (a turn they are thinking is finished first, and its answer dropped)."""
        for worker in self.workers:
            if worker is not None:
                worker.shutdown(wait=False, cancel_futures=True)
        self.workers = [None] * len(self.workers)

    def _worker(self, index: int) -> Executor:
        worker = self.workers[index]
        if worker is None:
            import multiprocessing

            from lost_cities.ai.workers import leave_interrupts

            worker = ProcessPoolExecutor(1, multiprocessing.get_context("forkserver"), initializer=leave_interrupts)
            self.workers[index] = worker
        return worker


#: In a worker process: the bots of the seats it thinks for, the one whose turn is longest ago first.
_bots: OrderedDict[tuple[str, int], Bot] = OrderedDict()


def _think(key: tuple[str, int], level: str, seed: int, think: float, view: PlayerView) -> Decision:
    """In a worker process: the decision of the seat ``key`` (a game, a seat) for ``view``, by its bot, thinking
    ``think`` seconds if it is one that takes its time."""
    bot = _bots.pop(key, None)
    if bot is None:
        bot = make_bot(level, seed=seed, think=think)
    elif isinstance(bot, SearchBot) and bot.settings.think != think:
        bot.settings = msgspec.structs.replace(bot.settings, think=think)
    _bots[key] = bot
    while len(_bots) > _MOST_BOTS:
        _bots.popitem(last=False)
    return answer(bot, view)


def _forget(game_id: str) -> None:
    """In a worker process: the bots of a game let go."""
    for key in [key for key in _bots if key[0] == game_id]:
        del _bots[key]
