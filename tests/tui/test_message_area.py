"""The board's message area: drawn as a ``Static`` would draw it, growing with its text where it is as high as its
text (a tall window), and repainting only the lines whose text changed."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Static

from lost_cities.tui.common.message_area import MessageArea

LONG = "Boris, play a card: the yellow wager is selected. " * 2 + "Nothing here is [bold]markup[/]."


class Beside(App[None]):
    """A message area and a ``Static`` of the same width and style, one above the other."""

    CSS = """
    MessageArea, Static { height: 4; padding: 0 1; }
    .-error { color: $error; text-style: bold; }
    #tall { height: auto; min-height: 3; }
    """

    def compose(self) -> ComposeResult:
        yield MessageArea(LONG, id="area")
        yield Static(LONG, id="static", markup=False)
        yield MessageArea("1\n2\n3", id="tall")


def lines(widget: Any) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


async def test_it_draws_a_long_sentence_as_a_static_would_even_as_an_error() -> None:
    app = Beside()
    async with app.run_test(size=(40, 16)) as pilot:
        await pilot.pause()
        area, static = app.query_one("#area", MessageArea), app.query_one("#static", Static)
        assert lines(area) == lines(static) and "[bold]markup[/]" in "".join(lines(area)).replace(" ", "")
        assert [area.render_line(y) for y in range(4)] == [static.render_line(y) for y in range(4)]
        for widget in (area, static):
            widget.add_class("-error")
        await pilot.pause()
        assert [area.render_line(y) for y in range(4)] == [static.render_line(y) for y in range(4)]


async def test_as_high_as_its_text_it_grows_and_shrinks_with_it() -> None:
    app = Beside()
    async with app.run_test(size=(40, 16)) as pilot:
        await pilot.pause()
        tall = app.query_one("#tall", MessageArea)
        tall.update("1\n2\n3\n4\n5")
        await pilot.pause()
        assert [line.strip() for line in lines(tall)] == ["1", "2", "3", "4", "5"]
        tall.update("a")
        await pilot.pause()
        assert [line.strip() for line in lines(tall)] == ["a", "", ""]  # its least height


async def test_a_new_text_repaints_the_lines_that_changed_and_no_other() -> None:
    app = Beside()
    async with app.run_test(size=(40, 16)) as pilot:
        area = app.query_one("#area", MessageArea)
        area.update("first line\nsecond line")
        await pilot.pause()
        repainted: list[Region] = []
        refresh = area.refresh

        def recorded(*regions: Region, **options: Any) -> Any:
            repainted.extend(regions)
            return refresh(*regions, **options)

        area.refresh = recorded  # type: ignore[method-assign]
        area.update("first line\nanother line")
        assert [region.y for region in repainted] == [1]
        await pilot.pause()
        assert [line.strip() for line in lines(area)] == ["first line", "another line", "", ""]
