"""The board draws its scene whatever of it is mounted: on a busy machine its screen was mounted before the hand was,
and drawing, which looked the hand up, found none (``NoMatches``).  Here the board mounts its parts a refresh later,
as Textual's own ``Lazy`` does, so that the board's first drawing always comes first."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widget import Widget

from lost_cities.engine import Match, Rules
from lost_cities.session import HotSeat
from lost_cities.tui.match.scene import Scene
from lost_cities.tui.match.screens.board import BoardScreen, prompt
from lost_cities.tui.match.widgets.hand import HandView, hand_frames
from tests.tui.helpers import SIZE, until


async def test_the_board_draws_the_hand_and_the_message_mounted_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    session = HotSeat(("Ana", "Boris"), Match(Rules(), rounds=1, seed=7))
    view = session.view_of(session.to_move)
    scene = Scene(view, session.standing(), session.names)

    async def a_refresh_later(self: Widget, widgets: list[Widget]) -> None:
        self.call_after_refresh(self.mount_all, widgets)

    monkeypatch.setattr(BoardScreen, "mount_composed_widgets", a_refresh_later)
    app: App[None] = App()
    async with app.run_test(size=SIZE) as pilot:
        board = BoardScreen(view.rules, scene)
        await app.push_screen(board)
        await until(pilot, lambda: any(hand.is_mounted for hand in board.query(HandView)), seconds=5)
        hand = board.query_one(HandView)
        assert hand.cards == view.hand  # drawn before it was mounted, shown once it is
        assert hand.render().plain == hand_frames(view.hand, 0, ()).plain
        assert str(board.query_one("#message").render()) == prompt(scene)
