"""One or more tests per rule of docs/RULES.md, each citing its id."""

from __future__ import annotations

from collections import Counter

import pytest

from lost_cities.engine import (
    Card,
    Colour,
    Draw,
    IllegalMoveError,
    Match,
    Phase,
    Play,
    PublicTurn,
    Reason,
    Round,
    Rules,
    match_outcome,
    parse_cards,
    player_view,
    public_view,
    score_expedition,
    score_side,
)
from lost_cities.engine.round import fresh_deck


def all_cards(round_: Round) -> Counter[int]:
    held = [c for hand in round_.hands for c in hand] + round_.deck
    for cards in [*round_.expeditions, *round_.discards]:
        held += cards
    return Counter(held)


def test_r1_five_colours_in_order() -> None:
    # R1: yellow, blue, white, green, red
    assert [c.label for c in Rules().colours] == ["yellow", "blue", "white", "green", "red"]


def test_r2_sixty_cards_nine_numbers_three_wagers_each() -> None:
    # R2: per colour nine expedition cards 2-10 and three wagers; 60 in all
    deck = [Card.parse(f"{c.letter}{'w' if v == 1 else v}") for c in Rules().colours for v in [1, 1, 1, *range(2, 11)]]
    assert Counter(c.code for c in deck) == Counter(fresh_deck(Rules()))
    assert len(fresh_deck(Rules())) == 60
    per_colour = Counter(card.colour for card in deck)
    assert set(per_colour.values()) == {12}
    assert sum(1 for card in deck if card.is_wager) == 15


def test_r2_copies_of_each_card_match_the_deck() -> None:
    # R2: three identical wagers and one of each number per colour; purple only with R20
    for rules in (Rules(), Rules(long=True)):
        deck = Counter(fresh_deck(rules))
        for colour in Colour:
            for value in (0, *range(2, 11)):
                card = Card(colour, value)
                assert rules.copies(card) == deck[card.code]


def test_r3_one_discard_pile_per_colour_only_top_visible() -> None:
    # R3: one pile per colour, shared; the view shows the top card and the size only
    r = Round.from_position("r5 b3 / g4 | - / - | r2 r9 | y2 y3 y4 | 0")
    view = player_view(r, 1)
    assert len(view.discard_tops) == 5
    assert view.discard_top(Colour.RED) == Card.parse("r9")
    assert view.discard_size(Colour.RED) == 2
    assert Card.parse("r2") not in [c for c in view.discard_tops if c]


def test_r4_deal_eight_each_rest_is_draw_pile() -> None:
    # R4: 8 cards each, 44 in the draw pile, all 60 cards present once
    r = Round(seed=123)
    assert [len(h) for h in r.hands] == [8, 8]
    assert r.draw_pile_size == 44
    assert all_cards(r) == Counter(fresh_deck(r.rules))


def test_r4_shuffle_depends_on_seed() -> None:
    # R4: the deal is a shuffle: different seeds, different deals; same seed, same deal
    assert Round(seed=1).hands != Round(seed=2).hands
    assert Round(seed=1).hands == Round(seed=1).hands


def test_r5_either_player_may_start() -> None:
    # R5: the starter is chosen by the players
    assert Round(seed=1, starter=1).to_move == 1
    assert Match(first=1, seed=3).current.to_move == 1
    with pytest.raises(ValueError):
        Round(seed=1, starter=2)


def test_r6_play_exactly_one_card_from_hand() -> None:
    # R6: only a card in hand; after playing, the next decision is a draw
    r = Round.from_position("r5 b3 / - | - / - | - | y2 y3 y4 | 0")
    with pytest.raises(IllegalMoveError) as refused:
        r.play("+g7")
    assert refused.value.rule == "R6" and refused.value.reason is Reason.NOT_IN_HAND
    r.play("+r5")
    assert r.phase is Phase.DRAW
    with pytest.raises(IllegalMoveError) as second:
        r.play("+b3")
    assert second.value.rule == "R7"


def test_r6a_any_card_starts_an_expedition() -> None:
    # R6a: a new expedition may be started with any card, even a 10
    r = Round.from_position("r10 bw / - | - / - | - | y2 | 0")
    r.play("+r10")
    assert r.expedition(0, Colour.RED) == parse_cards("r10")


def test_r6a_numbers_strictly_increase() -> None:
    # R6a: a number must be higher than the last number
    r = Round.from_position("r5 r9 / - | r7 / - | - | y2 | 0")
    with pytest.raises(IllegalMoveError) as refused:
        r.play("+r5")
    assert str(refused.value) == "R6a: red 5 can't follow red 7: numbers must go up"
    assert refused.value.cards == (Card.parse("r5"), Card.parse("r7"))
    r.play("+r9")
    assert r.expedition(0, Colour.RED) == parse_cards("r7 r9")


