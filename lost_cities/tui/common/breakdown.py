"""Every side's round side by side, as the round's end shows it (R11–R16, R21): every card, rows in step.

A row per colour holds each side's expedition, every card of it, and the arithmetic of its
score as the rulebook works it out (R16) and the score pad writes it, ``(27 − 17) × 4 + 20``;
then every hand revealed, its cost with R21, and each side's round and match totals.

The sides stand in columns of computed widths, and a row is as high as its tallest cell, so the
rows stay level across the sides.  A colour's row is one line when every side's cards and
arithmetic fit on one, else two: the cards, then the arithmetic under them.  At 80 columns three
sides fit side by side with room for the longest expedition (three wagers and 2 to 10, 24 cells),
so no card is ever left out or shortened; on a narrower column the cards wrap, between cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from lost_cities.engine import Card, ExpeditionScore, Rules, SideScore
from lost_cities.i18n import _
from lost_cities.style import COLOUR_STYLE
from lost_cities.tui.common.render import DIM, card_text, fit
from lost_cities.words import card_value, elided, formula, in_sentence, said, signed

__all__ = ["RoundBreakdown", "breakdown_lines"]

#: The colour's letter, and a space, before the sides' columns.
LABEL_WIDTH = 2
#: Blank cells between two sides' columns.
GAP = 2
#: The room kept for an expedition's score, right-aligned: ``+168``, ``−80``.
SCORE_WIDTH = 4

#: A side's hands: each of its players' name and the cards left in their hand.
Hands = Sequence[tuple[str, Sequence[Card]]]


@dataclass
class RoundBreakdown:
    """A Rich renderable: :func:`breakdown_lines` at the width it is drawn in."""

    scores: Sequence[SideScore]
    side_names: Sequence[str]
    hands: Sequence[Hands]
    totals: Sequence[int]
    rules: Rules

    def lines(self, width: int) -> list[Text]:
        return breakdown_lines(self.scores, self.side_names, self.hands, self.totals, self.rules, width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(options.max_width, options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text("\n").join(self.lines(options.max_width))
        text.no_wrap = True
        yield text


def breakdown_lines(
    scores: Sequence[SideScore],
    side_names: Sequence[str],
    hands: Sequence[Hands],
    totals: Sequence[int],
    rules: Rules,
    width: int,
) -> list[Text]:
    """The breakdown in lines of ``width`` cells: names, colours, hands (and their cost), round and match.

    ``hands`` holds, per side, each of its players' name and hand; ``totals`` each side's match total
    after this round.

    >>> from lost_cities.engine import Colour, parse_cards, score_side
    >>> rules = Rules(players=3)
    >>> ana = score_side({Colour.RED: parse_cards("rw rw rw r2 r3 r4 r5 r6 r7 r8 r9 r10")}, (), rules)
    >>> boris = score_side({Colour.RED: parse_cards("rw r3 r5")}, (), rules)
    >>> hands = [[("Ana", ())], [("Boris", parse_cards("b4 r2"))]]
    >>> for line in breakdown_lines([ana, boris], ["Ana", "Boris"], hands, [0, 0], rules, 60):
    ...     print(line.plain.rstrip())
      Ana                           Boris
    ────────────────────────────────────────────────────────────
    Y ·                          0  ·                          0
    B ·                          0  ·                          0
    W ·                          0  ·                          0
    G ·                          0  ·                          0
    R × × × 2 3 4 5 6 7 8 9 10      × 3 5
          (54 − 17) × 4 + 20  +168            (8 − 17) × 2   −18
    ────────────────────────────────────────────────────────────
      Ana's hand: –                 Boris's hand: B4 R2
    ────────────────────────────────────────────────────────────
      round                   +168  round                    −18
      match                      0  match                      0
    """
    widths = _widths(width, len(scores))
    lines: list[Text] = []

    def row(cells: Sequence[list[Text]], label: Text | None = None) -> None:
        for y in range(max(len(cell) for cell in cells)):
            line = fit(label if label is not None and y == 0 else Text(), LABEL_WIDTH)
            for index, (cell, cell_width) in enumerate(zip(cells, widths, strict=True)):
                if index:
                    line.append(" " * GAP)
                line.append_text(fit(cell[y] if y < len(cell) else Text(), cell_width))
            line.no_wrap = True
            lines.append(line)

    def rule() -> None:
        lines.append(Text("─" * width, style=DIM))

    row([[Text(name, style="bold")] for name in side_names])
    rule()
    for index, colour in enumerate(rules.colours):
        expeditions = [score.expeditions[index] for score in scores]
        one_line = all(_fits_one_line(expedition, w) for expedition, w in zip(expeditions, widths, strict=True))
        cells = [_expedition_cell(expedition, w, one_line) for expedition, w in zip(expeditions, widths, strict=True)]
        row(cells, Text(colour.letter.upper(), style=COLOUR_STYLE[colour]))
    rule()
    one_line = all(_hand_fits(hand, w) for side_hands, w in zip(hands, widths, strict=True) for hand in side_hands)
    row([_hands_cell(side_hands, w, one_line) for side_hands, w in zip(hands, widths, strict=True)])
    if rules.hand_penalty:  # R21
        in_hand = Text(_("in hand"), style=f"italic {DIM}")
        row([[_flush(in_hand, Text(signed(-score.hand_penalty)), w)] for score, w in zip(scores, widths, strict=True)])
    rule()
    round_word, match_word = Text(_("round"), style="bold"), Text(_("match"))
    row([[_flush(round_word, Text(signed(s.total), style="bold"), w)] for s, w in zip(scores, widths, strict=True)])
    row([[_flush(match_word, Text(signed(total)), w)] for total, w in zip(totals, widths, strict=True)])
    return lines


def _widths(width: int, sides: int) -> tuple[int, ...]:
    """Each side's column: the room the label and the gaps leave, shared out evenly."""
    room = max(width - LABEL_WIDTH - GAP * (sides - 1), sides)
    return tuple(room // sides + (1 if side < room % sides else 0) for side in range(sides))


def _flush(left: Text, right: Text, width: int) -> Text:
    """``left``, then ``right`` flush with the right edge of ``width`` cells (``left`` cut if need be)."""
    room = max(width - right.cell_len - 1, 0)
    line = fit(left, room) if left.cell_len > room else left.copy()
    line.append(" " * max(width - line.cell_len - right.cell_len, 0))
    line.append_text(right)
    return line


def _values(expedition: ExpeditionScore) -> list[Text]:
    style = COLOUR_STYLE[expedition.colour]
    return [Text(card_value(card), style=style) for card in expedition.cards]


def _wrapped(parts: Sequence[Text], width: int) -> list[Text]:
    """``parts`` a space apart, in lines of at most ``width`` cells, broken only between parts."""
    lines = [Text()]
    for part in parts:
        line = lines[-1]
        if line.cell_len and line.cell_len + 1 + part.cell_len > width:
            lines.append(line := Text())
        if line.cell_len:
            line.append(" ")
        line.append_text(part)
    return lines


def _arithmetic(expedition: ExpeditionScore) -> Text:
    """``(27 − 17) × 4 + 20  +60``: the arithmetic, muted, and the score it comes to, in its column."""
    text = Text(formula(expedition), style=DIM)
    text.append("  " + signed(expedition.score).rjust(SCORE_WIDTH), style="bold")
    return text


def _fits_one_line(expedition: ExpeditionScore, width: int) -> bool:
    if not expedition.started:
        return True
    cards = cell_len(" ".join(part.plain for part in _values(expedition)))
    return cards + 1 + _arithmetic(expedition).cell_len <= width


def _expedition_cell(expedition: ExpeditionScore, width: int, one_line: bool) -> list[Text]:
    """A side's expedition of one colour: on one line, or the cards over their arithmetic."""
    if not expedition.started:  # R11: no card, no cost, no gain
        nothing, zero = Text("·", style=DIM), Text("0", style=DIM)
        return [_flush(nothing, zero, width)] if one_line else [nothing, _flush(Text(), zero, width)]
    arithmetic = _arithmetic(expedition)
    if one_line:
        return [_flush(Text(" ").join(_values(expedition)), arithmetic, width)]
    cards = _wrapped(_values(expedition), width)
    if arithmetic.cell_len > width:  # a column too narrow even for the sum: the score on a line of its own
        score = Text(signed(expedition.score), style="bold")
        return [*cards, Text(formula(expedition), style=DIM), _flush(Text(), score, width)]
    return [*cards, _flush(Text(), arithmetic, width)]


def _hand_line(name: str, cards: Sequence[Card]) -> tuple[Text, list[Text]]:
    """A hand's label, ``Ana's hand:``, and its cards (a dash for none)."""
    label = Text(said(elided(_("{name}'s hand: ").format(name=in_sentence(name)))).rstrip(), style="italic")
    return label, [card_text(card) for card in cards] or [Text("–", style=DIM)]


def _hand_fits(hand: tuple[str, Sequence[Card]], width: int) -> bool:
    label, parts = _hand_line(*hand)
    return Text(" ").join([label, *parts]).cell_len <= width


def _hands_cell(hands: Hands, width: int, one_line: bool) -> list[Text]:
    """Each hand of a side, revealed: ``Ana's hand: R× R2 R3`` on one line, or the cards under the label
    (for every hand alike, so that the hands stay level across the sides)."""
    lines: list[Text] = []
    for name, cards in hands:
        label, parts = _hand_line(name, cards)
        lines.extend([Text(" ").join([label, *parts])] if one_line else [label, *_wrapped(parts, width)])
    return lines
