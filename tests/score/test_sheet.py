"""The score pad's model: marks, availability, scoring by the engine, the match (R2, R11-R21)."""

from __future__ import annotations

import pytest

from lost_cities.engine import Card, Colour, Rules, parse_cards, score_side
from lost_cities.score.sheet import CELLS, Cell, MarkRefused, Place, ScoreSheet

RED = Colour.RED


def card(text: str) -> Card:
    return Card.parse(text)


def test_r16_marked_cards_score_as_the_rulebook_example() -> None:
    # R16: two wagers and 2..8: 45 + 20 = 65; the order the cards were marked does not matter
    sheet = ScoreSheet(("Ann", "Bob"))
    for text in ["r8", "r2", "rw", "r5", "r3", "rw", "r7", "r4", "r6"]:
        sheet.toggle(0, card(text))
    assert sheet.expedition(0, RED) == parse_cards("rw rw r2 r3 r4 r5 r6 r7 r8")
    row = sheet.score(0).expedition(RED)
    assert (row.sum, row.wagers, row.multiplier, row.bonus, row.score) == (35, 2, 3, 20, 65)
    assert sheet.score(1).total == 0  # R11


def test_r2_a_number_card_is_marked_once_for_either_player() -> None:
    sheet = ScoreSheet(("Ann", "Bob"))
    sheet.toggle(0, card("r7"))
    with pytest.raises(MarkRefused) as refused:
        sheet.toggle(1, card("r7"))
    assert (refused.value.holder, refused.value.place) == (0, Place.TABLE)
    assert sheet.cells(1, RED)[CELLS.index(7)] is Cell.TAKEN
    assert sheet.cells(0, RED)[CELLS.index(7)] is Cell.TABLE
    sheet.toggle(0, card("r7"))  # a second tap unmarks
    sheet.toggle(1, card("r7"))
    assert sheet.expedition(1, RED) == (card("r7"),)


def test_r2_three_wagers_per_colour_shared_by_both_players() -> None:
    sheet = ScoreSheet(("Ann", "Bob"))
    sheet.toggle(0, card("rw"))
    sheet.toggle(0, card("rw"))
    sheet.toggle(1, card("rw"))
    assert sheet.cells(0, RED)[:3] == (Cell.TABLE, Cell.TABLE, Cell.TAKEN)
    assert sheet.cells(1, RED)[:3] == (Cell.TABLE, Cell.TAKEN, Cell.TAKEN)
    with pytest.raises(MarkRefused):
        sheet.press(1, RED, 1)  # a wager Ann holds
    sheet.toggle(1, card("rw"))  # no wager left: the key cycles Bob's back to none
    assert sheet.count(1, card("rw"), Place.TABLE) == 0
    sheet.press(1, RED, 0)  # the freed cell comes first, before the two Ann holds
    assert sheet.count(1, card("rw"), Place.TABLE) == 1


def test_r21_hand_cards_block_the_table_and_count_only_with_the_penalty() -> None:
    sheet = ScoreSheet(("Ann", "Bob"), hand_penalty=True)
    sheet.toggle(0, card("b9"), Place.HAND)
    sheet.toggle(0, card("bw"), Place.HAND)  # R21: a wager in hand costs nothing
    with pytest.raises(MarkRefused) as refused:
        sheet.toggle(1, card("b9"))
    assert refused.value.place is Place.HAND
    assert sheet.score(0).hand_penalty == 9 and sheet.score(0).total == -9
    sheet.set_hand_penalty(False)
    assert sheet.score(0).total == 0 and sheet.hand(0) == parse_cards("bw b9")


