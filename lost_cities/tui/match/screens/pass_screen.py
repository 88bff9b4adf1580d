"""Pass the screen (H2, R24d): only public information, and Enter alone reveals the next hand.

The screen draws its :class:`~lost_cities.tui.match.scene.Scene`, whose view holds no hand
at all (``public_view``), so it cannot show one even by mistake.  When computers play before
the next person, they play here, on the public table, and Enter waits until they are done.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.reactive import reactive
from textual.widgets import Static

from lost_cities.engine import Phase, Rules
from lost_cities.i18n import N_, _
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import key_name, unbound_character
from lost_cities.tui.match.messages import HelpRequested, Hurry, LogRequested, QuitRequested, ShowScores
from lost_cities.tui.match.scene import Scene
from lost_cities.tui.match.widgets.table_area import TableArea

__all__ = ["PassScreen"]


class PassScreen(FittedScreen[None]):
    """ "Pass to Boris — Boris, press Enter"; dismissed when Boris presses Enter."""

    BINDINGS = [
        Binding("enter", "reveal", N_("show the hand")),
        Binding("l", "log", N_("log")),
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
    PassScreen.-roomy {
        align-vertical: middle;
    }
    PassScreen.-roomy #pass-prompt {
        margin: 1 1;
    }
    """

    #: what the screen shows; the app sets it
    scene: reactive[Scene] = reactive(None, init=False, repaint=False)  # type: ignore[arg-type]

    def __init__(self, rules: Rules, scene: Scene) -> None:
        super().__init__()
        self.rules = rules
        self.set_reactive(PassScreen.scene, self.validate_scene(scene))  # drawn once mounted
        #: what a key that does nothing here was told, until the screen is drawn again
        self.unknown = ""

    @property
    def name(self) -> str:
        """The player the screen is passed to."""
        return self.scene.names[self.scene.view.seat]

    @property
    def waiting(self) -> bool:
        """True while computers play before the next person: Enter waits."""
        return self.scene.wait is not None

    def compose(self) -> ComposeResult:
        yield TableArea(self.rules)
        yield Static(id="pass-prompt", markup=False)
        yield Static(id="pass-note", markup=False)

    def on_mount(self) -> None:
        self._draw(self.scene)

    def validate_scene(self, scene: Scene) -> Scene:
        if scene.view.hand:
            raise ValueError("the pass screen is given a view without a hand (public_view)")
        return scene

    def watch_scene(self, scene: Scene) -> None:
        if self.is_mounted:
            self._draw(scene)

    def _draw(self, scene: Scene) -> None:
        self.query_one(TableArea).show(scene.view, scene.standing, scene.names, scene.marked)
        name = self.name
        if scene.view.phase is Phase.OVER:
            prompt = _("The round is over — press Enter to see the scores")
        elif self.waiting:
            prompt = _("Next: {name}, once the computer has played").format(name=name)
        else:
            prompt = _("Pass to {name} — {name}, press Enter").format(name=name)
        self.query_one("#pass-prompt", Static).update(prompt)
        self._note()
        self.refresh_bindings()

    def _note(self) -> None:
        scene = self.scene
        lines = (scene.note, scene.line, self.unknown)
        self.query_one("#pass-note", Static).update("\n".join(line for line in lines if line))

    def on_click(self, event: events.Click) -> None:
        """A click on the prompt ("Pass to Ana — Ana, press Enter") does what Enter does: shows the hand, or, while
        a computer's move is held on screen, goes on at once."""
        if event.widget is None or event.widget.id != "pass-prompt" or self.too_small:
            return
        if self.waiting:
            self.post_message(Hurry())
        else:
            self.action_reveal()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reveal" and self.waiting:
            return None  # pressed, it hurries the computer along
        return super().check_action(action, parameters)

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "reveal" and self.scene.view.phase is Phase.OVER:
            return (key_name("enter"), _("see the scores"))
        if binding.action == "reveal":
            return (key_name("enter"), _("show {name}'s hand").format(name=self.name))
        return super().key_entry(binding)

    def on_key(self, event: events.Key) -> None:
        if self.waiting:
            self.post_message(Hurry())  # a computer's move is held on screen: go on at once
        elif (key := unbound_character(event, _KEYS)) is not None and not self.too_small:
            self.unknown = _("The key {key} does nothing here: {name}, press Enter to see your hand.").format(
                key=key, name=self.name
            )
            self._note()

    def action_reveal(self) -> None:
        if self.scene.view.phase is Phase.OVER:
            self.post_message(ShowScores())  # the round is over: nobody's hand is to be shown
        else:
            self.dismiss(None)

    def action_log(self) -> None:
        """The round's public moves (H1): the app tells them from this screen's view, which names no drawn card."""
        self.post_message(LogRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit(self) -> None:
        self.post_message(QuitRequested())


_KEYS = BindingsMap(PassScreen.BINDINGS).key_to_bindings
