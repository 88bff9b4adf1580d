"""The offer at start-up when a match was left unfinished: resume it, or start a new one."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from lost_cities.i18n import _
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.keybar import KeyBar


class ResumeScreen(FittedScreen):
    """Dismisses with ``"resume"`` or ``"new"``; q quits."""

    BINDINGS = [
        Binding("r,enter", "choose('resume')", show=False),
        Binding("n", "choose('new')", show=False),
        Binding("q,escape", "app.quit", show=False),
    ]

    DEFAULT_CSS = """
    ResumeScreen {
        align: center middle;
    }
    ResumeScreen > Vertical {
        width: 72;
        height: auto;
        border: round $accent;
        border-title-align: center;
        padding: 1 2;
    }
    ResumeScreen #summary {
        text-style: bold;
        text-align: center;
        margin-bottom: 1;
    }
    ResumeScreen #note {
        color: $text-muted;
    }
    """

    def __init__(self, summary: str, new_match: str) -> None:
        super().__init__()
        self.summary = summary
        self.new_match = new_match

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical():
            yield Static(self.summary, id="summary", markup=False)
            yield Static(id="choices", markup=False)
            yield Static(_("(a new match keeps this one in the history, marked abandoned)"), id="note", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(Vertical).border_title = _("Unfinished match")
        choices = Text()
        for key, label in (("r", _("resume this match")), ("n", self.new_match), ("q", _("quit"))):
            choices.append(f" {key} ", style="bold reverse")
            choices.append(f"  {label}\n")
        self.query_one("#choices", Static).update(choices)
        self.query_one(KeyBar).show([("r", _("resume")), ("n", _("new match")), ("q", _("quit"))])

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
