"""The player's own hand: its label, then up to eight cards in a row, numbered from 1, one selected.

The whole hand, its label included, is one widget that draws each card as text, its frame
included, and keeps each card's drawing: choosing a card draws the two cards whose frames
change, playing one draws the cards that moved, and nothing applies a style sheet again or
moves on the screen (an empty slot is blank, not removed).  One widget rather than a row of
a label and the cards: every widget on the screen costs each frame its share.  A click is
mapped to the card under it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from lost_cities.engine import Card, Colour
from lost_cities.i18n import _, pgettext
from lost_cities.style import COLOUR_STYLE
from lost_cities.tui.common.lines import text_strip
from lost_cities.words import card_short

__all__ = ["HandView", "drawn_at", "hand_frames"]

#: A card is this many cells wide, three lines high.
SLOT_WIDTH = 8
#: The label's column ("Hand"), left of the cards.
LABEL_WIDTH = 10
FRAME = Style(color="grey50")
SELECTED_FRAME = Style(color="#ffa62b", bold=True)
SELECTED_PAPER = "#4a3a1a"
#: Hands kept drawn, beside the one on show, before the widget starts again.
_KEPT = 64
#: Lines of frames kept drawn (every face plain, dimmed or selected, and the numbered tops) before it starts again.
_KEPT_PARTS = 512
NEW = Style(color="#6fd36f", bold=True)


def hand_frames(
    cards: Sequence[Card], selected: int | None, blocked: Collection[Card], drawn: Card | None = None
) -> Text:
    """The hand drawn as three lines: each card in a frame with its number, in its colour (dim when
    it cannot be laid now); the selected card in a heavy, lit frame; the card just drawn marked
    ``new`` under it.

    >>> from lost_cities.engine import parse_cards
    >>> print(hand_frames(parse_cards("bw r7"), 1, ()).plain)
    ╭─ 1 ──╮┏━ 2 ━━┓
    │  B×  │┃  R7  ┃
    ╰──────╯┗━━━━━━┛
    """
    new = drawn_at(cards, drawn)
    frames = [_frame(card, index, index == selected, card in blocked, index == new) for index, card in enumerate(cards)]
    lines = [Text(style=FRAME), Text(), Text(style=FRAME)]
    for frame in frames:
        for line, part in zip(lines, frame, strict=True):
            line.append_text(part)
    return Text("\n").join(lines)


def drawn_at(cards: Sequence[Card], drawn: Card | None) -> int | None:
    """Where the card just drawn is in the sorted hand: with twins (wagers), the last of them, where a card
    drawn goes among its equals — one card is marked ``new``, not all three wagers of a colour.

    >>> from lost_cities.engine import Card, parse_cards
    >>> drawn_at(parse_cards("rw rw rw r7"), Card.parse("rw")), drawn_at(parse_cards("r7"), Card.parse("rw"))
    (2, None)
    """
    return max((index for index, card in enumerate(cards) if card == drawn), default=None)


def _frame(card: Card, index: int, chosen: bool, dim: bool, new: bool = False) -> tuple[Text, Text, Text]:
    """One card's three lines: its frame with its number (heavy and lit when ``chosen``), its face,
    and under it ``new`` when it is the card just drawn."""
    inner = SLOT_WIDTH - 2
    top_left, top_right, side, bottom_left, bottom_right, bar = _HEAVY if chosen else _LIGHT
    label = f" {index + 1} "
    frame = SELECTED_FRAME if chosen else FRAME
    top = Text(f"{top_left}{bar}{label}{bar * (inner - len(label) - 1)}{top_right}", style=frame)
    bottom = Text(f"{bottom_left}{bar * inner}{bottom_right}", style=frame)
    if new:
        # Translators: under the card just drawn, in its frame: six cells at most
        word = pgettext("card", "new")[:inner]
        bottom = Text(bottom_left, style=frame)
        bottom.append(word.center(inner, bar), style=NEW)
        bottom.append(bottom_right, style=frame)
    middle = Text()
    middle.append(side, style=frame)
    middle.append(card_short(card).center(inner), style=_face(card.colour, dim, chosen))
    middle.append(side, style=frame)
    return top, middle, bottom


_LIGHT = ("╭", "╮", "│", "╰", "╯", "─")
_HEAVY = ("┏", "┓", "┃", "┗", "┛", "━")


@cache
def _face(colour: Colour, dim: bool, chosen: bool) -> Style:
    """A card's face: its colour, dim when it cannot be laid, on a lit paper when selected."""
    return Style.parse(COLOUR_STYLE[colour]) + Style(dim=dim, bgcolor=SELECTED_PAPER if chosen else None)


