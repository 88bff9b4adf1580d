"""End of a round (R10–R16, R18, R23e, R24e): every side's breakdown, every hand, the totals, who starts next.

Two sides stand side by side, their rows in step (every row is one line);
three are stacked and scroll within the screen.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.session import RoundReport
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar, key_name
from lost_cities.tui.common.render import breakdown_table, hand_text, scores_line
from lost_cities.tui.hotseat.messages import QuitRequested
from lost_cities.words import describe_next_starter, elided, signed

__all__ = ["RoundEndScreen"]


class Breakdowns(VerticalScroll, can_focus=False):
    """The sides' breakdowns; the screen's own keys scroll them, so the key bar can list those keys."""


class RoundEndScreen(FittedScreen[None]):
    """ "End of round N": Enter deals the next round, or shows the match result."""

    BINDINGS = [
        Binding("enter", "next", N_("next")),
        Binding("down", "scroll(1)", N_("scroll"), key_display="↑↓"),
        Binding("up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
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
    RoundEndScreen #side-by-side {
        height: auto;
    }
    RoundEndScreen .breakdown {
        width: 1fr;
        height: auto;
        padding: 0 1;
    }
    RoundEndScreen #round-summary {
        padding: 0 1;
        height: auto;
    }
    """

    def __init__(self, report: RoundReport) -> None:
        super().__init__()
        self.report = report

    def compose(self) -> ComposeResult:
        report = self.report
        yield from self.compose_too_small()
        yield Static(
            _("End of round {n} of {total}").format(n=report.round_number, total=report.rounds),
            id="round-title",
            markup=False,
        )
        with Breakdowns(id="breakdowns"):
            if len(report.scores) == 2:
                with Horizontal(id="side-by-side"):
                    for side in range(2):
                        yield Static(self._breakdown(side), classes="breakdown", markup=False)
            else:
                for side in range(len(report.scores)):
                    yield Static(self._breakdown(side), classes="breakdown", markup=False)
        yield Static(self._summary(), id="round-summary", markup=False)
        yield KeyBar()

    def _breakdown(self, side: int) -> Group:
        report = self.report
        table = breakdown_table(report.scores[side], report.side_names[side], report.rules)
        # the cards wrap under the cards, never under the label (eight cards and a long name fill a column)
        hands = Table.grid(padding=(0, 1))
        hands.add_column(no_wrap=True, style="italic")
        hands.add_column()
        for seat in report.rules.seats_of(side):
            cards = hand_text(report.hands[seat]) if report.hands[seat] else Text("–")
            label = Text(elided(_("{name}'s hand: ").format(name=report.names[seat])).rstrip())  # a name: never markup
            hands.add_row(label, cards)
        return Group(table, hands)

    def _summary(self) -> Text:
        report = self.report
        round_scores = tuple(score.total for score in report.scores)
        text = scores_line(_("This round: "), report.side_names, round_scores)
        text.append("\n")
        text.append_text(scores_line(_("Match totals: "), report.side_names, report.totals))
        if report.rules.cooperative:  # R22
            text.append("\n")
            text.append(_("Team score: {score}").format(score=signed(sum(report.totals))), style="bold")
        if any(report.hints):
            text.append("\n")
            taken = [f"{report.names[seat]} {count}" for seat, count in enumerate(report.hints) if count]
            text.append(_("Hints taken: {list}").format(list="  ·  ".join(taken)))
        text.append("\n")
        if report.next_start is not None:
            text.append(
                describe_next_starter(report.next_start, report.names, report.side_names, report.round_number + 1)
            )
        else:
            text.append(_("That was the last round."))
        return text

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "scroll(1)":
            scroll = self.query_one(Breakdowns)
            return super().key_entry(binding) if scroll.max_scroll_y > 0 and not self.too_small else None
        if binding.action == "next" and not self.too_small:
            if self.report.next_start is None:
                return (key_name("enter"), _("see the result"))
            return (key_name("enter"), _("deal round {n}").format(n=self.report.round_number + 1))
        return super().key_entry(binding)

    def action_next(self) -> None:
        self.dismiss(None)

    def on_mount(self) -> None:
        scroll = self.query_one(Breakdowns)
        self.watch(scroll, "virtual_size", lambda _size: self.refresh_bindings(), init=False)

    def action_scroll(self, lines: int) -> None:
        self.query_one(Breakdowns).scroll_relative(y=lines, animate=False)

    def action_quit(self) -> None:
        self.post_message(QuitRequested())
