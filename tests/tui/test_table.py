"""The board's table at 80×24: what it shortens, it explains (issue 19, item 1)."""

from __future__ import annotations

from lost_cities.i18n import _, ngettext
from tests.tui.helpers import CROWDED_THREE, NAMES_THREE, SIZE, advanced_app, board_row, crowded


async def test_the_short_forms_on_the_board_are_explained_under_the_colours(language: str) -> None:
    # three sides at 80 columns: long expeditions are written short (R23), and the rule under them says how
    app = crowded(CROWDED_THREE, 3, NAMES_THREE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert "××× 2–7" in board_row(app, "colour-y")
        legend = board_row(app, "rule-bottom")
        assert ngettext("{marks}: {n} wager", "{marks}: {n} wagers", 3).format(marks="×××", n=3) in legend
        assert _("{low}–{high}: {low} to {high}").format(low=2, high=7) in legend
        assert legend.startswith("─") and len(legend) <= 78


async def test_a_board_with_every_card_written_out_has_a_plain_rule() -> None:
    async with advanced_app(seed=21, leave=30).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert set(board_row(pilot.app, "rule-bottom")) == {"─"}