def test_a_card_marked_in_one_place_is_refused_in_the_other_and_stays_where_it_was() -> None:
    # R2, R21: a card is either laid or held; a tap in the other place must not move it silently
    sheet = ScoreSheet(("Ann", "Bob"), hand_penalty=True)
    sheet.toggle(0, card("w5"))
    with pytest.raises(MarkRefused) as refused:
        sheet.toggle(0, card("w5"), Place.HAND)
    assert (refused.value.holder, refused.value.place) == (0, Place.TABLE)
    assert sheet.expedition(0, Colour.WHITE) == (card("w5"),) and sheet.hand(0) == ()
    sheet.toggle(0, card("g4"), Place.HAND)
    with pytest.raises(MarkRefused):
        sheet.toggle(0, card("g4"), Place.TABLE)
    assert sheet.hand(0) == (card("g4"),) and sheet.expedition(0, Colour.GREEN) == ()
    sheet.press(0, Colour.GREEN, 0)  # a wager on the table ...
    with pytest.raises(MarkRefused):
        sheet.press(0, Colour.GREEN, 0, Place.HAND)  # ... is not taken into the hand by a tap on its cell
    sheet.press(0, Colour.GREEN, 1, Place.HAND)  # a free wager cell marks one in hand
    assert sheet.count(0, card("gw"), Place.TABLE) == 1 and sheet.count(0, card("gw"), Place.HAND) == 1


def test_r20_purple_only_in_the_long_game() -> None:
    sheet = ScoreSheet(("Ann", "Bob"))
    with pytest.raises(MarkRefused):
        sheet.toggle(0, card("p5"))
    sheet.set_long(True)
    sheet.toggle(0, card("p5"))
    assert sheet.score(0).expedition(Colour.PURPLE).score == -15
    with pytest.raises(ValueError, match="purple"):
        sheet.set_long(False)
    sheet.clear(0, Colour.PURPLE)
    sheet.set_long(False)
    assert len(sheet.score(0).expeditions) == 5


def test_r17_rounds_add_up_and_the_engine_names_the_winner() -> None:
    sheet = ScoreSheet(("Ann", "Bob"), rounds=2)
    sheet.toggle(0, card("y10"))  # -10
    sheet.toggle(1, card("g5"))  # -15
    assert sheet.running == (-10, -15)
    scores = sheet.finish_round()
    assert [s.total for s in scores] == [-10, -15] and sheet.blank
    assert sheet.totals == (-10, -15) and sheet.round_number == 2
    assert sheet.next_starter() == 0  # R18: the higher round score starts
    assert sheet.outcome is None
    for text in ["w2", "w3", "w4", "w5", "w6", "w7", "w8", "w9"]:  # 44 - 20 + 20 = 44
        sheet.toggle(1, card(text))
    sheet.finish_round()
    assert sheet.over and sheet.totals == (-10, 29)
    assert sheet.outcome is not None and sheet.outcome.winner == 1
    with pytest.raises(ValueError):
        sheet.finish_round()


def test_a_finished_round_can_be_reopened_while_the_next_is_blank() -> None:
    sheet = ScoreSheet(("Ann", "Bob"))
    sheet.toggle(0, card("r10"))
    sheet.finish_round()
    sheet.reopen_round()
    assert sheet.round_number == 1 and sheet.expedition(0, RED) == (card("r10"),)
    sheet.finish_round()
    sheet.toggle(1, card("b3"))
    with pytest.raises(ValueError):
        sheet.reopen_round()


def test_r18_equal_round_scores_leave_the_starter_to_the_players() -> None:
    sheet = ScoreSheet(("Ann", "Bob"))
    sheet.finish_round()
    assert sheet.next_starter() is None


def test_scores_are_the_engines() -> None:
    sheet = ScoreSheet(("Ann", "Bob"), long=True, hand_penalty=True)
    for text in ["yw", "y4", "y9", "p2", "p3", "p10", "ww"]:
        sheet.toggle(0, card(text))
    sheet.toggle(0, card("r6"), Place.HAND)
    expected = score_side(
        {Colour.YELLOW: parse_cards("yw y4 y9"), Colour.PURPLE: parse_cards("p2 p3 p10"), Colour.WHITE: [card("ww")]},
        parse_cards("r6"),
        Rules(long=True, hand_penalty=True),
    )
    assert sheet.score(0) == expected
