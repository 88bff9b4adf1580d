"""The score pad's screens: the players' names, the pad itself, the end of a round and of the match."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from lost_cities.engine import Card, Colour, IllegalMoveError, Reason, Rules, next_starter
from lost_cities.i18n import N_, _, ngettext
from lost_cities.score.sheet import CELLS, MarkRefused, Place, ScoreSheet
from lost_cities.tui.common.bindings import translate_bindings
from lost_cities.tui.common.toggles import TickBox
from lost_cities.tui.scorepad.widgets import CardCell, HandLine, PlayerPanel
from lost_cities.words import card_name, card_short, colour_name, describe_refusal, signed

__all__ = ["HelpScreen", "MatchOverScreen", "PadScreen", "RoundOverScreen", "Setup", "SetupScreen", "standings"]


@dataclass(frozen=True, slots=True)
class Setup:
    """What the players chose before the first round."""

    names: tuple[str, str]
    rounds: int = 3
    long: bool = False
    hand_penalty: bool = False


class SetupScreen(Screen[Setup]):
    """The players' names (asked once per match), the number of rounds and the variants."""

    def __init__(self, rounds: int = 3, long: bool = False, hand_penalty: bool = False) -> None:
        super().__init__()
        self._rounds = rounds
        self._long = long
        self._hand_penalty = hand_penalty

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static(_("Lost Cities · score pad"), id="setup-title")
            yield Static(_("Mark the cards each player laid; the pad adds them up round by round."), classes="hint")
            with Horizontal(classes="field"):
                yield Label(_("First player"))
                yield Input(placeholder=_("Player 1"), id="name-0", max_length=16, compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Second player"))
                yield Input(placeholder=_("Player 2"), id="name-1", max_length=16, compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Rounds"))
                yield Input(str(self._rounds), id="rounds", type="integer", max_length=2, compact=True)
            yield TickBox(_("Long game: purple, six expeditions (R20)"), self._long, id="long", compact=True)
            yield TickBox(
                _("Hand penalty: the numbers left in hand count against you (R21)"),
                self._hand_penalty,
                id="hand-penalty",
                compact=True,
            )
            yield Static("", id="setup-error", markup=False)
            yield Button(_("Start"), variant="primary", id="start")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        order = ["name-0", "name-1", "rounds"]
        if event.input.id in order[:-1]:
            self.query_one(f"#{order[order.index(event.input.id) + 1]}", Input).focus()
        else:
            self._start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self._start()

    def _start(self) -> None:
        names = tuple(
            self.query_one(f"#name-{player}", Input).value.strip() or _("Player {n}").format(n=player + 1)
            for player in (0, 1)
        )
        text = self.query_one("#rounds", Input).value.strip()
        if not text.isdigit() or not 1 <= int(text) <= 99:
            error = self.query_one("#setup-error", Static)
            error.update(_("Rounds: a whole number from 1 to 99 (R17)."))
            error.display = True
            self.query_one("#rounds", Input).focus()
            return
        self.dismiss(
            Setup(
                (names[0], names[1]),
                int(text),
                self.query_one("#long", Checkbox).value,
                self.query_one("#hand-penalty", Checkbox).value,
            )
        )


def standings(sheet: ScoreSheet, preview: tuple[int, ...] | None = None) -> Table:
    """A round-by-round table of both players, with the round not yet finished as ``preview``."""
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 2))
    table.add_column("")
    rounds = [result.totals for result in sheet.finished]
    if preview is not None:
        rounds.append(preview)
    for number in range(1, len(rounds) + 1):
        table.add_column(_("round {n}").format(n=number), justify="right")
    table.add_column(_("match"), justify="right", style="bold")
    for player, name in enumerate(sheet.names):
        total = sum(scores[player] for scores in rounds)
        table.add_row(Text(name), *(signed(scores[player]) for scores in rounds), signed(total))
    return table


