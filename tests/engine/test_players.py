"""Three players (R23) and four in two teams (R24): one or more tests per rule, each citing its id."""

from __future__ import annotations

from collections import Counter

import pytest

from lost_cities.engine import (
    STOP,
    Card,
    Colour,
    Draw,
    FinalLaying,
    IllegalMoveError,
    Match,
    Phase,
    Reason,
    Round,
    RoundRecord,
    Rules,
    StartReason,
    next_starter,
    parse_cards,
    player_view,
    score_expedition,
)
from lost_cities.engine.round import fresh_deck

THREE, FOUR = Rules(players=3), Rules(players=4)


def cards(round_: Round) -> Counter[int]:
    held = [c for hand in round_.hands for c in hand] + round_.deck
    for pile in [*round_.expeditions, *round_.discards]:
        held += pile
    return Counter(held)


def finish_normal_turns(round_: Round) -> None:
    """Discard the first card and draw from the pile until the final laying starts."""
    while round_.phase is Phase.PLAY:
        round_.play(f"-{round_.hand(round_.to_move)[0]}")
        round_.draw("n")


# ---------------------------------------------------------------- R23: three players


def test_r23a_seven_cards_each_and_back_to_seven_after_each_turn() -> None:
    r = Round(THREE, seed=5)
    assert [len(hand) for hand in r.hands] == [7, 7, 7] and r.draw_pile_size == 39
    assert cards(r) == Counter(fresh_deck(THREE))
    for _ in range(6):
        mover = r.to_move
        r.turn(f"{r.legal_decisions()[0]} n")
        assert len(r.hand(mover)) == 7
    assert Round(Rules(players=3, long=True), seed=5).draw_pile_size == 51  # R23f with R20


def test_r23b_cost_seventeen_and_the_bonus_from_the_seventh_card() -> None:
    six = score_expedition(Colour.RED, parse_cards("rw r2 r3 r4 r5 r6"), THREE)
    assert (six.cost, six.bonus, six.score) == (17, 0, (20 - 17) * 2)
    seven = score_expedition(Colour.RED, parse_cards("rw r2 r3 r4 r5 r6 r7"), THREE)  # wagers count (R23b)
    assert (seven.bonus, seven.score) == (20, (27 - 17) * 2 + 20)
    r = Round.from_position("r9 / - / - | r8 r10 / - / - | - | y2 y3 y4 | 0", THREE)
    assert r.side_totals() == [18 - 17, 0, 0]


def test_r23c_the_final_laying_from_the_player_after_the_one_who_took_the_last_card() -> None:
    r = Round.from_position("r5 r7 b2 / g4 g6 yw / w3 w9 | r3 / - / - | - | y9 | 1", THREE)
    r.turn("-g4 n")  # seat 1 takes the last card
    assert r.phase is Phase.FINAL and r.to_move == 2 and r.final_lays_left == 2 and r.final_turns_left == 3
    assert STOP in r.legal_decisions() and not any(isinstance(d, Draw) for d in r.legal_decisions())
    with pytest.raises(IllegalMoveError) as discard:
        r.play("-w3")
    assert discard.value.reason is Reason.FINAL_LAY_ONLY and discard.value.rule == "R23c"
    with pytest.raises(IllegalMoveError) as drawn:
        r.draw("n")
    assert drawn.value.reason is Reason.FINAL_NO_DRAW
    r.play("+w3")
    r.play("+w9")  # two cards: this seat's laying is over
    assert r.to_move == 0 and r.final_lays_left == 2
    r.play("+r5")
    r.stop()
    assert r.to_move == 1
    r.stop()  # the one who took the last card lays last; then the round is over
    assert r.over


def test_r23c_each_seat_lays_up_to_two_or_stops_then_the_round_is_over() -> None:
    r = Round.from_position("r5 r7 b2 / g4 g6 yw / w3 w9 | r3 / - / - | - | - | 2", THREE)
    assert r.phase is Phase.FINAL and r.to_move == 2
    r.turn("+w3 s")  # one card, then stop
    with pytest.raises(IllegalMoveError) as missing:
        r.play("+r2")
    assert missing.value.reason is Reason.NOT_IN_HAND
    r.play("+b2")
    r.play("+r5")  # R6a: above red 3 on its own side; the laying of seat 0 is over after two cards
    assert r.to_move == 1
    r.stop()  # seat 1 lays nothing
    assert r.over and r.phase is Phase.OVER
    finals = [turn for turn in r.history() if isinstance(turn, FinalLaying)]
    assert [(t.seat, [str(p) for p in t.plays], t.stopped) for t in finals] == [
        (2, ["+w3"], True),
        (0, ["+b2", "+r5"], False),
        (1, [], True),
    ]
    assert [str(turn) for turn in finals] == ["+w3 s", "+b2 +r5", "s"]
    assert RoundRecord.of(r).replay(r.rules) == r


