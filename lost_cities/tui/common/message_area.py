"""A few lines of plain text that change as the player acts, repainted only where they change.

The board says something after every key (whose move it is, what was refused and why), in an
area taller than what it says, so that a long sentence wraps and is never cut.  A ``Static``
there draws its whole height again on every update; this widget draws the text once at its
width, as a ``Static`` would draw it, and repaints only the lines that differ from what is on
the screen — usually one or two of the seven.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region, Size
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget

from lost_cities.tui.common.lines import content_strips

__all__ = ["MessageArea"]

#: Texts kept drawn, beside the one on show, before the area starts again.
_KEPT = 32


class MessageArea(Widget):
    """Plain text (never markup), wrapped to the width; :meth:`update` repaints the lines that changed."""

    DEFAULT_CSS = """
    MessageArea {
        height: auto;
    }
    """

    def __init__(self, text: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = text
        #: the text drawn at :attr:`_drawn_size`, a strip a line; ``None``: to be drawn again
        self._strips: list[Strip] | None = None
        self._drawn_size = Size(0, 0)
        #: texts drawn before at this size: the prompts come back turn after turn
        self._drawn: dict[str, list[Strip]] = {}

    def update(self, text: str) -> None:
        """Say ``text``: the lines that read as before are left alone on the screen."""
        if text == self._text:
            return
        self._text = text
        old = self._strips if self._drawn_size == self.size else None
        self._strips = None
        if old is None or not self.is_mounted:
            self.refresh(layout=self._fits_its_text)
            return
        new = self._draw()
        if len(new) != len(old) and self._fits_its_text:
            self.refresh(layout=True)
            return
        width = self.size.width
        for y in range(max(len(old), len(new))):
            if y >= len(old) or y >= len(new) or old[y] != new[y]:
                self.refresh(Region(0, y, width, 1))

    @property
    def _fits_its_text(self) -> bool:
        """Whether the area is as high as its text (``height: auto``, a tall window's board): a text of another
        number of lines lays the screen out again."""
        return self.styles.height is None or self.styles.height.is_auto

    def render(self) -> Content:
        """The text as one piece of content (its height, a selection, and what the tests read)."""
        return Content(self._text)

    def _draw(self) -> list[Strip]:
        size = self.size
        if self._drawn_size != size:
            self._drawn.clear()
        if self._strips is None or self._drawn_size != size:
            strips = self._drawn.get(self._text)
            if strips is None:
                if len(self._drawn) >= _KEPT:
                    self._drawn.clear()
                # every line of the text, whatever the height: as high as its text, the area grows by them
                strips = content_strips(self, self.render(), size.width, self.visual_style)
                self._drawn[self._text] = strips
            self._strips = strips
            self._drawn_size = size
        return self._strips

    def render_line(self, y: int) -> Strip:
        strips = self._draw()
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def notify_style_update(self) -> None:
        """New colours (a theme, a class such as an error's): drawn again."""
        super().notify_style_update()
        self._strips = None
        self._drawn.clear()

    def selection_updated(self, selection: Selection | None) -> None:
        self._strips = None
        self._drawn.clear()
        super().selection_updated(selection)
