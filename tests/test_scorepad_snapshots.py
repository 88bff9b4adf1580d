"""Snapshots of the score pad at 80x24 (``pytest --snapshot-update`` after a deliberate change)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from lost_cities.engine import Card
from lost_cities.i18n import set_language
from lost_cities.score.sheet import Place
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import PadScreen


def lay(pilot: Pilot[None], player: int, cards: str, place: Place = Place.TABLE) -> None:
    """Mark cards through the model: the keys are tested elsewhere, this is about the picture."""
    screen = pilot.app.screen
    assert isinstance(screen, PadScreen)
    for card in cards.split():
        screen.sheet.toggle(player, Card.parse(card), place)
    screen.show()


def test_snapshot_of_a_round_in_progress(snap_compare: Any) -> None:
    # R16, R21: table cards as solid cards, cards in hand underlined, the other's cards as dots
    app = ScorePadApp(names=("Ann", "Bob"), hand_penalty=True)

    def marks(pilot: Pilot[None]) -> None:
        lay(pilot, 0, "yw yw y3 y4 y7 y10 b5 b6")
        lay(pilot, 0, "b2 gw", Place.HAND)
        lay(pilot, 1, "b8 b9")

    assert snap_compare(app, press=["tab", "down", "0"], terminal_size=(80, 24), run_before=marks)


def test_snapshot_of_the_end_of_a_round(snap_compare: Any) -> None:
    # R17, R18: both round scores, the match so far, who starts the next round
    app = ScorePadApp(names=("Ann", "Bob"), long=True)
    assert snap_compare(app, press=["n"], terminal_size=(80, 24), run_before=lambda pilot: lay(pilot, 1, "pw p8 y9"))


def test_snapshot_of_a_long_game_in_russian(snap_compare: Any) -> None:
    # R20: six rows; the longest colour name (фиолетовый) and the footer in Russian fit at 80x24
    set_language("ru")
    try:
        app = ScorePadApp(names=("Аня", "Борис"), long=True, hand_penalty=True)
        assert snap_compare(app, terminal_size=(80, 24), run_before=lambda pilot: lay(pilot, 0, "pw pw p2 p9 r7"))
    finally:
        set_language("en")
