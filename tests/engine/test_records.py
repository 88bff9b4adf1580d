"""Records read from JSON: any shape at all is read or refused with a ValueError, never anything else."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.engine import FieldError, Match, MatchRecord, RoundRecord

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize(
    ("reader", "data"),
    [
        (MatchRecord.from_dict, [1]),
        (RoundRecord.from_dict, [1]),
        (RoundRecord.from_dict, {"seed": 1}),
        (RoundRecord.from_dict, {"seed": 1, "starter": 0, "turns": "+r7 n"}),
        (RoundRecord.from_dict, {"seed": True, "starter": 0, "turns": []}),
        (MatchRecord.from_dict, None),
    ],
)
def test_a_record_of_the_wrong_shape_is_a_value_error(reader: Any, data: object) -> None:
    with pytest.raises(FieldError):
        reader(data)


def test_true_or_false_is_never_a_starter_a_seed_or_a_number_of_rounds() -> None:
    good = Match(seed=4).record().to_dict()
    for key in ("first", "seed", "rounds"):
        for flag in (True, False):
            with pytest.raises(FieldError, match=key):
                MatchRecord.from_dict({**good, key: flag})
    assert MatchRecord.from_dict(good).replay().current == Match(seed=4).current


@settings(max_examples=300, deadline=None)
@given(data=json_values, field=st.sampled_from(["rules", "rounds", "seed", "first", "played", None]))
def test_any_json_is_read_or_refused_with_a_value_error(data: object, field: str | None) -> None:
    record = Match(seed=2).record().to_dict()
    if field is not None:
        record[field] = data
        subject: object = record
    else:
        subject = data
    with contextlib.suppress(ValueError):  # a refusal; any other exception fails the test
        MatchRecord.from_dict(subject).replay()
