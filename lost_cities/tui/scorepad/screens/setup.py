"""The score pad's form: how many play, their names, the number of rounds, the variants."""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, RadioSet, Static

from lost_cities.engine import PLAYER_COUNTS, Rules
from lost_cities.i18n import N_, _
from lost_cities.limits import MAX_NAME_CELLS, MAX_ROUNDS, PlayerNamesError, check_names
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.toggles import ChoiceButton, ChoiceSet, TickBox
from lost_cities.words import player_name, side_names

__all__ = ["PadSetupScreen", "Setup"]


class Setup(Struct, frozen=True):
    """What the players chose before the first round; ``names`` in seat order (2, 3 or 4)."""

    names: tuple[str, ...]
    rounds: int = 3
    long: bool = False
    hand_penalty: bool = False


class PadSetupScreen(FittedScreen[Setup | None]):
    """The players (asked once per match), the rounds and the variants; dismisses a :class:`Setup`.

    Enter in a field moves to the next one; ctrl+s, Enter in the last field, or the button starts;
    Escape leaves (dismisses ``None``), as the hot-seat's form does.
    Cooperative scoring (R22) is not offered: the pad adds up each side's own score.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("start")),
        Binding("escape", "leave", N_("quit")),
    ]

    DEFAULT_CSS = """
    PadSetupScreen {
        align: center middle;
    }
    PadSetupScreen #setup {
        width: 76;
        height: auto;
        border: round $accent;
        border-title-align: center;
        border-title-style: bold;
        padding: 0 2;
    }
    PadSetupScreen .hint {
        color: $text-muted;
        margin-bottom: 1;
    }
    PadSetupScreen .field {
        height: 1;
    }
    PadSetupScreen .field > Label {
        width: 16;
    }
    PadSetupScreen .field > Input {
        width: 24;
    }
    PadSetupScreen #players {
        layout: horizontal;
        width: auto;
    }
    PadSetupScreen #players > ChoiceButton {
        width: auto;
        margin-right: 2;
    }
    PadSetupScreen #teams {
        color: $text-muted;
        padding-left: 16;
    }
    PadSetupScreen #rounds-field {
        margin: 1 0;
    }
    PadSetupScreen #rounds {
        width: 6;
    }
    PadSetupScreen #setup-error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    PadSetupScreen #start {
        margin: 1 0 0 16;
    }
    """

    def __init__(self, rounds: int = 3, long: bool = False, hand_penalty: bool = False, players: int = 2) -> None:
        super().__init__()
        self._rounds = rounds
        self._long = long
        self._hand_penalty = hand_penalty
        self._players = players

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static(
                _("Mark the cards each player laid; the pad adds them up round by round."), classes="hint", markup=False
            )
            with Horizontal(classes="field"):
                yield Label(_("Players"), markup=False)
                with ChoiceSet(id="players", compact=True):
                    for count in PLAYER_COUNTS:
                        label = _("4 in two teams") if count == 4 else str(count)
                        yield ChoiceButton(label, value=count == self._players, id=f"players-{count}")
            for seat in range(max(PLAYER_COUNTS)):
                with Horizontal(classes="field", id=f"seat-{seat}"):
                    yield Label(player_name(seat), markup=False)
                    yield Input(
                        placeholder=player_name(seat), id=f"name-{seat}", max_length=MAX_NAME_CELLS * 2, compact=True
                    )
            yield Static("", id="teams", markup=False)
            with Horizontal(classes="field", id="rounds-field"):
                yield Label(_("Rounds"), markup=False)
                yield Input(str(self._rounds), id="rounds", type="integer", max_length=2, compact=True)
            yield TickBox(_("Long game: purple, six expeditions (R20)"), self._long, id="long", compact=True)
            yield TickBox(
                _("Nothing in hand: the numbers left in hand count against you (R21)"),
                self._hand_penalty,
                id="hand-penalty",
                compact=True,
            )
            yield Static("", id="setup-error", markup=False)
            yield Button(_("Start"), variant="primary", id="start", compact=True)

    def on_mount(self) -> None:  # FittedScreen's on_mount runs too: Textual calls each class's handler
        self.query_one("#setup").border_title = _("Lost Cities · score pad")
        self._show_seats()
        self.query_one("#name-0", Input).focus()

    @property
    def players(self) -> int:
        """The number of players chosen."""
        pressed = self.query_one("#players", RadioSet).pressed_button
        return int((pressed.id or "players-2").removeprefix("players-")) if pressed is not None else 2

    def _names(self) -> tuple[str, ...]:
        return tuple(
            self.query_one(f"#name-{seat}", Input).value.strip() or player_name(seat) for seat in range(self.players)
        )

    @on(RadioSet.Changed, "#players")
    def _show_seats(self) -> None:
        """Only the seats in play; with four, the two teams as they will be marked (R24a)."""
        for seat in range(max(PLAYER_COUNTS)):
            self.query_one(f"#seat-{seat}").display = seat < self.players
        teams = self.query_one("#teams", Static)
        teams.display = self.players == 4
        if self.players == 4:
            first, second = side_names(self._names(), Rules(players=4))
            teams.update(_("Partners: {first} against {second} (R24)").format(first=first, second=second))

    @on(Input.Changed, ".field > Input")
    def _name_changed(self) -> None:
        if self.players == 4:
            self._show_seats()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        order = [f"name-{seat}" for seat in range(self.players)] + ["rounds"]
        if event.input.id in order[:-1]:
            self.query_one(f"#{order[order.index(event.input.id) + 1]}", Input).focus()
        else:
            self.action_start()

    def _refuse(self, message: str, field: str) -> None:
        self.query_one("#setup-error", Static).update(message)
        self.query_one(f"#{field}", Input).focus()

    def action_leave(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            names = check_names(self._names())
        except PlayerNamesError as problem:
            self._refuse(problem.sentence, f"name-{problem.seat or 0}")
            return
        text = self.query_one("#rounds", Input).value.strip()
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_ROUNDS:
            self._refuse(_("Rounds: a whole number from 1 to {max} (R17).").format(max=MAX_ROUNDS), "rounds")
            return
        self.dismiss(
            Setup(
                names,
                int(text),
                self.query_one("#long", Checkbox).value,
                self.query_one("#hand-penalty", Checkbox).value,
            )
        )
