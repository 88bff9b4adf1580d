"""The reference heuristic, rule by rule (the rules of gnabcel/lost-cities-ai's HeuristicBot), and its known figure."""

from __future__ import annotations

from collections import Counter

from lost_cities.ai.arena import ArenaSettings, play_deals, report
from lost_cities.ai.heuristic import HeuristicBot, heuristic_final
from lost_cities.engine import Colour, Phase, Play, Round, Rules, card_from_code, parse_cards, player_view
from lost_cities.engine.codes import STOP_CODE
from lost_cities.engine.round import fresh_deck

Y, B, W, G, R = Colour.YELLOW, Colour.BLUE, Colour.WHITE, Colour.GREEN, Colour.RED


def position(
    hand: str,
    deck: int = 30,
    mine: dict[Colour, str] | None = None,
    theirs: dict[Colour, str] | None = None,
    discards: dict[Colour, str] | None = None,
    rules: Rules | None = None,
) -> Round:
    """Seat 0 to play ``hand`` on the table given; the other hand and the ``deck`` cards of the draw
    pile are cards named nowhere, which matter to nobody here (only their number is public)."""
    rules = rules or Rules()
    named = [*parse_cards(hand)]
    for group in (mine, theirs, discards):
        for text in (group or {}).values():
            named += parse_cards(text)
    spare = Counter(card_from_code(code) for code in fresh_deck(rules)) - Counter(named)
    rest = " ".join(map(str, spare.elements()))
    other, pile = rest.split()[: rules.hand_size], rest.split()[rules.hand_size :][:deck]

    def laid(group: dict[Colour, str] | None) -> str:
        return " ".join((group or {}).values()) or "-"

    text = f"{hand} / {' '.join(other)} | {laid(mine)} / {laid(theirs)} | {laid(discards)} | {' '.join(pile)} | 0"
    return Round.from_position(text, rules)


def play(round_: Round) -> str:
    return str(HeuristicBot().choose_play(player_view(round_, 0)))


def draw(round_: Round) -> str:
    return str(HeuristicBot().choose_draw(player_view(round_, 0)))


def test_it_lays_the_lowest_card_continuing_a_started_expedition_with_a_gap_of_at_most_two() -> None:
    assert play(position("r6 r9 b10 y2 y3 g4 g5 w2", mine={R: "r3"})) == "+r6"  # gap 2 (4, 5 missing)
    assert play(position("r7 r9 b10 y2 y3 g4 g5 w2", mine={R: "r3"})) != "+r7"  # gap 3: not yet


def test_the_smallest_gap_wins_and_a_wager_only_expedition_counts_from_1() -> None:
    assert play(position("r6 b3 y2 y3 g4 g5 w2 w3", mine={R: "r3", B: "bw"})) == "+b3"  # gap 1 beats gap 2


def test_any_gap_once_it_holds_more_cards_of_the_colour_than_turns_left() -> None:
    hand = "r9 r10 b10 y2 y3 g4 g5 w2"
    assert play(position(hand, deck=10, mine={R: "r3"})) != "+r9"  # 5 turns left, 2 red cards
    assert play(position(hand, deck=3, mine={R: "r3"})) == "+r9"  # 2 turns left, 2 red cards


def test_it_opens_the_strongest_colour_summing_to_18_or_more() -> None:
    assert play(position("r5 r6 r8 b2 b3 y2 g3 w4")) == "+r5"  # red 19
    assert play(position("r5 r6 r7 b2 b3 y2 g3 w4")) == "+r5"  # red 18 is enough
    assert play(position("r4 r5 r8 b2 b3 y2 g3 w4")).startswith("-")  # red 17 is not: a discard
    assert play(position("r5 r6 r8 b9 b10 y2 g3 w4")) == "+b9"  # blue 19 and red 19: the first colour
    assert play(position("r5 r6 r9 b9 b10 y2 g3 w4")) == "+r5"  # red 20 beats blue 19


def test_late_in_the_round_it_needs_six_more_and_never_more_cards_than_turns_left() -> None:
    hand = "r4 r6 r9 b2 y2 g3 w4 w5"  # red 19
    assert play(position(hand, deck=20)) == "+r4"
    assert play(position(hand, deck=19)) != "+r4"  # 19 < 24 with fewer than 20 cards left
    assert play(position("r2 r3 r4 r5 r6 b2 y2 g3", deck=8)) != "+r2"  # red 20 but 5 red cards > 4 turns


