"""Pass the screen (H2, R24d): only public information, and Enter alone reveals the next hand.

The screen is given a view with no hand at all (``public_view``), so it cannot
show one even by mistake.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from lost_cities.engine import PlayerView
from lost_cities.i18n import N_, _
from lost_cities.session import Standing
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.hotseat.messages import HelpRequested, QuitRequested
from lost_cities.tui.hotseat.widgets.table import TableArea

__all__ = ["PassScreen"]


class PassScreen(FittedScreen[None]):
    """ "Pass to Boris — Boris, press Enter"; dismissed when Boris presses Enter."""

    BINDINGS = [
        Binding("enter", "reveal", N_("show the hand")),
        Binding("question_mark,f1", "help", N_("help"), key_display="?"),
        Binding("q", "quit", N_("quit")),
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

    def __init__(self, view: PlayerView, standing: Standing, names: Sequence[str], note: str = "") -> None:
        if view.hand:
            raise ValueError("the pass screen is given a view without a hand (public_view)")
        super().__init__()
        self.view = view
        self.standing = standing
        self.names = tuple(names)
        self.note = note

    @property
    def name(self) -> str:
        """The player the screen is passed to."""
        return self.names[self.view.seat]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield TableArea()
        yield Static(_("Pass to {name} — {name}, press Enter").format(name=self.name), id="pass-prompt", markup=False)
        yield Static(self.note, id="pass-note", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(TableArea).show(self.view, self.standing, self.names)

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "reveal":
            return None if self.too_small else ("Enter", _("show {name}'s hand").format(name=self.name))
        return super().key_entry(binding)

    def action_reveal(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit(self) -> None:
        self.post_message(QuitRequested())
