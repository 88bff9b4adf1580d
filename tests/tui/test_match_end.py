"""The match's end at 80×24: the totals and the team score (R22) stay in view, however long
the match is."""

from __future__ import annotations

from msgspec.structs import replace
from textual.app import App

from lost_cities.engine import match_outcome
from lost_cities.i18n import _, set_language
from lost_cities.session import MatchReport
from lost_cities.tui.match.screens.match_end import MatchEndScreen, result_sentence
from lost_cities.words import signed
from tests.tui.helpers import SIZE, key_bar, screen_lines, screen_text

NAMES = ("Konstantinos", "李李李李李李", "Maximilianus")


class Host(App[None]):
    """An app that shows one screen, as the hot-seat app shows it at the end of a match."""

    def __init__(self, screen: MatchEndScreen) -> None:
        super().__init__()
        self.shown = screen

    def on_mount(self) -> None:
        self.push_screen(self.shown)


def report(rounds: int, cooperative: bool) -> MatchReport:
    scores = tuple(tuple((number * 37 + seat * 11) % 150 - 40 for seat in range(3)) for number in range(rounds))
    totals = tuple(sum(round_[seat] for round_ in scores) for seat in range(3))
    return MatchReport(NAMES, NAMES, scores, match_outcome(totals, cooperative))


async def test_a_twenty_round_cooperative_match_keeps_its_totals_in_view_and_scrolls_its_rounds(language: str) -> None:
    match = report(20, cooperative=True)
    team = signed(sum(match.outcome.totals))
    app = Host(MatchEndScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert _("Team score: {score}").format(score=team).replace("\xa0", " ") in text
        total = next(line for line in screen_lines(app) if line.strip().startswith(_("Total")))
        assert total.split()[1:] == [*map(signed, match.outcome.totals), team]  # every side's, and the team's
        assert not any(line.split()[:1] == ["20"] for line in screen_lines(app))  # the last rounds wait below...
        assert _("scroll") in key_bar(app)
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        rows = [line.split() for line in screen_lines(app)]
        assert ["20", *map(signed, match.round_scores[19]), signed(sum(match.round_scores[19]))] in rows
        assert any(row[:1] == [_("Total")] for row in rows)  # ...and the totals stay


async def test_a_short_match_lists_no_scroll_key() -> None:
    app = Host(MatchEndScreen(report(3, cooperative=False)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "scroll" not in key_bar(app) and "play again" in key_bar(app)


def test_a_match_claimed_on_time_says_whose_time_ran_out_not_the_scores() -> None:
    # found by a newcomer: "Player 1 wins, 0 to 0!" for a match claimed in its first round
    two = MatchReport(("Ana", "Boris"), ("Ana", "Boris"), (), replace(match_outcome((0, 0)), winner=1), out_of_time=0)
    assert result_sentence(two) == "Boris wins: Ana's time ran out."
    names = ("Ana", "Boris", "Carl", "Dana")
    teams = ("Ana & Carl", "Boris & Dana")
    four = MatchReport(names, teams, ((10, 30),), replace(match_outcome((10, 30)), winner=0), out_of_time=3)
    assert result_sentence(four) == "Ana & Carl win: Dana's time ran out."
    set_language("fr")
    assert result_sentence(two) == "Boris gagne\u00a0: Ana n'a plus de temps."


async def test_a_match_claimed_in_its_first_round_says_no_round_was_scored_rather_than_a_table_of_nothing() -> None:
    # found by a newcomer: an empty table of rounds, "Total 0 0", under "Boris wins: Ana's time ran out."
    claimed = MatchReport(
        ("Ana", "Boris"), ("Ana", "Boris"), (), replace(match_outcome((0, 0)), winner=1), out_of_time=0
    )
    app = Host(MatchEndScreen(claimed))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Boris wins: Ana's time ran out." in text
        assert "No round was played to its end: there are no scores." in text
        assert "Total" not in text and "Round" not in text
        assert "play again" in key_bar(app)


async def test_a_status_under_the_rounds_keeps_the_totals_and_the_keys_in_view() -> None:
    # online, a rematch asked: the result stays, saying whom the rematch waits for, and "a" is not offered again
    waiting = "Rematch asked. Not connected now: Boris; the rematch starts only if they come back and accept."
    screen = MatchEndScreen(report(20, cooperative=False), again=False, status=waiting)
    app = Host(screen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        text = " ".join(" ".join(lines).split())
        assert waiting in text and any(line.strip().startswith("Total") for line in lines)
        assert "play again" not in key_bar(app) and "quit" in key_bar(app)
        screen.say("Rematch agreed: the new match is being set up…")
        await pilot.pause()
        assert "Rematch agreed" in screen_text(app) and "Not connected" not in screen_text(app)


def test_a_win_with_a_score_below_zero_is_told_against_the_next_best_without_a_cheer() -> None:
    # found by a newcomer: "Ana wins with −34!" cheered a match everybody lost points in
    two = MatchReport(("Ana", "Boris"), ("Ana", "Boris"), ((-34, -50),), match_outcome((-34, -50)))
    three = MatchReport(
        ("Ana", "Boris", "Carl"), ("Ana", "Boris", "Carl"), ((-61, -34, -50),), match_outcome((-61, -34, -50))
    )
    names = ("Ana", "Boris", "Carl", "Dana")
    four = MatchReport(names, ("Ana & Carl", "Boris & Dana"), ((-34, -50),), match_outcome((-34, -50)))
    cheered = MatchReport(("Ana", "Boris"), ("Ana", "Boris"), ((12, -50),), match_outcome((12, -50)))
    try:
        assert result_sentence(two) == "Ana wins, −34 to −50."
        assert result_sentence(three) == "Boris wins, −34 to −50."
        assert result_sentence(four) == "Ana & Carl win, −34 to −50."
        assert result_sentence(cheered) == "Ana wins, +12 to −50!"  # a win with points to show is still cheered
        set_language("fr")
        assert result_sentence(two) == "Ana gagne, −34 à −50."
        assert result_sentence(four) == "L'équipe Ana & Carl gagne, −34 à −50."
        set_language("ru")
        assert result_sentence(three) == "Побеждает Boris: −34 против −50."
        assert result_sentence(four) == "Побеждают Ana & Carl: −34 против −50."
    finally:
        set_language("en")
