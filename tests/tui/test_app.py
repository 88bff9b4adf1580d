"""The hot-seat app driven by keys through Textual's pilot (R5–R18, H1, H2)."""

from __future__ import annotations

import pytest

from lost_cities.engine import Card, Colour, Phase
from lost_cities.session import HotSeat, MatchSettings
from lost_cities.tui.app import LostCitiesApp
from lost_cities.tui.screens.board import BoardScreen
from lost_cities.tui.screens.match_end import MatchEndScreen
from lost_cities.tui.screens.pass_screen import PassScreen
from lost_cities.tui.screens.round_end import RoundEndScreen
from lost_cities.tui.screens.setup import SetupScreen
from lost_cities.tui.widgets.hand import HandView
from lost_cities.words import card_short
from tests.tui.conftest import SIZE, finish_last_round, make_app, screen_text, take_turn


async def test_a_whole_round_played_by_keys_reaches_the_round_end_screen() -> None:
    # R6-R10: a complete round with a fixed seed, by keys only
    app = make_app(seed=11, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        turns = 0
        while not app.session.round.over:
            mover = app.session.to_move
            pile = app.session.round.draw_pile_size
            await take_turn(pilot, app)
            turns += 1
            assert len(app.session.round.hand(mover)) == 8  # R8
            if not app.session.round.over:
                assert app.session.to_move != mover and app.session.round.draw_pile_size == pile - 1
        assert turns == 44
        assert isinstance(app.screen, RoundEndScreen)
        text = screen_text(app)
        assert "End of round 1" in text
        scores = app.session.round.side_totals()
        assert f"This round: Ana {scores[0]:+d}".replace("-", "−") in text.replace("+0", "0")
        # both hands are revealed at round end (H2)
        for card in app.session.round.hand(1):
            assert card_short(card) in text
        starter = app.session.match.next_starter().seat
        assert f"{('Ana', 'Boris')[starter]} starts round 2" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert app.session.match.round_number == 2 and app.session.to_move == starter  # R18


async def test_the_pass_screen_shows_no_hand_only_enter_reveals_it() -> None:
    # H2: the first turn of a round starts with the pass step; no hand card is on it
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert not app.screen.query(HandView)
        text = screen_text(app)
        assert "Pass to Ana — Ana, press Enter" in text
        for seat in (0, 1):
            for card in app.session.round.hand(seat):
                assert card_short(card) not in text
        for key in ("space", "1", "e", "n", "escape", "tab"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, PassScreen), key
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        board_text = screen_text(app)
        assert all(card_short(card) in board_text for card in app.session.round.hand(0))


async def test_pass_screen_mid_round_hides_the_next_players_hand() -> None:
    # H2: after Ana's turn, Boris's (and Ana's) private cards are not shown
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(6):
            await take_turn(pilot, app)
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app)
        public = {c for side in app.session.public_view().expeditions for row in side for c in row}
        public |= {c for c in app.session.public_view().discard_tops if c}
        for seat in (0, 1):
            for card in app.session.round.hand(seat):
                if not card.is_wager and card not in public:
                    assert card_short(card) not in text


async def test_illegal_keys_are_refused_with_the_rule_and_nothing_changes() -> None:
    # R6a, R6, R7: refusals say why, with the rule; the state is unchanged
    seed = next(s for s in range(200) if _has_pair(HotSeat.new(MatchSettings(seed=s)).round.hand(0)))
    app = make_app(seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        hand = app.session.round.hand(0)
        low, high = _has_pair(hand)  # type: ignore[misc]
        await pilot.press(str(hand.index(high) + 1), "e", "n")
        await pilot.pause()
        await take_turn(pilot, app, prefer_lay=False)  # Boris discards
        await pilot.press("enter")
        await pilot.pause()
        before = app.session.round.state_key()
        await pilot.press(str(app.session.round.hand(0).index(low) + 1), "e")
        await pilot.pause()
        assert app.session.round.state_key() == before
        message = str(app.screen.query_one("#message").render())
        assert "can't follow" in message and "(R6a)" in message
        await pilot.press("r")  # drawing before playing
        await pilot.pause()
        assert app.session.round.state_key() == before
        assert "(R6)" in str(app.screen.query_one("#message").render())
        await pilot.press("z")
        await pilot.pause()
        assert "does nothing" in str(app.screen.query_one("#message").render())
        # R7: discard, then try to draw that card back
        await pilot.press("d")
        await pilot.pause()
        after_discard = app.session.round.state_key()
        await pilot.press(low.colour.letter)
        await pilot.pause()
        assert app.session.round.state_key() == after_discard
        message = str(app.screen.query_one("#message").render())
        assert "can't draw it back" in message and "(R7)" in message


def _has_pair(hand: tuple[Card, ...]) -> tuple[Card, Card] | None:
    for a in hand:
        for b in hand:
            if a.colour == b.colour and not a.is_wager and not b.is_wager and a.value < b.value:
                return a, b
    return None


async def test_take_back_before_drawing() -> None:
    # R6: u takes the card back before the draw; then the same turn goes on
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "3", "d")
        await pilot.pause()
        assert app.session.phase is Phase.DRAW
        card = app.session.round.history()[-1].play.card
        await pilot.press("u")
        await pilot.pause()
        assert app.session.phase is Phase.PLAY and card in app.session.round.hand(0)
        assert "back in your hand" in str(app.screen.query_one("#message").render())


