"""The match app on one seat of an online game: it joins with a code, plays a turn by keys, and sees the
other player's move arrive — the same board as at one keyboard, fed by the server's frames."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import time
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace
from textual.app import App
from textual.widgets import Input, RadioButton

from lost_cities.ai import make_bot
from lost_cities.engine import Phase
from lost_cities.i18n import set_language
from lost_cities.net.client import Seat, create_game, play_seat
from lost_cities.net.protocol import Create, Rematched, RematchOffer, SeatInfo, SeatSpec, Welcome
from lost_cities.session import MatchSettings, OnlineMatch
from lost_cities.storage import MatchStore
from lost_cities.storage.online import load_seats
from lost_cities.tui.common.keybar import KeyBar, entry_spans, key_name
from lost_cities.tui.match.match_app import MatchApp, Online
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.dialogs import ConfirmQuit
from lost_cities.tui.match.screens.online_start import OnlineStartScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from lost_cities.tui.match.tables.remote import RemoteTable
from lost_cities.words import card_phrase, turn_sentence
from tests.online.server import ServerProcess
from tests.tui.helpers import key_bar, message, screen_text, until, words_of


@pytest.fixture
def server(module_server: ServerProcess) -> ServerProcess:
    """The tests of this module share a server: each creates its own games on it and reads nothing else of it."""
    return module_server


async def test_the_app_joins_with_a_code_plays_a_turn_and_sees_the_other_move(
    server: ServerProcess, private_data_dir: Path
) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3))
    ana, boris = created.seats
    store = MatchStore()
    app = MatchApp(Online(server.url, code=ana.code), store=store)
    other = asyncio.create_task(play_seat(server.url, boris.code or "", make_bot("heuristic")))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
            board = app.screen
            assert isinstance(board, BoardScreen) and board.scene is not None
            view = board.scene.view
            assert view.my_turn and view.seat == 0 and len(view.hand) == 8  # Ana's own hand (H2), her turn
            assert app.table.welcome is not None and [info.name for info in app.table.welcome.seats] == ["Ana", "Boris"]
            card = view.hand[0]
            await pilot.press("1", "d")  # discard the first card: always allowed (R6)
            await until(pilot, lambda: app.table.frame is not None and app.table.frame.view.phase is Phase.DRAW)
            assert app.table.frame is not None and app.table.frame.view.discard_top(card.colour) == card
            await pilot.press("n")
            # Boris's bot answers at once: his turn comes back to Ana as the board's account of it
            await until(
                pilot,
                lambda: app.table.frame is not None and app.table.frame.view.my_turn and app.table.frame.version == 4,
            )
            assert board.scene is not None and board.scene.view.history[-1].seat == 1
            shown: App[Any] = app
            await until(pilot, lambda: "Boris" in screen_text(shown) and "You discarded" in screen_text(shown))
            assert "Reconnecting" not in screen_text(shown)
            # the seat's token is kept: the same --join comes back to it (a code opens its seat once)
            kept = load_seats(store).for_code(server.url, ana.code or "")
            assert kept is not None and kept.seat == 0 and kept.token
    finally:
        other.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await other  # its connection closed, not left for the server to time out when it stops


async def test_a_watcher_sees_the_public_table_and_cannot_play(server: ServerProcess) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=5))
    app = MatchApp(Online(server.url, watch=created.watch))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert (
            app.table.frame is not None
            and app.table.frame.view.hand == ()
            and app.table.frame.view.legal_decisions == ()
        )  # H1
        shown: App[Any] = app
        await until(pilot, lambda: "You are watching: Ana has not joined yet." in screen_text(shown))
        await pilot.press("1", "d")
        await until(pilot, lambda: "only the players play" in screen_text(shown))
        assert "hint" not in key_bar(shown)  # no hint online: it would be the computer playing for you
        assert app.table.frame.version == 0  # nothing was sent
        await pilot.press("q")  # found by a newcomer: a watcher was asked "Quit?", with nothing to lose
        await until(pilot, lambda: not app.is_running)


async def test_watching_with_a_friends_invitation_says_the_code_would_take_the_seat(server: ServerProcess) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=5))
    code = created.seats[1].code or ""
    app = MatchApp(Online(server.url, watch=code.lower().replace("-", "")))  # as typed, any case, no dash
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: "This code is also Boris's invitation" in words_of(screen_text(shown)))
        assert f"lost-cities play --join {code} --server {server.url}" in words_of(screen_text(shown))
        assert app.table.frame is not None and app.table.frame.view.hand == ()  # watching all the same: nothing taken
        assert "Ana has not joined yet." in words_of(screen_text(shown))  # not "Ana is to play": she is not here
        await pilot.press("h")
        await until(pilot, lambda: "You are watching: only the players play." in words_of(screen_text(shown)))


async def test_the_online_start_checks_a_code_as_it_is_typed_then_joins_with_it(server: ServerProcess) -> None:
    for _ in range(20):  # a code with a letter that has a Cyrillic look-alike (one in twenty has none)
        created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
        if set(created.seats[1].code or "") & set("ABEKMHPCTX"):
            break
    app = MatchApp(Online(server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        shown: App[Any] = app
        await pilot.press(*"K7Q0")  # a zero reads as an O: said at once
        await until(pilot, lambda: "eight letters and digits" in screen_text(shown))
        for _ in range(4):
            await pilot.press("backspace")
        # in small letters, and those that have one typed as their Cyrillic look-alike (a Russian keyboard's): found
        # by a newcomer, "К7ЕХ-М2РА" looked exactly like the code sent, and was refused
        typed = (created.seats[1].code or "").translate(str.maketrans("ABEKMHPCTX", "АВЕКМНРСТХ")).lower()
        await pilot.press(*typed, "tab", *"abcdefghijklmnop")
        # the name as the board would take it, said as it is typed: "the name", the seat not known yet
        await until(pilot, lambda: "The name is 16 characters long: at most 12 fit" in screen_text(shown))
        for _ in range(16):
            await pilot.press("backspace")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.welcome is not None and app.table.welcome.seat == 1  # Boris's seat, from the code typed


async def test_the_new_match_form_online_offers_to_join_with_a_code_on_its_server_and_esc_comes_back(
    server: ServerProcess, private_data_dir: Path
) -> None:
    # found by a newcomer: with Online chosen, the form only created games; a code from a friend had nowhere to go
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(store=MatchStore(private_data_dir), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        form = app.screen
        assert "join with a code" not in key_bar(app)  # at this keyboard: nothing to join
        await pilot.press("ctrl+o")
        assert app.screen is form
        form.query_one("#where-online", RadioButton).value = True
        # the key bar and the form's buttons are drawn apart: each waited for
        await until(pilot, lambda: "join with a code" in key_bar(app) and "Join with a code" in screen_text(app))
        assert "Learn to play" not in screen_text(app)  # in its place
        # the memory aid, which a game server does not keep, is greyed saying why (found by a newcomer: it said nothing)
        assert "Memory aid: at one keyboard only" in screen_text(app)
        form.query_one("#server", Input).value = "http://nowhere"
        await pilot.press("ctrl+o")  # a server that is no address: said, and the cursor put there
        await until(pilot, lambda: "Server: an address such as" in screen_text(app))
        assert app.screen is form and app.focused is form.query_one("#server")
        form.query_one("#server", Input).value = server.url
        form.query_one("#p1", Input).value = "Ana"
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        assert f"Server: {server.url}" in screen_text(app) and "Esc  back" in key_bar(app)
        await pilot.press("escape")  # back to the form as it was left
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        again = app.screen
        assert again.query_one("#where-online", RadioButton).value
        assert again.query_one("#server", Input).value == server.url and again.query_one("#p1", Input).value == "Ana"
        await pilot.click("#join")  # the button does as the key
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        await pilot.press(*(created.seats[1].code or ""), "enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.welcome is not None and app.table.welcome.seat == 1


async def test_the_online_start_joins_by_clicks(server: ServerProcess) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(Online(server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        await pilot.click("#code")
        await pilot.press(*(created.seats[0].code or ""))
        bar = app.screen.query_one(KeyBar)
        index = next(number for number, (key, _label) in enumerate(bar.keys) if key == key_name("enter"))
        rows = entry_spans(bar.keys, bar.content_region.width)
        y, start = next((y, start) for y, row in enumerate(rows) for entry, start, _end in row if entry == index)
        await pilot.click(KeyBar, offset=(start + 2, y))  # the key bar's "Enter join", clicked
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.welcome is not None and app.table.welcome.seat == 0


async def test_a_code_the_server_refuses_is_said_in_the_online_start_to_be_mended(server: ServerProcess) -> None:
    # found by a newcomer: a well-formed code that opens no seat ended the app (status 2)
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(Online(server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        shown: App[Any] = app
        await pilot.press(*"ZZZZZZZZ", "enter")
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen) and "opens no seat" in screen_text(shown))
        assert app.is_running and app.ending.problem is None
        await until(pilot, lambda: "ZZZZ-ZZZZ" in screen_text(shown) or "ZZZZZZZZ" in screen_text(shown))  # kept
        field = app.screen.query_one("#code")
        field.value = ""  # type: ignore[attr-defined]
        await pilot.press(*(created.seats[0].code or ""), "enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.welcome is not None and app.table.welcome.seat == 0


async def test_a_name_the_server_refuses_is_said_without_its_field_and_the_cursor_is_put_on_it(
    server: ServerProcess,
) -> None:
    # found by a newcomer: mending a refused name rewrote the code, the cursor having gone back there
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(Online(server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        shown: App[Any] = app
        await pilot.press(*(created.seats[1].code or ""), "tab", *"ana", "enter")  # Ana is the other seat's
        await until(
            pilot,
            lambda: isinstance(app.screen, OnlineStartScreen) and "another player of this game" in screen_text(shown),
        )
        assert "name:" not in screen_text(shown)
        assert app.focused is not None and app.focused.id == "name"
        for _ in range(3):
            await pilot.press("backspace")
        await pilot.press(*"Bob", "enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.welcome is not None and app.table.welcome.seat == 1


async def test_the_invitations_leave_the_board_and_the_help_once_every_friend_has_joined(
    server: ServerProcess, private_data_dir: Path
) -> None:
    settings = MatchSettings(names=("Ana", "Boris"), rounds=1, seed=8)
    app = MatchApp(Online(server.url, create=OnlineMatch(settings, server.url)), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: "To watch: lost-cities play --watch " in screen_text(shown))
        boris = asyncio.create_task(play_seat(server.url, app.table.invites[1], make_bot("heuristic"), "Bob"))
        try:  # Ana has not touched a key: the note went with Boris's arrival, not with her next move
            await until(pilot, lambda: 1 in app.table.joined)
            await until(pilot, lambda: "lost-cities play --join" not in screen_text(shown))
            await pilot.press("question_mark")  # the help keeps the code to watch, not the invitation used
            await until(pilot, lambda: "To watch: lost-cities play --watch " in screen_text(shown))
            assert "--join" not in screen_text(shown)
        finally:
            boris.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await boris


@pytest.mark.parametrize(
    ("language", "said", "play"),
    [
        ("en", "Ana took {card} back into their hand.", "-"),
        ("en", "Ana took {card} back into their hand.", "+"),
        ("ru", "Ana забирает {card} обратно в руку.", "-"),
    ],
)
async def test_a_card_another_player_takes_back_is_said(
    server: ServerProcess, language: str, said: str, play: str
) -> None:
    # noticed by a newcomer: the card Ana laid vanished from Boris's board without a word
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    ana = Seat(server.url, code=created.seats[0].code)
    holding = asyncio.create_task(ana.run())
    set_language(language)
    app = MatchApp(Online(server.url, code=created.seats[1].code), store=MatchStore())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            shown: App[Any] = app
            await until(pilot, lambda: app.table.frame is not None and ana.view is not None and ana.view.my_turn)
            assert ana.view is not None
            card = ana.view.hand[0]
            await ana.send(f"{play}{card}")  # discarded, or laid on an expedition
            await until(pilot, lambda: app.table.frame is not None and app.table.frame.version == 1)
            # found by a newcomer: the card was on the table without a word until Ana had drawn
            laid = turn_sentence("Ana", card_phrase(card), discard=play == "-")
            await until(pilot, lambda: laid in " ".join(screen_text(shown).split()))
            await ana.send(None)
            expected = said.format(card=card_phrase(card))
            await until(pilot, lambda: expected in " ".join(screen_text(shown).split()))
            assert app.table.frame is not None and app.table.frame.view.discard_sizes == (0,) * 5  # the card is gone
            assert not any(cards for side in app.table.frame.view.expeditions for cards in side)
    finally:
        set_language("en")
        holding.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await holding


async def test_a_default_name_given_in_another_language_is_shown_in_the_players(server: ServerProcess) -> None:
    # found by a newcomer: a Russian player in a game made from the French form saw "ходит Joueur 1"
    seats = (SeatSpec("Joueur 1"), SeatSpec("Boris"), SeatSpec("Компьютер", computer="easy"))
    created = await create_game(server.url, Create(seats=seats, rounds=1, seed=6))
    app = MatchApp(Online(server.url, code=created.seats[1].code), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: app.table.frame is not None and "Player 1" in screen_text(shown))
        assert app.table.names == ("Player 1", "Boris", "Computer") and "Joueur" not in screen_text(shown)


async def ana_against_the_computer_on_a_clock(server: ServerProcess) -> MatchApp:
    """Ana's seat of a one-round game against the easy computer, with an hour for each decision."""
    seats = (SeatSpec("Ana"), SeatSpec("Robot", computer="easy"))
    created = await create_game(server.url, Create(seats=seats, rounds=1, clock=3600))
    return MatchApp(Online(server.url, code=created.seats[0].code), store=MatchStore())


