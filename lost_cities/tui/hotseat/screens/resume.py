"""The offer at start-up when a match was left unfinished: resume it, or start a new one."""

from __future__ import annotations

from enum import Enum

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar

__all__ = ["ResumeChoice", "ResumeScreen"]


class ResumeChoice(Enum):
    """What to do with the unfinished match; ``None`` (q) quits."""

    RESUME = "resume"
    NEW = "new"


class ResumeScreen(FittedScreen[ResumeChoice | None]):
    """Dismisses with a :class:`ResumeChoice`, or ``None`` to quit."""

    BINDINGS = [
        Binding("r,enter", "choose('resume')", N_("resume"), key_display="r"),
        Binding("n", "choose('new')", N_("new match")),
        Binding("q,escape", "leave", N_("quit"), key_display="q"),
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
            yield Static(self._choices(), id="choices", markup=False)
            yield Static(_("(a new match keeps this one in the history, marked abandoned)"), id="note", markup=False)
        yield KeyBar()

    def _choices(self) -> Text:
        choices = Text()
        for key, label in (("r", _("resume this match")), ("n", self.new_match), ("q", _("quit"))):
            choices.append(f" {key} ", style="bold reverse")
            choices.append(f"  {label}\n")
        return choices

    def on_mount(self) -> None:
        self.query_one(Vertical).border_title = _("Unfinished match")

    def action_choose(self, choice: str) -> None:
        self.dismiss(ResumeChoice(choice))

    def action_leave(self) -> None:
        self.dismiss(None)
