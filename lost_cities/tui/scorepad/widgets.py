"""The score pad's widgets: a card cell, a colour's row, the cards in hand, a side's panel.

They only show what :class:`~lost_cities.score.sheet.ScoreSheet` says and report taps;
the screen decides what a tap does.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from lost_cities.engine import Colour, ExpeditionScore, Rules, SideScore
from lost_cities.i18n import _
from lost_cities.score.sheet import CELLS, Cell, Place, ScoreSheet
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short, colour_name, signed

__all__ = ["CardCells", "ExpeditionRow", "HandLine", "SidePanel", "cell_text", "formula", "summary"]

#: The ink of a cell that cannot be marked (another side has the card).
TAKEN_INK = "#6c6c6c"
#: The background of a card marked in hand, and of the cursor.
HAND_PAPER = "#3a3a3a"
CURSOR_PAPER = "#5f5f9f"
#: Each card of a row takes this many cells: two for its value, one for the cursor's pointer.
CELL_WIDTH = 3


def _ink(colour: Colour) -> str:
    color = Style.parse(COLOUR_STYLE[colour]).color
    return color.name if color is not None else "default"


def _update(widget: Static, content: Text | str) -> None:
    """Update a static only when its content changes: an update costs a refresh."""
    if widget.content != content:
        widget.update(content, layout=False)  # every static of the pad has a fixed size


def _display(widget: Widget, shown: bool) -> None:
    """Show or hide a widget, touching the layout only when that changes."""
    if widget.display != shown:
        widget.display = shown


def formula(row: ExpeditionScore) -> str:
    """The row's arithmetic as the rulebook writes it (R12-R14): ``(24 − 20) × 3 + 20``.

    >>> from lost_cities.engine import parse_cards, score_expedition
    >>> formula(score_expedition(Colour.RED, parse_cards("rw rw r2 r3 r4 r5 r6 r7 r8")))
    '(35 − 20) × 3 + 20'
    >>> formula(score_expedition(Colour.RED, parse_cards("r9 r10"))), formula(score_expedition(Colour.RED, ()))
    ('19 − 20', '')
    """
    if not row.started:
        return ""
    text = f"{row.sum} − {row.cost}"
    if row.multiplier != 1:
        text = f"({text}) × {row.multiplier}"
    if row.bonus:
        text += f" + {row.bonus}"
    return text


def cell_text(colour: Colour, index: int, state: Cell, cursor: bool) -> Text:
    """One card of a row, three cells wide: the value (two cells) and a gap that holds the cursor's pointer.

    Free: the value in its colour.  On the table: the colour as background, like a card.
    In hand: underlined on grey.  Marked for another side: a dot.
    """
    ink = _ink(colour)
    value = CELLS[index]
    label = "·" if state is Cell.TAKEN else ("×" if value == 0 else str(value))  # the wager as card_short draws it
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


class CardCells(Static):
    """A colour's twelve cards in one line, three cells each; a click marks or unmarks the card under it.

    One widget for the row, not one per card: the pad holds up to six rows for each of four
    sides, and a widget per card made it slow to open.
    """

    DEFAULT_CSS = f"""
    CardCells {{ width: {CELL_WIDTH * len(CELLS)}; height: 1; }}
    """

    class Pressed(Message):
        """Card ``index`` (of :data:`CELLS`) of ``colour``'s row on ``side`` was clicked."""

        def __init__(self, side: int, colour: Colour, index: int) -> None:
            self.side = side
            self.colour = colour
            self.index = index
            super().__init__()

    def __init__(self, side: int, colour: Colour) -> None:
        super().__init__(markup=False, classes="cards", id=f"cells-{side}-{colour.label}")
        self.side = side
        self.colour = colour
        self._shown: tuple[tuple[Cell, ...], int | None] | None = None

    def show(self, states: tuple[Cell, ...], cursor: int | None) -> None:
        if self._shown == (states, cursor):
            return  # redrawing unchanged rows on every key would make the pad sluggish
        self._shown = (states, cursor)
        text = Text()
        for index, state in enumerate(states):
            text.append_text(cell_text(self.colour, index, state, cursor == index))
        self.update(text, layout=False)

    def on_click(self, event: Click) -> None:
        event.stop()
        index = event.x // CELL_WIDTH
        if 0 <= index < len(CELLS):
            self.post_message(self.Pressed(self.side, self.colour, index))


