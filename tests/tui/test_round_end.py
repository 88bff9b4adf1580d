"""The round's end at 80×24: every side side by side, every card shown, nothing to scroll.

Positions come from the engine; the keys pressed are the last turn's.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from lost_cities.engine import Colour, Round, Rules, parse_cards, score_side
from lost_cities.tui.common.breakdown import breakdown_lines
from lost_cities.tui.match.match_app import MatchApp
from lost_cities.tui.match.screens.round_end import Breakdowns, RoundEndScreen
from lost_cities.words import card_short
from tests.tui.helpers import (
    CROWDED_FOUR,
    CROWDED_THREE,
    NAMES_THREE,
    SIZE,
    app_at,
    crowded,
    engine,
    key_bar,
    screen_lines,
)

#: Two players, one card left: long expeditions with gaps (three wagers, 2 3 5 7 9 10), which a round
#: end at 80 columns once shortened to "××× …7 9 10" and "× 5 7–10".
LONG_TWO = (
    "y3 b4 g5 w6 r4 w2 w3 w4 / g2 g3 g4 b2 b3 y5 y7 gw | rw rw rw r2 r3 r5 r7 r9 r10 yw y2 y4 y6 y8 y10 / "
    "bw bw b5 b6 b7 b8 b9 b10 ww w5 w7 w8 w9 w10 | - | g6 | 0"
)


def values(cards: str) -> str:
    """An expedition as the round's end writes it: ``× × 3 5``."""
    return " ".join("×" if card.is_wager else str(card.value) for card in parse_cards(cards))


async def play_to_the_round_end(app: MatchApp, keys: list[str]) -> tuple[list[str], Round]:
    """The screen's lines at the round's end, and the round."""
    async with app.run_test(size=SIZE) as pilot:
        round_ = engine(app).current
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        assert app.screen.query_one(Breakdowns).max_scroll_y == 0  # everything in view: nothing to scroll
        assert "scroll" not in key_bar(app)
        return screen_lines(app), round_


async def test_every_card_of_long_expeditions_is_shown_where_it_fits() -> None:
    # with room to spare, the cards were shortened ("…7 9 10", "7–10") and nothing said how
    app = app_at(Round.from_position(LONG_TWO, Rules(hand_penalty=True)), rounds=3)
    lines, _round = await play_to_the_round_end(app, ["enter", "1", "d", "n"])
    text = "\n".join(lines)
    for expedition in (
        "rw rw rw r2 r3 r5 r7 r9 r10",
        "yw y2 y4 y6 y8 y10",
        "bw bw b5 b6 b7 b8 b9 b10",
        "ww w5 w7 w8 w9 w10",
    ):
        assert values(expedition) in text, expedition
    assert "…" not in text and "7–10" not in text
    assert "(36 − 20) × 4 + 20" in text  # each expedition's arithmetic beside its score (R12–R14, R16)


def test_three_sides_fit_side_by_side_in_80_columns() -> None:
    # the longest expedition there is (three wagers and 2 to 10) fits a third of the width whole
    rules = Rules(players=3, long=True)
    longest = score_side({Colour.PURPLE: parse_cards("pw pw pw p2 p3 p4 p5 p6 p7 p8 p9 p10")}, (), rules)
    sides = [longest] * 3
    hands = [[(name, parse_cards("y2 y3 b4 w5 g6 r7 p8"))] for name in NAMES_THREE]
    lines = breakdown_lines(sides, NAMES_THREE, hands, [0, 0, 0], rules, 78)
    assert all(line.cell_len == 78 for line in lines)
    purple = next(line.plain for line in lines if line.plain.startswith("P "))
    assert purple.count(values("pw pw pw p2 p3 p4 p5 p6 p7 p8 p9 p10")) == 3
    assert all(name in lines[0].plain for name in NAMES_THREE)


def test_a_narrow_column_wraps_the_cards_between_cards_and_never_drops_one() -> None:
    rules = Rules(players=3)
    side = score_side({Colour.RED: parse_cards("rw rw rw r2 r3 r4 r5 r6 r7 r8 r9 r10")}, parse_cards("b10 g10"), rules)
    hands = [[("A", side.hand)]] * 3
    lines = [line.plain for line in breakdown_lines([side] * 3, ("A", "B", "C"), hands, [0] * 3, rules, 44)]
    assert all(cell_len(line) == 44 for line in lines)
    start = next(index for index, line in enumerate(lines) if line.startswith("R "))
    red = [line[2:15].strip() for line in lines[start : lines.index(lines[1], start)]]  # up to the next rule
    assert " ".join(red).split()[:12] == values("rw rw rw r2 r3 r4 r5 r6 r7 r8 r9 r10").split()
    assert red[-1] == "+168"  # the score whole, on a line of its own


@pytest.mark.parametrize(
    ("players", "position", "names", "keys"),
    [
        pytest.param(3, CROWDED_THREE, NAMES_THREE, ["enter", "s"] * 3, id="three"),
        pytest.param(4, CROWDED_FOUR, None, ["enter", "s"] * 4, id="four"),
    ],
)
async def test_every_side_stands_side_by_side_with_every_card_and_hand_in_view(
    language: str, players: int, position: str, names: tuple[str, ...] | None, keys: list[str]
) -> None:
    # three players were stacked and needed scrolling; four (two teams) the same way
    app = crowded(position, players, names)
    lines, round_ = await play_to_the_round_end(app, keys)
    rules = round_.rules
    assert all(name in lines[1] for name in app.table.session.side_names)  # side by side: one line of names
    text = "\n".join(lines)
    for side in range(rules.sides):
        for colour in rules.colours:
            cards = round_.expedition(side, colour)
            if cards:
                assert values(" ".join(str(card) for card in cards)) in text
    for seat in range(players):
        hand = " ".join(card_short(card) for card in round_.hand(seat))
        assert hand in text, (seat, hand)
    assert "R23e" in lines[-2] or "R24e" in text  # who starts next, in view under the table


async def test_a_team_that_never_started_starts_with_its_first_player_and_is_told_why() -> None:
    # R24g: Ana (team of Ana and Carl) started round 1; Boris and Dana score more and have never started
    app = app_at(Round.from_position("r2 / y2 / g2 / b2 | - / b5 b6 b7 b8 b9 b10 | - | - | 0", Rules(players=4)), 2)
    lines, _round = await play_to_the_round_end(app, ["enter", "s"] * 4)
    said = " ".join(" ".join(lines).split())
    assert (
        "Boris & Dana scored more and have not started a round yet: Boris, the first of them in seat order, "
        "starts round 2 (R24e; R24g, house rule)."
    ) in said
    assert engine(app).next_starter().seat == 1


def test_the_hands_are_written_alike_on_every_side_so_that_they_stay_level() -> None:
    rules = Rules(players=4)
    sides = [score_side({}, (), rules)] * 2
    short, long_ = parse_cards("r2"), parse_cards("yw yw b2 b3 w4 g5 r6 r7")
    hands = [[("Ana", short), ("Carl", short)], [("Boris", long_), ("Dana", short)]]
    lines = [line.plain for line in breakdown_lines(sides, ("Ana & Carl", "Boris & Dana"), hands, [0, 0], rules, 60)]
    labels = [line for line in lines if "'s hand:" in line]
    assert len(labels) == 2 and all(line.count("'s hand:") == 2 for line in labels)  # a label over each hand
    assert all(line.rstrip().endswith(":") for line in labels)  # Boris's would not fit beside his cards
