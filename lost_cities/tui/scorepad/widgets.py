"""The score pad's side panels: a colour's row of cards, the cards in hand, a side in one line.

They only show what :class:`~lost_cities.score.sheet.ScoreSheet` says and report taps;
the screen decides what a tap does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message

from lost_cities.engine import Card, Colour, ExpeditionScore, Rules, SideScore
from lost_cities.i18n import _
from lost_cities.score.sheet import CELLS, Cell, Place, ScoreSheet
from lost_cities.style import COLOUR_STYLE
from lost_cities.tui.common.lines import Lines
from lost_cities.words import card_short, card_value, colour_name, formula, signed

__all__ = ["SidePanel", "cell_text", "expedition_line", "formula", "hand_line", "summary"]

#: The ink of a cell that cannot be marked (another side has the card).
TAKEN_INK = "#6c6c6c"
#: The background of a card marked in hand, and of the cursor.
HAND_PAPER = "#3a3a3a"
CURSOR_PAPER = "#5f5f9f"
#: Each card of a row takes this many cells: two for its value, one for the cursor's pointer.
CELL_WIDTH = 3
#: A row starts with the colour's name (and the cursor's pointer), and ends with the score.
NAME_WIDTH = 12
SCORE_WIDTH = 6


def _ink(colour: Colour) -> str:
    color = Style.parse(COLOUR_STYLE[colour]).color
    return color.name if color is not None else "default"


def _flush(left: Text, right: Text, width: int) -> Text:
    """``left``, then ``right`` flush with the right edge of ``width`` cells (a space between at least)."""
    line = left.copy()
    line.append(" " * max(1, width - left.cell_len - right.cell_len))
    line.append_text(right)
    line.no_wrap = True
    return line


def _score(value: int, started: bool = True) -> Text:
    """A score in its column: right-aligned in :data:`SCORE_WIDTH` cells, bold (and dim while nothing counts)."""
    text = signed(value)
    return Text.assemble(" " * (SCORE_WIDTH - len(text)), (text, "bold" if started else "bold dim"))


def cell_text(colour: Colour, index: int, state: Cell, cursor: bool) -> Text:
    """One card of a row, three cells wide: the value (two cells) and a gap that holds the cursor's pointer.

    Free: the value in its colour.  On the table: the colour as background, like a card.
    In hand: underlined on grey.  Marked for another side: a dot.
    """
    ink = _ink(colour)
    value = CELLS[index]
    label = "·" if state is Cell.TAKEN else card_value(Card(colour, value))
    styles = {
        Cell.FREE: Style(color=ink),
        Cell.TABLE: Style(color="#000000", bgcolor=ink, bold=True),
        Cell.HAND: Style(color=ink, bgcolor=HAND_PAPER, bold=True, underline=True),
        Cell.TAKEN: Style(color=TAKEN_INK),
    }
    style = styles[state]
    if cursor and state in (Cell.FREE, Cell.TAKEN):
        style += Style(bgcolor=CURSOR_PAPER, bold=True)
    text = Text(label.rjust(2), style)
    text.append("◂" if cursor else " ", Style(color="#ffffff", bold=True))
    return text


def expedition_line(
    colour: Colour, states: tuple[Cell, ...], cursor: int | None, row: ExpeditionScore, width: int, muted: Style
) -> Text:
    """A colour's row, ``width`` cells: the name (a pointer on the cursor's row), the twelve cards,
    the arithmetic (in ``muted`` ink) and the score, right-aligned."""
    name = Text()
    name.append("▸" if cursor is not None else " ", style="bold")
    name.append(colour_name(colour), style=COLOUR_STYLE[colour])
    name.truncate(NAME_WIDTH, pad=True)
    for index, state in enumerate(states):
        name.append_text(cell_text(colour, index, state, cursor == index))
    right = Text()
    right.append(formula(row), style=muted)
    right.append_text(_score(row.score, row.started))
    return _flush(name, right, width)


def hand_line(score: SideScore, place: Place, width: int) -> Text:
    """The cards left in hand and their penalty (R21), ``width`` cells; bold while they are being marked."""
    # the hint to press h only while the line has room for it: a team's two hands hold up to 12 cards
    marking = place is Place.HAND or bool(score.hand)
    label = _(" in hand (R21):") if marking else _(" in hand (R21, h to mark):")
    text = Text()
    text.append(label, style="bold" if place is Place.HAND else "")
    for card in score.hand:
        text.append(" ")
        text.append(card_short(card), style=COLOUR_STYLE[card.colour])
    if not score.hand:
        text.append(" –", style="dim")
    return _flush(text, _score(-score.hand_penalty), width)


def summary(score: SideScore, rules: Rules) -> Text:
    """A side on one line: each expedition's score after its colour's letter, then the hand (R21).

    >>> from lost_cities.engine import parse_cards, score_side
    >>> rules = Rules(players=3, hand_penalty=True)
    >>> summary(score_side({Colour.RED: parse_cards("r9 r10")}, parse_cards("b4"), rules), rules).plain
    'Y 0  B 0  W 0  G 0  R +2   in hand −4'
    """
    text = Text()
    for row in score.expeditions:
        if text:
            text.append("  ")
        text.append(row.colour.letter.upper(), style=f"bold {COLOUR_STYLE[row.colour]}")
        text.append(f" {signed(row.score)}", style="" if row.started else "dim")
    if rules.hand_penalty:
        text.append("   " + _("in hand") + " " + signed(-score.hand_penalty))
    return text


class SidePanel(Lines):
    """One side's cards, a line each: a row per colour, the hand (R21), and the totals in the border.

    A row is the colour's name, its twelve cards (:func:`cell_text`), the arithmetic and the
    score; the hand line lists the cards left in hand and their penalty.  The panel is one
    widget drawn line by line (:class:`~lost_cities.tui.common.lines.Lines`), like the board:
    a mark redraws the row it changed, and the pad opens and restyles quickly with a widget per
    side, not some two hundred.  A compact panel (three players: the sides not being marked)
    shows only :func:`summary`; a click on it asks to mark that side.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"side-panel--formula"}

    DEFAULT_CSS = """
    SidePanel {
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-subtitle-color: $text;
        padding: 0 1;
    }
    SidePanel.-active { border: round $accent; }
    SidePanel.-active.-hand { border: round $warning; }
    SidePanel > .side-panel--formula { color: $text-muted; }
    """

    @dataclass
    class CardPressed(Message):
        """Card ``index`` (of :data:`CELLS`) of ``colour``'s row on ``side`` was clicked."""

        side: int
        colour: Colour
        index: int

    @dataclass
    class HandPressed(Message):
        """The hand line of ``side`` was clicked: the player switches between marking the table and the hand."""

        side: int

    @dataclass
    class Chosen(Message):
        """A compact panel was clicked: the player wants to mark that side."""

        side: int

    def __init__(self, side: int) -> None:
        super().__init__(0, id=f"side-{side}")
        self.side = side
        #: shown as one line (:func:`summary`)
        self.compact = False
        #: the colours of the rows, top down (none when compact)
        self.colours: tuple[Colour, ...] = ()
        self._last: tuple[ScoreSheet, Place, bool, tuple[Colour, int] | None, bool] | None = None
        self._muted: Style | None = None

    def row(self, colour: Colour) -> Text:
        """What ``colour``'s row shows."""
        return self.line(self.colours.index(colour))

    def hand_row(self) -> Text | None:
        """What the hand line shows; ``None`` when there is none (no hand penalty, or compact)."""
        y = len(self.colours)
        return self.line(y) if self.colours and y < self.count else None

    def show(
        self, sheet: ScoreSheet, place: Place, active: bool, cursor: tuple[Colour, int] | None, compact: bool = False
    ) -> None:
        self._last = (sheet, place, active, cursor, compact)
        score = sheet.score(self.side)
        rules = sheet.rules
        self.set_class(active, "-active")
        self.set_class(place is Place.HAND, "-hand")
        self.compact = compact
        name = sheet.side_names[self.side]
        if compact:
            self.border_title = Text.assemble(" ", (name, "bold"), " ")
        else:
            mode = _("marking cards in hand") if place is Place.HAND else _("marking the table")
            self.border_title = Text.assemble(" ", (name, "bold"), f" · {mode} ")
        match = sheet.totals[self.side] + score.total
        self.border_subtitle = Text(
            _(" round {round}  ·  match {match} ").format(round=signed(score.total), match=signed(match)), style="bold"
        )
        if compact:
            self.colours = ()
            self.set_count(1)
            self.set_line(0, summary(score, rules))
            return
        self.colours = rules.colours
        self.set_count(len(self.colours) + (1 if rules.hand_penalty else 0))
        width = self.content_region.width or max(self.app.size.width - 4, 1)  # not laid out yet: the screen's
        muted = self._muted = self._formula_ink()
        for y, colour in enumerate(self.colours):
            at = cursor[1] if cursor is not None and cursor[0] is colour else None
            cells = sheet.cells(self.side, colour)
            self.set_line(y, expedition_line(colour, cells, at, score.expedition(colour), width, muted))
        if rules.hand_penalty:
            self.set_line(len(self.colours), hand_line(score, place, width))

    def _formula_ink(self) -> Style:
        return self.get_component_rich_style("side-panel--formula")

    def on_resize(self) -> None:  # and Lines' (Textual calls each class's handler)
        """New widths: every row is drawn again."""
        if self._last is not None:
            self.show(*self._last)

    def notify_style_update(self) -> None:
        """A new theme: the arithmetic is drawn again in its new ink."""
        super().notify_style_update()
        if self._last is not None and self._muted is not None and self._formula_ink() != self._muted:
            self.show(*self._last)

    def on_click(self, event: Click) -> None:
        event.stop()
        if self.compact:
            self.post_message(self.Chosen(self.side))
            return
        offset = event.get_content_offset(self)
        if offset is None:  # the border
            return
        x, y = offset
        if y < len(self.colours):
            index = (x - NAME_WIDTH) // CELL_WIDTH
            if x >= NAME_WIDTH and index < len(CELLS):
                self.post_message(self.CardPressed(self.side, self.colours[y], index))
        elif y < self.count:
            self.post_message(self.HandPressed(self.side))