def test_r6a_wagers_only_before_numbers() -> None:
    # R6a: wagers only while no number card lies in the expedition; up to three in a row
    r = Round.from_position("rw rw gw / b4 | rw g2 / - | - | y2 y3 y4 | 0")
    with pytest.raises(IllegalMoveError) as refused:
        r.play("+gw")
    assert refused.value.reason is Reason.WAGER_AFTER_NUMBER and refused.value.rule == "R6a"
    r.turn("+rw n")
    r.turn("-b4 n")
    r.play("+rw")
    assert r.expedition(0, Colour.RED) == parse_cards("rw rw rw")


def test_r6b_any_card_may_be_discarded() -> None:
    # R6b: any card, playable or not, may go to its discard pile
    r = Round.from_position("r5 / - | r7 / - | - | y2 | 0")
    assert "-r5" in [str(p) for p in r.legal_decisions()]
    assert "+r5" not in [str(p) for p in r.legal_decisions()]
    r.play("-r5")
    assert r.discard_pile(Colour.RED) == parse_cards("r5")


def test_r7_draw_pile_or_any_non_empty_discard_but_not_the_card_just_discarded() -> None:
    # R7: the pile just discarded onto is closed for this draw
    r = Round.from_position("r5 b3 / - | - / - | b8 r2 | y2 y3 y4 | 0")
    r.play("-r5")
    assert [str(d) for d in r.legal_decisions()] == ["n", "b"]
    with pytest.raises(IllegalMoveError) as refused:
        r.draw("r")
    assert refused.value.rule == "R7" and refused.value.reason is Reason.DRAW_BACK_DISCARD
    assert refused.value.cards == (Card.parse("r5"),)
    with pytest.raises(IllegalMoveError) as empty:
        r.draw("g")
    assert empty.value.reason is Reason.EMPTY_PILE
    r.draw("b")
    assert Card.parse("b8") in r.hand(0)


def test_r7_a_pile_discarded_onto_earlier_is_open_again() -> None:
    # R7: only the card discarded *this turn* is barred
    r = Round.from_position("r5 b3 / g4 g6 | - / - | - | y2 y3 y4 y5 | 0")
    r.turn("-r5 n")
    r.turn("-g4 r")
    assert Card.parse("r5") in r.hand(1)


def test_r8_hand_back_to_eight_and_turn_passes() -> None:
    # R8: after a turn the hand holds 8 cards again and the other player moves
    r = Round(seed=5)
    r.turn(f"{r.legal_decisions()[0]} n")
    assert len(r.hand(0)) == 8 and r.to_move == 1


def test_r9_draw_pile_size_is_public() -> None:
    # R9: both players' views show the draw pile's size
    r = Round(seed=5)
    assert player_view(r, 0).draw_pile_size == player_view(r, 1).draw_pile_size == 44


def test_r10_round_ends_when_last_card_is_drawn() -> None:
    # R10: the round ends at once; nobody plays the cards left in hand
    r = Round.from_position("r5 b3 / g4 | - / - | - | y9 | 0")
    r.play("+r5")
    r.draw("n")
    assert r.over and r.phase is Phase.OVER
    with pytest.raises(IllegalMoveError) as refused:
        r.play("+b3")
    assert refused.value.rule == "R10"


def test_r10_drawing_from_a_discard_pile_does_not_end_the_round() -> None:
    # R10: only the draw pile's last card ends the round
    r = Round.from_position("r5 b3 / g4 | - / - | b2 | y9 | 0")
    r.turn("+r5 b")
    assert not r.over and r.draw_pile_size == 1


def test_r11_an_expedition_with_no_card_scores_zero() -> None:
    # R11
    row = score_expedition(Colour.RED, ())
    assert (row.score, row.cost, row.started) == (0, 0, False)


def test_r12_sum_minus_twenty() -> None:
    # R12
    assert score_expedition(Colour.RED, parse_cards("r4 r5 r6")).score == -5


def test_r13_wagers_multiply_positive_or_negative() -> None:
    # R13: x2, x3, x4 for 1, 2, 3 wagers
    assert score_expedition(Colour.RED, parse_cards("rw r8 r9 r10")).score == 14
    assert score_expedition(Colour.RED, parse_cards("rw rw r5")).score == -45
    assert score_expedition(Colour.RED, parse_cards("rw rw rw r10")).multiplier == 4


