"""The hot-seat app driven by keys through Textual's pilot (R5–R18, R23, R24, H1, H2).

Positions late in a round are reached through the engine; the keys pressed are the ones under test.
One test plays a whole two-player round by keys.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot

from lost_cities.engine import Card, Colour, Match, Phase, Round, Rules, parse_cards
from lost_cities.i18n import set_language
from lost_cities.session import MatchSettings
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.messages import HelpRequested, LogRequested, TableRequest
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.match_end import MatchEndScreen
from lost_cities.tui.match.screens.pass_screen import PassScreen
from lost_cities.tui.match.screens.round_end import RoundEndScreen
from lost_cities.tui.match.screens.setup import NewMatchScreen
from lost_cities.tui.match.widgets.hand import HandView, hand_frames
from lost_cities.words import card_name, card_phrase, card_short, signed
from tests.tui.helpers import (
    SIZE,
    advance,
    advanced_app,
    app_at,
    board_row,
    engine,
    key_bar,
    make_app,
    message,
    screen_lines,
    screen_text,
    take_turn,
    until,
)


@pytest.mark.slow
async def test_a_whole_round_played_by_keys_reaches_the_round_end_screen() -> None:
    # R6-R10: a complete round with a fixed seed, by keys only
    app = make_app(seed=11, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        turns = 0
        while not app.table.session.round_over:
            mover = app.table.session.to_move
            pile = engine(app).current.draw_pile_size
            await take_turn(pilot, app)
            turns += 1
            assert len(engine(app).current.hand(mover)) == 8  # R8
            if not app.table.session.round_over:
                assert app.table.session.to_move != mover and engine(app).current.draw_pile_size == pile - 1
        assert turns == 44
        assert isinstance(app.screen, RoundEndScreen)
        text = screen_text(app)
        assert "End of round 1 of 2" in text
        scores = engine(app).current.side_totals()
        round_row = next(line for line in screen_lines(app) if line.strip().startswith("round"))
        assert round_row.split() == ["round", signed(scores[0]), "round", signed(scores[1])]
        for card in engine(app).current.hand(1):  # every hand is revealed at the round end (H2)
            assert card_short(card) in text
        starter = engine(app).next_starter().seat
        assert f"{('Ana', 'Boris')[starter]} starts round 2" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert engine(app).round_number == 2 and app.table.session.to_move == starter  # R18


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
            for card in engine(app).current.hand(seat):
                assert card_short(card) not in text
        for key in ("space", "1", "e", "n", "escape", "tab"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, PassScreen), key
        # found by a newcomer: a wrong key here did nothing, without a word
        assert "The key n does nothing here: Ana, press Enter to see your hand." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        board_text = screen_text(app)
        assert all(card_short(card) in board_text for card in engine(app).current.hand(0))


async def test_the_pass_screen_mid_round_hides_every_hand() -> None:
    # H2: after a few turns, neither player's private cards are on the pass screen
    app = advanced_app(seed=5, leave=20)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_turn(pilot, app)
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app).split("Pass to")[0]
        view = app.table.session.public_view()
        public = {c for side in view.expeditions for row in side for c in row} | {c for c in view.discard_tops if c}
        for seat in (0, 1):
            for card in engine(app).current.hand(seat):
                if card not in public:
                    assert card_short(card) not in text


def _pair(hand: tuple[Card, ...]) -> tuple[Card, Card] | None:
    for a in hand:
        for b in hand:
            if a.colour == b.colour and not a.is_wager and not b.is_wager and a.value < b.value:
                return a, b
    return None


async def test_illegal_keys_are_refused_with_the_rule_and_nothing_changes() -> None:
    # R6a, R6, R7: refusals say why, with the rule; the state is unchanged
    round_ = Round.from_position("r5 r9 b3 / g4 g6 | r7 / - | - | y2 y3 y4 y5 | 0")
    app = app_at(round_)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        # found by a newcomer: the key bar lists no e for a card that cannot be laid, and nothing said why (R6a)
        await pilot.press("3")  # red 9: it may go on red 7
        await pilot.pause()
        assert message(app).endswith("the red 9 is selected.")
        await pilot.press("2")  # red 5: it may not, and the board says so before e is pressed
        await pilot.pause()
        assert message(app).endswith(
            "the red 5 is selected. Red 5 can't follow red 7: numbers must go up (R6a). Press d to discard it."
        )
        before = engine(app).current.state_key()
        await pilot.press("2", "e")  # red 5 on red 7
        await pilot.pause()
        assert engine(app).current.state_key() == before
        assert "Red 5 can't follow red 7: numbers must go up (R6a)." in message(app)
        await pilot.press("r")  # drawing before playing
        await pilot.pause()
        assert engine(app).current.state_key() == before and "(R6)" in message(app)
        await pilot.press("z")
        await pilot.pause()
        assert "The key z does nothing here" in message(app)
        await pilot.press("p")  # R20: no purple pile without the long game, whatever the moment
        await pilot.pause()
        assert engine(app).current.state_key() == before
        assert "Purple is only in the long game (R20)." in message(app)
        await pilot.press("d")  # R7: discard red 5, then try to draw it back
        await pilot.pause()
        after_discard = engine(app).current.state_key()
        await pilot.press("r")
        await pilot.pause()
        assert engine(app).current.state_key() == after_discard
        assert "can't draw it back" in message(app) and "(R7)" in message(app)


async def test_take_back_before_drawing() -> None:
    # R6: u takes the card back before the draw; then the same turn goes on
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        card = engine(app).current.hand(0)[2]
        await pilot.press("enter", "3", "d")
        await pilot.pause()
        assert engine(app).current.phase is Phase.DRAW
        await pilot.press("u")
        await pilot.pause()
        assert engine(app).current.phase is Phase.PLAY and card in engine(app).current.hand(0)
        assert "back in your hand" in message(app)


async def test_home_and_end_select_the_first_and_the_last_card_of_the_hand() -> None:
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        hand = engine(app).current.hand(0)
        await pilot.press("end")
        await until(pilot, lambda: "the " + card_name(hand[-1]) + " is selected" in message(app))
        await pilot.press("home")
        await until(pilot, lambda: "the " + card_name(hand[0]) + " is selected" in message(app))
        await pilot.press("end", "d")  # e or d then plays it
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW)
        assert hand[-1] not in engine(app).current.hand(0)


async def test_a_digit_past_the_hand_says_which_cards_there_are_and_the_arrows_go_round() -> None:
    round_ = Round.from_position("r5 r9 b3 / g4 g6 | r7 / - | b8 | y2 y3 y4 y5 | 0")
    app = app_at(round_)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "5")
        await until(pilot, lambda: "There is no card 5: choose 1 to 3." in message(app))
        assert app.table.board is not None and app.table.board.scene is not None and app.table.board.scene.selected == 0
        await pilot.press("left")  # from the first card round to the last
        await until(pilot, lambda: "the " + card_name(Card.parse("r9")) + " is selected" in message(app))
        await pilot.press("right")
        await until(pilot, lambda: "the " + card_name(Card.parse("b3")) + " is selected" in message(app))


async def test_the_key_bar_lists_only_the_keys_that_work_now() -> None:
    round_ = Round.from_position("r5 r9 b3 / g4 g6 | r7 / - | b8 | y2 y3 y4 y5 | 0")
    app = app_at(round_)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "2")  # red 5 cannot be laid on red 7
        await pilot.pause()
        keys = key_bar(app)
        assert " d " in keys and " e " not in keys and "draw pile" not in keys and "1–3" in keys
        await pilot.press("3")  # red 9 can
        await pilot.pause()
        assert " e " in key_bar(app)
        await pilot.press("d")
        await pilot.pause()
        keys = key_bar(app)
        assert "draw pile" in keys and " b " in keys and " r " not in keys and "take back" in keys
        assert " e " not in keys and "select" not in keys


async def test_the_opponents_last_turn_is_told_in_words() -> None:
    # H1: "Ana laid ..., drew from the draw pile."
    app = make_app(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_turn(pilot, app)
        text = screen_text(app)
        assert "drew from the draw pile" in text and ("Ana laid" in text or "Ana discarded" in text)


async def test_a_wager_is_a_wager_in_a_sentence() -> None:
    # "Boris laid a green wager"
    round_ = Round.from_position("gw b3 / g4 g6 | - / - | - | y2 y3 y4 y5 | 0")
    app = app_at(round_)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "2", "e", "n")
        await pilot.pause()
        assert "Ana laid a green wager, drew from the draw pile." in screen_text(app)


async def test_the_board_warns_when_the_last_card_will_end_the_round() -> None:
    # R10: one card left in the draw pile: the status line and the prompt say so
    app = advanced_app(seed=9, leave=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "the last card!" in screen_text(app)
        await pilot.press("enter", "1", "d")
        await pilot.pause()
        assert "The last card of the draw pile ends the round (R10)." in message(app)


async def test_in_french_the_round_end_elides_de_before_a_name_with_a_vowel() -> None:
    # "Main d'Élodie", never "Main de Élodie"; "Main de Boris" as before
    set_language("fr")
    app = app_at(Round.from_position("r5 / g4 | - / - | - | y2 | 0"), names=("Élodie", "Boris"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1", "d", "n")  # Élodie takes the last card: the round is over (R10)
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        text = screen_text(app)
        assert "Main d'Élodie" in text and "Main de Boris" in text and "de Élodie" not in text


async def to_the_match_end(pilot: Pilot[None], app: MatchApp) -> None:
    """A one-round match near its end played out by keys, then Enter: the match's end."""
    await pilot.pause()
    while not app.table.session.round_over:
        await take_turn(pilot, app, prefer_lay=False)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MatchEndScreen))


