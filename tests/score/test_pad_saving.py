"""The score pad keeps its match on disk: closed and reopened, nothing marked is lost."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Static

from lost_cities.engine import Card, Colour, Rules, card_from_code
from lost_cities.engine.round import fresh_deck
from lost_cities.score.sheet import MarkRefused, Place, ScoreSheet, pad_from_json, pad_to_json
from lost_cities.storage import MatchStore
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import PadScreen, PadSetupScreen
from tests.score.helpers import sheet_from_data, sheet_to_data
from tests.tui.helpers import until

ALL_CARDS = sorted({card_from_code(code) for code in fresh_deck(Rules(long=True))})

NAMES = {2: ("Ann", "Bob"), 3: ("Ana", "Boris", "Carl"), 4: ("Ana", "Boris", "Carl", "Dana")}

marks_st = st.lists(
    st.tuples(st.integers(0, 2), st.sampled_from(ALL_CARDS), st.sampled_from(list(Place)), st.booleans()),
    max_size=60,
)


@st.composite
def sheets(draw: st.DrawFn) -> ScoreSheet:
    """A sheet of 2, 3 or 4 players with random marks, some rounds finished (R2, R8, R17, R20, R21)."""
    players = draw(st.sampled_from(sorted(NAMES)))
    rounds = draw(st.integers(1, 4))
    sheet = ScoreSheet(NAMES[players], rounds, draw(st.booleans()), draw(st.booleans()))
    for side, card, place, end_round in draw(marks_st):
        if card.colour is Colour.PURPLE and not sheet.rules.long:
            continue
        with contextlib.suppress(MarkRefused):  # a card already marked, a full hand: refused, as it should
            sheet.mark(side % sheet.sides, card, place)
        if end_round and not sheet.over and len(sheet.finished) < rounds - 1:
            sheet.finish_round()
    return sheet


@settings(max_examples=60, deadline=None)
@given(sheet=sheets())
def test_a_sheet_survives_saving_and_loading(sheet: ScoreSheet) -> None:
    # R2, R17, R20, R21, R23, R24: players, marks, finished rounds and variants all come back
    data = json.loads(json.dumps(sheet_to_data(sheet)))
    again = sheet_from_data(data)
    assert sheet_to_data(again) == sheet_to_data(sheet)
    assert again.totals == sheet.totals and again.running == sheet.running
    assert again.rules == sheet.rules and again.side_names == sheet.side_names


#: A pad saved before three and four players were scored (format 1), as that version wrote it.
FORMAT_1 = {
    "format": 1,
    "names": ["Ann", "Bob"],
    "rounds": 3,
    "rules": {"long": True, "hand_penalty": True},
    "finished": [
        {
            "rules": {"long": False, "hand_penalty": False},
            "marks": [{"table": "yw y9 y10", "hand": ""}, {"table": "b8", "hand": ""}],
        }
    ],
    "marks": [{"table": "p2 p3", "hand": "r6"}, {"table": "", "hand": "gw g4"}],
}


def test_a_format_1_pad_still_loads() -> None:
    sheet = sheet_from_data(json.loads(json.dumps(FORMAT_1)))
    assert sheet.names == ("Ann", "Bob") and sheet.rules.players == 2 and sheet.round_number == 2
    assert sheet.totals == (-2, -12)  # (19 - 20) x 2 and 8 - 20
    assert sheet.rules.long and sheet.hand(1) == (Card.parse("gw"), Card.parse("g4"))
    assert sheet.running == (-2 - 15 - 6, -12 - 4)
    assert sheet_to_data(sheet)["format"] == 2 and sheet_to_data(sheet)["players"] == 2


def test_a_saved_sheet_that_breaks_the_rules_is_refused() -> None:
    sheet = ScoreSheet(("Ann", "Bob"))
    sheet.mark(0, Card.parse("r7"))
    data = sheet_to_data(sheet)
    data["marks"] = [{"table": "r7", "hand": ""}, {"table": "r7", "hand": ""}]  # R2: one red 7
    three = sheet_to_data(ScoreSheet(NAMES[3]))
    full = sheet_to_data(ScoreSheet(NAMES[2], hand_penalty=True))
    full["marks"] = [{"table": "", "hand": "y2 y3 y4 y5 y6 y7 y8 y9 y10"}, {"table": "", "hand": ""}]  # R8: 8 at most
    bad_ones = [
        data,
        {"format": 9},
        [],
        {"format": 1, "names": ["Ann"]},
        {**FORMAT_1, "names": ["Ann", "Bob", "Carl"]},  # format 1 is two players
        {**three, "players": 5},
        {**three, "players": True},
        {**three, "names": ["Ana", "Boris"]},
        {**three, "marks": three["marks"][:2]},
        {**three, "names": ["Ana", "Bo\tris", "Carl"]},  # control characters
        {**three, "names": ["Ana", "B" * 17, "Carl"]},  # longer than the form takes
        {**three, "names": ["Ana", "  ", "Carl"]},
        {**three, "rounds": 10**19},
        {**three, "rounds": True},
        {**three, "finished": [{"rules": {"long": False, "hand_penalty": False}, "marks": three["marks"]}] * 4},
        full,
    ]
    for bad in bad_ones:
        try:
            sheet_from_data(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was accepted")


async def test_marks_are_saved_and_the_pad_reopens_as_it_was(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    app = ScorePadApp(names=("Ann", "Bob"), store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w", "2", "7")
        await until(pilot, lambda: store.pad_path.exists() and "y7" in store.pad_path.read_text())
    saved = store.load_pad(pad_from_json)
    assert saved is not None
    assert saved.expedition(0, Colour.YELLOW) == (Card.parse("yw"), Card.parse("y2"), Card.parse("y7"))
    reopened = ScorePadApp(store=store)
    async with reopened.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(reopened.screen, PadScreen))
        assert reopened.sheet is not None and reopened.sheet.names == ("Ann", "Bob")
        assert reopened.sheet.expedition(0, Colour.YELLOW) == saved.expedition(0, Colour.YELLOW)
        # said on the pad's message line, not in a notice over its keys
        said = str(reopened.screen.query_one("#message", Static).render())
        assert said == "The score pad of Ann, Bob is back as you left it (round 1)."
        assert not reopened._notifications


async def test_a_damaged_pad_file_is_set_aside_and_a_new_pad_starts(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    store.pad_path.parent.mkdir(parents=True, exist_ok=True)
    store.pad_path.write_text('{"format": 1, "names": ["Ann", "Bob"], "rou')
    app = ScorePadApp(store=store)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PadSetupScreen))
    kept = list(private_data_dir.glob("scorepad.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text().startswith('{"format": 1')


async def test_a_name_that_looks_like_markup_is_shown_as_typed_on_every_later_start(private_data_dir: Path) -> None:
    # a name is text, never markup: "[/]" once crashed the pad at every start, as the saved pad loads
    store = MatchStore(private_data_dir)
    app = ScorePadApp(names=("[b]Ann", "[/]"), store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("9", "0", "n")  # [b]Ann: −1; the end-of-round box names who starts next
        await until(pilot, lambda: bool(app.screen.query(".hint")))
        assert "[/] scored more" in str(app.screen.query_one(".hint", Static).render())
    reopened = ScorePadApp(store=store)
    async with reopened.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(reopened.screen, PadScreen))
        said = str(reopened.screen.query_one("#message", Static).render())
        assert "[/]" in said and "[b]Ann" in said


async def test_q_quits_the_pad_and_keeps_what_was_marked(private_data_dir: Path) -> None:
    # found by a newcomer: q and Esc did nothing, and Ctrl+Q was only in the keys' help
    store = MatchStore(private_data_dir)
    app = ScorePadApp(names=("Ann", "Bob"), store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w", "2", "7")
        await until(pilot, lambda: store.pad_path.exists() and "y7" in store.pad_path.read_text())
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)
    saved = store.load_pad(pad_from_json)
    assert saved is not None and saved.expedition(0, Colour.YELLOW)[-1] == Card.parse("y7")


async def test_new_starts_another_pad_and_the_unfinished_one_stays_until_it_does(private_data_dir: Path) -> None:
    # found by a newcomer: an unfinished pad always came back, and nothing started another
    store = MatchStore(private_data_dir)
    old = ScoreSheet(("Ann", "Bob"), 3, False, False)
    old.mark(0, Card.parse("y7"), Place.TABLE)
    store.save_pad(pad_to_json(old))
    left = ScorePadApp(store=store, new=True, players=3)
    async with left.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(left.screen, PadSetupScreen))  # the names of a new pad are asked
        await pilot.press("escape")
    assert (kept := store.load_pad(pad_from_json)) is not None and kept.names == ("Ann", "Bob")  # left: kept
    app = ScorePadApp(names=NAMES[3], store=store, new=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PadScreen))
        await pilot.press("2")
        await until(pilot, lambda: (pad := store.load_pad(pad_from_json)) is not None and pad.names == NAMES[3])
