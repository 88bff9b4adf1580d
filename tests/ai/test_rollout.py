"""The rollouts: the round finished by the heuristic, and the sharper rules the searching seat plays there."""

from __future__ import annotations

import random
from typing import cast

from hypothesis import given, settings

from lost_cities.ai.heuristic import HeuristicBot, heuristic_draw, heuristic_play
from lost_cities.ai.rollout import play_out, sharp_draw, sharp_play
from lost_cities.ai.search import SearchBot, SearchSettings, ranked
from lost_cities.ai.view_codes import table_of
from lost_cities.engine import Colour, Draw, Play, Round, Rules, player_view
from tests.ai.common import advance, every_card, heuristic_views, rules_st, seeds
from tests.ai.test_heuristic import position

Y, B, W, G, R = Colour.YELLOW, Colour.BLUE, Colour.WHITE, Colour.GREEN, Colour.RED


def plays(round_: Round) -> tuple[str, str]:
    """Seat 0's play by the heuristic and by the sharper rules."""
    t = table_of(player_view(round_, 0))
    codes = (
        heuristic_play(t.hand, t.tops, t.mine, t.theirs, t.deck_left, t.turns_left),
        sharp_play(t.hand, t.tops, t.mine, t.theirs, t.deck_left, t.turns_left),
    )
    return str(Play.from_code(codes[0])), str(Play.from_code(codes[1]))


def draws(round_: Round, play: str) -> tuple[str, str]:
    """Seat 0's draw after ``play``, by the heuristic and by the sharper rules."""
    round_.play(play)
    t = table_of(player_view(round_, 0))
    codes = (
        heuristic_draw(t.tops, t.mine, t.discards, t.closed),
        sharp_draw(t.tops, t.mine, t.discards, t.closed, t.hand, t.deck_left),
    )
    return str(Draw.from_code(codes[0])), str(Draw.from_code(codes[1]))


def test_a_colour_opened_with_a_wager_is_bet_on_again_while_more_than_ten_cards_are_left() -> None:
    hand = "rw r5 r8 b2 y2 g3 w4 w6"
    heuristic, sharp = plays(position(hand, deck=11, mine={R: "rw"}))
    assert heuristic != "+rw" and sharp == "+rw"
    assert plays(position(hand, deck=10, mine={R: "rw"}))[1] != "+rw"  # late: the heuristic's play
    assert plays(position(hand, deck=30, mine={R: "rw r3"}))[1] != "+rw"  # numbers laid: R6a forbids it


def test_a_colour_held_strongly_is_opened_with_a_wager_while_more_than_ten_cards_are_left() -> None:
    hand = "yw y5 y6 y7 b2 r3 g4 w5"  # yellow 18: the heuristic opens it with its 5 (a wager from 24)
    assert plays(position(hand, deck=30)) == ("+y5", "+yw")
    assert plays(position(hand, deck=11))[1] == "+yw"
    assert plays(position(hand, deck=10))[1] == "-b2"  # late: the heuristic's play (24 to open)
    assert plays(position("yw y4 y6 y7 b2 r3 g4 w5", deck=30))[1] != "+yw"  # yellow 17: no bet
    strongest = "yw y5 y6 y7 bw b9 b10 w5"  # blue 19 beats yellow 18
    assert plays(position(strongest, deck=30))[1] == "+bw"


def test_a_discard_top_is_taken_to_open_a_colour_held_strongly_enough() -> None:
    discards = {B: "b4"}
    strong = "r5 r7 y2 y3 g3 w4 w6 g9"  # red 12 in hand
    assert draws(position(strong, deck=20, discards={R: "r2"}), "-g9") == ("n", "r")  # the draw pile; red
    assert draws(position("r4 r7 y2 y3 g3 w4 w6 g9", deck=20, discards={R: "r2"}), "-g9")[1] == "n"  # red 11
    assert draws(position(strong, deck=10, discards={R: "r2"}), "-g9")[1] == "n"  # late
    assert draws(position(strong, deck=20, discards={R: "r2", **discards}), "-r5")[1] == "n"  # R7: just discarded
    assert draws(position(strong, deck=20, discards={R: "rw"}), "-g9")[1] == "n"  # a wager is not taken


