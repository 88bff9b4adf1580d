"""The score pad, driven as a player would: keys, clicks, rounds, the match (R2, R11-R21)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from lost_cities.engine import Card, Colour
from lost_cities.score.sheet import Place
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import MatchOverScreen, PadScreen, RoundOverScreen
from tests.score.helpers import card_offset, hand_offset, hand_score, lay, pad, panel, row, subtitle, text, title
from tests.tui.helpers import until

SIZES = [(80, 24), (100, 30)]


async def test_keys_mark_cards_and_the_scores_follow() -> None:
    # R12, R13, R16: typed like the rulebook's example, the row shows (35 - 20) x 3 + 20 = 65
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w", "w", "2", "3", "4", "5", "6", "7", "8")
        assert row(app, 0, "yellow").formula == "(35 − 20) × 3 + 20"
        assert row(app, 0, "yellow").score == "+65"
        assert "round +65" in subtitle(app, 0) and "match +65" in subtitle(app, 0)
        await pilot.press("down", "1", "0")  # blue 10, typed as "10"
        assert row(app, 0, "blue").score == "−10"
        assert "round +55" in subtitle(app, 0)
        await pilot.press("backspace")  # unmark the whole blue row
        assert "round +65" in subtitle(app, 0)


async def test_home_and_end_go_to_the_first_and_the_last_card_of_the_row() -> None:
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "space")
        assert row(app, 0, "yellow").formula == "10 − 20"
        await pilot.press("home", "space")
        assert row(app, 0, "yellow").formula.startswith("(10 − 20) × 2")


@pytest.mark.parametrize("size", SIZES)
async def test_clicks_mark_a_card_for_one_player_only(size: tuple[int, int]) -> None:
    # R2: every card exists once: red 7 marked for Ann cannot be marked for Bob
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=size) as pilot:
        await pilot.click("#side-0", offset=card_offset(app, 0, "red", 8))  # red 7
        assert app.sheet is not None
        assert app.sheet.expedition(0, Colour.RED) == (Card.parse("r7"),)
        assert row(app, 0, "red").score == "−13"
        await pilot.click("#side-1", offset=card_offset(app, 1, "red", 8))
        assert app.sheet.expedition(1, Colour.RED) == ()
        message = text(app, "#message")
        assert "Red 7 is already marked for Ann" in message and "(R2)" in message
        await pilot.click("#side-0", offset=card_offset(app, 0, "red", 8))  # a second click unmarks
        await pilot.click("#side-1", offset=card_offset(app, 1, "red", 8))
        assert app.sheet.expedition(1, Colour.RED) == (Card.parse("r7"),)
        assert "round −13" in subtitle(app, 1)


async def test_r21_hand_mode_marks_cards_left_in_hand() -> None:
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert hand_score(app, 0) is None  # no hand line while the penalty is off
        await pilot.press("h")  # the penalty is off: say how to switch it on
        assert "press p" in text(app, "#message")
        await pilot.press("p", "h", "9", "x")
        assert app.sheet is not None
        assert app.sheet.hand(0) == (Card.parse("yw"), Card.parse("y9"))
        assert hand_score(app, 0) == "−9"  # R21: wagers in hand cost nothing
        assert "round −9" in subtitle(app, 0)
        await pilot.press("tab", "9")  # Bob cannot lay Ann's y9
        assert app.sheet.expedition(1, Colour.YELLOW) == ()
        assert "in hand" in text(app, "#message")
        await pilot.press("tab", "h", "9")  # on Ann's table, y9 is refused: it is in her hand
        assert app.sheet.hand(0) == (Card.parse("yw"), Card.parse("y9"))
        assert app.sheet.expedition(0, Colour.YELLOW) == ()
        assert text(app, "#message") == "Yellow 9 is in hand: unmark it there first (h goes to the hand)."
        await pilot.click("#side-1", offset=hand_offset(app, 1))  # a click on the hand line switches Bob's mode
        assert pad(app).places == [Place.TABLE, Place.HAND]


async def test_r21_a_number_on_the_table_is_refused_in_hand_mode_and_stays_on_the_table() -> None:
    app = ScorePadApp(names=("Ann", "Bob"), hand_penalty=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "5")  # white 5 on Ann's table: -15
        await pilot.press("h", "5")
        assert app.sheet is not None
        assert app.sheet.expedition(0, Colour.WHITE) == (Card.parse("w5"),) and app.sheet.hand(0) == ()
        assert text(app, "#message") == "White 5 is on the table: unmark it there first (h goes back to the table)."
        assert row(app, 0, "white").score == "−15" and "round −15" in subtitle(app, 0)
        await pilot.press("h", "5", "h", "5")  # unmarked on the table, then marked in hand: two visible steps
        assert app.sheet.expedition(0, Colour.WHITE) == () and app.sheet.hand(0) == (Card.parse("w5"),)


async def test_after_tab_the_status_line_speaks_of_the_player_now_marked() -> None:
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        assert text(app, "#message").startswith("Ann, yellow")
        await pilot.press("tab")
        assert text(app, "#message") == "Bob: now marking the cards on the table."
        await pilot.press("up")  # the arrows cross into Ann's rows: the line follows
        assert text(app, "#message") == "Ann: now marking the cards on the table."
        await pilot.press("up")  # within Ann's rows the line stays
        assert text(app, "#message") == "Ann: now marking the cards on the table."


async def test_r20_long_game_toggle_adds_the_purple_row() -> None:
    app = ScorePadApp(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert Colour.PURPLE not in panel(app, 0).colours
        await pilot.press("l")
        assert row(app, 0, "purple").cards.split()[0] == "×"
        await until(pilot, lambda: panel(app, 0).content_region.height == 6)  # the new row laid out, to be clicked
        await pilot.click("#side-0", offset=card_offset(app, 0, "purple", 11))  # purple 10
        assert app.sheet is not None and app.sheet.score(0).total == -10
        await pilot.press("l")  # refused while a purple card is marked
        assert row(app, 0, "purple").score == "−10" and "purple" in text(app, "#message")


async def test_finishing_a_round_carries_the_totals() -> None:
    # R15, R17, R18: round scores add into the match; the higher score starts the next round
    app = ScorePadApp(names=("Ann", "Bob"), rounds=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("9", "0")  # Ann: yellow 9 10 = -1
        lay(app, 1, "b8")  # Bob: -12
        await pilot.press("n")
        assert isinstance(app.screen, RoundOverScreen)
        assert "Ann scored more and starts the next round (R18)" in text(app, ".hint")
        await pilot.press("escape")  # back to correct
        assert isinstance(app.screen, PadScreen) and app.sheet is not None and app.sheet.round_number == 1
        await pilot.press("n", "enter")
        assert isinstance(app.screen, PadScreen)
        assert app.sheet.totals == (-1, -12) and app.sheet.round_number == 2 and app.sheet.blank
        assert "Round 2 of 3" in text(app, "#topbar") and "Ann −1" in text(app, "#topbar")
        assert "round 0" in subtitle(app, 0) and "match −1" in subtitle(app, 0)
        await pilot.press("5")  # round 2: Ann yellow 5 = -15, the match total follows live
        assert "round −15" in subtitle(app, 0) and "match −16" in subtitle(app, 0)
        await pilot.press("backspace", "u")  # round 1 reopened while round 2 is blank
        assert app.sheet.round_number == 1 and app.sheet.score(0).total == -1


async def test_r17_the_last_round_ends_the_match_with_a_winner() -> None:
    app = ScorePadApp(names=("Ann", "Bob"), rounds=2)
    async with app.run_test(size=(80, 24)) as pilot:
        lay(app, 1, "ww w5 w6 w7 w8 w9")  # Bob: (35 - 20) x 2 = 30
        await pilot.press("n", "enter", "n", "enter")  # round 2: both 0
        assert isinstance(app.screen, MatchOverScreen)
        assert "Bob wins the match by 30 (R17)." in text(app, ".verdict")
        await pilot.press("n")  # a new match, same players
        assert isinstance(app.screen, PadScreen) and app.sheet is not None
        assert app.sheet.round_number == 1 and app.sheet.totals == (0, 0) and app.sheet.names == ("Ann", "Bob")


async def test_the_names_are_asked_once_before_the_first_round() -> None:
    app = ScorePadApp(rounds=4)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen.query_one("#name-0", Input), Input)
        await pilot.press(*"Ann", "enter", *"Bob", "enter", "enter")
        assert isinstance(app.screen, PadScreen) and app.sheet is not None
        assert app.sheet.names == ("Ann", "Bob") and app.sheet.rounds == 4
        assert "Ann" in title(app, 0)


@pytest.mark.parametrize("size", SIZES)
async def test_the_pad_fits_with_six_colours_and_the_hand_penalty(size: tuple[int, int]) -> None:
    app = ScorePadApp(names=("Ann", "Bob"), long=True, hand_penalty=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.screen.query_one(KeyBar).region.bottom == size[1])  # laid out
        width, height = size
        for selector in ("#topbar", "#side-0", "#side-1", "#message"):
            region = app.screen.query_one(selector).region
            assert region.bottom <= height - 1 and region.right <= width, selector  # the footer keeps the last line
        bob = panel(app, 1)
        assert bob.count == 7  # six colours and the hand
        for line in (bob.row(Colour.PURPLE), bob.hand_row()):  # nothing cut at the right edge
            assert line is not None and line.cell_len <= bob.content_region.width
        assert row(app, 1, "purple").score == "0" and hand_score(app, 1) == "0"


async def test_the_pad_speaks_the_language_chosen_before_it_opens() -> None:
    # the key bar's descriptions are translated when they are shown, not when the module is imported
    from lost_cities.i18n import set_language

    set_language("fr")  # set back to English by the root conftest
    app = ScorePadApp(names=("Ann", "Bob"), long=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: bool(app.screen.query_one(KeyBar).keys))
        listed = {label for _key, label in app.screen.query_one(KeyBar).keys}
        assert {"marquer", "pari", "joueur", "fin de manche", "aide"} <= listed
        assert row(app, 0, "purple").name.strip("▸ ") == "pourpre"
        assert "Manche 1 sur 3" in text(app, "#topbar")
        await pilot.press("ctrl+c")  # Textual's own hint, through our catalog
        await until(pilot, lambda: bool(app._notifications))
        assert [n.message for n in app._notifications] == ["Appuyez sur q pour quitter."]  # the pad's own key


async def test_when_the_window_grows_the_scores_stay_at_the_right_edge() -> None:
    app = ScorePadApp(names=("Ann", "Bob"), hand_penalty=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w", "5")  # yellow: (5 - 20) x 2
        await pilot.resize_terminal(110, 30)
        ann = panel(app, 0)
        await until(pilot, lambda: ann.content_region.width == 110 - 4)
        for line in (ann.row(Colour.YELLOW), ann.hand_row()):
            assert line is not None and line.cell_len == ann.content_region.width
        yellow = row(app, 0, "yellow")
        assert (yellow.name.strip(), yellow.formula, yellow.score) == ("▸yellow", "(5 − 20) × 2", "−30")
