"""Whole rounds of two, three and four players, seeded: undo as a stack, the one question, the history.

The property tests (``test_properties.py``) sample rounds at random lengths; these play every
round to its end, so every phase — the final laying (R23c) and the round's end (R10) included —
is met for every player count, each time.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lost_cities.engine import (
    STOP,
    Card,
    Colour,
    Decision,
    Draw,
    FinalLaying,
    IllegalMoveError,
    Phase,
    Play,
    Round,
    RoundRecord,
    Rules,
    TurnRecord,
    card_from_code,
)
from lost_cities.engine.round import fresh_deck

#: Every player count, and the variants that change what may be laid or how a round ends (R20, R21).
RULES = [
    Rules(),
    Rules(long=True, hand_penalty=True),
    Rules(players=3),
    Rules(players=3, long=True),
    Rules(players=4),
    Rules(players=4, long=True, hand_penalty=True),
]
SEEDS = (1, 29)


def cases() -> list[tuple[Rules, int]]:
    return [(rules, seed) for rules in RULES for seed in SEEDS]


def case_id(case: tuple[Rules, int]) -> str:
    rules, seed = case
    return f"{rules.players}p{'-long' if rules.long else ''}{'-penalty' if rules.hand_penalty else ''}-seed{seed}"


def choose(round_: Round, rng: random.Random) -> Decision:
    """A legal decision that takes from a discard pile or stops early often enough to meet every case."""
    legal = round_.legal_decisions()
    if round_.phase is Phase.DRAW and len(legal) > 1 and rng.random() < 0.4:
        return rng.choice(legal[1:])
    return rng.choice(legal)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_undo_pops_every_decision_of_a_whole_round_back_to_the_deal(case: tuple[Rules, int]) -> None:
    # python-chess's pop(): each undo gives back the decision and the round exactly as it was before it
    rules, seed = case
    r = Round(rules, seed, starter=seed % rules.players)
    rng = random.Random(seed)
    keys, legal, positions, made = [], [], [], []
    while not r.over:
        keys.append(r.state_key())
        legal.append(r.legal_codes())  # read off what state_key leaves out: each expedition's top (R6a)
        positions.append(r.position() if r.phase is Phase.PLAY else None)  # written at the start of a turn
        decision = choose(r, rng)
        r.decide(decision)
        made.append(decision)
    assert r.phase is Phase.OVER and len(made) == r.decisions_made
    while made:
        assert r.undo() == made.pop()
        assert r.state_key() == keys.pop() and r.legal_codes() == legal.pop()
        position = positions.pop()
        assert position is None or r.position() == position
    assert r == Round(rules, seed, starter=seed % rules.players)
    with pytest.raises(IllegalMoveError) as refused:
        r.undo()
    assert refused.value.rule == "R6"


def all_decisions(rules: Rules) -> list[Decision]:
    """Every decision there is in the long game, whether it could ever be legal here or not."""
    cards = sorted({card_from_code(code) for code in fresh_deck(Rules(long=True))})
    plays: list[Decision] = [Play(card, discard) for card in cards for discard in (False, True)]
    return [*plays, Draw(None), *(Draw(colour) for colour in Colour), STOP]


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_what_legal_decisions_lists_decide_accepts_and_nothing_else_in_every_phase(case: tuple[Rules, int]) -> None:
    # R6 (plays), R7 (draws), R23c (final lays and STOP), R10 (nothing once over); refused: the round unchanged
    rules, seed = case
    r = Round(rules, seed, starter=seed % rules.players)
    rng = random.Random(seed)
    every = all_decisions(rules)
    phases: Counter[Phase] = Counter()
    while True:
        legal = r.legal_decisions()
        phases[r.phase] += 1
        assert len(set(legal)) == len(legal) and [decision.code for decision in legal] == r.legal_codes()
        key = r.state_key()
        for decision in legal:
            r.decide(decision)
            assert r.undo() == decision
        assert r.state_key() == key
        unlisted = [decision for decision in every if decision not in legal]
        for decision in rng.sample(unlisted, min(10, len(unlisted))):
            with pytest.raises(IllegalMoveError):
                r.decide(decision)
            assert r.state_key() == key
        if r.over:
            break
        r.decide(choose(r, rng))
    assert legal == [] and r.legal_codes() == []
    expected = {Phase.PLAY, Phase.DRAW, Phase.OVER} | ({Phase.FINAL} if rules.final_plays else set())
    assert set(phases) == expected


def turns_as_played(rules: Rules, seed: int) -> tuple[Round, list[str], list[Card]]:
    """A whole round, with each turn written down as it was played (independently of ``history()``):
    a seat's decisions until the turn passes, and the card each draw brought into the hand."""
    r = Round(rules, seed, starter=seed % rules.players)
    rng = random.Random(seed)
    written: list[str] = []
    drawn: list[Card] = []
    turn: list[str] = []
    while not r.over:
        seat, phase, hand = r.to_move, r.phase, Counter(r.hand(r.to_move))
        decision = choose(r, rng)
        r.decide(decision)
        turn.append(str(decision))
        if phase is Phase.DRAW:
            (new,) = Counter(r.hand(seat)) - hand
            drawn.append(new)
        if r.to_move != seat or r.over:
            written.append(" ".join(turn))
            turn = []
    return r, written, drawn


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_the_history_is_the_turns_as_played_and_a_replay_of_it_is_the_same_round(case: tuple[Rules, int]) -> None:
    rules, seed = case
    r, written, drawn = turns_as_played(rules, seed)
    history = r.history()
    assert [str(turn) for turn in history] == written
    assert [turn.drawn for turn in history if isinstance(turn, TurnRecord)] == drawn
    finals = [turn for turn in history if isinstance(turn, FinalLaying)]
    assert len(finals) == (rules.players if rules.final_plays else 0)  # R23c: one laying per seat
    # the record replays through the round's own phases, turn by turn, to the same round and history
    record = RoundRecord.of(r)
    assert record.turns == tuple(written) and record.replay(rules) == r
    again = Round(rules, seed, starter=seed % rules.players)
    for count, text in enumerate(written, start=1):
        again.turn(text)
        assert again.history() == history[:count]
    assert again.state_key() == r.state_key()
