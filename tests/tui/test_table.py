"""The board's table at 80×24: what it shortens, it explains; the longest names, the team score and the moves fit."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from lost_cities.engine import Colour, Draw, Match, Round, Rules
from lost_cities.i18n import _, ngettext
from lost_cities.session import HotSeat
from lost_cities.tui.match.match_app import Local, MatchApp
from lost_cities.tui.match.widgets.table_area import status_text
from lost_cities.words import describe_event, signed
from tests.tui.helpers import (
    CROWDED_THREE,
    NAMES_THREE,
    SIZE,
    advance,
    advanced_app,
    app_at,
    board_row,
    crowded,
    screen_lines,
)


async def test_the_short_forms_on_the_board_are_explained_under_the_colours(language: str) -> None:
    # three sides at 80 columns: long expeditions are written short (R23), and the rule under them says how
    app = crowded(CROWDED_THREE, 3, NAMES_THREE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert "××× 2–7" in board_row(app, "colour-y")
        legend = board_row(app, "rule-bottom")
        assert ngettext("{marks}: {n} wager", "{marks}: {n} wagers", 3).format(marks="×××", n=3) in legend
        assert _("{low}–{high}: {low} to {high}").format(low=2, high=7) in legend
        assert legend.startswith("─") and len(legend) <= 78


async def test_a_board_with_every_card_written_out_has_a_plain_rule() -> None:
    async with advanced_app(seed=21, leave=30).run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert set(board_row(pilot.app, "rule-bottom")) == {"─"}


#: The longest names there are: 12 cells, a wide character counting two.
LONGEST = ("Konstantinos", "李李李李李李", "Maximilianus", "Bartholomews")


def shown(text: str) -> str:
    """``text`` as :func:`screen_lines` reads it: a no-break space (French, before ":") is a space."""
    return text.replace("\xa0", " ")


@pytest.mark.parametrize(("players", "cooperative"), [(2, True), (3, True), (4, False)])
async def test_the_longest_names_and_the_team_score_fit_the_board_header(
    language: str, players: int, cooperative: bool
) -> None:
    # 12-cell names (and partners' joined) and the team score (R22) are never cut at 80×24
    match = Match(Rules(players=players, long=True, cooperative=cooperative), rounds=20, seed=21)
    advance(match.current, leave=1)  # "Draw pile: the last card!", the longest pile text
    app = MatchApp(Local(session=HotSeat(LONGEST[:players], match)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        status = screen_lines(app)[0].strip()
        assert shown(_("Round {n} of {total}").format(n=1, total=20)) in status
        pile = _("Draw pile: the last card!")
        assert shown(pile) in status
        session = app.table.session
        mover, after = session.name(session.to_move), session.name((session.to_move + 1) % players)
        if cooperative:  # the team score comes last, whole
            team = sum(score.total for score in session.view_of(session.to_move).scores)
            endings = [_("Team score: {score}").format(score=signed(team))]
        else:  # the line ends with a whole part: nothing cut in the middle of a word
            endings = [
                _("{name} plays, then {next}").format(name=mover, next=after),
                _("{name} plays").format(name=mover),
            ]
            endings.append(pile)
        assert status.endswith(tuple(shown(ending) for ending in endings)), status
        head = board_row(app, "head")
        assert all(name in head for name in app.table.session.side_names), head
        recent = app.screen.query_one("#recent").render()
        assert "…" not in str(recent)


def test_the_status_line_says_less_rather_than_cut_a_word() -> None:
    match = Match(Rules(players=3, cooperative=True), rounds=20, seed=3)
    advance(match.current, leave=1)
    session = HotSeat(LONGEST[:3], match)
    view, standing = session.view_of(session.to_move), session.standing()
    mover, after = session.name(view.to_move), session.name((view.to_move + 1) % 3)
    wide = status_text(view, standing, session.names, 200).plain
    assert f"{mover} plays, then {after}" in wide and "  ·  " in wide
    narrow = status_text(view, standing, session.names, 78).plain
    assert narrow == f"Round 1 of 20 · Draw pile: the last card! · {mover} plays · Team score: 0"
    assert cell_len(narrow) <= 78
    assert status_text(view, standing, session.names, 60).plain == (
        "Round 1 of 20 · Draw pile: the last card! · Team score: 0"
    )


async def test_a_move_line_too_long_for_the_board_writes_its_cards_short_rather_than_cut(language: str) -> None:
    # the Russian lines say as much as the English now, and with a 12-cell name some no longer fit
    round_ = Round.from_position("r2 r3 / pw g5 | - / - | yw | y4 y5 y6 | 1", Rules(long=True))
    round_.play("-pw")
    round_.draw(Draw(Colour.YELLOW))  # a purple wager discarded, a yellow one taken: the longest line there is
    app = app_at(round_, names=("Ana", "Konstantinos"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        recent = str(app.screen.query_one("#recent").render()).strip()
        event = app.table.session.view().history[-1]
        assert recent == describe_event(event, "Konstantinos", short=True)
        assert "P×" in recent and "Y×" in recent and "…" not in recent