class RoundOverScreen(ModalScreen[bool]):
    """The end of a round: both scores and the match so far; confirm or go back to correct."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back to the pad"))]

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__()
        translate_bindings(self)
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        sheet = self.sheet
        preview = (sheet.score(0).total, sheet.score(1).total)
        last = sheet.round_number == sheet.rounds
        with Vertical(classes="dialog"):
            yield Static(
                _("End of round {n} of {rounds}").format(n=sheet.round_number, rounds=sheet.rounds), classes="title"
            )
            yield Static(standings(sheet, preview))
            if not last:
                yield Static(_next_starter(sheet.names, preview), classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(_("Finish the match") if last else _("Next round"), variant="primary", id="confirm")
                yield Button(_("Back"), id="back")

    def on_mount(self) -> None:
        self.query_one("#confirm", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm")

    def action_back(self) -> None:
        self.dismiss(False)


def _next_starter(names: tuple[str, ...], scores: tuple[int, ...]) -> str:
    """R18, from the engine's rule for unequal scores; (house) a tie is left to the players."""
    if scores[0] == scores[1]:
        return _("Equal scores: the player who did not start this round starts the next (R18).")
    return _("{name} scored more and starts the next round (R18).").format(
        name=names[next_starter(Rules(), scores, [0]).seat]
    )


class MatchOverScreen(ModalScreen[str]):
    """The match is over: the rounds, the totals and the winner (R17)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", N_("New match")),
        Binding("escape,u", "choose('reopen')", N_("Correct the last round")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__()
        translate_bindings(self)
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        sheet = self.sheet
        outcome = sheet.outcome
        assert outcome is not None
        if outcome.winner is None:
            verdict = _("A draw at {total} each (R17).").format(total=signed(outcome.totals[0]))
        else:
            margin = outcome.totals[outcome.winner] - outcome.totals[1 - outcome.winner]
            verdict = _("{name} wins the match by {margin} (R17).").format(
                name=sheet.names[outcome.winner], margin=margin
            )
        with Vertical(classes="dialog"):
            yield Static(_("The match is over"), classes="title")
            yield Static(standings(sheet))
            yield Static(Text(verdict, style="bold"), classes="verdict")
            with Horizontal(classes="buttons"):
                yield Button(_("New match"), variant="primary", id="new")
                yield Button(_("Correct the last round"), id="reopen")
                yield Button(_("Quit"), id="quit")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", N_("Close"))]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                _(
                    """\
Keys of the score pad

 ← → ↑ ↓     move; ↑ ↓ go on into the other player's rows
 space       mark or unmark the card under the cursor (or click it)
 2 … 9, 0    mark or unmark that number in the row (0, or 1 0, is 10)
 w, x        one more wager (×) in the row; after the last, none again
 backspace   unmark the whole row
 tab         the other player
 h           mark this player's cards left in hand (R21), or the table
 p           hand penalty on or off (R21)
 l           long game with purple on or off (R20)
 n           end the round
 u           reopen the last round to correct it
 ctrl+q      quit

