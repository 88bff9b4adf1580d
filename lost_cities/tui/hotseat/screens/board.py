"""The board: the player at the keyboard plays one turn here (R6–R8), or their final laying (R23c).

Every key asks the engine, through the session; a refusal is shown with its
rule and nothing changes.  The screen draws only the view of its seat — the
player at the keyboard — and only once the pass-the-screen step has handed it
over (H2).  Alone against computers, that player watches their turns here too,
hand in view and keys at rest.  It tells the app when the turn is done and
when a hint is asked for; choosing a card redraws only the hand, the prompt and
the keys.
"""

from __future__ import annotations

from collections.abc import Collection

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from lost_cities.engine import (
    STOP,
    Card,
    Colour,
    Draw,
    IllegalMoveError,
    Phase,
    Play,
    PlayerView,
    PublicEvent,
    PublicTurn,
)
from lost_cities.i18n import N_, _, ngettext
from lost_cities.session import Hint, HotSeat
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.hotseat.messages import HelpRequested, HintRequested, Hurry, QuitRequested, TurnDone
from lost_cities.tui.hotseat.widgets.hand import HandView
from lost_cities.tui.hotseat.widgets.table import TableArea, recent_events
from lost_cities.words import card_name, card_phrase, colour_name, describe_refusal, hint_sentence, pile_colour

__all__ = ["BoardScreen"]

COLOUR_KEYS = {colour.letter: colour for colour in Colour}


