"""``lost-cities score EXPEDITION...``: one side of a finished round, from arguments (R11-R16, R20, R21)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.cli import main
from lost_cities.engine import Card, Colour, Rules, score_side
from lost_cities.quoting import excerpt
from lost_cities.score.sheet import ScoreSheet, pad_to_json
from lost_cities.storage import MatchStore
from tests.conftest import Cli
from tests.helpers import rigged

# R16: the rulebook's worked example, one row per line of its table
RULEBOOK = [
    "yellow:2,3,8,10",  # numbers only, sum 23: 3
    "b:w",  # one wager, no number: -40
    # white: nothing played: 0
    "G:w,7,8",  # one wager, sum 15: -10
    "red:w w 2 3 4 5 6 7 8",  # two wagers, sum 35, 9 cards: 45 + 20 = 65
]


def run(*argv: str) -> tuple[int, str, str]:
    """Run the command in-process; argparse's own errors exit with SystemExit."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["score", *argv])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_r16_rulebook_example_as_json() -> None:
    status, out, err = run(*RULEBOOK, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    rows = {row["colour"]: row for row in data["expeditions"]}
    assert list(rows) == ["yellow", "blue", "white", "green", "red"]  # R1: the game's colour order
    assert [rows[c]["score"] for c in rows] == [3, -40, 0, -10, 65]
    assert rows["red"] == {
        "colour": "red",
        "started": True,
        "cards": ["rw", "rw", "r2", "r3", "r4", "r5", "r6", "r7", "r8"],
        "sum": 35,
        "cost": 20,
        "wagers": 2,
        "multiplier": 3,
        "bonus": 20,  # R14: added after the multiplication
        "score": 65,
    }
    assert rows["white"]["cost"] == 0 and not rows["white"]["started"]  # R11
    assert rows["blue"]["multiplier"] == 2 and rows["blue"]["sum"] == 0  # R13
    assert data["hand"] is None and data["hand_penalty"] == 0
    assert data["total"] == 18  # R15


def test_r16_rulebook_example_as_a_table() -> None:
    status, out, _ = run(*RULEBOOK)
    assert status == 0
    lines = out.splitlines()
    header = lines[0].split()
    assert header == ["expedition", "cards", "sum", "−20", "wagers", "×", "8+", "cards", "score"]
    body = {line.split()[0]: line.split() for line in lines if line and line.split()[0] in ("yellow", "red")}
    assert body["yellow"] == ["yellow", "2", "3", "8", "10", "23", "+3", "0", "×1", "–", "+3"]
    assert body["red"][-6:] == ["35", "+15", "2", "×3", "+20", "+65"]
    assert lines[-1].split() == ["total", "+18"]
    assert "white" in out and "in hand" not in out


def test_r21_hand_penalty_row_and_total() -> None:
    status, out, _ = run("red:w,w,3,4,7,10", "b:2,5", "--hand", "g5 yw")
    assert status == 0
    assert ["in", "hand", "Y×", "G5", "−5"] in [line.split() for line in out.splitlines()]
    assert out.splitlines()[-1].split() == ["total", "−6"]
    data = json.loads(run("red:w,w,3,4,7,10", "b:2,5", "--hand", "g5,yw", "--json")[1])
    assert data["hand"] == ["yw", "g5"] and data["hand_penalty"] == 5 and data["total"] == -6


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_a_wager_is_typed_w_or_x_and_shown_as_on_the_board(language: str) -> None:
    # one symbol for a wager wherever the program shows one: ×, as the board and the pad draw it
    status, out, _ = run("--lang", language, "red:w,x,3", "--hand", "gw g5 yw")
    assert status == 0
    words = [line.split() for line in out.splitlines()]
    assert ["×", "×", "3"] in [row[1:4] for row in words]  # the red row's cards
    assert ["Y×", "G×", "G5"] in [row[-4:-1] for row in words]  # the hand, as the board writes a hand
    assert not {"w", "x", "rw", "gw", "yw"} & {word for row in words for word in row}


def test_r20_long_game_has_a_purple_row() -> None:
    data = json.loads(run("--long", "p:w,9,10", "--json")[1])
    assert [row["colour"] for row in data["expeditions"]][-1] == "purple"
    assert data["total"] == -2


def test_colour_by_letter_or_name_in_any_case_and_cards_in_full_notation() -> None:
    a = json.loads(run("R:w,3,4", "Blue:B7,b8", "--json")[1])
    b = json.loads(run("red:x", "3", "4", "b:7", "8", "--json")[1])  # unquoted words continue an expedition
    assert a == b and a["total"] == -26 + -5


@pytest.mark.parametrize(
    ("language", "argv"),
    [
        ("en", ["violet:w,9,10"]),
        ("fr", ["violet:p,9,10"]),  # p for pari: a card's place holds no colour letter
        ("fr", ["Violette:P,9,10"]),
        ("ru", ["пурпурный:п,9,10"]),
        ("ru", ["сиреневая:х,9,10"]),  # the Cyrillic х that looks like x
        ("ru", ["violet:w,9,10"]),  # a colour's name in any language we speak, whichever is spoken today
        ("en", ["pourpre:п,9,10"]),
        ("en", ["p:w,9", "10", "--hand", "rp"]),  # French p in a hand too: red wager, 0 points in hand
    ],
)
def test_other_words_for_purple_and_a_wager_in_any_language(language: str, argv: list[str]) -> None:
    status, out, err = run("--lang", language, "--long", *argv, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["total"] == -2  # a purple wager, 9 and 10: (19 − 20) × 2


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_a_card_in_hand_that_cannot_be_read_names_the_colours_letters(language: str) -> None:
    status, _, err = run("--lang", language, "r:3", "--hand", "v5")
    assert status == 2 and err.count("\n") == 1
    assert "(y b w g r)" in err and "r5, bw" in err


def test_hand_alone_scores_a_side_that_laid_nothing() -> None:
    data = json.loads(run("--hand", "r5 b10", "--json")[1])
    assert data["total"] == -15 and all(not row["started"] for row in data["expeditions"])


NINE = "y2 y3 y4 y5 y6 y7 y8 y9 y10"
EIGHT = "y2 y3 y4 y5 y6 y7 y8 y9"

REFUSALS = [
    # (arguments, offending token, words of the message)
    (["red:w,3,2"], "red:w,3,2", "red 2 can't follow red 3: numbers must go up (R6a)"),  # R6a
    (["red:w 3", "2"], "red:w 3 2", "red 2 can't follow red 3"),  # R6a, unquoted
    (["red:3,3"], "red:3,3", "there is only one red 3 (R2)"),  # R2/R6a: not above the one before
    (["red:w,3,w"], "red:w,3,w", "a red wager can't follow red 3: wagers come before numbers (R6a)"),  # R6a
    (["red:w,w,w,w"], "red:w,w,w,w", "at most three wagers (R2)"),  # R2
    (["red:1"], "red:1", "there is no red 1: numbers go from 2 to 10"),  # R2
    (["red:11"], "red:11", "there is no red 11"),  # R2
    (
        ["orange:3"],
        "orange:3",
        "unknown colour 'orange': use a name or a letter, yellow (y), blue (b), white (w), green (g), red (r)",
    ),  # R1
    (["red:3", "r:4"], "r:4", "red is given twice (also red:3)"),
    (["purple:5"], "purple:5", "purple is only in the long game (R20): add --long"),  # R20
    (["red:5", "--hand", "r5 b2"], "--hand r5", "red 5 is already on the table (red:5)"),  # R2
    (["red:w,w", "--hand", "rw rw"], "--hand rw", "red wager: there are only 3 (R2)"),  # R2
    (["--hand", "b4 b4"], "--hand b4", "there is only one blue 4 (R2)"),  # R2
    (["--hand", "p4"], "--hand p4", "purple is only in the long game (R20)"),  # R20
    (["--hand", "r11"], "--hand r11", "can't read 'r11'"),
    (["red:foo"], "red:foo", "can't read 'foo'"),
    (["red3"], "red3", "expected COLOUR:CARDS"),
    (["red:b4"], "red:b4", "blue 4 does not belong in the red expedition (R6a)"),  # R6a
    ([":4"], ":4", "no colour before the colon"),
    (["red:4", "--rounds", "2"], "--rounds", "for the score pad"),
    # only ASCII digits are numbers; a huge number is refused like any other (R2)
    (["red:²"], "red:²", "can't read '²': write a number from 2 to 10 in plain digits (0-9)"),
    (["red:3,²"], "red:3,²", "can't read '²'"),
    (["red:３"], "red:３", "can't read '３'"),
    (["red:١٠"], "red:١٠", "can't read '١٠'"),
    (["red:" + "9" * 5000], "red:" + "9" * 5000, "there is no red 99999"),
    (["red:3", "--hand", "r²"], "--hand r²", "can't read 'r²'"),
    # R8: a round ends with at most a full hand; R23a: 7 for three players; R24c: a team's two hands of 6
    (["--hand", NINE], "--hand", "9 cards, but a hand holds at most 8 at the end of a round (R8)"),
    (["--players", "3", "--hand", EIGHT], "--hand", "8 cards, but a hand holds at most 7 at the end of a round (R23a)"),
    (
        ["--players", "4", "--hand", f"{NINE} b2 b3 b4 b5"],
        "--hand",
        "13 cards, but the two partners' hands hold at most 12 at the end of a round (R24c)",
    ),
    # R23, R24: two, three or four players, nothing else
    *(
        (["red:3", "--players", players], f"--players {players}", "give 2, 3 (R23) or 4 players (two teams, R24)")
        for players in ("5", "1", "0", "-3", "x", "３", "", "2.0", "9" * 5000, "[/]")
    ),
    (["--rounds", "100"], "argument --rounds", "100 is out of range: give a number from 1 to 20"),
]


def test_new_is_for_the_score_pad() -> None:
    status, out, err = run("red:3", "--new")
    assert (status, out) == (
        2,
        "",
    ) and err == "lost-cities score: --new: a new pad is for the score pad: give no EXPEDITION\n"


def test_a_new_pad_s_options_with_one_unfinished_are_refused_until_new_is_said(
    cli: Cli, private_data_dir: Path
) -> None:
    # they were ignored: the unfinished pad of two opened in place of the pad of three asked for
    sheet = ScoreSheet(("Ann", "Bob"), 3, False, False)
    sheet.finish_round()
    MatchStore(private_data_dir).save_pad(pad_to_json(sheet))
    refused = cli("score", "--players", "3", terminal=True)
    assert refused.status == 2 and refused.apps == []
    assert refused.err == (
        "lost-cities score: the score pad of Ann, Bob is unfinished (round 2): lost-cities score opens it as it "
        "is, lost-cities score --new starts another with these options\n"
    )
    opened = cli("score", terminal=True)  # as it is
    assert opened.status == 0 and [app.new for app in opened.apps] == [False]  # type: ignore[attr-defined]
    new = cli("score", "--players", "3", "--new", terminal=True)
    assert new.status == 0 and [(app.new, app.players) for app in new.apps] == [(True, 3)]  # type: ignore[attr-defined]


def test_an_empty_argument_is_named_as_empty_quotes_not_left_blank() -> None:
    # found by a newcomer: "lost-cities score: : expected COLOUR:CARDS…", the argument nowhere to be seen
    for blank in ("", "  "):
        status, _out, err = run(blank)
        assert status == 2 and err == (
            f"lost-cities score: '{blank}': expected COLOUR:CARDS, e.g. red:w,3,4,7 (a colour, a colon, its cards in "
            "order)\n"
        )


@pytest.mark.parametrize(("argv", "token", "words"), REFUSALS, ids=[" ".join(r[0])[:30] for r in REFUSALS])
def test_bad_input_is_one_line_naming_the_token(argv: list[str], token: str, words: str) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"lost-cities score: {excerpt(token)}: "), err
    assert words in err
    assert len(err) < 300  # a long argument is quoted in part only


def test_refusal_from_the_real_command_has_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "lost_cities", "score", "red:w,3,2", "--json"], capture_output=True, text=True
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "lost-cities score: red:w,3,2: red 2 can't follow red 3: numbers must go up (R6a)\n"


