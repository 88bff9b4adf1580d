"""Play in French and Russian: complete, fresh catalogs, and a program that speaks the chosen language.

The catalogs are checked against the source as it is now (messages extracted with babel at
test time, as ``tools/catalogs.sh`` does), so a new message without its French and Russian
translation, or a ``.mo`` not recompiled after its ``.po`` changed, fails here.
"""

from __future__ import annotations

import argparse
import gettext
import json
import re
import string
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from msgspec import Struct

babel_extract = pytest.importorskip("babel.messages.extract")
babel_frontend = pytest.importorskip("babel.messages.frontend")
babel_pofile = pytest.importorskip("babel.messages.pofile")

from lost_cities.engine import Colour  # noqa: E402
from lost_cities.i18n import DOMAIN, LOCALE_DIR, current_language, ngettext, set_language  # noqa: E402
from lost_cities.score.typed import parse_colour_word  # noqa: E402
from tests.conftest import Cli  # noqa: E402

ROOT = Path(__file__).parent.parent
TRANSLATED = ("fr", "ru")
LANGUAGE_VARIABLES = ("LOST_CITIES_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

Key = tuple[str | None, str]  # (context, msgid)


@cache
def source_messages() -> dict[Key, str | tuple[str, ...]]:
    """Every message the package marks (``_``, ``ngettext``, ``pgettext``, ``N_``), extracted now."""
    parse = getattr(babel_frontend, "parse_mapping_cfg", None) or babel_frontend.parse_mapping
    with open(ROOT / "babel.cfg") as config:
        method_map, options_map = parse(config)

    def in_package(path: str) -> bool:
        parts = Path(path).relative_to(ROOT).parts
        return parts[0] == "lost_cities" and not any(part.startswith((".", "_")) for part in parts)

    messages: dict[Key, str | tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in babel_extract.extract_from_dir(
        ROOT, method_map, options_map, directory_filter=in_package
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        messages[(context, msgid)] = message
    return messages


@cache
def po_catalog(language: str):  # type: ignore[no-untyped-def]
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as po:
        return babel_pofile.read_po(po, locale=language)


def po_entries(language: str) -> dict[Key, object]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in po_catalog(language) if m.id}


def test_the_source_has_messages() -> None:
    messages = source_messages()
    assert (None, "Draw pile: {n}") in messages and ("card", "red") in messages
    assert (None, "usage: ") in messages  # argparse's own words, marked in argparse_i18n


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_has_a_translation(language: str) -> None:
    catalog = po_catalog(language)
    entries = po_entries(language)
    problems = []
    for key, message in sorted(source_messages().items(), key=lambda item: str(item[0])):
        entry = entries.get(key)
        label = f"{key[0]}|{key[1]!r}" if key[0] else repr(key[1])
        if entry is None:
            problems.append(f"missing: {label}")
        elif entry.fuzzy:
            problems.append(f"fuzzy: {label}")
        elif isinstance(message, tuple) != isinstance(entry.id, tuple):
            problems.append(f"plural forms differ: {label}")
        elif isinstance(entry.string, tuple):
            if len(entry.string) != catalog.num_plurals or not all(entry.string):
                problems.append(f"a plural form is empty: {label}")
        elif not entry.string:
            problems.append(f"untranslated: {label}")
    assert not problems, f"{language}: run tools/catalogs.sh and translate:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_left_over(language: str) -> None:
    # A message the code no longer uses: re-extract (tools/catalogs.sh) so the catalogs stay honest.
    left_over = sorted(str(key) for key in po_entries(language) if key not in source_messages())
    assert not left_over, f"{language}: run tools/catalogs.sh; not in the source any more: {left_over}"


#: The metavars of the command line written alike in every language, left unmarked in lost_cities/cli/commands.py.
VERBATIM_METAVARS = {"A", "B", "C D", "ID", "ID|FILE", "URL", "A,B,…", "2|3|4"}


def command_line_texts() -> tuple[set[str], set[str]]:
    """Every text of the command line's table (:data:`lost_cities.cli.commands.PROGRAM`): its helps, descriptions,
    epilogs and titles, and its metavars."""
    from lost_cities.cli.commands import PROGRAM
    from lost_cities.cli.declaration import Command, Group, OneOf, Option

    texts: set[str] = set()
    metavars: set[str] = set()

    def options(items: tuple[Option | OneOf | Group, ...]) -> None:
        for item in items:
            if isinstance(item, Group):
                texts.update(text for text in (item.title, item.description) if text)
                options(item.options)
            elif isinstance(item, OneOf):
                options(item.options)
            else:
                texts.update([item.help] if item.help != argparse.SUPPRESS else [])  # an option not shown: no text
                metavars.update([item.metavar] if item.metavar else [])

    def command(each: Command) -> None:
        texts.update(text for text in (each.help, each.description, each.epilog) if text)
        options(each.options)
        if each.commands is not None:
            texts.update(text for text in (each.commands.metavar, each.commands.title) if text)
            options(each.commands.common)
            for under in each.commands.commands:
                command(under)

    command(PROGRAM)
    return texts, metavars


def test_every_text_of_the_command_line_is_marked_for_translation() -> None:
    # The table's texts are marked with N_ and translated as the parser is built: one left unmarked would be
    # English in every language, and no other test would notice.
    texts, metavars = command_line_texts()
    marked = {msgid for _context, msgid in source_messages()}
    assert sorted(texts - marked) == []
    assert metavars - marked == VERBATIM_METAVARS  # and none of those is a message that some catalog translates


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalog_matches_its_source(language: str) -> None:
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    expected: dict[object, str] = {}
    for key, entry in po_entries(language).items():
        if entry.fuzzy:
            continue
        context, msgid = key
        msgid = f"{context}\x04{msgid}" if context else msgid
        if isinstance(entry.string, tuple):
            expected.update({(msgid, index): form for index, form in enumerate(entry.string) if form})
        elif entry.string:
            expected[msgid] = entry.string
    actual = {key: value for key, value in compiled._catalog.items() if key != ""}
    stale = {key for key in expected.keys() | actual.keys() if expected.get(key) != actual.get(key)}
    assert not stale, f"{language}: the .mo is stale, run tools/catalogs.sh compile: {sorted(map(str, stale))[:10]}"
    assert compiled.info()["plural-forms"] == po_catalog(language).plural_forms


def test_russian_has_three_plural_forms() -> None:
    catalog = po_catalog("ru")
    assert catalog.num_plurals == 3
    set_language("ru")
    forms = {
        n: ngettext("   after {n} round: {totals}", "   after {n} rounds: {totals}", n) for n in (1, 2, 5, 11, 21, 22)
    }
    assert "партии" in forms[1] and "партии" in forms[21]  # 1, 21: one form
    assert "партий" in forms[2] and "партий" in forms[22] and "партий" in forms[5] and "партий" in forms[11]


_FORMATTER = string.Formatter()
_PERCENT = re.compile(r"%(?:\((\w+)\))?[#0\- +]*(?:\d+|\*)?(?:\.\d+)?([diouxXeEfFgGcrsa%])")


def placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """``{name}`` fields by name, and ``%`` conversions: ``%(name)s`` by name, bare ones in order."""
    try:
        fields = frozenset(name.split(".")[0].split("[")[0] for _, name, _, _ in _FORMATTER.parse(text) if name)
    except ValueError:  # not a format string at all (an unbalanced brace): compare it as text
        fields = frozenset({"<unbalanced {}>"})
    percent = tuple(f"%({name})" if name else f"%{kind}" for name, kind in _PERCENT.findall(text) if kind != "%")
    return fields, tuple(sorted(percent))


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for entry in po_entries(language).values():
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = {placeholders(msgid) for msgid in ids}
        for text in strings:
            if text and placeholders(text) not in wanted:
                wrong.append(f"{ids[0]!r} -> {text!r}")
    assert not wrong, f"{language}: placeholders differ:\n" + "\n".join(wrong)


# A plain space before French high punctuation lets the board wrap a line there, leaving the
# ":" or ";" alone at the start of the next line ("Votre jaune\n: 44 − 20 …").
_LOOSE_FRENCH_PUNCTUATION = re.compile(r"[^\s;:,!?] [:;!?](\s|$)")


def test_french_punctuation_is_held_to_its_word() -> None:
    loose = []
    for entry in po_entries("fr").values():
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        loose += [repr(text) for text in strings if text and _LOOSE_FRENCH_PUNCTUATION.search(text)]
    assert not loose, "use a no-break space (U+00A0) before : ; ! ? in:\n" + "\n".join(loose)


def test_placeholders_are_read_as_python_reads_them() -> None:
    assert placeholders("{name} laid {card}.") == (frozenset({"name", "card"}), ())
    assert placeholders("{s:.3f} and {text!r}") == (frozenset({"s", "text"}), ())
    assert placeholders("invalid %(type)s value: %(value)r, %s, 100%%") == (frozenset(), ("%(type)", "%(value)", "%s"))


# -- the program in each language -----------------------------------------------------------------


class Run(Struct):
    returncode: int
    stdout: str
    stderr: str


Runner = Callable[..., Run]


@pytest.fixture
def run(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Runner:
    """``lost-cities ARGS`` in a clean environment: no language variable but those given, 80 columns."""

    def in_process(*args: str, **environment: str) -> Run:
        for variable in LANGUAGE_VARIABLES:
            monkeypatch.delenv(variable, raising=False)
        monkeypatch.setenv("COLUMNS", "80")
        for variable, value in environment.items():
            monkeypatch.setenv(variable, value)
        result = cli(*args)
        return Run(result.status, result.out, result.err)

    return in_process


def test_score_refusal_in_french(run: Runner) -> None:
    # R6a: numbers go up, worded in French, the offending argument named, status 2
    result = run("--lang", "fr", "score", "red:w,3,2")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "lost-cities score\u00a0: red:w,3,2\u00a0: le 2 rouge ne peut pas suivre le 3 rouge\u00a0: "
        "les valeurs doivent monter (R6a)\n"
    )


def test_help_in_russian_from_the_environment(run: Runner) -> None:
    result = run("--help", LOST_CITIES_LANG="ru")
    assert result.returncode == 0
    assert result.stdout.startswith("использование: lost-cities")
    for words in ("показать эту справку и выйти", "показать версию программы и выйти", "язык: en, fr или ru"):
        assert words in result.stdout
    assert "show this help" not in result.stdout and "usage" not in result.stdout


@pytest.mark.parametrize("command", ["play", "score", "simulate"])
def test_every_command_help_in_russian(run: Runner, command: str) -> None:
    result = run("--lang", "ru", command, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("использование:") and "параметры:" in result.stdout
    assert "show this help" not in result.stdout


@pytest.mark.parametrize(("language", "range_said"), [("en", "0.1 to 10"), ("fr", "de 0,1 à"), ("ru", "от 0,1 до")])
def test_a_helps_decimals_are_written_as_its_language_writes_them(run: Runner, language: str, range_said: str) -> None:
    # found by a newcomer: the French help said "de 0.1 à 10 secondes" where the form says "1,0"
    result = run("--lang", language, "play", "--help", COLUMNS="200")
    assert result.returncode == 0 and range_said in result.stdout


def test_simulate_in_french_from_the_locale(run: Runner) -> None:
    result = run("simulate", "--rounds", "5", LANG="fr_FR.UTF-8")
    assert result.returncode == 0, result.stderr
    assert "Manches jouées\u00a0:" in result.stdout and "Tous les invariants ont tenu." in result.stdout


def test_lang_beats_the_environment(run: Runner) -> None:
    french = run("--lang", "fr", "score", "red:w,3,2", LOST_CITIES_LANG="ru", LANG="ru_RU.UTF-8")
    assert "le 2 rouge" in french.stderr
    assert (
        "le 2 rouge" in run("score", "--lang", "fr", "red:w,3,2", LOST_CITIES_LANG="ru").stderr
    )  # after the command too
    assert "le 2 rouge" in run("score", "red:w,3,2", LOST_CITIES_LANG="fr", LANG="ru_RU.UTF-8").stderr
    assert "красная карта 2" in run("score", "red:w,3,2", LANGUAGE="de:ru", LANG="fr_FR.UTF-8").stderr
    assert "red 2 can't follow red 3" in run("score", "red:w,3,2", LANG="de_DE.UTF-8").stderr  # else English


def test_argparse_errors_in_french(run: Runner) -> None:
    result = run("--lang", "fr", "play", "--first", "moi")
    assert result.returncode == 2
    assert result.stderr.startswith("lost-cities play\u00a0: argument --first\u00a0: choix invalide\u00a0: 'moi'")


# -- colour names as players type them (lost-cities score) ---------------------------------------


def score_json(run: Runner, *args: str) -> dict[str, object]:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def started(data: dict[str, object]) -> dict[str, list[str]]:
    return {row["colour"]: row["cards"] for row in data["expeditions"] if row["started"]}  # type: ignore[attr-defined, index]


def test_score_reads_french_colour_names(run: Runner) -> None:
    data = score_json(run, "--lang", "fr", "score", "rouge:3,4", "bleu:5", "BLANC:w", "vert:2", "y:9")
    assert started(data) == {"red": ["r3", "r4"], "blue": ["b5"], "white": ["ww"], "green": ["g2"], "yellow": ["y9"]}
    data = score_json(run, "--lang", "fr", "score", "--long", "pourpre:2", "red:7")  # English names still work
    assert started(data) == {"purple": ["p2"], "red": ["r7"]}


def test_score_reads_russian_colour_names(run: Runner) -> None:
    assert started(score_json(run, "--lang", "ru", "score", "красный:3")) == {"red": ["r3"]}
    data = score_json(run, "--lang", "ru", "score", "жёлтый:2", "Синий:3", "белый:4", "ЗЕЛЕНЫЙ:5", "red:6")
    assert started(data) == {"yellow": ["y2"], "blue": ["b3"], "white": ["w4"], "green": ["g5"], "red": ["r6"]}
    assert started(score_json(run, "--lang", "ru", "score", "желтый:2")) == {"yellow": ["y2"]}


def test_colour_names_of_every_language_are_read_whichever_is_spoken(run: Runner) -> None:
    # a French player whose terminal speaks Russian types "rouge": a colour's name in any language we speak is read
    assert started(score_json(run, "--lang", "ru", "score", "rouge:3")) == {"red": ["r3"]}
    result = run("--lang", "ru", "score", "rot:3")  # German is not among them: refused, the names listed
    assert result.returncode == 2 and "неизвестный цвет «rot»" in result.stderr


def test_parse_colour_word_reads_every_language() -> None:
    set_language("fr")
    assert parse_colour_word(" Pourpre ") is Colour.PURPLE and parse_colour_word("blanche") is Colour.WHITE
    assert parse_colour_word("w") is Colour.WHITE and parse_colour_word("white") is Colour.WHITE
    set_language("ru")
    assert parse_colour_word("Жёлтый") is Colour.YELLOW and parse_colour_word("желтый") is Colour.YELLOW
    assert parse_colour_word("bleu") is Colour.BLUE
    set_language("en")
    assert parse_colour_word("красный") is Colour.RED
    with pytest.raises(ValueError):
        parse_colour_word("bl")  # no colour's word: not a prefix of one
    assert current_language() == "en"


def test_no_word_typed_for_a_colour_in_any_language_means_another_colour() -> None:
    # every language's names are read at once: a translation that gave one colour another's word would be ambiguous
    from lost_cities.score.typed import _typed_colour_words

    words = [_typed_colour_words(colour) for colour in Colour]
    for index, these in enumerate(words):
        for those in words[index + 1 :]:
            assert not these & those
