"""``lost-cities stats``: what the history comes to (:mod:`lost_cities.storage.stats`), in words
(:mod:`lost_cities.tui.common.stats_text`, which the app can show too), or as JSON.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from lost_cities.i18n import _
from lost_cities.storage.stats import HistoryStats
from lost_cities.tui.common.stats_text import stats_view

__all__ = ["print_stats", "stats_json"]


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


def print_stats(stats: HistoryStats, folder: str, console: Console | None = None) -> None:
    """Print the statistics, or the line that says there is nothing to count yet."""
    console = console or Console()
    if not _nothing_yet(stats, folder, console):
        console.print(stats_view(stats, console.width), soft_wrap=True)
