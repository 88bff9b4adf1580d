"""Hints that say why: the hard level's best choices in words, each with its reason, read from the
player's own view only (H3).

The positions are built through the engine (:meth:`Round.from_position`): Ana (seat 0) has a red
expedition at 4, Boris a green one at 3; the draw pile and Boris's hand are what Ana cannot see.
"""

from __future__ import annotations

import random

import pytest

from lost_cities.ai.reasons import HintReason, Why, explained, reason_for
from lost_cities.engine import Decision, Draw, Match, Play, PlayerView, Round, Rules, player_view
from lost_cities.engine.cards import Colour
from lost_cities.i18n import set_language
from lost_cities.session import HotSeat
from lost_cities.words import hint_lines, hint_reason

NAMES = ("Ana", "Boris")
POSITION = "r5 r7 bw b4 b7 b10 y2 g8 / g4 y5 | r3 r4 / g3 | r9 b2 | y9 y10 w3 w4 | 0"


def ana() -> PlayerView:
    return player_view(Round.from_position(POSITION), 0)


def reason_said(view: PlayerView, decision: Decision, names: tuple[str, ...] = NAMES, best: bool = False) -> str:
    """The reason the hint gives for ``decision``, in words: the computer's reason, said."""
    return hint_reason(reason_for(view, decision, best), names)


def reason(view: PlayerView, decision: str) -> str:
    return reason_said(view, Play.parse(decision))


def test_a_lay_that_continues_says_whether_it_leaves_a_gap() -> None:
    view = ana()
    assert reason(view, "+r5") == "continues your red expedition, no gap"
    assert reason(view, "+r7") == "continues your red expedition, skipping 2 cards"


def test_an_opening_names_the_points_of_its_colour_in_hand() -> None:
    view = ana()
    assert reason(view, "+b4") == "opens the blue expedition: 21 points in hand"
    assert reason(view, "+bw") == "a wager before the numbers: 21 points of blue in hand"
    # short of the expedition's cost, the points in hand are said as what they are: too few
    assert reason(view, "+g8") == "opens the green expedition: only 8 points in hand (cost 20)"
    three = player_view(Round(Rules(players=3), 5), 0)  # yellow 7 and 8 in hand: 15 points
    said = reason_said(three, Play.parse("+y7"), ("Ana", "Boris", "Carl"))
    assert said == "opens the yellow expedition: only 15 points in hand (cost 17)"  # R23b: 17 with three players
    # the hint's first choice is said as a reason to do it (a newcomer read "only 4 points" at the top as "don't")
    best = reason_said(three, Play.parse("+y7"), ("Ana", "Boris", "Carl"), best=True)
    assert best == "opens the yellow expedition: 15 points in hand"
    thin = player_view(Round.from_position(POSITION.replace("b10", "rw")), 0)  # blue 4 and 7 only: 11 points
    assert reason_said(thin, Play.parse("+bw")) == "a risky wager: only 11 points of blue in hand"
    # the hint's first choice is said as a reason to do it (a newcomer read "risky" at the top as "don't")
    best = reason_said(thin, Play.parse("+bw"), best=True)
    assert best == "a wager before the numbers: 11 points of blue in hand"


def test_a_discard_says_who_could_use_it_and_one_the_opponent_could_use_is_a_risk() -> None:
    view = ana()
    # no yellow expedition on the table: it helps nobody's expedition, but anyone could open yellow with it
    assert reason(view, "-y2") == "no expedition under way can take it"
    risky = reason(view, "-g8")  # Boris's green stands at 3
    assert risky == "risky: Boris could take it for their green expedition"
    assert "neither" not in risky
    assert reason(view, "-r7") == "safe: nobody else could lay it"
    # the hint's first choice is said as a reason to do it, the risk after (a newcomer read "risky" as "don't")
    best = reason_said(view, Play.parse("-g8"), best=True)
    assert best == "the best all the same, though Boris could take it for their green expedition"


