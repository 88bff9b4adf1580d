"""Property tests over seeds and random legal play (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.engine import (
    Card,
    Colour,
    Draw,
    IllegalMoveError,
    Match,
    MatchRecord,
    Play,
    Round,
    RoundRecord,
    Rules,
    card_from_code,
)
from lost_cities.engine.round import fresh_deck

rules_st = st.builds(Rules, long=st.booleans(), hand_penalty=st.booleans())
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def every_card(round_: Round) -> Counter[int]:
    held = [c for hand in round_.hands for c in hand] + round_.deck
    for cards in [*round_.expeditions, *round_.discards]:
        held += cards
    return Counter(held)


def play_randomly(round_: Round, rng: random.Random, turns: int | None = None) -> None:
    done = 0
    while not round_.over and (turns is None or done < turns):
        round_.play(rng.choice(round_.legal_plays()))
        round_.draw(rng.choice(round_.legal_draws()))
        done += 1


@settings(max_examples=40, deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32))
def test_cards_conserved_hands_full_round_ends_exactly_when_pile_empties(rules: Rules, seed: int, choices: int) -> None:
    # R2, R8, R10
    r = Round(rules, seed, starter=seed % 2)
    rng = random.Random(choices)
    full = Counter(fresh_deck(rules))
    while not r.over:
        assert r.draw_pile_size > 0
        mover = r.to_move
        r.play(rng.choice(r.legal_plays()))
        assert every_card(r) == full
        r.draw(rng.choice(r.legal_draws()))
        assert every_card(r) == full
        assert len(r.hand(mover)) == rules.hand_size
    assert r.draw_pile_size == 0
    assert r.legal_plays() == [] and r.legal_draws() == []


@settings(max_examples=30, deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32), turns=st.integers(0, 120))
def test_a_replayed_record_reproduces_the_state(rules: Rules, seed: int, choices: int, turns: int) -> None:
    r = Round(rules, seed, starter=choices % 2)
    play_randomly(r, random.Random(choices), turns)
    record = RoundRecord.from_dict(r.record().to_dict(), rules)
    assert record.replay() == r


def all_plays(rules: Rules) -> list[Play]:
    cards = sorted({card_from_code(code) for code in fresh_deck(Rules(long=True))})
    return [Play(card, discard) for card in cards for discard in (False, True)]


ALL_DRAWS = [Draw(None)] + [Draw(colour) for colour in Colour]


@settings(max_examples=25, deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32), turns=st.integers(0, 80))
def test_every_listed_choice_applies_and_every_other_is_refused_unchanged(
    rules: Rules, seed: int, choices: int, turns: int
) -> None:
    r = Round(rules, seed)
    rng = random.Random(choices)
    play_randomly(r, rng, turns)
    if r.over:
        return
    before = r.copy()
    legal = set(r.legal_plays())
    for play in all_plays(rules):
        trial = r.copy()
        if play in legal:
            trial.play(play)
            assert play.card not in trial.hand(r.to_move) or play.card.is_wager
        else:
            try:
                trial.play(play)
            except IllegalMoveError:
                assert trial == before
            else:
                raise AssertionError(f"{play} was accepted but not listed")
    r.play(rng.choice(sorted(legal, key=str)))
    after_play = r.copy()
    legal_draws = set(r.legal_draws())
    for draw in ALL_DRAWS:
        trial = r.copy()
        if draw in legal_draws:
            trial.draw(draw)
        else:
            try:
                trial.draw(draw)
            except IllegalMoveError:
                assert trial == after_play
            else:
                raise AssertionError(f"{draw} was accepted but not listed")


def independent_score(cards: list[Card], rules: Rules) -> int:
    """R11-R14 written out again, separately from the engine."""
    if not cards:
        return 0
    numbers = [c.value for c in cards if not c.is_wager]
    wagers = len(cards) - len(numbers)
    base = (sum(numbers) - rules.expedition_cost) * {0: 1, 1: 2, 2: 3, 3: 4}[wagers]
    return base + (20 if len(cards) >= 8 else 0)


@settings(max_examples=40, deadline=None)
@given(rules=rules_st, seed=seeds, choices=st.integers(0, 2**32))
def test_score_matches_an_independent_computation(rules: Rules, seed: int, choices: int) -> None:
    r = Round(rules, seed)
    play_randomly(r, random.Random(choices))
    for side in (0, 1):
        expected = sum(independent_score(list(r.expedition(side, c)), rules) for c in rules.colours)
        if rules.hand_penalty:
            expected -= sum(c.value for c in r.hand(side))
        assert r.score(side).total == expected == r.side_totals()[side]


@settings(max_examples=15, deadline=None)
@given(seed=seeds, choices=st.integers(0, 2**32), rounds=st.integers(1, 3))
def test_a_match_record_replays_to_the_same_match(seed: int, choices: int, rounds: int) -> None:
    m = Match(Rules(), rounds=rounds, first=choices % 2, seed=seed)
    rng = random.Random(choices)
    while True:
        play_randomly(m.current, rng, rng.randrange(0, 200))
        if not m.current.over or not m.more_rounds:
            break
        m.start_next_round()
    copy = MatchRecord.from_dict(m.record().to_dict()).replay()
    assert [r.state_key() for r in copy.played] == [r.state_key() for r in m.played]
    assert copy.totals == m.totals


@settings(max_examples=40, deadline=None)
@given(seed=seeds, choices=st.integers(0, 2**32), turns=st.integers(1, 60))
def test_undo_restores_the_state_before_each_decision(seed: int, choices: int, turns: int) -> None:
    r = Round(seed=seed)
    rng = random.Random(choices)
    states = [r.copy()]
    for _ in range(turns):
        if r.over:
            break
        r.play(rng.choice(r.legal_plays()))
        states.append(r.copy())
        r.draw(rng.choice(r.legal_draws()))
        states.append(r.copy())
    states.pop()
    while states:
        r.undo()
        assert r == states.pop()
