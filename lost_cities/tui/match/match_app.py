"""What a match at a screen answers, whatever its table: the board's requests about a turn, answered once.

The board (:class:`~.screens.board.BoardScreen`) sends every key and click as a request (:mod:`.messages`).
Choosing a card, moving the choice, playing it, drawing and stopping mean the same at one keyboard, online and in
the lesson; what differs is whether the player may act now and where a decision goes — the session here, the
server there —, which each app says in :meth:`MatchApp.may_act` and :meth:`MatchApp.decide`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lost_cities.engine import STOP, Decision, Draw, Play
from lost_cities.tui.common.base import GameApp
from lost_cities.tui.match.messages import DrawFrom, MoveSelection, PlaySelected, SelectCard, StopLaying

if TYPE_CHECKING:  # the board is imported when first shown: start-up loads only the screen it opens
    from lost_cities.tui.match.screens.board import BoardScreen

__all__ = ["MatchApp"]


class MatchApp(GameApp):
    """A match on the board: the requests of a turn answered once; the table's own answers are the subclass's."""

    #: the board's screen, once the match has one
    board: BoardScreen | None = None

    def may_act(self) -> bool:
        """Whether the player at the board may act now; if not, the board says why (whose turn it is, a computer
        thinking, a watcher's place)."""
        raise NotImplementedError

    def decide(self, decision: Decision) -> None:
        """The player's decision, to the table: applied or refused, and the board told either way."""
        raise NotImplementedError

    def on_select_card(self, request: SelectCard) -> None:
        if self.may_act() and self.board is not None and self.board.scene is not None:
            self.board.scene = self.board.scene.choosing(request.index, request.key)

    def on_move_selection(self, request: MoveSelection) -> None:
        if self.may_act() and self.board is not None and self.board.scene is not None:
            self.board.scene = self.board.scene.stepping(request.step)

    def on_play_selected(self, request: PlaySelected) -> None:
        if self.may_act() and self.board is not None and self.board.scene is not None:
            card = self.board.scene.selected_card
            if card is not None:
                self.decide(Play(card, request.discard))

    def on_draw_from(self, request: DrawFrom) -> None:
        if self.may_act():
            self.decide(Draw(request.pile))  # every refusal is the engine's: a pile not in the game too

    def on_stop_laying(self, _request: StopLaying) -> None:
        if self.may_act():
            self.decide(STOP)
