"""The offer at start-up when a match was left unfinished — here, or online: go back to one, or start anew.

The unfinished match at this keyboard (``r``) and each online game still running (``1``–``9``, with whose
turn it is) are listed together, so that coming back a day later is ``lost-cities play`` and one key.
"""

from __future__ import annotations

from enum import Enum

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Vertical
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import unbound_character
from lost_cities.tui.match.messages import StatisticsRequested

__all__ = ["ResumeChoice", "ResumeScreen"]


class ResumeChoice(Enum):
    """What to do with the unfinished match; ``None`` (q) quits."""

    RESUME = "resume"
    NEW = "new"
    #: the lesson first (``lost-cities learn``)
    LEARN = "learn"


class ResumeScreen(FittedScreen[ResumeChoice | int | None]):
    """Dismisses with a :class:`ResumeChoice`, the index of an online game, or ``None`` to quit."""

    BINDINGS = [
        Binding("r,enter", "choose('resume')", N_("resume"), key_display="r"),
        Binding("1", "online(0)", N_("online game"), key_display="1–9"),
        *[Binding(str(n), f"online({n - 1})", show=False) for n in range(2, 10)],
        Binding("n", "choose('new')", N_("new match")),
        Binding("s", "statistics", N_("statistics")),
        Binding("l", "choose('learn')", N_("learn to play")),
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
        margin-top: 1;
    }
    ResumeScreen #unknown {
        color: $warning;
        margin-top: 1;
        display: none;
    }
    """

    def __init__(self, summary: str | None, new_match: str, online: tuple[str, ...] = ()) -> None:
        """``summary``: the unfinished match at this keyboard, if any; ``online``: a line per online game."""
        super().__init__()
        self.summary = summary
        self.new_match = new_match
        self.online = online[:9]

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.summary is not None:
                yield Static(self.summary, id="summary", markup=False)
            yield Static(self._choices(), id="choices", markup=False)
            if self.summary is not None:
                note = _("(a new match keeps this one in the history, marked abandoned)")
                yield Static(note, id="note", markup=False)
            yield Static(id="unknown", markup=False)

    def on_key(self, event: events.Key) -> None:
        """A key that chooses nothing is said to, as on the board, rather than ignored."""
        if (key := unbound_character(event, _KEYS)) is not None and not self.too_small:
            said = self.query_one("#unknown", Static)
            said.update(_("The key {key} does nothing here: the keys above choose.").format(key=key))
            said.display = True

    def _choices(self) -> Table:
        """A line per choice, its key beside it; a label too long for one line goes on under itself, not under the
        keys (an online game's players and code)."""
        choices = Table.grid(padding=(0, 2))
        choices.add_column(no_wrap=True)
        choices.add_column()
        lines = [("r", _("resume this match"))] if self.summary is not None else []
        lines += [(str(number), game) for number, game in enumerate(self.online, start=1)]
        lines += [("n", self.new_match), ("s", _("statistics")), ("l", _("learn to play")), ("q", _("quit"))]
        for key, label in lines:
            choices.add_row(Text(f" {key} ", style="bold reverse"), Text(label))  # a name is text, never markup
        return choices

    def on_mount(self) -> None:
        title = _("Unfinished match") if not self.online else _("Unfinished matches")
        self.query_one(Vertical).border_title = title

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("resume",):
            return self.summary is not None
        if action == "online":
            return bool(self.online) and int(str(parameters[0])) < len(self.online)
        return True

    def action_online(self, index: int) -> None:
        self.dismiss(index)

    def action_choose(self, choice: str) -> None:
        self.dismiss(ResumeChoice(choice))

    def action_statistics(self) -> None:
        self.post_message(StatisticsRequested())

    def action_leave(self) -> None:
        self.dismiss(None)


#: The keys the screen answers (a digit past the games listed answers nothing, and says nothing either).
_KEYS = BindingsMap(ResumeScreen.BINDINGS).key_to_bindings
