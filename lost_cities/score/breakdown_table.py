"""One side's round score shown as the rulebook's worked example (R16): a Rich table, or JSON.

Every number comes from the engine's :class:`SideScore`; this module only lays it out.

>>> from lost_cities.engine import Colour, Rules, parse_cards, score_side
>>> rules = Rules(hand_penalty=True)
>>> score = score_side({Colour.RED: parse_cards("rw rw r3 r4 r7 r10")}, parse_cards("g5 yw"), rules)
>>> data = side_json(score, rules)
>>> data["expeditions"][4]["cards"], data["expeditions"][4]["score"], data["hand_penalty"], data["total"]
(['rw', 'rw', 'r3', 'r4', 'r7', 'r10'], 12, 5, 7)
"""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from lost_cities.engine import Card, ExpeditionScore, Rules, SideScore
from lost_cities.i18n import _
from lost_cities.style import COLOUR_STYLE
from lost_cities.words import card_short, card_value, colour_name, signed

__all__ = ["card_values", "side_json", "side_table"]

#: What an empty cell of the table shows (an expedition not started, R11; no bonus).
NONE = "–"


def card_values(cards: tuple[Card, ...]) -> str:
    """An expedition's cards as the board shows them: ``× × 3 4 7 10`` (typed ``w,w,3,4,7,10``)."""
    return " ".join(card_value(card) for card in cards)


def _row(row: ExpeditionScore) -> list[Text | str]:
    name = Text(colour_name(row.colour), style=COLOUR_STYLE[row.colour])
    if not row.started:  # R11: no card, no cost, no gain
        return [name, Text(NONE, style="dim"), "", "", "", "", "", Text("0", style="dim")]
    bonus = f"+{row.bonus}" if row.bonus else NONE
    return [
        name,
        Text(card_values(row.cards), style=COLOUR_STYLE[row.colour]),
        str(row.sum),
        signed(row.sum - row.cost),
        str(row.wagers),
        f"×{row.multiplier}",
        bonus,
        Text(signed(row.score), style="bold"),
    ]


def side_table(score: SideScore, rules: Rules) -> Table:
    """A table with one row per colour of the game, then the hand penalty (R21) and the total."""
    table = Table(box=box.HORIZONTALS, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(_("expedition"))
    table.add_column(_("cards"))
    table.add_column(_("sum"), justify="right")
    table.add_column(signed(-rules.expedition_cost), justify="right")
    table.add_column(_("wagers"), justify="right")
    table.add_column("×", justify="right")
    table.add_column(_("{count}+ cards").format(count=rules.bonus_threshold), justify="right")
    table.add_column(_("score"), justify="right")
    for row in score.expeditions:
        table.add_row(*_row(row))
    table.add_section()
    if rules.hand_penalty:
        hand = Text(" ").join(Text(card_short(card), style=COLOUR_STYLE[card.colour]) for card in score.hand)
        table.add_row(_("in hand"), hand or Text(NONE, style="dim"), "", "", "", "", "", signed(-score.hand_penalty))
    table.add_row(Text(_("total"), style="bold"), "", "", "", "", "", "", Text(signed(score.total), style="bold"))
    return table


def _row_json(row: ExpeditionScore) -> dict[str, object]:
    return {
        "colour": row.colour.label,
        "started": row.started,
        "cards": [str(card) for card in row.cards],
        "sum": row.sum,
        "cost": row.cost,
        "wagers": row.wagers,
        "multiplier": row.multiplier,
        "bonus": row.bonus,
        "score": row.score,
    }


def side_json(score: SideScore, rules: Rules) -> dict[str, object]:
    """The breakdown as plain data: every colour of the game in order, the hand and the total.

    ``players`` is 2, 3 (R23's scoring) or 4 (a team's side, R24).  ``hand`` is ``None``
    when the hand penalty (R21) is off; ``hand_penalty`` is the number of points lost (0
    when off), so ``total`` is the expeditions' sum minus it.
    """
    return {
        "players": rules.players,
        "long": rules.long,
        "expeditions": [_row_json(row) for row in score.expeditions],
        "hand": [str(card) for card in score.hand] if rules.hand_penalty else None,
        "hand_penalty": score.hand_penalty,
        "total": score.total,
    }
