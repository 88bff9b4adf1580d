"""The new-match form: where (at this keyboard, or online: the server and the clock), players (R23, R24),
names, who plays each seat (a person or the computer at a level), who starts (R5), rounds (R17) and the
memory aid, variants (R20–R22), the computer's thinking time, language; beside the start, *Learn to
play* (the lesson) — online, *Join with a code* in its place — and whether the one-time tips are said.

Enter moves to the next field, from a name as from a choice; Ctrl+S or the button starts the match, Ctrl+L or its
button opens the lesson instead, Ctrl+O or its button the online start.  A name left empty is the one the field shows
greyed ("Player 2", "Computer"); what is wrong with a name is said under it as it is typed.
"""

from __future__ import annotations

from typing import ClassVar, Literal, NamedTuple

from msgspec.structs import replace
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select, Static

from lost_cities.ai.levels import LEVELS
from lost_cities.engine import Rules
from lost_cities.i18n import N_, _, current_language, set_language
from lost_cities.limits import (
    MAX_CLOCK,
    MAX_NAME_CELLS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_THINK,
    MIN_CLOCK,
    MIN_THINK,
    PlayerNamesError,
    check_names,
    clean_name,
    name_problem,
    read_duration,
    said_duration,
)
from lost_cities.net import DEFAULT_SERVER, check_server
from lost_cities.session import MatchSettings, OnlineMatch
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.common.toggles import ChoiceButton, ChoiceSet, TickBox
from lost_cities.tui.match.messages import LanguageChosen, StatisticsRequested, TipsChanged
from lost_cities.words import computer_name, decimal, level_name, player_name

__all__ = ["LANGUAGE_LABELS", "LEARN", "FormDraft", "FormResult", "JoinWithCode", "NewMatchScreen"]

#: What the form dismisses with when the players would rather learn the game first.
LEARN: Literal["learn"] = "learn"

#: Each language under its own name, so a player can find theirs whatever is showing now.
LANGUAGE_LABELS = {"en": "English", "fr": "Français", "ru": "Русский"}


#: A person plays the seat.
HUMAN = "human"
#: The name fields, a seat each.
NAME_FIELDS = tuple(f"p{seat + 1}" for seat in range(MAX_PLAYERS))


class FormDraft(NamedTuple):
    """What a form held when it was left with Esc, as typed: to open it again as it was."""

    settings: MatchSettings
    server: str
    clock: str


class JoinWithCode(NamedTuple):
    """What the form dismisses with when the player has an invitation code to type rather than a game to create:
    what the form held (the server chosen among it), to come back to it as it was."""

    left_as: FormDraft


#: What the form is left with: a match to start here or to create online, the lesson, a code to type, or nothing.
FormResult = MatchSettings | OnlineMatch | Literal["learn"] | JoinWithCode | None