async def test_the_player_to_decide_on_a_clock_sees_their_own_time_left(server: ServerProcess) -> None:
    # a newcomer never saw their own time: only the time of the player waited for was said
    app = await ana_against_the_computer_on_a_clock(server)
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: "Your clock: " in screen_text(shown))
        assert message(app).startswith("Ana, play a card")
        assert re.search(r"Your clock: (60|59) minutes left\.$", message(app))
        await pilot.press("u")  # a refusal is said, and the clock's tick leaves it be
        await pilot.pause()
        refusal = message(app)
        assert "clock" not in refusal
        await pilot.pause(1.5)
        assert message(app) == refusal
        await pilot.press("1")
        assert app.table.frame is not None and app.table.frame.deadline is not None
        app.table.frame = replace(
            app.table.frame, deadline=time.time() + 100.5
        )  # the last minutes: as a clock shows them
        # found by a newcomer: 1 min 43 s was said "2 minutes"
        await until(pilot, lambda: re.search(r"Your clock: 1:[34]\d left\.$", message(app)) is not None)
        app.table.frame = replace(app.table.frame, deadline=time.time() - 1)  # as if the hour had gone by
        # found by a newcomer: "0 seconds left" said nothing of what may happen now (a computer never claims)
        said = "Your time has run out: the game waits for you."
        await until(pilot, lambda: message(app).endswith(said))


