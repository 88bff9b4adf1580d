"""The history plotted: round scores over time, and the rating over time, a line per player.

Drawn on a Plotext figure (:class:`textual_plotext.Plot`), so that ``lost-cities stats --plot`` prints
exactly what the app's Statistics screen shows in its plot widgets.  The players are the history's
best rated first, :data:`PLOTTED` at most (more lines would not be told apart in a terminal), each
in the same colour in both plots.  Time is the history's order: the rounds numbered through all
finished matches, and the matches; the players' points line up on one axis.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from textual_plotext import Plot

from lost_cities.i18n import N_, _
from lost_cities.storage.stats import HistoryStats, PlayerStats, RatingPoint
from lost_cities.tui.common.stats_text import player_name
from lost_cities.words import decimal, signed

__all__ = ["PLOTS", "PLOTTED", "Plotted", "draw_ratings", "draw_round_scores", "plotted_players"]

#: The most players a plot shows.
PLOTTED = 6
#: Each player's colour, in the order of the players (Plotext's names, readable on light and dark).
COLOURS = ("cyan", "orange", "green", "magenta", "red", "blue")
#: The most ticks on the time axis (more crowd 80 columns), and about how many on the value axis.
TICKS, VALUE_TICKS = 8, 5
#: About how many rows of points a plot has (fewer in the app at 80×24 than in ``stats --plot``): the
#: headroom kept above the highest point for the legend is reckoned on it.
CANVAS_ROWS = 14


def plotted_players(stats: HistoryStats) -> tuple[PlayerStats, ...]:
    """The players the plots show: the best rated first, who played a finished round."""
    return tuple(player for player in stats.players if player.round_scores)[:PLOTTED]


def _time_ticks(plt: Plot, last: int) -> None:
    """Whole numbers on the time axis (a round or a match is never 2.5), at most :data:`TICKS` of them."""
    step = max(1, -(-last // TICKS))
    ticks: list[float] = list(range(1, last + 1, step))
    plt.xticks(ticks, [str(int(tick)) for tick in ticks])
    plt.xlim(1, max(last, 2))


def _value_ticks(plt: Plot, values: Iterable[float]) -> None:
    """Round numbers on the value axis, written as the rest of the game writes them (``−20``, ``2,5`` in French)."""
    low, high = min(values, default=0.0), max(values, default=0.0)
    raw = max((high - low) / VALUE_TICKS, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(factor * magnitude for factor in (1, 2, 5, 10) if factor * magnitude >= raw)
    ticks: list[float] = [tick * step for tick in range(math.ceil(low / step), math.floor(high / step) + 1)]
    plt.yticks(ticks, [signed(int(tick)) if tick < 0 else decimal(int(tick)) for tick in ticks])


def _room_for_the_legend(plt: Plot, values: Sequence[float], players: int) -> None:
    """Raise the top of the value axis above the highest point by the legend's rows: Plotext writes the
    legend over the plot's top left corner, where it would hide the first round's (or match's) best score."""
    low, high = min(values), max(values)
    rows = players + 1  # the legend's lines, and one to keep the points clear of it
    headroom = max(high - low, 1.0) * rows / max(CANVAS_ROWS - rows, 1)
    plt.ylim(low, high + headroom)


def draw_round_scores(plt: Plot, stats: HistoryStats) -> bool:
    """Each player's round scores, round by round, with the zero line; ``False`` if nobody has one."""
    players = plotted_players(stats)
    if not players:
        return False
    plt.title(_("Round scores"))
    plt.xlabel(_("round, oldest first"))
    plt.hline(0, "gray")
    for colour, player in zip(COLOURS, players, strict=False):
        points = player.round_scores
        _series(plt, [point.round for point in points], [point.score for point in points], colour, player)
    _time_ticks(plt, stats.rounds)
    scores = [0, *(point.score for player in players for point in player.round_scores)]
    _value_ticks(plt, scores)
    _room_for_the_legend(plt, scores, len(players))
    return True


def draw_ratings(plt: Plot, stats: HistoryStats) -> bool:
    """Each player's rating after each rated match: μ as a line, μ − 3σ (what they are ranked by) as dots
    in the same colour; ``False`` if no match was rated."""
    players = [player for player in plotted_players(stats) if player.ratings]
    if not players:
        return False
    plt.title(_("Rating after each match"))
    plt.xlabel(_("match; line: rating, dots: rating − 3 × uncertainty"))
    for colour, player in zip(COLOURS, plotted_players(stats), strict=False):
        points = player.ratings
        if not points:
            continue  # keeps its colour, as in the round scores
        matches = [point.match for point in points]
        _series(plt, matches, [point.rating for point in points], colour, player)
        plt.scatter(matches, [_low(point) for point in points], color=colour, marker="dot")
    _time_ticks(plt, stats.matches)
    values = [value for player in players for point in player.ratings for value in (point.rating, _low(point))]
    _value_ticks(plt, values)
    _room_for_the_legend(plt, values, len(players))
    return True


def _low(point: RatingPoint) -> float:
    """The conservative rating, μ − 3σ, by which the players are ranked."""
    return point.rating - 3 * point.sigma


def _series(plt: Plot, x: Sequence[int], y: Sequence[float], colour: str, player: PlayerStats) -> None:
    """One player's line, named in the legend; a single point is marked, a line needs two."""
    name = player_name(player.name, player.computer)
    if len(x) == 1:
        plt.scatter(x, y, color=colour, label=name)
    else:
        plt.plot(x, y, color=colour, label=name)


class Plotted(NamedTuple):
    """One plot: its short name (a page's), how to draw it, and what is said instead when there is nothing
    to draw (both marked for translation, translated where shown)."""

    name: str
    draw: Callable[[Plot, HistoryStats], bool]
    nothing: str


#: The plots, in the order they are shown.
PLOTS = (
    Plotted(N_("Round scores"), draw_round_scores, N_("No finished round yet: no round scores to plot.")),
    Plotted(N_("Rating"), draw_ratings, N_("No rated match yet: no rating to plot.")),
)
