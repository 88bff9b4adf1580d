"""The score pad's widgets: a card cell, a colour's row, a player's panel.

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
from textual.widgets import Static

from lost_cities.engine import Colour, ExpeditionScore, SideScore
from lost_cities.i18n import _
from lost_cities.score.sheet import CELLS, Cell, Place, ScoreSheet
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short, colour_name, signed

__all__ = ["CardCell", "ExpeditionRow", "HandLine", "PlayerPanel", "formula"]

#: The ink of a cell that cannot be marked (the other player has the card).
TAKEN_INK = "#6c6c6c"
#: The background of a card marked in hand, and of the cursor.
HAND_PAPER = "#3a3a3a"
CURSOR_PAPER = "#5f5f9f"


def _ink(colour: Colour) -> str:
    color = Style.parse(COLOUR_STYLE[colour]).color
    return color.name if color is not None else "default"


def _update(widget: Static, content: Text | str) -> None:
    """Update a static only when its content changes: an update costs a refresh."""
    if widget.content != content:
        widget.update(content, layout=False)  # every static of the pad has a fixed size


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


class CardCell(Static):
    """One card of a colour's row; a click marks or unmarks it."""

    DEFAULT_CSS = """
    CardCell { width: 3; height: 1; }
    """

    class Pressed(Message):
        """The cell was clicked."""

        def __init__(self, cell: CardCell) -> None:
            self.cell = cell
            super().__init__()

    def __init__(self, player: int, colour: Colour, index: int) -> None:
        value = CELLS[index]
        name = f"w{index + 1}" if value == 0 else str(value)
        super().__init__(markup=False, classes="card", id=f"cell-{player}-{colour.label}-{name}")
        self.player = player
        self.colour = colour
        self.index = index
        self.state = Cell.FREE
        self._shown: tuple[Cell, bool] | None = None

    @property
    def label(self) -> str:
        value = CELLS[self.index]
        return "×" if value == 0 else str(value)  # the wager's mark on the board, as card_short draws it

    def show(self, state: Cell, cursor: bool) -> None:
        """Draw the cell: a two-wide card and a gap that holds the cursor's pointer.

        Free: the value in its colour.  On the table: the colour as background, like a card.
        In hand: underlined on grey.  Marked for the other player: a dot.
        """
        self.state = state
        if self._shown == (state, cursor):
            return  # redrawing 144 unchanged cells on every key would make the pad sluggish
        self._shown = (state, cursor)
        ink = _ink(self.colour)
        label = "·" if state is Cell.TAKEN else self.label
        styles = {
            Cell.FREE: Style(color=ink),
            Cell.TABLE: Style(color="#000000", bgcolor=ink, bold=True),
            Cell.HAND: Style(color=ink, bgcolor=HAND_PAPER, bold=True, underline=True),
            Cell.TAKEN: Style(color=TAKEN_INK),
        }
        style = styles[state]
        if cursor and state in (Cell.FREE, Cell.TAKEN):
            style += Style(bgcolor=CURSOR_PAPER, bold=True)
        text = Text()
        text.append(label.rjust(2), style)
        text.append("◂" if cursor else " ", Style(color="#ffffff", bold=True))
        self.update(text, layout=False)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self))


class ExpeditionRow(Horizontal):
    """A colour: its name, its twelve cells, the arithmetic and the score."""

    DEFAULT_CSS = """
    ExpeditionRow { height: 1; }
    ExpeditionRow > .name { width: 12; }
    ExpeditionRow > .formula { width: 1fr; text-align: right; color: $text-muted; }
    ExpeditionRow > .score { width: 6; text-align: right; text-style: bold; }
    """

    def __init__(self, player: int, colour: Colour) -> None:
        super().__init__(id=f"row-{player}-{colour.label}")
        self.player = player
        self.colour = colour

    def compose(self) -> ComposeResult:
        yield Static(classes="name", markup=False)
        for index in range(len(CELLS)):
            yield CardCell(self.player, self.colour, index)
        yield Static(classes="formula", markup=False)
        yield Static(classes="score", markup=False)

    def show(self, sheet: ScoreSheet, row: ExpeditionScore, cursor: int | None) -> None:
        marker = "▸" if cursor is not None else " "
        name = Text(marker, style="bold")
        name.append(colour_name(self.colour), style=COLOUR_STYLE[self.colour])
        _update(self.query_one(".name", Static), name)
        for cell, state in zip(self.query(CardCell), sheet.cells(self.player, self.colour), strict=True):
            cell.show(state, cursor == cell.index)
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
        def __init__(self, player: int) -> None:
            self.player = player
            super().__init__()

    def __init__(self, player: int) -> None:
        super().__init__(id=f"hand-{player}")
        self.player = player

    def compose(self) -> ComposeResult:
        yield Static(classes="cards", markup=False)
        yield Static(classes="score", markup=False)

    def show(self, score: SideScore, place: Place) -> None:
        label = _(" in hand (R21):") if place is Place.HAND else _(" in hand (R21, h to mark):")
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
        self.post_message(self.Pressed(self.player))


class PlayerPanel(Vertical):
    """One player's side: a row per colour, the hand, and the totals in the border."""

    DEFAULT_CSS = """
    PlayerPanel {
        height: auto;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-subtitle-color: $text;
        padding: 0 1;
    }
    PlayerPanel.-active { border: round $accent; }
    PlayerPanel.-active.-hand { border: round $warning; }
    """

    def __init__(self, player: int) -> None:
        super().__init__(id=f"player-{player}")
        self.player = player

    def compose(self) -> ComposeResult:
        for colour in Colour:
            yield ExpeditionRow(self.player, colour)
        yield HandLine(self.player)

    def show(
        self,
        sheet: ScoreSheet,
        place: Place,
        active: bool,
        cursor: tuple[Colour, int] | None,
    ) -> None:
        score = sheet.score(self.player)
        rules = sheet.rules
        self.set_class(active, "-active")
        self.set_class(place is Place.HAND, "-hand")
        name = sheet.names[self.player]
        mode = _("marking cards in hand") if place is Place.HAND else _("marking the table")
        self.border_title = Text.assemble(" ", (name, "bold"), f" · {mode} ")
        match = sheet.totals[self.player] + score.total
        self.border_subtitle = Text(
            _(" round {round}  ·  match {match} ").format(round=signed(score.total), match=signed(match)),
            style="bold",
        )
        for row in self.query(ExpeditionRow):
            shown = row.colour in rules.colours
            if row.display != shown:
                row.display = shown
            if shown:
                at = cursor[1] if cursor is not None and cursor[0] is row.colour else None
                row.show(sheet, score.expedition(row.colour), at)
        hand = self.query_one(HandLine)
        if hand.display != rules.hand_penalty:
            hand.display = rules.hand_penalty
        if rules.hand_penalty:
            hand.show(score, place)
