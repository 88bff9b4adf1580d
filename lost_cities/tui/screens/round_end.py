"""End of a round (R10–R16, R18): both breakdowns side by side, both hands, the totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from lost_cities.i18n import _
from lost_cities.tui.render import breakdown_table, hand_text
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.keybar import KeyBar
from lost_cities.words import signed

if TYPE_CHECKING:
    from lost_cities.tui.app import LostCitiesApp


class RoundEndScreen(FittedScreen):
    """ "End of round N": Enter deals the next round, or shows the match result."""

    BINDINGS = [
        Binding("enter", "next", show=False),
        Binding("q", "quit", show=False),
    ]

    DEFAULT_CSS = """
    RoundEndScreen #round-title {
        text-align: center;
        text-style: bold;
        background: $boost;
    }
    RoundEndScreen #breakdowns {
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

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Static(id="round-title", markup=False)
        with Horizontal(id="breakdowns"):
            yield Static(classes="breakdown", id="breakdown-0", markup=False)
            yield Static(classes="breakdown", id="breakdown-1", markup=False)
        yield Static(id="round-summary", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        app: LostCitiesApp = self.app  # type: ignore[assignment]
        session = app.session
        match = session.match
        round_ = match.current
        names = session.names
        penalty = match.rules.hand_penalty
        self.query_one("#round-title", Static).update(_("End of round {n}").format(n=match.round_number))
        view = session.final_view(0)
        for seat in (0, 1):
            score = view.scores[seat]
            hand = view.revealed_hands[seat] if view.revealed_hands else ()
            label = Text(_("Hand: "), style="italic")
            label.append_text(hand_text(hand))  # type: ignore[arg-type]
            self.query_one(f"#breakdown-{seat}", Static).update(
                Group(breakdown_table(score, names[seat], penalty), label)
            )
        scores = round_.side_totals()
        lines = Text()
        lines.append(_("This round: "), style="bold")
        lines.append(f"{names[0]} {signed(scores[0])}   {names[1]} {signed(scores[1])}\n")
        totals = match.totals
        lines.append(_("Match totals: "), style="bold")
        lines.append(f"{names[0]} {signed(totals[0])}   {names[1]} {signed(totals[1])}")
        if match.rules.cooperative:
            lines.append("   " + _("Team score: {score}").format(score=signed(sum(totals))), style="bold")
        lines.append("\n")
        if match.more_rounds:
            starter = match.next_starter().seat
            if scores[0] != scores[1]:
                why = _("{name} starts round {n}: the higher score of this round (R18).")
            else:
                why = _("{name} starts round {n}: equal scores, and {name} did not start this one (R18, house rule).")
            lines.append(why.format(name=names[starter], n=match.round_number + 1))
            keys = [("Enter", _("deal round {n}").format(n=match.round_number + 1)), ("q", _("quit"))]
        else:
            lines.append(_("That was the last round."))
            keys = [("Enter", _("see the result")), ("q", _("quit"))]
        self.query_one("#round-summary", Static).update(lines)
        self.query_one(KeyBar).show(keys)

    def action_next(self) -> None:
        self.dismiss(None)

    def action_quit(self) -> None:
        app: LostCitiesApp = self.app  # type: ignore[assignment]
        app.confirm_quit()
