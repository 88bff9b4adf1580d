"""Pass the screen (H2, R24d): only public information, and Enter alone reveals the next hand.

The screen is given a view with no hand at all (``public_view``), so it cannot
show one even by mistake.  When computers play before the next person, they
play here, on the public table, and Enter waits until they are done.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from lost_cities.engine import Card, PlayerView
from lost_cities.i18n import N_, _
from lost_cities.session import Standing
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar, key_name
from lost_cities.tui.hotseat.messages import HelpRequested, Hurry, QuitRequested
from lost_cities.tui.hotseat.widgets.table import TableArea

__all__ = ["PassScreen"]


class PassScreen(FittedScreen[None]):
    """ "Pass to Boris — Boris, press Enter"; dismissed when Boris presses Enter."""

    BINDINGS = [
        Binding("enter", "reveal", N_("show the hand")),
        Binding("question_mark,f1", "help", N_("help"), key_display="?"),
        Binding("q", "quit", N_("quit")),
    ]

    DEFAULT_CSS = """
    PassScreen #pass-prompt {
        margin: 0 1;
        padding: 0 2;
        height: auto;
        border: double $accent;
        text-align: center;
        text-style: bold;
    }
    PassScreen #pass-note {
        padding: 0 1;
        text-align: center;
        color: $text-muted;
    }
    """

    def __init__(
        self, view: PlayerView, standing: Standing, names: Sequence[str], note: str = "", waiting: bool = False
    ) -> None:
        if view.hand:
            raise ValueError("the pass screen is given a view without a hand (public_view)")
        super().__init__()
        self.view = view
        self.standing = standing
        self.names = tuple(names)
        self.note = note
        #: computers are playing before the next person: Enter waits
        self.waiting = waiting
        #: which computer is thinking, said under the note while they play
        self._activity = ""
        self._played: tuple[Card, ...] = ()
        self._shown = False  # mounted: the widgets are there to draw on

    @property
    def name(self) -> str:
        """The player the screen is passed to."""
        return self.names[self.view.seat]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield TableArea(self.view.rules)
        yield Static(id="pass-prompt", markup=False)
        yield Static(id="pass-note", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self._shown = True
        self._draw()

    def _draw(self) -> None:
        """Everything the screen shows, from its state (the computers may play before it is mounted)."""
        if not self._shown:
            return
        self.query_one(TableArea).show(self.view, self.standing, self.names, self._played)
        if self.waiting:
            prompt = _("Next: {name}, once the computer has played").format(name=self.name)
        else:
            prompt = _("Pass to {name} — {name}, press Enter").format(name=self.name)
        self.query_one("#pass-prompt", Static).update(prompt)
        lines = [line for line in (self.note, self._activity if self.waiting else "") if line]
        self.query_one("#pass-note", Static).update("\n".join(lines))
        self.refresh_bindings()

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "reveal":
            hidden = self.too_small or self.waiting
            return None if hidden else (key_name("enter"), _("show {name}'s hand").format(name=self.name))
        return super().key_entry(binding)

    def say(self, activity: str) -> None:
        """Under the note: which computer is thinking."""
        self._activity = activity
        self._draw()

    def show_move(self, view: PlayerView, standing: Standing, played: Collection[Card] = ()) -> None:
        """A computer's move on the public table, ``played`` cards marked (the table says what it did)."""
        self.view, self.standing, self._played = view, standing, tuple(played)
        self._draw()

    def ready(self, view: PlayerView, standing: Standing) -> None:
        """The computers are done: the screen can be passed, and Enter shows the hand."""
        self.waiting = False
        self.view, self.standing, self._played = view, standing, ()
        self._draw()

    def on_key(self, _event: events.Key) -> None:
        if self.waiting:
            self.post_message(Hurry())  # a computer's move is held on screen: go on at once

    def action_reveal(self) -> None:
        if not self.waiting:
            self.dismiss(None)

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit(self) -> None:
        self.post_message(QuitRequested())