class FormChoices(ChoiceSet):
    """A choice in the form: the arrows choose, and Enter moves on to the next field, as from a name."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "app.focus_next", show=False)]


def _server_wanted() -> str:
    return _("Server: an address such as {example}.").format(example=DEFAULT_SERVER)


def read_seconds(text: str) -> float | None:
    """Seconds as a player types them, ``1``, ``0.5`` or ``0,5``, within the thinking time allowed; else ``None``.

    >>> read_seconds("0,5"), read_seconds("１"), read_seconds("99")
    (0.5, None, None)
    """
    raw = text.strip().replace(",", ".")
    if not raw or not raw.isascii() or raw.count(".") > 1 or not raw.replace(".", "").isdigit() or len(raw) > 8:
        return None
    value = float(raw)
    return value if MIN_THINK <= value <= MAX_THINK else None


class NewMatchScreen(FittedScreen[FormResult]):
    """Dismisses with the :class:`MatchSettings` chosen — an :class:`OnlineMatch` for a game to create on a
    server —, :data:`LEARN` for the lesson, :class:`JoinWithCode` to join a game online rather than create one, or
    ``None`` when the players leave (Escape).  Ticking the tips asks the app to keep the choice
    (:class:`TipsChanged`)."""

    BINDINGS = [
        Binding("ctrl+s", "start", N_("start"), key_display="ctrl+s"),
        Binding("ctrl+o", "join", N_("join with a code"), key_display="ctrl+o"),
        Binding("ctrl+t", "statistics", N_("statistics"), key_display="ctrl+t"),
        Binding("ctrl+l", "learn", N_("learn to play"), key_display="ctrl+l"),
        Binding("escape", "leave", N_("quit"), key_display="escape"),
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
    NewMatchScreen Input:focus {
        background: $accent 40%;
    }
    NewMatchScreen #rounds, NewMatchScreen #think {
        width: 6;
    }
    NewMatchScreen #memory-aid, NewMatchScreen #learn, NewMatchScreen #join, NewMatchScreen #tips {
        margin-left: 2;
    }
    NewMatchScreen #server {
        width: 23;
    }
    NewMatchScreen #clock {
        width: 9;  /* eight characters typed, and the cursor after them */
    }
    NewMatchScreen #clock-label {
        width: auto;
        margin: 0 1 0 2;
    }
    NewMatchScreen #where, NewMatchScreen #players, NewMatchScreen #language {
        layout: horizontal;
    }
    NewMatchScreen .who {
        width: 24;
        margin-left: 1;
    }
    NewMatchScreen #think-unit, NewMatchScreen #clock-unit {
        margin-left: 1;
        color: $text-muted;
    }
    NewMatchScreen RadioSet {
        width: 1fr;
        height: auto;
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
    }
    NewMatchScreen RadioSet > RadioButton {
        width: auto;
        margin-right: 1;
    }
    NewMatchScreen #first {
        grid-gutter: 0;  /* a name is at most 12 cells: its column still ends in blanks */
    }
    NewMatchScreen #first > RadioButton {
        margin-right: 0;  /* every column keeps room for "Tirage au sort" */
    }
    NewMatchScreen #teams {
        color: $text-muted;
        height: auto;
    }
    NewMatchScreen #variant-boxes {
        height: auto;
        width: 1fr;
    }
    NewMatchScreen .problem {
        display: none;
        margin-left: 14;
        color: $error;
        height: auto;
    }
    NewMatchScreen .problem.-shown {
        display: block;
    }
    NewMatchScreen #error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    NewMatchScreen #error.-note {
        color: $text-muted;
        text-style: none;
    }
    NewMatchScreen #buttons {
        height: auto;
        margin-left: 14;
    }
    """

    def __init__(
        self,
        previous: MatchSettings | None = None,
        *,
        online: bool = False,
        server: str = DEFAULT_SERVER,
        online_only: bool = False,
        tips: bool = True,
        clock: str = "",
        problem: str = "",
        back: bool = False,
        again: bool = False,
        server_fixed: bool = False,
    ) -> None:
        """``online``: *Where* starts on online, with ``server`` offered (the one used last, or given by
        ``--server`` or ``LOST_CITIES_SERVER``); ``online_only``: the form of the online app, which only
        creates online games (no *Where* to choose), and has no lesson nor tips; ``tips``: the one-time tips
        are said (the player's setting); ``clock``: the clock as typed; ``problem``: why the form is back (the
        server did not answer), said at once, with the cursor on the server; ``back``: Esc goes back to where the
        form was opened (the online start), not out of the app, and the key bar says so; ``again``: filled in for
        another match like the last, the cursor is on *Start*: Enter plays it, and a key meant for the finished
        match's end (``q``) types over no name; ``server_fixed``: the server is shown, not to be changed (a web
        page's tab)."""
        super().__init__()
        self.tips = tips
        self.problem = problem
        self.back = back
        self.again = again
        self.previous = previous or MatchSettings(names=("", ""))
        self.online_only = online_only
        self.server_fixed = server_fixed
        #: where, the server and the clock as typed: kept when the form is drawn again in another language
        self._online = online or online_only
        self._server = server
        self._clock = clock
        #: what the form held when it was left with Esc (``None`` until then): to open it again as it was
        self.left_as: FormDraft | None = None
        #: the names typed, all four, kept when the number of players changes
        self._names = [*self.previous.names, "", "", ""][:MAX_PLAYERS]
        #: who plays each seat: ``None`` for a person, else the computer's level
        self._computers: list[str | None] = [*self.previous.computers, None, None, None, None][:MAX_PLAYERS]

    @property
    def players(self) -> int:
        pressed = self.query_one("#players", RadioSet).pressed_button
        return int((pressed.id or "players-2").removeprefix("players-")) if pressed else 2

    def compose(self) -> ComposeResult:
        previous = self.previous
        with Vertical(id="form"):
            with Horizontal(classes="row", id="where-row"):
                yield Label(_("Where"))
                with FormChoices(id="where", compact=True):
                    yield ChoiceButton(_("At this keyboard"), value=not self._online, id="where-here")
                    yield ChoiceButton(_("Online"), value=self._online, id="where-online")
            with Horizontal(classes="row", id="online-row"):
                yield Label(_("Server"))
                yield Input(
                    self._server,
                    placeholder=DEFAULT_SERVER,
                    id="server",
                    max_length=300,
                    compact=True,
                    disabled=self.server_fixed,
                )
                yield Label(_("Clock"), id="clock-label", markup=False)
                yield Input(self._clock, placeholder=_("none"), id="clock", max_length=8, compact=True)
                yield Static(_("per move, e.g. 1h"), id="clock-unit", markup=False)
            with Horizontal(classes="row"):
                yield Label(_("Players"))
                with FormChoices(id="players", compact=True):
                    yield ChoiceButton("2", value=previous.players == 2, id="players-2")
                    yield ChoiceButton("3", value=previous.players == 3, id="players-3")
                    yield ChoiceButton(_("4 in two teams"), value=previous.players == 4, id="players-4")
            for seat in range(MAX_PLAYERS):
                with Horizontal(classes="row", id=f"row-p{seat + 1}"):
                    yield Label(player_name(seat))
                    yield Input(
                        self._names[seat],
                        placeholder=player_name(seat),
                        id=f"p{seat + 1}",
                        max_length=MAX_NAME_CELLS * 2,
                        compact=True,
                    )
                    yield Select(
                        [(level_name(level), level or HUMAN) for level in (None, *LEVELS)],
                        value=self._computers[seat] or HUMAN,
                        allow_blank=False,
                        compact=True,
                        id=f"who-p{seat + 1}",
                        classes="who",
                    )
                yield Static(id=f"problem-p{seat + 1}", classes="problem", markup=False)
            yield Static(id="teams", markup=False)
            with Horizontal(classes="row"):
                yield Label(_("Who starts"))
                with FormChoices(id="first", compact=True):
                    for seat in range(MAX_PLAYERS):
                        yield ChoiceButton(
                            player_name(seat), value=previous.first == f"p{seat + 1}", id=f"first-p{seat + 1}"
                        )
                    yield ChoiceButton(_("Random draw"), value=previous.first == "random", id="first-random")
            with Horizontal(classes="row"):
                yield Label(_("Rounds"))
                yield Input(str(previous.rounds), id="rounds", type="integer", max_length=2, compact=True)
                # on the rounds' line, which has room: one more line would not fit 24 rows with four players
                yield TickBox(
                    _("Memory aid: the cards not seen yet"), previous.memory_aid, id="memory-aid", compact=True
                )
            with Horizontal(classes="row"):
                yield Label(_("Variants"))
                with Vertical(id="variant-boxes"):
                    yield TickBox(_("Long game: purple, 72 cards (R20)"), previous.rules.long, id="long", compact=True)
                    yield TickBox(
                        _("Nothing in hand: cards kept cost points (R21)"),
                        previous.rules.hand_penalty,
                        id="hand-penalty",
                        compact=True,
                    )
                    yield TickBox(
                        _("Cooperative: one team score (R22)"), previous.rules.cooperative, id="coop", compact=True
                    )
            with Horizontal(classes="row", id="think-row"):
                yield Label(_("Thinking"))
                yield Input(decimal(previous.think, 1), id="think", max_length=5, compact=True)
                yield Static(_("seconds a turn, for the hard level"), id="think-unit", markup=False)
            with Horizontal(classes="row"):
                yield Label(_("Language"))
                with FormChoices(id="language", compact=True):
                    for code, label in LANGUAGE_LABELS.items():
                        yield ChoiceButton(label, value=current_language() == code, id=f"lang-{code}")
            yield Static(id="error", markup=False)
            with Horizontal(id="buttons"):
                yield Button(self._start_label(), variant="primary", id="start", compact=True)
                yield Button(_("Learn to play"), id="learn", compact=True)
                yield Button(_("Join with a code"), id="join", compact=True)
                yield TickBox(_("Tips"), self.tips, id="tips", compact=True)

    def on_mount(self) -> None:
        self.query_one("#form").border_title = _("New online game") if self.online_only else _("New match")
        self.query_one("#where-row").display = not self.online_only
        self.query_one("#tips").display = not self.online_only
        self._arrange()
        self.query_one("#start" if self.again else "#p1").focus()
        if self.problem:  # after the fields' first events, which clear a refusal
            self.call_after_refresh(self._say_problem)

    def _say_problem(self) -> None:
        self.query_one("#error", Static).update(self.problem)
        self.query_one("#clock" if self.server_fixed else "#server", Input).focus()

    def key_hints(self) -> list[tuple[str, str]]:
        """The keys of the field in focus: Enter and Tab move on, arrows choose, Space ticks."""
        focused = self.focused
        hints = [("Tab", _("next field"))]
        if isinstance(focused, Input):
            hints.insert(0, (key_name("enter"), _("next field")))
        elif isinstance(focused, RadioSet | RadioButton):  # Enter as from a name; Tab too, unsaid for the room
            hints = [(key_name("enter"), _("next field")), ("← →", _("choose"))]
        elif isinstance(focused, Checkbox):
            hints.append(("Space", _("tick")))
        elif isinstance(focused, Select):
            hints.insert(0, (key_name("enter"), _("choose")))
        elif focused is not None and isinstance(focused.parent, Select):  # its list is open
            hints = [("↑↓", _("choose")), (key_name("enter"), _("done")), (key_name("escape"), _("close the list"))]
        return [] if self.too_small else hints

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "dismiss":  # the open list's own Esc: worded by key_hints
            return None
        if binding.action == "leave" and self.back:  # opened from the online start: Esc goes back there
            return key_name("escape"), _("back")
        if binding.action == "learn" and self._online:  # its place in the bar is joining's, as its button's
            return None
        return super().key_entry(binding)

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    # ------------------------------------------------------------ the form follows the players

    def _start_label(self) -> str:
        return _("Create the game") if self._online else _("Start the match")

    @on(RadioSet.Changed, "#players")
    def _arrange(self) -> None:
        """Show the names, starters and variants that the number of players allows (R23f, R24f), and the
        server and the clock for a game online (where the server's computers think their own time)."""
        players = self.players
        self.query_one("#online-row").display = self._online
        # online, joining a friend's game takes the lesson's place, beside creating one (the lesson stays on Ctrl+L)
        self.query_one("#learn").display = not self._online
        self.query_one("#join").display = self._online and not self.online_only
        self.query_one("#start", Button).label = self._start_label()
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#row-p{seat + 1}").display = seat < players
            self.query_one(f"#first-p{seat + 1}").display = seat < players
            self.query_one(f"#p{seat + 1}", Input).placeholder = self._default_for(seat)
            self._label_starter(seat)
        self.query_one("#think-row").display = "hard" in self._computers[:players] and not self._online
        first = self.query_one("#first", RadioSet).pressed_button
        if first is None or not first.display:
            self.query_one("#first-p1", RadioButton).value = True
        # the memory aid is this app's, kept in its save: a game server keeps only the rules
        aid = self.query_one("#memory-aid", Checkbox)
        aid.disabled = self._online
        aid.label = _("Memory aid: at one keyboard only") if self._online else _("Memory aid: the cards not seen yet")
        coop = self.query_one("#coop", Checkbox)
        coop.disabled = players == 4
        if players == 4:
            coop.value = False
            coop.label = _("Cooperative: not with four, already in teams (R24f)")
        else:
            coop.label = _("Cooperative: one team score (R22)")
        self._check_names()
        teams = self.query_one("#teams", Static)
        teams.display = players == 4
        if players == 4:
            names = [self._shown_name(seat) for seat in range(4)]
            teams.update(
                _("Teams (R24a): {a} & {c} against {b} & {d}, playing in turn {a}, {b}, {c}, {d}.").format(
                    a=names[0], b=names[1], c=names[2], d=names[3]
                )
            )

    def _default_for(self, seat: int) -> str:
        """The name a seat plays under when its field is left empty, shown greyed in it:
        the computer's (``Computer``, ``Computer 2``) or the seat's (``Player 2``)."""
        if self._computers[seat]:
            return computer_name(seat, sum(level is not None for level in self._computers[: self.players]))
        return player_name(seat)

    def _shown_name(self, seat: int) -> str:
        """The name typed, else the seat's default (:meth:`_default_for`)."""
        return clean_name(self._names[seat]) or self._default_for(seat)

    def _check_names(self) -> None:
        """Say under each name what is wrong with it, as it is typed: too wide, a control character,
        the same as an earlier player's.  Nothing is said of a name that is right."""
        players = self.players
        names = [self._shown_name(seat) for seat in range(players)]
        problems: list[PlayerNamesError | None] = []
        for seat, name in enumerate(names):
            clause = name_problem(seat, name)
            problems.append(PlayerNamesError(seat, clause) if clause else None)
        if not any(problems):
            try:
                check_names(names)
            except PlayerNamesError as clash:  # said under the later of the two names
                problems[clash.seat or 0] = clash
        for seat in range(MAX_PLAYERS):
            problem = problems[seat] if seat < players else None
            line = self.query_one(f"#problem-p{seat + 1}", Static)
            line.update(problem.sentence if problem else "")
            line.set_class(problem is not None, "-shown")

    def _label_starter(self, seat: int) -> None:
        # a name is shown as typed, never read as markup ("[/]"); one too wide (refused under it) is cut to the widest
        # a name may be, so that its column still ends in a blank before the next choice
        label = Content(self._shown_name(seat)).truncate(MAX_NAME_CELLS, ellipsis=True)
        self.query_one(f"#first-p{seat + 1}", ChoiceButton).label = label

    @on(Select.Changed, ".who")
    def who_changed(self, event: Select.Changed) -> None:
        """A seat changes hands (a person, or the computer at a level): its default name and the rows follow."""
        seat = int((event.select.id or "who-p1").removeprefix("who-p")) - 1
        self._computers[seat] = None if event.value == HUMAN else str(event.value)
        self._arrange()

    @on(RadioSet.Changed, "#where")
    def where_changed(self, event: RadioSet.Changed) -> None:
        self._online = event.pressed.id == "where-online"
        self._arrange()
        self.refresh_bindings()  # joining with a code is offered online

    @on(Input.Changed, "#server, #clock")
    def place_changed(self, event: Input.Changed) -> None:
        if event.input.id == "server":
            self._server = event.value
        else:
            self._clock = event.value

    @on(Input.Changed, "#p1, #p2, #p3, #p4")
    def name_changed(self, event: Input.Changed) -> None:
        """'Who starts' and the teams offer the names as they are typed."""
        seat = int((event.input.id or "p1")[1:]) - 1
        self._names[seat] = event.value
        self._label_starter(seat)
        if self.players == 4:
            self._arrange()
        else:
            self._check_names()

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        """Enter in a field moves on: only Ctrl+S or the button starts the match.

        From a name, Enter goes to the next name, then to who starts: names are typed in a row,
        and Tab reaches who plays each seat.
        """
        field = event.input.id or ""
        if field in NAME_FIELDS:
            later = NAME_FIELDS[NAME_FIELDS.index(field) + 1 : self.players]
            self.query_one(f"#{later[0]}" if later else "#first").focus()
        else:
            self.focus_next()

    @on(RadioSet.Changed, "#language")
    async def switch_language(self, event: RadioSet.Changed) -> None:
        """Switch every later text to the chosen language and redraw the form, keeping what was typed."""
        code = (event.pressed.id or "lang-en").removeprefix("lang-")
        if code == current_language():
            return
        self.previous = self._draft()
        set_language(code)
        self.app.post_message(LanguageChosen(code))  # kept: the next run speaks it too
        await self.recompose()
        self.on_mount()
        self.query_one("#language", RadioSet).focus()
        self.call_after_refresh(self._say_language_kept)  # after the new fields' first events, which clear it

    def _say_language_kept(self) -> None:
        """Under the form, until something is changed (not a refusal): the language chosen is kept."""
        note = self.query_one("#error", Static)
        note.add_class("-note")
        # Translators: said under the form once another language is chosen in it, in that language
        note.update(_("Kept for every command from now on; --lang changes it for one run."))

    # ------------------------------------------------------------ reading the form

    def _first(self) -> str:
        button = self.query_one("#first", RadioSet).pressed_button
        return (button.id or "first-p1").removeprefix("first-") if button else "p1"

    def _rounds(self) -> int | None:
        raw = self.query_one("#rounds", Input).value.strip()
        ok = raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MAX_ROUNDS
        return int(raw) if ok else None

    def _think(self) -> float | None:
        return read_seconds(self.query_one("#think", Input).value)

    def _draft(self) -> MatchSettings:
        """What the form holds now, even if incomplete (for redrawing it in another language)."""
        players = self.players
        first = self._first()
        computers = tuple(self._computers[:players])
        return MatchSettings(
            names=tuple(self._names[:players]) if players > 2 else (self._names[0], self._names[1]),
            computers=computers if None in computers else (),
            think=self._think() or self.previous.think,
            first=first if first == "random" or int(first[1:]) <= players else "p1",
            rounds=self._rounds() or 3,
            rules=Rules(
                players,
                long=self.query_one("#long", Checkbox).value,
                hand_penalty=self.query_one("#hand-penalty", Checkbox).value,
                cooperative=self.query_one("#coop", Checkbox).value and players != 4,
            ),
            seed=self.previous.seed,
            memory_aid=self.query_one("#memory-aid", Checkbox).value and not self._online,
        )

    def _settings(self) -> MatchSettings | OnlineMatch | tuple[str, str]:
        """The match the form sets up, or what is wrong and the field to put right (its id)."""
        players = self.players
        server = check_server(self._server) if self._online else None
        if self._online and server is None:
            return _server_wanted(), "#server"
        clock = read_duration(self._clock) if self._clock.strip() else None
        if self._online and self._clock.strip() and (clock is None or not MIN_CLOCK <= clock <= MAX_CLOCK):
            message = _("Clock: a time for each move from {min} to {max}, such as 2m, 1h or 3d; empty for no limit.")
            return message.format(min=said_duration(MIN_CLOCK), max=said_duration(MAX_CLOCK)), "#clock"
        if None not in self._computers[:players]:
            return _("At least one player is a person: choose Human for someone."), "#who-p1"
        given = [self._shown_name(seat) for seat in range(players)]  # a name left empty: the seat's default
        try:
            names = check_names(given)
        except PlayerNamesError as problem:
            return problem.sentence, f"#p{(problem.seat or 0) + 1}"
        rounds = self._rounds()
        if rounds is None:
            return _("Rounds: a number from 1 to {max}.").format(max=MAX_ROUNDS), "#rounds"
        think = self._think()
        if think is None and "hard" in self._computers[:players] and not self._online:
            message = _("Thinking: a number of seconds from {min} to {max}.")
            return message.format(min=decimal(MIN_THINK, 1), max=decimal(MAX_THINK, 0)), "#think"
        settings = replace(self._draft(), names=names)  # the draft's rounds and thinking time are those checked here
        return OnlineMatch(settings, server, clock) if server is not None else settings

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start the match; else say what is wrong and go to the field that needs it."""
        settings = self._settings()
        if isinstance(settings, tuple):
            message, field = settings
            self._refuse("" if field.removeprefix("#") in NAME_FIELDS else message, field)  # a name's: said under it
            return
        self.dismiss(settings)

    def _refuse(self, message: str, field: str) -> None:
        """Say what is wrong under the form, and go to the field to put right (its id)."""
        error = self.query_one("#error", Static)
        error.remove_class("-note")
        error.update(message)
        self.query_one(field).focus()

    @on(Input.Changed)
    @on(Select.Changed)
    def clear_error(self) -> None:
        """A refusal stays only until the players change something."""
        self.query_one("#error", Static).update("")

    def action_statistics(self) -> None:
        self.post_message(StatisticsRequested())

    def action_leave(self) -> None:
        self.left_as = FormDraft(self._draft(), self._server, self._clock)
        self.dismiss(None)

    @on(Button.Pressed, "#learn")
    def action_learn(self) -> None:
        """The lesson instead of a match (the form's choices are not kept)."""
        self.dismiss(LEARN)

    @on(Button.Pressed, "#join")
    def action_join(self) -> None:
        """Online, a code a friend sent rather than a game to create: the online start, on the server chosen."""
        if check_server(self._server) is None:
            self._refuse(_server_wanted(), "#server")
            return
        self.dismiss(JoinWithCode(FormDraft(self._draft(), self._server, self._clock)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "learn" and self.online_only:
            return False
        if action == "join" and (self.online_only or not self._online):  # the online app's form: its Esc goes back
            return False  # to the online start, where a code is typed
        return super().check_action(action, parameters)

    @on(Checkbox.Changed, "#tips")
    def keep_tips(self, event: Checkbox.Changed) -> None:
        """The app keeps the choice in the player's settings, whatever becomes of the form."""
        event.stop()
        self.tips = event.value
        self.app.post_message(TipsChanged(event.value))
