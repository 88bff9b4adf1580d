"""Rich renderables for cards and expeditions.

Kept apart from the widgets so that the board (:mod:`.board`), the pass screen, the round's
breakdown (:mod:`.breakdown`) and the replay viewer draw the same thing the same way.  Every
card is drawn in its colour *and* with its letter or its row's letter, so the table reads
without colour too.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text

from lost_cities.engine import Card, Colour, ExpeditionScore
from lost_cities.i18n import _, ngettext
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short, card_value, colour_name, colour_short_name, signed

__all__ = [
    "DIM",
    "card_text",
    "cards_text",
    "colour_label",
    "compact_cards",
    "discard_text",
    "expedition_line",
    "fit",
    "hand_text",
    "score_style",
    "scores_line",
    "shorthand_legend",
]

DIM = "#8a8a8a"
#: How a card just played is marked on the table.
FRESH = "reverse"


def colour_label(colour: Colour, width: int) -> Text:
    """A colour's label in ``width`` cells: ``R red``, or the short name (``R фиол.``) when the full one is too long."""
    letter = colour.letter.upper()
    full = f"{letter} {colour_name(colour)}"
    text = full if cell_len(full) <= width else f"{letter} {colour_short_name(colour)}"
    return Text(text, style=COLOUR_STYLE[colour])


def fit(text: Text, width: int, right: bool = False) -> Text:
    """``text`` in exactly ``width`` cells: cut with an ellipsis, or padded (on the left when ``right``)."""
    text = text.copy()
    text.truncate(width, overflow="ellipsis")
    padding = " " * (width - text.cell_len)
    return Text(padding) + text if right else text + Text(padding)


def card_text(card: Card) -> Text:
    return Text(card_short(card), style=COLOUR_STYLE[card.colour])


def hand_text(cards: Sequence[Card]) -> Text:
    """A revealed hand in one line: ``Y3 Y7 B× ...``."""
    return Text(" ").join(card_text(card) for card in cards)


def cards_text(colour: Colour, cards: Sequence[Card], fresh: Collection[Card] = ()) -> Text:
    """An expedition as values in its colour: ``× × 3 5 7``; a dot when not started."""
    if not cards:
        return Text("·", style=DIM)
    text = Text(style=COLOUR_STYLE[colour])
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append(card_value(card), style=FRESH if card in fresh else "")
    return text


def compact_cards(cards: Sequence[Card], width: int, short: bool = False) -> str:
    """The shortest faithful writing of an expedition that fits ``width`` cells, or its end.

    All cards if they fit (unless ``short``: a list of cards, such as the memory aid's, always written one way);
    else wagers together and runs of numbers shortened (``××× 2–6 9``); else the wagers and the last numbers after
    an ellipsis, since the top card is what decides what may follow (R6a).

    >>> from lost_cities.engine import parse_cards
    >>> red = parse_cards("rw rw rw r2 r3 r4 r5 r6 r7 r8 r9 r10")
    >>> compact_cards(red, 30), compact_cards(red, 10), compact_cards(red, 30, short=True)
    ('× × × 2 3 4 5 6 7 8 9 10', '××× 2–10', '××× 2–10')
    >>> compact_cards(parse_cards("rw r2 r4 r6 r8 r10"), 8)
    '× …8 10'
    """
    full = " ".join(card_value(card) for card in cards)
    if cell_len(full) <= width and not short:
        return full
    wagers = "×" * sum(1 for card in cards if card.is_wager)
    numbers = [card.value for card in cards if not card.is_wager]
    runs: list[str] = []
    start = 0
    while start < len(numbers):
        end = start
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        if end - start >= 2:
            runs.append(f"{numbers[start]}–{numbers[end]}")
        else:
            runs.extend(str(value) for value in numbers[start : end + 1])
        start = end + 1
    compact = " ".join(part for part in (wagers, *runs) if part)
    if cell_len(compact) <= width:
        return compact
    tail: list[str] = []
    for value in reversed(numbers):
        candidate = " ".join(part for part in (wagers, "…" + " ".join([str(value), *tail])) if part)
        if cell_len(candidate) > width and tail:
            break
        tail.insert(0, str(value))
    return " ".join(part for part in (wagers, "…" + " ".join(tail)) if part)


def shorthand_legend(shown: Iterable[str]) -> str:
    """What the short forms of :func:`compact_cards` in ``shown`` mean, a part per form; ``""`` if none is.

    >>> shorthand_legend(["××× 2–8  +92", "× …8 10", "× 2 3"])
    '×××: 3 wagers · 2–8: 2 to 8 · …: lower cards left out'
    >>> shorthand_legend(["× 2 3 4  −22"])
    ''
    """
    texts = list(shown)
    parts = []
    wagers = max((len(group) for text in texts for group in re.findall("×{2,}", text)), default=0)
    if wagers:
        parts.append(ngettext("{marks}: {n} wager", "{marks}: {n} wagers", wagers).format(marks="×" * wagers, n=wagers))
    run = next((found for text in texts if (found := re.search(r"(\d+)–(\d+)", text))), None)
    if run:
        parts.append(_("{low}–{high}: {low} to {high}").format(low=run.group(1), high=run.group(2)))
    if any("…" in text for text in texts):
        parts.append(_("…: lower cards left out"))
    return " · ".join(parts)


def score_style(value: int) -> str:
    return "#6fd36f" if value > 0 else ("#ff7a6e" if value < 0 else DIM)


def expedition_line(row: ExpeditionScore, width: int, fresh: Collection[Card] = ()) -> Text:
    """One side's expedition of one colour and what it scores now, in exactly ``width`` cells.

    The cards shrink to fit (:func:`compact_cards`) so that a row never wraps: every row of
    the board stays one line high however long the expeditions grow.

    >>> from lost_cities.engine import parse_cards, score_expedition
    >>> expedition_line(score_expedition(Colour.RED, parse_cards("rw r3 r5")), 16).plain
    '× 3 5        −24'
    """
    score = signed(row.score) if row.started else ""
    room = max(width - len(score) - 1, 1)
    cards = row.cards
    if not cards:
        text = Text("·", style=DIM)
    elif cell_len(" ".join(card_value(card) for card in cards)) <= room:
        text = cards_text(row.colour, cards, fresh)
    else:
        text = Text(compact_cards(cards, room), style=COLOUR_STYLE[row.colour])
    text.truncate(room, overflow="ellipsis")
    text.append(" " * max(width - text.cell_len - len(score), 0))
    text.append(score, style=score_style(row.score))
    return text


def discard_text(top: Card | None, size: int, fresh: bool = False) -> Text:
    if top is None:
        return Text("—", style=DIM)
    text = Text(card_short(top), style=f"{COLOUR_STYLE[top.colour]} {FRESH if fresh else ''}")
    text.append(f" ({size})", style=DIM)
    return text


def scores_line(label: str, names: tuple[str, ...], scores: tuple[int, ...]) -> Text:
    """``This round: Ana +12 · Boris −5``."""
    text = Text(label, style="bold")
    for index, (name, score) in enumerate(zip(names, scores, strict=True)):
        text.append(("  ·  " if index else "") + f"{name} {signed(score)}")
    return text
