"""A text to read over a screen, in a bordered scroll: the help of every app, and the round's log."""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen

from lost_cities.i18n import _

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
        scrollbar-size-vertical: 1;
    }
    ScrollPanel > VerticalScroll.-scrolling {
        padding: 0 0 0 1;
    }
    """

    def on_mount(self) -> None:  # a subclass's own on_mount runs too
        self.call_after_refresh(self._say_scrolling)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_scrolling)

    def _say_scrolling(self) -> None:
        """A text longer than the window says on the box's bottom edge that the arrows bring the rest (the
        scrollbar alone tells it by its colour only)."""
        scroll = self.query_one(VerticalScroll)
        scrolling = scroll.max_scroll_y > 0
        scroll.border_subtitle = Content(f"↑↓  {_('scroll')}") if scrolling else ""
        scroll.set_class(scrolling, "-scrolling")  # the scrollbar in the right padding's place: the text as wide

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click beside the text, or on its last line (which says how to go back), closes it as its keys do."""
        if event.widget is self or (event.widget is not None and event.widget.has_class("hint")):
            event.stop()
            self.action_close()