def test_late_in_the_round_a_card_continuing_an_expedition_is_laid_rather_than_a_card_discarded() -> None:
    hand = "r9 b2 y2 y3 g4 g5 w2 w3"
    heuristic, sharp = plays(position(hand, deck=8, mine={R: "r3"}))  # 4 turns left
    assert heuristic.startswith("-") and sharp == "+r9"
    assert plays(position(hand, deck=9, mine={R: "r3"}))[1].startswith("-")  # 5 turns left: discarded as before


def test_late_with_a_card_to_lay_for_every_turn_left_the_round_is_held_open_by_the_lowest_discard_top() -> None:
    mine = {R: "r3", B: "b2", G: "g2", Y: "y2"}
    piles = {W: "w9", G: "g3"}  # green 3 continues green: the heuristic's own draw, a card to lay
    hand = "r5 b4 g8 y7 w2 w3 w4 w5"  # four cards to lay
    assert draws(position(hand, deck=8, mine=mine, discards={W: "w9", R: "r2"}), "-w5") == ("n", "r")
    assert draws(position(hand, deck=10, mine=mine, discards={W: "w9", R: "r2"}), "-w5")[1] == "n"  # 5 turns
    assert draws(position(hand, deck=8, mine=mine, discards={W: "w9"}), "-w5")[1] == "n"  # R7: only white's
    three = "r5 b4 g8 w6 w2 w3 w4 w5"  # three cards to lay for four turns
    assert draws(position(three, deck=8, mine=mine, discards={W: "w9", R: "r2"}), "-w5")[1] == "n"
    assert draws(position(hand, deck=8, mine=mine, discards=piles), "-w5") == ("g", "g")


def test_the_search_weighs_holding_the_round_open_only_with_the_sharper_rollouts_in_the_last_cards() -> None:
    for deck, sharp, held in ((10, True, True), (10, False, False), (14, True, False)):
        round_ = position("r5 b4 g8 y7 y9 w3 w4 w5", deck=deck, mine={R: "r3", B: "b2", G: "g2", Y: "y2"})
        round_.play("-y9")  # its own discard: never taken back to lay (the heuristic lays into gaps of 1 at most)
        round_.draw("n")
        other = HeuristicBot()
        round_.play(cast(Play, other.choose_play(player_view(round_, 1))))
        round_.draw(other.choose_draw(player_view(round_, 1)))
        round_.play("-w5")
        view = player_view(round_, 0)
        weighed = ranked(view, SearchSettings(samples=8, sharp=sharp), seed=1)
        yellow = Draw.parse("y")
        assert (yellow in [decision for decision, _ in weighed]) is held, (view.draw_pile_size, sharp)


def test_the_search_keeps_its_rollouts_own_choice_unless_another_is_clearly_better() -> None:
    view = player_view(position("yw y5 y6 y7 b2 r3 g4 w5", deck=30), 0)
    for sharp, kept in ((True, "+yw"), (False, "+y5")):  # one deal: nothing is clearly better than anything
        assert str(SearchBot(SearchSettings(samples=1, sharp=sharp), seed=1).choose_play(view)) == kept


def test_with_nobody_sharp_a_rollout_is_the_heuristic_playing_every_seat() -> None:
    for seed in range(5):
        fast = Round(Rules(), seed)
        play_out(fast)
        slow = Round(Rules(), seed)
        for _view in heuristic_views(slow):  # the same rules, a decision at a time through the views
            pass
        assert fast.side_totals() == slow.side_totals()
        assert fast.expeditions == slow.expeditions


@settings(max_examples=25, deadline=None)
@given(rules_st, seeds)
def test_a_rollout_with_a_sharp_seat_ends_the_round_by_the_rules_in_every_variant(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    round_ = Round(rules, seed)
    advance(round_, rng.randrange(30), rng)
    if round_.over:
        return
    copy = round_.copy()
    play_out(copy, sharp=round_.to_move)
    assert copy.over
    assert every_card(copy) == every_card(round_)  # nothing made up, nothing lost


def test_the_search_with_the_sharper_rollouts_still_chooses_a_legal_decision_from_the_view() -> None:
    round_ = position("rw r5 r8 b2 y2 g3 w4 w6", deck=20, mine={R: "rw"})
    bot = SearchBot(SearchSettings(samples=16, sharp=True), seed=1)
    view = player_view(round_, 0)
    play = bot.choose_play(view)
    assert play in view.legal_decisions
