"""The command line: --help, --version, clear refusals of bad arguments (exit 2, no traceback), a fast start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lost_cities import __version__
from lost_cities.cli import _parser_in
from lost_cities.session import HotSeat, MatchSettings
from tests.conftest import Cli


def test_version_and_help(cli: Cli) -> None:
    assert cli("--version").out.strip() == f"lost-cities {__version__}"
    help_text = cli("--help").out
    assert "play" in help_text and "simulate" in help_text
    assert "--p1" in cli("play", "--help").out


#: What the help once said and no longer holds: two to four play, the replay shows every hand.
STALE_HELP = {"en": ("for two players", "both hands"), "fr": ("à deux", "deux mains"), "ru": ("вдвоём", "обоих")}
COMMANDS = ("play", "simulate", "score", "history", "export", "replay", "arena")


@pytest.mark.parametrize("language", sorted(STALE_HELP))
def test_every_help_says_what_the_program_does_now(cli: Cli, language: str) -> None:
    pages = {command: cli("--lang", language, command, "--help").out for command in ("", *COMMANDS) if command}
    pages["lost-cities"] = cli("--lang", language, "--help").out
    flat = {name: " ".join(page.split()) for name, page in pages.items()}  # argparse wraps at any word
    for name, page in flat.items():
        assert not [phrase for phrase in STALE_HELP[language] if phrase in page], name
    assert "lost-cities play" in flat["lost-cities"].split(COMMANDS[-1], 1)[1]  # after the list: bare plays
    think = flat["play"].split("--think", 2)[2]  # the option's line: the level named as --vs takes it
    assert think.split("(R5)")[0].count("hard") == 1


#: Every page of help there is: each command and each online action.
ALL_HELP = (
    (),
    *((command,) for command in (*COMMANDS, "stats", "analyse", "learn", "serve", "web", "online")),
    *(("online", action) for action in ("new", "bot", "export", "forget")),
)


@pytest.mark.parametrize("language", sorted(STALE_HELP))
def test_every_help_fits_an_80_column_terminal(cli: Cli, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # found by a newcomer: an example of `score --help` ran to 86 columns (99 in French), cut by the terminal
    monkeypatch.setenv("COLUMNS", "80")
    _parser_in.cache_clear()  # a parser is built once a process, for the terminal it then had
    try:
        for command in ALL_HELP:
            page = cli("--lang", language, *command, "--help").out
            assert page, command
            assert [line for line in page.splitlines() if len(line) > 80] == [], command
            # found by a newcomer: "lost-" / "cities COMMAND --help", broken at its hyphen
            assert [line for line in page.splitlines() if line.endswith("-") and not line.endswith(" -")] == [], command
            assert "--server-fixed" not in page  # lost-cities web's tabs' own, not a player's
    finally:
        _parser_in.cache_clear()


def test_the_installed_entry_point_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "lost_cities", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == f"lost-cities {__version__}"


@pytest.mark.parametrize(
    ("args", "unwanted"),
    [
        (["--help"], ("textual", "rich", "lost_cities.engine", "lost_cities.storage")),
        (["play", "--help"], ("textual", "rich", "lost_cities.engine", "lost_cities.storage")),
        (["score", "red:w,3,4", "b:5"], ("textual",)),
        (["history"], ("textual",)),
        (["export", "nope"], ("textual", "rich")),
    ],
)
def test_a_command_loads_only_what_it_needs(args: list[str], unwanted: tuple[str, ...]) -> None:
    # start-up stays fast: each command's heavy modules are imported only when it runs
    code = (
        "import contextlib, io, sys\n"
        "from lost_cities.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    try:\n"
        f"        main({args!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(','.join(sorted(m for m in sys.modules if m in {unwanted!r} or m.split('.')[0] in {unwanted!r})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


BAD_ARGUMENTS = [
    (("play", "--p1", "Ana"), "lost-cities play: give --p1 and --p2 (and --p3, --p4 for more players)"),
    (("play", "--p1", "A", "--p2", "B", "--p4", "D"), "--p4 without --p3: four players are --p1 to --p4, each given"),
    (("play", "--p1", "A", "--p2", "B", "--first", "p3"), "--first p3: there are only 2 players"),
    (("play", "--p1", "A", "--p2", "B", "--p3", "C", "--p4", "D", "--coop"), "not the cooperative game (R24f)"),
    (("play", "--p1", "A", "--p2", "B", "--p3", "a"), "both have the name 'a'"),
    (("play", "--p1", "A", "--p2", "B", "--rounds", "0"), "0 is out of range: give a number from 1 to 20"),
    (("play", "--p1", "A", "--p2", "B", "--rounds", "21"), "21 is out of range: give a number from 1 to 20"),
    (("play", "--p1", "A", "--p2", "B", "--rounds", "-1"), "-1 is out of range: give a number from 1 to 20"),
    (("play", "--p1", "A", "--p2", "B", "--rounds", "３"), "'３' is not a whole number written in digits 0-9"),
    (("play", "--p1", "A", "--p2", "B", "--rounds", "9" * 5000), "argument --rounds: 999999"),
    (("play", "--p1", "A", "--p2", "B", "--first", "me"), "invalid choice: 'me'"),
    (("play", "--p1", "A", "--p2", "B", "--seed", "x1"), "'x1' is not a whole number"),
    (("play", "--p1", "A", "--p2", "B", "--seed", "-1"), "-1 is out of range: give a number from 0 to "),
    # found by a newcomer: each started a match at this keyboard that ignored it
    (("play", "--p1", "A", "--p2", "B", "--players", "3"), "--players is for an online game (with --online); at this"),
    (("play", "--vs", "hard", "--clock", "5m"), "--clock is for an online game (with --online); at this keyboard"),
    (("play", "--name", "Bob"), "--name is for an online game (with --join); at this keyboard it would change"),
    # found by this session's newcomer: each of these online was ignored without a word
    (
        ("play", "--p1", "A", "--p2", "B", "--server", "ws://h:1"),
        "--server is for an online game (with --online, --join",
    ),
    (("play", "--online", "--vs", "hard"), "--vs is for a match at this keyboard: an online game does not read it"),
    (("play", "--online", "--p1", "A", "--think", "3"), "--think is for a match at this keyboard: an online game"),
    (("play", "--online", "--memory-aid"), "--memory-aid is for a match at this keyboard: an online game does not"),
    (("play", "--resume", "--online"), "--resume is for a match at this keyboard: an online game does not read it"),
    (("play", "--join", "K7QX-M2PA", "--p1", "A"), "--p1 is for a new game: --join takes the game as it was set up"),
    (("play", "--watch", "K7QX-M2PA", "--long"), "--long is for a new game: --watch takes the game as it was set up"),
    (("play", "--watch", "K7QX-M2PA", "--name", "Bo"), "--name is for --join: a watcher takes no seat"),
    (("play", "--online", "--name", "Bo"), "--name is for --join: with --online, --p1 is your name"),
    (
        ("play", "--online", "--clock", "1h"),
        "--clock is for a new online game: give --p1 (your name) too, or set it up",
    ),
    (("serve", "--db", ""), "lost-cities serve: --db is empty: give a SQLite file, or a postgresql:// address"),
    (("simulate", "--rounds", "1_000"), "'1_000' is not a whole number"),
    (("simulate", "--rounds", "-1"), "argument --rounds: -1 is out of range: give a number from 1 to "),
    (("frobnicate",), "lost-cities: argument COMMAND: invalid choice: 'frobnicate'"),
    (
        ("play", "--frob"),
        "lost-cities play: unrecognized arguments: --frob (lost-cities play --help lists the options)",
    ),
    (("history", "extra"), "lost-cities history: unrecognized arguments: extra"),
    (
        ("arena", "easy", "easy", "--frob"),
        "lost-cities arena: unrecognized arguments: --frob (lost-cities arena --help",
    ),
    (("online", "new", "--computer", "²=easy"), "'²=easy' is not a computer seat: write SEAT=LEVEL, such as 2=normal"),
    # found by the fuzz: several long arguments full of controls, each escaped and quoted in part
    (("play", "0" * 50 + "\x1f" * 30, "\x08" * 100, "\U00018cd6" * 90), "unrecognized arguments: 000"),
]


@pytest.mark.parametrize(("args", "message"), BAD_ARGUMENTS, ids=[" ".join(a)[:40] for a, _ in BAD_ARGUMENTS])
def test_bad_arguments_exit_2_with_one_clear_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli(*args)
    assert result.status == 2 and result.out == ""
    assert message in result.err and result.err.count("\n") == 1, result.err
    assert result.err.startswith("lost-cities") and len(result.err) < 260  # a long argument is cut


HUGE = "9" * 4000


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("play", "--seed", HUGE), "argument --seed: " + "9" * 39 + "… is out of range"),
        (("simulate", "--rounds", "x" + HUGE), "argument --rounds: 'x" + "9" * 38 + "…' (4001 characters) is not a"),
        (("play", "--first", "p" + HUGE), "invalid choice: 'p" + "9" * 38 + "…' (choose from"),
        (("replay", HUGE), "no match '" + "9" * 39 + "…' (4000 characters) in the history"),
        (("--lang", "fr", "replay", HUGE), "pas de partie «\u00a0" + "9" * 39 + "…\u00a0» (4000\u00a0caractères)"),
        (("--lang", "ru", "arena", HUGE, "easy"), "неизвестный бот «" + "9" * 39 + "…» (4000 символов)"),
        (("online", "bot", "K7QX-M2PA", "--level", "x" + HUGE), "unknown bot 'x" + "9" * 38 + "…' (4001 characters)"),
    ],
    ids=["number", "word", "choice", "match id", "fr", "ru", "bot"],
)
def test_a_huge_argument_is_quoted_by_its_start_and_its_length(cli: Cli, args: tuple[str, ...], said: str) -> None:
    # a refusal quotes what was wrong, not all of it: the first forty characters or so, and how long it was
    result = cli(*args)
    assert result.status == 2 and result.err.count("\n") == 1
    assert said in result.err and len(result.err) < 200, result.err


def test_many_unrecognized_arguments_are_cut_and_the_way_to_the_options_is_kept(cli: Cli) -> None:
    result = cli("stats", *[f"word{n}" for n in range(60)])
    assert result.status == 2 and result.err.count("\n") == 1
    assert "…" in result.err and result.err.endswith("(lost-cities stats --help lists the options)\n")


def test_random_first_player_is_drawn_from_the_seed() -> None:
    # R5: a random draw, reproducible with --seed
    firsts = {HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)}
    assert firsts == {0, 1}
    again = [HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)]
    assert again == [HotSeat.new(MatchSettings(first="random", seed=s)).to_move for s in range(20)]


def test_replay_refuses_an_unknown_match_and_an_empty_history(cli: Cli) -> None:
    empty = cli("replay")
    assert empty.status == 2 and empty.err.startswith("lost-cities replay: no past match yet")
    unknown = cli("replay", "20991231-nope")
    assert unknown.status == 2 and unknown.err.startswith("lost-cities replay: no match '20991231-nope'")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_bare_lost_cities_plays_and_without_a_terminal_says_so_and_where_the_commands_are(language: str) -> None:
    # what people install it for: a match; --help still lists the commands
    result = subprocess.run(
        [sys.executable, "-m", "lost_cities", "--lang", language],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith("lost-cities play") and "lost-cities --help" in result.stderr
    if language == "en":
        assert "needs a terminal" in result.stderr


def test_play_without_a_terminal_is_refused_like_replay() -> None:
    # stdin from /dev/null and stdout a pipe used to get escape codes forever
    result = subprocess.run(
        [sys.executable, "-m", "lost_cities", "play", "--p1", "Ana", "--p2", "Boris"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "lost-cities play: the game needs a terminal: run it without redirecting its input or output\n"
    )


def test_play_on_a_terminal_opens_the_app(cli: Cli) -> None:
    result = cli("play", "--p1", "Ana", "--p2", "Boris", "--rounds", "2", "--seed", "5", "--new", terminal=True)
    assert result.status == 0 and len(result.apps) == 1
    app = result.apps[0]
    assert app.opening.settings.rounds == 2 and app.opening.settings.seed == 5 and app.opening.start == "new"  # type: ignore[attr-defined]


@pytest.mark.parametrize("argv", [[], ["--lang", "fr"]])
def test_bare_lost_cities_on_a_terminal_plays_as_play_does(cli: Cli, argv: list[str]) -> None:
    # what people install it for: the form (or the offer to resume), as `lost-cities play` opens it
    from lost_cities.tui.match.match_app import MatchApp

    bare, play = cli(*argv, terminal=True), cli(*argv, "play", terminal=True)
    assert bare.status == 0 and bare.out == bare.err == "" and len(bare.apps) == 1
    app, expected = bare.apps[0], play.apps[0]
    assert isinstance(app, MatchApp) and isinstance(expected, MatchApp)
    assert (app.opening.settings, app.opening.form, app.opening.start) == (
        expected.opening.settings,
        expected.opening.form,
        expected.opening.start,
    )
    assert app.opening.settings is None and app.opening.start == "ask"  # no names: the form, after the offer to resume


def test_the_number_of_players_follows_from_the_names_given(cli: Cli) -> None:
    # R23, R24a: p1 and p3 are partners against p2 and p4; turn order p1, p2, p3, p4
    three = cli("play", "--p1", "Ana", "--p2", "Boris", "--p3", "Carl", "--first", "p3", terminal=True).apps[0]
    assert three.opening.settings.names == ("Ana", "Boris", "Carl") and three.opening.settings.first == "p3"  # type: ignore[attr-defined]
    four = cli("play", "--p1", "Ana", "--p2", "Boris", "--p3", "Carl", "--p4", "Dana", terminal=True).apps[0]
    assert four.opening.settings.rules.teams and four.opening.settings.rules.seats_of(0) == (0, 2)  # type: ignore[attr-defined]


async def test_options_without_names_fill_in_the_form(cli: Cli) -> None:
    # nothing given on the command line is ignored: without names, the form opens with it
    from textual.widgets import Checkbox, Input, RadioButton

    from lost_cities.tui.match.screens.setup import NewMatchScreen

    app = cli("play", "--long", "--rounds", "5", "--think", "0.5", "--first", "p3", terminal=True).apps[0]
    assert app.opening.settings is None  # type: ignore[attr-defined]
    async with app.run_test(size=(80, 24)) as pilot:  # type: ignore[attr-defined]
        await pilot.pause()
        form = app.screen  # type: ignore[attr-defined]
        assert isinstance(form, NewMatchScreen)
        assert form.players == 3 and form.query_one("#rounds", Input).value == "5"
        assert form.query_one("#long", Checkbox).value and form.query_one("#first-p3", RadioButton).value
        assert form.query_one("#think", Input).value == "0.5"
        form.query_one("#players").focus()
        await pilot.press("right")  # the arrows go on from the number chosen
        await pilot.pause()
        assert form.players == 4


def test_play_vs_a_level_is_one_person_against_the_computer(cli: Cli) -> None:
    app = cli("play", "--vs", "hard", "--p1", "Ana", "--think", "0,5", terminal=True).apps[0]
    settings = app.opening.settings  # type: ignore[attr-defined]
    assert settings.names == ("Ana", "Computer") and settings.computers == (None, "hard") and settings.think == 0.5
    default = cli("play", "--vs", "easy", "--lang", "fr", terminal=True).apps[0].opening.settings  # type: ignore[attr-defined]
    assert default.names == ("Joueur 1", "Ordinateur") and default.computers == (None, "easy")


def test_a_level_in_place_of_a_name_is_the_computer_s_seat_as_online(cli: Cli) -> None:
    # found by a newcomer: "--p2 hard", as online, made a person named "hard" at one keyboard
    two = cli("play", "--p1", "Ana", "--p2", "hard", terminal=True).apps[0].opening.settings  # type: ignore[attr-defined]
    assert two.names == ("Ana", "Computer") and two.computers == (None, "hard")
    three = cli("play", "--p1", "easy", "--p2", "Ana", "--p3", "normal", terminal=True).apps[0].opening.settings  # type: ignore[attr-defined]
    assert three.names == ("Computer 1", "Ana", "Computer 3") and three.computers == ("easy", None, "normal")
    people = cli("play", "--p1", "Ana", "--p2", "Hard", terminal=True).apps[0].opening.settings  # type: ignore[attr-defined]
    assert people.names == ("Ana", "Hard") and not any(people.computers)  # a level is written as the options list it


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "expert"], "argument --vs: invalid choice: 'expert' (choose from 'easy', 'normal', 'hard')"),
        (["--vs", "hard", "--think", "99"], "argument --think: 99 is out of range: give a number from 0.1 to 10"),
        (["--vs", "hard", "--think", "0"], "argument --think: 0 is out of range: give a number from 0.1 to 10"),
        # a negative number is a number: out of range as 0 is, not "not a number of seconds"
        (["--vs", "hard", "--think", "-1"], "argument --think: -1 is out of range: give a number from 0.1 to 10"),
        (["--vs", "hard", "--think=-0,5"], "argument --think: -0,5 is out of range: give a number from 0.1 to 10"),
        (["--vs", "hard", "--think", "１"], "argument --think: '１' is not a number of seconds such as 0.5"),
        (["--vs", "hard", "--think", "nan"], "argument --think: 'nan' is not a number of seconds such as 0.5"),
        (["--vs", "easy", "--p3", "Carl"], "--vs: you play one computer; for more players, give a level as --p2"),
        (["--p1", "hard", "--p2", "easy"], "at least one player is a person: give a name, not a level, to one of them"),
        # found by a newcomer: "Computer" as one's own name was refused as a name given twice, though only one was given
        (["--vs", "easy", "--p1", "computer"], "--p1 computer: that is the computer's name here; give yourself"),
    ],
)
def test_play_refuses_a_computer_it_cannot_set_up(cli: Cli, args: list[str], message: str) -> None:
    result = cli("play", *args, terminal=True)
    assert result.status == 2 and result.apps == []
    assert result.err.startswith(f"lost-cities play: {message}") and result.err.count("\n") == 1


def test_a_range_refused_is_written_with_the_language_s_decimal_sign(cli: Cli) -> None:
    # found by a newcomer: Russian asked for "0,5" (as they write it) but gave the range "от 0.1 до 10"
    result = cli("--lang", "ru", "play", "--vs", "hard", "--think", "99", terminal=True)
    assert result.status == 2 and result.err.endswith("укажите число от 0,1 до 10\n")


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--lang", "ru", "red:w"],
        ["score", "--lang", "ru", "red:w,3,2"],
        ["--lang", "ru", "--help"],
        ["--lang", "fr", "simulate", "--rounds", "2"],
        ["history", "--lang", "ru"],
        ["replay", "--lang", "ru"],
    ],
)
def test_a_terminal_that_cannot_show_every_letter_gets_question_marks_not_a_traceback(args: list[str]) -> None:
    # a terminal whose encoding cannot show ×, ·, é or Cyrillic: every command writes what it can
    environment = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run(
        [sys.executable, "-m", "lost_cities", *args], capture_output=True, env=environment, timeout=60
    )
    assert result.returncode in (0, 2) and b"Traceback" not in result.stderr
    assert b"?" in result.stdout + result.stderr
    (result.stdout + result.stderr).decode("ascii")  # nothing the terminal cannot show


NAMES = [
    (("", "B"), "player 1's name is empty: give a name of 1 to 12 characters"),
    (
        ("a\tb", "c"),
        "player 1's name holds an invisible or control character (U+0009): use letters, digits, spaces, "
        "punctuation and emoji",
    ),
    (("Ana", "x" * 101), "player 2's name is 101 characters long: at most 12 fit on the board"),
    (("Ana", "李小龙李小龙李"), "player 2's name is as wide as 14 characters (wide characters count twice)"),
    (("Ana", " ana "), "players 1 and 2 both have the name 'ana': give each player a name of their own"),
]


@pytest.mark.parametrize(("names", "message"), NAMES)
def test_play_refuses_names_the_game_cannot_use_before_any_screen_opens(
    cli: Cli, names: tuple[str, str], message: str
) -> None:
    result = cli("play", "--p1", names[0], "--p2", names[1], terminal=True)
    assert result.status == 2 and result.apps == []
    assert result.err.startswith(f"lost-cities play: {message}") and result.err.count("\n") == 1


@pytest.mark.parametrize("name", ["", "   "])
def test_against_the_computer_an_empty_name_is_refused_as_with_two_people(cli: Cli, name: str) -> None:
    result = cli("play", "--vs", "easy", "--p1", name, terminal=True)
    assert result.status == 2 and result.apps == []
    assert result.err.startswith("lost-cities play: player 1's name is empty") and result.err.count("\n") == 1


def test_play_trims_the_names_it_is_given(cli: Cli) -> None:
    result = cli("play", "--p1", "  Ana ", "--p2", "Zoe\u0308", terminal=True)
    assert result.status == 0 and len(result.apps) == 1
    settings = result.apps[0].opening.settings  # type: ignore[attr-defined]
    assert settings.names == ("Ana", "Zoë")  # trimmed, and composed as the saves keep it


def test_replay_refuses_a_match_still_being_played(cli: Cli, private_data_dir: Path) -> None:
    # H2: the hands of a match in progress stay secret
    from lost_cities.engine import Match
    from lost_cities.storage import MatchStore, SavedMatch

    store = MatchStore(private_data_dir)
    store.save_current(SavedMatch.start(("Ana", "Boris"), Match(seed=1)))
    result = cli("replay", str(store.current_path))
    assert result.status == 2 and "still being played" in result.err


def test_every_option_of_play_is_read_by_some_way_of_playing_and_refused_by_the_others() -> None:
    # an option added to play must be placed: read at this keyboard, online, or for a new match's settings
    from lost_cities.cli import play
    from lost_cities.cli.commands import PLAY
    from lost_cities.cli.declaration import Group, OneOf, Option

    def names(options: tuple[object, ...]) -> list[str]:
        found: list[str] = []
        for option in options:
            if isinstance(option, Option):
                found.append(option.name.removeprefix("--").replace("-", "_"))
            elif isinstance(option, OneOf | Group):
                found.extend(names(tuple(option.options)))
        return found

    placed = {*play._SETTINGS, *play._HERE, *play._ONLINE, "online", "join", "watch"}
    assert set(names(tuple(PLAY.options))) == placed