def test_r14_eight_cards_earn_twenty_after_multiplying() -> None:
    # R14: +20 from 8 cards, wagers included, never multiplied
    seven = score_expedition(Colour.RED, parse_cards("rw r3 r4 r5 r6 r7 r8"))
    eight = score_expedition(Colour.RED, parse_cards("rw r2 r3 r4 r5 r6 r7 r8"))
    assert (seven.bonus, seven.score) == (0, (33 - 20) * 2)
    assert (eight.bonus, eight.score) == (20, (35 - 20) * 2 + 20)


def test_r15_round_score_is_the_sum_of_expeditions() -> None:
    # R15
    side = score_side({Colour.RED: parse_cards("r9 r10"), Colour.BLUE: parse_cards("bw")})
    assert side.total == -1 + -40


def test_r16_worked_example_exactly() -> None:
    # R16: the rulebook's table, row by row
    rows = [
        (Colour.YELLOW, "y2 y3 y8 y10", 23, 3, 0, 1, 0, 3),
        (Colour.BLUE, "bw", 0, -20, 1, 2, 0, -40),
        (Colour.WHITE, "", 0, 0, 0, 1, 0, 0),
        (Colour.GREEN, "gw g7 g8", 15, -5, 1, 2, 0, -10),
        (Colour.RED, "rw rw r2 r3 r4 r5 r6 r7 r8", 35, 15, 2, 3, 20, 65),
    ]
    side = score_side({colour: parse_cards(cards) for colour, cards, *_ in rows})
    for (colour, _cards, total, less_cost, wagers, mult, bonus, result), row in zip(
        rows, side.expeditions, strict=True
    ):
        assert row.colour == colour
        assert row.sum == total
        assert (row.sum - row.cost if row.started else 0) == less_cost
        assert (row.wagers, row.multiplier, row.bonus, row.score) == (wagers, mult, bonus, result)
    assert side.expedition(Colour.RED).count == 9
    assert side.total == 3 - 40 + 0 - 10 + 65


def finish(round_: Round) -> None:
    while not round_.over:
        round_.apply_code(round_.legal_codes()[0])
        round_.apply_code(round_.legal_codes()[0])


def test_r17_three_rounds_by_default_totals_add_highest_wins() -> None:
    # R17: three rounds; scores add up; the highest total wins; equal totals draw (house)
    m = Match(seed=11)
    assert m.rounds == 3
    for _ in range(3):
        finish(m.current)
        if m.more_rounds:
            m.start_next_round()
    assert m.over
    scores = m.round_scores
    assert m.totals == tuple(map(sum, zip(*scores, strict=True)))
    outcome = m.outcome
    assert outcome is not None
    expected = None if m.totals[0] == m.totals[1] else (0 if m.totals[0] > m.totals[1] else 1)
    assert outcome.winner == expected


def test_r17_match_outcome_from_totals_alone() -> None:
    # R17: the highest total wins; (house) equal totals are a draw; R22: one team score
    assert match_outcome((120, 95)).winner == 0
    assert match_outcome((-10, 4)).winner == 1
    tie = match_outcome((80, 80))
    assert tie.winner is None and tie.draw
    team = match_outcome((30, 45), cooperative=True)
    assert team.team_score == 75 and team.winner is None and not team.draw


def test_r17_the_players_may_agree_on_another_number_of_rounds() -> None:
    m = Match(seed=1, rounds=1)
    finish(m.current)
    assert m.over and not m.more_rounds
    with pytest.raises(ValueError):
        Match(rounds=0)


def test_r18_higher_round_score_starts_next_round() -> None:
    # R18: the higher score of the previous round starts; a tie goes to the non-starter (house)
    for seed in range(30):
        m = Match(seed=seed, rounds=2)
        finish(m.current)
        a, b = m.current.side_totals()
        starter = m.current.starter
        nxt = m.start_next_round()
        assert nxt.starter == (starter ^ 1 if a == b else (0 if a > b else 1))


def test_r19_each_round_is_dealt_afresh() -> None:
    # R19: all 60 cards reshuffled for the next round
    m = Match(seed=2, rounds=2)
    finish(m.current)
    second = m.start_next_round()
    assert all_cards(second) == Counter(fresh_deck(m.rules))
    assert second.hands != m.played[0].hands


def test_r20_long_game_adds_purple() -> None:
    # R20: 72 cards, six expeditions and six discard piles
    rules = Rules(long=True)
    r = Round(rules, seed=4)
    assert rules.card_count == 72 and Colour.PURPLE in rules.colours
    assert all_cards(r) == Counter(fresh_deck(rules)) and r.draw_pile_size == 72 - 16
    assert len(player_view(r, 0).discard_tops) == 6
    with pytest.raises(IllegalMoveError) as refused:
        Round(seed=4).play("+p5")
    assert refused.value.rule == "R20"


