"""The new-match form: players (R23, R24), names, who starts (R5), rounds (R17), variants (R20–R22), language.

Enter moves to the next field; Ctrl+S or the button starts the match.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from lost_cities.i18n import N_, _, current_language, set_language
from lost_cities.limits import MAX_NAME_CELLS, MAX_PLAYERS, MAX_ROUNDS, PlayerNamesError, check_names
from lost_cities.session import MatchSettings
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import KeyBar
from lost_cities.tui.common.toggles import ChoiceButton, TickBox

__all__ = ["LANGUAGE_LABELS", "NewMatchScreen"]

#: Each language under its own name, so a player can find theirs whatever is showing now.
LANGUAGE_LABELS = {"en": "English", "fr": "Français", "ru": "Русский"}


def _default_name(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


class NewMatchScreen(FittedScreen[MatchSettings | None]):
    """Dismisses with the :class:`MatchSettings` chosen, or ``None`` when the players leave (Escape)."""

    BINDINGS = [
        Binding("ctrl+s", "start", N_("start"), key_display="Ctrl+S"),
        Binding("escape", "leave", N_("quit"), key_display="Esc"),
    ]

    DEFAULT_CSS = """
    NewMatchScreen {
        align: center middle;
    }
    NewMatchScreen #form {
        width: 78;
        height: auto;
        border: round $accent;
        border-title-align: center;
        padding: 0 2;
    }
    NewMatchScreen .row {
        height: auto;
    }
    NewMatchScreen .row > Label {
        width: 14;
    }
    NewMatchScreen Input {
        width: 16;
    }
    NewMatchScreen #rounds {
        width: 6;
    }
    NewMatchScreen RadioSet {
        width: 1fr;
        height: auto;
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
    }
    NewMatchScreen #players, NewMatchScreen #language {
        layout: horizontal;
    }
    NewMatchScreen RadioSet > RadioButton {
        width: auto;
        margin-right: 1;
    }
    NewMatchScreen #teams {
        color: $text-muted;
        height: auto;
    }
    NewMatchScreen #variant-boxes {
        height: auto;
        width: 1fr;
    }
    NewMatchScreen #error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    NewMatchScreen #start {
        margin-left: 14;
    }
    """

    def __init__(self, previous: MatchSettings | None = None) -> None:
        super().__init__()
        self.previous = previous or MatchSettings(names=("", ""))
        #: the names typed, all four, kept when the number of players changes
        self._names = [*self.previous.names, "", "", ""][:MAX_PLAYERS]

    @property
    def players(self) -> int:
        pressed = self.query_one("#players", RadioSet).pressed_button
        return int((pressed.id or "players-2").removeprefix("players-")) if pressed else 2

    def compose(self) -> ComposeResult:
        previous = self.previous
        yield from self.compose_too_small()
        with Vertical(id="form"):
            with Horizontal(classes="row"):
                yield Label(_("Players"))
                with RadioSet(id="players", compact=True):
                    yield ChoiceButton("2", value=previous.players == 2, id="players-2")
                    yield ChoiceButton("3", value=previous.players == 3, id="players-3")
                    yield ChoiceButton(_("4 in two teams"), value=previous.players == 4, id="players-4")
            for seat in range(MAX_PLAYERS):
                with Horizontal(classes="row", id=f"row-p{seat + 1}"):
                    yield Label(_default_name(seat))
                    yield Input(
                        self._names[seat],
                        placeholder=_("name"),
                        id=f"p{seat + 1}",
                        max_length=MAX_NAME_CELLS * 2,
                        compact=True,
                    )
            yield Static(id="teams", markup=False)
            with Horizontal(classes="row"):
                yield Label(_("Who starts"))
                with RadioSet(id="first", compact=True):
                    for seat in range(MAX_PLAYERS):
                        yield ChoiceButton(
                            _default_name(seat), value=previous.first == f"p{seat + 1}", id=f"first-p{seat + 1}"
                        )
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
        self._arrange()
        self.query_one("#p1", Input).focus()

    def key_hints(self) -> list[tuple[str, str]]:
        """The keys of the field in focus: Enter and Tab move on, arrows choose, Space ticks."""
        focused = self.focused
        hints = [("Tab", _("next field"))]
        if isinstance(focused, Input):
            hints.insert(0, ("Enter", _("next field")))
        elif isinstance(focused, RadioSet | RadioButton):
            hints.append(("← →", _("choose")))
        elif isinstance(focused, Checkbox):
            hints.append(("Space", _("tick")))
        return [] if self.too_small else hints

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    # ------------------------------------------------------------ the form follows the players

    def _arrange(self) -> None:
        """Show the names, starters and variants that the number of players allows (R23f, R24f)."""
        players = self.players
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#row-p{seat + 1}").display = seat < players
            self.query_one(f"#first-p{seat + 1}").display = seat < players
            self._label_starter(seat)
        first = self.query_one("#first", RadioSet).pressed_button
        if first is None or not first.display:
            self.query_one("#first-p1", RadioButton).value = True
        coop = self.query_one("#coop", Checkbox)
        coop.disabled = players == 4
        if players == 4:
            coop.value = False
            coop.label = _("Cooperative: not with four, who already play in teams (R24f)")
        else:
            coop.label = _("Cooperative: one team score (R22)")
        teams = self.query_one("#teams", Static)
        teams.display = players == 4
        if players == 4:
            names = [self._names[seat].strip() or _default_name(seat) for seat in range(4)]
            teams.update(
                _("Teams (R24a): {a} & {c} against {b} & {d}, playing in turn {a}, {b}, {c}, {d}.").format(
                    a=names[0], b=names[1], c=names[2], d=names[3]
                )
            )

    def _label_starter(self, seat: int) -> None:
        # a name is shown as typed, never read as markup ("[/]")
        self.query_one(f"#first-p{seat + 1}", ChoiceButton).label = Content(
            self._names[seat].strip() or _default_name(seat)
        )

    @on(RadioSet.Changed, "#players")
    def players_changed(self) -> None:
        self._arrange()

    @on(Input.Changed, "#p1, #p2, #p3, #p4")
    def name_changed(self, event: Input.Changed) -> None:
        """'Who starts' and the teams offer the names as they are typed."""
        seat = int((event.input.id or "p1")[1:]) - 1
        self._names[seat] = event.value
        self._label_starter(seat)
        if self.players == 4:
            self._arrange()

    @on(Input.Submitted)
    def next_field(self) -> None:
        """Enter in a field moves on (item 16): only Ctrl+S or the button starts the match."""
        self.focus_next()

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

    # ------------------------------------------------------------ reading the form

    def _first(self) -> str:
        button = self.query_one("#first", RadioSet).pressed_button
        return (button.id or "first-p1").removeprefix("first-") if button else "p1"

    def _rounds(self) -> int | None:
        raw = self.query_one("#rounds", Input).value.strip()
        ok = raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MAX_ROUNDS
        return int(raw) if ok else None

    def _draft(self) -> MatchSettings:
        """What the form holds now, even if incomplete (for redrawing it in another language)."""
        players = self.players
        first = self._first()
        return MatchSettings(
            names=tuple(self._names[:players]) if players > 2 else (self._names[0], self._names[1]),
            first=first if first == "random" or int(first[1:]) <= players else "p1",
            rounds=self._rounds() or 3,
            long=self.query_one("#long", Checkbox).value,
            hand_penalty=self.query_one("#hand-penalty", Checkbox).value,
            cooperative=self.query_one("#coop", Checkbox).value and players != 4,
            seed=self.previous.seed,
        )

    def _settings(self) -> MatchSettings | str:
        try:
            names = check_names(self._names[: self.players])
        except PlayerNamesError as problem:
            return problem.sentence
        rounds = self._rounds()
        if rounds is None:
            return _("Rounds: a number from 1 to {max}.").format(max=MAX_ROUNDS)
        draft = self._draft()
        return MatchSettings(
            names=names,
            first=draft.first,
            rounds=rounds,
            long=draft.long,
            hand_penalty=draft.hand_penalty,
            cooperative=draft.cooperative,
            seed=draft.seed,
        )

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        settings = self._settings()
        if isinstance(settings, str):
            self.query_one("#error", Static).update(settings)
            return
        self.dismiss(settings)

    def action_leave(self) -> None:
        self.dismiss(None)
