"""The compact notation for cards and choices round-trips; bad text is refused clearly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lost_cities.engine import (
    STOP,
    Card,
    Colour,
    Draw,
    NotationError,
    Play,
    Round,
    Stop,
    card_from_code,
    parse_cards,
    parse_decision,
)
from lost_cities.engine.round import fresh_deck

ALL_CARDS = sorted({card_from_code(c) for c in fresh_deck(__import__("lost_cities.engine").engine.Rules(long=True))})


@given(st.sampled_from(ALL_CARDS), st.booleans())
def test_card_and_play_notation_round_trips(card: Card, discard: bool) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card
    play = Play(card, discard)
    assert Play.parse(str(play)) == play == eval(repr(play))
    assert Play.from_code(play.code) == play


def test_decisions_are_equal_exactly_when_their_notation_is() -> None:
    # a bot's answer is checked with `choice in view.legal_decisions`: equality and hashing must agree
    decisions = [Play(card, discard) for card in ALL_CARDS for discard in (False, True)]
    decisions += [Draw(None), *(Draw(colour) for colour in Colour), STOP]
    rebuilt = [parse_decision(str(decision)) for decision in decisions]
    fresh = [
        Play(d.card, d.discard) if isinstance(d, Play) else Draw(d.pile) if isinstance(d, Draw) else Stop()
        for d in decisions
    ]
    for again in (rebuilt, fresh):
        assert again == decisions and [hash(a) for a in again] == [hash(d) for d in decisions]
    assert len(set(decisions)) == len(decisions) == len({str(decision) for decision in decisions})
    assert Draw(Colour.YELLOW) != STOP and Draw(Colour.YELLOW).code == STOP.code  # kinds never mix


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("r7", "red 7"),
        ("R10", "red 10"),
        ("rw", "red wager"),
        ("RX", "red wager"),
        ("ww", "white wager"),
        (" w7 ", "white 7"),
        ("px", "purple wager"),
    ],
)
def test_card_notation_is_case_insensitive_and_accepts_x(text: str, card: str) -> None:
    assert Card.parse(text).describe() == card


@pytest.mark.parametrize(
    "text", ["", "r", "r1", "r11", "r07", "q5", "rww", "7r", "r 7", "r²", "r١٠", "r３", "r" + "9" * 5000]
)
def test_bad_card_text_names_the_token(text: str) -> None:
    with pytest.raises(NotationError) as refused:
        Card.parse(text)
    assert refused.value.text == text and "r7" in refused.value.expected


def test_a_huge_notation_is_quoted_by_its_start_and_its_length_with_nothing_a_terminal_acts_on() -> None:
    with pytest.raises(NotationError) as refused:
        Round(seed=1).play("+r" + "7" * 5000 + "\x1b[2J")
    assert str(refused.value).startswith("cannot read '+r" + "7" * 37 + "…' (5006 characters): expected a play")
    assert refused.value.text.endswith("\x1b[2J")  # the whole token is kept for the caller
    with pytest.raises(NotationError) as hidden:
        Card.parse("r7\u202e")
    assert str(hidden.value).startswith("cannot read 'r7\\u202e': expected a card")  # a direction mark, shown


def test_draw_notation() -> None:
    assert [str(Draw.parse(t)) for t in ("N", "y", "Red")] == ["n", "y", "r"]
    assert Draw.parse("b").pile is Colour.BLUE
    with pytest.raises(NotationError):
        Draw.parse("z")


def test_parse_cards_accepts_commas_and_blanks() -> None:
    assert [str(c) for c in parse_cards("r5,b10  gw")] == ["r5", "b10", "gw"]


def test_cards_sort_by_colour_then_wagers_then_value() -> None:
    assert [str(c) for c in sorted(parse_cards("r2 y10 rw y3 b5"))] == ["y3", "y10", "b5", "rw", "r2"]


@pytest.mark.parametrize("text", ["+r²", "-r١٠", "+r３", "+r" + "7" * 5000])
def test_non_ascii_digits_and_huge_values_are_notation_errors_everywhere(text: str) -> None:
    # R2: values are 2-10, written in ASCII digits; nothing else is read as a number
    with pytest.raises(NotationError):
        Play.parse(text)
    round_ = Round(seed=1)
    before = round_.state_key()
    with pytest.raises(NotationError) as refused:
        round_.play(text)
    assert round_.state_key() == before
    assert len(str(refused.value)) < 200  # a long token is quoted in part only
    with pytest.raises(NotationError):
        round_.turn(f"{text} n")
