"""Small modal dialogs: confirm quitting, what to know at start-up, and the help with the rules of this match in
short."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from lost_cities.engine import Rules
from lost_cities.i18n import N_, _, current_language
from lost_cities.tui.common.keybar import KeyBar, key_entry, key_name, unbound_character
from lost_cities.tui.common.panel import ScrollPanel
from lost_cities.words import colour_name

__all__ = ["ConfirmQuit", "HelpScreen", "NoticesScreen", "help_content"]


class ConfirmQuit(ModalScreen[bool]):
    """ "Quit now?" — y or Enter quits, n or Escape goes back, and the language's own answers too, which the bar
    offers: in French o (*oui*), in Russian д (*да*) and н (*нет*), read as typed (elsewhere a Russian layout's keys
    are read as the Latin letters on them, :mod:`lost_cities.tui.common.base`: н is on the y key)."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", N_("quit"), key_display="y"),
        Binding("n,escape,q", "answer(False)", N_("keep playing"), key_display="n"),
    ]

    DEFAULT_CSS = """
    ConfirmQuit {
        align: center middle;
    }
    ConfirmQuit > Vertical {
        width: 64;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 1 2;
    }
    ConfirmQuit KeyBar {
        dock: none;
        margin-top: 1;
    }
    ConfirmQuit #unknown {
        color: $warning;
        margin-top: 1;
        display: none;
    }
    """

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.message, markup=False)
            yield Static(id="unknown", markup=False)
            yield KeyBar()

    @property
    def own_letters(self) -> frozenset[str]:
        """The letters read as typed here, not as the Latin letters on their keys: the language's answers."""
        answers = _ANSWERS.get(current_language(), ())
        return frozenset((*answers, *(answer.upper() for answer in answers)))

    def on_key(self, event: events.Key) -> None:
        """The language's own answers that no binding has (o, д, н); a key that answers nothing is said to, as on the
        board, rather than ignored."""
        yes, no = _ANSWERS.get(current_language(), ("y", "n"))
        character = (event.character or "").lower()
        if character in (yes, no) and character not in _CONFIRM_KEYS:
            event.stop()
            self.dismiss(character == yes)
            return
        if (key := unbound_character(event, _CONFIRM_KEYS)) is not None:
            said = self.query_one("#unknown", Static)
            said.update(
                _("The key {key} does nothing here: {yes} quits, {no} goes back.").format(key=key, yes=yes, no=no)
            )
            said.display = True

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        """The bar offers the language's own answers: o (*oui*) in French, д and н in Russian."""
        entry = key_entry(binding)
        answers = _ANSWERS.get(current_language())
        if entry is not None and answers is not None and binding.action.startswith("answer("):
            return answers[0] if binding.action == "answer(True)" else answers[1], entry[1]
        return entry

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def help_content(
    rules: Rules,
    passing: bool = True,
    memory_aid: bool = False,
    online: bool = False,
    clock: bool = False,
    watching: bool = False,
) -> Group:
    """The rules of this match in short and the keys; sized to fit an 80×24 terminal in every language.

    The keys are those of this match: its colours' piles, the final laying's stop with three or
    four players, the pass screen's Enter only when several people share the keyboard — a watcher's, the log,
    the help and quitting alone; and the memory aid's column is told when the match has it on.

    Each rule is one message that Rich wraps under its bullet, so no language has to break
    its sentences where English does.  The numbers are the match's own (R23b: 17 and 7 with three).
    """
    lines = [
        _("Lay it on your expedition of its colour, or on its colour's discard pile."),
        _("In an expedition numbers go up; wagers (×) come before any number."),
        _("Draw from the draw pile or take the top of a discard pile — not the card you just discarded."),
        _(
            "A started expedition scores (sum − {cost}) × (1 + wagers), +20 with {cards} cards or more. "
            "An expedition never started scores nothing."
        ).format(cost=rules.expedition_cost, cards=rules.bonus_threshold),
    ]
    if rules.final_plays:
        lines.append(
            _(
                "When the draw pile is used up, each player in turn lays up to two more cards, "
                "or stops with s (R23c); then the round is scored."
            )
        )
    else:
        lines.append(_("Taking the last card of the draw pile ends the round."))
    if rules.teams:
        lines.append(_("Partners lay on one shared side and never see each other's hand (R24)."))
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for line in lines:
        table.add_row("•", line)
    keys = Table.grid(padding=(0, 1))
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    keys.add_column(width=0)  # a space more between the two pairs of columns, so that they do not run together
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    # the piles' keys, apart; six of them (purple, R20) side by side, or their column would wrap the others at 80
    piles = ("" if rules.long else " ").join(colour.letter for colour in rules.colours)
    entries: list[tuple[str, str]] = []
    if not watching:
        entries += [
            (f"1–{rules.hand_size} ← →", _("select a card (or click it)")),
            ("e", _("lay it on its expedition")),
            ("d", _("discard it")),
            ("u", _("take it back, before drawing")),
            (f"n {key_name('space')}", _("draw from the draw pile")),
            (piles, _("take a discard pile's top")),
        ]
    if not online:  # no hints online (the computer would be playing for you)
        entries.append(("h", _("a hint from the computer")))
    entries.append(("l", _("the log of the round's moves")))
    if online and clock and not watching:  # a clock may run out
        entries.append(("c", _("claim the match when the other side's time has run out")))
    if rules.final_plays and not watching:
        entries.append(("s", _("stop the final laying")))
    if passing:
        entries.append((key_name("enter"), _("show your hand (pass screen)")))
    entries.append(("? / q", _("help / quit")))
    for left, right in zip(entries[::2], [*entries[1::2], ("", "")], strict=False):
        keys.add_row(*left, "", *right)  # the empty cell: a space more between the pairs
    colours = ", ".join(f"{colour.letter.upper()} {colour_name(colour)}" for colour in rules.colours)
    if rules.long:
        # Translators: {colours} is "Y yellow, B blue, ... P purple"; purple comes last and is only in the long game.
        legend = _("{colours} (long game); × is a wager; (3) is a pile's size.").format(colours=colours)
    else:  # purple is not named in a match without it
        # Translators: {colours} is "Y yellow, B blue, W white, G green, R red".
        legend = _("{colours}; × is a wager; (3) is a pile's size.").format(colours=colours)
    if memory_aid:
        legend += "\n" + _(
            "Memory aid: the column “unseen” lists, per colour, the cards you have not seen this round "
            "— in another hand or in the draw pile."
        )
    return Group(
        Text(_("LOST CITIES — THE RULES IN SHORT"), style="bold"),
        Text(_("Each turn: first play one card, then draw one card.")),
        table,
        Text(_("KEYS"), style="bold"),
        keys,
        Text(""),
        Text(legend, style="italic"),
    )


