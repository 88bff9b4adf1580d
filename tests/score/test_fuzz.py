"""Fuzzing the score tool: whatever the arguments or the saved pad hold, one clear answer, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Static

from lost_cities.cli import main
from lost_cities.engine import Card
from lost_cities.engine.codec import to_builtins
from lost_cities.score.sheet import Place, ScoreSheet, pad_file, pad_from_json, pad_to_json
from lost_cities.storage import DamagedSaveError, MatchStore
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import PadScreen, PadSetupScreen
from tests.conftest import fuzz_examples
from tests.tui.helpers import until

ODD_DIGITS = ["²", "３", "١٠", "٣", "৪", "Ⅻ", "½", "𝟗", "0x10", "1e3", "-5", "+7", "07", "9" * 5000, str(10**30)]
MARKUP = ["[/]", "[b]", "[red]x[/red]", "[link=x]", "\\[", "[/bold"]
CONTROL = ["\x00", "\t", "\n", "\r", "\x1b[31m", "\x7f", "\u202e", "\ufeff"]
WORDS = ["red", "r", "ROUGE", "красный", "purple", "w", "x", "orange", ":", ",", "", " ", "r7", "bw", "y10"]

piece = st.one_of(
    st.sampled_from(ODD_DIGITS + MARKUP + CONTROL + WORDS),
    st.text(max_size=12),
    st.integers(-(10**20), 10**20).map(str),
)
value = st.lists(piece, min_size=1, max_size=4).map("".join)
expedition = st.tuples(st.sampled_from(WORDS + MARKUP + [""]), st.lists(value, max_size=6)).map(
    lambda pair: f"{pair[0]}:{','.join(pair[1])}"
)
option = st.one_of(
    st.tuples(st.sampled_from(["--hand", "--players", "--rounds", "--lang"]), value).map(list),
    st.sampled_from([["--long"], ["--json"], ["--players", "3"], ["--players", "4"], ["--hand", "r5 b10"]]),
    st.tuples(st.just("--players"), st.sampled_from(ODD_DIGITS + MARKUP + CONTROL + ["1", "5", "2 ", ""])).map(list),
)
arguments = st.lists(st.one_of(expedition.map(lambda text: [text]), value.map(lambda text: [text]), option), max_size=6)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["score", *argv])
        except SystemExit as exit_:  # argparse's own refusals
            status = exit_.code if isinstance(exit_.code, int) else 2
    return status, out.getvalue(), err.getvalue()


#: examples per property (:func:`tests.conftest.fuzz_examples`); ``LOST_CITIES_FUZZ=2000`` for a long hunt
EXAMPLES = fuzz_examples(200)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="LOST_CITIES_FUZZ" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(arguments)
def test_any_score_arguments_exit_0_or_2_without_a_traceback(groups: list[list[str]]) -> None:
    argv = [text for group in groups for text in group]
    status, out, err = run(argv)  # any exception but SystemExit fails the test with its traceback
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err
    if status == 2 and err.startswith("lost-cities score: "):  # ours: one line (argparse's add a usage line)
        assert err.count("\n") == 1 and len(err) < 400, err
    if status == 0 and "--json" in argv and "-h" not in argv and "--help" not in argv:
        assert isinstance(json.loads(out)["total"], int)


HAND_PICKED = [
    ["red:²"],
    ["red:3,٣"],
    ["--players", "３"],
    ["--players", "[/]"],
    ["--players", "9" * 5000],
    ["--players", "4", "--hand", "r2 r3 r4 r5 r6 r7 r8 r9 r10 b2 b3 b4 b5"],
    ["--hand", "[/]"],
    ["[/]:3"],
    ["red:\x1b[31m3"],
    ["red:" + "w," * 3000],
    ["--rounds", "9" * 5000],
    ["--rounds", "0"],
    ["--lang", "xx", "red:3"],
    ["\n"],  # control characters in a quoted argument are written as escapes: the refusal stays one line
    ["red:3\x004"],
    ["red:\r\x1b[2J"],
    ["--hand", "r5\u202eb4"],
    ["--players", "\n3"],
]


@pytest.mark.parametrize("argv", HAND_PICKED, ids=[repr(" ".join(a))[:30] for a in HAND_PICKED])
def test_hand_picked_score_arguments_exit_2_in_one_clear_line(argv: list[str]) -> None:
    status, out, err = run(argv)
    assert status == 2 and out == "", err
    assert "Traceback" not in err and err.strip(), err
    if err.startswith("lost-cities score: "):
        assert err.count("\n") == 1 and "\x1b" not in err and "\r" not in err, err


# -- a damaged scorepad.json -------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def a_pad(players: int) -> dict[str, Any]:
    sheet = ScoreSheet(("Ana", "Boris", "Carl", "Dana")[:players], rounds=3, long=True, hand_penalty=True)
    for side, cards in enumerate(["yw y3 y7 p2", "r5 r6 rw"]):
        for card in cards.split():
            sheet.toggle(side, Card.parse(card))
    sheet.toggle(0, Card.parse("b4"), Place.HAND)
    sheet.finish_round()
    sheet.toggle(1, Card.parse("g9"))
    return to_builtins(pad_file(sheet))  # type: ignore[no-any-return]


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A saved pad with one to three things wrong: a field changed, removed or added, or the text cut or altered."""
    data: Any = a_pad(draw(st.sampled_from([2, 3, 4])))
    for _ in range(draw(st.integers(1, 3))):
        target = data
        path = draw(st.lists(st.integers(0, 5), max_size=3))
        for step in path:  # walk into the data a few levels
            if isinstance(target, dict) and target:
                key = sorted(target)[step % len(target)]
                if isinstance(target[key], (dict, list)) and target[key]:
                    target = target[key]
            elif isinstance(target, list) and target and isinstance(target[step % len(target)], (dict, list)):
                target = target[step % len(target)]
        if isinstance(target, dict) and target:
            key = sorted(target)[draw(st.integers(0, len(target) - 1))]
            action = draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                target[key] = draw(JSON_VALUES)
            elif action == "delete":
                del target[key]
            else:
                target[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif isinstance(target, list) and target:
            target[draw(st.integers(0, len(target) - 1))] = draw(JSON_VALUES)
    text = json.dumps(data, ensure_ascii=False)
    edit = draw(st.sampled_from(["none", "cut", "byte", "bom"]))
    if edit == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif edit == "byte":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["\x00", "[/]", '"', "}", "\ud7ff", "9" * 5000])) + text[at:]
    elif edit == "bom":
        text = "\ufeff" + text
    return text


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="LOST_CITIES_FUZZ" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(text=damaged())
def test_a_damaged_pad_file_loads_or_is_set_aside_in_one_sentence(text: str, tmp_path_factory: Any) -> None:
    store = MatchStore(tmp_path_factory.mktemp("pad"))
    store.pad_path.parent.mkdir(parents=True, exist_ok=True)
    store.pad_path.write_text(text, encoding="utf-8")
    try:
        sheet = store.load_pad(pad_from_json)
    except DamagedSaveError as refusal:
        message = str(refusal)
        assert "\n" not in message and message.endswith(".") and message.count(". ") == 0, message
        assert not store.pad_path.exists() and len(list(store.pad_path.parent.glob("scorepad.damaged-*"))) == 1
    else:
        assert isinstance(sheet, ScoreSheet)  # what loaded holds together: it saves and loads again alike
        assert pad_file(pad_from_json(pad_to_json(sheet))) == pad_file(sheet)


PADS = {
    "markup in a name": {**a_pad(3), "names": ["[/]", "[b]Bo", "\\[x"]},
    "not JSON": "{[/]",
    "a list": [1],
    "five players": {**a_pad(3), "players": 5},
    "a name with a tab": {**a_pad(2), "names": ["A\tb", "C"]},
    "rounds as true": {**a_pad(2), "rounds": True},
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("name", sorted(PADS))
async def test_the_pad_opens_whatever_its_file_holds(name: str, private_data_dir: Path) -> None:
    data = PADS[name]
    store = MatchStore(private_data_dir)
    store.pad_path.parent.mkdir(parents=True, exist_ok=True)
    store.pad_path.write_text(data if isinstance(data, str) else json.dumps(data))
    app = ScorePadApp(store=store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, (PadScreen, PadSetupScreen)))
        messages = [notification.message for notification in app._notifications]
        if isinstance(app.screen, PadScreen):  # it loaded: the names are shown as written
            said = str(app.screen.query_one("#message", Static).render())
            assert app.sheet is not None and all(name in said for name in app.sheet.side_names)
        else:
            assert len(messages) == 1 and "\n" not in messages[0]
