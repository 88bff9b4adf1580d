"""Every bot, in every position, variant and player count: a legal choice, made from its own seat's view (H3)."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.ai import BUILTIN_BOTS, Bot, make_bot
from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.engine import STOP, Draw, Phase, PlayerView, Round, Rules, player_view
from tests.ai.common import advance, known_to, rules_st, seeds
from tests.conftest import fuzz_examples


def bot(name: str, seed: int = 1) -> Bot:
    """A built-in bot; the search thinks with a few samples, not a clock (tests are never timed)."""
    return make_bot(name, seed=seed, samples=3)


def decide(bot: Bot, round_: Round) -> None:
    """Ask ``bot`` for the decision ``round_`` waits for and apply it through the checked path."""
    view = player_view(round_, round_.to_move)
    if round_.phase is Phase.DRAW:
        round_.draw(bot.choose_draw(view))
        return
    choice = bot.choose_play(view)
    if choice == STOP:
        round_.stop()
    else:
        round_.play(choice)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(rules=rules_st, seed=seeds, decisions=st.integers(0, 150), choices=st.integers(0, 2**32))
def test_every_bot_makes_a_legal_choice_in_any_position(rules: Rules, seed: int, decisions: int, choices: int) -> None:
    round_ = Round(rules, seed, starter=seed % rules.players)
    advance(round_, decisions, random.Random(choices))
    if round_.over:
        return
    view = player_view(round_, round_.to_move)
    for name in BUILTIN_BOTS:
        if round_.phase is Phase.DRAW:
            assert bot(name).choose_draw(view) in view.legal_decisions, name
        else:
            assert bot(name).choose_play(view) in view.legal_decisions, name


@settings(max_examples=fuzz_examples(8, least=2), deadline=None)
@given(rules=rules_st, seed=seeds)
def test_every_bot_plays_whole_rounds_legally(rules: Rules, seed: int) -> None:
    # the checked path refuses anything illegal: a whole round of each bot against the heuristic in every other seat
    for name in BUILTIN_BOTS:
        round_ = Round(rules, seed, starter=seed % rules.players)
        bots: list[Bot] = [bot(name, seed)] + [HeuristicBot() for _ in range(rules.players - 1)]
        while not round_.over:
            decide(bots[round_.to_move], round_)


def hidden_permuted(round_: Round, seat: int, rng: random.Random) -> Round:
    """The same position with the cards ``seat`` cannot see dealt differently: the other hands (but
    the cards seen taken from a discard pile) and the draw pile's order."""
    twin = round_.copy()
    known = known_to(round_, seat)
    hidden = list(twin.deck)
    sizes = {}
    for other, cards in known.items():
        hand = list(twin.hands[other])
        for code in cards:
            hand.remove(code)
        hidden += hand
        sizes[other] = len(hand)
    rng.shuffle(hidden)
    for other, cards in known.items():
        twin.hands[other] = sorted(cards + hidden[: sizes[other]])
        del hidden[: sizes[other]]
    twin.deck = hidden
    return twin


@settings(max_examples=15, deadline=None)
@given(rules=rules_st, seed=seeds, decisions=st.integers(0, 90), choices=st.integers(0, 2**32))
def test_a_bot_cannot_see_the_hidden_cards(rules: Rules, seed: int, decisions: int, choices: int) -> None:
    # H3: with a fixed seed, the choice does not change when the other hands and the draw pile are dealt anew
    rng = random.Random(choices)
    round_ = Round(rules, seed, starter=seed % rules.players)
    advance(round_, decisions, rng, grab=0.5)
    if round_.over:
        return
    seat = round_.to_move
    twin = hidden_permuted(round_, seat, rng)
    view, twin_view = player_view(round_, seat), player_view(twin, seat)
    for name in BUILTIN_BOTS:
        choose = "choose_draw" if round_.phase is Phase.DRAW else "choose_play"
        assert getattr(bot(name, 7), choose)(view) == getattr(bot(name, 7), choose)(twin_view), name


class Grabber(HeuristicBot):
    """The heuristic, except that it takes the top of a discard pile whenever it may."""

    def choose_draw(self, view: PlayerView) -> Draw:
        return view.legal_draws[-1]


def test_a_bot_that_has_followed_the_round_cannot_see_the_hidden_cards_either() -> None:
    # the same for a search that has played the round so far: it knows the piles and the cards taken
    rng = random.Random(5)
    round_ = Round(Rules(), seed=70, starter=0)
    hard = bot("hard", 3)
    bots: tuple[Bot, Bot] = (hard, Grabber())
    for _ in range(60):
        decide(bots[round_.to_move], round_)
    assert round_.to_move == 0 and round_.phase is Phase.PLAY
    assert known_to(round_, 0)[1]  # the other seat holds cards it took from the discard piles, and hard knows it
    twin = hidden_permuted(round_, 0, rng)
    assert twin.hands[1] != round_.hands[1]
    twin_bot = copy.deepcopy(hard)
    assert hard.choose_play(player_view(round_, 0)) == twin_bot.choose_play(player_view(twin, 0))