def test_a_draw_from_a_discard_pile_says_what_the_card_does_for_you() -> None:
    round_ = Round.from_position(POSITION)
    round_.play(Play.parse("+r5"))
    view = player_view(round_, 0)
    assert reason_said(view, Draw(Colour.RED)) == "continues your red expedition, skipping 3 cards"
    assert reason_said(view, Draw(Colour.BLUE)) == "23 points of blue in hand with it"
    assert reason_said(view, Draw(None), best=True) == "the safest: no discard worth more"
    below = Round.from_position(POSITION.replace("r9 b2", "r2 b2"))
    below.play(Play.parse("+r5"))  # red 2 is below red 5: no use but to keep the draw pile as it is
    reason = reason_said(player_view(below, 0), Draw(Colour.RED))
    assert reason == "holds the round open: one more turn to lay your cards"


def test_in_the_last_cards_a_discard_that_cannot_pay_for_its_colour_holds_the_round_open() -> None:
    # four cards left: blue (23 points in hand with it) could still pay its cost; a yellow wager, alone, not
    late = Round.from_position(POSITION.replace("r9 b2", "yw b2"))
    late.play(Play.parse("+r5"))
    view = player_view(late, 0)
    assert reason_said(view, Draw(Colour.YELLOW)) == "holds the round open: one more turn to lay your cards"
    assert reason_said(view, Draw(Colour.BLUE)) == "23 points of blue in hand with it"
    early = Round.from_position(POSITION.replace("r9 b2", "yw b2").replace("w3 w4", "w3 w4 w5 w6 w7 w8 w9 w10 g5"))
    early.play(Play.parse("+r5"))  # thirteen cards left: a card taken for its colour, not for time
    assert reason_said(player_view(early, 0), Draw(Colour.YELLOW)) == "2 points of yellow in hand with it"


def test_the_hint_reads_one_numbered_line_a_choice_with_its_estimate() -> None:
    view = ana()
    text = hint_lines(view, explained(view, [(Play.parse("+r5"), 4.2), (Play.parse("-y2"), -1.25)]), NAMES)
    assert text == (
        "1. lay red 5 (+4.2) — continues your red expedition, no gap\n"
        "2. discard yellow 2 (−1.2) — no expedition under way can take it\n"
        "The numbers: your expected lead over Boris at the round's end."
    )


@pytest.mark.parametrize(
    ("rules", "names", "said"),
    [
        (Rules(players=3), ("Ana", "Boris", "Carl"), "your expected lead over the best of the others"),
        (Rules(players=4), ("Ana", "Boris", "Carl", "Dana"), "Numbers: expected lead over Boris & Dana"),
        (Rules(cooperative=True), NAMES, "your team's expected score"),
    ],
)
def test_the_hint_says_what_its_numbers_measure_against_whom(rules: Rules, names: tuple[str, ...], said: str) -> None:
    # the search's figure is the side's score minus the best other side's (the team score, R22): a newcomer reads
    # "+18.2" as nothing until it is named
    view = player_view(Round(rules, 5), 0)
    text = hint_lines(view, explained(view, [(view.legal_decisions[0], 18.2)]), names)
    assert said in text.split("\n")[-1]


@pytest.mark.parametrize(
    ("language", "said"),
    [("fr", "avec elle, 23 points de couleur bleue en main"), ("ru", "с ней в руке 23 очка синего цвета")],
)
def test_a_draw_names_its_colour_in_the_form_the_sentence_needs(language: str, said: str) -> None:
    # "белый цвета", "couleur bleu": the colour's name where the sentence wants it qualifying
    set_language(language)
    try:
        round_ = Round.from_position(POSITION)
        round_.play(Play.parse("+r5"))
        assert reason_said(player_view(round_, 0), Draw(Colour.BLUE)) == said
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_every_reason_is_a_whole_sentence_in_french_and_russian(language: str) -> None:
    set_language(language)
    try:
        view = ana()
        decisions = [(decision, 1.5) for decision in view.legal_decisions]
        text = hint_lines(view, explained(view, decisions), NAMES)
    finally:
        set_language("en")
    assert len(text.split("\n")) == len(decisions) + 1  # and what the numbers are
    assert "{" not in text and "continues" not in text and "discard" not in text