async def test_a_card_taken_back_is_said_with_the_clock_and_its_running_out(server: ServerProcess) -> None:
    # found by a newcomer: "Yellow 6 is back in your hand." alone, while the others were told to claim
    app = await ana_against_the_computer_on_a_clock(server)
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: "Your clock: " in screen_text(shown))
        await pilot.press("1", "e")
        await until(pilot, lambda: "Now draw" in message(app))
        await pilot.press("u")
        await until(pilot, lambda: "is back in your hand." in message(app) and "Your clock: " in message(app))
        assert app.table.frame is not None
        app.table.frame = replace(app.table.frame, deadline=time.time() - 1)  # as if the hour had gone by
        said = "is back in your hand. Your time has run out: the game waits for you."
        await until(pilot, lambda: said in message(app))


async def test_a_player_away_on_a_clock_is_said_to_be_away_beside_their_time(server: ServerProcess) -> None:
    # found by a newcomer: with a clock, "Waiting for Boris: 4:54 left on the clock." though Boris had quit
    from tests.online.raw import joined

    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, clock=3600))
    boris, _view = await joined(server.url, created.seats[1].code or "")
    app = MatchApp(Online(server.url, code=created.seats[0].code), store=MatchStore())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: _to_play(app))
            await pilot.press("1", "d")
            await until(pilot, lambda: "Now draw" in message(app))
            await pilot.press("n")
            await until(pilot, lambda: "Waiting for Boris: " in message(app) and "left on the clock" in message(app))
            await boris.close()
            await until(pilot, lambda: "Waiting for Boris — away: " in message(app))
            assert "left on the clock." in message(app)
    finally:
        await boris.close()


async def test_in_french_the_waiting_line_elides_before_a_name_that_starts_with_a_vowel(server: ServerProcess) -> None:
    # found by a newcomer: "En attente de Ana"
    from tests.online.raw import joined

    set_language("fr")
    created = await create_game(server.url, Create(seats=(SeatSpec("Boris"), SeatSpec("Ana")), rounds=1))
    ana, _view = await joined(server.url, created.seats[1].code or "")
    app = MatchApp(Online(server.url, code=created.seats[0].code), store=MatchStore())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: _to_play(app))
            await pilot.press("1", "d")
            await until(pilot, lambda: "piochez" in message(app).casefold())
            await pilot.press("n")
            await until(pilot, lambda: "En attente d'Ana" in message(app))
    finally:
        await ana.close()


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (2, "Your time has run out: Boris may claim the match until you decide."),  # a newcomer read "the others"
        (3, "Your time has run out: the others may claim the match until you decide."),
        (4, "Your time has run out: the other team may claim the match until you decide."),
    ],
)
async def test_a_player_out_of_time_is_told_who_may_claim(server: ServerProcess, players: int, said: str) -> None:
    from tests.online.raw import joined

    names = ("Ana", "Boris", "Carl", "Dana")[:players]
    created = await create_game(server.url, Create(seats=tuple(map(SeatSpec, names)), rounds=1, seed=6, clock=3600))
    others = [await joined(server.url, seat.code or "") for seat in created.seats[1:]]  # everyone in: it runs
    app = MatchApp(Online(server.url, code=created.seats[0].code), store=MatchStore())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Your clock: " in screen_text(app))
            assert app.table.frame is not None and app.table.frame.deadline is not None
            app.table.frame = replace(app.table.frame, deadline=time.time() - 1)
            await until(pilot, lambda: message(app).endswith(said))
    finally:
        for websocket, _view in others:
            await websocket.close()


