"""The memory aid equals what each seat has not seen, counted from the round's record and full state.

The count here shares nothing with :func:`~lost_cities.ai.knowledge.unseen_cards`, which reads one
seat's view: a round of random play is recorded, then replayed from its record decision by decision,
and after each one, for each seat, the cards whose place that seat can vouch for are counted from the
*full* state and the engine's own history of every turn (every card drawn named): its own hand, the
whole table, every discard pile whole, and the cards it saw another seat take from a pile and keep.
The aid must name exactly the rest of the deck.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings

from lost_cities.ai.knowledge import unseen_cards
from lost_cities.engine import (
    Card,
    FinalLaying,
    Match,
    MatchRecord,
    Round,
    Rules,
    TurnRecord,
    card_from_code,
    player_view,
)
from lost_cities.engine.round import fresh_deck
from tests.ai.common import random_decision, rules_st, seeds
from tests.conftest import fuzz_examples


def played_round(rules: Rules, seed: int) -> MatchRecord:
    """A whole round of random legal play, taking from the discard piles often, as a match's record."""
    match = Match(rules, rounds=1, first=seed % rules.players, seed=seed)
    rng = random.Random(seed)
    while not match.current.over:
        random_decision(match.current, rng, grab=0.4)
    return match.record()


def seen_in_full(round_: Round, viewer: int) -> Counter[Card]:
    """The cards whose place ``viewer`` can vouch for, counted from the full state and its full history.

    Its own hand; every card on the table, every discard pile whole (each card in it was on top once);
    and in each other hand the cards the viewer saw it take from a discard pile, less as many of each as
    that seat has laid or discarded since (equal cards are one to the eye: a wager laid may be the one
    taken).  Everything else is somewhere the viewer has never looked.
    """
    rules = round_.rules
    seen = Counter(round_.hand(viewer))
    for colour in rules.colours:
        seen.update(round_.discard_pile(colour))
        for side in range(rules.sides):
            seen.update(round_.expedition(side, colour))
    taken: dict[int, Counter[Card]] = {seat: Counter() for seat in range(rules.players) if seat != viewer}
    for turn in round_.history():  # the engine's own records: every card, drawn ones too
        if turn.seat == viewer:
            continue
        plays = turn.plays if isinstance(turn, FinalLaying) else (turn.play,)
        for play in plays:
            if taken[turn.seat][play.card]:
                taken[turn.seat][play.card] -= 1
        if isinstance(turn, TurnRecord) and turn.draw is not None and turn.draw.pile is not None:
            assert turn.drawn is not None
            taken[turn.seat][turn.drawn] += 1
    for cards in taken.values():
        seen.update(cards)
    return seen


def decisions_of(record: MatchRecord) -> list[str]:
    return [part for text in record.played[0].turns for part in text.split()]


def check_every_decision(record: MatchRecord) -> None:
    """After each decision of the round, for every seat: the aid from its view is the deck less what it has seen."""
    rules = record.rules
    deck = Counter(card_from_code(code) for code in fresh_deck(rules))
    round_ = Round(rules, record.played[0].seed, record.played[0].starter)
    parts = decisions_of(record)
    for count in range(len(parts) + 1):
        if count:
            round_.decide(parts[count - 1])
        for seat in range(rules.players):
            aid = unseen_cards(player_view(round_, seat))
            assert set(aid) == set(rules.colours)
            assert Counter(card for cards in aid.values() for card in cards) == deck - seen_in_full(round_, seat)
            assert all(card.colour is colour for colour, cards in aid.items() for card in cards)
            assert all(list(cards) == sorted(cards) for cards in aid.values())  # wagers first, then up


@pytest.mark.parametrize(
    ("players", "long", "seed"),
    [(2, False, 1), (2, True, 2), (3, False, 3), (3, True, 4), (4, False, 5), (4, True, 6)],
)
def test_the_memory_aid_is_what_each_seat_has_seen_by_the_record(players: int, long: bool, seed: int) -> None:
    check_every_decision(played_round(Rules(players=players, long=long), seed))


@settings(max_examples=fuzz_examples(8, least=2), deadline=None)
@given(rules_st, seeds)
def test_the_memory_aid_holds_in_every_variant(rules: Rules, seed: int) -> None:
    check_every_decision(played_round(rules, seed))
