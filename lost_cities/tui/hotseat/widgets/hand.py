"""The player's own hand: up to eight cards in a row, numbered from 1, one selected."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from lost_cities.engine import Card
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short

__all__ = ["CardSlot", "HandView"]


class CardSlot(Static):
    """One card of the hand; a click selects it."""

    DEFAULT_CSS = """
    CardSlot {
        width: 8;
        height: 3;
        border: round $foreground 40%;
        border-title-align: left;
        content-align: center middle;
        text-style: bold;
    }
    CardSlot.-selected {
        border: heavy $accent;
        background: $accent 25%;
    }
    CardSlot.-blocked {
        text-style: dim;
    }
    """

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, index: int) -> None:
        super().__init__("", markup=False)
        self.index = index
        self.border_title = str(index + 1)
        self.card: Card | None = None
        self.display = False  # until a card is shown in it

    def show(self, card: Card | None, blocked: bool) -> None:
        """Show ``card`` (``None``: an empty slot, hidden); dim it when it cannot be laid."""
        if card != self.card or card is None:
            self.card = card
            self.display = card is not None
            if card is not None:
                self.update(card_short(card), layout=False)
                self.styles.color = COLOUR_STYLE[card.colour].split()[-1]
        self.set_class(blocked, "-blocked")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.index))


class HandView(Horizontal):
    """The hand, sorted by colour then value as the engine gives it."""

    DEFAULT_CSS = """
    HandView {
        height: 3;
        width: auto;
    }
    """

    SLOTS = 8

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.selected: int | None = None

    def compose(self) -> ComposeResult:
        for index in range(self.SLOTS):
            yield CardSlot(index)

    def show(self, cards: Sequence[Card], layable: Collection[Card]) -> None:
        """Show the hand; cards that cannot be laid now are dimmed."""
        for slot in self.query(CardSlot):
            card = cards[slot.index] if slot.index < len(cards) else None
            slot.show(card, card is not None and card not in layable)

    def select(self, index: int | None) -> None:
        """Mark card ``index`` (from 0) as selected, or none; only the two slots concerned change."""
        if index == self.selected:
            return
        slots = list(self.query(CardSlot))
        if self.selected is not None:
            slots[self.selected].remove_class("-selected")
        if index is not None:
            slots[index].add_class("-selected")
        self.selected = index
