"""The words for engine values: every refusal reason and every move worded in every language, one way to write a
score."""

from __future__ import annotations

import string

import pytest

from lost_cities.engine import (
    REFUSAL_FIELDS,
    REFUSALS,
    Card,
    Colour,
    Draw,
    FinalLaying,
    IllegalMoveError,
    NextStarter,
    Play,
    PublicEvent,
    PublicTurn,
    Reason,
    StartReason,
)
from lost_cities.i18n import LANGUAGES, _, capitalised, set_language
from lost_cities.words import (
    card_name,
    card_phrase,
    describe_event,
    describe_next_starter,
    describe_refusal,
    in_sentence,
    signed,
    won_on_time,
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("reason", list(Reason))
def test_every_refusal_reason_is_worded_with_its_rule_in_every_language(reason: Reason, language: str) -> None:
    set_language(language)
    error = IllegalMoveError(reason, (Card.parse("r5"), Card.parse("r7")), Colour.RED)
    text = describe_refusal(error)
    assert text.endswith(f" ({error.rule}).") and text[:1].isupper()
    assert len(text) > len(error.rule) + 8 and "{" not in text


def test_every_refusal_has_one_message_which_the_words_say_and_every_language_translates() -> None:
    # one table, each reason worded once: the English is the engine's message and the message id of every
    # translation, so the player's English and the engine's cannot drift apart
    assert set(REFUSALS) == set(Reason)
    assert len(set(REFUSALS.values())) == len(Reason)  # no two reasons said alike
    for reason, message in REFUSALS.items():
        named = {field for _text, field, _spec, _conversion in string.Formatter().parse(message) if field}
        assert named <= set(REFUSAL_FIELDS), reason
        error = IllegalMoveError(reason, (Card.parse("r5"), Card.parse("r7")), Colour.RED)
        assert describe_refusal(error) == f"{capitalised(str(error).removeprefix(f'{error.rule}: '))} ({error.rule})."
        for language in ("fr", "ru"):
            set_language(language)
            try:
                assert _(message) != message, (language, message)
            finally:
                set_language("en")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "You just discarded a green wager: you can't draw it back (R7)."),
        ("fr", "Vous venez de défausser un pari vert\u00a0: vous ne pouvez pas le repiocher aussitôt (R7)."),
        ("ru", "Вы только что сбросили зелёную карту пари: взять её назад нельзя (R7)."),
    ],
)
def test_a_card_just_discarded_is_named_as_an_object(language: str, said: str) -> None:
    set_language(language)
    try:
        assert describe_refusal(IllegalMoveError(Reason.DRAW_BACK_DISCARD, (Card.parse("gw"),), Colour.GREEN)) == said
    finally:
        set_language("en")


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


_C = Card.parse
#: Every kind of move the others see (H1): a lay and a discard, of a number and of a wager, each draw, the
#: final laying (R23c) of one card, of two, and a stop.
MOVES: dict[str, PublicEvent] = {
    "lay, draw pile": PublicTurn(1, Play(_C("r7"), False), Draw(None), None),
    "wager, draw pile": PublicTurn(1, Play(_C("rw"), False), Draw(None), None),
    "discard, draw pile": PublicTurn(1, Play(_C("b2"), True), Draw(None), None),
    "lay, discard pile": PublicTurn(1, Play(_C("r7"), False), Draw(Colour.YELLOW), _C("y5")),
    "discard, discard pile": PublicTurn(1, Play(_C("b2"), True), Draw(Colour.WHITE), _C("ww")),
    "lay, not drawn yet": PublicTurn(1, Play(_C("r7"), False), None, None),
    "discard, not drawn yet": PublicTurn(1, Play(_C("gw"), True), None, None),
    "final laying of one": FinalLaying(1, (Play(_C("r8"), False),), True, True),
    "final laying of two": FinalLaying(1, (Play(_C("r8"), False), Play(_C("pw"), False)), True, False),
    "final laying of two wagers": FinalLaying(1, (Play(_C("pw"), False), Play(_C("pw"), False)), True, False),
    "stop": FinalLaying(1, (), True, True),
}
SAID: dict[str, tuple[str, str, str]] = {  # en, fr, ru
    "lay, draw pile": (
        "Boris laid red 7, drew from the draw pile.",
        "Boris a posé le 7 rouge, puis pioché.",
        "Boris выкладывает красную карту 7 и берёт карту из колоды.",
    ),
    "wager, draw pile": (
        "Boris laid a red wager, drew from the draw pile.",
        "Boris a posé un pari rouge, puis pioché.",
        "Boris выкладывает красную карту пари и берёт карту из колоды.",
    ),
    "discard, draw pile": (
        "Boris discarded blue 2, drew from the draw pile.",
        "Boris a défaussé le 2 bleu, puis pioché.",
        "Boris сбрасывает синюю карту 2 и берёт карту из колоды.",
    ),
    "lay, discard pile": (
        "Boris laid red 7, took yellow 5 from the discard pile.",
        "Boris a posé le 7 rouge, puis pris le 5 jaune dans la défausse.",
        "Boris выкладывает красную карту 7 и берёт из сброса жёлтую карту 5.",
    ),
    "discard, discard pile": (
        "Boris discarded blue 2, took a white wager from the discard pile.",
        "Boris a défaussé le 2 bleu, puis pris un pari blanc dans la défausse.",
        "Boris сбрасывает синюю карту 2 и берёт из сброса белую карту пари.",
    ),
    "lay, not drawn yet": ("Boris laid red 7.", "Boris a posé le 7 rouge.", "Boris выкладывает красную карту 7."),
    "discard, not drawn yet": (
        "Boris discarded a green wager.",
        "Boris a défaussé un pari vert.",
        "Boris сбрасывает зелёную карту пари.",
    ),
    "final laying of one": (
        "Boris laid red 8 in the final laying.",
        "Boris a posé le 8 rouge lors de la pose finale.",
        "Boris выкладывает красную карту 8 при последней выкладке.",
    ),
    "final laying of two": (
        "Boris laid red 8 and a purple wager in the final laying.",
        "Boris a posé le 8 rouge et un pari pourpre lors de la pose finale.",
        "Boris выкладывает красную карту 8 и фиолетовую карту пари при последней выкладке.",
    ),
    "final laying of two wagers": (  # found by a newcomer: "un pari pourpre et un pari pourpre"
        "Boris laid a purple wager twice in the final laying.",
        "Boris a posé deux fois un pari pourpre lors de la pose finale.",
        "Boris дважды выкладывает фиолетовую карту пари при последней выкладке.",
    ),
    "stop": ("Boris laid nothing more.", "Boris n'a plus rien posé.", "Boris больше ничего не выкладывает."),
}


