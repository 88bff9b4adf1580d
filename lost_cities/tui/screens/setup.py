"""The new-match form: names, who starts (R5), number of rounds (R17), variants (R20–R22)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Label, RadioSet, Static

from lost_cities.i18n import _, current_language, set_language
from lost_cities.limits import MAX_NAME_CELLS, MAX_ROUNDS, PlayerNamesError, check_names
from lost_cities.session import MatchSettings
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.keybar import KeyBar
from lost_cities.tui.widgets.toggles import ChoiceButton, TickBox

#: Each language under its own name, so a player can find theirs whatever is showing now.
LANGUAGE_LABELS = {"en": "English", "fr": "Français", "ru": "Русский"}


class SetupScreen(FittedScreen):
    """Returns :class:`MatchSettings` through ``dismiss``; Escape quits the program."""

    BINDINGS = [
        Binding("ctrl+s", "start", show=False),
        Binding("escape", "leave", show=False),
    ]

    DEFAULT_CSS = """
    SetupScreen {
        align: center middle;
    }
    SetupScreen #form {
        width: 76;
        height: auto;
        border: round $accent;
        border-title-align: center;
        padding: 1 2;
    }
    SetupScreen .row {
        height: auto;
        margin-bottom: 1;
    }
    SetupScreen .row > Label {
        width: 14;
    }
    SetupScreen Input {
        width: 24;
    }
    SetupScreen #rounds {
        width: 6;
    }
    SetupScreen RadioSet {
        layout: horizontal;
        width: auto;
    }
    SetupScreen RadioSet > RadioButton {
        width: auto;
        margin-right: 2;
    }
    SetupScreen #variant-boxes {
        height: auto;
        width: 1fr;
    }
    SetupScreen #error {
        color: $error;
        text-style: bold;
        height: auto;
        min-height: 1;
        max-height: 2;  /* a refused name says what is wrong and what would be right */
    }
    SetupScreen #start {
        margin-left: 14;
    }
    """

    def __init__(self, previous: MatchSettings | None = None) -> None:
        super().__init__()
        self.previous = previous or MatchSettings(names=("", ""))

    def compose(self) -> ComposeResult:
        previous = self.previous
        yield from self.compose_too_small()
        with Vertical(id="form"):
            with Horizontal(classes="row"):
                yield Label(_("Player 1"))
                yield Input(previous.names[0], placeholder=_("name"), id="p1", max_length=MAX_NAME_CELLS, compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Player 2"))
                yield Input(previous.names[1], placeholder=_("name"), id="p2", max_length=MAX_NAME_CELLS, compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Who starts"))
                with RadioSet(id="first", compact=True):
                    yield ChoiceButton(_("Player 1"), value=previous.first == "p1", id="first-p1")
                    yield ChoiceButton(_("Player 2"), value=previous.first == "p2", id="first-p2")
                    yield ChoiceButton(_("Random draw"), value=previous.first == "random", id="first-random")
            with Horizontal(classes="row"):
                yield Label(_("Rounds"))
                yield Input(str(previous.rounds), id="rounds", type="integer", max_length=2, compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Variants"))
                with Vertical(id="variant-boxes"):
                    yield TickBox(_("Long game: purple, 72 cards (R20)"), previous.long, id="long", compact=True)
                    yield TickBox(
                        _("Nothing in hand: cards kept cost points (R21)"),
                        previous.hand_penalty,
                        id="hand-penalty",
                        compact=True,
                    )
                    yield TickBox(_("Cooperative: one team score (R22)"), previous.cooperative, id="coop", compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Language"))
                with RadioSet(id="language", compact=True):
                    for code, label in LANGUAGE_LABELS.items():
                        yield ChoiceButton(label, value=current_language() == code, id=f"lang-{code}")
            yield Static(id="error", markup=False)
            yield Button(_("Start the match"), variant="primary", id="start", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#form").border_title = _("New match")
        self.query_one(KeyBar).show(
            [("Tab", _("next field")), ("Space", _("tick")), ("Ctrl+S", _("start")), ("Esc", _("quit"))]
        )
        self.query_one("#p1", Input).focus()

    @on(RadioSet.Changed, "#language")
    async def switch_language(self, event: RadioSet.Changed) -> None:
        """Switch every later text to the chosen language and redraw the form, keeping what was typed."""
        code = (event.pressed.id or "lang-en").removeprefix("lang-")
        if code == current_language():
            return
        self.previous = self._draft()
        set_language(code)
        await self.recompose()
        self.on_mount()
        self.query_one("#language", RadioSet).focus()

    @on(Input.Changed, "#p1, #p2")
    def name_the_choices(self, event: Input.Changed) -> None:
        """'Who starts' offers the names as they are typed."""
        key = event.input.id or "p1"
        default = _("Player 1") if key == "p1" else _("Player 2")
        # a name is shown as typed, never read as markup
        self.query_one(f"#first-{key}", ChoiceButton).label = Content(event.value.strip() or default)

    def _draft(self) -> MatchSettings:
        """What the form holds now, even if incomplete (for redrawing it)."""
        first_button = self.query_one("#first", RadioSet).pressed_button
        raw_rounds = self.query_one("#rounds", Input).value.strip()
        rounds_ok = raw_rounds.isascii() and raw_rounds.isdigit() and 1 <= int(raw_rounds) <= MAX_ROUNDS
        return MatchSettings(
            names=(self.query_one("#p1", Input).value, self.query_one("#p2", Input).value),
            first=(first_button.id or "first-p1").removeprefix("first-") if first_button else "p1",
            rounds=int(raw_rounds) if rounds_ok else 3,
            long=self.query_one("#long", Checkbox).value,
            hand_penalty=self.query_one("#hand-penalty", Checkbox).value,
            cooperative=self.query_one("#coop", Checkbox).value,
            seed=self.previous.seed,
        )

    def _settings(self) -> MatchSettings | str:
        try:
            names = check_names([self.query_one(f"#{key}", Input).value for key in ("p1", "p2")])
        except PlayerNamesError as problem:
            return problem.sentence
        first_button = self.query_one("#first", RadioSet).pressed_button
        first = (first_button.id or "first-p1").removeprefix("first-") if first_button else "p1"
        raw_rounds = self.query_one("#rounds", Input).value.strip()
        if not (raw_rounds.isascii() and raw_rounds.isdigit()) or not 1 <= int(raw_rounds) <= MAX_ROUNDS:
            return _("Rounds: a number from 1 to {max}.").format(max=MAX_ROUNDS)
        return MatchSettings(
            names=(names[0], names[1]),
            first=first,
            rounds=int(raw_rounds),
            long=self.query_one("#long", Checkbox).value,
            hand_penalty=self.query_one("#hand-penalty", Checkbox).value,
            cooperative=self.query_one("#coop", Checkbox).value,
            seed=self.previous.seed,
        )

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def action_start(self) -> None:
        settings = self._settings()
        if isinstance(settings, str):
            self.query_one("#error", Static).update(settings)
            return
        self.dismiss(settings)

    def action_leave(self) -> None:
        self.app.exit()
