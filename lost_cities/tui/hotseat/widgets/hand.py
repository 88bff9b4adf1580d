"""The player's own hand: up to eight cards in a row, numbered from 1, one selected.

The whole hand is one widget that draws each card as text, its frame included: choosing
a card or playing one redraws three lines of text, applies no style sheet again, and
moves nothing on the screen (an empty slot is blank, not removed).  A click is mapped
to the card under it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from lost_cities.engine import Card, Colour
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short

__all__ = ["HandView", "hand_frames"]

#: A card is this many cells wide, three lines high.
SLOT_WIDTH = 8
SLOTS = 8
FRAME = Style(color="grey50")
SELECTED_FRAME = Style(color="#ffa62b", bold=True)
SELECTED_PAPER = "#4a3a1a"


def hand_frames(cards: Sequence[Card], selected: int | None, blocked: Collection[Card]) -> Text:
    """The hand drawn as three lines: each card in a frame with its number, in its colour (dim when
    it cannot be laid now); the selected card in a heavy, lit frame.

    >>> from lost_cities.engine import parse_cards
    >>> print(hand_frames(parse_cards("bw r7"), 1, ()).plain)
    ╭─ 1 ──╮┏━ 2 ━━┓
    │  B×  │┃  R7  ┃
    ╰──────╯┗━━━━━━┛
    """
    inner = SLOT_WIDTH - 2
    tops, bottoms = [], []
    middle = Text()
    for index, card in enumerate(cards):
        chosen = index == selected
        top_left, top_right, side, bottom_left, bottom_right, bar = _HEAVY if chosen else _LIGHT
        label = f" {index + 1} "
        tops.append(f"{top_left}{bar}{label}{bar * (inner - len(label) - 1)}{top_right}")
        bottoms.append(f"{bottom_left}{bar * inner}{bottom_right}")
        frame = SELECTED_FRAME if chosen else FRAME
        middle.append(side, style=frame)
        middle.append(card_short(card).center(inner), style=_face(card.colour, card in blocked, chosen))
        middle.append(side, style=frame)
    top, bottom = Text("".join(tops), style=FRAME), Text("".join(bottoms), style=FRAME)
    if selected is not None and selected < len(cards):  # the lit frame: one span per line
        for line in (top, bottom):
            line.stylize(SELECTED_FRAME, selected * SLOT_WIDTH, (selected + 1) * SLOT_WIDTH)
    return Text("\n").join((top, middle, bottom))


_LIGHT = ("╭", "╮", "│", "╰", "╯", "─")
_HEAVY = ("┏", "┓", "┃", "┗", "┛", "━")


@cache
def _face(colour: Colour, dim: bool, chosen: bool) -> Style:
    """A card's face: its colour, dim when it cannot be laid, on a lit paper when selected."""
    return Style.parse(COLOUR_STYLE[colour]) + Style(dim=dim, bgcolor=SELECTED_PAPER if chosen else None)


class HandView(Static):
    """The hand, sorted by colour then value as the engine gives it; a click selects a card."""

    DEFAULT_CSS = f"""
    HandView {{
        height: 3;
        width: {SLOT_WIDTH * SLOTS};
    }}
    """

    class Chosen(Message):
        """Card ``index`` (from 0) was clicked."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", markup=False, id=id)
        self.cards: tuple[Card, ...] = ()
        self.selected: int | None = None
        self._blocked: frozenset[Card] = frozenset()
        self._drawn: object = None

    def show(self, cards: Sequence[Card], layable: Collection[Card], selected: int | None) -> None:
        """Show the hand; cards that cannot be laid now are dimmed."""
        self.cards = tuple(cards)
        self._blocked = frozenset(card for card in cards if card not in layable)
        self.selected = selected
        self._draw()

    def select(self, index: int | None) -> None:
        """Mark card ``index`` (from 0) as selected, or none."""
        self.selected = index
        self._draw()

    def _draw(self) -> None:
        state = (self.cards, self.selected, self._blocked)
        if state != self._drawn:
            self._drawn = state
            self.update(hand_frames(self.cards, self.selected, self._blocked), layout=False)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        index = event.x // SLOT_WIDTH
        if 0 <= index < len(self.cards):
            self.post_message(self.Chosen(index))
