"""The pad itself: every side's rows of cards, live scores, and the match so far.

Two sides (two players, or two teams of four) are shown in full.  Three full panels do not
fit in 24 lines, so with three players the side being marked is shown in full and the
others as one line each (every expedition's score, the hand): tab, the arrows or a click
bring another side up in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from lost_cities.engine import Card, Colour, IllegalMoveError, Reason
from lost_cities.i18n import N_, _, capitalised, ngettext
from lost_cities.score.parse import hand_size_rule
from lost_cities.score.sheet import CELLS, HandFull, MarkRefused, Place, ScoreSheet
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.scorepad.screens.dialogs import MatchOverChoice, MatchOverScreen, PadHelpScreen, RoundOverScreen
from lost_cities.tui.scorepad.widgets import SidePanel
from lost_cities.words import card_name, card_short, card_value, colour_name, describe_refusal, signed

__all__ = ["PadScreen", "refusal"]

#: Sides shown in full; with more, only the side being marked is (three panels need 27 lines).
FULL_SIDES = 2


def refusal(sheet: ScoreSheet, error: MarkRefused, asking: int) -> str:
    """Why ``asking`` cannot mark a card, in the player's words."""
    card = error.card
    if error.holder is None:
        return describe_refusal(IllegalMoveError(Reason.COLOUR_NOT_IN_GAME, colour=card.colour))
    if isinstance(error, HandFull):
        return ngettext(
            "{name} already has {count} card in hand: no more are left at the end of a round ({rule}).",
            "{name} already has {count} cards in hand: no more are left at the end of a round ({rule}).",
            error.limit,
        ).format(name=sheet.side_names[asking], count=error.limit, rule=hand_size_rule(sheet.rules))
    if error.holder == asking:  # the side's own card, in the other place
        if error.place is Place.TABLE:
            text = _("{card} is on the table: unmark it there first (h goes back to the table).")
        elif sheet.rules.hand_penalty:
            text = _("{card} is in hand: unmark it there first (h goes to the hand).")
        else:
            text = _("{card} is marked in hand: press p, then h, to unmark it there.")
        return capitalised(text.format(card=card_name(card)))
    if card.is_wager:
        text = _("{card}: all {copies} are already marked (R2).").format(
            card=card_name(card), copies=sheet.rules.copies(card)
        )
        return capitalised(text)
    if error.place is Place.TABLE:
        text = _("{card} is already marked for {name}, on the table: every card exists once (R2).")
    else:
        text = _("{card} is already marked for {name}, in hand: every card exists once (R2).")
    return capitalised(text.format(card=card_name(card), name=sheet.side_names[error.holder]))