async def test_the_code_to_watch_typed_in_the_online_start_watches_the_game(server: ServerProcess) -> None:
    # a newcomer typed the watch code where the invitation goes: refused, and that screen had no way to watch
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(Online(server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        shown: App[Any] = app
        await pilot.press(*created.watch, "enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.watching and app.table.welcome is not None
        await until(pilot, lambda: "That is the code to watch the game: you are watching it." in screen_text(shown))


async def test_a_new_online_game_from_the_form_gives_the_invitations_to_send(server: ServerProcess) -> None:
    app = MatchApp(Online(server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        await pilot.press("ctrl+n")
        await until(pilot, lambda: type(app.screen).__name__ == "NewMatchScreen")
        await pilot.press(*"Ana", "tab", "tab", *"Boris", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        shown: App[Any] = app
        await until(pilot, lambda: "Send Boris: lost-cities play --join " in screen_text(shown))  # once drawn
        assert app.table.welcome is not None and app.table.welcome.seat == 0 and app.table.frame is not None
        assert app.table.frame.view.my_turn  # seat 1 starts (R5), and it is the creator's


async def test_a_rematch_made_leaves_no_offer_on_the_screen_and_no_first_game_codes_in_the_help(
    server: ServerProcess,
) -> None:
    # found by a newcomer: "Boris asked for a rematch" stayed over the new match's prompt, and ? kept the codes
    settings = MatchSettings(names=("Ana", "Boris"), rounds=1, seed=8)
    app = MatchApp(Online(server.url, create=OnlineMatch(settings, server.url)), store=MatchStore())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: "Send Boris: lost-cities play --join " in screen_text(shown))
        app.table._on_frame(RematchOffer(seats=(1,)))  # as the server tells them, at the match's end
        await until(pilot, lambda: "Boris asked" in screen_text(shown))
        app.table._on_frame(Rematched(game="next", seat=1, token="t", watch="M2PA-K7QX"))
        await until(pilot, lambda: "Boris asked" not in screen_text(shown))
        await pilot.press("question_mark")
        await until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        assert "--join" not in screen_text(shown)
        commands = [line.strip(" │") for line in screen_text(shown).splitlines() if "--watch" in line]
        (command,) = commands
        assert command.endswith(f"lost-cities play --watch M2PA-K7QX --server {server.url}")  # whole, to pass on
        # found by a newcomer: in French the server's address wrapped onto a line of its own, and a copy broke it
        set_language("fr")
        app.table._on_frame(Rematched(game="next", seat=1, token="t", watch="M2PA-K7QX"))
        assert app.table.invitation.split("\n")[-1] == f"lost-cities play --watch M2PA-K7QX --server {server.url}"
        set_language("en")
        # the rematch's seat is kept before its names are known, and named by its welcome, which has no token
        seats = (SeatInfo(0, "Boris", None, True, True), SeatInfo(1, "Ana", None, True, True))
        app.table._on_frame(Welcome(game="next", seat=1, version=1, seats=seats, rounds=1))
        kept = [seat for seat in load_seats(app.store).seats if seat.game == "next"]
        assert [(seat.seat, seat.token, seat.names) for seat in kept] == [(1, "t", ("Boris", "Ana"))]


async def test_at_the_matchs_end_a_rematch_asked_says_a_accepts_not_at_the_end(server: ServerProcess) -> None:
    # found by a newcomer: "a, at the end of the match, accepts" to a player looking at the match's end
    from lost_cities.engine.match import match_outcome
    from lost_cities.session import MatchReport
    from lost_cities.tui.match.screens.match_end import MatchEndScreen

    settings = MatchSettings(names=("Ana", "Boris"), rounds=1, seed=8)
    app = MatchApp(Online(server.url, create=OnlineMatch(settings, server.url)), store=MatchStore())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: "Send Boris: lost-cities play --join " in screen_text(app))
        report = MatchReport(("Ana", "Boris"), ("Ana", "Boris"), ((10, 0),), match_outcome((10, 0)))
        app.push_screen(MatchEndScreen(report, again=True))
        await pilot.pause()
        app.table._on_frame(RematchOffer(seats=(1,)))
        await pilot.pause()
        assert [note.message for note in app._notifications] == ["Boris asked for a rematch: a accepts."]


async def test_a_watcher_is_not_told_that_players_asked_for_a_rematch_as_if_to_accept(server: ServerProcess) -> None:
    # found by a newcomer: "Ana, Boris asked for a rematch: a, at the end of the match, accepts." to a watcher
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(Online(server.url, watch=created.watch), store=MatchStore())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        assert app.table.watching
        app.table._on_frame(RematchOffer(seats=(0, 1)))  # as the server tells everyone, at the match's end
        await pilot.pause()
        assert not app._notifications and "asked for a rematch" not in screen_text(app)
        app.table._on_frame(Rematched(game="next", watch="M2PA-K7QX"))  # the watcher follows the players there
        await until(pilot, lambda: "you are watching it" in " ".join(screen_text(app).split()))
        assert app.table.watching


async def test_esc_in_the_form_opened_from_the_online_start_goes_back_to_it() -> None:
    # a newcomer's Esc quit the whole app: the form came from the code box, and the key bar said "quit"
    app = MatchApp(Online("ws://127.0.0.1:1"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        shown: App[Any] = app
        await until(pilot, lambda: "Esc  back" in key_bar(shown))
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        form.query_one("#p1", Input).focus()
        await pilot.press(*"Ana")
        form.query_one("#clock", Input).value = "3j"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        assert app.is_running
        # found by a newcomer: Ctrl+N again opened an empty form, what was typed lost
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen) and app.screen is not form)
        again = app.screen
        assert isinstance(again, NewMatchScreen)
        assert again.query_one("#p1", Input).value == "Ana" and again.query_one("#clock", Input).value == "3j"


async def test_a_web_pages_tab_shows_its_server_in_the_form_and_no_other_can_be_typed(server: ServerProcess) -> None:
    # found by an attacker: a tab of lost-cities web typed any address in Server, and the page's machine connected
    # there (its internal services, a port scan told by the refusals)
    app = MatchApp(Online(server.url, server_fixed=True), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineStartScreen))
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        field = form.query_one("#server", Input)
        assert field.value == server.url and field.disabled and server.url in screen_text(app)
        for _ in range(12):  # round the form: the server is never the field in focus
            await pilot.press("tab")
            assert app.focused is not field
        form.query_one("#p1", Input).focus()
        await pilot.press(*"Ana", "tab", *"Boris", "ctrl+s")
        await until(pilot, lambda: isinstance(app.table, RemoteTable) and app.table.welcome is not None)
        assert isinstance(app.table, RemoteTable) and app.table.server == server.url


def test_each_web_tab_runs_the_online_start_on_the_pages_server_alone() -> None:
    from lost_cities.cli.web import command_for

    command = command_for("ws://127.0.0.1:8765", "fr")
    assert "--online --server ws://127.0.0.1:8765 --server-fixed --lang fr" in command


async def test_a_game_set_up_online_in_the_form_is_created_and_says_who_to_invite_until_they_join(
    server: ServerProcess, private_data_dir: Path
) -> None:
    settings = MatchSettings(names=("Ana", "Boris"), rounds=1, seed=8)
    app = MatchApp(
        Online("ws://unused.invalid:1", create=OnlineMatch(settings, server.url, clock=3600)), store=MatchStore()
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        shown: App[Any] = app
        assert (
            app.table.server == server.url and app.table.welcome is not None and app.table.welcome.clock == 3600
        )  # its clock,
        assert app.table.frame is not None and app.table.frame.deadline is None  # which runs once Boris is in
        await until(pilot, lambda: "To watch: lost-cities play --watch " in screen_text(shown))
        code = app.table.invites[1]
        invitation = f"Send Boris: lost-cities play --join {code} --server {server.url}"
        waiting = "The cards are dealt once everyone has joined: waiting for Boris."
        await until(pilot, lambda: waiting in " ".join(screen_text(shown).split()))
        assert invitation in " ".join(screen_text(shown).split())  # above it, the command that invites him
        # the table does not pretend to a round under way: no draw pile of 44, nobody playing, no first turn
        assert "Round 1 of 1  ·  Draw pile: not dealt yet" in screen_text(shown)
        assert "Ana plays" not in screen_text(shown) and "First turn of the round." not in screen_text(shown)
        # found by an attacker: the creator saw her hand at once, and could make games until she liked one, then
        # invite Boris into it alone
        assert app.table.frame is not None and app.table.frame.view.hand == ()
        await pilot.press("1", "d")  # nothing to play yet: said why
        board = app.screen
        assert isinstance(board, BoardScreen)
        await until(pilot, lambda: waiting in " ".join(message(shown).split()) and board.scene.error)
        assert app.table.frame is not None and app.table.frame.version == 0
        boris = asyncio.create_task(play_seat(server.url, code, make_bot("heuristic")))
        try:  # once he is in, the cards are dealt, and the board says no more of the invitation
            await until(pilot, lambda: app.table.frame is not None and len(app.table.frame.view.hand) == 8)
            await until(pilot, lambda: "has joined" not in screen_text(shown) and "dealt once" not in message(shown))
            assert "Draw pile: 44  ·  Ana plays, then Boris" in screen_text(shown)
            assert "First turn of the round." in screen_text(shown)
            await pilot.press("1", "d")
            await until(pilot, lambda: app.table.frame is not None and app.table.frame.view.phase is Phase.DRAW)
            await pilot.press("n")
            await until(pilot, lambda: app.table.frame is not None and app.table.frame.version >= 4)
            await pilot.press("question_mark")  # the watch code stays in the help
            await until(pilot, lambda: "To watch: lost-cities play --watch " in screen_text(shown))
            keys = " ".join(screen_text(shown).split())
            assert code not in keys  # found by a newcomer: Boris's invitation, used, was still offered
            assert "a hint from the computer" not in keys and "claim the match when" in keys  # online keys
        finally:
            boris.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await boris
    assert load_seats(MatchStore()).server == server.url  # offered again by the next new-match form


async def test_a_game_the_server_cannot_create_brings_the_form_back_as_filled_in(private_data_dir: Path) -> None:
    # nothing listens on loopback port 1: the form comes back with its fields and the reason, not the shell
    settings = MatchSettings(names=("Ana", "Boris"), rounds=2)
    app = MatchApp(Online("ws://127.0.0.1:1", create=OnlineMatch(settings, "ws://127.0.0.1:1", clock=3600)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen) and "No game server" in screen_text(app))
        form = app.screen
        assert form.query_one("#p1", Input).value == "Ana" and form.query_one("#rounds", Input).value == "2"
        assert (
            form.query_one("#clock", Input).value == "1h"
            and form.query_one("#server", Input).value == "ws://127.0.0.1:1"
        )
        said = " ".join(screen_text(app).split())
        assert "No game server answers at ws://127.0.0.1:1" in said
        assert app.focused is not None and app.focused.id == "server"
    assert app.ending.problem is None  # nothing to say on leaving: the player was told in the form


async def test_once_the_other_sides_time_is_up_c_is_listed_and_claims(
    server: ServerProcess, private_data_dir: Path, monkeypatch: Any
) -> None:
    # found by a newcomer: c was read only on one's own turn, and a claim is always made on the other's
    from types import SimpleNamespace

    import lost_cities.tui.match.tables.remote as online_app

    spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3, clock=3600)
    created = await create_game(server.url, spec)
    ana, boris = created.seats
    app = MatchApp(Online(server.url, code=boris.code), store=MatchStore())
    from tests.online.raw import joined

    holding, _view = await joined(server.url, ana.code or "")  # Ana sits, to move, and does nothing
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(
                pilot,
                lambda: (
                    app.table.frame is not None
                    and app.table.frame.deadline is not None
                    and isinstance(app.screen, BoardScreen)
                    and bool(app.screen.query("KeyBar"))
                ),
            )
            assert " c " not in key_bar(app) and "claim" not in screen_text(app)  # an hour left: nothing to claim
            real = online_app.time.time
            monkeypatch.setattr(online_app, "time", SimpleNamespace(time=lambda: real() + 3601))  # this screen's clock
            await until(pilot, lambda: "press c to claim the match" in screen_text(app) and " c " in key_bar(app))
            await pilot.press("c")  # sent: the server, whose clock says an hour is left, refuses it in words
            await until(pilot, lambda: "can be claimed only when another side's time has run out" in screen_text(app))
            await pilot.press("z")  # on the other's turn too, a key that does nothing says so
            await until(pilot, lambda: "The key z does nothing here" in screen_text(app))
    finally:
        await holding.close()


async def test_a_watcher_is_told_every_move_by_name_and_shown_no_hand(server: ServerProcess) -> None:
    # found by a newcomer: seat 1's moves were told to the watcher as "You discarded …, drew ? …"
    from tests.online.raw import ask, seated

    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=5))
    (ana, view), (boris, _view) = await seated(server.url, [seat.code or "" for seat in created.seats])
    app = MatchApp(Online(server.url, watch=created.watch))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
            card = view["view"]["hand"][0]
            await ask(ana, {"type": "decide", "version": 0, "decision": f"-{card}"})
            await ask(ana, {"type": "decide", "version": 1, "decision": "n"})
            shown: App[Any] = app
            await until(pilot, lambda: "Ana discarded" in screen_text(shown))
            text = screen_text(shown)
            assert "You discarded" not in text and "drew ?" not in text and "Ana discarded" in text
            assert "Hand" not in text  # no hand to show a watcher
    finally:
        await ana.close()
        await boris.close()


async def test_a_name_the_server_refuses_ends_the_app_with_the_reason_not_a_blank_screen(
    server: ServerProcess, private_data_dir: Path
) -> None:
    # found by a newcomer: the refusal of the join itself was taken for a passing one, and nothing was ever drawn
    created = await create_game(server.url, Create(seats=(SeatSpec("Rae"), SeatSpec("Kim")), rounds=1, seed=3))
    refusals = (
        ("en", "abcdefghijklmnop", "16 characters long"),
        ("en", "RAE", "another player of this game has the name 'RAE', or one that looks like it: choose another"),
        ("fr", "RAE", "un autre joueur de cette partie"),  # the server's sentence is English: the player's language
    )
    for language, name, said in refusals:
        set_language(language)
        app = MatchApp(Online(server.url, code=created.seats[1].code, name=name), store=MatchStore())
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda app=app: app.ending.problem is not None)  # type: ignore[misc]
        assert app.ending.problem is not None and said in app.ending.problem


