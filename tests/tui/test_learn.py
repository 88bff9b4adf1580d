"""`lost-cities learn`: the lesson played by keys on the real board, in each language — each step's text
on screen, a wrong key at each step explained and nothing changed, the round ending on its scores —,
quitting at a step, and the ways in (the start screens, the command line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lost_cities.engine import Colour, Draw, Play, Round, parse_decision
from lost_cities.i18n import _, set_language
from lost_cities.storage import MatchStore
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.match.lesson import OPPONENT_TURNS, POSITION, STEPS
from lost_cities.tui.match.match_app import Lesson, MatchApp
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.dialogs import ConfirmQuit
from lost_cities.tui.match.screens.lesson import LessonBoard, LessonEnd
from lost_cities.tui.match.screens.resume import ResumeScreen
from lost_cities.tui.match.screens.round_end import RoundEndScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from lost_cities.tui.match.tables.lesson import LessonTable
from lost_cities.tui.match.tables.local import LocalTable
from tests.conftest import EVERY_LANGUAGE, Cli
from tests.storage.matches import saved_match
from tests.tui.helpers import SIZE, engine, key_bar, message, screen_lines, until


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces: what was wrapped reads as written."""
    return " ".join(text.split())


def right_keys(app: MatchApp) -> list[str]:
    """The keys the step in front of the learner waits for: its card's number and e or d, a pile, or Enter."""
    wanted = app.table.wanted
    if isinstance(wanted, Play):
        hand = engine(app).current.hand(0)
        return [str(hand.index(wanted.card) + 1), "d" if wanted.discard else "e"]
    if isinstance(wanted, Draw):
        return ["n" if wanted.pile is None else wanted.pile.letter]
    return ["enter"]


def wrong_key(app: MatchApp) -> str:
    """A key that does something else at this step (legal or not): the other of e and d (the wanted card
    selected), another pile — the blue one just discarded onto, at the R7 step —, or e instead of Enter."""
    wanted = app.table.wanted
    if isinstance(wanted, Play):
        return "e" if wanted.discard else "d"
    if isinstance(wanted, Draw):
        return "b" if wanted.pile is None else "n"
    return "e"


def test_the_script_is_a_legal_round_that_ends_on_the_learners_last_draw() -> None:
    round_ = Round.from_position(POSITION)
    boris = iter(OPPONENT_TURNS)
    wants = [parse_decision(step.want) for step in STEPS if step.want is not None]
    for number, want in enumerate(wants, start=1):
        assert round_.to_move == 0 and not round_.over
        round_.decide(want)  # the checked path: an illegal step would raise
        if round_.to_move == 1:
            round_.turn(next(boris))  # Boris's turn, checked as well
        assert round_.over == (number == len(wants))
    assert next(boris, None) is None  # every scripted turn played
    assert round_.scores()[0].expedition(Colour.YELLOW).count == 8  # the bonus the last steps read


@pytest.mark.parametrize("lang", EVERY_LANGUAGE)
async def test_the_lesson_by_keys_with_a_wrong_key_at_each_step(lang: str) -> None:
    set_language(lang)
    try:
        await play_the_lesson()
    finally:
        set_language("en")


async def play_the_lesson() -> None:
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = key_bar(app)  # the first step waits for Enter: the bar says so, and lists no move yet
        assert _("go on") in bar and _("lay") not in bar
        for index, step in enumerate(STEPS):
            assert app.table.step_index == index
            on_screen = message(app)
            assert _(step.text).split("{")[0] in on_screen and app.table.step_text() in on_screen
            keys = right_keys(app)
            for key in keys[:-1]:  # select the wanted card first: the wrong key is then the other play of it
                await pilot.press(key)
            await pilot.press("right", "left")  # moving the selection about keeps the step's text
            assert app.table.step_text() in message(app)
            if keys[-1] in ("e", "d"):  # found by a newcomer: the bar listed d where the step wanted e
                bar = key_bar(app)
                assert (_("lay") in bar, _("discard") in bar) == (keys[-1] == "e", keys[-1] == "d"), (index, bar)
            before = engine(app).current.state_key()
            await pilot.press(wrong_key(app))
            await pilot.pause()
            said = message(app)
            assert flat(said) in flat(" ".join(screen_lines(app))), (index, said)  # all of it fits at 80×24
            wanted = keys[-1] if keys[-1] != "enter" else key_name("enter")
            assert _("This step wants {keys}.").format(keys=wanted) in said, (index, said)
            assert app.table.step_index == index and engine(app).current.state_key() == before  # nothing changed
            if index == 8:  # blue 2 just discarded: its pile is refused by the engine's own rule
                assert "(R7)" in said
            await pilot.press(keys[-1])
            for _turn in range(20):  # Boris's turn, at no pace
                await pilot.pause()
                if (
                    app.table.board is not None
                    and app.table.board.scene is not None
                    and app.table.board.scene.wait is None
                ):
                    break
            if index == len(STEPS) - 3:  # the last card of the draw pile: over, the scores on the learner's cards
                assert engine(app).current.over
                assert "44 − 20 + 20 = 44" in message(app)  # yellow: eight cards, the bonus
            if index == len(STEPS) - 2:
                said = message(app)
                assert "6 − 20 = −14" in said and "(9 − 20) × 2 = −22" in said  # red, green with its wager
                assert "+8" in said  # the round's score signed, as the round's end writes it (found by a newcomer)
        assert isinstance(app.screen, RoundEndScreen)
        assert not app.table.completed
        assert _("end the lesson") in key_bar(app)
        await pilot.press("enter")
        await pilot.pause()
    assert app.table.completed


