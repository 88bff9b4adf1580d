"""The round's log (`l`): every public move of the round, oldest first, in the board's words; the cards
drawn from the draw pile named to their drawer only (H1, H2), and nothing drawn named on the pass screen."""

from __future__ import annotations

import pytest

from lost_cities.engine import Card, Draw, Match, Round, Rules, player_view, public_view
from lost_cities.engine.decisions import TurnRecord
from lost_cities.i18n import set_language
from lost_cities.session import HotSeat
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.round_log import RoundLogScreen
from lost_cities.words import card_phrase
from tests.tui.helpers import NAMES, SIZE, key_bar, screen_text


def play_turns(round_: Round, turns: int) -> None:
    """Each seat discards its first card; every third turn takes the other seat's discard back, if it may."""
    for turn in range(turns):
        seat = round_.to_move
        card = round_.hand(seat)[0]
        round_.play(f"-{card}")
        pick = next((d for d in round_.legal_decisions() if isinstance(d, Draw) and d.pile is not None), None)
        round_.draw(pick if turn % 3 == 2 and pick is not None else Draw(None))


def seeded(turns: int = 8) -> tuple[MatchApp, list[TurnRecord]]:
    """Ana and Boris, ``turns`` turns into a seeded round; the engine's own record of them, hidden draws too."""
    match = Match(Rules(), rounds=1, seed=11)
    play_turns(match.current, turns)
    records = [turn for turn in match.current.history() if isinstance(turn, TurnRecord)]
    return MatchApp(Local(session=HotSeat(NAMES[:2], match))), records


def expected(turn: TurnRecord, viewer: int | None) -> str:
    """The line the log must say, written out here apart from the code under test."""
    assert turn.draw is not None and turn.drawn is not None
    card, drawn = card_phrase(turn.play.card), card_phrase(turn.drawn)
    who = "You" if turn.seat == viewer else NAMES[turn.seat]
    if turn.draw.pile is not None:
        return f"{who} discarded {card}, took {drawn} from the discard pile."
    if turn.seat == viewer:
        return f"You discarded {card}, drew {drawn} from the draw pile."
    return f"{who} discarded {card}, drew from the draw pile."


def hidden_from(viewer: int | None, records: list[TurnRecord]) -> list[Card]:
    """Cards another seat drew from the draw pile and that no move has shown since: the viewer may not know them."""
    shown = {turn.play.card for turn in records} | {turn.drawn for turn in records if turn.draw and turn.draw.pile}
    return [
        turn.drawn
        for turn in records
        if turn.seat != viewer and turn.draw and turn.draw.pile is None and turn.drawn and turn.drawn not in shown
    ]


def flat(text: str) -> str:
    """The screen's text without its spaces: the screenshot's text drops the spaces between the log's columns."""
    return "".join(text.split())


async def test_the_log_tells_every_move_in_order_and_names_only_the_viewers_own_draws() -> None:
    app, records = seeded()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        viewer = app.screen.scene.view.seat if app.screen.scene else None
        assert " l  log" in key_bar(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        assert any(turn.draw is not None and turn.draw.pile is not None for turn in records)  # a public pick too
        assert app.screen.lines == [expected(turn, viewer) for turn in records]
        text = flat(screen_text(app))
        for number, turn in enumerate(records, 1):
            assert flat(f"{number}.{expected(turn, viewer)}") in text
        secrets = hidden_from(viewer, records)
        assert secrets  # the other seat drew cards nobody has seen since: the log must not name them
        for card in secrets:
            assert flat(card_phrase(card)) + "," not in text and flat(card_phrase(card)) + "." not in text


@pytest.mark.parametrize("key", ["escape", "l", "q", "enter"])
async def test_the_log_closes_by_its_keys_back_to_the_board(key: str) -> None:
    app, _records = seeded(2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


async def test_the_pass_screen_log_tells_the_public_moves_and_no_drawn_card() -> None:
    app, records = seeded()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert " l  log" in key_bar(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        assert app.screen.lines == [expected(turn, None) for turn in records]
        assert not any(line.startswith("You") for line in app.screen.lines)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)  # and Enter still shows the hand, not the log's key
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


async def test_the_next_person_sees_their_own_draws_and_not_the_ones_before() -> None:
    # H2 in the hot-seat: after a turn and the pass screen, the log names the new person's draws only
    app, _records = seeded(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "d", "n")  # the first person discards and draws a card only they saw
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        log = app.screen
        last = log.lines[-1]
        assert last.endswith("drew from the draw pile.") and not last.startswith("You")


async def test_an_empty_log_says_so() -> None:
    app = MatchApp(Local(session=HotSeat(NAMES[:2], Match(Rules(), rounds=1, seed=3))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert "No move yet this round." in screen_text(app)


async def test_the_first_card_laid_is_told_before_its_draw_and_nothing_said_of_cards_set_out() -> None:
    app = MatchApp(Local(session=HotSeat(NAMES[:2], Match(Rules(), rounds=1, seed=3))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "d", "l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        assert len(app.screen.lines) == 1 and app.screen.lines[0].startswith("You discarded ")
        assert "set out" not in screen_text(app)


def test_to_the_others_a_first_turn_in_progress_is_no_move_yet_not_cards_set_out() -> None:
    round_ = Match(Rules(), rounds=1, seed=3).current
    round_.play(f"-{round_.hand(0)[0]}")  # Ana has discarded, and not drawn yet
    for view, viewer in ((player_view(round_, 1), 1), (public_view(round_, 0), None)):  # Boris online, a watcher
        log = RoundLogScreen(view, NAMES[:2], viewer)
        assert log.lines == [] and not log.set_out


async def test_names_in_the_log_are_never_markup() -> None:
    match = Match(Rules(), rounds=1, seed=11)
    play_turns(match.current, 2)
    app = MatchApp(Local(session=HotSeat(("[b]Ana", "[r7]"), match)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "[r7]" in text or "[b]Ana" in text


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", ("Lescoupsdecettemanche", "puispioché.")), ("ru", ("Ходыэтойпартии", "изколоды"))],
)
async def test_the_log_speaks_french_and_russian(language: str, words: tuple[str, str]) -> None:
    set_language(language)
    try:
        app, _records = seeded()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            text = flat(screen_text(app))
            assert all(word in text for word in words), text
    finally:
        set_language("en")


async def test_while_drawing_the_log_opens_with_the_card_just_played() -> None:
    # listed while drawing in the classic game (the long game's six piles leave it off the bar, its key kept)
    app, _records = seeded(2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1", "d")
        await pilot.pause()
        assert " l  log" in key_bar(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        assert len(app.screen.lines) == 3  # the two turns done, and the card just discarded, before its draw
        assert app.screen.lines[-1].startswith("You discarded ") and app.screen.lines[-1].endswith(".")


async def test_a_long_log_opens_on_its_latest_moves() -> None:
    app, _records = seeded(40)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "l")
        await pilot.pause()
        assert isinstance(app.screen, RoundLogScreen)
        text = screen_text(app)
        assert "40." in text and "Press Escape to go back." in text  # the latest, and the way out
        assert " 1." not in text  # the oldest a scroll up
