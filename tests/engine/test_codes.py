"""The int codecs, the refusal reasons and the position notation: each defined once, each complete."""

from __future__ import annotations

import random

import pytest

from lost_cities.engine import (
    DRAW_PILE,
    STOP,
    Card,
    Colour,
    Draw,
    IllegalMoveError,
    NotationError,
    Play,
    Reason,
    Round,
    RoundRecord,
    Rules,
    card_from_code,
    codes,
    parse_decision,
    rule_of,
)
from lost_cities.engine.round import fresh_deck

ALL_CARDS = sorted({card_from_code(code) for code in fresh_deck(Rules(long=True))})


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_and_play_codes_are_the_codecs(card: Card) -> None:
    code = codes.card_code(card.colour, card.value)
    assert code == card.code and card_from_code(code) == card
    assert codes.code_colour(code) == card.colour
    assert codes.code_rank(code) == (codes.WAGER_RANK if card.is_wager else card.value)
    assert codes.COLOUR_OF[code] == card.colour and codes.RANK_OF[code] == codes.code_rank(code)
    assert codes.is_wager_code(code) is card.is_wager
    for discard in (False, True):
        play = codes.play_code(code, discard)
        assert play == Play(card, discard).code != codes.STOP_CODE
        assert codes.play_card(play) == code and codes.play_discards(play) is discard
        assert codes.PLAY_CARD[play] == code and codes.DISCARDS[play] is discard
        assert play == (codes.DISCARD if discard else codes.LAY)[code]


def test_every_decision_has_one_code_and_the_fast_path_takes_them() -> None:
    r = Round(seed=4)
    play = r.legal_decisions()[0]
    assert isinstance(play, Play)
    r.apply_code(play.code)
    assert r.legal_codes() == [decision.code for decision in r.legal_decisions()] == [Draw(None).code]
    r.apply_code(DRAW_PILE)
    assert [str(turn) for turn in r.history()] == [f"{play} n"]
    assert STOP.code == codes.STOP_CODE and parse_decision("s") is STOP


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_names_a_rule_and_reads_in_english(reason: Reason) -> None:
    card, other = Card.parse("r5"), Card.parse("r7")
    error = IllegalMoveError(reason, (card, other), Colour.RED)
    assert error.rule == rule_of(reason) and error.rule[:1] == "R"
    assert str(error).startswith(f"{error.rule}: ") and len(str(error)) > len(error.rule) + 5


def test_a_position_round_trips_and_plays_on() -> None:
    for players in (2, 3, 4):
        rules = Rules(players=players, long=players == 3)
        r = Round(rules, seed=players)
        rng = random.Random(players)
        for _ in range(10):
            r.turn(f"{rng.choice(r.legal_decisions())} n")
        copy = Round.from_position(r.position(), rules)
        assert copy.hands == r.hands and copy.deck == r.deck and copy.discards == r.discards
        assert copy.expeditions == r.expeditions and copy.tops == r.tops and copy.to_move == r.to_move
        assert copy.legal_decisions() == r.legal_decisions()
        assert RoundRecord.of(copy).replay(rules) == copy  # a position is its own record (as PGN's FEN)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("r5 | - / - | - | y2 | 0", NotationError),  # two seats, one hand
        ("r5 / - | r3 / - | - | y2", NotationError),  # four fields
        ("r5 / - | - / - | - | y2 | 2", NotationError),  # no seat 2
        ("r5 r5 / - | - / - | - | y2 | 0", IllegalMoveError),  # R2: one red 5
        ("rw / rw | rw rw / - | - | y2 | 0", IllegalMoveError),  # R2: three red wagers
        ("p5 / - | - / - | - | y2 | 0", IllegalMoveError),  # R20: no purple
        ("- / - | r7 r5 / - | - | y2 | 0", IllegalMoveError),  # R6a: red 5 can't follow red 7
        ("y2 y3 y4 y5 y6 y7 y8 y9 y10 / - | - / - | - | b2 | 0", NotationError),  # R8: nine cards
        ("r² / - | - / - | - | y2 | 0", NotationError),
    ],
)
def test_a_bad_position_is_refused_with_a_value_error(text: str, error: type[ValueError]) -> None:
    with pytest.raises(error):
        Round.from_position(text)