def session_at(round_: Round) -> HotSeat:
    match = Match(round_.rules, rounds=1, first=round_.starter, seed=1)
    match.played[0] = round_
    return HotSeat(NAMES, match)


def test_the_hint_knows_nothing_the_player_does_not() -> None:
    # Boris's hand and the draw pile dealt otherwise: the same view for Ana, so the same hint
    rules = Rules()
    round_ = Round(rules, 12)
    hidden = round_.hands[1] + round_.deck
    random.Random(3).shuffle(hidden)
    size = len(round_.hands[1])
    other = Round.from_codes(
        rules, [round_.hands[0], hidden[:size]], hidden[size:], round_.expeditions, round_.discards, round_.to_move
    )
    first = Round.from_codes(rules, round_.hands, round_.deck, round_.expeditions, round_.discards, round_.to_move)
    assert first.hands[1] != other.hands[1]
    hints = [session_at(position).hint(samples=10)() for position in (first, other)]
    assert hints[0].choices == hints[1].choices
    assert 1 <= len(hints[0].choices) <= 3
    assert hints[0].view.seat == 0 and hints[0].view.hand == first.hand(0)


def test_the_hint_counts_as_taken() -> None:
    session = session_at(Round(Rules(), 12, starter=0))
    session.hint(samples=2)
    assert session.hints == [[1, 0]]


def test_a_discard_below_every_expedition_of_its_colour_is_of_use_to_nobody() -> None:
    # both have started red above 3: a red 2 fits neither expedition, and can open none
    view = player_view(
        Round.from_position("r2 r9 bw b4 b7 b10 y2 g8 / g4 y5 | r3 r4 / r5 g3 | b2 | y9 y10 w3 w4 | 0"), 0
    )
    assert reason(view, "-r2") == "neither you nor Boris can use it"


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
@pytest.mark.parametrize("why", list(Why))
def test_every_reason_the_computer_gives_is_worded_in_every_language(why: Why, language: str) -> None:
    set_language(language)
    try:
        text = hint_reason(HintReason(why, Colour.RED, points=5, gap=2, cost=20, seat=1), NAMES)
    finally:
        set_language("en")
    assert text and "{" not in text


def test_a_hint_asked_again_before_deciding_is_given_again_and_counted_once() -> None:
    # found by a newcomer: h pressed four times on one turn thought four times and said "Hints taken: (4)"
    session = session_at(Round(Rules(), 12, starter=0))
    first = session.hint(samples=2)()
    again = session.hint(samples=2)()
    assert again is first and session.hints == [[1, 0]]
    session.decide(first.choices[0][0])  # decided: the next decision's hint is another, and counted
    drawing = session.hint(samples=2)()
    assert drawing is not first and session.hints == [[2, 0]]
    # a card taken back and another played: another position, another hint (found by a review: the same one came
    # back, naming a pile the new discard had closed)
    session.take_back()
    other = next(d for d in session.view().legal_decisions if d != first.choices[0][0] and isinstance(d, Play))
    session.decide(other)
    assert session.hint(samples=2)() is not drawing and session.hints == [[3, 0]]


def test_a_card_laid_as_the_hint_advised_is_known_as_advised_until_it_is_drawn_for() -> None:
    # a tip must not question the card the hint advised (found by a newcomer: "take it back" after the hint's wager)
    session = session_at(Round(Rules(), 12, starter=0))
    advice = session.hint(samples=2)().choices[0].decision
    session.decide(advice)
    assert session.advised(session.view())
    session.take_back()
    other = next(d for d in session.view().legal_decisions if d != advice)
    session.decide(other)
    assert not session.advised(session.view())  # another card: the hint said nothing for it


def test_the_hints_numbers_name_the_computer_as_a_french_sentence_does() -> None:
    # found by a newcomer: "votre avance attendue sur Ordinateur", without the article the move lines have
    view = player_view(Round(Rules(), 5), 0)
    set_language("fr")
    try:
        text = hint_lines(view, explained(view, [(view.legal_decisions[0], 18.2)]), ("Ana", "Ordinateur"))
    finally:
        set_language("en")
    assert text.split("\n")[-1].endswith("votre avance attendue sur l'ordinateur en fin de manche.")
