"""Playing against the computer in the app: alone on the board, several people with the pass step, hints, saves.

The computer thinks on a thread; the tests wait for it (:func:`until`), with the pace
at 0 unless the pace itself is under test.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from lost_cities.engine import (
    STOP,
    Decision,
    Draw,
    Match,
    Phase,
    Play,
    PlayerView,
    Round,
    RoundRecord,
    Rules,
    Stop,
    player_view,
)
from lost_cities.i18n import set_language
from lost_cities.session import HotSeat, MatchSettings
from lost_cities.storage import MatchStore, SavedMatch
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.scene import unknown_key_line
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.dialogs import NoticesScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.round_end import RoundEndScreen
from lost_cities.words import card_phrase
from tests.tui.helpers import SIZE, advance, engine, key_bar, message, screen_lines, screen_text, until

VS_EASY = MatchSettings(names=("Ana", "Computer"), seed=5, rounds=1, computers=(None, "easy"))


def human_to_move(app: MatchApp) -> bool:
    session = app.table.session
    return session.round_over or not session.is_computer(session.to_move)


async def human_turn(pilot: Pilot[None], app: MatchApp) -> None:
    """Ana's turn by keys on the board: the first card that can be laid, else card 1 discarded; the draw pile."""
    view = app.table.session.view_of(0)
    assert view.my_turn and isinstance(app.screen, BoardScreen)
    lays = [play.card for play in view.legal_plays if not play.discard]
    if lays:
        await pilot.press(str(view.hand.index(lays[0]) + 1), "e", "n")
    else:
        await pilot.press("1", "d", "n")
    await until(pilot, lambda: human_to_move(app))


async def round_end(pilot: Pilot[None], app: MatchApp) -> None:
    """To the round-end screen: Enter first if a computer's move ended the round (its move is shown)."""
    await until(pilot, lambda: isinstance(app.screen, RoundEndScreen) or "The round is over" in screen_text(app))
    if not isinstance(app.screen, RoundEndScreen):
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))


@pytest.mark.slow
async def test_a_whole_round_alone_against_the_easy_computer(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    app = MatchApp(Local(VS_EASY), store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)  # alone: no pass step, nothing to hide
        assert not isinstance(app.screen, PassScreen)
        turns = 0
        while not app.table.session.round_over:
            await human_turn(pilot, app)
            turns += 1
            if not app.table.session.round_over:  # the computer has answered: its card is on the table, said in words
                assert "Computer" in screen_text(app).split("\n")[2]  # under your own turn
        await round_end(pilot, app)
    record = store.list_history().matches[-1]  # one round: the match is over, and filed
    assert record.computers == (None, "easy")
    played = record.record.played[0].turns
    assert turns >= 20 and len(played) in (2 * turns - 1, 2 * turns)  # every computer turn is recorded too
    assert record.over


class Gated:
    """A bot that thinks until the test lets it answer (and plays the first legal choice)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.views: list[PlayerView] = []

    def choose_play(self, view: PlayerView) -> Play | Stop:
        self.views.append(view)
        self.go.wait(30)
        return view.legal_plays[0]

    def choose_draw(self, view: PlayerView) -> Draw:
        self.views.append(view)
        self.go.wait(30)
        return view.legal_draws[0]

    def rank(self, view: PlayerView, *_args: object, **_kwargs: object) -> list[tuple[Decision, float]]:
        """As the hint's ranking: the first legal choice, worth nothing."""
        self.views.append(view)
        self.go.wait(30)
        return [(view.legal_decisions[0], 0.0)]


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gated]:
    """Every bot the app makes (a computer player, the hint) is this one; let go after the test."""
    bot = Gated()
    monkeypatch.setattr("lost_cities.ai.make_bot", lambda *args, **kwargs: bot)
    monkeypatch.setattr("lost_cities.ai.ranked", bot.rank)
    yield bot
    bot.go.set()


