"""Pass the screen (H2): only public information, and Enter alone reveals the next hand.

The screen is built from a view with no hand at all (``public_view``), so it
cannot show one even by mistake.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from lost_cities.i18n import _
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.keybar import KeyBar
from lost_cities.tui.widgets.table import TableArea

if TYPE_CHECKING:
    from lost_cities.tui.app import LostCitiesApp


class PassScreen(FittedScreen):
    """ "Pass to Boris — Boris, press Enter"."""

    BINDINGS = [
        Binding("enter", "reveal", show=False),
        Binding("question_mark,f1", "help", show=False),
        Binding("q", "quit", show=False),
    ]

    DEFAULT_CSS = """
    PassScreen #pass-prompt {
        margin: 0 1;
        padding: 0 2;
        height: auto;
        border: double $accent;
        text-align: center;
        text-style: bold;
    }
    PassScreen #pass-note {
        padding: 0 1;
        text-align: center;
        color: $text-muted;
    }
    """

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield TableArea()
        yield Static(id="pass-prompt", markup=False)
        yield Static(self.note, id="pass-note", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        app: LostCitiesApp = self.app  # type: ignore[assignment]
        session = app.session
        seat = session.to_move
        name = session.name(seat)
        match = session.match
        self.query_one(TableArea).show(
            session.public_view(seat), session.names, match.round_number, match.rounds, match.totals
        )
        prompt = _("Pass to {name} — {name}, press Enter").format(name=name)
        self.query_one("#pass-prompt", Static).update(prompt)
        self.query_one(KeyBar).show(
            [("Enter", _("show {name}'s hand").format(name=name)), ("?", _("help")), ("q", _("quit"))]
        )

    def action_reveal(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        app: LostCitiesApp = self.app  # type: ignore[assignment]
        app.show_help()

    def action_quit(self) -> None:
        app: LostCitiesApp = self.app  # type: ignore[assignment]
        app.confirm_quit()