class HandView(Widget):
    """The hand, sorted by colour then value as the engine gives it; a click selects a card."""

    ALLOW_SELECT = False

    COMPONENT_CLASSES = {"hand-view--label"}

    DEFAULT_CSS = """
    HandView {
        height: 3;
        padding: 0 1;
    }
    HandView > .hand-view--label {
        text-style: bold;
    }
    """

    @dataclass
    class Chosen(Message):
        """Card ``index`` (from 0) was clicked."""

        index: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[Card, ...] = ()
        self.selected: int | None = None
        self._blocked: frozenset[Card] = frozenset()
        #: the card just drawn, marked
        self.drawn: Card | None = None
        self._new: int | None = None
        self._drawn: object = None
        #: the lines of the cards' frames as drawn, each by what it shows: a frame's top its number, its middle the
        #: card, its bottom the mark of the card just drawn — so that the cards moved by a play are not drawn again
        self._parts: dict[tuple[object, ...], Strip] = {}
        #: the whole hand's three lines, by what it shows: a card played and taken back, or a selection moved
        #: and back, is not joined again
        self._hands: dict[object, list[Strip]] = {}

    def show(
        self, cards: Sequence[Card], layable: Collection[Card], selected: int | None, drawn: Card | None = None
    ) -> None:
        """Show the hand; cards that cannot be laid now are dimmed, the card just drawn is marked."""
        self.cards = tuple(cards)
        self.drawn = drawn
        self._new = drawn_at(cards, drawn)
        self._blocked = frozenset(card for card in cards if card not in layable)
        self.selected = selected
        self._draw()

    def render(self) -> Text:
        """The cards as text, without the label: what the screen shows right of it, drawn there line by line from
        each card's drawing."""
        return hand_frames(self.cards, self.selected, self._blocked, self.drawn)

    def _draw(self) -> None:
        state = (self.cards, self.selected, self._blocked, self.drawn)
        if state != self._drawn:
            self._drawn = state
            self.refresh()

    def _slot(self, index: int) -> list[Strip]:
        card = self.cards[index]
        chosen, dim, new = index == self.selected, card in self._blocked, index == self._new
        keys = (("top", index, chosen), ("face", card, chosen, dim), ("bottom", chosen, new))
        parts = self._parts
        if any(key not in parts for key in keys):
            if len(parts) >= _KEPT_PARTS:
                parts.clear()
            for key, line in zip(keys, _frame(card, index, chosen, dim, new), strict=True):
                if key not in parts:
                    parts[key] = text_strip(self, line, SLOT_WIDTH)
        return [parts[key] for key in keys]

    def render_line(self, y: int) -> Strip:
        if not 0 <= y < 3:
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        lines = self._hands.get(self._drawn)
        if lines is None:
            if len(self._hands) >= _KEPT:
                self._hands.clear()
            lines = [
                Strip.join([self._label(row), *(self._slot(index)[row] for index in range(len(self.cards)))])
                for row in range(3)
            ]
            self._hands[self._drawn] = lines
        return lines[y]

    def _label(self, row: int) -> Strip:
        """The label's column on ``row``: the word on the middle line."""
        style = self.get_visual_style("hand-view--label")
        if row != 1:
            return Strip.blank(LABEL_WIDTH, style.rich_style)
        # Translators: the label left of the player's own cards on the board (9 cells at most)
        label = text_strip(self, Text(_("Hand")), LABEL_WIDTH, "hand-view--label")
        return label.extend_cell_length(LABEL_WIDTH, style.rich_style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._parts.clear()
        self._hands.clear()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        if offset is None or offset.x < LABEL_WIDTH:
            return
        index = (offset.x - LABEL_WIDTH) // SLOT_WIDTH
        if index < len(self.cards):
            self.post_message(self.Chosen(index))