def test_it_opens_with_a_wager_when_strong_and_early() -> None:
    assert play(position("rw r5 r9 r10 b2 y2 g3 w4", deck=21)) == "+rw"  # red 24, 21 cards left
    assert play(position("rw r5 r9 r10 b2 y2 g3 w4", deck=20)) == "+r5"  # not more than 20 left
    assert play(position("rw r5 r8 r10 b2 y2 g3 w4", deck=30)) == "+r5"  # red 23: no bet


def test_it_discards_the_card_least_useful_to_itself_plus_the_opponent() -> None:
    # nothing to lay or open: every card is weighed; y2 is worth 2/4 + 2/3 to nobody in particular,
    # the red 10 the opponent could lay on its red expedition is worth 15 to it
    round_ = position("y2 b3 w4 g5 r10 yw bw gw", theirs={R: "r4"})
    assert play(round_) == "-y2"


def test_it_keeps_a_card_the_opponent_could_lay_and_gives_away_one_it_cannot() -> None:
    hand = "y9 b9 w2 w3 g2 g3 rw bw"
    assert play(position(hand, theirs={W: "w5"})) in ("-w2", "-w3")  # dead for the opponent's white
    assert play(position(hand, theirs={W: "ww"})) not in ("-w2", "-w3")  # the opponent could lay them


def test_it_draws_a_discard_only_when_it_continues_an_expedition_with_a_gap_of_at_most_one() -> None:
    round_ = position("y2 b3 w4 g5 r10 yw bw gw", mine={R: "r4"}, discards={R: "r6", G: "g9"})
    round_.apply_code(round_.legal_codes()[1])  # discard something: now a draw
    assert round_.phase is Phase.DRAW
    assert draw(round_) == "r"  # red 6 over red 4: gap 1
    round_ = position("y2 b3 w4 g5 r10 yw bw gw", mine={R: "r4"}, discards={R: "r7"})
    round_.apply_code(round_.legal_codes()[1])
    assert draw(round_) == "n"  # gap 2: the draw pile


def test_it_never_draws_back_the_card_it_just_discarded() -> None:
    round_ = position("y2 b3 w4 g5 r5 yw bw gw", mine={R: "r4"})
    round_.play(f"-{'r5'}")  # a perfect red card, discarded: R7 closes the red pile for this draw
    assert draw(round_) == "n"


def test_it_beats_random_play_in_every_round_by_about_107_points() -> None:
    # gnabcel/lost-cities-ai's figure for its HeuristicBot against random play: 100% of rounds, about +107
    settings = ArenaSettings("heuristic", "random", deals=40, seed=2024)
    figures = report(settings, list(play_deals(settings)))
    assert figures.rounds == 80
    assert figures.win_rate == 1.0
    assert abs(figures.mean_diff - 107) < 3 * figures.mean_diff_se


def final(hand: str, red: str, left: int, rules: Rules) -> str:
    """The final-laying choice (R23c) of seat 0 holding ``hand``, its red expedition being ``red``."""
    ncolours = len(rules.colours)
    expeditions: list[list[int]] = [[] for _ in range(rules.sides * ncolours)]
    expeditions[Colour.RED] = [card.code for card in parse_cards(red)]
    code = heuristic_final(sorted(card.code for card in parse_cards(hand)), expeditions, 0, left, rules)
    return "s" if code == STOP_CODE else str(Play.from_code(code))


def test_the_final_laying_lays_what_adds_most_looking_one_lay_ahead_else_stops() -> None:
    three = Rules(players=3)
    assert final("r5 r7 y2", "r4", 2, three) == "+r5"  # r5 then r7: both count
    assert final("r5 r7 y2", "r4", 1, three) == "+r7"  # one lay left: the bigger one
    assert final("y2 y3 b4", "r4", 2, three) == "s"  # opening an expedition now only costs
    assert final("rw r9", "", 2, three) == "s"  # -8 for red 9 alone, worse with the wager
    # R21: with the hand penalty, a card laid no longer counts against the hand
    assert final("r3", "r2", 1, three.with_changes(hand_penalty=True)) == "+r3"