def test_r21_hand_penalty_counts_numbers_not_wagers() -> None:
    # R21: numbers left in hand are lost; wagers in hand cost nothing
    rules = Rules(hand_penalty=True)
    side = score_side({Colour.RED: parse_cards("r9 r10")}, parse_cards("b5 gw y10"), rules)
    assert side.hand_penalty == 15 and side.total == -1 - 15
    assert score_side({}, parse_cards("b5"), Rules()).hand_penalty == 0


def test_r22_cooperative_adds_both_scores() -> None:
    # R22: one team score, the sum of both players'
    m = Match(Rules(cooperative=True), rounds=1, seed=8)
    finish(m.current)
    outcome = m.outcome
    assert outcome is not None
    assert outcome.team_score == sum(m.totals) and outcome.winner is None and not outcome.draw


def test_h1_public_information_in_both_views() -> None:
    # H1: both expeditions, discard tops and sizes, draw pile size, last move are public
    r = Round(seed=9)
    play = r.legal_decisions()[0]
    r.turn(f"{play} n")
    mine, theirs = player_view(r, 0), player_view(r, 1)
    assert mine.expeditions == theirs.expeditions
    assert (mine.discard_tops, mine.discard_sizes) == (theirs.discard_tops, theirs.discard_sizes)
    assert isinstance(theirs.last_turn, PublicTurn) and theirs.last_turn.play == play
    assert theirs.last_turn.drawn is None  # a card from the draw pile stays hidden


def test_h1_h2_a_card_drawn_from_the_draw_pile_is_named_to_its_drawer_only() -> None:
    # H1: hidden from everyone else, the pass screen's public view included; H2: it is in the drawer's hand
    r = Round(seed=9)
    r.turn(f"{r.legal_decisions()[0]} n")
    drawn = r.history()[-1].drawn
    assert drawn is not None and drawn in r.hand(0)
    mine = player_view(r, 0).last_turn
    assert isinstance(mine, PublicTurn) and mine.drawn == drawn
    for view in (player_view(r, 1), public_view(r, 0), public_view(r, 1)):
        assert isinstance(view.last_turn, PublicTurn) and view.last_turn.drawn is None
    r.turn(f"{r.legal_decisions()[0]} n")  # the other seat's draw stays hidden from seat 0, its own still named
    first, second = player_view(r, 0).history
    assert isinstance(first, PublicTurn) and first.drawn == drawn
    assert isinstance(second, PublicTurn) and second.drawn is None
    over = Round.from_position("r5 / g4 | - / - | - | y2 | 0")  # revealed hands at the end change nothing of it
    over.turn("+r5 n")
    assert over.over and over.history()[-1].drawn is not None
    assert player_view(over, 1).last_turn.drawn is None  # type: ignore[union-attr]
    assert player_view(over, 0).last_turn.drawn == over.history()[-1].drawn  # type: ignore[union-attr]


def test_h2_a_view_never_holds_the_other_hand_during_the_round() -> None:
    # H2: private hands; revealed only once the round is over
    r = Round(seed=9)
    view = player_view(r, 0)
    assert view.hand == r.hand(0) and view.revealed_hands is None
    # swap the opponent's hand with cards from the draw pile: seat 0 must see no difference
    other = r.copy()
    other.hands[1], other.deck[:8] = sorted(other.deck[:8]), other.hands[1]
    assert other.hands[1] != r.hands[1]
    assert player_view(other, 0) == view
    assert view.legal_decisions and not player_view(r, 1).legal_decisions
    finish(r)
    assert player_view(r, 0).revealed_hands == (r.hand(0), r.hand(1))


@pytest.mark.parametrize("seed", [3, 11])
def test_the_draws_from_discard_piles_in_a_row_are_counted_until_one_from_the_draw_pile(seed: int) -> None:
    # what online play's R7a bounds: seats that only ever take discards would make one round last for ever
    r, in_a_row = Round(seed=seed), 0
    for _ in range(60):
        discard = next(d for d in r.legal_decisions() if isinstance(d, Play) and d.discard)
        r.decide(discard)
        piles = [d for d in r.legal_decisions() if isinstance(d, Draw) and d.pile is not None]
        r.decide(piles[0] if piles and in_a_row < 12 else Draw(None))
        in_a_row = in_a_row + 1 if piles and in_a_row < 12 else 0
        assert r.discard_draws_in_a_row == in_a_row
    r.decide(next(d for d in r.legal_decisions() if isinstance(d, Play)))
    assert r.discard_draws_in_a_row == in_a_row  # a play between draws breaks no run
