"""The end of the match (R17, R22, R24e): the winner, a draw or the team score, and every round's scores.

The scores stand in a table whose head and totals always stay in view; a long match's rounds
(up to 20) scroll between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import VerticalScroll
from textual.widgets import Static

from lost_cities.i18n import N_, _
from lost_cities.session import MatchReport
from lost_cities.tui.common.keybar import unbound_character
from lost_cities.tui.match.screens.scrolling import SCROLL_BINDINGS, ScrollingScreen
from lost_cities.words import in_sentence, said, signed, won_on_time

__all__ = ["MatchEndChoice", "MatchEndScreen", "result_sentence", "round_table"]

#: Blank cells between two columns of the table of rounds.
GAP = 3
#: The lines around the rounds: the result in its box (7, or 8 when its sentence takes two), the
#: table's head and totals (2 each), the key bar.
ROOM_AROUND_ROUNDS = 13


class MatchEndChoice(Enum):
    """What the players chose at the end of the match."""

    AGAIN = "again"
    QUIT = "quit"


def result_sentence(report: MatchReport) -> str:
    """``Ana wins, +120 to +85!``, ``Ana & Carl win with +150!``, without a cheer when the winner scored no points
    (``Ana wins, −34 to −50.``, against the next best), a draw (house rule), the team score, or for a match claimed
    on time ``Boris wins: Ana's time ran out.``"""
    outcome = report.outcome
    totals = outcome.totals
    if outcome.team_score is not None:
        return _("Team score: {score}").format(score=signed(outcome.team_score))
    if outcome.winner is None:
        best = max(totals)
        tied = [name for name, total in zip(report.side_names, totals, strict=True) if total == best]
        return _("A draw: {names} at {score} (R17, house rule).").format(names=", ".join(tied), score=signed(best))
    winner = outcome.winner
    name = in_sentence(report.side_names[winner])
    if report.out_of_time is not None:
        return won_on_time(report.side_names[winner], report.names[report.out_of_time], len(report.names) == 4)
    score = totals[winner]
    if score <= 0:  # a win with no points to show is no feat: the runner-up's score says what it was won by
        other = signed(max(total for side, total in enumerate(totals) if side != winner))
        if len(report.names) == 4:
            # Translators: the winning team scored nothing or less ("Ana & Carl win, −34 to −50."): no exclamation.
            return _("{team} win, {score} to {other}.").format(team=name, score=signed(score), other=other)
        # Translators: the winner scored nothing or less, {other} the next best: no cheer, "Ana wins, −34 to −50."
        return said(_("{name} wins, {score} to {other}.").format(name=name, score=signed(score), other=other))
    if len(report.names) == 4:
        return _("{team} win with {score}!").format(team=name, score=signed(totals[winner]))
    if len(totals) == 2:
        return said(
            _("{name} wins, {score} to {other}!").format(
                name=name, score=signed(totals[winner]), other=signed(totals[1 - winner])
            )
        )
    return said(_("{name} wins with {score}!").format(name=name, score=signed(totals[winner])))


def round_table(report: MatchReport) -> tuple[list[Text], list[Text], list[Text]]:
    """The table of rounds as lines, in three parts: its head, a line per round, its totals.

    One column per side, and the team's with R22; every column as wide as its widest cell, so
    the three parts line up however they are laid out.

    >>> from lost_cities.engine import match_outcome
    >>> report = MatchReport(("Ana", "Boris"), ("Ana", "Boris"), ((12, -5), (30, 4)), match_outcome((42, -1)))
    >>> for line in [line for part in round_table(report) for line in part]:
    ...     print(line.plain)
    Round   Ana   Boris
    ───────────────────
    1       +12      −5
    2       +30      +4
    ───────────────────
    Total   +42      −1
    """
    cooperative = report.outcome.team_score is not None
    totals = report.outcome.totals
    rows = [[str(number), *map(signed, scores)] for number, scores in enumerate(report.round_scores, start=1)]
    if cooperative:  # R22: the team's score round by round
        rows = [[*row, signed(sum(scores))] for row, scores in zip(rows, report.round_scores, strict=True)]
    total = [_("Total"), *map(signed, totals), *([signed(sum(totals))] if cooperative else [])]
    head = [_("Round"), *report.side_names, *([_("team")] if cooperative else [])]
    widths = [max(cell_len(row[column]) for row in (head, total, *rows)) for column in range(len(head))]

    def line(cells: Sequence[str], style: str = "") -> Text:
        text = Text(style=style)
        for column, (cell, width) in enumerate(zip(cells, widths, strict=True)):
            padding = " " * (width - cell_len(cell))
            text.append(" " * GAP if column else "")
            text.append(cell + padding if column == 0 else padding + cell)
        return text

    rule = Text("─" * (sum(widths) + GAP * (len(widths) - 1)), style="dim")
    return [line(head, "bold"), rule], [line(row) for row in rows], [rule.copy(), line(total, "bold")]


