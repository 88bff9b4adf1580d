"""Text drawn line by line (the board's hand, table, key bar and message) comes out cell for cell, style for style
and offset for offset as Textual's own drawing of it, whatever the text: wide and combining characters, tabs,
lines too long for the width, styles by name or by value, links, text and content aligned, lines padded."""

from __future__ import annotations

import random

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual

from lost_cities.tui.common.lines import Lines, content_strips, text_strip
from lost_cities.tui.common.message_area import MessageArea
from tests.conftest import fuzz_examples

PIECES = ["Ana", " ", "  ", "Y 10", "中文", "🂡", "é", "e\u0301", "\t", "\n", "[bold]x[/]", "—", "·", "−15"]
STYLES: list[str | Style] = [
    "bold",
    "#8a8a8a",
    "grey50",
    "reverse",
    "on red",
    "bold #e5c100 on #121212",
    "link https://example.org",
    Style(dim=True, bgcolor="#333333"),
    Style(color="yellow", underline=True),
    Style.from_meta({"@click": "app.bell"}),
]
#: styles as Textual reads them in content (a string style of a whole text stays a string)
WHOLE: list[str | Style] = [*STYLES, ".hand-view--label", "bold @click=app.bell", "not a style"]


class Both(App[None]):
    """A row widget that selects nothing, and a message area that may be selected, as the board has them; and rows
    that align their text and their content, or pad their lines."""

    CSS = "#centred { content-align: center middle; height: 3; } #right { text-align: right; } #padded { line-pad: 1; }"

    def compose(self) -> ComposeResult:
        yield Lines(1, id="lines")
        yield MessageArea(id="message")
        yield Lines(1, id="centred")
        yield Lines(1, id="right")
        yield Lines(1, id="padded")


def a_text(rng: random.Random) -> Text:
    text = Text("".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6))))
    if rng.random() < 0.3:
        text.style = rng.choice(WHOLE)
    for _ in range(rng.randint(0, 3)):
        if text.plain:
            start = rng.randrange(len(text.plain))
            text.stylize(rng.choice(STYLES), start, rng.randint(start + 1, len(text.plain)))
    return text


async def test_any_text_comes_out_as_textual_draws_it() -> None:
    rng = random.Random(2026)
    app = Both()
    async with app.run_test(size=(60, 12)) as pilot:
        await pilot.pause()
        for widget in app.query("Lines, MessageArea"):
            style = widget.visual_style
            for _ in range(fuzz_examples(400)):  # the same texts each run: a quarter of them, all in CI
                narrowest = 3 if widget.id == "padded" else 0  # Textual's own drawing fails with no room inside the pad
                text, width = a_text(rng), rng.randint(narrowest, 14)
                content = Content.from_rich_text(text, console=app.console)
                expected = Visual.to_strips(widget, content, width, None, style)
                assert content_strips(widget, content, width, style) == expected, (text, width)
                first = Visual.to_strips(widget, content, width, 1, style, apply_selection=False)
                assert text_strip(widget, text, width) == (first[0] if first else Strip.blank(0, style.rich_style)), (
                    text,
                    width,
                )