class PadScreen(FittedScreen[None]):
    """Every side's rows of cards, live scores, and the match so far."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "switch(1)", N_("player"), priority=True),
        Binding("shift+tab", "switch(-1)", show=False, priority=True),
        Binding("space,enter", "press", N_("mark")),
        Binding("w,x", "wager", N_("wager")),
        Binding("h", "hand", N_("hand")),
        # Translators: the pad's key bar lists seven keys on 80 columns: a word or two each.
        Binding("n", "end_round", N_("end round")),
        # Translators: the pad's key bar lists seven keys on 80 columns: a word or two each.
        Binding("u", "reopen", N_("reopen round")),
        Binding("p", "penalty", show=False),
        Binding("l", "long", show=False),
        Binding("question_mark", "help", N_("keys")),
        Binding("q", "app.quit", show=False),  # as Ctrl+Q: the pad is saved as it is marked
        Binding("up", "move(-1, 0)", show=False),
        Binding("down", "move(1, 0)", show=False),
        Binding("left", "move(0, -1)", show=False),
        Binding("right", "move(0, 1)", show=False),
        Binding("home", f"move(0, {-len(CELLS)})", show=False),  # the row's first cell, the wager
        Binding("end", f"move(0, {len(CELLS)})", show=False),  # its last, the 10
        Binding("backspace,delete", "clear_row", show=False),
        *(Binding(str(value % 10), f"number({value})", show=False) for value in range(2, 11)),
    ]

    DEFAULT_CSS = """
    PadScreen #topbar {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $text;
    }
    PadScreen #message {
        height: auto;
        padding: 0 1;
        color: $text-muted;
    }
    PadScreen #message.-warning {
        color: $warning;
        text-style: bold;
    }
    """

    def __init__(
        self, sheet: ScoreSheet, on_show: Callable[[ScoreSheet], None] | None = None, first_words: str = ""
    ) -> None:
        """``first_words``: what the message line says first, instead of how to mark a card (a pad come back)."""
        super().__init__()
        self.sheet = sheet
        self.first_words = first_words
        #: called after every redraw, so the app can save the sheet when it has changed
        self.on_show = on_show
        self.side = 0
        self.row = 0
        self.column = 3
        self.places = [Place.TABLE] * sheet.sides
        self._available: tuple[bool, bool, bool] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="topbar", markup=False)
        for side in range(self.sheet.sides):
            yield SidePanel(side)
        yield Static(id="message", markup=False)

    def on_mount(self) -> None:  # FittedScreen's on_mount runs too: Textual calls each class's handler
        self.say(self.first_words or _("Click the cards each player laid, or use arrows and space. ? shows every key."))
        self.show()

    def on_resize(self, event: events.Resize) -> None:  # and FittedScreen's
        self.show()  # the top line keeps what fits

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
        compact = sheet.sides > FULL_SIDES
        for panel in self.query(SidePanel):
            active = panel.side == self.side
            cursor = (colour, self.column) if active else None
            panel.show(sheet, self.places[panel.side], active, cursor, compact=compact and not active)
        self.query_one("#topbar", Static).update(self._topbar(), layout=False)
        available = (bool(sheet.finished) and sheet.blank, sheet.over, sheet.rules.hand_penalty)
        if available != self._available:  # the keys that work change: only then
            self._available = available
            self.refresh_bindings()
        if self.on_show is not None:
            self.on_show(sheet)

    def _topbar(self) -> Text:
        """The round, the match totals so far when they fit on the line, and the variants."""
        sheet = self.sheet
        if sheet.over:
            text = Text(_("The match is over"), style="bold")
        else:
            text = Text(_("Round {n} of {rounds}").format(n=sheet.round_number, rounds=sheet.rounds), style="bold")
        variants = [_("long game") if sheet.rules.long else "", _("hand penalty") if sheet.rules.hand_penalty else ""]
        tail = Text("   [" + ", ".join(v for v in variants if v) + "]", style="italic") if any(variants) else Text()
        if sheet.finished:
            totals = "  ·  ".join(
                f"{name} {signed(total)}" for name, total in zip(sheet.side_names, sheet.totals, strict=True)
            )
            count = len(sheet.finished)
            after = ngettext("   after {n} round: {totals}", "   after {n} rounds: {totals}", count).format(
                n=count, totals=totals
            )
            if text.cell_len + len(after) + tail.cell_len <= self.size.width - 2:  # else each panel shows its own
                text.append(after)
        return text + tail

    def say(self, message: str, warning: bool = False) -> None:
        line = self.query_one("#message", Static)
        line.update(message)
        line.set_class(warning, "-warning")
        if warning:
            self.app.bell()

    # -- marking ---------------------------------------------------------------------------

    def _mark(self, mark: Callable[[], object]) -> None:
        """``mark`` the sheet where the cursor is: a refusal said as a warning, else the row as it now reads."""
        try:
            mark()
        except MarkRefused as error:
            self.say(refusal(self.sheet, error, self.side), warning=True)
        else:
            self.say(self._described(self.side, self.colour))
        self.show()

    def _described(self, side: int, colour: Colour) -> str:
        name = self.sheet.side_names[side]
        if self.places[side] is Place.HAND:
            score = self.sheet.score(side)
            cards = " ".join(card_short(card) for card in score.hand) or "–"
            return _("{name}, in hand: {cards}  →  {penalty}").format(
                name=name, cards=cards, penalty=signed(-score.hand_penalty)
            )
        row = self.sheet.score(side).expedition(colour)
        cards = " ".join(card_value(card) for card in row.cards) or "–"
        return _("{name}, {colour}: {cards}  →  {score}").format(
            name=name, colour=colour_name(colour), cards=cards, score=signed(row.score)
        )

    def on_side_panel_card_pressed(self, message: SidePanel.CardPressed) -> None:
        self.side, self.column = message.side, message.index
        self.row = self.sheet.rules.colours.index(message.colour)
        self.action_press()

    def on_side_panel_hand_pressed(self, message: SidePanel.HandPressed) -> None:
        self.side = message.side
        self.action_hand()

    def on_side_panel_chosen(self, message: SidePanel.Chosen) -> None:
        self._choose(message.side)
        self.show()

    def action_press(self) -> None:
        self._mark(lambda: self.sheet.press(self.side, self.colour, self.column, self.places[self.side]))

    def action_number(self, value: int) -> None:
        self.column = CELLS.index(value)
        self.action_press()

    def action_wager(self) -> None:
        self.column = 0
        self._mark(lambda: self.sheet.toggle(self.side, Card(self.colour, 0), self.places[self.side]))

    def action_clear_row(self) -> None:
        self.sheet.clear(self.side, self.colour)
        self.say(self._described(self.side, self.colour))
        self.show()

    def action_move(self, rows: int, columns: int) -> None:
        """The arrows (Home and End: the row's first and last cell); up and down go on from one side's last row
        into the next side's first."""
        self.column = max(0, min(len(CELLS) - 1, self.column + columns))
        count = len(self.sheet.rules.colours)
        position = max(0, min(self.sheet.sides * count - 1, self.side * count + self.row + rows))
        side, self.row = divmod(position, count)
        self._choose(side)
        self.show()

    def action_switch(self, step: int) -> None:
        """tab: the next side in turn order, shift+tab the one before."""
        self._choose((self.side + step) % self.sheet.sides)
        self.show()

    def _choose(self, side: int) -> None:
        """Mark ``side``'s cards from now on; the status line stops speaking of the other's last mark."""
        if side != self.side:
            self.side = side
            self._say_place()

    def _say_place(self) -> None:
        name = self.sheet.side_names[self.side]
        if self.places[self.side] is Place.HAND:
            self.say(_("{name}: now marking the cards left in hand. h: back to the table.").format(name=name))
        else:
            self.say(_("{name}: now marking the cards on the table.").format(name=name))

    def action_hand(self) -> None:
        if not self.sheet.rules.hand_penalty:
            self.say(_("The hand penalty is off: press p to count the cards left in hand (R21)."), warning=True)
            return
        self.places[self.side] = self.places[self.side].other
        self._say_place()
        self.show()

    # -- variants --------------------------------------------------------------------------

    def action_penalty(self) -> None:
        on = not self.sheet.rules.hand_penalty
        self.sheet.set_hand_penalty(on)
        if not on:
            self.places = [Place.TABLE] * self.sheet.sides
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

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        """The bar lists only what does something: h while the hand penalty is on; tab says team with four."""
        entry = super().key_entry(binding)
        if entry is None or (binding.action == "hand" and not self.sheet.rules.hand_penalty):
            return None  # without the penalty h still answers: it says that p switches it on
        if binding.action == "switch(1)" and self.sheet.rules.teams:
            return (entry[0], _("team"))
        return entry

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "reopen":
            return bool(self.sheet.finished) and self.sheet.blank
        if action == "end_round":
            return not self.sheet.over
        return True

    def action_end_round(self) -> None:
        if self.sheet.over:
            return
        self.app.push_screen(RoundOverScreen(self.sheet), self._round_confirmed)

    def _round_confirmed(self, confirmed: object) -> None:
        if confirmed is not True:
            self.say(_("Round {n} goes on.").format(n=self.sheet.round_number))
            return
        number = self.sheet.round_number
        self.sheet.finish_round()
        self.places = [Place.TABLE] * self.sheet.sides
        self.side, self.row, self.column = 0, 0, 3
        self.show()
        if self.sheet.over:
            self.app.push_screen(MatchOverScreen(self.sheet), self._match_over)
        else:
            self.say(
                _("Round {n} is scored. Mark round {next}; u corrects round {n}.").format(n=number, next=number + 1)
            )

    def _match_over(self, choice: MatchOverChoice | None) -> None:
        if choice is MatchOverChoice.QUIT:
            self.app.exit()
        elif choice is MatchOverChoice.NEW:
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
        self.app.push_screen(PadHelpScreen())
