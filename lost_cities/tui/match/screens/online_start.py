"""The online start: join a game with the invitation code a friend sent, or create one.

What ``lost-cities web`` opens on, ``lost-cities play --online`` without names, and Ctrl+O in the new-match form
online.  The code is checked as it is typed (eight letters and digits, such as ``K7QX-M2PA``; no 0/O or 1/I), the
name is optional (the seat's own, chosen by who created the game, otherwise).
"""

from __future__ import annotations

from msgspec import Struct
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from lost_cities.i18n import N_, _, sentence
from lost_cities.limits import clean_name, name_problem
from lost_cities.net.invitations import normalised, plain, shown
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import key_name

__all__ = ["JoinGame", "NewOnlineGame", "OnlineStartScreen"]


class JoinGame(Struct, frozen=True):
    """Take the seat this code opens, under this name (``None``: the seat's own)."""

    code: str
    name: str | None


class NewOnlineGame(Struct, frozen=True):
    """Set up a new online game (the new-match form)."""


class OnlineStartScreen(FittedScreen[JoinGame | NewOnlineGame | None]):
    """Dismisses with :class:`JoinGame`, :class:`NewOnlineGame`, or ``None`` to quit."""

    BINDINGS = [
        Binding("enter", "join", N_("join"), key_display="enter", priority=True),
        Binding("ctrl+n", "new", N_("new online game"), key_display="ctrl+n"),
        Binding("escape", "leave", N_("quit"), key_display="escape"),
    ]

    DEFAULT_CSS = """
    OnlineStartScreen {
        align: center middle;
    }
    OnlineStartScreen > Vertical {
        width: 72;
        height: auto;
        border: round $accent;
        border-title-align: center;
        padding: 1 2;
    }
    OnlineStartScreen Input {
        margin-bottom: 1;
    }
    OnlineStartScreen #problem {
        color: $error;
        height: auto;
    }
    """

    def __init__(
        self,
        server: str,
        problem: str = "",
        code: str = "",
        name: str = "",
        back: bool = False,
        about_name: bool = False,
    ) -> None:
        """``problem``: why the last try did not join (the server's answer), said under the code and name
        typed then, to mend them (``about_name``: the name, where the cursor then goes); ``back``: opened from the
        new-match form, to which Esc goes back, and the key bar says so."""
        super().__init__()
        self.server = server
        self.problem = problem
        self.typed = (code, name)
        self.back = back
        self.about_name = about_name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Server: {server}").format(server=self.server), markup=False)
            yield Static(_("The invitation code a friend sent you:"), markup=False)
            yield Input(self.typed[0], placeholder="K7QX-M2PA", id="code", max_length=20)
            yield Static(_("Your name (empty: the one the seat was given):"), markup=False)
            yield Input(self.typed[1], id="name", max_length=40)
            yield Static(self.problem, id="problem", markup=False)

    def on_mount(self) -> None:
        self.query_one(Vertical).border_title = _("Play online")
        self.query_one("#name" if self.about_name else "#code", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Say what is wrong as it is typed, not only when Enter is pressed; the server's answer to the last
        try stands until the code or the name is changed."""
        now = (self.query_one("#code", Input).value, self.query_one("#name", Input).value)
        if self.problem and now == self.typed:
            return
        self.problem = ""
        self.query_one("#problem", Static).update(self._code_problem(final=False) or self._name_problem())

    def _code_problem(self, final: bool) -> str:
        text = self.query_one("#code", Input).value
        typed = plain(text)
        if not typed:
            return _("Type the invitation code first.") if final else ""
        if normalised(text) is None and (final or len(typed) >= 8 or any(char in "01OI" for char in typed)):
            return _("A code is eight letters and digits, such as K7QX-M2PA (no 0, O, 1 or I).")
        return ""

    def _name_problem(self) -> str:
        name = clean_name(self.query_one("#name", Input).value)
        problem = name_problem(None, name) if name else None  # empty: the seat's own name
        return "" if problem is None else sentence(problem)

    def action_join(self) -> None:
        problem = self._code_problem(final=True) or self._name_problem()
        if problem:
            self.query_one("#problem", Static).update(problem)
            self.app.bell()
            return
        code = normalised(self.query_one("#code", Input).value)
        assert code is not None
        name = clean_name(self.query_one("#name", Input).value) or None
        self.dismiss(JoinGame(shown(code), name))

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "leave" and self.back:
            return key_name("escape"), _("back")
        return super().key_entry(binding)

    def action_new(self) -> None:
        self.dismiss(NewOnlineGame())

    def action_leave(self) -> None:
        self.dismiss(None)
