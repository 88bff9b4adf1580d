"""Small modal dialogs: confirm quitting, and the help with the rules in short."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from lost_cities.i18n import _
from lost_cities.tui.widgets.keybar import KeyBar


class ConfirmQuit(ModalScreen[bool]):
    """ "Quit?" — y or Enter quits, n or Escape goes back."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", show=False),
        Binding("n,escape,q", "answer(False)", show=False),
    ]

    DEFAULT_CSS = """
    ConfirmQuit {
        align: center middle;
    }
    ConfirmQuit > Vertical {
        width: 60;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 1 2;
    }
    ConfirmQuit KeyBar {
        dock: none;
        margin-top: 1;
    }
    """

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.message, markup=False)
            yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(KeyBar).show([("y", _("quit")), ("n", _("keep playing"))])

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def help_text() -> str:
    return "\n".join(
        [
            _("LOST CITIES — THE RULES IN SHORT"),
            "",
            _("Each turn: first play one card, then draw one card."),
            _("• Lay a card on your expedition of its colour (e), or discard it on its colour's pile (d)."),
            _("• In an expedition, numbers must go up. Wagers (×) come before any number."),
            _("• Then draw from the draw pile (n or Space) or take the top of a discard pile"),
            _("  (y b w g r, p in the long game) — but not the card you just discarded."),
            _("• The round ends when the last card of the draw pile is drawn."),
            "",
            _("Scoring each expedition you started: the sum of its numbers minus 20,"),
            _("times 2, 3 or 4 for 1, 2 or 3 wagers; +20 if it holds 8 cards or more."),
            _("An expedition you never started scores nothing."),
            "",
            _("KEYS"),
            _("1–8, ← →   select a card of your hand (or click it)"),
            _("e          lay the selected card on its expedition"),
            _("d          discard the selected card"),
            _("u          take the card back, before drawing"),
            _("n, Space   draw from the draw pile"),
            _("y b w g r p  take the top card of that colour's discard pile"),
            _("Enter      on the pass screen: show your hand"),
            _("?          this help        q   quit"),
            "",
            _("Cards show their colour's letter: Y yellow, B blue, W white, G green, R red, P purple."),
            _("× is a wager card. The number in brackets is the size of a discard pile."),
        ]
    )


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark,enter,f1", "close", show=False)]

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 90%;
        max-width: 96;
        height: 90%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(help_text(), markup=False)
            yield Static(_("Press Escape to go back."), markup=False, classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
