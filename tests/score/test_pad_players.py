"""The score pad for three players (R23) and for four in two teams (R24), driven by keys and clicks."""

from __future__ import annotations

from lost_cities.engine import Colour
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.scorepad import ScorePadApp
from lost_cities.tui.scorepad.screens import MatchOverScreen, PadSetupScreen, RoundOverScreen
from tests.score.helpers import lay, pad, panel, row, text, title
from tests.tui.helpers import until

THREE = ("Ana", "Boris", "Carl")
FOUR = ("Ana", "Boris", "Carl", "Dana")


def compact(app: ScorePadApp) -> list[int]:
    """The sides shown as one line."""
    return [side for side in range(3) if panel(app, side).count == 1]


async def test_r23_three_players_one_side_in_full_the_others_on_one_line() -> None:
    app = ScorePadApp(names=THREE)
    async with app.run_test(size=(80, 24)) as pilot:
        assert compact(app) == [1, 2] and panel(app, 0).has_class("-active")
        await pilot.press("tab")
        assert compact(app) == [0, 2] and pad(app).side == 1
        await pilot.press("tab", "tab")  # round the table, in turn order (R23d)
        assert pad(app).side == 0
        await pilot.press("shift+tab")
        assert pad(app).side == 2 and compact(app) == [0, 1]
        await pilot.press("2", "3", "4", "5", "6", "7")  # Carl: yellow 2-7, six cards: 27 - 17
        assert row(app, 2, "yellow").formula == "27 − 17"
        await pilot.press("8")  # R23b: the 7th card earns the bonus
        assert row(app, 2, "yellow").formula == "35 − 17 + 20" and row(app, 2, "yellow").score == "+38"
        await pilot.press("tab")  # Ana sees Carl's line: yellow +38
        assert "Y +38" in panel(app, 2).line(0).plain
        assert "round +38" in str(panel(app, 2).border_subtitle)
        await pilot.pause()  # laid out anew after the tab: the click must find Boris's side where it now is
        await pilot.click("#side-1")  # a click on a one-line side brings it up in full
        await until(pilot, lambda: pad(app).side == 1, seconds=10)
        assert compact(app) == [0, 2]
        assert text(app, "#message") == "Boris: now marking the cards on the table."


async def test_r23_the_arrows_go_on_from_one_side_into_the_next() -> None:
    app = ScorePadApp(names=THREE, long=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["down"] * 6)  # six colours: the seventh step is Boris's yellow row
        assert (pad(app).side, pad(app).colour) == (1, Colour.YELLOW)
        await pilot.press("up")
        assert (pad(app).side, pad(app).colour) == (0, Colour.PURPLE)


async def test_r2_a_card_another_player_laid_is_refused_with_their_name() -> None:
    app = ScorePadApp(names=THREE)
    async with app.run_test(size=(80, 24)) as pilot:
        lay(app, 2, "y5")
        await pilot.press("5")
        assert app.sheet is not None and app.sheet.expedition(0, Colour.YELLOW) == ()
        assert (
            text(app, "#message") == "Yellow 5 is already marked for Carl, on the table: every card exists once (R2)."
        )


async def test_r23e_the_end_of_a_round_names_the_highest_score_or_says_how_a_tie_is_settled() -> None:
    app = ScorePadApp(names=THREE)
    async with app.run_test(size=(80, 24)) as pilot:
        lay(app, 0, "y10")  # Ana −7, Boris and Carl 0: a tie for the highest score
        await pilot.press("n")
        assert isinstance(app.screen, RoundOverScreen)
        assert text(app, ".hint") == (
            "Boris, Carl share the highest score: of them, whoever plays first after this round's "
            "starter starts the next round (R23e)."
        )
        await pilot.press("escape")
        lay(app, 1, "g10")  # Boris −7: Carl alone
        await pilot.press("n")
        assert text(app, ".hint") == "Carl scored most and starts the next round (R23e)."
        await pilot.press("enter")
        assert app.sheet is not None and app.sheet.totals == (-7, -7, 0) and app.sheet.round_number == 2


async def test_r24_four_players_mark_two_teams_named_by_their_partners() -> None:
    app = ScorePadApp(names=FOUR, rounds=1, hand_penalty=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert [title(app, side).split(" · ")[0].strip() for side in (0, 1)] == [
            "Ana & Carl",
            "Boris & Dana",
        ]
        assert panel(app, 1).count == 6  # two sides: both in full, five colours and the hand
        listed = {label for _key, label in app.screen.query_one(KeyBar).keys}
        assert "team" in listed and "player" not in listed
        await pilot.press("tab", "h", *"23456789", "0", "down", "2", "3", "4")  # R24f: both partners' hands: 12 cards
        assert app.sheet is not None and len(app.sheet.hand(1)) == 12
        await pilot.press("5")
        assert len(app.sheet.hand(1)) == 12
        assert text(app, "#message") == (
            "Boris & Dana already has 12 cards in hand: no more are left at the end of a round (R24c)."
        )
        await pilot.press("n")
        assert isinstance(app.screen, RoundOverScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, MatchOverScreen)
        assert text(app, ".verdict") == "Ana & Carl win the match by 63 (R17)."


async def test_the_form_asks_how_many_play_and_shows_the_teams() -> None:
    app = ScorePadApp(players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.screen
        assert isinstance(form, PadSetupScreen)
        assert all(form.query_one(f"#seat-{seat}").display for seat in range(4))
        await pilot.press(*"Ana", "enter", *"Boris", "enter", *"Carl", "enter", *"Dana")
        assert text(app, "#teams") == "Partners: Ana & Carl against Boris & Dana (R24)"
        await pilot.click("#players-3")
        assert not form.query_one("#seat-3").display and not form.query_one("#teams").display
        await pilot.press("ctrl+s")
        assert app.sheet is not None and app.sheet.names == THREE and app.sheet.rules.expedition_cost == 17


async def test_the_form_refuses_two_players_of_one_name() -> None:
    app = ScorePadApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ann", "enter", *"ann", "ctrl+s")
        assert isinstance(app.screen, PadSetupScreen)
        assert "both have the name" in text(app, "#setup-error")  # the one rule for names (limits.check_names)


async def test_the_form_names_the_variants_as_the_new_match_form_does() -> None:
    # found by a newcomer: "Hand penalty" here, "Nothing in hand" in the new-match form, for one rule (R21)
    from textual.widgets import Checkbox

    app = ScorePadApp()
    async with app.run_test(size=(80, 24)):
        label = app.screen.query_one("#hand-penalty", Checkbox).label.plain
        assert label.startswith("Nothing in hand") and label.endswith("(R21)")
