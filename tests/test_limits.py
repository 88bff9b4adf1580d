"""One rule for player names (and the rounds limit), shared by the command line, the form and the saves."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lost_cities.i18n import set_language
from lost_cities.limits import (
    MAX_CLOCK,
    MAX_MARKS,
    MAX_NAME_CELLS,
    MAX_PLAYERS,
    MIN_CLOCK,
    PlayerNamesError,
    cell_width,
    check_names,
    clean_name,
    read_duration,
    said_duration,
)


def refusal(*names: str) -> PlayerNamesError:
    with pytest.raises(PlayerNamesError) as caught:
        check_names(names)
    return caught.value


def test_names_are_trimmed_and_composed() -> None:
    assert check_names([" Ana\u00a0", "Zoe\u0308"]) == ("Ana", "Zoë")
    assert check_names(["Ana", "Boris", "Cleo", "Dan"]) == ("Ana", "Boris", "Cleo", "Dan")  # 2 to 4 players (R23, R24)


@pytest.mark.parametrize(
    ("names", "seat", "words"),
    [
        (("", "Boris"), 0, "player 1's name is empty: give a name of 1 to 12 characters"),
        (("Ana", " \u3000 "), 1, "player 2's name is empty"),
        (("Ana", "Bo\tris"), 1, "player 2's name holds an invisible or control character (U+0009)"),
        (("Ana", "\x1b[2J"), 1, "(U+001B)"),
        (("Ana", "Bo\u200bris"), 1, "(U+200B)"),  # invisible (format) characters too
        (("Ana", "Bo\u202eris"), 1, "(U+202E)"),  # a right-to-left override would turn the board around
        (("Ana", "Bo\u2028ris"), 1, "(U+2028)"),  # a line separator
        (("Ana", "Boris", "Cleo\x00"), 2, "player 3's name holds an invisible or control character (U+0000)"),
        (("Ana", "B" * 13), 1, "player 2's name is 13 characters long: at most 12 fit on the board"),
        (("Ana", "李小龙李小龙李"), 1, "player 2's name is as wide as 14 characters (wide characters count twice)"),
        (
            ("Ana", "\u3164"),
            1,
            "player 2's name shows nothing (U+3164 is blank): give a name with at least one visible",
        ),
        (("\u2800", "Ana"), 0, "player 1's name shows nothing (U+2800 is blank)"),  # the Braille pattern with no dot
        (("Ana", "\u115f\u1160 \uffa0"), 1, "player 2's name shows nothing (U+115F is blank)"),
        (("Ana", "\u0301"), 1, "player 2's name shows nothing (U+0301 is blank)"),  # an accent on nothing
        (("Ana", "A\u3164na"), 1, "player 2's name holds U+3164, a character that shows as a blank: use an ordinary"),
        (("\u2800x", "Ana"), 0, "player 1's name holds U+2800, a character that shows as a blank"),
        (("Ana", "a" + "\u0301" * 60), 1, "player 2's name has 60 accents or marks on one character: a character may"),
        (
            ("Ana", "Bo" + "\u0316\u0301" * 2),
            1,
            "has 4 accents or marks on one character: a character may carry at most 3",
        ),
        (("Ana", "ana"), 1, "players 1 and 2 both have the name 'ana': give each player a name of their own"),
        (("Ana", "\u0410na"), 1, "players 1 and 2 have names that look the same, 'Ana' and 'Аna': give each player a"),
        (("Bob", "Ana", "B0B"), 2, "players 1 and 3 have names that look the same, 'Bob' and 'B0B'"),
        (("Zoë", "Boris", "ZOE\u0308"), 2, "players 1 and 3 both have the name 'ZOË'"),
        (("Ana",), None, "a match has 2 to 4 players, not 1"),
        (("A", "B", "C", "D", "E"), None, "a match has 2 to 4 players, not 5"),
    ],
)
def test_each_broken_rule_is_named_with_what_would_be_right(
    names: tuple[str, ...], seat: int | None, words: str
) -> None:
    error = refusal(*names)
    assert error.seat == seat and words in str(error) and "\n" not in str(error)
    assert error.sentence[0].isupper() and error.sentence.endswith(".")


def test_a_name_as_wide_as_the_board_allows_is_kept() -> None:
    assert check_names(["A" * MAX_NAME_CELLS, "李小龙李小龙"]) == ("A" * 12, "李小龙李小龙")
    assert check_names(["e\u0301" * 12, "Bo"])[0] == "é" * 12  # combining accents take no room


def test_the_refusal_speaks_the_players_language() -> None:
    set_language("fr")
    assert "joueur 2" in str(refusal("Ana", ""))
    set_language("ru")
    assert "игрока 2" in str(refusal("Ana", ""))


def test_the_new_refusals_speak_the_players_language() -> None:
    set_language("fr")
    assert "se ressemblent" in str(refusal("Ana", "\u0410na"))
    assert "paraît vide (U+3164" in str(refusal("\u3164", "Bo"))
    set_language("ru")
    assert "выглядят одинаково" in str(refusal("Ana", "\u0410na"))
    assert "выглядит пустым (U+2800" in str(refusal("\u2800", "Bo"))
    assert "с 21 диакритическим знаком:" in str(refusal("Ana", "a" + "\u0301" * 21))
    assert "с 22 диакритическими знаками:" in str(refusal("Ana", "a" + "\u0301" * 22))


@pytest.mark.parametrize(
    ("length", "said"),
    [(21, "длиной 21 символ:"), (22, "длиной 22 символа:"), (25, "длиной 25 символов:"), (31, "длиной 31 символ:")],
)
def test_a_length_is_said_with_the_plural_its_number_takes(length: int, said: str) -> None:
    # found by a review: Russian said "21 символов" for every length
    set_language("ru")
    assert said in str(refusal("Ana", "x" * length))


def test_the_width_of_a_name_is_never_less_than_what_the_screens_draw() -> None:
    # The board measures text with Rich: a name that fits by our count fits on screen.
    from rich.cells import cell_len

    for code in range(0x20, 0x20000):
        char = chr(code)
        if unicodedata.category(char)[0] != "C" and unicodedata.category(char) not in ("Zl", "Zp"):
            assert cell_width(char) >= cell_len(char), hex(code)


@given(st.text(st.characters(whitelist_categories=("Lu", "Ll", "Lo", "Nd", "Zs", "Po")), max_size=20))
def test_common_letters_are_measured_as_rich_does(text: str) -> None:
    from rich.cells import cell_len

    name = clean_name(text)
    assert cell_width(name) >= cell_len(name)
    try:
        kept = check_names([name, name + "x"])
    except PlayerNamesError:
        assert not name or cell_width(name + "x") > MAX_NAME_CELLS
    else:
        assert cell_len(kept[1]) <= MAX_NAME_CELLS and len(kept) == 2 <= MAX_PLAYERS


@pytest.mark.parametrize(
    ("typed", "kept"),
    [("👨\u200d👩\u200d👧", "👨👩👧"), ("❤️\u200d🔥", "❤️🔥"), ("🏳️\u200d🌈", "🏳️🌈"), ("Zoé 👩🏽\u200d💻", "Zoé 👩🏽💻")],
)
def test_an_emoji_sequence_is_a_name_kept_without_its_joiners(typed: str, kept: str) -> None:
    # found by a newcomer: a family emoji was refused as "a control character (U+200D)"; kept without its
    # joiners, the name is drawn as wide as it is measured on every terminal
    assert check_names((typed, "Ana")) == (kept, "Ana")


@pytest.mark.parametrize("name", ["Ana\u200d", "\u200d👨", "A\u200dna", "©\u200d®"])
def test_a_zero_width_joiner_anywhere_else_is_refused(name: str) -> None:
    # invisible there: "A\u200dna" would look like "Ana" on the board
    with pytest.raises(PlayerNamesError, match=r"player 1's name holds an invisible or control character \(U\+200D\)"):
        check_names((name, "Boris"))


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        ("Ana", "Ana\ufe0f", "look the same"),
        ("A\u034fna", "ana", "look the same"),
        # found by an attacker: marks that draw nothing, of Mongolian and Khmer, and the selectors of ideographs
        ("Ana", "Ana\u180b", "look the same"),
        ("Boris", "Bo\u17b4ris", "look the same"),
        ("Ana", "Ana\ufe00", "look the same"),
        ("Ana", "A\U000e0100na", "look the same"),
        ("👨\u200d👩", "👨👩", "both have the name"),
        ("Ana", "\u0410n\u0430", "look the same"),  # two Cyrillic letters
        ("Boris", "Во\u0433is", "look the same"),  # some of it
        ("Paul", "\u0420aul", "look the same"),  # a Cyrillic Р is a Latin P
        ("Olga", "0lga", "look the same"),  # a zero for an O
        ("Noël", "NOE\u0308L", "both have the name"),
        ("Ana Bo", "Ana\u00a0 Bo", "look the same"),  # two spaces look like one
    ],
)
def test_names_that_look_the_same_are_the_same_name(first: str, second: str, words: str) -> None:
    # «Аna» with a Cyrillic А and "Ana" would be two players no one can tell apart on the board
    with pytest.raises(PlayerNamesError, match=words):
        check_names((first, second))


@pytest.mark.parametrize(
    "names",
    [
        ("Zoë", "Zoé 👩\u200d💻", "Zoe", "Zoé"),  # an accent makes another name
        ("李小龙", "Nguyễn", "Наталья", "Сергей"),
        ("O'Brien", "Mary Jane", "🐉", "❤️"),
        ("Маша", "Миша", "Ivan", "Iwan"),
        ("Player 1", "Player 2", "Игрок 3", "Joueur 4"),
        ("שָּׁלוֹם", "Hà Nội", "Đặng", "Ana"),  # three marks on the shin, two on Vietnamese letters
    ],
)
def test_names_people_have_are_kept(names: tuple[str, ...]) -> None:
    assert check_names(names) == tuple(clean_name(name) for name in names)


@given(
    st.sampled_from("aeoAZжЖ李"),
    st.lists(st.sampled_from("\u0300\u0301\u0302\u0303\u0308\u0316\u0323\u20dd"), max_size=8),
)
def test_a_character_carries_at_most_a_few_marks(base: str, marks: list[str]) -> None:
    name = base + "".join(marks)
    try:
        check_names((name, "Bob"))
    except PlayerNamesError as error:
        assert len(marks) > MAX_MARKS and "accents or marks on one character" in str(error)
    else:
        assert len(marks) <= MAX_MARKS


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
@pytest.mark.parametrize(
    ("typed", "seconds"),
    [("3d", 259200), ("3j", 259200), ("3 д", 259200), ("2 min", 120), ("2мин", 120), ("1ч", 3600), ("90 sec", 90)],
)
def test_a_clock_is_read_in_any_language_whatever_the_program_speaks(language: str, typed: str, seconds: int) -> None:
    # noticed by a newcomer: a French player writes 3j for three days, a Russian one 1ч; both were refused
    set_language(language)
    assert read_duration(typed) == seconds


@pytest.mark.parametrize("typed", ["3", "d", "3 weeks", "3dd", "3 j d", "-3d", "3.5h"])
def test_what_is_not_a_time_is_not_read_as_one(typed: str) -> None:
    assert read_duration(typed) is None


@pytest.mark.parametrize(("language", "said"), [("en", "30d"), ("fr", "30j"), ("ru", "30д")])
def test_a_time_is_said_in_the_players_language_and_read_back_in_every_one(language: str, said: str) -> None:
    set_language(language)
    assert said_duration(MAX_CLOCK) == said
    for seconds in (MIN_CLOCK, 90, 7200, MAX_CLOCK):
        shown = said_duration(seconds)
        for other in ("en", "fr", "ru"):
            set_language(other)
            assert read_duration(shown) == seconds
        set_language(language)


def test_no_word_for_a_time_unit_means_two_units_in_any_language() -> None:
    # a word two languages gave to two units would be read as whichever came last
    from lost_cities.i18n import catalogs
    from lost_cities.limits import _UNIT_SECONDS, _unit_words

    meanings: dict[str, set[str]] = {}
    for unit in _UNIT_SECONDS:
        for catalog in catalogs():
            for word in _unit_words(catalog.pgettext, unit):
                meanings.setdefault(word.casefold(), set()).add(unit)
    assert {word: units for word, units in meanings.items() if len(units) > 1} == {}
    assert {"j", "д", "ч", "heures", "минут"} <= set(meanings)
