"""Rich renderables for the table, built from a :class:`PlayerView` only.

Kept apart from the widgets so that the board, the pass screen, the round-end
screen and the replay viewer draw the same thing the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from lost_cities.engine import Card, Colour, ExpeditionScore, PlayerView, SideScore
from lost_cities.i18n import _
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short, colour_name, colour_short_name, signed

__all__ = ["board_table", "breakdown_table", "card_text", "colour_heading"]

DIM = "#8a8a8a"


class ColourHeading:
    """A colour's column heading, ``R red``: the letter first, so the column reads without colour too.

    Six columns at 80×24 leave eight cells: a name too long for its column (*фиолетовый*)
    gives way to the language's short form (*фиол.*) rather than being cut.
    """

    def __init__(self, colour: Colour) -> None:
        letter = colour.letter.upper()
        self.full = Text(f"{letter} {colour_name(colour)}", style=COLOUR_STYLE[colour])
        self.short = Text(f"{letter} {colour_short_name(colour)}", style=COLOUR_STYLE[colour])

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(self.short.cell_len, self.full.cell_len), self.full.cell_len)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.full if self.full.cell_len <= options.max_width else self.short
        yield Text(text.plain, style=text.style, overflow="ellipsis", no_wrap=True, end="")


def colour_heading(colour: Colour) -> ColourHeading:
    """The heading of a colour's column: ``R red``, or ``R фиол.`` where the full name does not fit."""
    return ColourHeading(colour)


def card_text(card: Card) -> Text:
    return Text(card_short(card), style=COLOUR_STYLE[card.colour])


def expedition_text(colour: Colour, cards: Sequence[Card]) -> Text:
    """An expedition as values in its colour: ``× × 3 5 7``; a dot when not started."""
    if not cards:
        return Text("·", style=DIM)
    return Text(" ".join("×" if card.is_wager else str(card.value) for card in cards), style=COLOUR_STYLE[colour])


def score_text(row: ExpeditionScore) -> Text:
    if not row.started:
        return Text("")
    style = "#6fd36f" if row.score > 0 else ("#ff7a6e" if row.score < 0 else DIM)
    return Text(signed(row.score), style=style)


def discard_text(top: Card | None, size: int) -> Text:
    if top is None:
        return Text("—", style=DIM)
    text = card_text(top)
    text.append(f" ({size})", style=DIM)
    return text


def board_table(view: PlayerView, names: Sequence[str]) -> Table:
    """The table as ``view.seat`` sees it: the opponent's expeditions above, the discard piles, then their own."""
    me, opponent = view.seat, 1 - view.seat
    colours = view.rules.colours
    table = Table(
        box=box.HORIZONTALS, show_edge=False, pad_edge=False, expand=True, padding=(0, 1), collapse_padding=True
    )
    table.add_column("", no_wrap=True, width=9)
    for colour in colours:
        table.add_column(colour_heading(colour), ratio=1, overflow="fold")
    table.add_column(Text(_("Total"), justify="right"), justify="right", no_wrap=True, width=6)

    def side_rows(side: int, label: str) -> None:
        score = view.scores[side]
        table.add_row(
            Text(label, style="bold", overflow="ellipsis"),
            *(expedition_text(colour, view.expeditions[side][i]) for i, colour in enumerate(colours)),
            "",
        )
        penalty = view.rules.hand_penalty and side == me and bool(view.hand)
        table.add_row(
            Text(_("score"), style=DIM),
            *(score_text(row) for row in score.expeditions),
            Text(signed(score.total), style="bold"),
            end_section=not penalty,
        )
        if penalty:  # R21: say where the rest of the total comes from
            table.add_row(
                Text(_("in hand"), style=DIM),
                *("" for _colour in colours),
                Text(signed(-score.hand_penalty), style=DIM),
                end_section=True,
            )

    side_rows(opponent, names[opponent])
    table.add_row(
        Text(_("discards"), style="italic"),
        *(discard_text(view.discard_tops[i], view.discard_sizes[i]) for i in range(len(colours))),
        "",
        end_section=True,
    )
    side_rows(me, names[me])
    return table


def breakdown_table(score: SideScore, title: str, show_penalty: bool) -> Table:
    """One side's round, laid out like the rulebook's worked example (R16).

    Columns: the cards laid, their sum, less the cost, the wager multiplier, the
    8-card bonus and the result; then R21's hand penalty if it is on, and the total.
    """
    table = Table(
        title=Text(title, style="bold"),  # a player's name: never read as markup (and Rich styles no Text title)
        title_style="bold",
        box=box.HORIZONTALS,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
        padding=(0, 1),
        expand=True,
    )
    table.add_column("", no_wrap=True)
    table.add_column(_("cards"), ratio=1, overflow="fold")
    table.add_column(_("sum"), justify="right", no_wrap=True)
    table.add_column("−20", justify="right", no_wrap=True)
    table.add_column("×", justify="right", no_wrap=True)
    table.add_column("8+", justify="right", no_wrap=True)
    table.add_column("=", justify="right", no_wrap=True)
    for row in score.expeditions:
        label = Text(row.colour.letter.upper(), style=COLOUR_STYLE[row.colour])
        if not row.started:
            table.add_row(label, expedition_text(row.colour, ()), "", "", "", "", Text("0", style=DIM))
            continue
        table.add_row(
            label,
            expedition_text(row.colour, row.cards),
            str(row.sum),
            signed(row.sum - row.cost),
            f"×{row.multiplier}" if row.wagers else "",
            f"+{row.bonus}" if row.bonus else "",
            Text(signed(row.score), style="bold"),
        )
    if show_penalty:
        table.add_row("", Text(_("in hand"), style="italic"), "", "", "", "", signed(-score.hand_penalty))
    table.add_section()
    table.add_row("", Text(_("total"), style="bold"), "", "", "", "", Text(signed(score.total), style="bold"))
    return table


def hand_text(cards: Sequence[Card]) -> RenderableType:
    """A revealed hand in one line: ``Y3 Y7 B× ...``."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append_text(card_text(card))
    return text