async def test_a_one_round_match_ends_with_the_result_until_a_listed_key() -> None:
    # R17: the winner (or a draw) and every round's scores; Enter does not skip the result
    app = advanced_app(seed=9, leave=2)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_match_end(pilot, app)
        assert isinstance(app.screen, MatchEndScreen)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        outcome = engine(app).outcome
        assert outcome is not None
        text = screen_text(app)
        assert ("A draw" in text) if outcome.winner is None else (f"{('Ana', 'Boris')[outcome.winner]} wins" in text)
        assert "play again" in key_bar(app) and " a " in key_bar(app)
        await pilot.press("x")  # found by a newcomer: a wrong key here did nothing, without a word
        await pilot.pause()
        assert "The key x does nothing here: a plays again, q quits." in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        assert app.screen.query_one("#p1").value == "Ana"  # type: ignore[attr-defined]
        # found by a newcomer: the cursor was in Ana's name, selected, and q (the match end's quit) replaced it
        await pilot.press("q")
        assert app.screen.query_one("#p1").value == "Ana"  # type: ignore[attr-defined]
        await pilot.press("enter")  # on Start: the same players again, a new deal
        await until(pilot, lambda: isinstance(app.screen, BoardScreen | PassScreen))


async def test_the_match_end_in_a_window_too_small_only_quits() -> None:
    # found by a reviewer: "play again" acted on a result the players could not see
    app = advanced_app(seed=9, leave=2)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_match_end(pilot, app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        await pilot.press("q")
        await until(pilot, lambda: app.return_code is not None or not app.is_running)


async def test_the_cooperative_game_shows_a_live_team_score_and_a_team_column() -> None:
    # R22
    app = advanced_app(seed=9, leave=2, cooperative=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Team score: " in screen_text(app)
        while not app.table.session.round_over:
            await take_turn(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Team score" in text and "team" in text


async def test_nothing_in_hand_shows_both_sides_like_for_like() -> None:
    # R21, the round totals leave every hand out; the player's own hand's cost apart
    round_ = Round.from_position("r5 r9 b3 / g4 g6 | r7 / g2 | - | y2 y3 y4 y5 | 0", Rules(hand_penalty=True))
    app = app_at(round_)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert board_row(app, "round").split() == ["round", "−13", "−18"]  # red 7 and green 2, no hand in either
        assert board_row(app, "hand").split() == ["in", "hand", "−17"]  # 5 + 9 + 3: Ana's own hand, shown apart


async def test_the_form_starts_a_match_with_its_settings() -> None:
    # R5, R17, R20: names, who starts, rounds and variants from the form
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.click("#p1")
        await pilot.press(*"Ana", "enter", *"Boris")
        app.screen.query_one("#first-p2").value = True  # type: ignore[attr-defined]
        app.screen.query_one("#long").value = True  # type: ignore[attr-defined]
        app.screen.query_one("#rounds").value = "2"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        session = app.table.session
        assert session.names == ("Ana", "Boris") and session.to_move == 1
        assert session.standing().rounds == 2 and Colour.PURPLE in session.rules.colours
        assert "P purple" in screen_text(app)


async def test_enter_in_a_name_moves_to_the_next_field_and_never_starts() -> None:
    # Enter moves on; Ctrl+S and the button start
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ana", "enter")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#p2")
        assert "Enter  next field" in key_bar(app) and "Ctrl+S  start" in key_bar(app)
        await pilot.press(*"Boris", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        assert app.screen.focused is app.screen.query_one("#first")  # the hidden third name is skipped
        assert "← →  choose" in key_bar(app)  # the arrows are named


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
async def test_the_form_sets_up_four_players_in_two_teams() -> None:
    # R24a: p1 and p3 against p2 and p4; the cooperative game is not offered (R24f)
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#players-4").value = True  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#p1")
        await pilot.press(*"Ana", "enter", *"Boris", "enter", *"Carl", "enter", *"Dana")
        await pilot.pause()
        text = screen_text(app)
        assert "Ana & Carl against Boris & Dana" in text
        assert app.screen.query_one("#coop").disabled  # type: ignore[attr-defined]
        # found by a newcomer: the box's line was cut at 80 columns before its rule (R24f)
        assert any(line.rstrip(" │").endswith("already in teams (R24f)") for line in screen_lines(app))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert app.table.session.names == ("Ana", "Boris", "Carl", "Dana") and app.table.session.rules.teams


async def test_quit_asks_first_and_says_what_is_kept() -> None:
    # a card played but not drawn for goes back to the hand, and the box says so
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert "Quit now? The match is saved" in screen_text(app)
        await pilot.press("n", "enter", "1", "d", "q")
        await pilot.pause()
        assert "the card just played goes back" in " ".join(screen_text(app).split())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("q", "x")  # a key that answers nothing is said to (found by a newcomer: it was ignored)
        await pilot.pause()
        assert "The key x does nothing here: y quits, n goes back." in " ".join(screen_text(app).split())
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    # and the terminal is told, as it is for an online seat (found by a newcomer: a local match said nothing)
    assert app.ending.words == "The match is saved: lost-cities play offers to resume it."


@pytest.mark.parametrize("request_", [HelpRequested(), LogRequested()])
async def test_a_key_typed_on_after_the_quits_yes_opens_nothing(request_: TableRequest) -> None:
    # found by a newcomer: "y?" typed at once on the quit question opened the help as the app went, and the
    # terminal was left a traceback (NoMatches: 'VerticalScroll' on HelpScreen)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = app.screen
        app.exit()  # as the quit's yes does; the next key is still to be read
        app.post_message(request_)
        await pilot.pause()
        assert app.screen is shown
    assert app.return_code == 0


async def test_help_lists_the_rules_of_the_match_and_the_keys() -> None:
    app = make_app(players=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "first play one card, then draw one card" in text and "take it back" in text
        assert "(sum − 17)" in text and "with 7 cards" in text and "R23c" in text  # R23b, R23c
        assert "s stop the final laying" in text and "Enter show your hand (pass screen)" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (40, 12)])
async def test_a_small_terminal_gets_a_clear_message_and_takes_no_moves(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "too small" in text and "80×24" in text and "Pass to" not in text
        before = engine(app).current.state_key()
        await pilot.press("enter", "3", "d", "n")
        await pilot.pause()
        assert engine(app).current.state_key() == before


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
async def test_the_form_switches_the_language_of_the_whole_app() -> None:
    # what was typed stays; the form, then the match, speak the chosen language (set back by conftest)
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#p1")
        await pilot.press(*"Аня", "enter", *"Борис")
        await pilot.click("#lang-ru")
        await pilot.pause()
        text = screen_text(app)
        assert "Новый матч" in text and "Кто начинает" in text and "Who starts" not in text
        # and says the choice holds for every command from now on (found by a newcomer: it said nothing)
        assert "Теперь для всех команд; --lang меняет язык на один запуск." in text
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


# ---------------------------------------------------------------- three and four players


async def test_a_whole_three_player_round_by_keys_with_the_final_laying() -> None:
    # R23a-d: turns in seat order, the final laying from the player after the one who took the last card
    position = "r5 r7 b2 b4 y3 y4 g2 / g4 g6 yw w2 w4 w6 w8 / w3 w9 b9 b10 r2 r3 r4 | - / - / - | - | y9 y10 | 0"
    app = app_at(Round.from_position(position, Rules(players=3)), names=("Ana", "Boris", "Carl"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        order = []
        while engine(app).current.phase is Phase.PLAY:
            order.append(app.table.session.to_move)
            await take_turn(pilot, app)
        assert order == [0, 1]  # Boris takes the last card
        assert isinstance(app.screen, PassScreen) and app.table.session.to_move == 2  # R23c: Carl lays first
        await pilot.press("enter")
        await pilot.pause()
        assert "lay up to two more cards, or press s to stop" in message(app)
        assert " s " in key_bar(app) and "draw pile" not in key_bar(app)
        await pilot.press("d")  # R23c: no discarding in the final laying
        await pilot.pause()
        assert "(R23c)" in message(app)
        await pilot.press("1", "e")
        await pilot.pause()
        assert "1 more card" in message(app) and "take back" in key_bar(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.table.session.to_move == 0
        await take_turn(pilot, app)  # Ana lays one card and stops
        await take_turn(pilot, app)  # Boris, who took the last card, lays last
        assert isinstance(app.screen, RoundEndScreen)
        text = screen_text(app)
        assert "End of round 1" in text and "− 17" in text  # R23b: cost 17
        for name in ("Ana", "Boris", "Carl"):  # three sides side by side, in view
            assert f"{name}'s hand" in text


@pytest.mark.slow  # a whole flow end to end: CI and LOST_CITIES_SLOW=1 run it
async def test_a_whole_four_player_round_by_keys_partners_on_one_side() -> None:
    # R24a-d: A1, B1, A2, B2; partners lay on their shared side; the pass step runs between partners too
    position = "r5 / g4 g6 / r7 r8 / w3 w9 | - / - | - | y2 y3 y4 | 0"
    app = app_at(Round.from_position(position, Rules(players=4)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Ana & Carl" in screen_text(app) and "Boris & Dana" in screen_text(app)
        order = []
        while engine(app).current.phase is Phase.PLAY:
            order.append(app.table.session.to_move)
            assert isinstance(app.screen, PassScreen)  # between every two turns, partners included (R24d)
            await take_turn(pilot, app)
        assert order == [0, 1, 2]
        assert engine(app).current.expedition(0, Colour.RED)[:2] == (Card.parse("r5"), Card.parse("r7"))  # R24b
        while not app.table.session.round_over:
            await take_turn(pilot, app)
        assert isinstance(app.screen, RoundEndScreen)
        assert "Ana & Carl" in screen_text(app)


async def test_the_round_end_of_three_players_says_who_starts_and_why() -> None:
    # R23e: the highest score starts the next round
    round_ = Round.from_position("- / - / - | r9 r10 / - / - | - | - | 0", Rules(players=3))
    app = app_at(round_, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):
            await take_turn(pilot, app)
        assert isinstance(app.screen, RoundEndScreen)
        assert "Ana starts round 2: the highest score of this round (R23e)." in " ".join(screen_text(app).split())


async def test_a_three_player_match_from_the_form_to_the_board() -> None:
    settings = MatchSettings(names=("Ana", "Boris", "Carl"), seed=3)
    app = MatchApp(Local(settings))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Ana plays, then Boris" in text and "Carl" in text
        await pilot.press("enter")
        await pilot.pause()
        assert "1–7" in key_bar(app)  # R23a


async def test_the_quit_question_leaves_the_board_in_view() -> None:
    # the dialog blanked the board behind it
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        await pilot.press("q")
        await until(pilot, lambda: "Quit now?" in screen_text(app))
        text = screen_text(app)
        assert "Round 1 of 3  ·  Draw pile: 44" in text and "First turn of the round." in text


@pytest.mark.parametrize("language", ["fr", "ru"])
async def test_a_long_message_wraps_into_the_room_there_is_and_is_never_cut(language: str) -> None:
    # French and Russian messages were cut after two lines
    set_language(language)
    try:
        app = advanced_app(seed=9, leave=1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter", "1", "d")
            await until(pilot, lambda: "R10" in message(app))
            said = " ".join(message(app).split())
            assert len(said) > 2 * 78  # three lines at least
            assert said in " ".join(screen_text(app).split())
    finally:
        set_language("en")


async def test_the_card_you_drew_is_named_in_your_turns_line_and_marked_in_your_hand() -> None:
    # H1: only its drawer is told which card came from the draw pile
    app = make_app(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1", "d", "n")  # Ana discards card 1 and draws
        await until(pilot, lambda: isinstance(app.screen, PassScreen) and engine(app).current.to_move == 1)
        ana = engine(app).current.history()[-1]
        assert ana.drawn is not None
        drawn = card_phrase(ana.drawn)
        said = f"You discarded {card_phrase(ana.play.card)}, drew {drawn} from the draw pile."
        assert drawn not in screen_text(app) and "You " not in screen_text(app)  # the pass screen is public
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        assert said not in screen_text(app) and drawn not in screen_text(app)  # Boris never learns it
        await pilot.press("1", "d", "n", "enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen) and engine(app).current.to_move == 0)
        text = screen_text(app)
        assert text.splitlines()[1].strip() == said  # the first line of what happened: Ana's own turn
        hand = engine(app).current.hand(0)
        frames = str(app.screen.query_one(HandView).render()).splitlines()
        column = hand.index(ana.drawn) * 8
        assert frames[2][column : column + 8] == "╰─new──╯"


def test_a_wager_drawn_beside_its_twins_is_marked_once() -> None:
    hand = parse_cards("rw rw rw r7")
    bottom = hand_frames(hand, None, (), drawn=Card.parse("rw")).plain.splitlines()[2]
    assert bottom.count("new") == 1 and bottom[16:24] == "╰─new──╯"  # the last of the three, where it went


async def test_the_match_row_is_the_match_before_this_round_and_says_so() -> None:
    # the "match" row added the round in progress to the finished ones
    round_ = Round.from_position("r5 r9 b3 / g4 g6 | r7 / g2 | - | y2 y3 y4 y5 | 0")
    app = app_at(round_, rounds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen))
        assert board_row(app, "round").split() == ["round", "−13", "−18"]  # this round so far
        assert board_row(app, "match").split() == ["earlier", "0", "0"]  # no round finished yet


async def test_keys_typed_in_a_russian_layout_are_the_keys_on_the_same_place() -> None:
    # в is on the key marked d, т on n: a Russian player need not switch the layout to play
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        hand = engine(app).current.hand(0)
        await pilot.press("1", "в")
        await until(pilot, lambda: engine(app).current.phase is Phase.DRAW)
        assert hand[0] in engine(app).current.discard_pile(hand[0].colour)
        await pilot.press("т")
        await until(pilot, lambda: engine(app).current.to_move == 1)


async def test_a_name_is_typed_in_russian_as_it_is() -> None:
    app = MatchApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        field = app.screen.query("Input").first()
        field.focus()
        field.value = ""
        await pilot.press("в", "а", "н", "я")
        await pilot.pause()
        assert field.value == "ваня"


async def test_a_drop_down_list_searches_the_russian_letters_typed() -> None:
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    set_language("ru")
    try:
        app = MatchApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            who = app.screen.query(Select).first()
            who.focus()
            await pilot.press("enter")  # the list opens
            await pilot.pause()
            await pilot.press("к")  # Компьютер, not the key r of the Latin layout
            await pilot.pause()
            overlay = app.screen.query_one(SelectOverlay)
            highlighted = overlay.highlighted_option
            assert highlighted is not None and str(highlighted.prompt).startswith("Компьютер")
    finally:
        set_language("en")


async def test_alt_and_a_russian_letter_is_not_the_latin_key() -> None:
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        app.post_message(events.Key("alt+в", "в"))  # as a terminal sends it; в alone would discard
        await pilot.pause()
        await pilot.pause()
        assert engine(app).current.phase is Phase.PLAY


async def test_nothing_in_hand_at_the_round_s_end_shows_what_each_hand_cost() -> None:
    # found by a newcomer: once the round was over, its row counted the hands (R21) and "in hand" said 0
    from textual.app import App, ComposeResult

    from lost_cities.engine import player_view
    from lost_cities.tui.common.board_grid import BoardGrid

    round_ = Match(Rules(hand_penalty=True), rounds=1, seed=21).current
    advance(round_, 0)
    view = player_view(round_, 0)
    assert round_.over and all(score.hand_penalty > 0 for score in view.scores)  # each hand still holds cards

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardGrid(view.rules)

    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        grid = app.query_one(BoardGrid)
        grid.show(view, ("Ana", "Boris"), (0, 1))
        await pilot.pause()
        assert grid.row("hand").plain.split() == ["in", "hand", *(signed(-score.hand_penalty) for score in view.scores)]
        assert grid.row("round").plain.split() == ["round", *(signed(score.total) for score in view.scores)]


async def test_ctrl_c_says_the_quit_key_as_the_key_bar_writes_it() -> None:
    # found by a newcomer: "Press ctrl+q to quit." where the bar says "Ctrl+S"
    app = MatchApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await until(pilot, lambda: "to quit." in screen_text(app))
        assert "Press Ctrl+Q to quit." in screen_text(app)
