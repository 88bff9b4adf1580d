"""The replay viewer steps through a finished match, every hand shown, scores as they stood."""

from __future__ import annotations

import random

from lost_cities.engine import Match, Phase, Rules
from lost_cities.tui.replay import ReplayApp, ReplayScreen, positions
from lost_cities.words import card_short
from tests.tui.helpers import SIZE, screen_text


def finished_match(seed: int = 4, rounds: int = 2) -> Match:
    match = Match(seed=seed, rounds=rounds)
    rng = random.Random(seed)
    while True:
        round_ = match.current
        while not round_.over:
            round_.decide(rng.choice(round_.legal_decisions()))
            round_.decide(rng.choice(round_.legal_decisions()))
        if not match.more_rounds:
            return match
        match.start_next_round()


def test_positions_cover_every_deal_and_turn() -> None:
    record = finished_match().record()
    assert len(positions(record)) == sum(len(r.turns) + 1 for r in record.played)


async def test_stepping_shows_both_hands_and_the_scores_as_they_stood() -> None:
    match = finished_match()
    app = ReplayApp(("Ana", "Boris"), match.record(), "Ana vs Boris")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        text = screen_text(app)
        assert "Round 1 dealt" in text
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert "turn 3 of" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert "turn 2 of" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        last = match.played[-1]
        scores = last.side_totals()
        assert "Round over" in text and f"Ana {scores[0]:+d}".replace("-", "−").replace("+0", "0") in text
        for seat in (0, 1):
            assert "".join(card_short(c) for c in last.hand(seat)) in text.replace(" ", "")
        await pilot.press("home")
        await pilot.pause()
        assert "Round 1 dealt" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert "Round 2 dealt" in screen_text(app)


async def test_the_last_step_shows_the_match_totals_and_the_winner() -> None:
    # the end of the last round says how the match ended (R17)
    match = finished_match(seed=6, rounds=3)
    app = ReplayApp(("Ana", "Boris"), match.record(), "Ana vs Boris")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        outcome = match.outcome
        assert outcome is not None
        expected = "A draw" if outcome.winner is None else f"{('Ana', 'Boris')[outcome.winner]} won the match"
        assert "Round over" in text and expected in text


async def test_the_last_step_of_a_match_won_on_time_says_whose_time_ran_out() -> None:
    # its last round unfinished: nothing at the end said how the match ended
    from lost_cities.net.protocol import Record
    from lost_cities.storage import SavedMatch

    match = Match(seed=6, rounds=3)
    match.current.decide(match.current.legal_decisions()[0])  # Ana plays, and draws
    match.current.decide(match.current.legal_decisions()[0])
    saved = SavedMatch.online_game(Record(match.record(), ("Ana", "Boris"), (None, None), claimed_by=1, out_of_time=0))
    app = ReplayApp(("Ana", "Boris"), saved.record, "Ana vs Boris", saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "time ran out" not in screen_text(app)  # at the deal, nothing has ended yet
        await pilot.press("end")
        await pilot.pause()
        assert "Boris wins: Ana's time ran out." in " ".join(screen_text(app).split())


async def test_page_up_goes_to_the_start_of_this_round_then_the_one_before() -> None:
    # PgUp from the end of round 3 is the deal of round 3
    match = finished_match(seed=6, rounds=3)
    app = ReplayApp(("Ana", "Boris"), match.record(), "Ana vs Boris")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end", "pageup")
        await pilot.pause()
        assert "Round 3 dealt" in screen_text(app)
        await pilot.press("pageup")
        await pilot.pause()
        assert "Round 2 dealt" in screen_text(app)


async def test_a_four_player_match_replays_with_every_hand() -> None:
    match = Match(Rules(players=4), seed=3, rounds=1)
    rng = random.Random(3)
    round_ = match.current
    while not round_.over:
        if round_.phase is Phase.FINAL:
            round_.stop()
        else:
            round_.decide(rng.choice(round_.legal_decisions()))
            round_.decide(rng.choice(round_.legal_decisions()))
    names = ("Ana", "Boris", "Carl", "Dana")
    app = ReplayApp(names, match.record(), "4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Ana & Carl" in text and "Boris & Dana" in text
        for name in names:
            assert f"{name}:" in text
        await pilot.press("end")
        await pilot.pause()
        assert "laid nothing more" in screen_text(app)


async def test_with_long_names_the_status_line_keeps_where_the_replay_stands_on_one_line() -> None:
    match = finished_match()
    title = "Maximiliansx vs Computerlong (normal)"
    app = ReplayApp(("Maximiliansx", "Computerlong"), match.record(), title)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#replay-status")
        assert status.size.height == 1
        line = screen_text(app).splitlines()[status.region.y]
        assert "Round 1 of 2" in line and "turn 0 of" in line and "Draw pile: 44" in line
        assert "Maximiliansx" in line  # the title follows, cut if it must be


async def test_the_gaps_of_the_status_line_narrow_before_the_title_is_cut() -> None:
    match = finished_match()
    title = "Player 1 vs Computer (hard)"  # with the wide gaps, 83 cells: more than 80
    app = ReplayApp(("Player 1", "Computer"), match.record(), title)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right", "right", "right", "right", "right", "right", "right", "right")
        await pilot.pause()
        status = app.screen.query_one("#replay-status")
        line = screen_text(app).splitlines()[status.region.y]
        assert "turn 10 of" in line and line.rstrip().endswith(title) and " · " in line


async def test_the_status_line_follows_a_resize() -> None:
    match = finished_match()
    title = "Player 1 vs Computer (hard)"
    app = ReplayApp(("Player 1", "Computer"), match.record(), title)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#replay-status")
        assert "  ·  " in screen_text(app).splitlines()[status.region.y]  # room enough: the wide gaps
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        line = screen_text(app).splitlines()[status.region.y]
        assert "  ·  " not in line and line.rstrip().endswith(title)
