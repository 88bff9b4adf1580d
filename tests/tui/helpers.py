"""Helpers to drive the hot-seat app with the pilot: positions built through the engine, the keys under test pressed.

A test that needs a position late in a round gets there through the engine (:func:`advance`,
:func:`app_at`), not key by key: the keys it presses are the ones it tests.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable

from rich.cells import cell_len
from textual.app import App
from textual.pilot import Pilot

from lost_cities.engine import Draw, Match, Phase, Round, Rules
from lost_cities.session import HotSeat, MatchSettings
from lost_cities.tui.common.board_grid import BoardGrid
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen

SIZE = (80, 24)
NAMES = ("Ana", "Boris", "Carl", "Dana")
#: Three players at the end of a long round: two 8- or 9-card expeditions on every side, full hands (R23).
CROWDED_THREE = (
    "y8 y9 y10 bw b10 ww w9 / w10 gw gw g9 g10 r8 r9 / r10 pw pw p8 p9 p10 bw | "
    "yw yw yw y2 y3 y4 y5 y6 y7 bw b2 b3 b4 b5 b6 b7 b8 b9 / ww ww w2 w3 w4 w5 w6 w7 w8 gw g2 g3 g4 g5 g6 g7 g8 / "
    "rw rw rw r2 r3 r4 r5 r6 r7 pw p2 p3 p4 p5 p6 p7 | - | - | 0"
)
#: Four players in two teams: four 12-card expeditions, partners' hands apart (R24).
CROWDED_FOUR = (
    "rw r2 r3 r4 r5 r6 / rw rw r7 r8 r9 r10 / pw p2 p3 p4 p5 p6 / pw pw p7 p8 p9 p10 | "
    "yw yw yw y2 y3 y4 y5 y6 y7 y8 y9 y10 bw bw bw b2 b3 b4 b5 b6 b7 b8 b9 b10 / "
    "ww ww ww w2 w3 w4 w5 w6 w7 w8 w9 w10 gw gw gw g2 g3 g4 g5 g6 g7 g8 g9 g10 | - | - | 0"
)
NAMES_THREE = ("Konstantinos", "Alexandrina", "Zoë")


def make_app(seed: int = 7, players: int = 2, **changes: object) -> MatchApp:
    """A new match between the first ``players`` of :data:`NAMES` (seat order), seeded."""
    settings = MatchSettings(names=NAMES[:players], seed=seed, **changes)  # type: ignore[arg-type]
    return MatchApp(Local(settings))


def advance(round_: Round, leave: int = 2) -> None:
    """Play turns through the engine (discard the first card, draw from the pile) until ``leave`` cards remain."""
    while round_.phase is Phase.PLAY and round_.draw_pile_size > leave:
        round_.play(f"-{round_.hand(round_.to_move)[0]}")
        round_.draw(Draw(None))


def app_at(round_: Round, rounds: int = 1, names: tuple[str, ...] | None = None) -> MatchApp:
    """The app with a match whose first round is ``round_`` (e.g. :meth:`Round.from_position`)."""
    rules = round_.rules
    match = Match(rules, rounds=rounds, first=round_.starter, seed=1)
    match.played[0] = round_
    return MatchApp(Local(session=HotSeat(names or NAMES[: rules.players], match)))


def advanced_app(seed: int = 7, players: int = 2, leave: int = 2, **rules: bool) -> MatchApp:
    """A seeded match advanced through the engine to ``leave`` cards in the draw pile."""
    match = Match(Rules(players=players, **rules), rounds=1, seed=seed)
    advance(match.current, leave)
    return MatchApp(Local(session=HotSeat(NAMES[:players], match)))


def engine(holder: MatchApp | HotSeat) -> Match:
    """The engine's match behind an app's (or a session's) views, for a test to check the state itself
    or to fast-forward it: the app and its screens never read it (H1–H3)."""
    session = holder.table.session if isinstance(holder, MatchApp) else holder  # type: ignore[union-attr]
    return session._match


def crowded(position: str, players: int, names: tuple[str, ...] | None = None) -> MatchApp:
    """A long match with the hand penalty (R20, R21), its first round at ``position``."""
    rules = Rules(players=players, long=True, hand_penalty=True)
    return app_at(Round.from_position(position, rules), rounds=3, names=names)


def screen_text(app: App[object]) -> str:
    """Everything the terminal shows right now, as plain text."""
    svg = app.export_screenshot()
    spans = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(spans)).replace("\xa0", " ")


def screen_lines(app: App[object]) -> list[str]:
    """The terminal's lines as plain text, each character in its column (a wide one fills two)."""
    svg = app.export_screenshot()
    width, height = app.size
    cells = [[" "] * width for _ in range(height)]
    for x, line, text in re.findall(
        r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
        r'clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>',
        svg,
        flags=re.S,
    ):
        column = round(float(x) / 12.2)
        for char in html.unescape(text).replace("\xa0", " "):
            if column < width:
                cells[int(line)][column] = char
            column += cell_len(char)
            if cell_len(char) == 2 and column - 1 < width:
                cells[int(line)][column - 1] = ""
    return ["".join(line) for line in cells]


def message(app: App[object]) -> str:
    """The board's message line."""
    return str(app.screen.query_one("#message").render())


def board_row(app: App[object], row: str) -> str:
    """One row of the table as plain text: ``head``, ``colour-r``, ``round``, ``match``, ``hand``."""
    return app.screen.query_one(BoardGrid).row(row).plain


def key_bar(app: App[object]) -> str:
    return str(app.screen.query_one("KeyBar").render())


async def until(pilot: Pilot[None], condition: Callable[[], bool], seconds: float = 20) -> None:
    """Let the app run until ``condition`` holds: for what comes after a refresh or on a thread (a save,
    a notification, the computer's move), which one idle moment of the pilot may not yet show."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the app did not get there"
        await pilot.pause(0.01)


async def take_turn(pilot: Pilot[None], app: MatchApp, prefer_lay: bool = True) -> None:
    """By keys: the pass step, then the first card that can be laid (else card 1 discarded), then the draw pile.

    In the final laying (R23c), the first card that can be laid, else s.
    """
    assert isinstance(app.screen, PassScreen), app.screen
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, BoardScreen)
    view = app.table.session.view()
    lays = [play.card for play in view.legal_plays if not play.discard]
    if view.phase is Phase.FINAL:
        await pilot.press(*([str(view.hand.index(lays[0]) + 1), "e", "s"] if lays else ["s"]))
    elif prefer_lay and lays:
        await pilot.press(str(view.hand.index(lays[0]) + 1), "e", "n")
    else:
        await pilot.press("1", "d", "n")
    await pilot.pause()


async def finish_round(pilot: Pilot[None], app: MatchApp) -> None:
    """From a pass screen: fast-forward through the engine, play the last turns by keys, leave the round-end screen."""
    assert isinstance(app.screen, PassScreen)
    advance(engine(app).current)
    app.pop_screen()  # drawn before the fast-forward: pass the screen again, to whoever moves now
    app.table.show_pass()
    await pilot.pause()
    while not app.table.session.round_over:
        await take_turn(pilot, app, prefer_lay=False)
    await pilot.press("enter")
    await pilot.pause()


def words_of(text: str) -> str:
    """The screen's words on one line: the lines a toast wraps joined again, its border (``▌``) taken out."""
    return " ".join(text.replace("▌", " ").split())


def squeezed(text: str) -> str:
    """``text`` without a single space: what it says, wherever its lines wrap (see :func:`unwrapped`)."""
    return "".join(text.split())


def unwrapped(app: App[object]) -> str:
    """What the screen says, read as a person reads it whatever the width: its lines one after the other, each
    without the sides of the frame around it (``│``), and :func:`squeezed`, so that a sentence a dialog wraps, even
    in the middle of a word (a long path), is found whole as ``squeezed(sentence)``."""
    return squeezed("".join(line.strip(" │") for line in screen_lines(app)))
