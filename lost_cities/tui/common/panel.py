"""A text to read over a screen, in a bordered scroll: the help of every app, and the round's log."""

from __future__ import annotations

from textual import events
from textual.screen import ModalScreen

__all__ = ["ScrollPanel"]


class ScrollPanel(ModalScreen[None]):
    """A text to read over the board, in a bordered scroll that fits the terminal; its keys close it."""

    DEFAULT_CSS = """
    ScrollPanel {
        align: center middle;
    }
    ScrollPanel > VerticalScroll {
        width: 100%;
        max-width: 96;
        height: auto;
        max-height: 100%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    """

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click beside the text, or on its last line (which says how to go back), closes it as its keys do."""
        if event.widget is self or (event.widget is not None and event.widget.has_class("hint")):
            event.stop()
            self.action_close()