def test_after_the_last_round_earlier_is_the_total_before_it_not_the_final_one() -> None:
    # found by a newcomer: the last round's board read "round −20, earlier −60" for a match total of −60
    import random

    from lost_cities.engine import Match, player_view
    from lost_cities.net.protocol import SeatInfo, ViewFrame, Welcome

    match, rng = Match(rounds=2, seed=3), random.Random(1)
    while True:
        while not match.current.over:
            match.current.decide(rng.choice(match.current.legal_decisions()))
        if not match.more_rounds:
            break
        match.start_next_round()
    table = RemoteTable(MatchApp(), Online("ws://127.0.0.1:1"))  # not opened: nothing is sent
    seats = tuple(SeatInfo(seat, name, None, True, True) for seat, name in enumerate(("Ana", "Boris")))
    table.welcome = Welcome(game="g", seat=0, version=1, seats=seats, rounds=2)
    frame = ViewFrame(version=1, round_number=2, view=player_view(match.current, 0), totals=match.totals, over=True)
    assert table._standing(frame).totals == match.round_scores[0]  # the first round's: before the last one


def test_a_watcher_is_told_who_is_away_and_the_clock_as_a_player_is() -> None:
    # found by a newcomer: Ana read "Waiting for Boris — away: 0:56 left on the clock.", the watcher only "Boris is
    # to play"
    import time

    from lost_cities.engine import Match, public_view
    from lost_cities.net.client import Seat
    from lost_cities.net.protocol import SeatInfo, ViewFrame, Welcome

    match = Match(seed=3)
    table = RemoteTable(MatchApp(), Online("ws://127.0.0.1:1"))  # not opened: nothing is sent
    table.seat, table.connected = Seat("ws://127.0.0.1:1", watch="K7QXM2PA"), True
    seats = (SeatInfo(0, "Ana", None, True, False), SeatInfo(1, "Boris", None, True, True))  # Ana to play, away
    table.welcome = Welcome(game="g", seat=None, version=0, seats=seats, rounds=3)
    view = public_view(match.current, match.current.to_move)
    table.frame = ViewFrame(version=0, round_number=1, view=view, totals=(0, 0), over=False)
    assert table._waiting_line() == "You are watching: Ana is to play — away."
    table.frame = ViewFrame(version=0, round_number=1, view=view, totals=(0, 0), over=False, deadline=time.time() + 90)
    assert table._waiting_line().startswith("You are watching: Ana is to play — away, 1:")
    table.frame = ViewFrame(version=0, round_number=1, view=view, totals=(0, 0), over=False, deadline=time.time() - 1)
    assert table._waiting_line() == "You are watching: Ana's time has run out."


