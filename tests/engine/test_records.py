"""Records read from JSON through the one codec: any shape at all is read or refused with a ValueError."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.engine import FieldError, Match, MatchRecord, RoundRecord
from lost_cities.engine.codec import convert, decode, encode, to_builtins
from tests.conftest import fuzz_examples

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize(
    ("kind", "data", "field"),
    [
        (MatchRecord, [1], ""),
        (RoundRecord, [1], ""),
        (RoundRecord, {"seed": 1}, "starter"),
        (RoundRecord, {"seed": 1, "starter": 0, "turns": "+r7 n"}, "turns"),
        (RoundRecord, {"seed": True, "starter": 0, "turns": []}, "seed"),
        (MatchRecord, None, ""),
    ],
)
def test_a_record_of_the_wrong_shape_is_refused_naming_the_field(kind: type, data: object, field: str) -> None:
    with pytest.raises(FieldError) as refused:
        convert(data, kind)
    assert refused.value.key == field


def test_true_or_false_is_never_a_starter_a_seed_or_a_number_of_rounds() -> None:
    good = to_builtins(Match(seed=4).record())
    for key in ("first", "seed", "rounds"):
        for flag in (True, False):
            with pytest.raises(FieldError, match=key):
                convert({**good, key: flag}, MatchRecord)
    assert convert(good, MatchRecord).replay().current == Match(seed=4).current


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rounds": 0}, "at least one round"),
        ({"first": 2}, "seat from 0 to 1"),
        ({"played": []}, "holds 0 rounds"),
        ({"rules": {"players": 5}}, "2, 3 or 4 players"),
        ({"rules": {"players": 4, "cooperative": True}}, "not played by four"),  # R24f
    ],
)
def test_a_record_that_breaks_a_rule_of_the_match_is_refused_saying_which(
    change: dict[str, object], words: str
) -> None:
    with pytest.raises(FieldError, match=words):
        convert({**to_builtins(Match(seed=4).record()), **change}, MatchRecord)


def test_a_record_written_before_three_players_reads_as_two() -> None:
    # format 1 saves: the rules name no number of players
    old = to_builtins(Match(seed=4).record())
    old["rules"] = {"long": False, "hand_penalty": True}
    assert convert(old, MatchRecord).rules.players == 2


@settings(max_examples=fuzz_examples(300), deadline=None)
@given(data=json_values, field=st.sampled_from(["rules", "rounds", "seed", "first", "played", None]))
def test_any_json_is_read_or_refused_with_a_value_error(data: object, field: str | None) -> None:
    record = to_builtins(Match(seed=2).record())
    if field is not None:
        record[field] = data
        subject: object = record
    else:
        subject = data
    with contextlib.suppress(ValueError):  # a refusal; any other exception fails the test
        decode(encode(subject), MatchRecord).replay()
