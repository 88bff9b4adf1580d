"""The player's own hand: eight cards in a row, numbered 1–8, one selected."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from lost_cities.engine import Card
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short


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

    def show(self, card: Card | None, selected: bool, blocked: bool) -> None:
        self.display = card is not None
        if card is None:
            return
        self.update(card_short(card))
        self.styles.color = COLOUR_STYLE[card.colour].split()[-1]
        self.set_class(selected, "-selected")
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

    def compose(self) -> ComposeResult:
        for index in range(8):
            yield CardSlot(index)

    def show(self, cards: Sequence[Card], selected: int | None, layable: set[Card]) -> None:
        for slot in self.query(CardSlot):
            card = cards[slot.index] if slot.index < len(cards) else None
            slot.show(card, slot.index == selected, card is not None and card not in layable)