A card marked for one player is a dot for the other (R2).
"""
                ),
                markup=False,
            )

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def refusal(sheet: ScoreSheet, error: MarkRefused) -> str:
    """Why a card cannot be marked, in the player's words."""
    card = error.card
    if error.holder is None:
        return describe_refusal(IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=card.colour))
    if card.is_wager:
        text = _("{card}: all {copies} are already marked (R2).").format(
            card=card_name(card), copies=sheet.rules.copies(card)
        )
        return _capitalised(text)
    if error.place is Place.TABLE:
        text = _("{card} is already marked for {name}, on the table: every card exists once (R2).")
    else:
        text = _("{card} is already marked for {name}, in hand: every card exists once (R2).")
    return _capitalised(text.format(card=card_name(card), name=sheet.names[error.holder]))


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class PadScreen(Screen[None]):
    """Both players' rows of cards, live scores, and the match so far."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter", "press", N_("Mark"), key_display="space"),
        Binding("w,x", "wager", N_("Wager"), key_display="w"),
        Binding("tab", "switch", N_("Player"), priority=True),
        Binding("h", "hand", N_("Hand")),
        Binding("n", "end_round", N_("End round")),
        Binding("u", "reopen", N_("Reopen round")),
        Binding("p", "penalty", N_("Hand penalty"), show=False),
        Binding("l", "long", N_("Long game"), show=False),
        Binding("question_mark", "help", N_("Keys"), key_display="?"),
        Binding("up", "move(-1, 0)", show=False),
        Binding("down", "move(1, 0)", show=False),
        Binding("left", "move(0, -1)", show=False),
        Binding("right", "move(0, 1)", show=False),
        Binding("backspace,delete", "clear_row", show=False),
        *(Binding(str(value % 10), f"number({value})", show=False) for value in range(2, 11)),
    ]

    def __init__(self, sheet: ScoreSheet, on_show: Callable[[ScoreSheet], None] | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.sheet = sheet
        #: called after every redraw, so the app can save the sheet when it has changed
        self.on_show = on_show
        self.player = 0
        self.row = 0
        self.column = 3
        self.places = [Place.TABLE, Place.TABLE]
        self._available: tuple[bool, bool] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="topbar", markup=False)
        yield PlayerPanel(0)
        yield PlayerPanel(1)
        yield Static(id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.say(_("Click the cards each player laid, or use arrows and space. ? shows every key."))
        self.show()

    # -- drawing ---------------------------------------------------------------------------

    @property
    def colour(self) -> Colour:
        colours = self.sheet.rules.colours
        self.row = min(self.row, len(colours) - 1)
        return colours[self.row]

    def show(self) -> None:
        """Redraw everything from the sheet."""
        sheet = self.sheet
        colour = self.colour
        for panel in self.query(PlayerPanel):
            active = panel.player == self.player
            panel.show(sheet, self.places[panel.player], active, (colour, self.column) if active else None)
        self.query_one("#topbar", Static).update(self._topbar(), layout=False)
        available = (bool(sheet.finished) and sheet.blank, sheet.over)
        if available != self._available:  # the footer rebuilds itself: only when it changes
            self._available = available
            self.refresh_bindings()
        if self.on_show is not None:
            self.on_show(sheet)

    def _topbar(self) -> Text:
        sheet = self.sheet
        if sheet.over:
            text = Text(_("The match is over"), style="bold")
        else:
            text = Text(_("Round {n} of {rounds}").format(n=sheet.round_number, rounds=sheet.rounds), style="bold")
        if sheet.finished:
            totals = "  ·  ".join(
                f"{name} {signed(total)}" for name, total in zip(sheet.names, sheet.totals, strict=True)
            )
            count = len(sheet.finished)
            text.append(
                ngettext("   after {n} round: {totals}", "   after {n} rounds: {totals}", count).format(
                    n=count, totals=totals
                )
            )
        variants = [_("long game") if sheet.rules.long else "", _("hand penalty") if sheet.rules.hand_penalty else ""]
        if any(variants):
            text.append("   [" + ", ".join(v for v in variants if v) + "]", style="italic")
        return text

    def say(self, message: str, warning: bool = False) -> None:
        line = self.query_one("#message", Static)
        line.update(message, layout=False)
        line.set_class(warning, "-warning")
        if warning:
            self.app.bell()

    # -- marking ---------------------------------------------------------------------------

    def _press(self, player: int, colour: Colour, index: int) -> None:
        try:
            self.sheet.press(player, colour, index, self.places[player])
        except MarkRefused as error:
            self.say(refusal(self.sheet, error), warning=True)
        else:
            self.say(self._described(player, colour))
        self.show()

    def _described(self, player: int, colour: Colour) -> str:
        if self.places[player] is Place.HAND:
            score = self.sheet.score(player)
            cards = " ".join(card_short(card) for card in score.hand) or "–"
            return _("{name}, in hand: {cards}  →  {penalty}").format(
                name=self.sheet.names[player], cards=cards, penalty=signed(-score.hand_penalty)
            )
        row = self.sheet.score(player).expedition(colour)
        cards = " ".join("×" if card.is_wager else str(card.value) for card in row.cards) or "–"
        return _("{name}, {colour}: {cards}  →  {score}").format(
            name=self.sheet.names[player], colour=colour_name(colour), cards=cards, score=signed(row.score)
        )

    def on_card_cell_pressed(self, message: CardCell.Pressed) -> None:
        cell = message.cell
        self.player, self.column = cell.player, cell.index
        self.row = self.sheet.rules.colours.index(cell.colour)
        self._press(cell.player, cell.colour, cell.index)

    def on_hand_line_pressed(self, message: HandLine.Pressed) -> None:
        self.player = message.player
        self.action_hand()

    def action_press(self) -> None:
        self._press(self.player, self.colour, self.column)

    def action_number(self, value: int) -> None:
        self.column = CELLS.index(value)
        self._press(self.player, self.colour, self.column)

    def action_wager(self) -> None:
        card = Card(self.colour, 0)
        try:
            self.sheet.toggle(self.player, card, self.places[self.player])
        except MarkRefused as error:
            self.say(refusal(self.sheet, error), warning=True)
        else:
            self.say(self._described(self.player, self.colour))
        self.column = 0
        self.show()

    def action_clear_row(self) -> None:
        self.sheet.clear(self.player, self.colour)
        self.say(self._described(self.player, self.colour))
        self.show()

    def action_move(self, rows: int, columns: int) -> None:
        self.column = max(0, min(len(CELLS) - 1, self.column + columns))
        count = len(self.sheet.rules.colours)
        position = max(0, min(2 * count - 1, self.player * count + self.row + rows))
        self.player, self.row = divmod(position, count)
        self.show()

    def action_switch(self) -> None:
        self.player = 1 - self.player
        self.show()

    def action_hand(self) -> None:
        if not self.sheet.rules.hand_penalty:
            self.say(_("The hand penalty is off: press p to count the cards left in hand (R21)."), warning=True)
            return
        place = self.places[self.player].other
        self.places[self.player] = place
        name = self.sheet.names[self.player]
        if place is Place.HAND:
            self.say(_("{name}: now marking the cards left in hand. h: back to the table.").format(name=name))
        else:
            self.say(_("{name}: now marking the cards on the table.").format(name=name))
        self.show()

    # -- variants --------------------------------------------------------------------------

    def action_penalty(self) -> None:
        on = not self.sheet.rules.hand_penalty
        self.sheet.set_hand_penalty(on)
        if not on:
            self.places = [Place.TABLE, Place.TABLE]
        self.say(
            _("Hand penalty on: press h to mark a player's cards left in hand (R21).")
            if on
            else _("Hand penalty off (R21).")
        )
        self.show()

    def action_long(self) -> None:
        long = not self.sheet.rules.long
        try:
            self.sheet.set_long(long)
        except ValueError:
            self.say(_("Unmark the purple cards first."), warning=True)
            return
        self.say(_("Long game: purple is in (R20).") if long else _("Five expeditions: no purple (R20)."))
        self.show()

    # -- rounds ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reopen":
            return bool(self.sheet.finished) and self.sheet.blank
        if action == "end_round":
            return not self.sheet.over
        return True

    def action_end_round(self) -> None:
        if self.sheet.over:
            return
        self.app.push_screen(RoundOverScreen(self.sheet), self._round_confirmed)

    def _round_confirmed(self, confirmed: bool | None) -> None:
        if not confirmed:
            self.say(_("Round {n} goes on.").format(n=self.sheet.round_number))
            return
        number = self.sheet.round_number
        self.sheet.finish_round()
        self.places = [Place.TABLE, Place.TABLE]
        self.player, self.row, self.column = 0, 0, 3
        self.show()
        if self.sheet.over:
            self.app.push_screen(MatchOverScreen(self.sheet), self._match_over)
        else:
            self.say(
                _("Round {n} is scored. Mark round {next}; u corrects round {n}.").format(n=number, next=number + 1)
            )

    def _match_over(self, choice: str | None) -> None:
        if choice == "quit":
            self.app.exit()
        elif choice == "new":
            self.sheet.new_match()
            self.say(_("A new match: round 1."))
        else:
            self.action_reopen()
        self.show()

    def action_reopen(self) -> None:
        if not self.sheet.finished or not self.sheet.blank:
            return
        self.sheet.reopen_round()
        self.say(_("Round {n} is open again: correct it, then press n.").format(n=self.sheet.round_number))
        self.show()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())