def test_no_expedition_and_no_terminal_says_so_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "lost_cities", "score"], capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "needs a terminal" in result.stderr


def test_no_expedition_on_a_terminal_opens_the_pad(monkeypatch: pytest.MonkeyPatch) -> None:
    from lost_cities.tui.scorepad import ScorePadApp

    opened: list[ScorePadApp] = []
    monkeypatch.setattr("lost_cities.cli.arguments.on_a_terminal", lambda: True)
    monkeypatch.setattr(ScorePadApp, "run", lambda self: opened.append(self))
    assert main(["score", "--long", "--rounds", "5"]) == 0
    assert len(opened) == 1 and opened[0].long and opened[0].rounds == 5 and opened[0].names is None


def test_r23b_three_players_pay_17_and_earn_the_bonus_from_the_7th_card() -> None:
    rules = Rules(players=3)
    assert (rules.expedition_cost, rules.bonus_threshold, rules.bonus) == (17, 7, 20)  # R23b, as the rulebook says
    data = json.loads(run("--players", "3", "red:3,4,5,6,7,8,9", "b:w,10", "--json")[1])
    rows = {row["colour"]: row for row in data["expeditions"]}
    assert data["players"] == 3
    assert (rows["red"]["sum"], rows["red"]["cost"], rows["red"]["bonus"], rows["red"]["score"]) == (42, 17, 20, 45)
    assert (rows["blue"]["cost"], rows["blue"]["score"]) == (17, -14)  # (10 - 17) x 2, six cards short of a bonus
    assert data["total"] == 45 - 14
    header = run("--players", "3", "red:3,4,5,6,7,8")[1].splitlines()[0].split()
    assert header == ["expedition", "cards", "sum", "−17", "wagers", "×", "7+", "cards", "score"]