async def test_a_name_given_on_joining_reaches_the_others_screens(
    server: ServerProcess, private_data_dir: Path
) -> None:
    # found by a newcomer: Ana's board went on saying "Boris" after he joined as someone else
    from tests.online.raw import ask, open_raw

    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3))
    app = MatchApp(Online(server.url, code=created.seats[0].code), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and "Boris" in screen_text(shown))
        bob = await open_raw(server.url)
        try:
            welcome = await ask(bob, {"type": "join", "code": created.seats[1].code, "name": "Bobby"})
            assert welcome["type"] == "welcome"
            await until(pilot, lambda: "Bobby" in screen_text(shown) and "Boris" not in screen_text(shown))
            assert app.table.names == ("Ana", "Bobby")
        finally:
            await bob.close()


@pytest.mark.slow  # a whole round by keys against a bot over the server (the rematch itself: the tests above)
async def test_a_rematch_asked_of_a_player_who_has_left_says_they_are_not_connected(
    server: ServerProcess, private_data_dir: Path
) -> None:
    # found by a newcomer: a rematch asked after a bot had played its seat and left waited without a word
    from lost_cities.tui.match.screens.match_end import MatchEndScreen
    from lost_cities.tui.match.screens.round_end import RoundEndScreen

    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3))
    ana, boris = created.seats
    app = MatchApp(Online(server.url, code=ana.code), store=MatchStore())
    other = asyncio.create_task(play_seat(server.url, boris.code or "", make_bot("heuristic")))  # leaves at the end
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _turn in range(40):  # Ana discards her first card and draws, until the round is over (22 turns)
                await until(pilot, lambda: isinstance(app.screen, RoundEndScreen) or _to_play(app))
                if isinstance(app.screen, RoundEndScreen):
                    break
                version = app.table.frame.version if app.table.frame else -1
                await pilot.press("1", "d")
                await until(pilot, lambda v=version: app.table.frame is not None and app.table.frame.version > v)
                await pilot.press("n")
                await until(pilot, lambda v=version: app.table.frame is not None and app.table.frame.version > v + 1)
            await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, MatchEndScreen))
            await asyncio.wait_for(other, 30)  # Boris's bot has its record and is gone
            await until(pilot, lambda: 1 not in app.table.present)
            await pilot.press("a")
            await until(
                pilot,
                lambda: (
                    "Rematch asked. Not connected now: Boris; the rematch starts only if they come back"
                    in " ".join(screen_text(app).split())
                ),
            )
            # found by a newcomer: "a" went back to the finished board, its playing keys answered "the match is over"
            assert isinstance(app.screen, MatchEndScreen) and "Total" in screen_text(app)
            assert "play again" not in key_bar(app) and "quit" in key_bar(app)  # asked once
    finally:
        other.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await other


