"""The Statistics screen: what ``lost-cities stats`` prints, and the two plots of ``stats --plot``.

Three pages, one at a time so that each plot has the whole screen even at 80×24: the statistics in
words (the command's very text, folded to the screen's width), the round scores over time, and the
ratings over time.  ← → (or 1, 2, 3) turn the pages, ↑ ↓ scroll the words, Escape goes back.

The app imports this module when the screen is first asked for: Plotext is not loaded at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from lost_cities.i18n import N_, _
from lost_cities.storage.stats import HistoryStats
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.stats_plots import PLOTS, Plotted
from lost_cities.tui.common.stats_text import stats_view

if TYPE_CHECKING:
    from textual.geometry import Size

__all__ = ["PAGES", "StatsScreen", "StatsText"]

#: The pages' ids, in order: the words, then a page for each plot.
PAGES = ("page-table", *(f"page-plot-{number}" for number in range(len(PLOTS))))


class StatsText(Widget):
    """The statistics in words, folded to the widget's width whenever it changes (never cut)."""

    DEFAULT_CSS = """
    StatsText {
        height: auto;
    }
    """

    def __init__(self, stats: HistoryStats, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.stats = stats

    def text(self, width: int) -> Text:
        return stats_view(self.stats, max(width, 20))

    def render(self) -> Text:
        return self.text(self.content_region.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.text(width).split("\n"))


class StatsScreen(FittedScreen[None]):
    """The history's statistics and plots; an empty history is one line.  Dismisses with ``None``."""

    BINDINGS = [
        # priority: the words' scroll would take ← → for itself; all three, to be listed in this order everywhere
        Binding("left", "page(-1)", N_("previous page"), key_display="←", priority=True),
        Binding("right", "page(1)", N_("next page"), key_display="→", priority=True),
        Binding("escape,q", "close", N_("back"), key_display="escape", priority=True),
        *[Binding(str(number), f"show_page({number - 1})", show=False) for number in range(1, len(PAGES) + 1)],
    ]

    DEFAULT_CSS = """
    StatsScreen TabbedContent, StatsScreen #stats-table {
        height: 1fr;
    }
    StatsScreen TabPane {
        padding: 0 1;
    }
    StatsScreen #stats-empty {
        padding: 1 2;
    }
    """

    def __init__(self, stats: HistoryStats, folder: str) -> None:
        """``folder``: where the history is kept, said when it is empty."""
        super().__init__()
        self.stats = stats
        self.folder = folder

    def compose(self) -> ComposeResult:
        if not self.stats.players:
            line = _("No finished matches yet; they will be kept in {folder}.").format(folder=self.folder)
            yield Static(Text(line), id="stats-empty")
        else:
            with TabbedContent(id="stats-pages"):
                with TabPane(_("Statistics"), id=PAGES[0]), VerticalScroll(id="stats-table"):
                    yield StatsText(self.stats, id="stats-text")
                for number, plotted in enumerate(PLOTS):
                    with TabPane(_(plotted.name), id=PAGES[number + 1]):
                        yield self._plot(f"plot-{number}", plotted)

    def _plot(self, id: str, plotted: Plotted) -> Widget:
        """A plot drawn now (the widget draws it again at its size), or the line that says there is none."""
        plot = PlotextPlot(id=id)
        if plotted.draw(plot.plt, self.stats):
            return plot
        return Static(Text(_(plotted.nothing)), id=id)

    def on_mount(self) -> None:
        super().on_mount()
        if self.stats.players:
            self.query_one("#stats-table").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("page", "show_page") and not self.stats.players:
            return False
        return super().check_action(action, parameters)

    @property
    def page(self) -> int:
        """The page shown, from 0."""
        return PAGES.index(self.query_one(TabbedContent).active)

    def action_show_page(self, index: int) -> None:
        self.query_one(TabbedContent).active = PAGES[index % len(PAGES)]
        if index % len(PAGES) == 0:
            self.query_one("#stats-table").focus()

    def action_page(self, step: int) -> None:
        self.action_show_page(self.page + step)

    def action_close(self) -> None:
        self.dismiss(None)
