"""What a seat knows (H1: every public event of the round) and the deals a search samples from it."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.ai.knowledge import Knowledge, Memory, knowledge, sample_round
from lost_cities.engine import Draw, Phase, PlayerView, Round, Rules, player_view
from lost_cities.engine.round import fresh_deck
from tests.ai.test_bots import known_to

rules_st = st.builds(Rules, long=st.booleans(), hand_penalty=st.booleans(), cooperative=st.booleans())
seeds = st.integers(min_value=0, max_value=2**63 - 1)

#: What a sample must show the seat exactly as the real round does.
PUBLIC = (
    "to_move",
    "phase",
    "hand",
    "hand_sizes",
    "expeditions",
    "discard_tops",
    "discard_sizes",
    "draw_pile_size",
    "closed_pile",
    "legal_plays",
    "legal_draws",
)


def every_card(round_: Round) -> Counter[int]:
    held = [code for hand in round_.hands for code in hand] + round_.deck
    for cards in [*round_.expeditions, *round_.discards]:
        held += cards
    return Counter(held)


def check_samples(round_: Round, view: PlayerView, know: Knowledge, rng: random.Random) -> None:
    seat = view.seat
    for _ in range(3):
        sample = sample_round(know, rng)
        sampled = player_view(sample, seat)
        for name in PUBLIC:
            assert getattr(sampled, name) == getattr(view, name), name
        assert every_card(sample) == Counter(fresh_deck(round_.rules))
        assert not Counter(known_to(round_, seat)) - Counter(sample.hands[1 - seat])


def random_draw(round_: Round, rng: random.Random) -> int:
    # draw from a discard pile whenever one is open: many cards go back into hands
    draws = round_.legal_draw_codes()
    return rng.choice(draws[1:]) if len(draws) > 1 and rng.random() < 0.6 else draws[0]


@settings(max_examples=15, deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32))
def test_a_seat_following_the_round_knows_every_pile_and_every_card_taken(
    rules: Rules, seed: int, choices: int
) -> None:
    rng = random.Random(choices)
    round_ = Round(rules, seed, starter=seed % 2)
    memory = Memory()
    while not round_.over:
        seat = round_.to_move
        if seat == 0:
            view = player_view(round_, 0)
            know = knowledge(view, memory.turns(view))
            assert [list(pile) for pile in know.piles] == round_.discards
            assert Counter(know.known[1]) == Counter(known_to(round_, 0))
            mine = {turn.play.card.code for turn in round_.history() if turn.seat == 0 and turn.play.discard}
            assert know.discarded == mine
            hidden = Counter(round_.hands[1]) - Counter(know.known[1]) + Counter(round_.deck)
            assert Counter(know.unseen) == hidden
            check_samples(round_, view, know, rng)
        round_.play_code(rng.choice(round_.legal_play_codes()))
        if seat == 0:
            view = player_view(round_, 0)
            know = knowledge(view, memory.turns(view))
            assert [list(pile) for pile in know.piles] == round_.discards
            assert know.phase is Phase.DRAW
            check_samples(round_, view, know, rng)
            draw = random_draw(round_, rng)
            memory.chose_draw(view, Draw.from_code(draw))
            round_.draw_code(draw)
        else:
            round_.draw_code(random_draw(round_, rng))


@settings(max_examples=15, deadline=None)
@given(rules=rules_st, seed=seeds, turns=st.integers(2, 40), choices=st.integers(0, 2**32))
def test_a_seat_that_joins_late_knows_only_the_table_and_its_samples_still_agree_with_it(
    rules: Rules, seed: int, turns: int, choices: int
) -> None:
    rng = random.Random(choices)
    round_ = Round(rules, seed, starter=seed % 2)
    for _ in range(turns):
        round_.play_code(rng.choice(round_.legal_play_codes()))
        round_.draw_code(random_draw(round_, rng))
        if round_.over:
            return
    seat = round_.to_move
    view = player_view(round_, seat)
    know = knowledge(view, Memory().turns(view))
    assert not any(know.known)  # a missed turn is not guessed at
    assert [list(pile[-1:]) for pile in know.piles] == [pile[-1:] for pile in round_.discards]
    for _ in range(3):
        sample = sample_round(know, rng)
        assert [len(pile) for pile in sample.discards] == [len(pile) for pile in round_.discards]
        assert every_card(sample) == Counter(fresh_deck(rules))
        sampled = player_view(sample, seat)
        for name in PUBLIC:
            assert getattr(sampled, name) == getattr(view, name), name