def _to_play(app: MatchApp) -> bool:
    frame = app.table.frame
    return (
        frame is not None
        and frame.view.my_turn
        and frame.view.phase is Phase.PLAY
        and isinstance(app.screen, BoardScreen)
        and app.table.board is not None
        and app.table.board.scene is not None
        and app.table.board.scene.view is frame.view
    )


async def test_a_four_player_game_made_here_shows_every_code_to_send_beneath_the_board_at_80x24(
    server: ServerProcess, private_data_dir: Path
) -> None:
    # found by a newcomer: three whole commands with a list of servers pushed the watch code off the screen
    port = server.url.rpartition(":")[2]
    servers = f"{server.url},ws://[::1]:{port}"  # two addresses, as a club with two servers gives
    names = ("Alexandra", "Bartholomew", "Constantine", "Dorothea")
    settings = MatchSettings(names=names, rounds=1, seed=8)
    app = MatchApp(Online(servers, create=OnlineMatch(settings, servers)), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        shown: App[Any] = app
        await until(pilot, lambda: "Codes to send:" in screen_text(shown))
        text = " ".join(screen_text(shown).split())
        lines = [line.strip() for line in screen_text(shown).splitlines()]
        for seat in (1, 2, 3):  # each name beside its code on one line (the board wrapped between them)
            assert any(f"{names[seat]} {app.table.invites[seat]}" in line for line in lines), (seat, lines)
        assert f"lost-cities play --join CODE --server {servers}" in lines  # a line of its own, to copy whole
        watch = app.table.invitation.partition("To watch (--watch instead of --join): ")[2].split()[0]
        assert f"To watch (--watch instead of --join): {watch}" in text and len(watch) == 9


async def test_a_name_given_when_coming_back_to_a_seat_is_said_to_be_the_first_one(
    server: ServerProcess, private_data_dir: Path
) -> None:
    # found by a newcomer: --name given with the same --join again was ignored without a word
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=3))
    code = created.seats[1].code
    first = MatchApp(Online(server.url, code=code, name="Zoé"), store=MatchStore())
    async with first.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(first.screen, BoardScreen) and "Zoé" in screen_text(first))
    again = MatchApp(Online(server.url, code=code, name="Chloe"), store=MatchStore())
    async with again.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: again.table.welcome is not None and isinstance(again.screen, BoardScreen))
        assert again.table.names[1] == "Zoé"
        shown: App[Any] = again
        await until(pilot, lambda: "Back in your seat as Zoé" in words_of(screen_text(shown)))


def test_the_help_lists_the_claim_only_in_a_game_with_a_clock() -> None:
    from rich.console import Console

    from lost_cities.engine import Rules
    from lost_cities.tui.match.screens.dialogs import help_content

    def said(clock: bool, watching: bool = False) -> str:
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(help_content(Rules(), passing=False, online=True, clock=clock, watching=watching))
        return console.export_text()

    assert "claim the match" in said(True) and "claim the match" not in said(False)
    assert "a hint from the computer" not in said(False)
    # found by a newcomer: a watcher's help listed the keys of a player, none of which a watcher may use
    watcher = said(True, watching=True)
    assert "the log of the round's moves" in watcher and "help / quit" in watcher
    for key in ("lay it on its expedition", "discard it", "draw from the draw pile", "claim the match"):
        assert key not in watcher


