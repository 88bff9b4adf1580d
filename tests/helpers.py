"""Test helpers: positions written in the engine's position notation (see ``Round.from_position``)."""

from __future__ import annotations

from lost_cities.engine import Colour, Round, Rules


def rigged(
    hand0: str,
    hand1: str = "",
    deck: str = "",
    rules: Rules | None = None,
    mine: dict[Colour, str] | None = None,
    discards: dict[Colour, str] | None = None,
    to_move: int = 0,
) -> Round:
    """A two-player round whose hands, draw pile (top last), seat 0's expeditions and piles are given.

    Cards not named anywhere simply do not exist in this position, which is fine for testing single rules.
    """
    laid = " ".join((mine or {}).values()) or "-"
    piles = " ".join((discards or {}).values()) or "-"
    text = f"{hand0 or '-'} / {hand1 or '-'} | {laid} / - | {piles} | {deck or '-'} | {to_move}"
    return Round.from_position(text, rules or Rules())
