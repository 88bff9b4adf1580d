"""The score pad's model: marks, availability, scoring by the engine, the match (R2, R11-R21)."""

from __future__ import annotations

import pytest

from lost_cities.engine import Card, Colour, Rules, parse_cards, score_side
from lost_cities.score.sheet import CELLS, Cell, HandFull, MarkRefused, Place, ScoreSheet

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


THREE = ("Ana", "Boris", "Carl")
FOUR = ("Ana", "Boris", "Carl", "Dana")


def test_r23b_three_players_pay_17_and_earn_the_bonus_from_the_7th_card() -> None:
    sheet = ScoreSheet(THREE)
    for text in ["r3", "r4", "r5", "r6", "r7", "r8"]:
        sheet.toggle(2, card(text))
    row = sheet.score(2).expedition(RED)
    assert (row.sum, row.cost, row.bonus, row.score) == (33, 17, 0, 16)  # six cards: no bonus yet
    sheet.toggle(2, card("r9"))
    row = sheet.score(2).expedition(RED)
    assert (row.cost, row.bonus, row.score) == (17, 20, 42 - 17 + 20)  # R23b: the 7th card earns the bonus
    assert sheet.scores() == (0, 0, 45) and sheet.running == (0, 0, 45)
    assert sheet.score(2) == score_side({RED: parse_cards("r3 r4 r5 r6 r7 r8 r9")}, (), Rules(players=3))


def test_r2_a_card_marked_for_one_of_three_players_is_taken_for_the_two_others() -> None:
    sheet = ScoreSheet(THREE)
    sheet.toggle(0, card("r7"))
    for other in (1, 2):
        with pytest.raises(MarkRefused) as refused:
            sheet.toggle(other, card("r7"))
        assert (refused.value.holder, refused.value.place) == (0, Place.TABLE)
        assert sheet.cells(other, RED)[CELLS.index(7)] is Cell.TAKEN
    for side in range(3):  # three wagers of a colour, one each
        sheet.toggle(side, card("rw"))
    assert sheet.cells(2, RED)[:3] == (Cell.TABLE, Cell.TAKEN, Cell.TAKEN)
    with pytest.raises(MarkRefused) as refused:
        sheet.press(2, RED, 1)
    assert refused.value.holder == 0  # the next side in turn order after the one asking


def test_r24_four_players_mark_as_two_teams_of_partners() -> None:
    sheet = ScoreSheet(FOUR, hand_penalty=True)
    assert sheet.sides == 2 and sheet.side_names == ("Ana & Carl", "Boris & Dana")  # R24a: seats 1 and 3
    assert sheet.rules.expedition_cost == 20 and sheet.rules.bonus_threshold == 8  # R24c: unchanged
    for text in ["b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "g2", "g3", "g4"]:
        sheet.toggle(1, card(text), Place.HAND)  # R24f: both partners' hands count against the team
    assert sheet.score(1).hand_penalty == 63
    with pytest.raises(HandFull) as full:
        sheet.toggle(1, card("g5"), Place.HAND)
    assert full.value.limit == 12 and sheet.hand(1)[-1] == card("g4")


@pytest.mark.parametrize(("names", "limit"), [(("Ann", "Bob"), 8), (THREE, 7)])
def test_r8_r23a_a_hand_holds_no_more_than_a_full_hand(names: tuple[str, ...], limit: int) -> None:
    sheet = ScoreSheet(names, hand_penalty=True)
    for value in range(2, 2 + limit):
        sheet.toggle(0, Card(Colour.YELLOW, value), Place.HAND)
    with pytest.raises(HandFull):
        sheet.toggle(0, card("y10"), Place.HAND)
    sheet.toggle(0, card("y10"))  # the table takes it
    assert len(sheet.hand(0)) == limit and sheet.expedition(0, Colour.YELLOW) == (card("y10"),)


def test_r23e_the_highest_round_score_starts_and_a_tie_is_left_to_the_players() -> None:
    sheet = ScoreSheet(THREE, rounds=3)
    sheet.toggle(1, card("g10"))  # Boris −10, the others 0
    sheet.toggle(2, card("b10"))
    sheet.toggle(0, card("y2"))
    sheet.toggle(0, card("y3"))  # Ana 5 − 17 = −12
    sheet.finish_round()
    assert sheet.totals == (-12, -7, -7)
    assert sheet.next_starter() is None  # Boris and Carl tie: it depends on who started, which the pad can't know
    sheet.toggle(2, card("w9"))  # Carl −8
    sheet.toggle(1, card("g3"))  # Boris −14, Ana 0: Ana alone has the highest score
    sheet.finish_round()
    assert sheet.next_starter() == 0 and sheet.totals == (-12, -21, -15)
    sheet.toggle(0, card("gw"))  # Ana −34 (one wager, no number)
    sheet.finish_round()
    assert sheet.outcome is not None and sheet.outcome.winner == 2  # R17: Carl, −15


def test_the_pad_is_for_two_three_or_four_players() -> None:
    for names in [("Ann",), ("a", "b", "c", "d", "e")]:
        with pytest.raises(ValueError, match="2, 3 or 4"):
            ScoreSheet(names)


def test_a_pad_started_in_french_names_its_default_players_in_todays_language() -> None:
    sheet = ScoreSheet(("Joueur 1", "Boris", "Joueur 3"))  # the names left blank in a French pad
    assert sheet.side_names == ("Player 1", "Boris", "Player 3")
    assert sheet.names == ("Joueur 1", "Boris", "Joueur 3")  # what is saved stays as it was given
