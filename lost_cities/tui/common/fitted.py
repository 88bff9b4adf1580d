"""A screen that refuses to draw a broken layout in a terminal below its minimum size."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from lost_cities.i18n import _
from lost_cities.tui.common.keybar import KeyBar, key_entry

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "FittedScreen", "TooSmall"]

MIN_WIDTH, MIN_HEIGHT = 80, 24

ResultT = TypeVar("ResultT")


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


class FittedScreen(Screen[ResultT]):
    """Base of every full screen: below its minimum size it shows only "make the window larger".

    Generic over what it ``dismiss``es, as Textual's ``Screen`` is.
    """

    #: The smallest terminal the screen's layout is made for.
    MIN_SIZE: ClassVar[tuple[int, int]] = (MIN_WIDTH, MIN_HEIGHT)
    #: From how many rows the screen has room to spare (a browser's page): it has the class ``-roomy`` then, and
    #: its CSS may spread its parts out rather than leave half the window empty.
    ROOMY_HEIGHT: ClassVar[int] = 32

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

    def __init__(self) -> None:
        super().__init__()
        #: the keys that do something now, at the screen's foot (:mod:`.keybar`)
        self.key_bar = KeyBar()

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        """The screen's own parts, after the line that stands in for them in a window too small, and the key bar."""
        await super().mount_composed_widgets([TooSmall("", markup=False), *widgets, self.key_bar])

    async def recompose(self) -> None:
        """Composed again (Textual mounts the parts alone then), that line and the key bar too."""
        await super().recompose()
        if self.is_attached:  # as Textual recomposes only an attached screen
            self.key_bar = KeyBar()
            await self.mount(TooSmall("", markup=False), before=0)
            await self.mount(self.key_bar)

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing happens while the players cannot see the screen, but quitting."""
        return not (self.too_small and action not in ("quit", "app.quit"))

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        """The key bar's key and words for ``binding`` now; ``None`` leaves it out (see :mod:`.keybar`)."""
        return key_entry(binding)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(height >= self.ROOMY_HEIGHT, "-roomy")
        min_w, min_h = self.MIN_SIZE
        small = width < min_w or height < min_h
        if small:
            message = _(
                "The window is too small ({width}×{height}).\n"
                "Make it at least {min_w}×{min_h} to play, or press Ctrl+Q to quit."
            )
            for widget in self.query(TooSmall):
                widget.update(message.format(width=width, height=height, min_w=min_w, min_h=min_h))
        if small != self.too_small:
            self.set_class(small, "-too-small")
            self.refresh_bindings()
