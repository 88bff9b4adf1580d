"""Helpers to drive the app with the pilot, as a player would: only by keys."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot

from lost_cities.engine import Draw, Phase
from lost_cities.session import MatchSettings
from lost_cities.tui.app import LostCitiesApp
from lost_cities.tui.screens.pass_screen import PassScreen

SIZE = (80, 24)


def make_app(seed: int = 7, **changes: object) -> LostCitiesApp:
    settings = MatchSettings(names=("Ana", "Boris"), seed=seed, **changes)  # type: ignore[arg-type]
    return LostCitiesApp(settings)


def screen_text(app: LostCitiesApp) -> str:
    """Everything the terminal shows right now, as plain text."""
    svg = app.export_screenshot()
    spans = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(spans)).replace("\xa0", " ")


async def take_turn(pilot: Pilot[None], app: LostCitiesApp, prefer_lay: bool = True) -> None:
    """Pass step, then the first layable card (else card 1 discarded), then the draw pile."""
    assert isinstance(app.screen, PassScreen)
    await pilot.press("enter")
    await pilot.pause()
    view = app.session.view()
    assert view.phase is Phase.PLAY
    lays = [play.card for play in view.legal_plays if not play.discard]
    if prefer_lay and lays:
        await pilot.press(str(view.hand.index(lays[0]) + 1), "e")
    else:
        await pilot.press("1", "d")
    await pilot.press("n")
    await pilot.pause()


def fast_forward(app: LostCitiesApp, leave: int = 2) -> None:
    """Play turns straight through the session (discard the first card, draw from the pile)
    until ``leave`` cards remain in the draw pile; the app is on a pass screen before and after."""
    round_ = app.session.round
    while round_.draw_pile_size > leave:
        card = round_.hand(round_.to_move)[0]
        app.session.play(card, discard=True)
        app.session.draw(Draw(None))


async def finish_last_round(pilot: Pilot[None], app: LostCitiesApp) -> None:
    """From a pass screen: fast-forward, play the last turns by keys, and go past the round-end screen."""
    fast_forward(app)
    while not app.session.round.over:
        await take_turn(pilot, app, prefer_lay=False)
    await pilot.press("enter")
    await pilot.pause()
