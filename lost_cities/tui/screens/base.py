"""A screen that refuses to draw a broken layout in a terminal below 80×24."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from lost_cities.i18n import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        layer: above;
    }
    """


class FittedScreen(Screen[object]):
    """Base of every screen: below 80×24 it shows only "make the window larger"."""

    DEFAULT_CSS = """
    FittedScreen {
        layers: base above;
    }
    FittedScreen.-too-small > * {
        display: none;
    }
    FittedScreen.-too-small > TooSmall {
        display: block;
    }
    """

    def compose_too_small(self) -> ComposeResult:
        yield TooSmall("", markup=False)

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing happens while the players cannot see the screen, but quitting."""
        return not (self.has_class("-too-small") and action not in ("quit", "app.quit"))

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small:
            message = _("The window is too small ({width}×{height}).\nMake it at least {min_w}×{min_h} to play.")
            for widget in self.query(TooSmall):
                widget.update(message.format(width=width, height=height, min_w=MIN_WIDTH, min_h=MIN_HEIGHT))
        self.set_class(small, "-too-small")