class ExpeditionRow(Horizontal):
    """A colour: its name, its twelve cards, the arithmetic and the score."""

    DEFAULT_CSS = """
    ExpeditionRow { height: 1; }
    ExpeditionRow > .name { width: 12; }
    ExpeditionRow > .formula { width: 1fr; text-align: right; color: $text-muted; }
    ExpeditionRow > .score { width: 6; text-align: right; text-style: bold; }
    """

    def __init__(self, side: int, colour: Colour) -> None:
        super().__init__(id=f"row-{side}-{colour.label}")
        self.side = side
        self.colour = colour

    def compose(self) -> ComposeResult:
        yield Static(classes="name", markup=False)
        yield CardCells(self.side, self.colour)
        yield Static(classes="formula", markup=False)
        yield Static(classes="score", markup=False)

    def show(self, sheet: ScoreSheet, row: ExpeditionScore, cursor: int | None) -> None:
        marker = "▸" if cursor is not None else " "
        name = Text(marker, style="bold")
        name.append(colour_name(self.colour), style=COLOUR_STYLE[self.colour])
        _update(self.query_one(".name", Static), name)
        self.query_one(CardCells).show(sheet.cells(self.side, self.colour), cursor)
        _update(self.query_one(".formula", Static), formula(row))
        score = Text(signed(row.score), style="" if row.started else "dim")
        _update(self.query_one(".score", Static), score)


class HandLine(Horizontal):
    """The cards left in hand and their penalty (R21); a click switches the hand mode."""

    DEFAULT_CSS = """
    HandLine { height: 1; }
    HandLine > .cards { width: 1fr; }
    HandLine > .score { width: 6; text-align: right; text-style: bold; }
    """

    class Pressed(Message):
        def __init__(self, side: int) -> None:
            self.side = side
            super().__init__()

    def __init__(self, side: int) -> None:
        super().__init__(id=f"hand-{side}")
        self.side = side

    def compose(self) -> ComposeResult:
        yield Static(classes="cards", markup=False)
        yield Static(classes="score", markup=False)

    def show(self, score: SideScore, place: Place) -> None:
        # the hint to press h only while the line has room for it: a team's two hands hold up to 12 cards
        marking = place is Place.HAND or bool(score.hand)
        label = _(" in hand (R21):") if marking else _(" in hand (R21, h to mark):")
        text = Text(label, style="bold" if place is Place.HAND else "")
        for card in score.hand:
            text.append(" ")
            text.append(card_short(card), style=COLOUR_STYLE[card.colour])
        if not score.hand:
            text.append(" –", style="dim")
        _update(self.query_one(".cards", Static), text)
        _update(self.query_one(".score", Static), signed(-score.hand_penalty))

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.side))


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


class SidePanel(Vertical):
    """One side's cards: a row per colour, the hand, and the totals in the border.

    A compact panel (three players: the sides not being marked) shows only :func:`summary`;
    a click on it asks to mark that side.
    """

    DEFAULT_CSS = """
    SidePanel {
        height: auto;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-subtitle-color: $text;
        padding: 0 1;
    }
    SidePanel.-active { border: round $accent; }
    SidePanel.-active.-hand { border: round $warning; }
    SidePanel > .summary { height: 1; }
    """

    class Chosen(Message):
        """A compact panel was clicked: the player wants to mark that side."""

        def __init__(self, side: int) -> None:
            self.side = side
            super().__init__()

    def __init__(self, side: int) -> None:
        super().__init__(id=f"side-{side}")
        self.side = side

    def compose(self) -> ComposeResult:
        for colour in Colour:
            yield ExpeditionRow(self.side, colour)
        yield HandLine(self.side)
        yield Static(classes="summary", markup=False)

    def show(
        self,
        sheet: ScoreSheet,
        place: Place,
        active: bool,
        cursor: tuple[Colour, int] | None,
        compact: bool = False,
    ) -> None:
        score = sheet.score(self.side)
        rules = sheet.rules
        self.set_class(active, "-active")
        self.set_class(place is Place.HAND, "-hand")
        self.set_class(compact, "-compact")
        name = sheet.side_names[self.side]
        if compact:
            self.border_title = Text.assemble(" ", (name, "bold"), " ")
        else:
            mode = _("marking cards in hand") if place is Place.HAND else _("marking the table")
            self.border_title = Text.assemble(" ", (name, "bold"), f" · {mode} ")
        match = sheet.totals[self.side] + score.total
        self.border_subtitle = Text(
            _(" round {round}  ·  match {match} ").format(round=signed(score.total), match=signed(match)),
            style="bold",
        )
        line = self.query_one(".summary", Static)
        _display(line, compact)
        if compact:
            _update(line, summary(score, rules))
        for row in self.query(ExpeditionRow):
            shown = not compact and row.colour in rules.colours
            _display(row, shown)
            if shown:
                at = cursor[1] if cursor is not None and cursor[0] is row.colour else None
                row.show(sheet, score.expedition(row.colour), at)
        hand = self.query_one(HandLine)
        _display(hand, not compact and rules.hand_penalty)
        if hand.display:
            hand.show(score, place)

    def on_click(self, event: Click) -> None:
        if self.has_class("-compact"):
            event.stop()
            self.post_message(self.Chosen(self.side))