def test_r24_four_players_score_a_team_like_two_and_its_hand_holds_both_partners() -> None:
    two = json.loads(run("red:3,4,5,6,7,8,9", "--json")[1])
    four = json.loads(run("--players", "4", "red:3,4,5,6,7,8,9", "--json")[1])
    assert four["players"] == 4 and {**four, "players": 2} == two  # R24c: cost 20, bonus from the 8th card
    twelve = f"{NINE} b2 b3 b4"
    status, out, err = run("--players", "4", "--hand", twelve, "--json")
    assert status == 0, err
    assert json.loads(out)["hand_penalty"] == 54 + 9  # R24f: both partners' cards count against the team


def test_r8_a_full_hand_is_accepted() -> None:
    assert run("--hand", EIGHT)[0] == 0
    assert run("--players", "3", "--hand", "y2 y3 y4 y5 y6 y7 y8")[0] == 0


def test_the_pad_opens_for_three_players(monkeypatch: pytest.MonkeyPatch) -> None:
    from lost_cities.tui.scorepad import ScorePadApp

    opened: list[ScorePadApp] = []
    monkeypatch.setattr("lost_cities.cli.arguments.on_a_terminal", lambda: True)
    monkeypatch.setattr(ScorePadApp, "run", lambda self: opened.append(self))
    assert main(["score", "--players", "3"]) == 0
    assert opened[0].players == 3