class BoardScreen(FittedScreen[None]):
    """One player's turn.  The session holds the match; this screen holds only the selection."""

    BINDINGS = [
        Binding("1", "select(0)", N_("select"), key_display="1–8 ← →"),
        *[Binding(str(n), f"select({n - 1})", show=False) for n in range(2, 9)],
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("home", "select_end(0)", show=False),
        Binding("end", "select_end(-1)", show=False),
        Binding("e", "lay", N_("lay")),
        Binding("d", "discard", N_("discard")),
        Binding("s", "stop", N_("stop")),
        Binding("n,space", "draw('n')", N_("draw pile"), key_display="n"),
        *[Binding(letter, f"draw('{letter}')", N_("discard pile")) for letter in COLOUR_KEYS],
        Binding("u", "take_back", N_("take back")),
        Binding("h", "hint", N_("hint")),
        Binding("question_mark,f1", "help", N_("help"), key_display="?"),
        Binding("q", "quit", N_("quit")),
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
        height: 2;
    }
    BoardScreen #message.-error {
        color: $error;
        text-style: bold;
    }
    """

    def __init__(self, session: HotSeat, seat: int, note: str = "") -> None:
        super().__init__()
        self.session = session
        #: the seat whose view is shown: the player at the keyboard
        self.seat = seat
        #: said before the prompt until the player does something ("Round 2: Boris starts.")
        self.note = note
        self.selected = 0
        self.view: PlayerView | None = None
        #: a hint is being worked out: the keys wait for it
        self.thinking = False
        self._message: tuple[str, bool] | None = None

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield TableArea(self.session.rules)
        with Horizontal(id="hand-row"):
            yield Static(_("Hand"), id="hand-label", markup=False)
            yield HandView(id="hand")
        yield Static(id="message", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.start_turn(self.seat, self.note)

    # ------------------------------------------------------------ drawing

    def start_turn(self, seat: int, note: str = "") -> None:
        """``seat`` is at the keyboard (the pass step done): show their view, ``note`` before the prompt.

        A note already shown stays until the player acts (a computer may play before they read it).
        """
        self.seat = seat
        self.note = note or self.note
        self.selected = 0
        self.thinking = False
        self.refresh_view()

    @property
    def my_turn(self) -> bool:
        """True when the player at the keyboard is to decide (not watching a computer)."""
        return self.view is not None and self.view.my_turn

    def show_move(self, played: Collection[Card] = ()) -> None:
        """Show a computer's move to the player at the keyboard: the table, ``played`` cards marked."""
        self.refresh_view(played=played)

    def refresh_view(self, message: str | None = None, error: bool = False, played: Collection[Card] = ()) -> None:
        """Redraw from a fresh view of the seat (after every decision)."""
        session = self.session
        view = session.view_of(self.seat)
        self.view = view
        self.selected = min(self.selected, max(len(view.hand) - 1, 0))
        fresh = {card for event in recent_events(view) for card in _cards_of(event)} | set(played)
        self.query_one(TableArea).show(view, session.standing(), session.names, fresh)
        layable = {play.card for play in view.legal_plays if not play.discard}
        choosing = view.my_turn and view.phase in (Phase.PLAY, Phase.FINAL) and bool(view.hand)
        self.query_one(HandView).show(
            view.hand, layable if view.my_turn else view.hand, self.selected if choosing else None
        )
        if message is None:
            message = self._prompt(view)
            if self.note:
                message = f"{self.note}\n{message}"
        self.say(message, error)
        self.refresh_bindings()

    def say(self, message: str, error: bool = False) -> None:
        if self._message == (message, error):
            return
        self._message = (message, error)
        widget = self.query_one("#message", Static)
        widget.update(message, layout=False)
        widget.set_class(error, "-error")

    def _selected_card(self) -> Card | None:
        view = self.view
        if view is None or not view.hand:
            return None
        return view.hand[self.selected]

    def _prompt(self, view: PlayerView) -> str:
        name = self.session.name(view.seat)
        if not view.my_turn:
            mover = self.session.name(view.to_move)
            if self.session.is_computer(view.to_move):
                return _("{name} is thinking…").format(name=mover)
            return _("{name} is playing.").format(name=mover)
        if view.phase is Phase.FINAL:
            return self._final_prompt(view, name)
        if view.phase is Phase.PLAY:
            card = self._selected_card()
            return _("{name}, play a card: {card} is selected.").format(name=name, card=card_name(card) if card else "")
        pending = view.pending_play
        assert pending is not None
        what = _("You laid {card}.") if not pending.discard else _("You discarded {card}.")
        text = what.format(card=card_phrase(pending.card))
        if view.closed_pile is not None:
            text += " " + _("Now draw (not from the {colour} pile: that card was just discarded).").format(
                colour=pile_colour(view.closed_pile)
            )
        else:
            text += " " + _("Now draw a card.")
        if view.draw_pile_size == 1:  # R10, R23c: say it before it happens
            if view.rules.final_plays:
                text += " " + _("The last card of the draw pile starts the final laying (R23c).")
            else:
                text += " " + _("The last card of the draw pile ends the round (R10).")
        return text

    def _final_prompt(self, view: PlayerView, name: str) -> str:
        laid = view.rules.final_plays - view.final_lays_left
        if not view.legal_plays:
            return _("{name}, no card of yours fits an expedition: press s to end your final laying.").format(name=name)
        if laid:
            return ngettext(
                "{name}, you may lay {n} more card, or press s to stop.",
                "{name}, you may lay {n} more cards, or press s to stop.",
                view.final_lays_left,
            ).format(name=name, n=view.final_lays_left)
        return _("The draw pile is empty: {name}, lay up to two more cards, or press s to stop (R23c).").format(
            name=name
        )

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        """Only the keys that do something now are listed (each key still explains a refusal)."""
        view = self.view
        action = binding.action
        if view is None or self.too_small or not view.my_turn or self.thinking:
            return super().key_entry(binding) if action in ("help", "quit") else None
        card = self._selected_card()
        choosing = view.phase in (Phase.PLAY, Phase.FINAL)
        if action == "select(0)":
            return (f"1–{len(view.hand)} ← →", _("select")) if choosing and view.hand else None
        if action == "lay":
            return ("e", _("lay")) if card is not None and Play(card, False) in view.legal_plays else None
        if action == "discard":
            return ("d", _("discard")) if card is not None and Play(card, True) in view.legal_plays else None
        if action == "stop":
            return ("s", _("stop")) if view.can_stop else None
        if action == "take_back":
            return ("u", _("take back")) if view.can_take_back else None
        if action.startswith("draw("):
            letter = action[6]
            draw = Draw(None) if letter == "n" else Draw(COLOUR_KEYS[letter])
            if draw not in view.legal_draws:
                return None
            return (letter, _("draw pile") if draw.pile is None else colour_name(draw.pile))
        return super().key_entry(binding)

    # ------------------------------------------------------------ actions

    def _waiting(self) -> bool:
        """True, and said, while the keys must wait: a computer's turn, or a hint being worked out.

        Otherwise the player is acting: the note said before the prompt has been read.
        """
        if self.view is None:
            return True
        if not self.view.my_turn:
            self.say(_("Wait: {name} is playing.").format(name=self.session.name(self.view.to_move)))
            return True
        if self.thinking:
            self.say(_("Wait: the computer is thinking about your hint."))
            return True
        self.note = ""
        return False

    def action_select(self, index: int) -> None:
        view = self.view
        if self._waiting() or view is None or not view.hand:
            return
        if index >= len(view.hand):
            self.say(_("There is no card {n}: choose 1 to {count}.").format(n=index + 1, count=len(view.hand)), True)
            return
        self._select(index)

    def action_select_end(self, end: int) -> None:
        """Home and End: the first card of the hand, or the last."""
        view = self.view
        if self._waiting() or view is None or not view.hand:
            return
        self._select(end % len(view.hand))

    def action_move(self, delta: int) -> None:
        view = self.view
        if self._waiting() or view is None or not view.hand:
            return
        self._select((self.selected + delta) % len(view.hand))

    def _select(self, index: int) -> None:
        """Choosing a card changes two cards, the prompt and the keys: nothing else is redrawn."""
        view = self.view
        assert view is not None
        self.selected = index
        if view.phase in (Phase.PLAY, Phase.FINAL):
            self.query_one(HandView).select(index)
            self.say(self._prompt(view))
            self.refresh_bindings()

    def _play(self, discard: bool) -> None:
        card = self._selected_card()
        if self._waiting() or card is None:
            return
        seat = self.session.to_move
        try:
            self.session.decide(Play(card, discard))
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            self.app.bell()
            return
        self._after_decision(seat)

    def _after_decision(self, seat: int) -> None:
        """A final lay or a stop may end the player's turn (R23c); a play waits for its draw."""
        if self.session.round_over or self.session.to_move != seat:
            self.post_message(TurnDone())
        else:
            self.refresh_view()

    def action_lay(self) -> None:
        self._play(discard=False)

    def action_discard(self) -> None:
        self._play(discard=True)

    def action_stop(self) -> None:
        if self._waiting():
            return
        seat = self.session.to_move
        try:
            self.session.decide(STOP)
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            return
        self._after_decision(seat)

    def action_take_back(self) -> None:
        if self._waiting():
            return
        try:
            card = self.session.take_back()
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            return
        self.selected = self.session.view_of(self.seat).hand.index(card)
        message = _("{card} is back in your hand.").format(card=card_name(card))
        self.refresh_view(message[:1].upper() + message[1:])

    def action_draw(self, letter: str) -> None:
        if self._waiting():
            return
        draw = Draw(None) if letter == "n" else Draw(COLOUR_KEYS[letter])
        try:  # every refusal is the engine's: a pile not in the game too (R20)
            self.session.decide(draw)
        except IllegalMoveError as refused:
            self.refresh_view(describe_refusal(refused), error=True)
            self.app.bell()
            return
        self.post_message(TurnDone())

    def action_hint(self) -> None:
        """Ask what the hard level would do here (the app works it out from this seat's view only)."""
        if self._waiting():
            return
        self.thinking = True
        self.say(_("The computer is thinking about a hint…"))
        self.refresh_bindings()
        self.post_message(HintRequested())

    def show_hint(self, hint: Hint | None) -> None:
        """The hard level's suggestion, in words (``None``: it found none); the keys work again."""
        self.thinking = False
        view = self.view
        if hint is not None and isinstance(hint.play, Play) and view is not None and hint.play.card in view.hand:
            self._select(view.hand.index(hint.play.card))  # e or d then plays it
        self.say(
            hint_sentence(hint.play, hint.draw) if hint is not None else _("The computer has no hint to give here.")
        )
        self.refresh_bindings()

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit(self) -> None:
        self.post_message(QuitRequested())

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self.action_select(message.index)

    def on_key(self, event: events.Key) -> None:
        if not self.my_turn:
            self.post_message(Hurry())  # watching a computer: go on at once
        if event.key in self._known_keys() or not event.is_printable or not event.character or not self.my_turn:
            return
        self.say(_("The key {key} does nothing here: press ? for help.").format(key=event.character), True)

    def _known_keys(self) -> set[str]:
        """Every key this screen or the app answers: the bindings, nothing else."""
        keys = set(self._bindings.key_to_bindings) | set(self.app._bindings.key_to_bindings)
        return keys | {"tab", "shift+tab", "enter", "escape"}


def _cards_of(event: PublicEvent) -> tuple[Card, ...]:
    """The cards an event put on the table (or on a pile), to mark them as new."""
    if isinstance(event, PublicTurn):
        return (event.play.card,)
    return tuple(play.card for play in event.plays)