class MatchEndScreen(ScrollingScreen[MatchEndChoice]):
    """The result stays until a listed key: ``a`` plays again, ``q`` quits (Enter does nothing here, and another key
    is said to do nothing, above the status line)."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("play again")),
        *SCROLL_BINDINGS,  # listed only when there are more rounds than room
        Binding("q,escape", "choose('quit')", N_("quit"), key_display="q"),
    ]

    DEFAULT_CSS = """
    MatchEndScreen #result {
        text-align: center;
        text-style: bold;
        padding: 1 1;
        border: double $accent;
        margin: 1 2;
        height: auto;
    }
    MatchEndScreen .rounds {
        padding: 0 2;
        height: auto;
    }
    MatchEndScreen #rounds-body {
        scrollbar-size-vertical: 1;
    }
    MatchEndScreen #status {
        height: auto;
        padding: 0 2;
        margin-top: 1;
    }
    """

    def __init__(self, report: MatchReport, again: bool = True, status: str = "") -> None:
        """``again``: the players may start another match from here (a rematch online, once); ``status``: a line
        under the rounds (whom a rematch asked for waits on), kept up to date with :meth:`say`."""
        super().__init__()
        self.report = report
        self.again = again
        self.status = status
        #: the sentence saying that the key last typed does nothing here (empty: none typed)
        self.unbound = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == (MatchEndChoice.QUIT.value,):
            return True  # quitting, as on every screen, even in a window too small to show it
        if action == "choose" and parameters == (MatchEndChoice.AGAIN.value,) and not self.again:
            return False
        return super().check_action(action, parameters)

    def compose(self) -> ComposeResult:
        head, rows, totals = round_table(self.report)
        scored = bool(self.report.round_scores)  # a match claimed on time in its first round has no scores
        yield Static(result_sentence(self.report), id="result", markup=False)
        if scored:
            yield Static(Text("\n").join(head), id="rounds-head", classes="rounds", markup=False)
        with VerticalScroll(id="rounds-body", classes="rounds", can_focus=False):
            if scored:
                yield Static(Text("\n").join(rows), markup=False)
            else:
                yield Static(_("No round was played to its end: there are no scores."), markup=False)
        if scored:
            yield Static(Text("\n").join(totals), id="rounds-total", classes="rounds", markup=False)
        status = Static(self.status, id="status", markup=False)
        status.display = bool(self.status)
        yield status

    def say(self, status: str) -> None:
        self.status = status
        self._show_status()

    def _show_status(self) -> None:
        said = "\n".join(line for line in (self.unbound, self.status) if line)
        line = self.query_one("#status", Static)
        line.update(said)
        line.display = bool(said)
        self._fit_rounds(self.app.size.height)

    def on_key(self, event: events.Key) -> None:
        """A key that does nothing here is said to, rather than ignored (``a`` too, while no match may follow)."""
        if (key := unbound_character(event, _KEYS if self.again else _KEYS.keys() - {"a"})) is None or self.too_small:
            return
        if self.again:
            self.unbound = _("The key {key} does nothing here: a plays again, q quits.").format(key=key)
        else:
            self.unbound = _("The key {key} does nothing here: q quits.").format(key=key)
        self._show_status()

    def offer_again(self, status: str) -> None:
        """``a`` offered again (a rematch the server would not make yet), with ``status`` saying why."""
        self.again = True
        self.unbound = ""  # it said a did nothing
        self.say(status)
        self.refresh_bindings()

    def scrolled(self) -> VerticalScroll:
        return self.query_one("#rounds-body", VerticalScroll)

    def on_mount(self) -> None:  # ScrollingScreen's and FittedScreen's run too
        self._fit_rounds(self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:  # FittedScreen's runs too
        self._fit_rounds(event.size.height)
        self.refresh_bindings()

    def _fit_rounds(self, height: int) -> None:
        """The rounds take the room that the result, the table's head and totals, the status and the keys leave."""
        lines = (2 if self.status else 0) + (1 if self.unbound else 0)  # two at most at 80 columns for the status,
        # one for a key that does nothing; a blank line above them
        status = lines + 1 if lines else 0
        self.scrolled().styles.max_height = max(height - ROOM_AROUND_ROUNDS - status, 1)

    def action_choose(self, choice: str) -> None:
        self.dismiss(MatchEndChoice(choice))


#: The screen's own keys, each apart (Textual's public map of a list of bindings).
_KEYS = BindingsMap(MatchEndScreen.BINDINGS).key_to_bindings
