"""``lost-cities stats``: what the history comes to (:mod:`lost_cities.storage.stats`), in words
(:mod:`lost_cities.tui.common.stats_text`, which the app's Statistics screen shows too), as JSON, or plotted.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from lost_cities.i18n import _
from lost_cities.storage.stats import HistoryStats
from lost_cities.tui.common.stats_text import stats_view

__all__ = ["PLOT_HEIGHT", "PLOT_WIDTH", "print_plots", "print_stats", "stats_json"]

#: The plots' size at most: they fit 80 columns, and each one a 24-line terminal.
PLOT_WIDTH, PLOT_HEIGHT = 80, 22


def stats_json(stats: HistoryStats) -> dict[str, object]:
    """The statistics for scripts: the totals and every player, best rated first."""
    return {
        "matches": stats.matches,
        "rounds": stats.rounds,
        "players": [
            {
                "name": player.name,
                "computer": player.computer,
                "matches": player.matches,
                "wins": player.results.wins,
                "losses": player.results.losses,
                "draws": player.results.draws,
                "mean_round": player.mean_round,
                "best_round": player.best_round,
                "rating": player.rating,
                "rating_sigma": player.rating_sigma,
            }
            for player in stats.players
        ],
    }


def _nothing_yet(stats: HistoryStats, folder: str, console: Console) -> bool:
    """Say in one line that the history has nothing to count yet, if so."""
    if stats.players:
        return False
    # one line, however long the folder: it is copied and pasted
    console.print(
        Text(_("No finished matches yet; they will be kept in {folder}.").format(folder=folder)), soft_wrap=True
    )
    return True


def print_stats(stats: HistoryStats, folder: str) -> None:
    """Print the statistics, or the line that says there is nothing to count yet."""
    console = Console()
    if not _nothing_yet(stats, folder, console):
        console.print(stats_view(stats, console.width), soft_wrap=True)


def print_plots(stats: HistoryStats, folder: str) -> None:
    """Print the round scores and the ratings plotted, as wide as the terminal up to :data:`PLOT_WIDTH`
    (in colour on a terminal that shows it); a plot with nothing to show is a line that says so."""
    from textual_plotext import Plot  # Plotext (and Textual's colours) for this option only

    from lost_cities.tui.common.stats_plots import PLOTS

    console = Console()
    if _nothing_yet(stats, folder, console):
        return
    for plotted in PLOTS:
        plt = Plot()
        if plotted.draw(plt, stats):
            plt.plotsize(min(console.width, PLOT_WIDTH), PLOT_HEIGHT)
            console.print(Text.from_ansi(plt.build()), soft_wrap=True)
        else:
            console.print(Text(_(plotted.nothing)), soft_wrap=True)