async def test_keys_bar_shows_only_legal_keys() -> None:
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        keys = str(app.screen.query_one("KeyBar").render())
        assert " e " in keys and " d " in keys and "draw pile" not in keys
        await pilot.press("d")
        await pilot.pause()
        keys = str(app.screen.query_one("KeyBar").render())
        assert "draw pile" in keys and " e " not in keys and "take back" in keys


async def test_the_last_move_of_the_opponent_is_shown() -> None:
    # H1: "Ana laid ..., drew from the draw pile."
    app = make_app(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_turn(pilot, app)
        text = screen_text(app)
        assert "drew from the draw pile" in text and ("Ana laid" in text or "Ana discarded" in text)


async def test_one_round_match_ends_with_result_and_play_again() -> None:
    # R17: the winner (or a draw) and per-round scores; play again opens the form
    app = make_app(seed=9, rounds=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await finish_last_round(pilot, app)
        assert isinstance(app.screen, MatchEndScreen)
        outcome = app.session.match.outcome
        assert outcome is not None
        text = screen_text(app)
        if outcome.winner is None:
            assert "A draw" in text
        else:
            assert f"{('Ana', 'Boris')[outcome.winner]} wins" in text
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#p1").value == "Ana"  # type: ignore[attr-defined]


async def test_cooperative_match_reports_the_team_score() -> None:
    # R22
    app = make_app(seed=9, rounds=1, cooperative=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await finish_last_round(pilot, app)
        assert "Team score" in screen_text(app)


async def test_the_form_starts_a_match_with_its_settings() -> None:
    # R5, R17, R20: names, who starts, rounds and variants from the form
    app = LostCitiesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#start")
        await pilot.pause()
        assert "Player 1's name is empty" in screen_text(app)
        await pilot.click("#p1")
        await pilot.press(*"Ana", "tab", *"Boris")
        app.screen.query_one("#first-p2").value = True  # type: ignore[attr-defined]
        app.screen.query_one("#long").value = True  # type: ignore[attr-defined]
        rounds = app.screen.query_one("#rounds")
        rounds.value = "2"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        session = app.session
        assert session.names == ("Ana", "Boris") and session.to_move == 1
        assert session.match.rounds == 2 and Colour.PURPLE in session.rules.colours
        assert "P purple" in screen_text(app)


async def test_quit_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert "Quit now? The match is saved" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_help_lists_rules_and_keys() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "first play one card, then draw one card" in text and "take it back" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (40, 12)])
async def test_a_small_terminal_gets_a_clear_message(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "too small" in text and "80×24" in text
        assert "Pass to" not in text


async def test_the_form_switches_the_language_of_the_whole_app() -> None:
    # what was typed stays; the form, then the match, speak the chosen language (set back by conftest)
    app = LostCitiesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#p1")
        await pilot.press(*"Аня", "tab", *"Борис")
        await pilot.click("#lang-ru")
        await pilot.pause()
        text = screen_text(app)
        assert "Новый матч" in text and "Кто начинает" in text and "Who starts" not in text
        assert app.screen.query_one("#p1").value == "Аня"  # type: ignore[attr-defined]
        await pilot.click("#lang-fr")
        await pilot.pause()
        assert "Nouvelle partie" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "Passez l'écran à Аня — Аня, appuyez sur Entrée" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "défausses" in text and "Y jaune" in text and "Main" in text and "choisir" in text


async def test_help_key_is_not_called_unknown_and_a_small_screen_takes_no_moves() -> None:
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark", "escape")
        await pilot.pause()
        assert "does nothing" not in str(app.screen.query_one("#message").render())
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert "The key ! does nothing" in str(app.screen.query_one("#message").render())
        before = app.session.round.state_key()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.press("3", "d", "n")
        await pilot.pause()
        assert app.session.round.state_key() == before
