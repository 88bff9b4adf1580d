"""The one-time tips: each condition from fixed positions; a tip said once on the board, then never again
(remembered in the settings file); none when the tips are off, which the new-match form sets."""

from __future__ import annotations

import pytest

from lost_cities.ai.measures import WAGER_SUM
from lost_cities.engine import PlayerView, Round, Rules, player_view
from lost_cities.i18n import _
from lost_cities.storage import MatchStore
from lost_cities.storage.settings import Settings, load_settings, save_settings
from lost_cities.tui.match.match_app import MatchApp
from lost_cities.tui.match.tips import TIPS, due_tip, last_cards, late_expedition, thin_wager, tip_words
from tests.tui.helpers import SIZE, app_at, message

#: Ana: a red wager, red 3 and 5, yellow 2, blue 7, 8 and 9; Boris green 2 and 3; a draw pile of ``{pile}`` cards.
HAND = "rw r3 r5 y2 b7 b8 b9 / g2 g3 | - / - | - | {pile} | 0"
PILES = {
    3: "w2 w3 w4",
    4: "w2 w3 w4 w5",
    12: "w2 w3 w4 w5 w6 w7 w8 w9 w10 g4 g5 g6",
    30: "w2 w3 w4 w5 w6 w7 w8 w9 w10 y3 y4 y5 y6 y7 y8 y9 y10 g4 g5 g6 g7 g8 g9 g10 b2 b3 b4 b5 b6 b10",
}


#: Each tip by its name.
TIP = {tip.name: tip for tip in TIPS}


def after(play: str, pile: int = 12, hand: str = HAND) -> PlayerView:
    """Ana's view after ``play`` (``+r5``), with a draw pile of ``pile`` cards."""
    round_ = Round.from_position(hand.format(pile=PILES[pile]))
    round_.play(play)
    return player_view(round_, 0)


def test_a_late_expedition_short_of_its_cost() -> None:
    assert late_expedition(after("+r5"))  # 5, and 3 in hand: far from 20, with twelve cards left
    assert not late_expedition(after("+r5", pile=30))  # early: time to draw more red
    assert not late_expedition(after("+b8"))  # 8, and 7 and 9 in hand: 24, the cost paid
    assert not late_expedition(after("-r5"))  # a discard opens nothing
    assert late_expedition(after("+rw"))  # opened with a wager: the numbers must pay the cost all the same
    rich = "rw r8 r10 y2 b7 b8 b9 / g2 g3 | - / - | - | {pile} | 0"
    assert late_expedition(after("+rw", hand=rich))  # 18: a wager the hard level makes early, not this late
    assert not late_expedition(after("+rw", hand=rich, pile=30))
    started = "rw r3 r5 y2 b7 b8 b9 / g2 g3 | r2 / - | - | {pile} | 0"
    assert not late_expedition(after("+r5", hand=started))  # red was open already


def test_a_wager_on_a_thin_colour() -> None:
    assert thin_wager(after("+rw"))  # red 3 and 5: 8 points
    three = "rw r3 r5 r7 y2 b8 b9 / g2 g3 | - / - | - | {pile} | 0"
    assert thin_wager(after("+rw", hand=three))  # three red numbers, but 15 points
    rich = "rw r8 r10 y2 b7 b8 b9 / g2 g3 | - / - | - | {pile} | 0"
    assert not thin_wager(after("+rw", hand=rich))  # two, but 18 points: the hard level bets on as much
    assert f"less than {WAGER_SUM}." in TIP["thin-wager"].text  # the tip names the measure it applies: the hard level's
    assert not thin_wager(after("-rw"))  # discarded, not laid
    assert not thin_wager(after("+r5"))


def test_the_last_cards_of_the_draw_pile() -> None:
    assert last_cards(after("-y2", pile=3))
    assert not last_cards(after("-y2", pile=4))
    assert not last_cards(player_view(Round.from_position(HAND.format(pile=PILES[3])), 0))  # to play, not to draw
    three = Round.from_position("y2 / g2 / b2 | - / - / - | - | w2 w3 w4 | 0", Rules(players=3))
    three.play("-y2")
    assert not last_cards(player_view(three, 0))  # three players: the last card starts the final laying


def test_a_tip_is_due_once() -> None:
    view = after("+rw")
    assert due_tip(view, ()) is TIP["thin-wager"]  # a thin wager, late: the wager's word first...
    assert due_tip(view, ("thin-wager",)) is TIP["late-expedition"]  # ...the late one another time
    assert due_tip(view, ("thin-wager", "late-expedition")) is None
    # laid as the hint advised: no tip questions it (found by a newcomer: the hint's wager, then "take it back")
    assert due_tip(view, (), advised=True) is None


def test_the_late_tip_names_the_cost_of_the_game_played() -> None:
    # R12: 20; R23b: 17 with three players
    assert "costs 20 points" in tip_words(TIP["late-expedition"], after("+r5"))
    three = Round.from_position(f"r5 r3 y2 / g2 g3 / b2 b3 | - / - / - | - | {PILES[12]} | 0", Rules(players=3))
    three.play("+r5")
    view = player_view(three, 0)
    assert late_expedition(view) and "costs 17 points" in tip_words(TIP["late-expedition"], view)


async def test_a_tip_is_said_once_then_never_again() -> None:
    app = app_at(Round.from_position(HAND.format(pile=PILES[12])))
    tip = _(TIP["thin-wager"].text)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the pass screen: Ana's hand
        await pilot.press("5", "e")  # the red wager (after y2 b7 b8 b9), with only red 3 and 5 behind it
        await pilot.pause()
        assert tip in message(app)
        assert load_settings(MatchStore()).tips_seen == ("thin-wager",)
        await pilot.press("u", "5", "e")  # taken back, and laid again: said once, not twice
        await pilot.pause()
        assert tip not in message(app)


async def test_no_tip_when_the_tips_are_off() -> None:
    save_settings(MatchStore(), Settings(tips=False))
    app = app_at(Round.from_position(HAND.format(pile=PILES[12])))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "5", "e")
        await pilot.pause()
        assert _("Tip:") not in message(app)
    assert load_settings(MatchStore()).tips_seen == ()


async def test_the_new_match_form_turns_the_tips_off() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#tips")
        await pilot.pause()
    assert load_settings(MatchStore()).tips is False


@pytest.mark.parametrize("text", ["not json", '{"tips": "yes"}'])
def test_damaged_settings_are_the_defaults(text: str) -> None:
    store = MatchStore()
    store.root.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text(text)
    assert load_settings(store) == Settings()


async def test_a_tip_goes_once_its_player_has_drawn() -> None:
    app = app_at(Round.from_position(HAND.format(pile=PILES[4])))
    tip = _(TIP["last-cards"].text)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "4", "d")  # Ana discards yellow 2: four cards left, no tip yet
        await pilot.pause()
        assert tip not in message(app)
        await pilot.press("n", "enter", "1", "d")  # Boris, after Ana's draw: three cards left
        await pilot.pause()
        assert tip in message(app)
        await pilot.press("n", "enter")  # drawn: Ana's board, which the tip was not for
        await pilot.pause()
        assert tip not in message(app)
