"""What a computer player is: two choices, each made from its own seat's view (H3).

Anyone can bring a bot: an object with these two methods.  It may keep state
between calls; it is given every view of its own seat in order, a round at a
time, and must return a legal choice for it: one of ``view.legal_decisions``.  The view holds the round's public history
(``view.history``), so a bot need not remember anything.

With three or four players the round ends with the final laying (R23c):
``choose_play`` is asked again, and returns a card to lay or :data:`~lost_cities.engine.STOP` (both among
``view.legal_decisions``).
"""

from __future__ import annotations

from contextlib import suppress
from typing import Protocol, runtime_checkable

from lost_cities.engine import Decision, Draw, Phase, Play, PlayerView, Stop

__all__ = ["Bot", "answer"]


@runtime_checkable
class Bot(Protocol):
    def choose_play(self, view: PlayerView) -> Play | Stop:
        """The card to lay or discard (R6), one of ``view.legal_decisions``; in the final laying, a card or STOP."""
        ...

    def choose_draw(self, view: PlayerView) -> Draw:
        """Where to draw from (R7): one of ``view.legal_decisions``."""
        ...


def answer(bot: Bot, view: PlayerView) -> Decision:
    """``bot``'s decision for ``view`` (its seat's turn), always a legal one: a bot that fails or answers
    something the rules forbid plays the first legal decision instead, so a fault in someone's bot
    never stops a match (the arena, which measures bots, checks their answers itself)."""
    choice: object = None
    with suppress(Exception):
        choice = bot.choose_draw(view) if view.phase is Phase.DRAW else bot.choose_play(view)
    if isinstance(choice, Play | Draw | Stop) and choice in view.legal_decisions:
        return choice
    return view.legal_decisions[0]