async def test_quitting_a_seat_mid_game_is_kept_for_the_command_to_say_how_to_come_back(server: ServerProcess) -> None:
    created = await create_game(server.url, Create(seats=(SeatSpec("Ana"), SeatSpec("Boris")), rounds=1, seed=6))
    app = MatchApp(Online(server.url, code=created.seats[0].code), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        await pilot.press("q")
        await pilot.pause()
        # found by a newcomer: it said to come back "with the same --join", to a player who had typed none
        await until(pilot, lambda: isinstance(app.screen, ConfirmQuit))
        assert isinstance(app.screen, ConfirmQuit) and "lost-cities play offers it again" in app.screen.message
        await pilot.press("y")
        await pilot.pause()
    assert "your seat is kept" in app.ending.words and app.ending.problem is None


async def test_a_fourth_take_back_in_a_turn_is_refused_in_the_players_words(server: ServerProcess) -> None:
    from tests.online.raw import joined

    settings = MatchSettings(names=("Ana", "Boris"), rounds=1)
    app = MatchApp(Online(server.url, create=OnlineMatch(settings, server.url)), store=MatchStore())
    async with app.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = app
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.table.frame is not None)
        table = app.table
        assert isinstance(table, RemoteTable) and table.joined == {0}
        before_boris = table.welcome
        boris, _view = await joined(server.url, table.invites[1])  # everyone in: the cards are dealt
        await until(pilot, lambda: "Ana, play a card" in message(shown))
        # found by CI: the dealt view may come a moment before the last player's presence; a key pressed in between
        # was answered "waiting for Boris" while the hand was on the screen.  As it may come:
        dealt = table.frame
        assert dealt is not None and dealt.view.hand and dealt.view.my_turn
        table.welcome = before_boris
        table._on_frame(dealt)
        await pilot.pause()
        assert "Ana, play a card" in message(shown) and "waiting for" not in screen_text(shown)
        for version in range(1, 7):  # discarded and taken back three times: each answered by the server
            await pilot.press("d" if version % 2 else "u")
            await until(
                pilot, lambda version=version: app.table.frame is not None and app.table.frame.version == version
            )
            if version == 2:  # said as at one keyboard (it went back to the prompt, without a word)
                assert "is back in your hand." in message(shown)
        await pilot.press("d")
        await until(pilot, lambda: app.table.frame is not None and app.table.frame.version == 7)
        assert "take back" not in key_bar(shown)  # the view says no more: the key bar offers none
        await pilot.press("u")
        await until(pilot, lambda: "taken a card back 3 times this turn" in screen_text(shown))
        assert "online, that is the most (R6c). Play a card, then draw." in " ".join(screen_text(shown).split())
        await boris.close()


@pytest.mark.slow  # a whole round played over a server of its own (6 s)
async def test_a_rematch_the_server_will_not_make_yet_is_said_and_a_asks_again(tmp_path: Path) -> None:
    # found reading the client: a rematch refused for the address's new games (rate_limited, the connection staying)
    # ended the app with the server's English sentence
    from lost_cities.server.gate import Limits
    from lost_cities.tui.match.screens.match_end import MatchEndScreen

    untrusting = ServerProcess(tmp_path, options=("--no-trust-loopback",))  # this machine counted as a stranger
    untrusting.start()
    try:
        spec = Create(seats=(SeatSpec("Ana"), SeatSpec("Carl", computer="easy")), rounds=1, seed=3)
        created = await create_game(untrusting.url, spec)
        ana, _record = await play_seat(untrusting.url, created.seats[0].code or "", make_bot("heuristic"))
        for _ in range(Limits.CREATES_PER_ADDRESS - 1):  # this address's last games for the minute
            await create_game(untrusting.url, spec)
        app = MatchApp(Online(untrusting.url, token=ana.token), store=MatchStore())
        async with app.run_test(size=(80, 24)) as pilot:
            shown: App[Any] = app
            await until(pilot, lambda: isinstance(app.screen, MatchEndScreen) and app.screen.again)
            await pilot.press("a")  # Carl, a computer, has accepted: this ask would make the rematch
            refused = "Too many new games from your address just now, so the rematch is not made yet"
            await until(pilot, lambda: refused in screen_text(shown).replace("\n", " ").replace("│", ""))
            end = app.screen
            assert isinstance(end, MatchEndScreen) and end.again and "a " in key_bar(app)  # a asks again
            assert app.is_running and app.table.seat is not None and app.table.seat.connected

            def refusals() -> int:
                return untrusting.log.read_text().count("refused a new game from 127.0.0.1")

            assert refusals() == 1
            await pilot.press("a")  # asked again: refused again within the minute, and said again
            await until(pilot, lambda: refusals() == 2 and isinstance(app.screen, MatchEndScreen) and app.screen.again)
    finally:
        untrusting.stop()


async def test_a_game_created_here_and_opened_again_keeps_its_invitations_in_the_help(server: ServerProcess) -> None:
    # found by a newcomer: back in a game they had created, ? gave neither the friend's invitation nor the code to watch
    settings = MatchSettings(names=("Ana", "Boris"), rounds=1, seed=8)
    first = MatchApp(Online(server.url, create=OnlineMatch(settings, server.url)), store=MatchStore())
    async with first.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Send Boris: lost-cities play --join " in screen_text(first))
        created = first.table.created
        assert created is not None
    (kept,) = [seat for seat in load_seats(MatchStore()).seats if seat.game == created.game]
    again = MatchApp(Online(server.url, token=kept.token), store=MatchStore())
    async with again.run_test(size=(80, 24)) as pilot:
        shown: App[Any] = again
        await until(pilot, lambda: again.table.welcome is not None and again.table.frame is not None)
        await pilot.press("question_mark")
        await until(pilot, lambda: type(again.screen).__name__ == "HelpScreen")
        text = " ".join(screen_text(shown).split())
        assert f"--join {created.seats[1].code}" in text and f"--watch {created.watch}" in text
