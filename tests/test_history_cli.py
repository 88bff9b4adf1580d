"""``lost-cities history`` and ``lost-cities export``, cli_in as a user would, in a data folder of their own."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.cells import cell_len

from lost_cities.engine import Rules
from lost_cities.storage import MatchStore, SavedMatch, result_label, variant_label
from lost_cities.words import signed
from tests.conftest import EVERY_LANGUAGE, Cli
from tests.storage.matches import random_match

START = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def terminal_of_100_columns_in_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("COLUMNS", "100")
    for variable in ("FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(variable, raising=False)
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[SavedMatch]]:
    folder = tmp_path_factory.mktemp("data")
    store = MatchStore(folder)
    kept = []
    for day, (seed, rules, rounds, names) in enumerate(
        [
            (5, Rules(), 3, ("Ana", "Boris")),
            (6, Rules(long=True, hand_penalty=True), 2, ("Zoë", "[b]Бор[/]")),
        ]
    ):
        match = random_match(seed, 10_000, rules=rules, rounds=rounds)
        saved = SavedMatch.start(names, match, now=START + timedelta(days=day))
        kept.append(store.finish_current(saved))
    match = random_match(7, 60)
    store.save_current(SavedMatch.start(("Ana", "Cleo"), match, now=START + timedelta(days=2)))
    abandoned = store.abandon_current()
    assert abandoned is not None
    kept.append(abandoned)
    return folder, kept


def test_history_on_a_new_machine_says_where_matches_will_go(cli_in: Cli, tmp_path: Path) -> None:
    result = cli_in(tmp_path / "none", "history")
    assert result.status == 0
    assert " ".join(result.out.split()) == f"No finished matches yet; they will be kept in {tmp_path / 'none'}."
    assert not (tmp_path / "none").exists()


def test_history_table_lists_every_match_readable_without_colour(
    cli_in: Cli, data: tuple[Path, list[SavedMatch]]
) -> None:
    folder, kept = data
    result = cli_in(folder, "history")
    assert result.status == 0 and result.err == ""
    out = result.out
    assert "\x1b[" not in out  # piped: no colour codes, the words carry everything
    for saved in kept:
        assert saved.id in out
    for words in ("Match", "Players", "Rounds", "Total", "Result"):
        assert words in out
    assert "2026-05-01 20:00" in out and "2026-05-03 20:00" in out  # dates
    assert "classic" in out and "long, nothing in hand, 2 rounds" in " ".join(out.split())
    assert "[b]Бор[/]" in out  # a name is printed as it is, never read as markup
    assert "abandoned" in out
    first = kept[0]
    assert first.outcome is not None
    winner = first.names[first.outcome.winner] if first.outcome.winner is not None else None
    assert (f"{winner} won" if winner else "draw") in out
    for seat, name in enumerate(first.names):  # a line per player: the name, each round's score, the total
        scores = [signed(scores[seat]) for scores in first.round_scores]
        expected = " ".join([name, *scores, signed(first.totals[seat])])
        assert any(expected in " ".join(line.split()) for line in out.splitlines())
    assert "-" not in " ".join(line for line in out.splitlines() if line.startswith(first.names[0]))  # −, not -
    assert out.rstrip().endswith(f"Kept in {folder}")
    assert out.index(kept[0].id) < out.index(kept[1].id) < out.index(kept[2].id)  # oldest first


@pytest.fixture(scope="module")
def varied(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every variant, the longest and the widest names, a match of 20 rounds, a team game, an abandoned one."""
    folder = tmp_path_factory.mktemp("varied")
    store = MatchStore(folder)
    specs = [
        (5, Rules(), 3, ("Ana", "Boris")),
        (6, Rules(long=True, hand_penalty=True, cooperative=True), 5, ("Zoë", "Борис")),
        (7, Rules(cooperative=True), 3, ("Alexandrinet", "Maximiliennn")),
        (8, Rules(long=True), 8, ("李小龙李小龙", "Ana")),
        (9, Rules(hand_penalty=True), 20, ("Wolfgangusss", "Ekaterinaaaa")),
        (10, Rules(players=3, long=True), 3, ("Zoë", "Борис", "Alexandrinet")),
        (11, Rules(players=4), 2, ("Alexandrinet", "Boris", "Maximiliennn", "Dan")),
    ]
    for day, (seed, rules, rounds, names) in enumerate(specs):
        match = random_match(seed, 10_000, rules=rules, rounds=rounds)
        store.finish_current(SavedMatch.start(names, match, now=START + timedelta(days=day)))
    store.save_current(SavedMatch.start(("Ana", "Cleo"), random_match(9, 60), now=START + timedelta(days=9)))
    store.abandon_current()
    return folder


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_history_never_breaks_a_word_at_80_columns(
    cli_in: Cli, varied: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `cooperati`/`ve`, `classiqu`/`e`, `abandonné`/`e`
    monkeypatch.setenv("COLUMNS", "80")
    result = cli_in(varied, "--lang", language, "history")
    assert result.status == 0 and result.err == ""
    lines = result.out.splitlines()
    assert all(cell_len(line) <= 80 for line in lines)
    shown = set(result.out.split())
    listing = MatchStore(varied).list_history()
    assert len(listing.matches) == 8
    for saved in listing.matches:
        texts = [saved.id, *saved.names, result_label(saved), variant_label(saved.record.rules, saved.record.rounds)]
        for word in " ".join(texts).split():
            assert word in shown, (word, language)
        for total in saved.totals:
            assert signed(total) in shown
    twenty = listing.matches[4]
    assert all(signed(scores[0]) in shown for scores in twenty.round_scores)  # every round, in blocks


@pytest.mark.parametrize("width", [40, 50, 64, 80])
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_history_cuts_no_word_and_no_number_at_any_width(
    cli_in: Cli, varied: Path, language: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a total −27 shown as "−2" at 50 columns, "abandone" at 64: Rich squeezed a column that could not fit
    monkeypatch.setenv("COLUMNS", "200")
    wide = cli_in(varied, "--lang", language, "history").out.splitlines()
    monkeypatch.setenv("COLUMNS", str(width))
    result = cli_in(varied, "--lang", language, "history")
    assert result.status == 0 and result.err == ""
    lines = result.out.splitlines()
    assert all(cell_len(line) <= width or len(line.split()) == 1 for line in lines), lines  # a path may be wider
    headings, rule, *rows = wide
    assert set(rule) == {"─"}
    # every word and number of the wide table, as often (a block per match names each side beside its scores)
    expected = Counter(" ".join([*headings.split()[:1], *headings.split()[2:], *rows]).split())
    shown = Counter(result.out.split())
    assert not expected - shown, (expected - shown, language, width)


def test_history_gives_a_side_per_line_and_names_both_partners(cli_in: Cli, varied: Path) -> None:
    # R24a: four play in two teams; a score, a total and a win are a team's
    result = cli_in(varied, "history")
    lines = result.out.splitlines()
    four = next(saved for saved in MatchStore(varied).list_history().matches if saved.record.rules.teams)
    assert four.side_names == ("Alexandrinet & Maximiliennn", "Boris & Dan")
    at = next(index for index, line in enumerate(lines) if four.id in line)
    first, second, third = (" ".join(line.split()) for line in lines[at : at + 3])
    scores = " ".join(signed(scores[0]) for scores in four.round_scores)
    assert f"Alexandrinet & {scores} {signed(four.totals[0])}" in first  # too wide for one line: a line per partner
    assert "Maximiliennn" in second and f"Boris & Dan {signed(four.round_scores[0][1])}" in third
    assert four.outcome is not None and four.outcome.winner is not None
    assert f"{four.side_names[four.outcome.winner]} won" in " ".join(result.out.split())
    report = json.loads(cli_in(varied, "history", "--json").out)
    assert report["matches"][6]["sides"] == [[0, 2], [1, 3]] and report["matches"][0]["sides"] == [[0], [1]]


def test_history_is_in_colour_when_asked(
    cli_in: Cli, data: tuple[Path, list[SavedMatch]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = cli_in(data[0], "history")
    assert result.status == 0 and "\x1b[" in result.out


def test_history_json_for_scripts(cli_in: Cli, data: tuple[Path, list[SavedMatch]]) -> None:
    folder, kept = data
    result = cli_in(folder, "history", "--json")
    assert result.status == 0
    report = json.loads(result.out)
    assert report["data_dir"] == str(folder) and report["damaged"] == []
    assert [entry["id"] for entry in report["matches"]] == [saved.id for saved in kept]
    first, second, third = report["matches"]
    assert first["players"] == ["Ana", "Boris"] and first["status"] == "finished"
    assert first["created"] == "2026-05-01T20:00:00Z"
    assert first["round_scores"] == [list(scores) for scores in kept[0].round_scores]
    assert first["totals"] == list(kept[0].totals) and first["winner"] == kept[0].outcome.winner  # type: ignore[union-attr]
    assert second["variant"] == {"long": True, "hand_penalty": True, "cooperative": False, "rounds": 2}
    assert third["status"] == "abandoned" and third["winner"] is None


def test_a_damaged_history_file_is_reported_and_the_rest_listed(cli_in: Cli, tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    match = random_match(5, 10_000, rounds=1)
    saved = store.finish_current(SavedMatch.start(("Ana", "Boris"), match))
    broken = store.history_dir / "20200101-000000-dead.json"
    broken.write_text('{"format": 1, "id"')
    result = cli_in(tmp_path, "history")
    assert result.status == 0 and saved.id in result.out
    assert result.err == f"lost-cities history: {broken} could not be read: it is cut short or is not a JSON file.\n"
    report = json.loads(cli_in(tmp_path, "history", "--json").out)
    assert report["damaged"] == [{"path": str(broken), "reason": "it is cut short or is not a JSON file"}]


def test_a_history_of_damaged_files_alone_says_that_none_could_be_read(cli_in: Cli, tmp_path: Path) -> None:
    # found by a newcomer: the damaged file named on standard error, and nothing at all on standard output
    store = MatchStore(tmp_path)
    store.history_dir.mkdir(parents=True)
    (store.history_dir / "20200101-000000-dead.json").write_text('{"format": 1, "id"')
    result = cli_in(tmp_path, "history")
    assert result.status == 0 and result.out.startswith("No finished match could be read in ")
    assert "could not be read: it is cut short" in result.err


@pytest.mark.parametrize("command", ["replay", "export", "analyse"])
def test_a_history_of_one_damaged_file_is_said_by_what_opens_the_latest_not_called_empty(
    cli_in: Cli, tmp_path: Path, command: str
) -> None:
    # found by a newcomer: "no past match yet: play one first", the damaged match not named
    store = MatchStore(tmp_path)
    store.history_dir.mkdir(parents=True)
    broken = store.history_dir / "20200101-000000-dead.json"
    broken.write_text('{"format": 1, "id"')
    result = cli_in(tmp_path, command)
    assert result.status == 2 and result.out == ""
    assert result.err == f"lost-cities {command}: {broken} could not be read: it is cut short or is not a JSON file.\n"


def test_export_prints_the_record_that_replay_reads_back(
    cli_in: Cli, data: tuple[Path, list[SavedMatch]], tmp_path: Path
) -> None:
    folder, kept = data
    result = cli_in(folder, "export", kept[1].id)
    assert result.status == 0 and result.err == ""
    assert result.out == kept[1].to_json()
    shared = tmp_path / "match.json"
    shared.write_text(result.out, encoding="utf-8")
    assert MatchStore(tmp_path / "elsewhere").load(str(shared)) == kept[1]  # `replay FILE` on another machine
    assert cli_in(folder, "export", kept[1].id[:-3]).out == result.out  # a unique start of the id


def test_export_without_an_id_prints_the_most_recent_match_as_replay_opens_it(cli_in: Cli, tmp_path: Path) -> None:
    assert cli_in(tmp_path, "export").status == 2  # nothing yet: one line, no traceback
    store = MatchStore(tmp_path)
    for day, seed in enumerate((5, 6)):
        match = random_match(seed, 10_000, rounds=1)
        latest = store.finish_current(SavedMatch.start(("Ana", "Boris"), match, now=START + timedelta(days=day)))
    result = cli_in(tmp_path, "export")
    assert result.status == 0 and result.out == latest.to_json()


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("nope", "no match 'nope' in the history: lost-cities history lists them"),
        ("2026", "'2026' could mean several matches: "),
        # neither a file nor an id: it used to say "[/] could not be read: No such file or directory."
        ("[/]", "no match '[/]' in the history: lost-cities history lists them"),
        ("no/such/match", "no match 'no/such/match' in the history"),
    ],
)
def test_export_of_an_unknown_id_is_one_clear_line(
    cli_in: Cli, data: tuple[Path, list[SavedMatch]], key: str, message: str
) -> None:
    result = cli_in(data[0], "export", key)
    assert result.status == 2 and result.out == ""
    assert result.err.startswith(f"lost-cities export: {message}") and result.err.count("\n") == 1


def test_a_missing_file_that_looks_like_one_is_said_to_be_missing(
    cli_in: Cli, data: tuple[Path, list[SavedMatch]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "records").mkdir()
    for path in ("gone.json", "records/gone", str(tmp_path / "gone"), "/no/such/folder/match"):
        for command in ("export", "replay"):
            result = cli_in(data[0], command, path)
            assert result.status == 2 and result.out == ""
            assert result.err == f"lost-cities {command}: {path} could not be read: No such file or directory.\n"
    # found by a newcomer: the system's English in a French sentence ("Impossible de lire … : No such file …")
    french = cli_in(data[0], "--lang", "fr", "replay", "gone.json")
    assert (
        french.err
        == "lost-cities replay\u00a0: Impossible de lire gone.json\u00a0: aucun fichier ou dossier de ce nom.\n"
    )
    shared = tmp_path / "records" / "match"  # a file that exists is read, whatever its name
    shared.write_text(data[1][0].to_json(), encoding="utf-8")
    assert cli_in(data[0], "export", "records/match").out == data[1][0].to_json()


def test_export_of_a_damaged_record_says_so(cli_in: Cli, tmp_path: Path) -> None:
    (tmp_path / "history").mkdir()
    broken = tmp_path / "history" / "20200101-000000-dead.json"
    broken.write_text('{"format": 7}')
    result = cli_in(tmp_path, "export", "20200101-000000-dead")
    assert result.status == 2 and result.out == ""
    message = f"{broken} could not be read: it has format 7, and this version reads formats 1 to 2."
    assert result.err == f"lost-cities export: {message}\n"
    replayed = cli_in(tmp_path, "replay", str(broken))  # one convention: every refusal of input exits 2
    assert replayed.status == 2 and replayed.err == f"lost-cities replay: {message}\n"


def test_a_default_name_given_in_another_language_is_shown_in_todays(cli_in: Cli, tmp_path: Path) -> None:
    # a match against the computer played in French, then the history read in Russian and in English: the names
    # the program gave ("Ordinateur", "Joueur 1") follow the language, a name a person chose stays as it is
    store = MatchStore(tmp_path)
    match = random_match(5, 10_000, rounds=1)
    store.finish_current(SavedMatch.start(("Joueur 1", "Ordinateur"), match, computers=(None, "easy")))
    store.finish_current(SavedMatch.start(("Ana", "Ordinateur"), random_match(6, 10_000, rounds=1)))  # a person
    russian = cli_in(tmp_path, "--lang", "ru", "history").out
    assert "Компьютер (лёгкий)" in russian and "Игрок 1" in russian
    english = cli_in(tmp_path, "history").out
    assert "Computer (easy)" in english and "Player 1" in english
    assert "Ordinateur" in english  # the person who chose that name
    assert "Joueur" not in english and "Ordinateur (" not in english
    kept = json.loads(cli_in(tmp_path, "history", "--json").out)["matches"]
    assert ["Joueur 1", "Ordinateur"] in [match["players"] for match in kept]  # the record keeps what was given


def test_a_match_won_on_time_is_listed_as_won_on_time(cli_in: Cli, tmp_path: Path) -> None:
    from lost_cities.net.protocol import Record

    frame = Record(random_match(1, 6).record(), ("Ana", "Boris"), (None, None), claimed_by=1, out_of_time=0)
    MatchStore(tmp_path).file_finished(SavedMatch.online_game(frame))
    assert "Boris won on time" in cli_in(tmp_path, "history").out
    (entry,) = json.loads(cli_in(tmp_path, "history", "--json").out)["matches"]
    assert (entry["status"], entry["winner"], entry["claimed_by"], entry["out_of_time"]) == ("finished", 1, 1, 0)