def test_r23c_the_final_laying_follows_r6a_and_a_lay_can_be_taken_back_until_it_ends() -> None:
    r = Round.from_position("r2 r7 / g4 / w3 | r3 / - / - | - | - | 0", THREE)
    with pytest.raises(IllegalMoveError) as lower:
        r.play("+r2")
    assert lower.value.reason is Reason.LOWER_THAN_TOP and lower.value.rule == "R6a"
    r.play("+r7")
    assert r.can_take_back and r.take_back().card == Card.parse("r7")
    assert r.hand(0) == parse_cards("r2 r7") and r.to_move == 0 and r.final_lays_left == 2
    r.turn("+r7 s")
    assert not r.can_take_back


def test_r23c_under_r21_the_cards_left_after_the_final_laying_count() -> None:
    rules = Rules(players=3, hand_penalty=True)
    r = Round.from_position("r5 r7 / g4 / w3 | r3 / - / - | - | - | 0", rules)
    r.turn("+r5 +r7")
    r.turn("s")
    r.turn("s")
    assert r.over
    assert r.side_totals() == [(15 - 17), -4, -3]


def test_r23d_turn_order_is_seat_order() -> None:
    r = Round(THREE, seed=8, starter=1)
    order = []
    for _ in range(7):
        order.append(r.to_move)
        r.turn(f"{r.legal_decisions()[0]} n")
    assert order == [1, 2, 0, 1, 2, 0, 1]


def test_r23e_the_highest_score_starts_ties_go_to_the_first_after_the_last_starter() -> None:
    assert next_starter(THREE, (10, 30, 20), [0]).seat == 1
    tie = next_starter(THREE, (30, 5, 30), [0])  # seats 0 and 2 tied: after seat 0 comes 1, then 2
    assert (tie.seat, tie.reason, tie.rule, tie.house_rule) == (2, StartReason.TIE_TURN_ORDER, "R23e", True)
    assert next_starter(THREE, (30, 5, 30), [2]).seat == 0
    m = Match(THREE, rounds=2, seed=3)
    finish_normal_turns(m.current)
    while not m.current.over:
        m.current.stop()
    expected = next_starter(THREE, m.current.side_totals(), [m.current.starter])
    assert m.start_next_round().starter == expected.seat


def test_r23f_cooperative_with_three_is_one_team_score() -> None:
    m = Match(Rules(players=3, cooperative=True), rounds=1, seed=4)
    finish_normal_turns(m.current)
    while not m.current.over:
        m.current.stop()
    outcome = m.outcome
    assert outcome is not None and outcome.team_score == sum(m.totals) and outcome.winner is None


# ---------------------------------------------------------------- R24: four in two teams


