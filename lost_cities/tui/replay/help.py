"""The replay's help: its keys, and what the analysis marks on the move line."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.common.panel import ScrollPanel
from lost_cities.tui.replay.marks import MISTAKE_MARK

__all__ = ["ReplayHelpScreen"]


class ReplayHelpScreen(ScrollPanel):
    """The keys of the replay and the analysis in short; any of Escape, ?, q or Enter closes it."""

    BINDINGS = [Binding("escape,q,question_mark,enter,f1", "close", N_("back"), key_display="escape")]

    def __init__(self, analysable: bool) -> None:
        """``analysable``: the match came from the history or a file, so ``a`` can analyse it."""
        super().__init__()
        self.analysable = analysable

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 1))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        keys.add_row(f"← →  h l  {key_name('space')}", _("the move before, the move after"))
        keys.add_row(f"{key_name('pageup')} {key_name('pagedown')}", _("the round before, the round after"))
        keys.add_row(f"{key_name('home')} {key_name('end')}", _("the first deal, the end of the match"))
        if self.analysable:
            keys.add_row("a", _("analyse the match, or show its analysis kept from before"))
        keys.add_row("? / q", _("help / quit"))
        with VerticalScroll():
            yield Static(_("THE REPLAY — KEYS"), markup=False, classes="title")
            yield Static(keys)
            if self.analysable:
                yield Static(
                    _(
                        "The analysis weighs every decision with the hard level's search, from its player's view "
                        "only: what they could know then. Each move line then says the points a decision lost "
                        "against the best choice, and names that choice; {mark} marks a mistake, a decision "
                        "that lost five points or more. The analysis is kept with the match: a second look is "
                        "instant."
                    ).format(mark=MISTAKE_MARK),
                    markup=False,
                )
            yield Static(_("Press Escape to go back."), markup=False, classes="hint")
