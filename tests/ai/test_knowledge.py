"""What a seat knows (H1: every public event of the round) and the deals a search samples from it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.ai.knowledge import Knowledge, knowledge, sample_round
from lost_cities.engine import PlayerView, Round, Rules, TurnRecord, player_view
from lost_cities.engine.round import fresh_deck
from tests.ai.common import every_card, known_to, random_decision, rules_st, seeds
from tests.conftest import fuzz_examples

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
    "legal_decisions",
    "final_lays_left",
    "final_turns_left",
)


def check(
    round_: Round,
    view: PlayerView,
    rng: random.Random,
    sample: Callable[[Knowledge, random.Random], Round] = sample_round,
) -> None:
    """What ``view.seat`` knows is what it saw, and the deals ``sample`` makes from it agree with the view."""
    seat = view.seat
    know = knowledge(view)
    assert [list(pile) for pile in know.piles] == round_.discards
    known = known_to(round_, seat)
    for other, cards in known.items():
        assert Counter(know.known[other]) == Counter(cards)
    turns = [turn for turn in round_.history() if isinstance(turn, TurnRecord) and turn.seat == seat]
    assert know.discarded == {turn.play.card.code for turn in turns if turn.play.discard}
    hidden = Counter(round_.deck)
    for other in known:
        hidden += Counter(round_.hands[other]) - Counter(known[other])
    assert Counter(know.unseen) == hidden
    for _ in range(2):
        dealt = sample(know, rng)
        sampled = player_view(dealt, seat)
        for name in PUBLIC:
            assert getattr(sampled, name) == getattr(view, name), name
        assert every_card(dealt) == Counter(fresh_deck(round_.rules))
        for other, cards in known.items():
            assert not Counter(cards) - Counter(dealt.hands[other])


@settings(max_examples=fuzz_examples(20, least=5), deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32), seat=st.integers(0, 3))
def test_a_seat_knows_every_pile_and_every_card_taken_and_its_samples_agree_with_its_view(
    rules: Rules, seed: int, choices: int, seat: int
) -> None:
    rng = random.Random(choices)
    round_ = Round(rules, seed, starter=seed % rules.players)
    seat %= rules.players
    while not round_.over:
        if round_.to_move == seat:
            check(round_, player_view(round_, seat), rng)
        random_decision(round_, rng, grab=0.6)  # many cards go back into hands
