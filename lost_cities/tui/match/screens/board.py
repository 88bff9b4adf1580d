"""The board: the player at the keyboard plays one turn here (R6–R8), or their final laying (R23c).

The screen draws its :class:`~lost_cities.tui.match.scene.Scene` — the view of the player at
the keyboard, once the pass-the-screen step has handed it over (H2), and what the moment says —
and nothing else; the app sets it.  Alone against computers, that player watches their turns
here too, hand in view.  Every key is a request to the app (:mod:`..messages`), sent in the
order pressed; the app answers with the next scene, a refusal and its rule included.  The key
bar lists what ``check_action`` allows now; a key that does nothing now still says why.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.message import Message
from textual.reactive import reactive

from lost_cities.engine import Card, Colour, Draw, Phase, Play, PublicEvent, PublicTurn, Rules, lay_refusal
from lost_cities.i18n import N_, _, ngettext
from lost_cities.tui.common.board_grid import PILE
from lost_cities.tui.common.fitted import MIN_WIDTH, FittedScreen
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.common.message_area import MessageArea
from lost_cities.tui.match.messages import (
    ClaimRequested,
    DrawFrom,
    HelpRequested,
    HintRequested,
    Hurry,
    LogRequested,
    MoveSelection,
    PlaySelected,
    QuitRequested,
    SelectCard,
    ShowScores,
    StopLaying,
    TableRequest,
    TakeBack,
    UnknownKey,
)
from lost_cities.tui.match.scene import Scene, Wait
from lost_cities.tui.match.widgets.hand import HandView
from lost_cities.tui.match.widgets.table_area import TableArea, own_last_turn, recent_events
from lost_cities.words import card_name, card_phrase, colour_name, describe_refusal, pile_colour

__all__ = ["BoardScreen", "prompt"]

COLOUR_KEYS = {colour.letter: colour for colour in Colour}
#: What the board's keys do, whatever the moment: always listed while they may be pressed.
ALWAYS = frozenset({"help", "quit"})


class BoardScreen(FittedScreen[None]):
    """The table, the hand and what to do: all of it from :attr:`scene`."""

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
        Binding("enter", "scores", N_("see the scores")),
        Binding("l", "log", N_("log")),
        Binding("c", "claim", N_("claim the match")),
        Binding("question_mark,f1", "help", N_("help"), key_display="?"),
        Binding("q", "quit", N_("quit")),
    ]

    DEFAULT_CSS = """
    BoardScreen #message {
        padding: 0 1;
        height: 1fr;  /* all the room between the hand and the keys: a long sentence wraps, never cut */
    }
    BoardScreen #message.-error {
        color: $error;
        text-style: bold;
    }
    /* A tall window (a browser's page): the board in the middle of it, the hand apart from the table, and the
       message under the hand as long as it needs, rather than the board at the top and half the page empty. */
    BoardScreen.-roomy {
        align-vertical: middle;
    }
    BoardScreen.-roomy #hand {
        margin-top: 1;
    }
    BoardScreen.-roomy #message {
        height: auto;
        min-height: 3;
        margin-top: 1;
    }
    """

    #: what the board shows; the app sets it
    scene: reactive[Scene | None] = reactive(None, init=False, repaint=False)  # each line repaints itself

    def __init__(
        self, rules: Rules, scene: Scene | None = None, memory_aid: bool = False, watching: bool = False
    ) -> None:
        """``memory_aid``: the table lists, per colour, the cards the player at the keyboard has not seen.
        ``watching``: nobody at this screen plays (an online game's watcher): no hand, and every move by name."""
        super().__init__()
        self.watching = watching
        self.set_reactive(BoardScreen.scene, scene)  # drawn once mounted
        #: the card last clicked: clicked again while still selected, it is laid
        self._clicked: int | None = None
        #: what the scene on show allows (:meth:`_now`)
        self._moment: _Moment | None = None
        #: while a key is answered, when it was pressed (:attr:`TableRequest.pressed`)
        self._key_time: float | None = None
        #: the parts drawn into, held rather than looked up: while the board mounts, a query may find none yet
        self._table = TableArea(rules, own_turn=True, memory_aid=memory_aid, watching=watching)
        self._hand = HandView(id="hand")
        self._message = MessageArea(id="message")

    def compose(self) -> ComposeResult:
        yield self._table
        self._hand.display = not self.watching
        yield self._hand
        yield self._message

    def on_mount(self) -> None:
        self._draw(None, self.scene)

    @property
    def message_width(self) -> int:
        """The cells a line of the message has (the narrowest board's before the first layout)."""
        return self._message.content_region.width or MIN_WIDTH - 2

    @property
    def message_height(self) -> int | None:
        """The lines the message has; ``None``: as many as its text takes (a tall window's board)."""
        message = self._message
        if message.styles.height is None or message.styles.height.is_auto:
            return None
        return message.content_region.height or None

    @property
    def seat(self) -> int | None:
        """The player at the keyboard."""
        return None if self.scene is None else self.scene.view.seat

    @property
    def my_turn(self) -> bool:
        """True when the player at the keyboard is to decide (not watching a computer, nor waiting for a hint)."""
        return self.scene is not None and self.scene.view.my_turn and self.scene.wait is None

    # ------------------------------------------------------------ drawing

    def watch_scene(self, old: Scene | None, scene: Scene | None) -> None:
        if self.is_mounted:
            self._draw(old, scene)

    def _draw(self, old: Scene | None, scene: Scene | None) -> None:
        """Draw ``scene``: the table only if what it shows has changed since ``old`` (not for a new selection)."""
        if scene is None:
            return
        view = scene.view
        dealt = scene.wait is not Wait.PLAYERS
        shown = (view, scene.standing, scene.names, scene.marked, dealt)
        if old is None or (old.view, old.standing, old.names, old.marked, old.wait is not Wait.PLAYERS) != shown:
            fresh = {card for event in recent_events(view) for card in _cards_of(event)} | scene.marked
            self._table.show(view, scene.standing, scene.names, fresh, dealt)
            self._clicked = None  # a new moment: a card clicked before it is not clicked again by the next click
        choosing = view.my_turn and view.phase in (Phase.PLAY, Phase.FINAL) and bool(view.hand)
        layable = {play.card for play in view.legal_plays if not play.discard} if view.my_turn else set(view.hand)
        own = own_last_turn(view)
        drawn = own.drawn if isinstance(own, PublicTurn) and own.drawn in view.hand else None
        self._hand.show(view.hand, layable, scene.selected if choosing else None, drawn)
        text = scene.line or self.prompt_text(scene)
        if scene.line and not scene.error and scene.clock and view.my_turn and scene.wait is None:
            text += " " + scene.clock  # said in place of the prompt, the clock (its running out) stays with it
        if scene.note:
            text = f"{scene.note}\n{text}"
        message = self._message
        message.update(text)
        message.set_class(scene.error, "-error")
        # The key bar told directly, as Textual's bindings signal would tell it (``refresh_bindings``), without the
        # signal's checks of the screen's ancestors and of each subscriber: measured, a twentieth of a play.
        if self.key_bar.is_attached:
            self.key_bar.refresh_keys()

    def prompt_text(self, scene: Scene) -> str:
        """What the message line says when nothing else is said: whose move, and what to do."""
        return prompt(scene)

    # ------------------------------------------------------------ the key bar

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``True`` for what does something now (the key bar lists it); ``None`` for the board's other keys:
        not listed, and pressed, the app says why they do nothing (a rule, or wait)."""
        if not super().check_action(action, parameters):
            return False
        if action in ALWAYS:
            return True
        now = self._now()
        if action == "scores":  # the round is over: its end comes on Enter
            return "scores" in now.allowed
        if action == "select":
            allowed = int(str(parameters[0])) < now.selectable
        elif action == "draw":
            allowed = f"draw({parameters[0]})" in now.allowed
        else:
            allowed = action in now.allowed
        return True if allowed else None

    def _now(self) -> _Moment:
        """What the scene on show allows, worked out once for it: the key bar asks about each of its keys."""
        scene = self.scene
        if self._moment is None or self._moment.scene is not scene:
            self._moment = _Moment.of(scene, self.my_turn)
        return self._moment

    def key_moment(self) -> Hashable:
        """All that :meth:`check_action` and :meth:`key_entry` answer from: the key bar lists a moment met before
        without asking again (the hand's size is ``selectable`` whenever the bar lists the selection).  A board
        that answers from more (the lesson's) adds it here."""
        now = self._now()
        return now.allowed, now.selectable, self.too_small

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        """The keys' words for the moment: the hand's size, each pile's colour."""
        scene = self.scene
        action = binding.action
        if action == "select(0)" and scene is not None:
            return (f"1–{len(scene.view.hand)} ← →", _("select"))
        if action.startswith("draw("):
            draw = _draw_of(action[6])
            return (action[6], _("draw pile") if draw.pile is None else colour_name(draw.pile))
        return super().key_entry(binding)

    # ------------------------------------------------------------ keys: requests to the app

    def on_key(self, event: events.Key) -> None:
        """Every key of the board goes to the app as a request, in the order pressed, whether it does
        something now or not (the app then says why); while a computer's move is held, any key hurries it."""
        scene = self.scene
        if scene is not None and scene.wait is Wait.COMPUTER:
            self._ask(Hurry())
        bindings = _KEYS.get(event.key)
        self._key_time = event.time  # the requests of this key say when it was pressed, not when it was read
        try:
            if bindings and not (self.too_small and bindings[0].action != "quit"):
                event.stop()  # asked here and now, not later by Textual: requests keep the order of the keys
                _namespace, name, parameters = parse(bindings[0].action)
                getattr(self, f"action_{name}")(*parameters)
            elif not bindings and event.is_printable and event.character and not self.too_small and self._answering():
                self._ask(UnknownKey(event.character))
        finally:
            self._key_time = None

    def _answering(self) -> bool:
        """Whether the app is told of a key that does nothing (it says so, or why the player waits): unless a
        computer moves, where a key hurries it, or the hint is being worked out, or nobody here plays."""
        return self.scene is not None and self.scene.wait is None

    def _ask(self, request: Message) -> None:
        """Send ``request`` straight to the app, which owns the flow (posted on the screen, it would wait
        its turn in the screen's own queue before bubbling up); a key's request with the time of its key."""
        if isinstance(request, TableRequest) and self._key_time is not None:
            request.pressed = self._key_time
        self.app.post_message(request)

    # ------------------------------------------------------------ the pointer: the same requests as the keys

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        """A card clicked: selected; clicked again, laid (or the app says why it may not be, as for ``e``)."""
        scene = self.scene
        if scene is not None and scene.wait is Wait.COMPUTER:
            self._ask(Hurry())
        elif scene is not None and self._clicked == message.index == scene.selected and self.my_turn:
            self.action_lay()
        else:
            self._ask(SelectCard(message.index))
        self._clicked = message.index

    def on_table_area_clicked(self, message: TableArea.Clicked) -> None:
        """A click on the table: the draw pile (the status line) or a discard pile draws from it once a card is
        played; before, a click on the selected card's own expedition lays it, on its discard pile discards it.
        A request the moment refuses is answered as its key is: with why."""
        scene = self.scene
        if scene is None or self.too_small:
            return
        if scene.wait is Wait.COMPUTER:
            self._ask(Hurry())
            return
        colour, view = message.colour, scene.view
        if colour is None or view.phase is Phase.DRAW:
            if colour is None or message.side == PILE:
                self.action_draw("n" if colour is None else colour.letter)
            return
        card = scene.selected_card if view.my_turn else None
        if card is None or card.colour is not colour:
            return
        if message.side == PILE:
            self.action_discard()
        elif message.side is None or message.side == view.side:
            self.action_lay()

    def action_select(self, index: int) -> None:
        self._ask(SelectCard(index))

    def action_select_end(self, end: int) -> None:
        """Home and End: the first card of the hand, or the last."""
        self._ask(SelectCard(end, key_name("home" if end == 0 else "end")))

    def action_move(self, step: int) -> None:
        self._ask(MoveSelection(step))

    def action_lay(self) -> None:
        self._ask(PlaySelected(discard=False))

    def action_discard(self) -> None:
        self._ask(PlaySelected(discard=True))

    def action_stop(self) -> None:
        self._ask(StopLaying())

    def action_draw(self, letter: str) -> None:
        self._ask(DrawFrom(_draw_of(letter).pile))

    def action_take_back(self) -> None:
        self._ask(TakeBack())

    def action_hint(self) -> None:
        self._ask(HintRequested())

    def action_scores(self) -> None:
        self._ask(ShowScores())

    def action_log(self) -> None:
        self._ask(LogRequested())

    def action_claim(self) -> None:
        self._ask(ClaimRequested())

    def action_help(self) -> None:
        self._ask(HelpRequested())

    def action_quit(self) -> None:
        self._ask(QuitRequested())


class _Moment(NamedTuple):
    """What a scene allows the player at the keyboard: the actions the key bar lists, by name (a draw with its
    pile's letter: ``draw(n)``, ``draw(r)``), and how many cards may be selected."""

    scene: Scene | None
    allowed: frozenset[str]
    #: how many cards may be selected (none but while choosing one to play)
    selectable: int

    @classmethod
    def of(cls, scene: Scene | None, my_turn: bool) -> _Moment:
        """What ``scene`` allows; ``my_turn``: the player at the keyboard is to decide in it."""
        if scene is None:
            return cls(scene, frozenset(), 0)
        view = scene.view
        allowed: set[str] = set()
        drawing = my_turn and view.pending_play is not None
        if not (drawing and view.rules.long):  # the log: always at hand, but not listed while drawing in the long
            allowed.add("log")  # game, whose six piles fill the bar
        if scene.claim:  # on the other side's turn: listed once their time has run out
            allowed.add("claim")
        if view.phase is Phase.OVER:
            allowed.add("scores")
        if not my_turn:
            return cls(scene, frozenset(allowed), 0)
        choosing = view.phase in (Phase.PLAY, Phase.FINAL) and bool(view.hand)
        if choosing:
            allowed.update(("move", "select_end"))
        card = scene.selected_card
        for decision in view.legal_decisions:
            if isinstance(decision, Play):
                if decision.card == card:
                    allowed.add("discard" if decision.discard else "lay")
            elif isinstance(decision, Draw):
                allowed.add(f"draw({'n' if decision.pile is None else decision.pile.letter})")
        if view.can_stop:
            allowed.add("stop")
        if view.can_take_back and scene.take_back:
            allowed.add("take_back")
        if scene.hints:
            allowed.add("hint")
        return cls(scene, frozenset(allowed), len(view.hand) if choosing else 0)


#: The board's own keys (Textual's public map of a list of bindings, each key apart): what on_key asks the app.
_KEYS = BindingsMap(BoardScreen.BINDINGS).key_to_bindings


def _draw_of(letter: str) -> Draw:
    """The draw a key asks for: ``n`` the draw pile, a colour's letter its discard pile (R7)."""
    return Draw(None) if letter == "n" else Draw(COLOUR_KEYS[letter])


def _cards_of(event: PublicEvent) -> tuple[Card, ...]:
    """The cards an event put on the table (or on a pile), to mark them as new."""
    if isinstance(event, PublicTurn):
        return (event.play.card,)
    return tuple(play.card for play in event.plays)


def prompt(scene: Scene) -> str:
    """What the player at the keyboard is to do now, in words, and the time left on their clock; empty while they
    watch or wait."""
    view = scene.view
    if not view.my_turn or scene.wait is not None:
        return ""
    text = _prompt(scene)
    if scene.clock:
        text += " " + scene.clock
    return text


def _prompt(scene: Scene) -> str:
    view = scene.view
    name = scene.names[view.seat]
    if view.phase is Phase.FINAL:
        return _final_prompt(scene, name)
    if view.phase is Phase.PLAY:
        card = scene.selected_card
        text = _("{name}, play a card: the {card} is selected.").format(name=name, card=card_name(card) if card else "")
        refusal = lay_refusal(card, view.expedition(view.side, card.colour)) if card else None
        if refusal is not None:  # said before e is pressed: the key bar lists no e for it, the hand greys it
            text += " " + describe_refusal(refusal) + " " + _("Press d to discard it.")
        return text
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


def _final_prompt(scene: Scene, name: str) -> str:
    view = scene.view
    laid = view.rules.final_plays - view.final_lays_left
    if not view.legal_plays:
        return _("{name}, no card of yours fits an expedition: press s to end your final laying.").format(name=name)
    if laid:
        return ngettext(
            "{name}, you may lay {n} more card, or press s to stop.",
            "{name}, you may lay {n} more cards, or press s to stop.",
            view.final_lays_left,
        ).format(name=name, n=view.final_lays_left)
    return _("The draw pile is empty: {name}, lay up to two more cards, or press s to stop (R23c).").format(name=name)