#: The keys :class:`ConfirmQuit` answers (its o, in French only; a Russian layout's keys come as their Latin letters).
_CONFIRM_KEYS = BindingsMap(ConfirmQuit.BINDINGS).key_to_bindings
#: The quit question's yes and no in the languages whose words begin otherwise than y and n.
_ANSWERS = {"fr": ("o", "n"), "ru": ("д", "н")}


class NoticesScreen(ScrollPanel):
    """What the players must know as the app starts — a saved match that could not be read and was set aside, a
    server that did not answer — over the first screen, until Enter closes it: a passing notice would cover part
    of the form and go before it is read, and a command in it would be cut across lines."""

    BINDINGS = [Binding("enter,escape,space,q", "close", N_("go on"), key_display="enter")]

    DEFAULT_CSS = """
    NoticesScreen .notice {
        margin-bottom: 1;
    }
    """

    def __init__(self, notices: Sequence[str]) -> None:
        super().__init__()
        self.notices = tuple(notices)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            for notice in self.notices:
                yield Static(notice, markup=False, classes="notice")  # it may quote a file, a name or a server
            yield Static(_("Press Enter to go on."), markup=False, classes="hint")


class HelpScreen(ScrollPanel):
    """The rules of the match in short and the keys; any of Escape, ?, q or Enter closes it."""

    BINDINGS = [Binding("escape,q,question_mark,enter,f1", "close", N_("back"), key_display="escape")]

    DEFAULT_CSS = """
    HelpScreen .game {
        margin-bottom: 1;
        text-style: bold;
    }
    """

    def __init__(
        self,
        rules: Rules,
        passing: bool = True,
        game: str = "",
        memory_aid: bool = False,
        online: bool = False,
        clock: bool = False,
        watching: bool = False,
    ) -> None:
        """``passing``: several people share the keyboard, so there is a pass screen; ``game``: what to know
        about this game first (an online game's invitations and watch code); ``memory_aid``: the board
        shows the cards not yet seen, and the help says what that column is; ``online``: an online game's
        keys (no hint); ``clock``: it has a clock (the claim); ``watching``: a watcher's, who plays nothing."""
        super().__init__()
        self.game = game
        self.content = help_content(rules, passing, memory_aid, online, clock, watching)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            if self.game:
                yield Static(self.game, markup=False, classes="game")
            yield Static(self.content, markup=False)
            yield Static(_("Press Escape to go back."), markup=False, classes="hint")
