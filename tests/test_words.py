"""The words for engine values: every refusal reason worded in every language, one way to write a score."""

from __future__ import annotations

import pytest

from lost_cities.engine import Card, Colour, IllegalMoveError, Reason
from lost_cities.i18n import LANGUAGES, set_language
from lost_cities.words import describe_refusal, signed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("reason", list(Reason))
def test_every_refusal_reason_is_worded_with_its_rule_in_every_language(reason: Reason, language: str) -> None:
    set_language(language)
    error = IllegalMoveError(reason, (Card.parse("r5"), Card.parse("r7")), Colour.RED)
    text = describe_refusal(error)
    assert text.endswith(f" ({error.rule}).") and text[:1].isupper()
    assert len(text) > len(error.rule) + 8 and "{" not in text


def test_a_score_is_always_written_the_same_way() -> None:
    assert [signed(n) for n in (37, -7, 0)] == ["+37", "−7", "0"]


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Ana laid a red wager, took blue 7 from the discard pile."),
        ("fr", "Ana a posé un pari rouge, puis pris le 7 bleu dans la défausse."),  # one of three wagers: "un"
    ],
)
def test_a_card_in_a_sentence_takes_its_own_article(language: str, sentence: str) -> None:
    from lost_cities.words import card_phrase, turn_sentence

    set_language(language)
    text = turn_sentence("Ana", card_phrase(Card.parse("rw")), False, "discard", card_phrase(Card.parse("b7")))
    assert text.startswith(sentence) and " le un " not in text and " le le " not in text
