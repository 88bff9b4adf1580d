"""The Statistics screen, from the start: the command's statistics in words, the two plots, Escape back."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import TabbedContent
from textual_plotext import PlotextPlot

from lost_cities.i18n import _, pgettext
from lost_cities.storage import MatchStore
from lost_cities.tui.match.match_app import MatchApp
from lost_cities.tui.match.screens.resume import ResumeScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from lost_cities.tui.match.screens.stats import StatsScreen, StatsText
from tests.storage.crafted_history import crafted_history
from tests.storage.matches import saved_match
from tests.tui.helpers import SIZE, screen_lines, screen_text, until


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("stats")
    crafted_history(folder)
    return folder


def shown(app: MatchApp) -> str:
    return " ".join(screen_text(app).split())


@pytest.mark.parametrize(  # the whole flow in English; in French and Russian (wider words) where slow tests run
    "language",
    ["en", pytest.param("fr", marks=pytest.mark.slow), pytest.param("ru", marks=pytest.mark.slow)],
    indirect=True,
)
async def test_ctrl_t_on_the_form_shows_the_statistics_then_each_plot_and_escape_returns(
    history: Path, language: str
) -> None:
    app = MatchApp(store=MatchStore(history), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        assert f"Ctrl+T {_('statistics')}" in shown(app)  # the key bar offers it
        await pilot.press("ctrl+t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = app.screen
        await pilot.pause()
        words = screen.query_one(StatsText).text(76).plain  # all of it, scrolled or not
        for row in ("Matches", "Rounds", "Round score", "Expeditions", "Wagers", "Hints", "Against"):
            assert pgettext("stats", row) in words, row
        assert "Ana" in shown(app) and _("rating {rating} ± {sigma}").split()[0] in shown(app)
        assert all(len(line.rstrip()) <= 80 for line in screen_lines(app))
        assert len(screen.query(PlotextPlot)) == 2  # one a page
        await pilot.press("right")
        await until(pilot, lambda: _("Round scores") in shown(app) and "┌" in shown(app))
        await pilot.press("3")
        await until(pilot, lambda: _("Rating after each match") in shown(app))
        assert screen.query_one(TabbedContent).active == "page-plot-1"
        await pilot.press("right")  # round the end: the words again
        await until(pilot, lambda: screen.query_one(TabbedContent).active == "page-table")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))


async def test_s_on_the_unfinished_match_offer_shows_the_statistics(history: Path, tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    crafted_history(tmp_path)
    store.save_current(saved_match(4, 20))
    app = MatchApp(store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        assert "s statistics" in shown(app)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen))


async def test_an_empty_history_is_one_line(private_data_dir: Path) -> None:
    app = MatchApp(store=MatchStore(private_data_dir), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        await pilot.press("ctrl+t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        words, bar = shown(app).removeprefix("Lost Cities ").split(" Esc ")  # the sentence, wrapped; the key bar
        assert words == f"No finished matches yet; they will be kept in {private_data_dir}."
        assert bar == "back" and not app.screen.query(PlotextPlot)
        await pilot.press("right", "escape")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
