"""Snapshots of the score pad at 80x24 (``pytest --snapshot-update`` after a deliberate change)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from lost_cities.engine import Card
from lost_cities.i18n import set_language
from lost_cities.score.sheet import Place
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import PadScreen
from tests.conftest import EVERY_LANGUAGE


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


NAMES = {
    "en": ("Ana", "Boris", "Carl", "Dana"),
    "fr": ("Amélie", "Bastien", "Camille", "Denis"),
    "ru": ("Аня", "Борис", "Катя", "Дмитрий"),
}


def three_players_round(pilot: Pilot[None]) -> None:
    """A round of three (R23) in the long game with the hand penalty: every side has cards."""
    lay(pilot, 0, "yw y3 y4 y7 y10 b5 b6 b7 b8 b9 b10 p2")
    lay(pilot, 1, "rw rw r2 r5 r9 gw g6")
    lay(pilot, 1, "w3 w4 p9", Place.HAND)
    lay(pilot, 2, "ww w5 w6 w8 p3 p4 p5")
    lay(pilot, 2, "r10", Place.HAND)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_snapshot_of_three_players(snap_compare: Any, language: str) -> None:
    # R23: the side being marked in full (cost 17, bonus from the 7th card), the two others on one line each
    set_language(language)
    app = ScorePadApp(names=NAMES[language][:3], long=True, hand_penalty=True)
    assert snap_compare(app, press=["tab", "down"], terminal_size=(80, 24), run_before=three_players_round)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_snapshot_of_the_end_of_a_round_of_three(snap_compare: Any, language: str) -> None:
    # R17, R23e: three scores, the match so far, who starts the next round
    set_language(language)
    app = ScorePadApp(names=NAMES[language][:3], long=True, hand_penalty=True)
    assert snap_compare(app, press=["n"], terminal_size=(80, 24), run_before=three_players_round)


def two_teams_round(pilot: Pilot[None]) -> None:
    """A round of four in two teams (R24): partners share a side and their hands count together."""
    lay(pilot, 0, "yw yw y2 y3 y4 y5 y6 y7 b10 r4 r8")
    lay(pilot, 1, "gw g2 g9 w5 w6 w7 w8")
    lay(pilot, 1, "b2 b3 b4 y8 y9 y10 r2 r3 r5 g3 g4 gw", Place.HAND)  # both partners' hands: 12 cards


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_snapshot_of_two_teams(snap_compare: Any, language: str) -> None:
    # R24: two sides named by their partners, the team's two hands in one line
    set_language(language)
    app = ScorePadApp(names=NAMES[language], hand_penalty=True)
    assert snap_compare(app, press=["tab"], terminal_size=(80, 24), run_before=two_teams_round)


def test_snapshot_of_a_window_too_small(snap_compare: Any) -> None:
    app = ScorePadApp(names=NAMES["en"][:3])
    assert snap_compare(app, terminal_size=(60, 20))
