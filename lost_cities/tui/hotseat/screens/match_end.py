"""The end of the match (R17, R22, R24e): the winner, a draw or the team score, and every round's scores."""

from __future__ import annotations

from enum import Enum

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.session import MatchReport
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.words import signed

__all__ = ["MatchEndChoice", "MatchEndScreen", "result_sentence"]


class MatchEndChoice(Enum):
    """What the players chose at the end of the match."""

    AGAIN = "again"
    QUIT = "quit"


def result_sentence(report: MatchReport) -> str:
    """``Ana wins, +120 to +85!``, ``Ana & Carl win with +150!``, a draw (house rule), or the team score."""
    outcome = report.outcome
    totals = outcome.totals
    if outcome.team_score is not None:
        return _("Team score: {score}").format(score=signed(outcome.team_score))
    if outcome.winner is None:
        best = max(totals)
        tied = [name for name, total in zip(report.side_names, totals, strict=True) if total == best]
        return _("A draw: {names} at {score} (R17, house rule).").format(names=", ".join(tied), score=signed(best))
    winner = outcome.winner
    name = report.side_names[winner]
    if len(report.names) == 4:
        return _("{team} win with {score}!").format(team=name, score=signed(totals[winner]))
    if len(totals) == 2:
        return _("{name} wins, {score} to {other}!").format(
            name=name, score=signed(totals[winner]), other=signed(totals[1 - winner])
        )
    return _("{name} wins with {score}!").format(name=name, score=signed(totals[winner]))


class MatchEndScreen(FittedScreen[MatchEndChoice]):
    """The result stays until a listed key: ``a`` plays again, ``q`` quits (Enter does nothing here)."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("play again")),
        Binding("q,escape", "choose('quit')", N_("quit"), key_display="q"),
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

    def __init__(self, report: MatchReport, again: bool = True) -> None:
        """``again``: the players may start another match from here (not yet online)."""
        super().__init__()
        self.report = report
        self.again = again

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.again or not (action == "choose" and parameters == ("again",))

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Static(result_sentence(self.report), id="result", markup=False)
        yield Static(self._rounds(), id="rounds", markup=False)
        yield KeyBar()

    def _rounds(self) -> Table:
        report = self.report
        cooperative = report.outcome.team_score is not None
        table = Table(box=box.HORIZONTALS, show_edge=False)
        table.add_column(_("Round"))
        for name in report.side_names:
            table.add_column(Text(name, overflow="ellipsis", no_wrap=True), justify="right")
        if cooperative:  # R22: the team's score round by round
            table.add_column(Text(_("team"), style="bold"), justify="right")
        for number, scores in enumerate(report.round_scores, start=1):
            team = [signed(sum(scores))] if cooperative else []
            table.add_row(str(number), *(signed(score) for score in scores), *team)
        table.add_section()
        totals = report.outcome.totals
        team = [signed(sum(totals))] if cooperative else []
        table.add_row(Text(_("Total"), style="bold"), *(signed(total) for total in totals), *team)
        return table

    def action_choose(self, choice: str) -> None:
        self.dismiss(MatchEndChoice(choice))
