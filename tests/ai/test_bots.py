"""Every bot, in every position: a legal choice, made from its own seat's view only (H3)."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.ai import BUILTIN_BOTS, Bot, make_bot
from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.engine import Draw, Phase, PlayerView, Round, Rules, player_view

rules_st = st.builds(Rules, long=st.booleans(), hand_penalty=st.booleans(), cooperative=st.booleans())
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def bot(name: str, seed: int = 1) -> Bot:
    """A built-in bot; the search thinks with a few samples, not a clock (tests are never timed)."""
    return make_bot(name, seed=seed, samples=3)


def advance(round_: Round, turns: int, rng: random.Random) -> None:
    """Random legal turns (the last one may stop halfway, after its play)."""
    for _ in range(turns):
        if round_.over:
            return
        round_.play_code(rng.choice(round_.legal_play_codes()))
        if round_.over:
            return
        round_.draw_code(rng.choice(round_.legal_draw_codes()))
    if not round_.over and rng.random() < 0.5:
        round_.play_code(rng.choice(round_.legal_play_codes()))


@settings(max_examples=25, deadline=None)
@given(rules=rules_st, seed=seeds, turns=st.integers(0, 60), choices=st.integers(0, 2**32))
def test_every_bot_makes_a_legal_choice_in_any_position(rules: Rules, seed: int, turns: int, choices: int) -> None:
    round_ = Round(rules, seed, starter=seed % 2)
    advance(round_, turns, random.Random(choices))
    if round_.over:
        return
    seat = round_.to_move
    for name in BUILTIN_BOTS:
        view = player_view(round_, seat)
        if round_.phase is Phase.PLAY:
            assert bot(name).choose_play(view) in view.legal_plays, name
        else:
            assert bot(name).choose_draw(view) in view.legal_draws, name


@settings(max_examples=6, deadline=None)
@given(rules=rules_st, seed=seeds)
def test_every_bot_plays_whole_rounds_legally(rules: Rules, seed: int) -> None:
    # the checked path refuses anything illegal: a whole round of each bot against the heuristic
    for name in BUILTIN_BOTS:
        round_ = Round(rules, seed, starter=seed % 2)
        bots = (bot(name, seed), HeuristicBot())
        while not round_.over:
            seat = round_.to_move
            round_.play(bots[seat].choose_play(player_view(round_, seat)))
            round_.draw(bots[seat].choose_draw(player_view(round_, seat)))


def known_to(round_: Round, seat: int) -> list[int]:
    """The cards of the other hand that ``seat`` has seen it take from a discard pile, not played since."""
    known: list[int] = []
    for turn in round_.history():
        if turn.seat == seat:
            continue
        if turn.play.card.code in known:
            known.remove(turn.play.card.code)
        if turn.draw is not None and turn.draw.pile is not None and turn.drawn is not None:
            known.append(turn.drawn.code)
    return known


def hidden_permuted(round_: Round, seat: int, rng: random.Random) -> Round:
    """The same position with the cards ``seat`` cannot see (the other hand but its known cards, the
    draw pile's order) dealt differently."""
    other = 1 - seat
    twin = round_.copy()
    known = known_to(round_, seat)
    hand = list(twin.hands[other])
    for code in known:
        hand.remove(code)
    hidden = hand + twin.deck
    rng.shuffle(hidden)
    twin.hands[other] = sorted(known + hidden[: len(hand)])
    twin.deck = hidden[len(hand) :]
    return twin


@settings(max_examples=12, deadline=None)
@given(rules=rules_st, seed=seeds, turns=st.integers(0, 40), choices=st.integers(0, 2**32))
def test_a_bot_cannot_see_the_hidden_cards(rules: Rules, seed: int, turns: int, choices: int) -> None:
    # H3: with a fixed seed, the choice does not change when the other hand and the draw pile are dealt anew
    rng = random.Random(choices)
    round_ = Round(rules, seed, starter=seed % 2)
    advance(round_, turns, rng)
    if round_.over:
        return
    seat = round_.to_move
    twin = hidden_permuted(round_, seat, rng)
    assert twin.hands[1 - seat] != round_.hands[1 - seat] or twin.deck != round_.deck or len(twin.deck) < 2
    view, twin_view = player_view(round_, seat), player_view(twin, seat)
    for name in BUILTIN_BOTS:
        choose = "choose_play" if round_.phase is Phase.PLAY else "choose_draw"
        assert getattr(bot(name, 7), choose)(view) == getattr(bot(name, 7), choose)(twin_view), name


class Grabber(HeuristicBot):
    """The heuristic, except that it takes the top of a discard pile whenever it may."""

    def choose_draw(self, view: PlayerView) -> Draw:
        return view.legal_draws[-1]


def test_a_bot_that_has_followed_the_round_cannot_see_the_hidden_cards_either() -> None:
    # the same, for a search that has seen every view of its seat since the round began (it knows the piles)
    rng = random.Random(5)
    round_ = Round(Rules(), seed=70, starter=0)
    hard, other = bot("hard", 3), Grabber()
    bots: tuple[Bot, Bot] = (hard, other)
    for _ in range(30):
        seat = round_.to_move
        round_.play(bots[seat].choose_play(player_view(round_, seat)))
        round_.draw(bots[seat].choose_draw(player_view(round_, seat)))
    assert round_.to_move == 0
    assert known_to(round_, 0)  # the other seat took cards from the discard piles: hard knows it holds them
    twin = hidden_permuted(round_, 0, rng)
    assert twin.hands[1] != round_.hands[1]
    twin_bot = copy.deepcopy(hard)
    assert hard.choose_play(player_view(round_, 0)) == twin_bot.choose_play(player_view(twin, 0))