@pytest.mark.parametrize("move", list(MOVES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_move_is_said_alike_in_every_language(move: str, language: str) -> None:
    # the Russian lines were terse ("Boris: синяя 2 — в сброс"): each language says, as a
    # sentence, who, which card, laid or discarded, where the new card came from and, when public, which it was
    set_language(language)
    try:
        assert describe_event(MOVES[move], "Boris") == SAID[move][LANGUAGES.index(language)]
    finally:
        set_language("en")


def test_a_move_line_can_write_its_cards_as_the_board_does() -> None:
    # for a line too narrow for the cards' names: the same sentence, the cards as on the table
    turn = MOVES["discard, discard pile"]
    assert (
        describe_event(turn, "Konstantinos", short=True) == "Konstantinos discarded B2, took W× from the discard pile."
    )


@pytest.mark.parametrize("move", list(MOVES))
def test_in_french_the_computer_is_l_ordinateur_at_the_start_of_its_moves(move: str) -> None:
    # a newcomer read "Ordinateur a défaussé le 2 bleu.": a common noun as a name wants its article in French
    set_language("fr")
    try:
        said = SAID[move][1]
        assert describe_event(MOVES[move], "Ordinateur") == "L'ordinateur" + said.removeprefix("Boris")
        assert describe_event(MOVES[move], "Ordinateur 2") == "L'ordinateur 2" + said.removeprefix("Boris")
        assert describe_event(MOVES[move], "Boris") == said  # a person's name as it is
    finally:
        set_language("en")


def test_in_french_the_computer_takes_its_article_wherever_a_sentence_names_it() -> None:
    set_language("fr")
    try:
        assert in_sentence("Ordinateur") == "l'ordinateur" and in_sentence("Ordinateur 3") == "l'ordinateur 3"
        assert in_sentence("Ordinateurs") == "Ordinateurs" and in_sentence("Ordinateur x") == "Ordinateur x"
        start = describe_next_starter(NextStarter(1, StartReason.HIGHER_SCORE, "R18"), ("Ana", "Ordinateur"), (), 2)
        assert start == "L'ordinateur commence la manche 2\u00a0: meilleur score de cette manche (R18)."
        assert won_on_time("Ana", "Ordinateur", team=False) == "Ana gagne\u00a0: l'ordinateur n'a plus de temps."
    finally:
        set_language("en")
    assert in_sentence("Computer") == "Computer"  # English names it as it is
    assert describe_event(MOVES["stop"], "Computer") == "Computer laid nothing more."


def test_in_russian_a_card_is_named_with_its_noun_as_subject_and_as_object() -> None:
    # found by a newcomer: "синюю 2", "синяя 2" read as an adjective missing its noun
    set_language("ru")
    try:
        assert card_name(Card.parse("b2")) == "синяя карта 2" and card_name(Card.parse("bw")) == "синяя карта пари"
        assert card_phrase(Card.parse("b2")) == "синюю карту 2" and card_phrase(Card.parse("bw")) == "синюю карту пари"
        refused = IllegalMoveError(Reason.LOWER_THAN_TOP, (Card.parse("b5"), Card.parse("b7")), Colour.BLUE)
        assert describe_refusal(refused).startswith("Синяя карта 5 меньше, чем синяя карта 7:")
        assert _("{card} is back in your hand.").format(card=card_name(Card.parse("b2"))) == (
            "синяя карта 2 снова у вас в руке."
        )
    finally:
        set_language("en")
