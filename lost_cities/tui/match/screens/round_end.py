"""End of a round (R10–R16, R18, R23e, R24e): every side's breakdown, every hand, the totals, who starts next.

Every side stands side by side, two or three, their rows in step, every card shown
(:mod:`~lost_cities.tui.common.breakdown`); what does not fit the window scrolls within
the screen, and what comes next (who starts, the team score) stays in view below.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.session import RoundReport
from lost_cities.tui.common.breakdown import RoundBreakdown
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.match.messages import QuitRequested
from lost_cities.tui.match.screens.scrolling import SCROLL_BINDINGS, ScrollingScreen
from lost_cities.words import describe_next_starter, signed

__all__ = ["RoundEndScreen"]


class Breakdowns(VerticalScroll, can_focus=False):
    """The sides' breakdowns; the screen's own keys scroll them, so the key bar can list those keys."""


class RoundEndScreen(ScrollingScreen[None]):
    """ "End of round N": Enter deals the next round, or shows the match result."""

    BINDINGS = [
        Binding("enter", "next", N_("next")),
        *SCROLL_BINDINGS,
        Binding("q", "quit", N_("quit")),
    ]

    DEFAULT_CSS = """
    RoundEndScreen #round-title {
        text-align: center;
        text-style: bold;
        background: $boost;
    }
    RoundEndScreen #breakdowns {
        height: 1fr;
    }
    RoundEndScreen #breakdown, RoundEndScreen #round-summary {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, report: RoundReport) -> None:
        super().__init__()
        self.report = report

    def compose(self) -> ComposeResult:
        report = self.report
        yield Static(
            _("End of round {n} of {total}").format(n=report.round_number, total=report.rounds),
            id="round-title",
            markup=False,
        )
        with Breakdowns(id="breakdowns"):
            yield Static(self._breakdown(), id="breakdown", markup=False)
        yield Static(self._summary(), id="round-summary", markup=False)

    def _breakdown(self) -> RoundBreakdown:
        report = self.report
        rules = report.rules
        hands = [
            [(report.names[seat], report.hands[seat]) for seat in rules.seats_of(side)] for side in range(rules.sides)
        ]
        return RoundBreakdown(report.scores, report.side_names, hands, report.totals, rules)

    def _summary(self) -> Text:
        """What the table does not say: the team score (R22), the hints taken, who starts next and why."""
        report = self.report
        lines: list[Text] = []
        if report.rules.cooperative:  # R22
            lines.append(Text(_("Team score: {score}").format(score=signed(sum(report.totals))), style="bold"))
        if any(report.hints):
            # "Player 1 (2)": a count right after a name that ends in a digit read as part of it
            taken = [f"{report.names[seat]} ({count})" for seat, count in enumerate(report.hints) if count]
            lines.append(Text(_("Hints taken: {list}").format(list="  ·  ".join(taken))))
        if report.next_start is not None:
            lines.append(
                Text(describe_next_starter(report.next_start, report.names, report.side_names, report.round_number + 1))
            )
        else:
            lines.append(Text(_("That was the last round.")))
        return Text("\n").join(lines)

    def scrolled(self) -> VerticalScroll:
        return self.query_one(Breakdowns)

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "next" and not self.too_small:
            if self.report.next_start is None:
                return (key_name("enter"), _("see the result"))
            return (key_name("enter"), _("deal round {n}").format(n=self.report.round_number + 1))
        return super().key_entry(binding)

    def action_next(self) -> None:
        self.dismiss(None)

    def action_quit(self) -> None:
        self.post_message(QuitRequested())