async def test_the_keys_wait_while_the_computer_thinks(gated: Gated) -> None:
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        assert message(app) == "Computer is thinking…"
        assert "select" not in key_bar(app) and "hint" not in key_bar(app)
        hand = app.table.session.view_of(0).hand
        await pilot.press("1", "d")
        assert message(app) == "Wait: Computer is playing."
        assert app.table.session.view_of(0).hand == hand
        gated.go.set()
        await until(pilot, lambda: app.table.session.to_move == 0)
        assert message(app).startswith("Ana, play a card")


async def test_the_computers_move_is_held_on_screen_and_any_key_goes_on() -> None:
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=600)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await until(pilot, lambda: app.table.holding)
        assert (
            app.table.session.to_move == 1 and engine(app).current.phase is Phase.PLAY
        )  # decided, but held: not played
        await pilot.press("x")  # its play shows at once; then it is seen thinking of its draw
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW and app.table.holding)
        await pilot.press("x")
        await until(pilot, lambda: app.table.session.to_move == 0)
        assert message(app).startswith("Ana, play a card")
        assert "Computer laid" in screen_text(app) or "Computer discarded" in screen_text(app)


async def test_a_key_pressed_while_the_computer_moves_only_hurries_it_and_never_plays_the_players_turn() -> None:
    # found by a newcomer: "e", pressed as the computer's draw was shown, also laid their selected card
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=600)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.table.holding)
        await pilot.press("x")  # its play shows at once; then it is seen thinking of its draw
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW and app.table.holding)
        hand = app.table.session.view_of(0).hand
        await pilot.press("e")  # the computer's draw, held on screen, goes on: Ana's turn begins
        await until(pilot, lambda: app.table.session.to_move == 0)
        await pilot.pause()
        assert app.table.session.view_of(0).hand == hand and engine(app).current.phase is Phase.PLAY
        assert message(app).startswith("Ana, play a card")


async def test_a_key_read_once_the_players_turn_has_begun_but_pressed_before_it_does_nothing() -> None:
    # a key typed at the computer's move waits in the app's queue while the move is drawn: read on Ana's turn
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=600)
    async with app.run_test(size=SIZE) as pilot:
        app.table.grace = 0  # no moment after the move: only when the key was pressed counts
        await until(pilot, lambda: app.table.holding)
        await pilot.press("x")
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW and app.table.holding)
        hand = app.table.session.view_of(0).hand
        early = events.Key("e", "e")  # pressed now, at the computer's draw...
        await pilot.press("x")
        await until(pilot, lambda: app.table.session.to_move == 0)
        app.screen.post_message(early)  # ...and read on Ana's turn
        await pilot.pause()
        assert app.table.session.view_of(0).hand == hand and engine(app).current.phase is Phase.PLAY
        await pilot.press("e")  # pressed on her turn: it lays her card
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW)
        assert len(app.table.session.view_of(0).hand) == len(hand) - 1


async def test_a_key_pressed_a_moment_after_the_computers_move_is_taken_as_pressed_at_it() -> None:
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=600)
    async with app.run_test(size=SIZE) as pilot:
        assert app.table.grace == 0.25  # a quarter of a second at most: too soon to have read the move
        app.table.grace = 30  # a long moment, whatever this machine's speed
        await until(pilot, lambda: app.table.holding)
        await pilot.press("x")
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW and app.table.holding)
        await pilot.press("x")
        await until(pilot, lambda: app.table.session.to_move == 0)
        hand = app.table.session.view_of(0).hand
        await pilot.press("2", "e")
        assert app.table.session.view_of(0).hand == hand and app.screen.scene.selected == 0
        app.table.grace = 0  # the moment over
        await pilot.press("2", "e")
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW)
        assert hand[1] not in app.table.session.view_of(0).hand


def replace_settings(settings: MatchSettings, **changes: object) -> MatchSettings:
    from msgspec.structs import replace

    return replace(settings, **changes)  # type: ignore[arg-type]


