"""Lines of text drawn once each: for the parts of a screen that change a line at a time.

A ``Static`` turns its whole text into Textual content and strips again on every update, and a
widget per line costs a node, its styles and its place in the layout, each frame and at
start-up.  :class:`Lines` holds a fixed number of one-line rows in one widget: setting a row
draws that row alone, once, and repaints only its line of the screen.  :func:`text_strip`
draws a piece of Rich text exactly as a ``Static`` would draw it in the same place (the
widget's colours under it, or a component class's), so that swapping one for the other
changes no cell on the screen.
"""

from __future__ import annotations

from typing import cast

from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

__all__ = ["Lines", "content_strips", "text_strip"]

#: Rows a :class:`Lines` keeps drawn, beside those on screen, before it starts again.
_KEPT = 256


def text_strip(widget: Widget, text: Text, width: int, component: str | None = None) -> Strip:
    """``text`` as one line of ``widget``, ``width`` cells at most, in the widget's style (or ``component``'s)."""
    style = widget.get_visual_style(component) if component else widget.visual_style
    content = Content.from_rich_text(text, console=widget.app.console)
    strips = content_strips(widget, content, width, style, height=1, apply_selection=False)
    return strips[0] if strips else Strip.blank(width, style.rich_style)


def content_strips(
    widget: Widget,
    content: Content,
    width: int,
    style: VisualStyle,
    *,
    height: int | None = None,
    apply_selection: bool = True,
) -> list[Strip]:
    """``content`` drawn in ``widget`` as Textual draws it (``Visual.to_strips``), ``height`` lines at most.

    Textual's general path looks up, for every piece of content, a selection to light, the widget's link style
    and its alignment, and costs three times what the content's own drawing does; the board draws a few new
    lines on every key.  Content with no link and no style named after a component class, in a widget that
    neither aligns nor selects it, is drawn by the content itself (``render_strips``: wrapping, tabs, its text's
    alignment); and when every line fits as it is, by its spans over the widget's style, each piece marked
    with its offset as Textual marks it.  The same strips either way, cell for cell, style for style.
    """
    if not (
        (not apply_selection or widget.text_selection is None)
        and widget.styles.content_align == ("left", "top")
        and all(_plain(span.style) for span in content.spans)
    ):
        return Visual.to_strips(widget, content, width, height, style, apply_selection=apply_selection)
    lines = content.split(allow_blank=True)[:height]
    if width > 0 and _as_they_come(widget, lines, width):
        return [_spans_strip(line, style, y) for y, line in enumerate(lines)]
    rules = cast(RulesMap, widget.styles)  # read as a mapping of rules, defaults included, as to_strips reads them
    return content.render_strips(width, height, style, RenderOptions(_style_of, rules))


def _as_they_come(widget: Widget, lines: list[Content], width: int) -> bool:
    """Whether ``lines`` need no wrapping, no tab stops, no alignment and no padding."""
    styles = widget.styles
    return (
        all(line.cell_length <= width and "\t" not in line.plain for line in lines)
        and styles.text_align in ("left", "start")
        and styles.line_pad == 0
    )


def _spans_strip(line: Content, style: VisualStyle, y: int) -> Strip:
    segments, x = [], 0
    for piece, piece_style in line.render(style, end=""):
        segments.append(Segment(piece, (style + piece_style).rich_style_with_offset(x, y)))
        x += len(piece)
    return Strip(segments, line.cell_length)


def _plain(style: VisualStyle | str) -> bool:
    """A span's style that links nothing and names no component class (which only the widget can read)."""
    if isinstance(style, str):
        return not style.startswith(".") and "@" not in style
    return not style.meta


def _style_of(style: VisualStyle | str) -> VisualStyle:
    """A span's style as a widget reads it: by name, or none when the name is not a style (as Textual does)."""
    if isinstance(style, VisualStyle):
        return style
    try:
        return VisualStyle.parse(style)
    except Exception:  # Textual's own reader takes a name it cannot read for no style at all
        return VisualStyle.null()


class Lines(Widget):
    """A number of rows, one line each; :meth:`set_line` redraws one of them and nothing else.

    Text selection with the mouse is off: the rows are drawn one by one, not as one text.
    """

    ALLOW_SELECT = False

    DEFAULT_CSS = """
    Lines {
        height: auto;
    }
    """

    def __init__(self, count: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._texts: list[Text] = [Text() for _ in range(count)]
        self._components: list[str | None] = [None] * count
        self._strips: list[Strip | None] = [None] * count
        #: rows drawn before, by what they showed: a row that goes back to an earlier text (a card taken back,
        #: a selection moved and back) is not drawn again
        self._drawn: dict[tuple[object, ...], Strip] = {}

    @property
    def count(self) -> int:
        return len(self._texts)

    def set_count(self, count: int) -> None:
        """Hold ``count`` rows from now on (new ones blank): the widget's height follows."""
        if count == self.count:
            return
        del self._texts[count:], self._components[count:], self._strips[count:]
        for _ in range(count - len(self._texts)):
            self._texts.append(Text())
            self._components.append(None)
            self._strips.append(None)
        self.refresh(layout=True)

    def line(self, y: int) -> Text:
        """What row ``y`` shows (a copy)."""
        return self._texts[y].copy()

    def set_line(self, y: int, text: Text, component: str | None = None) -> None:
        """Show ``text`` on row ``y`` (in component class ``component``'s style); unchanged, nothing happens."""
        if self._components[y] == component and self._texts[y] == text and self._texts[y].style == text.style:
            return
        self._texts[y], self._components[y], self._strips[y] = text, component, None
        self.refresh(Region(0, y, max(self.size.width, 1), 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.count

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not 0 <= y < self.count:
            return Strip.blank(width, self.visual_style.rich_style)
        strip = self._strips[y]
        if strip is None or strip.cell_length > width:
            text, component = self._texts[y], self._components[y]
            key = (text.plain, tuple(text.spans), text.style, text.justify, width, component)
            strip = self._drawn.get(key)
            if strip is None:
                strip = text_strip(self, text, width, component)
                if len(self._drawn) >= _KEPT:
                    self._drawn.clear()
                self._drawn[key] = strip
            self._strips[y] = strip
        return strip

    def notify_style_update(self) -> None:
        """New colours (a theme, a class): every row is drawn again."""
        super().notify_style_update()
        self._strips = [None] * self.count
        self._drawn.clear()

    def on_resize(self) -> None:
        self._strips = [None] * self.count
        self._drawn.clear()