def test_r24a_partners_sit_opposite_and_play_in_turn_a1_b1_a2_b2() -> None:
    assert [FOUR.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert FOUR.seats_of(0) == (0, 2) and FOUR.seats_of(1) == (1, 3)
    r = Round(FOUR, seed=2)
    order = []
    for _ in range(6):
        order.append(r.to_move)
        r.turn(f"{r.legal_decisions()[0]} n")
    assert order == [0, 1, 2, 3, 0, 1]


def test_r24b_partners_lay_on_one_shared_side_and_r6a_spans_both() -> None:
    r = Round.from_position("r5 b2 / g4 / r4 r9 / w3 | - / - | - | y2 y3 y4 y5 | 0", FOUR)
    r.turn("+r5 n")
    r.turn("-g4 n")
    with pytest.raises(IllegalMoveError) as lower:  # seat 2's partner laid red 5 on their shared expedition
        r.play("+r4")
    assert lower.value.reason is Reason.LOWER_THAN_TOP and lower.value.cards == parse_cards("r4 r5")
    r.play("+r9")
    assert r.expedition(0, Colour.RED) == parse_cards("r5 r9") and r.rules.sides == 2
    assert player_view(r, 1).expeditions == player_view(r, 3).expeditions  # both teams see both sides


def test_r24c_six_cards_each_cost_twenty_bonus_from_eight_and_a_final_laying() -> None:
    r = Round(FOUR, seed=6)
    assert [len(hand) for hand in r.hands] == [6, 6, 6, 6] and r.draw_pile_size == 36
    assert Round(Rules(players=4, long=True), seed=6).draw_pile_size == 48
    assert (FOUR.expedition_cost, FOUR.bonus_threshold, FOUR.final_plays) == (20, 8, 2)
    finish_normal_turns(r)
    assert r.phase is Phase.FINAL and r.final_turns_left == 4
    seen = []
    while not r.over:
        seen.append(r.to_move)
        r.stop()
    assert seen == [(seen[0] + k) % 4 for k in range(4)]


def test_r24d_partners_never_see_each_others_hand() -> None:
    r = Round(FOUR, seed=7)
    view = player_view(r, 0)
    assert view.hand == r.hand(0) and view.revealed_hands is None
    other = r.copy()
    other.hands[2], other.deck[:6] = sorted(other.deck[:6]), other.hands[2]
    assert player_view(other, 0) == view


def test_r24e_the_better_team_starts_with_the_partner_who_did_not_start_last_time() -> None:
    again = next_starter(FOUR, (40, 10), [0, 1])  # seat 0 started for team A last: seat 2 now
    assert (again.seat, again.reason, again.rule) == (2, StartReason.HIGHER_SCORE, "R24e")
    assert (again.partner_turn, again.team_first, again.house_rule) == (True, False, True)
    tie = next_starter(FOUR, (25, 25), [0, 3])  # equal: team A (did not start round 2), seat 2's turn
    assert (tie.seat, tie.reason, tie.partner_turn) == (2, StartReason.TEAM_TIE, True)
    later = next_starter(FOUR, (40, 10), [0, 1, 2, 3])  # partners take turns: seat 0, seat 2, seat 0 again
    assert later.seat == 0 and later.partner_turn


@pytest.mark.parametrize(
    ("scores", "starters", "seat", "reason"),
    [
        ((40, 10), [1], 0, StartReason.HIGHER_SCORE),  # team A never started: player 1
        ((40, 10), [3], 0, StartReason.HIGHER_SCORE),  # whichever of team B started
        ((10, 40), [2], 1, StartReason.HIGHER_SCORE),  # team B never started: player 2, not player 4
        ((10, 40), [0, 2], 1, StartReason.HIGHER_SCORE),  # team A started twice, team B never
        ((25, 25), [2], 1, StartReason.TEAM_TIE),  # equal: team B did not start this round, nor any
    ],
)
def test_r24g_a_team_that_never_started_starts_with_its_partner_in_the_lower_seat(
    scores: tuple[int, int], starters: list[int], seat: int, reason: StartReason
) -> None:
    first = next_starter(FOUR, scores, starters)
    assert (first.seat, first.reason, first.rule) == (seat, reason, "R24e")
    assert first.team_first and not first.partner_turn and first.house_rule


def test_r24g_then_the_partners_take_turns_over_a_match() -> None:
    # four rounds: the first started by player 3; team B scores more in rounds 1 and 2, team A in round 3
    starters = [2]
    for scores in [(10, 40), (10, 40), (40, 10)]:
        starters.append(next_starter(FOUR, scores, starters).seat)
    assert starters == [2, 1, 3, 0]  # B's first start: player 2 (R24g); then player 4; A's turn after player 3


def test_r24f_a_teams_hand_penalty_is_both_partners_hands_and_no_cooperative_game() -> None:
    rules = Rules(players=4, hand_penalty=True)
    r = Round.from_position("r5 / g4 / r7 bw / w3 | - / - | - | - | 0", rules)
    while not r.over:
        r.stop()
    assert r.side_totals() == [-(5 + 7), -(4 + 3)]
    assert r.score(0).hand == parse_cards("bw r5 r7")
    with pytest.raises(ValueError, match="R24f"):
        Rules(players=4, cooperative=True)
    with pytest.raises(ValueError, match="R24f"):  # a changed copy is checked as a new one is
        Rules(players=4).with_changes(cooperative=True)
    assert Rules(players=4).with_changes(players=3).hand_size == 7  # and what follows from it follows (R23a)
    with pytest.raises(ValueError):
        Rules(players=5)
