"""The one codec: every view's JSON form (what the online game will send a seat) reads back as the same view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.engine import STOP, Card, Draw, FieldError, Play, PlayerView, Round, player_view, public_view
from lost_cities.engine.codec import convert, decode, encode
from tests.ai.common import advance, rules_st, seeds


@settings(max_examples=40, deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32), decisions=st.integers(0, 160))
def test_every_view_reads_back_from_its_json_as_the_same_view(
    rules: object, seed: int, choices: int, decisions: int
) -> None:
    r = Round(rules, seed)  # type: ignore[arg-type]
    advance(r, decisions, random.Random(choices))
    for seat in range(r.rules.players):
        for view in (player_view(r, seat), public_view(r, seat)):
            assert decode(encode(view), PlayerView) == view


def test_cards_and_decisions_are_written_in_the_games_notation() -> None:
    r = Round.from_position("r5 r7 g4 / y2 | rw / - | b8 | y4 y5 | 0")
    r.decide("-g4")
    data = json.loads(encode(player_view(r, 0)))
    assert data["hand"] == ["r5", "r7"] and data["expeditions"][0][4] == ["rw"]
    assert data["phase"] == "draw" and data["closed_pile"] == 3 and data["pending_play"] == "-g4"
    assert data["legal_decisions"] == ["n", "b"] and data["discard_tops"][1] == "b8"
    r.decide("n")
    data = json.loads(encode(player_view(r, 1)))
    assert data["history"] == [{"type": "turn", "seat": 0, "play": "-g4", "draw": "n", "drawn": None}]  # H1
    assert encode([STOP, Draw(None), Play(Card.parse("gw"), True)]) == b'["s","n","-gw"]'


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hand": ["r11"]}, "hand"),
        ({"hand": [7]}, "hand"),
        ({"legal_decisions": ["+r7", "q"]}, "legal_decisions"),
        ({"pending_play": "n"}, "pending_play"),  # a draw where a play belongs
        ({"phase": "lunch"}, "phase"),
        ({"seat": True}, "seat"),
        ({"history": [{"type": "nap", "seat": 0}]}, "history"),
    ],
)
def test_a_view_that_does_not_hold_together_is_refused_naming_the_field(change: dict[str, object], field: str) -> None:
    good = json.loads(encode(player_view(Round(seed=3), 0)))
    with pytest.raises(FieldError) as refused:
        convert({**good, **change}, PlayerView)
    assert refused.value.key == field


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"phase": "x" * 4000}, "phase"),  # msgspec quotes a wrong enum value whole
        ({"hand": ["r" + "9" * 4000]}, "hand"),
        ({"history": [{"type": "x" * 4000, "seat": 0}]}, "history"),
    ],
    ids=["enum", "card", "tag"],
)
def test_a_huge_wrong_value_is_quoted_by_its_start(change: dict[str, object], field: str) -> None:
    # what a refusal says of a save's or a frame's field quotes the value in part: a line, not a page
    good = json.loads(encode(player_view(Round(seed=3), 0)))
    with pytest.raises(FieldError) as refused:
        decode(json.dumps({**good, **change}), PlayerView)
    assert refused.value.key == field and len(str(refused.value)) < 200, str(refused.value)
    assert "…" in str(refused.value) and "x" * 40 not in str(refused.value) and "9" * 40 not in str(refused.value)
