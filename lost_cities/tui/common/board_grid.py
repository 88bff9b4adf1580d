"""The table as rows of one line each: a row per colour, a column per side, the discard piles on the right.

Below, each side's round score so far, like for like (R15 without R21's hidden hands), then
the match as it stood before this round ("earlier": the finished rounds' totals, R17, so that
no row mixes a final score with one still moving), and with the hand penalty (R21) the
viewer's own hand's cost apart.

With the memory aid on (a setting of the match), a last column lists per colour the cards the viewer
has not seen this round (:func:`~lost_cities.ai.knowledge.unseen_cards`), written as expeditions are.

Where a side's column is too narrow for an expedition, its cards are written short
(:func:`~.render.compact_cards`, ``××× 2–8``), and the rule under the colours says what the
short forms on show mean.

The table is one widget of one-line rows (:class:`~.lines.Lines`) drawn as text in columns of
computed widths, and its height is fixed by the rules: a move redraws the row or two it
changed and nothing moves on the screen.  A play costs a line or two of text, not a whole
table and a new layout.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rich.cells import cell_len
from rich.text import Text

from lost_cities.engine import Card, Colour, Phase, PlayerView, Rules
from lost_cities.i18n import _
from lost_cities.style import COLOUR_STYLE
from lost_cities.tui.common.lines import Lines
from lost_cities.tui.common.render import (
    DIM,
    colour_label,
    compact_cards,
    discard_text,
    expedition_line,
    fit,
    shorthand_legend,
)
from lost_cities.words import side_names, signed

__all__ = ["PILE", "BoardGrid"]

#: The label column: "R red", "P фиол.".
LABEL_WIDTH = 9
#: The discard piles' column: "R10 (12)" at most.
PILE_WIDTH = 8
#: The memory aid's column: the longest short form of a colour (``××× 2 4 5 7 8 10``, ``××× 2–4 6 7 9 10``),
#: so that no card of it is ever left out.
UNSEEN_WIDTH = 16
#: Between two columns: two cells, so that a side's score (right in its column) never reads as the start of the
#: next column (``+92  ×× 2–8``, not ``+92 ×× 2–8``).
GAP = 2
#: :meth:`BoardGrid.place_at`'s word for a colour's discard pile.
PILE = -1


def side_heads(names: Sequence[str], rules: Rules, widths: Sequence[int]) -> tuple[str, ...]:
    """Each side's name (R24a) in ``widths[side]`` cells: a team's name too long for it is cut across both
    partners (``Maximil… & Alexand…``), each keeping half the room or what they need of it, so that both are
    still known (cut at its end, the second partner's would be lost: ``Maximiliana & Alex…``)."""
    whole = side_names(names, rules)
    joiner = cell_len(side_names(("",) * rules.players, rules)[0])  # the team's words around its two names
    heads = []
    for side, width in enumerate(widths):
        seats = rules.seats_of(side)
        room = width - joiner
        if len(seats) == 1 or cell_len(whole[side]) <= width or room < 4:
            heads.append(whole[side])
            continue
        first, second = (names[seat] for seat in seats)
        first_room = min(cell_len(first), max(room // 2, room - cell_len(second)))
        cut = list(names)
        for seat, name, cells in ((seats[0], first, first_room), (seats[1], second, room - first_room)):
            text = Text(name)
            text.truncate(cells, overflow="ellipsis")
            cut[seat] = text.plain
        heads.append(side_names(cut, rules)[side])
    return tuple(heads)


class BoardGrid(Lines):
    """The public table for one viewer; :meth:`show` redraws only the rows that changed."""

    COMPONENT_CLASSES = {"board-grid--rule"}

    DEFAULT_CSS = """
    BoardGrid > .board-grid--rule {
        color: $foreground 40%;
    }
    """

    def __init__(self, rules: Rules, *, id: str | None = None, memory_aid: bool = False) -> None:
        """``memory_aid``: a last column lists the cards the viewer has not seen (``show``'s ``unseen``)."""
        names = ["head", "rule-top", *(f"colour-{c.letter}" for c in rules.colours), "rule-bottom"]
        names += ["round", "match"] + (["hand"] if rules.hand_penalty else [])
        super().__init__(len(names), id=id)
        self.rules = rules
        #: each row's line, by name: ``head``, ``colour-r``, ``round``, ``match``, ``hand``...
        self.rows = {name: y for y, name in enumerate(names)}
        for name, y in self.rows.items():
            if name.startswith("rule"):
                self.set_line(y, Text("─" * 200), "board-grid--rule")
        self._shown: dict[str, object] = {}
        #: each colour row's cells as shown, for the legend of their short forms
        self._cells: dict[str, tuple[str, ...]] = {}
        self._pile_width = max(PILE_WIDTH, cell_len(_("discards")))
        # Translators: the head of the memory aid's column: the cards you have not seen (12 cells at most)
        self._unseen_width = max(UNSEEN_WIDTH, cell_len(_("unseen"))) if memory_aid else 0
        self._widths: tuple[int, ...] = ()
        self._last: tuple[object, ...] | None = None
        #: the sides, left to right, as last shown
        self._order: tuple[int, ...] = ()

    def row(self, name: str) -> Text:
        """What row ``name`` shows."""
        return self.line(self.rows[name])

    def place_at(self, x: int, y: int) -> tuple[Colour, int | None] | None:
        """What the cell at ``x``, ``y`` of the content shows, for a click: a colour's row, and in it a side's
        expedition (the side's number) or the colour's label (``None``)… or its discard pile (:data:`PILE`);
        ``None`` off the colours' rows.  (The label and the expedition are one for a click: the colour.)"""
        colour = next((c for c in self.rules.colours if self.rows[f"colour-{c.letter}"] == y), None)
        if colour is None:
            return None
        at = LABEL_WIDTH
        if x < at:
            return colour, None
        for side, width in zip(self._order, self._widths, strict=True):
            at += GAP + width
            if x < at:
                return colour, side
        return (colour, PILE) if x < at + GAP + self._pile_width else None

    def on_resize(self) -> None:
        """New widths: every row is drawn again."""
        self._shown.clear()
        if self._last is not None:
            self.show(*self._last)  # type: ignore[arg-type]

    def _side_widths(self) -> tuple[int, ...]:
        """The width of each side's column: what the label and the piles leave, shared out evenly."""
        sides = self.rules.sides
        total = self.content_region.width or 78
        aid = self._unseen_width + GAP if self._unseen_width else 0
        room = max(total - LABEL_WIDTH - self._pile_width - aid - GAP * (sides + 1), sides * 6)
        return tuple(room // sides + (1 if side < room % sides else 0) for side in range(sides))

    def _line(
        self,
        label: Text,
        cells: Sequence[Text],
        pile: Text | None = None,
        right: bool = False,
        unseen: Text | None = None,
    ) -> Text:
        """One line of the table: the same columns in every row, so that the rows line up."""
        line = fit(label, LABEL_WIDTH)
        for cell, width in zip(cells, self._widths, strict=True):
            line.append(" " * GAP)
            line.append_text(fit(cell, width, right))
        if pile is not None:
            line.append(" " * GAP)
            line.append_text(fit(pile, self._pile_width))
        if unseen is not None and self._unseen_width:
            line.append(" " * GAP)
            line.append_text(fit(unseen, self._unseen_width))
        line.no_wrap = True
        return line

    def show(
        self,
        view: PlayerView,
        names: Sequence[str],
        order: Sequence[int],
        match_totals: Sequence[int] | None = None,
        fresh: Collection[Card] = (),
        current_side: int | None = None,
        unseen: Mapping[Colour, Sequence[Card]] | None = None,
    ) -> None:
        """Draw ``view``'s table for the players ``names`` (a name per seat: the columns name the sides, R24a) with the
        sides in ``order``; ``fresh`` cards (just played) are marked,
        ``current_side``'s name underlined; ``unseen``, per colour, fills the memory aid's column."""
        self._last = (view, names, order, match_totals, fresh, current_side, unseen)
        self._order = tuple(order)
        widths = self._side_widths()
        if widths != self._widths:
            self._widths = widths
            self._shown.clear()
        fitted = side_heads(names, self.rules, [self._widths[order.index(side)] for side in range(self.rules.sides)])
        heads = tuple((fitted[side], side == current_side) for side in order)
        if self._changed("head", heads):
            cells = [Text(name, style="bold underline" if current else "bold") for name, current in heads]
            heading = Text(_("unseen"), style="italic")
            self._update("head", self._line(Text(""), cells, Text(_("discards"), style="italic"), unseen=heading))
        fresh_colours = {card.colour for card in fresh}
        unmarked = ((),) * len(order)
        for index, colour in enumerate(self.rules.colours):
            rows = tuple(view.scores[side].expeditions[index] for side in order)
            marked = (
                tuple(tuple(card for card in row.cards if card in fresh) for row in rows)
                if colour in fresh_colours
                else unmarked
            )
            top, size = view.discard_tops[index], view.discard_sizes[index]
            pile = (top, size, top is not None and top in fresh)
            hidden = tuple(unseen.get(colour, ())) if unseen is not None else None
            if self._changed(f"colour-{colour.letter}", (rows, marked, pile, hidden)):
                cells = [
                    expedition_line(row, width, mark)
                    for row, mark, width in zip(rows, marked, self._widths, strict=True)
                ]
                aid = None if hidden is None else self._unseen_text(colour, hidden)
                label = colour_label(colour, LABEL_WIDTH)
                self._update(f"colour-{colour.letter}", self._line(label, cells, discard_text(*pile), unseen=aid))
                self._cells[colour.letter] = tuple(cell.plain for cell in cells) + ((aid.plain,) if aid else ())
        if self._changed("rule-bottom", tuple(self._cells.values())):
            legend = shorthand_legend(text for cells in self._cells.values() for text in cells)
            self.set_line(self.rows["rule-bottom"], self._rule(legend), "board-grid--rule")
        rounds = tuple(view.scores[side].total for side in order)
        if self._changed("round", rounds):
            totals = [Text(signed(total), style="bold") for total in rounds]
            self._update("round", self._line(Text(_("round"), style="bold"), totals, right=True))
        if match_totals is not None:  # the match before this round, as it is: this round's row is above it
            matches = tuple(match_totals[side] for side in order)
            if self._changed("match", matches):
                totals = [Text(signed(total), style=DIM) for total in matches]
                # Translators: the board's row of the match totals before the round in play (9 cells at most)
                self._update("match", self._line(Text(_("earlier"), style=DIM), totals, right=True))
        if self.rules.hand_penalty and view.phase is Phase.OVER:  # R21: every hand shown, counted in the round's
            paid = tuple(view.scores[side].hand_penalty for side in order)  # scores: what each one cost
            if self._changed("hand", ("over", paid)):
                costs = [Text(signed(-cost), style=DIM) for cost in paid]
                self._update("hand", self._line(Text(_("in hand"), style=DIM), costs, right=True))
        elif self.rules.hand_penalty:  # R21: what the viewer's own hand would cost; nobody else's is known
            own = tuple(side == view.side and bool(view.hand) for side in order)
            if self._changed("hand", (own, view.hand_penalty)):
                costs = [Text(signed(-view.hand_penalty), style=DIM) if mine else Text("") for mine in own]
                self._update("hand", self._line(Text(_("in hand"), style=DIM), costs, right=True))

    def _unseen_text(self, colour: Colour, cards: Sequence[Card]) -> Text:
        """A colour's cards not yet seen, in its colour and written as an expedition is (``×× 2–5 8``);
        a dash when every card of it has been seen."""
        if not cards:
            return Text("—", style=DIM)
        return Text(compact_cards(cards, self._unseen_width, short=True), style=COLOUR_STYLE[colour])

    def _rule(self, legend: str) -> Text:
        """A rule across the table, ending in ``legend`` (what the short forms on show mean) when there is one."""
        width = self.content_region.width or 78
        if not legend:
            return Text("─" * width)
        text = Text("─" * max(width - cell_len(legend) - 4, 2) + " ")
        text.append(legend, style=f"italic {DIM}")
        text.append(" ──")
        text.truncate(width)
        return text

    def _changed(self, row: str, key: object) -> bool:
        if self._shown.get(row) == key:
            return False
        self._shown[row] = key
        return True

    def _update(self, row: str, content: Text) -> None:
        self.set_line(self.rows[row], content)