@st.composite
def sides(draw: st.DrawFn) -> tuple[Rules, dict[Colour, list[Card]], list[Card] | None]:
    long = draw(st.booleans())
    penalty = draw(st.booleans())
    rules = Rules(long=long, hand_penalty=penalty)
    expeditions: dict[Colour, list[Card]] = {}
    for colour in draw(st.sets(st.sampled_from(rules.colours))):
        wagers = draw(st.integers(0, 3))
        numbers = sorted(draw(st.sets(st.integers(2, 10))))
        cards = [Card(colour, 0)] * wagers + [Card(colour, v) for v in numbers]
        if cards:
            expeditions[colour] = cards
    hand = None
    if penalty:
        rest = [
            Card(colour, value)
            for colour in rules.colours
            for value in (0, 0, 0, *range(2, 11))
            if value or expeditions.get(colour, []).count(Card(colour, 0)) < 3
        ]
        rest = [card for card in rest if card.is_wager or card not in expeditions.get(card.colour, [])]
        hand = draw(st.lists(st.sampled_from(rest), max_size=8, unique=True))
    return rules, expeditions, hand


def argument(colour: Colour, cards: list[Card], style: int) -> str:
    name = [colour.label, colour.letter.upper(), colour.label.title()][style % 3]
    values = ["x" if card.is_wager and style % 2 else "w" if card.is_wager else str(card.value) for card in cards]
    return f"{name}:{(',' if style % 2 else ' ').join(values)}"


@settings(max_examples=60, deadline=None)
@given(sides(), st.integers(0, 5))
def test_json_total_equals_the_engines_round_score(
    side: tuple[Rules, dict[Colour, list[Card]], list[Card] | None], style: int
) -> None:
    # R11-R15, R20, R21: whatever legal side is typed, the total is the engine's round score
    rules, expeditions, hand = side
    argv = [argument(colour, cards, style) for colour, cards in expeditions.items()]
    if rules.long:
        argv.append("--long")
    if hand is not None:
        argv += ["--hand", " ".join(str(card) for card in hand)]
    status, out, err = run(*argv, "--json")
    assert status == 0, err
    data = json.loads(out)
    # the fast path of a round, which shares no code with score_side
    round_ = rigged(
        " ".join(str(card) for card in hand or []),
        rules=rules,
        mine={colour: " ".join(str(card) for card in cards) for colour, cards in expeditions.items()},
    )
    assert data["total"] == round_.side_totals()[0] == score_side(expeditions, hand or (), rules).total
    assert [row["score"] for row in data["expeditions"]] == [
        row.score for row in score_side(expeditions, hand or (), rules).expeditions
    ]


@pytest.mark.parametrize("argv", [["red:"], ["b:3", "red:"], ["r:  "], ["--lang", "fr", "rouge:"]])
def test_a_colour_with_no_cards_is_refused_saying_to_list_them_or_leave_it_out(argv: list[str]) -> None:
    # R11: an expedition not started is left out; "red:" alone is a slip, not an empty expedition
    status, out, err = run(*argv)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "::" not in err and (": '" in err or ": «" in err)  # quoted: its colon never runs into the message's
    if "fr" not in argv:
        assert "no cards after the colon" in err and "leave out a colour that was not started" in err