async def test_a_hint_is_worked_out_from_the_players_view_while_the_keys_wait(gated: Gated) -> None:
    app = MatchApp(Local(VS_EASY), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        assert message(app) == "The computer is thinking about a hint…"
        assert "lay" not in key_bar(app)
        await pilot.press("e")
        assert message(app) == "Wait: the computer is thinking about your hint."
        gated.go.set()
        await until(pilot, lambda: message(app).startswith("1. "))
        await until(pilot, lambda: "lay" in key_bar(app))  # the key bar follows on the next refresh
    assert gated.views and all(view.seat == 0 for view in gated.views)  # Ana's own view, nothing else (H3)


async def test_a_hint_shows_the_hard_levels_three_best_choices_selects_the_first_and_is_counted() -> None:
    app = MatchApp(Local(replace_settings(VS_EASY, think=0.1)), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await until(pilot, lambda: message(app).startswith("1. "))
        board = app.screen
        assert isinstance(board, BoardScreen) and board.scene is not None
        lines = message(app).split("\n")
        numbered = [line for line in lines if line[:3] in ("1. ", "2. ", "3. ")]
        assert [line[:3] for line in numbered] == ["1. ", "2. ", "3. "]  # the first turn: many choices
        assert all(" — " in line and "(" in line for line in numbered)  # each with its estimate and its reason
        hinted = board.scene.selected_card
        assert hinted is not None
        assert card_phrase(hinted) in numbered[0]  # the first choice's card is selected: e or d plays it
        assert app.table.session.hints == [[1, 0]]
        # the round's end tells who took hints
        round_ = engine(app).current
        advance(round_, leave=2)
        if round_.to_move != 0:
            advance(round_, leave=1)  # one turn more: Ana's to move
        app.table.show_board(0)
        while not engine(app).current.over:
            await human_turn(pilot, app)
        await round_end(pilot, app)
        assert "Hints taken: Ana (1)" in screen_text(app)


def test_a_hint_is_wrapped_whole_where_the_message_has_room_else_each_line_is_cut_to_one() -> None:
    # found by a newcomer: in Russian, with the hand's row of R21, two reasons wrapped and pushed the last line out
    from lost_cities.tui.match.tables.local import _fitted

    choice = "{n}. выложить жёлтую карту пари (+34,3) — рискованное пари: в руке всего 9 очков жёлтого цвета"
    numbers = "Числа: ожидаемый перевес над соперником (Константин) к концу партии."
    russian = "\n".join([*(choice.format(n=n) for n in (1, 2, 3)), numbers])
    cut = _fitted(russian, 78, 5).split("\n")  # the smallest board's message: five lines
    assert len(cut) == 4 and all(len(line) <= 78 for line in cut) and cut[0].endswith("…") and cut[3] == numbers
    # between two words (found by a newcomer: "в руке лишь 13 очко…", a word cut, read as a grammar mistake)
    assert cut[0] == "1. выложить жёлтую карту пари (+34,3) — рискованное пари: в руке всего 9…"
    # one line more fits beneath the hand even then: an English reason that wraps once is kept whole
    english = "\n".join(
        [
            "1. lay white 2 (+40.2) — opens the white expedition: only 5 points in hand (cost 20)",
            "2. discard red 9 (+40.2) — no expedition under way can take it",
            "3. discard green 2 (+32.7) — no expedition under way can take it",
            "The numbers: your expected lead over Computer at the round's end.",
        ]
    )
    assert _fitted(english, 78, 5) == english
    # found by a newcomer: reasons cut with lines to spare beneath them (seven at a two-player board)
    assert _fitted(russian, 78, 7) == russian and _fitted(russian, 78, None) == russian


async def test_a_hint_in_russian_with_nothing_in_hand_keeps_what_its_numbers_mean_in_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lost_cities.ai.search import SearchSettings, ranked

    monkeypatch.setattr(  # a fixed number of samples, not a time: the same hint every run
        "lost_cities.ai.ranked", lambda view, *args, **kwargs: ranked(view, SearchSettings(samples=6), seed=1)
    )
    settings = MatchSettings(
        names=("Александра", "Константин"),
        seed=4,
        rounds=1,
        computers=(None, "easy"),
        rules=Rules(hand_penalty=True),
    )
    set_language("ru")
    try:
        app = MatchApp(Local(settings), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await until(pilot, lambda: message(app).startswith("1. "))
            await pilot.pause()
            lines = message(app).split("\n")
            assert [line[:3] for line in lines[:3]] == ["1. ", "2. ", "3. "] and len(lines) == 4
            assert any(lines[3] in line for line in screen_lines(app))  # what the numbers are, above the keys
    finally:
        set_language("en")


async def test_a_hint_with_only_one_thing_to_do_says_so_at_once_and_is_not_counted() -> None:
    app = MatchApp(Local(VS_EASY), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")  # the first turn: a card laid, and every discard pile still empty
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert message(app) == "Nothing to weigh here: the only thing to do is draw from the draw pile."
        assert app.table.session.hints == [[0, 0]]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The key v does nothing here: draw with n (draw pile)"),
        ("fr", "La touche v ne fait rien ici\u00a0: piochez avec n (pioche)"),
    ],
)
async def test_a_key_that_does_not_draw_says_which_keys_do(language: str, said: str) -> None:
    # a French player reaches for v (vert): the piles keep the board's letters, and the refusal names them
    set_language(language)
    try:
        app = MatchApp(Local(VS_EASY), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("e")  # laid: every discard pile is still empty, the draw pile is the one draw
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            assert message(app) == said + "."
    finally:
        set_language("en")


@pytest.mark.parametrize(("keys", "key"), [(("3",), "3"), (("left",), "←"), (("end",), "End"), (("home",), "Home")])
async def test_a_card_key_while_drawing_says_to_draw_and_keeps_the_selection(keys: tuple[str, ...], key: str) -> None:
    # found by a newcomer: in the lesson's draw steps, a card's number and the arrows did nothing, without a word
    app = MatchApp(Local(VS_EASY), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "e")
        await pilot.pause()
        assert app.table.board is not None and app.table.board.scene is not None
        selected = app.table.board.scene.selected
        await pilot.press(*keys)
        await pilot.pause()
        assert message(app) == f"The key {key} does nothing here: draw with n (draw pile)."
        assert app.table.board.scene.selected == selected


@pytest.mark.parametrize(("long", "listed"), [(False, True), (True, False)])
async def test_while_drawing_the_log_is_listed_unless_six_piles_fill_the_bar(long: bool, listed: bool) -> None:
    app = MatchApp(Local(replace_settings(VS_EASY, rules=Rules(long=long))), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert (" l  log" in key_bar(app)) is listed
        await pilot.press("l")  # at hand either way
        await pilot.pause()
        assert type(app.screen).__name__ == "RoundLogScreen"


def test_the_keys_that_draw_are_each_pile_that_may_be_drawn_from() -> None:
    round_ = Round.from_position("r5 r7 bw b4 b7 b10 y2 g8 / g4 y5 | r3 r4 / g3 | r9 b2 | y9 y10 w3 w4 | 0")
    round_.play(Play.parse("-y2"))  # yellow 2 discarded: not to be drawn back (R7)
    said = unknown_key_line(player_view(round_, 0), "j")
    assert said == "The key j does nothing here: draw with n (draw pile), b (blue), r (red)."
    assert unknown_key_line(player_view(round_, 1), "j") == "The key j does nothing here: press ? for help."


async def test_resuming_a_match_against_the_computer_goes_on_with_it(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    match = Match(Rules(), rounds=2, first=1, seed=9)
    advance(match.current, leave=30)
    assert match.current.to_move == 1  # the computer's turn when the match was left
    saved = SavedMatch.start(("Ana", "Robot"), match, computers=(None, "normal"), think=0.5)
    store.save_current(saved.with_match(match, hints=[[2, 0]]))
    app = MatchApp(Local(start="resume"), store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        assert "Resumed: Ana vs Robot (normal) — round 1" in screen_text(app)
        await until(pilot, lambda: app.table.session.to_move == 0)  # the computer played on by itself
        assert app.table.session.computers == (None, "normal") and app.table.session.think == 0.5
        assert app.table.session.hints == [[2, 0]]
        await human_turn(pilot, app)
    again = store.load_current()
    assert again is not None and again.computers == (None, "normal") and again.hints == ((2, 0),)
    assert len(again.record.played[0].turns) == len(saved.record.played[0].turns) + 3


async def test_a_match_left_in_french_goes_on_in_english_under_english_default_names(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    match = Match(Rules(), rounds=1, first=0, seed=9)
    saved = SavedMatch.start(("Joueur 1", "Ordinateur"), match, computers=(None, "easy"))
    store.save_current(saved)
    app = MatchApp(Local(start="resume"), store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.table.session.names == ("Player 1", "Computer")
        assert "Resumed: Player 1 vs Computer (easy)" in screen_text(app)
        assert "Ordinateur" not in screen_text(app)
        await human_turn(pilot, app)
    again = store.load_current()
    assert again is not None and again.names == ("Joueur 1", "Ordinateur")  # the record keeps them as given


async def test_with_several_people_the_computer_plays_on_the_next_persons_pass_screen() -> None:
    settings = MatchSettings(names=("Ana", "Boris", "Carl"), seed=3, computers=(None, "easy", None))
    app = MatchApp(Local(settings), pace=600)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "d", "n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PassScreen) and screen.name == "Carl"
        assert "Next: Carl, once the computer has played" in screen_text(app)
        assert "Boris is thinking…" in screen_text(app)
        assert "Enter" not in key_bar(app)
        await pilot.press("enter")  # not yet: Boris is still to play; the key hurries him
        assert app.screen is screen
        while app.table.session.to_move != 2 or screen.waiting:
            await until(pilot, lambda: app.table.holding)
            await pilot.press("x")
            await pilot.pause()
        assert screen_lines(app)[3].strip().startswith("Boris")  # what he did, on the public table (under Ana's)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and app.screen.seat == 2


async def test_a_fault_in_a_bot_never_stops_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def choose_play(self, view: PlayerView) -> Play | Stop:
            raise RuntimeError("a bug")

        def choose_draw(self, view: PlayerView) -> Draw:
            return Draw(None) if view.closed_pile else Draw(view.rules.colours[0])  # often illegal

    monkeypatch.setattr("lost_cities.ai.make_bot", lambda *args, **kwargs: Broken())
    session = HotSeat.new(replace_settings(VS_EASY, first="p2"))
    for _ in range(2):
        session.decide(session.computer_move()())
    assert session.to_move == 0 and len(RoundRecord.of(engine(session).current).turns) == 1


async def test_quitting_never_waits_for_the_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    thinking, answer = threading.Event(), threading.Event()

    class Slow:
        def choose_play(self, view: PlayerView) -> Play | Stop:
            thinking.set()
            answer.wait(20)
            return view.legal_plays[0]

        def choose_draw(self, view: PlayerView) -> Draw:
            return view.legal_draws[0]

    monkeypatch.setattr("lost_cities.ai.make_bot", lambda *args, **kwargs: Slow())
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, thinking.is_set)
            await pilot.press("q", "y")
        assert app.return_code == 0 and not answer.is_set()  # closed while the computer still thought
    finally:
        answer.set()


async def test_quitting_tells_the_thinking_computer_to_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    # the thinking runs in a thread worker, which Python waits for before the process ends: quitting
    # cancels it, and a bot that asks `stop` as it searches (the hard level does) stops at once
    thinking, stopped = threading.Event(), threading.Event()

    class Patient:
        def __init__(self, stop: Callable[[], bool]) -> None:
            self.stop = stop

        def choose_play(self, view: PlayerView) -> Play | Stop:
            thinking.set()
            while not self.stop() and not stopped.wait(0.005):
                pass
            stopped.set()
            return view.legal_plays[0]

        def choose_draw(self, view: PlayerView) -> Draw:
            return view.legal_draws[0]

    monkeypatch.setattr("lost_cities.ai.make_bot", lambda *args, stop, **kwargs: Patient(stop))
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, thinking.is_set)
            assert not stopped.is_set()
            await pilot.press("q", "y")
        assert stopped.wait(5)
    finally:
        stopped.set()


def test_the_session_refuses_a_match_of_computers_only() -> None:
    with pytest.raises(ValueError, match="person"):
        MatchSettings(names=("A", "B"), computers=("easy", "hard"))
    with pytest.raises(ValueError, match="easy"):
        MatchSettings(names=("A", "B"), computers=(None, "expert"))


def test_a_computer_in_the_final_laying_lays_or_stops_legally() -> None:
    """Three players: the computer's choices carry the round through the final laying (R23c)."""
    settings = MatchSettings(names=("Ana", "Boris", "Carl"), seed=4, computers=(None, "normal", "hard"), think=0.1)
    session = HotSeat.new(settings)
    while not session.round_over:
        if session.is_computer(session.to_move):
            session.decide(session.computer_move()())
        elif engine(session).current.phase is Phase.FINAL:
            session.decide(STOP)
        else:
            view = session.view()
            session.decide(Play(view.hand[0], True))
            session.decide(Draw(None))
    assert session.round_over


async def test_help_alone_against_the_computer_lists_the_hint_and_no_pass_screen() -> None:
    app = MatchApp(Local(VS_EASY), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: human_to_move(app))
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "a hint from the computer" in text
        assert "pass screen" not in text  # nothing to pass: no Enter to show a hand
        assert "y b w g r" in text and "y b w g r p" not in text  # this match's piles: purple only in the long game


async def test_the_resume_question_names_the_new_matchs_computer_with_its_level(private_data_dir: Path) -> None:
    store = MatchStore(private_data_dir)
    match = Match(Rules(), rounds=1, first=0, seed=4)
    store.save_current(SavedMatch.start(("Ana", "Boris"), match))
    app = MatchApp(Local(VS_EASY), store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "start Ana vs Computer (easy)" in " ".join(screen_text(app).split())


async def test_once_its_card_is_on_the_table_the_computer_is_no_longer_said_to_think() -> None:
    # "Computer is thinking…" stayed while its card was already on the table
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=600)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.table.holding)
        assert message(app) == "Computer is thinking…"
        await pilot.press("x")  # its play shows at once
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW)
        assert app.table.board is not None and app.table.board.scene is not None
        (card,) = app.table.board.scene.marked
        await until(pilot, lambda: "thinking" not in message(app))
        assert message(app) in (f"Computer laid {card_phrase(card)}.", f"Computer discarded {card_phrase(card)}.")


async def test_the_computers_last_move_is_shown_before_the_round_end() -> None:
    # the move that ends the round stays on the table, said, until Enter
    round_ = Round.from_position("r5 r9 / g4 g6 | - / - | - | y2 y3 | 0")
    match = Match(round_.rules, rounds=1, first=0, seed=1)
    match.played[0] = round_
    app = MatchApp(Local(session=HotSeat(("Ana", "Computer"), match, computers=(None, "easy"))), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and app.screen.my_turn)
        await pilot.press("1", "d", "n")
        await until(pilot, lambda: "The round is over" in message(app))
        assert engine(app).current.over and isinstance(app.screen, BoardScreen)
        assert "Computer laid" in screen_text(app) or "Computer discarded" in screen_text(app)
        assert "Enter  see the scores" in key_bar(app)
        await pilot.press("x", "1")  # only Enter goes on
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))


async def test_the_computer_plays_first_once_the_start_up_notices_are_read() -> None:
    # found by a review: the computer's first move, held while the start-up's panel was up, waited for a key
    notices = ("The server ws://x:1 did not answer.",)
    app = MatchApp(Local(replace_settings(VS_EASY, first="p2")), pace=0.2, notices=notices)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NoticesScreen))
        await until(pilot, lambda: app.table.holding)  # its move decided, held for the pace...
        await pilot.pause(0.5)  # ...whose time runs out while the panel is up
        await pilot.press("enter")
        await until(pilot, lambda: app.table.session.to_move == 0, seconds=10)  # its move made, without another key
        assert message(app).startswith("Ana, play a card")


async def test_in_french_the_board_says_l_ordinateur_of_the_computers_moves() -> None:
    # a newcomer read "Ordinateur a posé le 3 jaune, puis pioché.": the computer's name wants its article
    set_language("fr")
    try:
        settings = MatchSettings(names=("Ana", "Ordinateur"), first="p2", seed=3, computers=(None, "easy"))
        app = MatchApp(Local(settings), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: human_to_move(app) and "L'ordinateur a " in screen_text(app))
            text = screen_text(app)
            assert "Ana joue, puis l'ordinateur" in text and "Ordinateur a " not in text
    finally:
        set_language("en")
