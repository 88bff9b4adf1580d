"""The status line, the last move and the table: all public (H1), drawn from a view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from lost_cities.engine import PlayerView, PublicTurn
from lost_cities.i18n import _
from lost_cities.tui.render import board_table
from lost_cities.words import describe_turn, signed


def status_text(
    view: PlayerView,
    names: Sequence[str],
    round_number: int,
    rounds: int,
    totals: Sequence[int],
    cooperative: bool,
) -> Text:
    """``Round 1 of 3 · Ana 0 · Boris 12 · Draw pile: 44``."""
    text = Text()
    text.append(_("Round {n} of {total}").format(n=round_number, total=rounds), style="bold")
    text.append("  ·  ")
    if cooperative:
        text.append(_("Team score: {score}").format(score=signed(sum(totals))))
    else:
        text.append(f"{names[0]} {signed(totals[0])}  {names[1]} {signed(totals[1])}")
    text.append("  ·  ")
    text.append(_("Draw pile: {n}").format(n=view.draw_pile_size), style="bold")
    return text


class TableArea(Vertical):
    """Everything public about the round, oriented for one seat."""

    DEFAULT_CSS = """
    TableArea {
        height: auto;
    }
    TableArea #status {
        background: $boost;
        padding: 0 1;
    }
    TableArea #last-move {
        padding: 0 1;
        color: $text-muted;
        height: 1;
    }
    TableArea #board {
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        yield Static(id="last-move", markup=False)
        yield Static(id="board", markup=False)

    def show(
        self,
        view: PlayerView,
        names: Sequence[str],
        round_number: int,
        rounds: int,
        totals: Sequence[int],
    ) -> None:
        cooperative = view.rules.cooperative
        self.query_one("#status", Static).update(status_text(view, names, round_number, rounds, totals, cooperative))
        last = view.last_turn
        line = describe_turn(last, names[last.seat]) if isinstance(last, PublicTurn) else _("First turn of the round.")
        self.query_one("#last-move", Static).update(Text(line, overflow="ellipsis", no_wrap=True))
        self.query_one("#board", Static).update(board_table(view, names))
