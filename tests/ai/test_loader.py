"""Bots by name: the built-in ones, anyone's as package.module:factory, and one sentence for a bad name."""

from __future__ import annotations

import pytest

from lost_cities.ai import BUILTIN_BOTS, LEVELS, Bot, BotNameError, check_bot_name, make_bot
from lost_cities.engine import Round, player_view
from tests.ai.factories import FirstChoice


def test_the_built_in_bots_and_the_levels() -> None:
    assert BUILTIN_BOTS == ("random", "heuristic", "easy", "normal", "hard")
    assert LEVELS == ("easy", "normal", "hard")
    view = player_view(Round(seed=3), 0)
    for name in BUILTIN_BOTS:
        bot = make_bot(name, seed=1, samples=2)
        assert isinstance(bot, Bot)
        assert bot.choose_play(view) in view.legal_plays
        assert check_bot_name(name) == name


def test_a_bot_of_ones_own_is_loaded_by_module_and_factory() -> None:
    bot = make_bot("tests.ai.factories:first_choice")
    assert isinstance(bot, FirstChoice)
    assert check_bot_name("tests.ai.factories:first_choice") == "tests.ai.factories:first_choice"
    assert make_bot("tests.ai.factories:FirstChoice", seed=5).__class__ is FirstChoice  # a class is a factory too


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("strong", "unknown bot 'strong': give random, heuristic, easy, normal, hard, or package.module:factory"),
        ("Hard", "unknown bot 'Hard'"),
        ("", "unknown bot ''"),
        ("tests.ai.factories:", "unknown bot"),
        (":first_choice", "unknown bot"),
        ("no.such.module:make", "cannot import the module 'no.such.module'"),
        ("tests.ai.factories:nothing", "the module 'tests.ai.factories' has no factory 'nothing'"),
        ("tests.ai.factories:NOT_CALLABLE", "has no factory 'NOT_CALLABLE'"),
        ("tests.ai.factories:needs_an_argument", "the factory failed: TypeError"),
        ("tests.ai.factories:broken", "the factory failed: RuntimeError: out of coffee"),
        ("tests.ai.factories:not_a_bot", "the factory returned no bot (it needs choose_play and choose_draw methods)"),
    ],
)
def test_a_bad_name_is_refused_in_one_sentence(name: str, sentence: str) -> None:
    with pytest.raises(BotNameError) as caught:
        check_bot_name(name)
    message = str(caught.value)
    assert sentence in message
    assert "\n" not in message
    assert isinstance(caught.value, ValueError)
