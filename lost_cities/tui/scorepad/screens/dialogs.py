"""The score pad's boxes: the end of a round, the end of the match, the keys.

Each is a whole screen with its own key bar, so the bar lists only the keys that work while
the box is open, and below 80×24 it says "make the window larger" as every screen does.
Their buttons take clicks but not the focus: Enter means one thing, the key bar's.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import ClassVar, TypeVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from lost_cities.i18n import N_, _
from lost_cities.score.sheet import ScoreSheet, highest
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.words import signed

ResultT = TypeVar("ResultT")

__all__ = ["MatchOverScreen", "PadHelpScreen", "RoundOverScreen", "next_start", "standings", "verdict"]


#: The widest text a box holds: its 78 columns less its border and padding (the CSS below).
TEXT_WIDTH = 72
#: Between two columns of the standings (the table's padding of 2 on each side).
COLUMN_GAP = 4


def standings(sheet: ScoreSheet, preview: tuple[int, ...] | None = None) -> Table:
    """A round-by-round table of every side and the match total, the round not yet finished as ``preview``.

    The match column is always there.  When the rounds do not all fit in a box's :data:`TEXT_WIDTH` (a long
    match, up to 20 rounds), the first ones share a column, ``rounds 1–9``, and the last ones
    keep their own.
    """
    rounds = [result.totals for result in sheet.finished]
    if preview is not None:
        rounds.append(preview)
    columns = [(_("round {n}").format(n=number), scores) for number, scores in enumerate(rounds, 1)]
    match = (_("match"), tuple(sum(scores[side] for scores in rounds) for side in range(sheet.sides)))
    names = sheet.side_names
    for folded in range(2, len(rounds) + 1):
        if _table_width(names, [*columns, match]) <= TEXT_WIDTH:
            break
        first = tuple(sum(scores[side] for scores in rounds[:folded]) for side in range(sheet.sides))
        columns = [(_("rounds {first}–{last}").format(first=1, last=folded), first)]
        columns += [
            (_("round {n}").format(n=number), rounds[number - 1]) for number in range(folded + 1, len(rounds) + 1)
        ]
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, COLUMN_GAP // 2))
    table.add_column("")
    for heading, _scores in columns:
        table.add_column(heading, justify="right")
    table.add_column(match[0], justify="right", style="bold")
    for side, name in enumerate(names):
        table.add_row(Text(name), *(signed(scores[side]) for _heading, scores in [*columns, match]))
    return table


def _table_width(names: Sequence[str], columns: Sequence[tuple[str, Sequence[int]]]) -> int:
    """How many cells the standings take: the names, then each column as wide as its heading or its widest score."""
    widths = [max(cell_len(name) for name in names)]
    widths += [max(cell_len(heading), *(cell_len(signed(score)) for score in scores)) for heading, scores in columns]
    return sum(widths) + COLUMN_GAP * (len(widths) - 1)


def next_start(sheet: ScoreSheet, scores: tuple[int, ...]) -> str:
    """Who starts the next round, as far as the pad can tell (R18, R23e, R24e, R24g).

    The highest round score starts.  The pad does not know who started this round, so
    where the (house) tie-breaks need it, it says how the players settle it themselves.
    """
    leaders = highest(scores)
    names = sheet.side_names
    if sheet.rules.teams:  # R24e, R24g: a team starts, with the partner whose turn it is
        if len(leaders) > 1:
            return _(
                "Equal scores: the team that did not start this round starts the next, with the partner who did "
                "not start the last time the team started, or, if it never has, the first of them in seat order "
                "(R24e, R24g)."
            )
        return _(
            "{team} scored more: their team starts the next round, with the partner who did not start "
            "the last time the team started, or, if it never has, the first of them in seat order (R24e, R24g)."
        ).format(team=names[leaders[0]])
    if sheet.sides == 3:  # R23e
        if len(leaders) > 1:
            return _(
                "{names} share the highest score: of them, whoever plays first after this round's "
                "starter starts the next round (R23e)."
            ).format(names=", ".join(names[side] for side in leaders))
        return _("{name} scored most and starts the next round (R23e).").format(name=names[leaders[0]])
    if len(leaders) > 1:  # R18
        return _("Equal scores: the player who did not start this round starts the next (R18).")
    return _("{name} scored more and starts the next round (R18).").format(name=names[leaders[0]])


def verdict(sheet: ScoreSheet) -> str:
    """The match's result (R17): the winner and by how much, or who shares first place.

    (house) Equal best totals are a draw; with three players, only between those who share it.
    """
    totals = sheet.totals
    leaders = highest(totals)
    names = sheet.side_names
    if len(leaders) == len(totals):
        return _("A draw at {total} each (R17).").format(total=signed(totals[0]))
    if len(leaders) > 1:
        return _("{names} share first place with {total} (R17).").format(
            names=", ".join(names[side] for side in leaders), total=signed(totals[leaders[0]])
        )
    winner = leaders[0]
    margin = totals[winner] - max(total for side, total in enumerate(totals) if side != winner)
    if sheet.rules.teams:
        return _("{team} win the match by {margin} (R17).").format(team=names[winner], margin=margin)
    return _("{name} wins the match by {margin} (R17).").format(name=names[winner], margin=margin)


class MatchOverChoice(Enum):
    """What the players chose when the match was over."""

    NEW = "new"
    REOPEN = "reopen"
    QUIT = "quit"


class PadDialog(FittedScreen[ResultT]):
    """A box in the middle of the screen, its key bar at the bottom."""

    DEFAULT_CSS = """
    PadDialog {
        align: center middle;
    }
    PadDialog .dialog {
        width: auto;
        max-width: 78;
        height: auto;
        border: round $accent;
        border-title-style: bold;
        background: $surface;
        padding: 0 2;
    }
    PadDialog .dialog Static {
        width: auto;
        max-width: 72;  /* the box's 78 less its border and padding: wider lines would be clipped */
    }
    PadDialog .dialog .hint, PadDialog .dialog .verdict {
        margin-top: 1;
    }
    PadDialog .dialog .buttons {
        height: auto;
        width: auto;
        margin-top: 1;
    }
    PadDialog .dialog Button {
        margin-right: 2;
    }
    """

    def box(self, title: str) -> Vertical:
        """The box in the middle, as wide as its widest line.

        Not allowed to shrink: Textual measures a box that may shrink as if it had no room at all,
        and a Rich table with no room as nothing: the box would take the width of its buttons and cut
        the standings' last columns off.
        """
        box = Vertical(classes="dialog")
        box.shrink = False
        box.border_title = title
        return box

    def buttons(self, *buttons: Button) -> Horizontal:
        """A row of buttons that answer clicks and leave the keys to the key bar."""
        for button in buttons:
            button.can_focus = False
        return Horizontal(*buttons, classes="buttons")


class RoundOverScreen(PadDialog[bool]):
    """The end of a round: every side's score and the match so far; Enter confirms, Escape goes back.

    Dismisses ``True`` to finish the round, ``False`` to go back and correct it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", N_("next round")),
        Binding("escape", "back", N_("back to the pad")),
    ]

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__()
        self.sheet = sheet
        self.last = sheet.round_number == sheet.rounds

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        entry = super().key_entry(binding)
        if entry is not None and binding.action == "confirm" and self.last:
            return (entry[0], _("finish the match"))
        return entry

    def compose(self) -> ComposeResult:
        sheet = self.sheet
        scores = sheet.scores()
        with self.box(_("End of round {n} of {rounds}").format(n=sheet.round_number, rounds=sheet.rounds)):
            yield Static(standings(sheet, scores), markup=False)
            if not self.last:
                yield Static(next_start(sheet, scores), classes="hint", markup=False)
            yield self.buttons(
                Button(_("Finish the match") if self.last else _("Next round"), variant="primary", id="confirm"),
                Button(_("Back"), id="back"),
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm")

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class MatchOverScreen(PadDialog[MatchOverChoice]):
    """The match is over: the rounds, the totals and the winner (R17).

    Dismisses a :class:`MatchOverChoice`; only its keys, never a stray Enter.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", N_("new match")),
        Binding("u,escape", "choose('reopen')", N_("correct the last round")),
        Binding("q", "choose('quit')", N_("quit")),
    ]

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__()
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        with self.box(_("The match is over")):
            yield Static(standings(self.sheet), markup=False)
            yield Static(Text(verdict(self.sheet), style="bold"), classes="verdict", markup=False)
            yield self.buttons(
                Button(_("New match"), variant="primary", id="new"),
                Button(_("Correct the last round"), id="reopen"),
                Button(_("Quit"), id="quit"),
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(MatchOverChoice(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(MatchOverChoice(choice))


class PadHelpScreen(PadDialog[None]):
    """Every key of the pad."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", N_("back"))]

    def compose(self) -> ComposeResult:
        with self.box(_("Keys of the score pad")):
            yield Static(
                _(
                    """\
 ← → ↑ ↓     move; ↑ ↓ go on into the next side's rows
 Home, End   the row's first card (a wager) or its last (the 10)
 Space       mark or unmark the card under the cursor (or click it)
 2 … 9, 0    mark or unmark that number in the row (0, or 1 0, is 10)
 w, x        one more wager (×) in the row; after the last, none again
 Backspace   unmark the whole row
 Tab         the next player or team (Shift+Tab: the one before)
 h           mark this side's cards left in hand (R21), or the table
 p           hand penalty on or off (R21)
 l           long game with purple on or off (R20)
 n           end the round
 u           reopen the last round to correct it
 q, Ctrl+Q   quit: the pad is kept as it is for the next start

A card marked for one side is a dot for the others (R2)."""
                ),
                markup=False,
            )

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