async def test_take_back_and_hint_are_explained_not_done() -> None:
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "e")  # yellow 7 laid: the step wants the draw
        await pilot.pause()
        assert "take back" not in key_bar(app) and " n " in key_bar(app)  # u is not offered: the step wants n
        before = engine(app).current.state_key()
        await pilot.press("u")
        await pilot.pause()
        assert "The key u would take yellow 7 back into your hand. This step wants n." in message(app)
        await pilot.press("h")
        await pilot.pause()
        assert "The key h asks the computer for a hint" in message(app)
        assert app.table.step_index == 2 and engine(app).current.state_key() == before


async def test_quit_at_a_step_leaves_without_saving(private_data_dir: Path) -> None:
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ("enter", "1", "e"):
            await pilot.press(key)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")  # back to the lesson, where it stood
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and app.table.step_index == 2
        await pilot.press("q", "y")
        await pilot.pause()
    assert not app.table.completed
    assert not any(private_data_dir.iterdir())  # no match saved, nothing filed


async def test_a_step_that_waits_for_enter_asks_for_no_card() -> None:
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Press Enter to begin." in message(app) and "play a card" not in message(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Ana, play a card" in message(app)  # the first move's step: the board's prompt again


async def test_no_step_asks_to_select_the_card_already_selected() -> None:
    # noticed by a newcomer: "press 1 to select yellow 7" with yellow 7 selected already
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert (
            app.table.board is not None
            and app.table.board.scene is not None
            and app.table.board.scene.selected_card == app.table.wanted.card
        )  # type: ignore[union-attr]
        assert "press e to lay yellow 7." in flat(message(app))
        await pilot.press("right")
        await pilot.pause()
        assert "press 1, then e to lay yellow 7." in flat(message(app))  # another card selected: its number first


async def test_from_the_start_the_lesson_points_back_to_it() -> None:
    app = MatchApp(Lesson(from_start=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        said = "\n".join(screen_lines(app))
        assert "Learn to play" in said and "lost-cities learn" not in said  # where the learner goes back to
        assert "start screen" in said  # found by a newcomer: "Learn to play, at the start, begins it" read as garbled


async def test_learn_to_play_from_the_new_match_form_opens_the_lesson_and_leaving_it_brings_the_form_back() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.table, LessonTable) and isinstance(app.screen, LessonBoard)  # the same app goes on
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, NewMatchScreen))  # the start again, as it was
        assert app.table is None and app.is_running


async def test_learn_to_play_beside_the_unfinished_match_and_back_to_it_at_the_lessons_end(
    private_data_dir: Path,
) -> None:
    store = MatchStore(private_data_dir)
    store.save_current(saved_match(turns=2))
    app = MatchApp(store=store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.table, LessonTable) and isinstance(app.screen, LessonBoard)
        lesson = app.table
        for index in range(len(STEPS)):  # the whole lesson, by the keys each step wants, Boris's turns at no pace
            await pilot.press(*right_keys(app))

            def learners_moment(done: int = index + 1) -> bool:  # the next step, with the learner to act on it
                board = lesson.board
                waiting = board is None or board.scene is None or board.scene.wait is not None
                return isinstance(app.screen, LessonEnd) or (lesson.step_index == done and not waiting)

            await until(pilot, learners_moment)
        await until(pilot, lambda: isinstance(app.screen, LessonEnd))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen))  # the unfinished match, offered again
        assert lesson.completed and app.is_running
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.table, LocalTable))


def test_learn_opens_the_lesson(cli: Cli) -> None:
    result = cli("learn", terminal=True)
    assert result.status == 0 and [type(app) for app in result.apps] == [MatchApp]
    refused = cli("learn")
    assert refused.status == 2 and "terminal" in refused.err


@pytest.mark.parametrize(("lang", "words"), [("en", "five minutes"), ("fr", "cinq minutes"), ("ru", "пяти минут")])
def test_learn_help(cli: Cli, lang: str, words: str) -> None:
    result = cli("learn", "--help", "--lang", lang)
    assert result.status == 0 and words in result.out
    assert "learn" in cli("--help", "--lang", lang).out


async def test_the_log_before_any_move_says_the_cards_were_set_out() -> None:
    # the lesson's table has cards on it before anyone moved: "no move yet this round" would read as wrong
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        text = flat(" ".join(screen_lines(app)))
        assert "No move yet: the cards on the table were set out before the round began." in text
        assert "No move yet this round." not in text


@pytest.mark.parametrize(("language", "yes", "no"), [("fr", "o", "n"), ("ru", "д", "н")])
async def test_the_quit_question_takes_the_yes_and_no_of_the_players_language(language: str, yes: str, no: str) -> None:
    # found by a newcomer: "o" for oui did nothing (only y, as the bar shows, quit); and in Russian, н typed for нет
    # quit (it is on the y key of a Russian layout, which was read as y)
    set_language(language)
    try:
        app = MatchApp(Lesson(), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            assert key_bar(app).split()[:1] == [yes]  # and the bar offers them, not the English y
            assert f" {no} " in key_bar(app)
            await pilot.press(no)
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmQuit) and app.return_code is None  # back to the lesson
            await pilot.press("q")
            await pilot.pause()
            await pilot.press(yes)
            await pilot.pause()
            assert app.return_code is not None  # the app is on its way out
    finally:
        set_language("en")


async def test_in_a_window_too_small_enter_does_not_move_the_lesson_on() -> None:
    # as every key but quitting there: the players cannot see what comes next
    app = MatchApp(Lesson(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = message(app)
        assert isinstance(app.screen, LessonBoard) and app.screen.waits_for_enter()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert message(app) == first
