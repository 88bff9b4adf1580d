"""The new-match form holds names to the same rule as the command line and the saves; a name is shown as typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, RadioButton, Static

from lost_cities.engine import Match, Rules
from lost_cities.i18n import set_language
from lost_cities.storage import MatchStore
from lost_cities.storage.settings import load_settings
from lost_cities.tui.match.match_app import MatchApp
from lost_cities.tui.match.screens.match_end import MatchEndScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.round_end import RoundEndScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from tests.conftest import Cli
from tests.tui.helpers import SIZE, advance, app_at, key_bar, screen_lines, screen_text, take_turn, until


async def test_a_name_too_wide_for_the_board_is_refused_with_the_rule() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"李小龙李小龙李", "enter", *"Boris", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        sentence = " ".join(screen_text(app).split())
        assert "Player 1's name is as wide as 14 characters" in sentence
        assert "at most 12 fit on the board." in sentence  # the whole sentence, not cut at one line
        assert app.focused is not None and app.focused.id == "p1"  # the refusal goes to the name to put right
        await pilot.press("end", "backspace")
        await pilot.pause()
        assert "at most 12" not in screen_text(app)  # said until something changes
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.table.session.names == ("李小龙李小龙", "Boris")


async def test_a_name_is_shown_as_typed_never_read_as_markup() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"[/]", "enter", *"[b]x")
        await pilot.pause()
        text = screen_text(app)
        assert "( ) [/]" in text or "[/]" in text.split("Who starts")[1]
        assert "[b]x" in text.split("Who starts")[1]


async def test_a_match_between_names_that_look_like_markup_is_played_to_its_end() -> None:
    # the round-end and match-end screens read the names as markup (MarkupError)
    match = Match(Rules(), rounds=1, seed=3)
    advance(match.current)
    app = app_at(match.current, names=("[/]", "[b]x"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not app.table.session.round_over:
            await take_turn(pilot, app, prefer_lay=False)
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        assert "[/]" in screen_text(app) and "[b]x" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        assert "[/]" in screen_text(app) and "[b]x" in screen_text(app)


async def test_a_name_left_empty_is_the_one_its_field_shows() -> None:
    # the fields show "Player 1", "Player 2": an empty name was refused, it now plays as that
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [app.screen.query_one(f"#p{n}", Input).placeholder for n in (1, 2)] == ["Player 1", "Player 2"]
        await pilot.press("enter", *"Boris", "ctrl+s")  # Player 1's field left empty
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.table.session.names == ("Player 1", "Boris")


async def test_what_is_wrong_with_a_name_is_said_under_it_as_it_is_typed() -> None:
    # the width was checked only on Ctrl+S
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"李小龙李小龙")
        await pilot.pause()
        problem = app.screen.query_one("#problem-p1", Static)
        assert not problem.display  # 12 cells: nothing to say
        await pilot.press("李")
        await pilot.pause()
        assert problem.display
        lines = screen_lines(app)
        row = next(y for y, line in enumerate(lines) if "李小龙李小龙李" in line)
        assert "Player 1's name is as wide as 14 characters" in lines[row + 1]  # right under the field
        await pilot.press("backspace", "enter", *"李小龙李小龙")
        await pilot.pause()
        assert not problem.display
        assert "both have the name" in str(app.screen.query_one("#problem-p2", Static).render())  # R: names differ
        assert isinstance(app.screen, NewMatchScreen)


async def test_enter_on_a_choice_moves_on_like_everywhere_in_the_form() -> None:
    # Enter on "Who starts" did nothing
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ana", "enter", *"Boris", "enter")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#first")
        assert "Enter  next field" in key_bar(app)
        await pilot.press("right", "enter")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#rounds")
        assert app.screen.query_one("#first-p2", RadioButton).value  # the arrow chose; Enter kept the choice
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.table.session.to_move == 1


async def test_start_refused_for_two_equal_names_puts_the_cursor_on_the_later_one() -> None:
    # found by a newcomer: the cursor went back to player 1's field, and the name retyped there was the other one
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ana", "enter", *"ana", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        assert app.screen.focused is app.screen.query_one("#p2", Input)
        await pilot.press("ctrl+a", "ctrl+k", *"Boris", "ctrl+s")  # the field it is in, corrected
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.table.session.names == ("Ana", "Boris")


async def test_the_language_chosen_in_the_form_is_kept_for_the_next_run(
    private_data_dir: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by a newcomer: the form spoke French, the next `lost-cities play` English again
    app = MatchApp(store=MatchStore(private_data_dir))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#lang-fr", RadioButton).value = True
        await until(pilot, lambda: "Nouvelle partie" in screen_text(app))  # drawn again, in French
        await until(pilot, lambda: load_settings(MatchStore(private_data_dir)).language == "fr")
    set_language("en")
    monkeypatch.delenv("LOST_CITIES_LANG")  # as a player's shell: the locale only guesses
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert cli("history").out.startswith("Aucune partie terminée")  # the choice, over the locale
    assert cli("history", "--lang", "en").out.startswith("No finished matches")  # a flag says otherwise
    monkeypatch.setenv("LOST_CITIES_LANG", "ru")
    assert cli("history").out.startswith("Оконченных матчей пока нет")  # and so does the environment


async def test_a_name_too_wide_is_cut_in_who_starts_so_that_the_next_choice_stays_apart() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Alexandrina Smith-Ångström")
        await pilot.pause()
        label = app.screen.query_one("#first-p1", RadioButton).label
        assert label.plain.endswith("…") and label.cell_length <= 12
        row = next(line for line in screen_lines(app) if "Who starts" in line)
        assert "… " in row  # a blank before the next choice's box
