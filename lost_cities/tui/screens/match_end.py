"""The end of the match (R17, R22): the winner or a draw, every round's scores, play again or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from lost_cities.i18n import _
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.keybar import KeyBar
from lost_cities.words import signed

if TYPE_CHECKING:
    from lost_cities.tui.app import LostCitiesApp


class MatchEndScreen(FittedScreen):
    BINDINGS = [
        Binding("a,enter", "again", show=False),
        Binding("q,escape", "quit", show=False),
    ]

    DEFAULT_CSS = """
    MatchEndScreen #result {
        text-align: center;
        text-style: bold;
        padding: 1 1;
        border: double $accent;
        margin: 1 2;
        height: auto;
    }
    MatchEndScreen #rounds {
        padding: 0 2;
        height: auto;
        align-horizontal: center;
    }
    """

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Static(id="result", markup=False)
        yield Static(id="rounds", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        app: LostCitiesApp = self.app  # type: ignore[assignment]
        session = app.session
        match = session.match
        names = session.names
        outcome = match.outcome
        assert outcome is not None
        if outcome.team_score is not None:
            result = _("Team score: {score}").format(score=signed(outcome.team_score))
        elif outcome.winner is None:
            result = _("A draw: {score} each (R17, house rule).").format(score=signed(outcome.totals[0]))
        else:
            winner = outcome.winner
            result = _("{name} wins, {score} to {other}!").format(
                name=names[winner], score=signed(outcome.totals[winner]), other=signed(outcome.totals[1 - winner])
            )
        self.query_one("#result", Static).update(result)
        table = Table(box=box.HORIZONTALS, show_edge=False)
        table.add_column(_("Round"))
        table.add_column(Text(names[0]), justify="right")  # players' names: never read as markup
        table.add_column(Text(names[1]), justify="right")
        for number, scores in enumerate(match.round_scores, start=1):
            table.add_row(str(number), signed(scores[0]), signed(scores[1]))
        table.add_section()
        table.add_row(Text(_("Total"), style="bold"), signed(outcome.totals[0]), signed(outcome.totals[1]))
        self.query_one("#rounds", Static).update(table)
        self.query_one(KeyBar).show([("a", _("play again")), ("q", _("quit"))])

    def action_again(self) -> None:
        self.dismiss("again")

    def action_quit(self) -> None:
        self.dismiss("quit")
