"""Property tests over seeds, random legal play and every player count (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.engine import (
    PLAYER_COUNTS,
    STOP,
    Card,
    Colour,
    Decision,
    Draw,
    FinalLaying,
    IllegalMoveError,
    Match,
    MatchRecord,
    Phase,
    Play,
    Round,
    RoundRecord,
    Rules,
    card_from_code,
    player_view,
    public_view,
)
from lost_cities.engine.codec import decode, encode
from lost_cities.engine.round import fresh_deck


@st.composite
def rules_st(draw: st.DrawFn) -> Rules:
    count = draw(st.sampled_from(PLAYER_COUNTS))
    cooperative = draw(st.booleans()) and count != 4  # R24f
    return Rules(players=count, long=draw(st.booleans()), hand_penalty=draw(st.booleans()), cooperative=cooperative)


seeds = st.integers(min_value=0, max_value=2**63 - 1)


def every_card(round_: Round) -> Counter[int]:
    held = [c for hand in round_.hands for c in hand] + round_.deck
    for cards in [*round_.expeditions, *round_.discards]:
        held += cards
    return Counter(held)


def step(round_: Round, rng: random.Random) -> Decision:
    """One random legal decision through the checked path: a play, a draw, or a final lay or stop."""
    decision = rng.choice(round_.legal_decisions())
    round_.decide(decision)
    return decision


def play_randomly(round_: Round, rng: random.Random, decisions: int | None = None) -> None:
    done = 0
    while not round_.over and (decisions is None or done < decisions):
        step(round_, rng)
        done += 1


@settings(max_examples=40, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32))
def test_cards_conserved_hands_full_round_ends_exactly_after_the_final_laying(
    rules: Rules, seed: int, choices: int
) -> None:
    # R2, R8, R10, R23a, R23c, R24c
    r = Round(rules, seed, starter=seed % rules.players)
    rng = random.Random(choices)
    full = Counter(fresh_deck(rules))
    while r.phase is not Phase.FINAL and not r.over:
        assert r.draw_pile_size > 0
        mover = r.to_move
        r.decide(rng.choice(r.legal_decisions()))
        assert every_card(r) == full
        assert all(isinstance(decision, Draw) for decision in r.legal_decisions())
        r.decide(rng.choice(r.legal_decisions()))
        assert every_card(r) == full
        assert len(r.hand(mover)) == rules.hand_size
    assert r.draw_pile_size == 0
    if rules.final_plays:  # R23c: every seat lays up to two cards, in turn order, then the round is over
        laid: Counter[int] = Counter()
        while not r.over:
            assert r.phase is Phase.FINAL and r.legal_decisions()[-1] == STOP
            assert not any(isinstance(decision, Draw) for decision in r.legal_decisions())
            seat = r.to_move
            laid[seat] += 1
            step(r, rng)
        assert all(laid[seat] >= 1 for seat in range(rules.players))
        finals = [turn for turn in r.history() if isinstance(turn, FinalLaying)]
        assert [turn.seat for turn in finals] == [(finals[0].seat + k) % rules.players for k in range(rules.players)]
        assert all(len(turn.plays) <= 2 and turn.complete for turn in finals)
        assert every_card(r) == full
    assert r.over and r.legal_decisions() == [] and r.legal_codes() == []


@settings(max_examples=30, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32), decisions=st.integers(0, 130))
def test_a_replayed_record_reproduces_the_state(rules: Rules, seed: int, choices: int, decisions: int) -> None:
    r = Round(rules, seed, starter=choices % rules.players)
    play_randomly(r, random.Random(choices), decisions)
    record = decode(encode(RoundRecord.of(r)), RoundRecord)
    assert record.replay(rules) == r


def all_plays() -> list[Play]:
    cards = sorted({card_from_code(code) for code in fresh_deck(Rules(long=True))})
    return [Play(card, discard) for card in cards for discard in (False, True)]


ALL_DRAWS = [Draw(None)] + [Draw(colour) for colour in Colour]


def assert_refused_unchanged(round_: Round, decision: Play | Draw | object) -> None:
    before = round_.copy()
    try:
        round_.decide(decision)  # type: ignore[arg-type]
    except IllegalMoveError:
        assert round_ == before
    else:
        raise AssertionError(f"{decision} was accepted but not listed")


@settings(max_examples=30, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32), decisions=st.integers(0, 140))
def test_every_listed_choice_applies_and_every_other_is_refused_unchanged(
    rules: Rules, seed: int, choices: int, decisions: int
) -> None:
    r = Round(rules, seed)
    rng = random.Random(choices)
    play_randomly(r, rng, decisions)
    legal = r.legal_decisions()
    # the one question (R6, R7, R23c) and the fast path's answer agree, decision for decision
    assert [decision.code for decision in legal] == r.legal_codes()
    for play in all_plays():
        if play in legal:
            trial = r.copy()
            trial.play(play)
            assert trial.expedition(rules.side_of(r.to_move), play.card.colour)[-1:] == (play.card,) or play.discard
        else:
            assert_refused_unchanged(r.copy(), play)
    for draw in ALL_DRAWS:
        if draw in legal:
            r.copy().draw(draw)
        else:
            assert_refused_unchanged(r.copy(), draw)
    if STOP in legal:
        r.copy().stop()
    else:
        assert_refused_unchanged(r.copy(), STOP)


def independent_score(cards: list[Card], rules: Rules) -> int:
    """R11-R14, R23b written out again, separately from the engine."""
    if not cards:
        return 0
    numbers = [c.value for c in cards if not c.is_wager]
    wagers = len(cards) - len(numbers)
    cost = 17 if rules.players == 3 else 20
    base = (sum(numbers) - cost) * {0: 1, 1: 2, 2: 3, 3: 4}[wagers]
    return base + (20 if len(cards) >= (7 if rules.players == 3 else 8) else 0)


@settings(max_examples=40, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32))
def test_score_matches_an_independent_computation(rules: Rules, seed: int, choices: int) -> None:
    r = Round(rules, seed)
    play_randomly(r, random.Random(choices))
    for side in range(rules.sides):
        expected = sum(independent_score(list(r.expedition(side, c)), rules) for c in rules.colours)
        if rules.hand_penalty:  # R21, R24f: every hand of the side
            seats = [seat for seat in range(rules.players) if (seat % 2 if rules.players == 4 else seat) == side]
            expected -= sum(c.value for seat in seats for c in r.hand(seat))
        assert r.score(side).total == expected == r.side_totals()[side]


@settings(max_examples=15, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32), rounds=st.integers(1, 3))
def test_a_match_record_replays_to_the_same_match(rules: Rules, seed: int, choices: int, rounds: int) -> None:
    m = Match(rules, rounds=rounds, first=choices % rules.players, seed=seed)
    rng = random.Random(choices)
    while True:
        play_randomly(m.current, rng, rng.randrange(0, 300))
        if not m.current.over or not m.more_rounds:
            break
        m.start_next_round()
    copy = decode(encode(m.record()), MatchRecord).replay()
    assert [r.state_key() for r in copy.played] == [r.state_key() for r in m.played]
    assert copy.totals == m.totals


@settings(max_examples=30, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32), decisions=st.integers(1, 150))
def test_undo_restores_the_state_before_each_decision_and_returns_it(
    rules: Rules, seed: int, choices: int, decisions: int
) -> None:
    r = Round(rules, seed)
    rng = random.Random(choices)
    states, made = [r.copy()], []
    for _ in range(decisions):
        if r.over:
            break
        made.append(step(r, rng))
        states.append(r.copy())
    states.pop()
    while states:
        assert r.undo() == made.pop()
        assert r == states.pop()
    assert r == Round(rules, seed)


@settings(max_examples=30, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32), before=st.integers(0, 60))
def test_a_round_from_a_position_undoes_to_it_and_records_it(
    rules: Rules, seed: int, choices: int, before: int
) -> None:
    # the stack of decisions starts where the round was set up: a position (as PGN's FEN), not a deal
    dealt = Round(rules, seed)
    rng = random.Random(choices)
    play_randomly(dealt, rng, before * 2)  # whole turns: a position is written at the start of one
    if dealt.over:
        return
    start = Round.from_position(dealt.position(), rules)
    r = start.copy()
    made = []
    while not r.over and len(made) < 120:
        made.append(step(r, rng))
    assert RoundRecord.of(r).position == dealt.position() and RoundRecord.of(r).replay(rules) == r
    assert r.start() == start
    history = r.history()
    while made:
        assert r.undo() == made.pop()
        now = r.history()  # read off the same stack: the turns before the last one are untouched
        assert now[:-1] == history[: max(len(now) - 1, 0)]
    assert r == start and r.history() == []


def test_a_position_built_after_its_play_undoes_its_draw_but_has_no_play_to_take_back() -> None:
    # a bot's sample (Round.from_codes) may start between a play and its draw (R7: the closed pile kept)
    r = Round.from_position("r5 b3 / - | - / - | b8 r2 | y2 y3 y4 | 0")
    r.play("-r5")
    sample = Round.from_codes(r.rules, r.hands, r.deck, r.expeditions, r.discards, 0, phase=Phase.DRAW, closed=4)
    assert sample.legal_decisions() == [Draw(None), Draw(Colour.BLUE)] and not sample.can_take_back
    sample.draw("b")
    assert [str(turn) for turn in sample.history()] == []  # a draw without its play makes no turn
    assert sample.undo() == Draw(Colour.BLUE) and sample.legal_decisions() == [Draw(None), Draw(Colour.BLUE)]


@settings(max_examples=30, deadline=None)
@given(rules=rules_st(), seed=seeds, choices=st.integers(0, 2**32), decisions=st.integers(0, 150))
def test_views_never_hold_another_seats_hand(rules: Rules, seed: int, choices: int, decisions: int) -> None:
    # H2, R24d: while the round runs, a view of seat s is the same whatever the other hands hold
    r = Round(rules, seed)
    play_randomly(r, random.Random(choices), decisions)
    if r.over:
        assert player_view(r, 0).revealed_hands == tuple(r.hand(s) for s in range(rules.players))
        return
    shuffled = r.copy()
    pool = [code for seat, hand in enumerate(shuffled.hands) if seat != 0 for code in hand] + shuffled.deck
    random.Random(choices).shuffle(pool)
    for seat in range(1, rules.players):
        size = len(shuffled.hands[seat])
        shuffled.hands[seat], pool = sorted(pool[:size]), pool[size:]
    shuffled.deck = pool
    for seat in range(rules.players):
        assert public_view(shuffled, seat) == public_view(r, seat)
    assert player_view(shuffled, 0) == player_view(r, 0)
    view = player_view(r, 0)
    assert view.revealed_hands is None and view.hand == r.hand(0)
