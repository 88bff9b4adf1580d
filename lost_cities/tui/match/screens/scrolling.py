"""A screen with one part that scrolls under the screen's own keys: ↑↓ a line, PgUp/PgDn ten lines.

The end of a round (every side's breakdown) and the end of a match (every round's scores) can hold more
than the window shows.  Their scroll keys are listed on the key bar only while the part holds more than it
shows, so that a short round or match lists no key that does nothing.
"""

from __future__ import annotations

from typing import TypeVar

from textual.binding import Binding
from textual.containers import VerticalScroll

from lost_cities.i18n import N_
from lost_cities.tui.common.fitted import FittedScreen

__all__ = ["SCROLL_BINDINGS", "ScrollingScreen"]

ResultT = TypeVar("ResultT")

#: The scroll keys, for a :class:`ScrollingScreen`'s ``BINDINGS``: put among its own keys where the key bar
#: is to list them (Textual would list bindings of the base class before the screen's own).
SCROLL_BINDINGS = (
    Binding("down", "scroll(1)", N_("scroll"), key_display="↑↓"),
    Binding("up", "scroll(-1)", show=False),
    Binding("pagedown", "scroll(10)", show=False),
    Binding("pageup", "scroll(-10)", show=False),
)


class ScrollingScreen(FittedScreen[ResultT]):
    """A fitted screen whose :meth:`scrolled` part moves under :data:`SCROLL_BINDINGS`."""

    def scrolled(self) -> VerticalScroll:
        """The part the scroll keys move."""
        raise NotImplementedError

    def on_mount(self) -> None:  # FittedScreen's and the screen's own run too
        self.watch(self.scrolled(), "virtual_size", lambda _size: self.refresh_bindings(), init=False)

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "scroll(1)":  # listed only when there is more than the part shows
            return super().key_entry(binding) if self.scrolled().max_scroll_y > 0 and not self.too_small else None
        return super().key_entry(binding)

    def action_scroll(self, lines: int) -> None:
        self.scrolled().scroll_relative(y=lines, animate=False)
