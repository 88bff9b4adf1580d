"""The board: the player at the keyboard plays one turn here (R6–R8).

Every key asks the engine; a refusal is shown with its rule and nothing
changes.  The screen draws only the view of the player to move, and only
after the pass-the-screen step has handed it over (H2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from lost_cities.engine import Card, Colour, Draw, IllegalMoveError, Phase, Play, PlayerView
from lost_cities.i18n import _
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.hand import CardSlot, HandView
from lost_cities.tui.widgets.keybar import KeyBar
from lost_cities.tui.widgets.table import TableArea
from lost_cities.words import card_name, colour_name, describe_refusal, pile_colour

if TYPE_CHECKING:
    from lost_cities.tui.app import LostCitiesApp

COLOUR_KEYS = {colour.letter: colour for colour in Colour}
#: Keys the board answers (by a binding, or as Textual's own): anything else gets a hint.
KNOWN_KEYS = {
    *"12345678edunqybwgrp",
    "question_mark",
    "space",
    "left",
    "right",
    "escape",
    "enter",
    "tab",
    "shift+tab",
    "f1",
}


class BoardScreen(FittedScreen):
    """One player's turn.  ``app.session`` holds the match; this screen holds only the selection."""

    BINDINGS = [
        *[Binding(str(n), f"select({n - 1})", show=False) for n in range(1, 9)],
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("e", "lay", show=False),
        Binding("d", "discard", show=False),
        Binding("u", "take_back", show=False),
        Binding("n,space", "draw('n')", show=False),
        *[Binding(letter, f"draw('{letter}')", show=False) for letter in COLOUR_KEYS],
        Binding("question_mark,f1", "help", show=False),
        Binding("q", "quit", show=False),
    ]

    DEFAULT_CSS = """
    BoardScreen #hand-row {
        height: 3;
        padding: 0 1;
        layout: horizontal;
    }
    BoardScreen #hand-label {
        width: 10;
        height: 3;
        content-align: left middle;
        text-style: bold;
    }
    BoardScreen #message {
        padding: 0 1;
        height: auto;
        min-height: 1;
    }
    BoardScreen #message.-error {
        color: $error;
        text-style: bold;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.selected = 0
        self._view: PlayerView | None = None

    @property
    def lc_app(self) -> LostCitiesApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield TableArea()
        with Horizontal(id="hand-row"):
            yield Static(_("Hand"), id="hand-label", markup=False)
            yield HandView(id="hand")
        yield Static(id="message", markup=False)
        yield KeyBar()

    # ------------------------------------------------------------ drawing

    def refresh_view(self, message: str | None = None, error: bool = False) -> None:
        """Redraw everything from a fresh view of the player to move."""
        session = self.lc_app.session
        view = session.view()
        self._view = view
        self.selected = min(self.selected, max(len(view.hand) - 1, 0))
        match = session.match
        self.query_one(TableArea).show(view, session.names, match.round_number, match.rounds, match.totals)
        layable = {play.card for play in view.legal_plays if not play.discard}
        pending = view.pending_play
        self.query_one(HandView).show(view.hand, self.selected if view.phase is Phase.PLAY else None, layable)
        if message is None:
            message = self._prompt(view, pending is not None)
        self.say(message, error)
        self.query_one(KeyBar).show(self._keys(view))

    def say(self, message: str, error: bool = False) -> None:
        widget = self.query_one("#message", Static)
        widget.update(message)
        widget.set_class(error, "-error")

    def _selected_card(self) -> Card | None:
        view = self._view
        if view is None or not view.hand:
            return None
        return view.hand[self.selected]

    def _prompt(self, view: PlayerView, played: bool) -> str:
        name = self.lc_app.session.name(view.seat)
        if view.phase is Phase.PLAY:
            card = self._selected_card()
            return _("{name}, play a card: {card} is selected.").format(name=name, card=card_name(card) if card else "")
        pending = view.pending_play
        assert pending is not None
        what = _("You laid {card}.") if not pending.discard else _("You discarded {card}.")
        text = what.format(card=card_name(pending.card))
        if view.closed_pile is not None:
            text += " " + _("Now draw (not from the {colour} pile: that card was just discarded).").format(
                colour=pile_colour(view.closed_pile)
            )
        else:
            text += " " + _("Now draw a card.")
        return text

    def _keys(self, view: PlayerView) -> list[tuple[str, str]]:
        keys: list[tuple[str, str]] = []
        if view.phase is Phase.PLAY:
            card = self._selected_card()
            keys.append(("1-8 ←→", _("select")))
            if card is not None:
                plays = set(view.legal_plays)
                if Play(card, False) in plays:
                    keys.append(("e", _("lay")))
                keys.append(("d", _("discard")))
        else:
            for draw in view.legal_draws:
                if draw.pile is None:
                    keys.append(("n", _("draw pile")))
                else:
                    keys.append((draw.pile.letter, colour_name(draw.pile)))
            keys.append(("u", _("take back")))
        keys.append(("?", _("help")))
        keys.append(("q", _("quit")))
        return keys

    # ------------------------------------------------------------ actions

    def action_select(self, index: int) -> None:
        view = self._view
        if view is None:
            return
        if index >= len(view.hand):
            self.say(_("There is no card {n}: choose 1 to {count}.").format(n=index + 1, count=len(view.hand)), True)
            return
        self.selected = index
        self.refresh_view()

    def action_move(self, delta: int) -> None:
        view = self._view
        if view is None or not view.hand:
            return
        self.selected = (self.selected + delta) % len(view.hand)
        self.refresh_view()

    def _play(self, discard: bool) -> None:
        card = self._selected_card()
        if card is None:
            return
        try:
            self.lc_app.session.play(card, discard)
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            self.app.bell()
            return
        self.refresh_view()

    def action_lay(self) -> None:
        self._play(discard=False)

    def action_discard(self) -> None:
        self._play(discard=True)

    def action_take_back(self) -> None:
        try:
            card = self.lc_app.session.take_back()
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            return
        view = self.lc_app.session.view()
        self.selected = view.hand.index(card)
        message = _("{card} is back in your hand.").format(card=card_name(card))
        self.refresh_view(message[:1].upper() + message[1:])

    def action_draw(self, letter: str) -> None:
        draw = Draw(None) if letter == "n" else Draw(COLOUR_KEYS[letter])
        session = self.lc_app.session
        if draw.pile is not None and draw.pile not in session.rules.colours:
            self.say(_("There is no {colour} pile in this game.").format(colour=pile_colour(draw.pile)), True)
            return
        try:
            session.draw(draw)
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            self.app.bell()
            return
        self.selected = 0
        self.lc_app.turn_done()

    def action_help(self) -> None:
        self.lc_app.show_help()

    def action_quit(self) -> None:
        self.lc_app.confirm_quit()

    def on_card_slot_chosen(self, message: CardSlot.Chosen) -> None:
        self.action_select(message.index)

    def on_key(self, event: events.Key) -> None:
        if event.key in KNOWN_KEYS or not event.is_printable or not event.character:
            return
        self.say(_("The key {key} does nothing here: press ? for help.").format(key=event.character), True)
