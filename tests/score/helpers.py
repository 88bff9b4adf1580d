"""Helpers to drive the score pad with the pilot and read what it shows, as a player sees it."""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.content import Content
from textual.widgets import Static

from lost_cities.engine import Card, Colour
from lost_cities.engine.codec import convert, to_builtins
from lost_cities.score.sheet import PadFile, Place, ScoreSheet, pad_file, sheet_of
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import PadScreen
from lost_cities.tui.scorepad.widgets import CELL_WIDTH, NAME_WIDTH, SCORE_WIDTH, SidePanel


def pad(app: ScorePadApp) -> PadScreen:
    screen = app.screen
    assert isinstance(screen, PadScreen)
    return screen


def text(app: ScorePadApp, selector: str) -> str:
    """What the static ``selector`` shows (the message line, the top bar, a dialog's text)."""
    return str(app.screen.query_one(selector, Static).render())


def panel(app: ScorePadApp, side: int) -> SidePanel:
    return app.screen.query_one(f"#side-{side}", SidePanel)


def title(app: ScorePadApp, side: int) -> str:
    """The panel's title as shown (Textual hands it back as markup)."""
    return Content.from_markup(panel(app, side).border_title or "").plain


def subtitle(app: ScorePadApp, side: int) -> str:
    return str(panel(app, side).border_subtitle)


class Row(NamedTuple):
    """A colour's row as shown: the name (with the cursor's pointer), the cards, the arithmetic, the score."""

    name: str
    cards: str
    formula: str
    score: str


def row(app: ScorePadApp, side: int, colour: str) -> Row:
    """``colour``'s row (``"yellow"``) on ``side``'s panel, cut into its columns."""
    line = panel(app, side).row(Colour.parse(colour)).plain
    cards_end = NAME_WIDTH + 12 * CELL_WIDTH
    rest = line[cards_end:]
    return Row(line[:NAME_WIDTH], line[NAME_WIDTH:cards_end], rest[:-SCORE_WIDTH].strip(), rest[-SCORE_WIDTH:].strip())


def hand_score(app: ScorePadApp, side: int) -> str | None:
    """The penalty the hand line shows, or ``None`` when the panel has no hand line."""
    line = panel(app, side).hand_row()
    return None if line is None else line.plain[-SCORE_WIDTH:].strip()


def card_offset(app: ScorePadApp, side: int, colour: str, index: int) -> tuple[int, int]:
    """Where to click card ``index`` (of 12: three wagers, then 2-10) in ``colour``'s row, within the panel."""
    widget = panel(app, side)
    x0 = widget.content_region.x - widget.region.x
    y0 = widget.content_region.y - widget.region.y
    return (x0 + NAME_WIDTH + index * CELL_WIDTH, y0 + widget.colours.index(Colour.parse(colour)))


def hand_offset(app: ScorePadApp, side: int) -> tuple[int, int]:
    """Where to click the hand line of ``side``'s panel."""
    widget = panel(app, side)
    x0 = widget.content_region.x - widget.region.x
    y0 = widget.content_region.y - widget.region.y
    return (x0 + 2, y0 + len(widget.colours))


def lay(app: ScorePadApp, side: int, cards: str, place: Place = Place.TABLE) -> None:
    """Mark cards through the model, for tests about what comes after the marking."""
    for card in cards.split():
        pad(app).sheet.toggle(side, Card.parse(card), place)
    pad(app).show()


def sheet_to_data(sheet: ScoreSheet) -> Any:
    """The pad's file as parsed JSON, to change a field of it."""
    return to_builtins(pad_file(sheet))


def sheet_from_data(data: object) -> ScoreSheet:
    """The sheet that parsed JSON holds, read as the pad reads its file."""
    return sheet_of(convert(data, PadFile))
