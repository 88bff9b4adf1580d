"""The save file (format 2; format 1 still loads): a record the engine replays, checked field by field."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lost_cities.ai.levels import DEFAULT_THINK
from lost_cities.engine import Match, Phase, Play, Rules, card_from_code
from lost_cities.i18n import set_language
from lost_cities.storage import FORMAT, DamagedSaveError, SavedMatch, SaveStatus, result_label, resume_summary
from lost_cities.words import card_name
from tests.conftest import fuzz_examples
from tests.storage.matches import finished_match, json_paths, play_turns, random_match, saved_match, state

rules_st = st.builds(Rules, long=st.booleans(), hand_penalty=st.booleans(), cooperative=st.booleans())
PATH = Path("/data/current.json")


def assert_one_sentence(error: DamagedSaveError) -> None:
    message = str(error)
    assert message.endswith(".") and "\n" not in message and "Traceback" not in message
    assert error.reason in message


def refused(text: str | bytes) -> DamagedSaveError:
    with pytest.raises(DamagedSaveError) as caught:
        SavedMatch.from_json(text, PATH)
    assert_one_sentence(caught.value)
    assert str(PATH) in str(caught.value)
    return caught.value


def edited(saved: SavedMatch, change: Any) -> str:
    data = json.loads(saved.to_json())
    change(data)
    return json.dumps(data)


# ---------------------------------------------------------------- round trips


@settings(max_examples=25, deadline=None)
@given(
    rules=rules_st,
    seed=st.integers(0, 2**63 - 1),
    rounds=st.integers(1, 3),
    first=st.integers(0, 1),
    choices=st.integers(0, 2**32),
    turns=st.integers(0, 200),
    pending=st.booleans(),
)
def test_save_then_load_gives_the_identical_engine_state(
    rules: Rules, seed: int, rounds: int, first: int, choices: int, turns: int, pending: bool
) -> None:
    match = Match(rules, rounds=rounds, first=first, seed=seed)
    rng = random.Random(choices)
    play_turns(match, rng, turns)
    settled = state(match)
    if pending and not match.current.over:
        match.current.decide(rng.choice(match.current.legal_decisions()))  # quit after the play, before the draw
    saved = SavedMatch.start(("Ana", "Борис"), match)
    loaded = SavedMatch.from_json(saved.to_json().encode(), PATH)
    assert loaded == saved
    # a card played but not drawn for may still go back to the hand (R6): it is not saved
    assert state(loaded.replay()) == settled
    assert loaded.round_scores == tuple(match.round_scores) and loaded.totals == match.totals
    assert loaded.outcome == match.outcome and loaded.over == match.over


def test_the_file_is_readable_json_with_a_format_and_move_notation() -> None:
    saved = saved_match(turns=3, names=("Ana", "Борис"))
    text = saved.to_json()
    data = json.loads(text)
    assert data["format"] == FORMAT == 2
    assert data["players"] == ["Ana", "Борис"] and "Борис" in text  # UTF-8, not \u escapes
    assert data["status"] == "in_progress" and data["created"].endswith("Z")
    turns = data["record"]["played"][0]["turns"]
    assert len(turns) == 3 and all(turn[0] in "+-" and turn[-2] == " " for turn in turns)
    assert text.startswith("{\n  ") and text.endswith("}\n")


def test_the_file_keeps_short_lists_on_a_line_and_wraps_the_moves() -> None:
    saved = finished_match(seed=5, rounds=3)
    lines = saved.to_json().splitlines()
    assert max(map(len, lines)) <= 100
    long_names = finished_match(seed=5, rounds=3, names=("A" * 12, "B" * 12)).to_json()
    assert max(map(len, long_names.splitlines())) <= 100
    assert '  "players": ["Ana", "Boris"],' in lines
    assert any(line.startswith('  "scores": {"rounds": [[') for line in lines)
    moves = [line for line in lines if line.lstrip().startswith('"+') or line.lstrip().startswith('"-')]
    short = [line for line in moves if line.count('", "') < 5]
    assert moves and len(short) <= len(saved.record.played)  # only each round's last line of moves


def test_derived_scores_and_result_are_stored_for_people_and_the_history() -> None:
    saved = finished_match(seed=5, rounds=2)
    data = json.loads(saved.to_json())
    match = saved.replay()
    assert data["scores"] == {"rounds": [list(s) for s in match.round_scores], "totals": list(match.totals)}
    assert match.outcome is not None
    assert data["result"] == {"winner": match.outcome.winner, "team_score": None}


def test_loading_normalises_the_notation() -> None:
    saved = saved_match(turns=4)
    data = json.loads(saved.to_json())
    record: Any = data["record"]
    record["played"][0]["turns"] = [turn.upper().replace(" ", "   ") for turn in record["played"][0]["turns"]]
    assert SavedMatch.from_json(json.dumps(data)) == saved


# ---------------------------------------------------------------- damage


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), turns=st.integers(0, 120), rounds=st.integers(1, 3))
def test_every_truncation_loads_correctly_or_is_refused_clearly(seed: int, turns: int, rounds: int) -> None:
    saved = SavedMatch.start(("Zoë", "Борис"), random_match(seed, turns, rounds=rounds))
    data = saved.to_json().encode("utf-8")
    for length in range(len(data) + 1):
        try:
            loaded = SavedMatch.from_json(data[:length], PATH)
        except DamagedSaveError as error:
            assert_one_sentence(error)
        else:
            assert loaded == saved and length >= len(data) - 1  # only the final newline may go


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=fuzz_examples(150), deadline=None)
@given(data=st.data(), replacement=json_values, delete=st.booleans())
def test_any_changed_or_missing_field_loads_or_is_refused_clearly(
    data: st.DataObject, replacement: object, delete: bool
) -> None:
    saved = saved_match(seed=3, turns=12, rounds=2)
    tree: Any = json.loads(saved.to_json())
    path = data.draw(st.sampled_from(json_paths(tree)[1:]))
    parent = tree
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = replacement
    try:
        SavedMatch.from_json(json.dumps(tree), PATH)
    except DamagedSaveError as error:
        assert_one_sentence(error)


@settings(max_examples=fuzz_examples(150), deadline=None)
@given(flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=4))
def test_flipped_bytes_load_or_are_refused_clearly(flips: list[tuple[int, int]]) -> None:
    data = bytearray(saved_match(seed=9, turns=20).to_json().encode())
    for position, byte in flips:
        data[position % len(data)] = byte
    try:
        SavedMatch.from_json(bytes(data), PATH)
    except DamagedSaveError as error:
        assert_one_sentence(error)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "cut short or is not a JSON file"),
        ("{", "cut short or is not a JSON file"),
        ("not json at all", "cut short or is not a JSON file"),
        ("[" * 100_000, "cut short or is not a JSON file"),
        (b"\xff\xfe{}", "cut short or is not a JSON file"),
        ("[]", "not a saved match"),
        ("null", "not a saved match"),
        ("{}", "no format version"),
        ('{"format": 3}', "it has format 3, and this version reads formats 1 to 2"),
        ('{"format": "1"}', 'it has format "1", and this version reads formats 1 to 2'),
        ('{"format": true}', "it has format true"),
        ('{"format": 1.0}', "it has format 1.0"),
    ],
)
def test_broken_or_unknown_files_are_refused(text: str | bytes, reason: str) -> None:
    assert reason in refused(text).reason


def test_a_pickle_is_refused_and_never_executed() -> None:
    assert "not a JSON file" in refused(pickle.dumps(saved_match(turns=2))).reason


def test_an_oversized_file_is_refused_unread() -> None:
    assert "too large" in refused(b" " * (5 * 1024 * 1024)).reason


def test_a_move_the_rules_refuse_is_named() -> None:
    saved = saved_match(seed=2, turns=0)
    round_ = saved.replay().current
    absent = next(card for card in map(card_from_code, round_.deck) if not card.is_wager)
    text = edited(saved, lambda d: d["record"]["played"][0].update(turns=[f"+{absent} n"]))
    error = refused(text)
    assert error.reason == f"a move the rules refuse: {card_name(absent)} is not in your hand (R6)"
    assert error.detail.startswith("R6:")


HUGE = int("9" * 4000)


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
@pytest.mark.parametrize(
    ("change", "shown"),
    [
        (lambda d: d["record"].update(rounds=HUGE), "9" * 39 + "…"),
        (lambda d: d.update(format=HUGE), "9" * 39 + "…"),
        (lambda d: d["record"]["played"][0]["turns"].append("+" + "z" * 4000), "+" + "z" * 38 + "…"),
        (lambda d: d["record"]["played"][0]["turns"].append("+" + "\x1b[2J" * 1000), "+" + "\\x1b[2J" * 5 + "…"),
    ],
    ids=["rounds", "format", "move", "escapes"],
)
def test_a_huge_value_is_quoted_by_its_start(change: Any, shown: str, language: str) -> None:
    # a refusal quotes what was wrong, not all of it: a number of four thousand digits was a sentence of 4,174
    # characters; now its first 39 and an ellipsis, in a line, and nothing a terminal would act on
    set_language(language)
    try:
        error = refused(edited(saved_match(turns=2), change))
    finally:
        set_language("en")
    assert shown in str(error) and len(str(error)) < 160 and "\x1b" not in str(error)


def test_a_huge_move_is_quoted_with_how_long_it_is() -> None:
    error = refused(edited(saved_match(turns=2), lambda d: d["record"]["played"][0]["turns"].append("+" + "z" * 4000)))
    assert error.reason == "an unreadable move '+" + "z" * 38 + "…' (4001 characters)"


def test_an_unreadable_move_is_named() -> None:
    text = edited(saved_match(turns=2), lambda d: d["record"]["played"][0]["turns"].append("+z9 n"))
    assert refused(text).reason == "an unreadable move '+z9'"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.update(players="Ana"), "'players' is missing or wrong"),
        (lambda d: d.update(players=["Ana", "Boris", "Cleo"]), "'players' is missing or wrong"),
        (lambda d: d.update(players=["Ana", "  "]), "player 2's name is empty"),
        (
            lambda d: d.update(players=["Ana", "\x1b[2JBoris"]),
            "player 2's name holds an invisible or control character (U+001B)",
        ),
        # the app's own limits: names the board can show, distinct; at most MAX_ROUNDS rounds
        (lambda d: d.update(players=["Ana", "B" * 101]), "player 2's name is 101 characters long: at most 12 fit"),
        (lambda d: d.update(players=["Ana", "ANA"]), "players 1 and 2 both have the name 'ANA'"),
        (lambda d: d.update(players=["Ana"]), "a match has 2 to 4 players, not 1"),
        (lambda d: d["record"].update(rounds=10**19), "10000000000000000000 rounds, and a match has at most 20"),
        (lambda d: d["record"].update(rounds=21), "a match of 21 rounds"),
        (lambda d: d["record"].update(seed=True), "its moves do not fit the match"),
        (lambda d: d["record"].update(first=False), "its moves do not fit the match"),
        (lambda d: d["record"]["played"][0].update(starter=True), "its moves do not fit the match"),
        (lambda d: d.update(players=["Ana", 7]), "'players' is missing or wrong"),
        (lambda d: d.update(id="../../etc/passwd"), "'id' is missing or wrong"),
        (lambda d: d.pop("id"), "'id' is missing or wrong"),
        (lambda d: d.update(status="won"), "'status' is missing or wrong"),
        (lambda d: d.update(created="yesterday"), "'created' is missing or wrong"),
        (lambda d: d.update(updated="2026-11-22T00:53:15"), "'updated' is missing or wrong"),  # no offset
        # the calendar's ends overflow when converted
        (lambda d: d.update(created="0001-01-01T00:00:00+01:00"), "'created' is missing or wrong"),
        (lambda d: d.update(created="9999-12-31T23:59:59-14:00"), "'created' is missing or wrong"),
        (lambda d: d.update(updated="0001-01-01T00:00:00Z"), "'updated' is missing or wrong"),
        (lambda d: d.update(updated="9999-12-31T23:59:59Z"), "'updated' is missing or wrong"),
        (lambda d: d.update(created=20261122), "'created' is missing or wrong"),
        (lambda d: d.update(record=[]), "'record' is missing or wrong"),
        (lambda d: d["record"].update(seed="42"), "its moves do not fit the match"),
        (lambda d: d["record"].update(rounds=0), "its moves do not fit the match"),
        (lambda d: d["record"].update(first=2), "its moves do not fit the match"),
        (lambda d: d["record"]["rules"].update(long="yes"), "its moves do not fit the match"),
        (lambda d: d["record"]["played"][0].update(seed=1), "its moves do not fit the match"),
        (lambda d: d["record"]["played"][0].pop("turns"), "its moves do not fit the match"),
        (lambda d: d["record"]["played"][0].update(turns=[1, 2]), "its moves do not fit the match"),
        (lambda d: d["record"].update(played=[]), "its moves do not fit the match"),
        (lambda d: d["scores"].update(totals=[100, 0]), "its stored scores do not match its moves"),
        (lambda d: d.update(result={"winner": 0, "team_score": None}), "its stored scores do not match its moves"),
        # which seats the computer plays, how long it thinks, the hints taken
        (lambda d: d.update(computers=[None]), "'computers' is missing or wrong"),
        (lambda d: d.update(computers=[None, "expert"]), "'computers' is missing or wrong"),
        (lambda d: d.update(computers=["easy", "hard"]), "'computers' is missing or wrong"),  # nobody to play
        (lambda d: d.update(computers=[None, 3]), "'computers' is missing or wrong"),
        (lambda d: d.update(computers="hard"), "'computers' is missing or wrong"),
        (lambda d: d.update(think=0), "'think' is missing or wrong"),
        (lambda d: d.update(think=1e308), "'think' is missing or wrong"),
        (lambda d: d.update(think=True), "'think' is missing or wrong"),
        (lambda d: d.update(think="1"), "'think' is missing or wrong"),
        (lambda d: d.update(hints=[[1, 0], [0, 0]]), "'hints' is missing or wrong"),  # more rounds than played
        (lambda d: d.update(hints=[[1]]), "'hints' is missing or wrong"),
        (lambda d: d.update(hints=[[-1, 0]]), "'hints' is missing or wrong"),
        (lambda d: d.update(hints=[[10**30, 0]]), "'hints' is missing or wrong"),
        (lambda d: d.update(hints=[[True, 0]]), "'hints' is missing or wrong"),
        (lambda d: d.update(hints={"0": 1}), "'hints' is missing or wrong"),
    ],
)
def test_wrong_fields_and_types_are_refused(change: Any, reason: str) -> None:
    assert reason in refused(edited(saved_match(turns=5), change)).reason


def test_a_finished_status_needs_a_finished_match() -> None:
    text = edited(saved_match(turns=5), lambda d: d.update(status="finished"))
    assert "marked finished" in refused(text).reason


def test_text_from_elsewhere_is_named_as_a_record() -> None:
    with pytest.raises(DamagedSaveError, match=r"^The match record could not be read: it has no format version\.$"):
        SavedMatch.from_json("{}")


# ---------------------------------------------------------------- building and resuming


def test_start_refuses_names_that_cannot_be_kept() -> None:
    with pytest.raises(ValueError, match="empty"):
        SavedMatch.start(("Ana", ""), Match(seed=1))
    with pytest.raises(ValueError, match="control"):
        SavedMatch.start(("Ana", "Bo\nris"), Match(seed=1))


def test_ids_are_unique_and_safe_file_names() -> None:
    ids = {SavedMatch.start(("Ana", "Boris"), Match(seed=1)).id for _ in range(200)}
    assert len(ids) > 190  # a 4-hex-digit suffix within one second
    assert all(len(match_id) == 20 and match_id.replace("-", "").isalnum() for match_id in ids)


def test_with_match_follows_the_match_and_refuses_another() -> None:
    match = random_match(4, 0)
    saved = SavedMatch.start(("Ana", "Boris"), match)
    play_turns(match, random.Random(1), 3)
    later = saved.with_match(match)
    assert later.id == saved.id and later.created == saved.created and later.updated >= saved.updated
    assert later.record == match.record() and later.record != saved.record
    with pytest.raises(ValueError, match="started with"):
        saved.with_match(Match(seed=5))


def test_only_an_over_match_can_be_finished() -> None:
    with pytest.raises(ValueError, match="over"):
        saved_match(turns=3).with_status(SaveStatus.FINISHED)
    assert finished_match().with_status(SaveStatus.FINISHED).status is SaveStatus.FINISHED


def test_resume_gives_the_match_the_names_and_who_is_to_move() -> None:
    match = random_match(6, 7, first=1)
    resumed = SavedMatch.start(("Ana", "Boris"), match).resume()
    assert state(resumed.match) == state(match)
    assert resumed.names == ("Ana", "Boris")
    assert resumed.name_to_move == ("Ana", "Boris")[match.current.to_move]


def test_resume_between_rounds_deals_the_next_round() -> None:
    match = Match(seed=8, rounds=3)
    play_turns(match, random.Random(2), 10_000)
    assert match.over
    match = Match(seed=8, rounds=3)
    rng = random.Random(2)
    while not match.current.over:
        play_turns(match, rng, 1)
    saved = SavedMatch.start(("Ana", "Boris"), match)  # saved just after round 1's last turn
    resumed = saved.resume().match
    assert resumed.round_number == 2 and resumed.current.turns_played == 0
    assert resumed.current.starter == match.next_starter().seat  # R18
    assert resume_summary(saved) == "Ana vs Boris — round 2, 44 cards left"


def test_a_card_played_but_not_drawn_for_is_back_in_hand_on_resume() -> None:
    # R6: until the draw the card may still be taken back, so the save keeps the last completed turn
    match = random_match(6, 5)
    before = match.current.copy()
    play = match.current.legal_decisions()[0]
    assert isinstance(play, Play)
    match.current.play(play)
    resumed = SavedMatch.start(("Ana", "Boris"), match).resume().match
    assert resumed.current.phase is Phase.PLAY and resumed.current == before
    assert play.card in resumed.current.hand(resumed.current.to_move)


def test_resume_summary() -> None:
    match = random_match(3, 13)
    left = match.current.draw_pile_size
    assert 31 <= left < 44  # some draws came from discard piles
    assert resume_summary(SavedMatch.start(("Ana", "Boris"), match)) == f"Ana vs Boris — round 1, {left} cards left"
    rng = random.Random(0)
    while match.current.draw_pile_size > 1:
        play_turns(match, rng, 1)
    assert resume_summary(SavedMatch.start(("Ana", "Boris"), match)) == "Ana vs Boris — round 1, 1 card left"


DATA = Path(__file__).parent / "data"


def test_a_format_1_save_still_loads_and_resumes() -> None:
    # written by the previous version: two players, no player count in its rules
    text = (DATA / "format1-in-progress.json").read_bytes()
    saved = SavedMatch.from_json(text, PATH)
    assert saved.names == ("Ana", "Boris") and saved.record.rules == Rules(long=True, hand_penalty=True)
    resumed = saved.resume()
    assert resumed.match.round_number == 2 and resumed.match.current.turns_played == 5
    again = SavedMatch.from_json(saved.to_json(), PATH)  # saved again, it is format 2
    assert json.loads(again.to_json())["format"] == 2 and again.replay().current == resumed.match.current


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_player_matches_round_trip(players: int) -> None:
    match = random_match(5, 30, rules=Rules(players=players))
    names = ("Ana", "Boris", "Carl", "Dana")[:players]
    saved = SavedMatch.start(names, match)
    data = json.loads(saved.to_json())
    assert data["players"] == list(names) and data["record"]["rules"]["players"] == players
    loaded = SavedMatch.from_json(saved.to_json(), PATH)
    assert loaded == saved and state(loaded.replay()) == state(match)
    with pytest.raises(DamagedSaveError):  # as many names as players
        SavedMatch.from_json(saved.to_json().replace('"Ana", ', ""), PATH)


def test_the_computers_their_thinking_time_and_the_hints_round_trip() -> None:
    match = random_match(5, 30)
    saved = SavedMatch.start(("Ana", "Robot"), match, computers=(None, "hard"), think=2.5)
    saved = saved.with_match(match, hints=[[3, 0]])
    data = json.loads(saved.to_json())
    assert data["computers"] == [None, "hard"] and data["think"] == 2.5 and data["hints"] == [[3, 0]]
    loaded = SavedMatch.from_json(saved.to_json(), PATH)
    assert loaded == saved
    resumed = loaded.resume()
    assert (resumed.computers, resumed.think, resumed.hints) == ((None, "hard"), 2.5, ((3, 0),))
    assert resume_summary(loaded).startswith("Ana vs Robot (hard) — round 1")


def test_a_save_without_computers_is_a_match_of_people() -> None:
    """A file written before computers played: every seat a person's, no hint taken."""
    text = edited(saved_match(turns=5), lambda d: [d.pop(key) for key in ("computers", "think", "hints")])
    saved = SavedMatch.from_json(text, PATH)
    assert saved.computers == (None, None) and saved.think == DEFAULT_THINK and saved.hints == ()


def test_start_refuses_computers_it_could_not_keep() -> None:
    with pytest.raises(ValueError):
        SavedMatch.start(("Ana", "Robot"), Match(seed=1), computers=("hard", "easy"))
    with pytest.raises(ValueError):
        SavedMatch.start(("Ana", "Robot"), Match(seed=1), computers=(None, "hard"), think=60)


def test_the_memory_aid_is_kept_and_a_save_made_before_it_loads_with_it_off() -> None:
    match = random_match(6, 20)
    saved = SavedMatch.start(("Ana", "Boris"), match, memory_aid=True)
    data = json.loads(saved.to_json())
    assert data["memory_aid"] is True
    again = SavedMatch.from_json(saved.to_json(), PATH)
    assert again.memory_aid and again.resume().memory_aid
    del data["memory_aid"]  # as every save written before the setting existed
    older = SavedMatch.from_json(json.dumps(data), PATH)
    assert not older.memory_aid and not older.resume().memory_aid
    assert not SavedMatch.from_json((DATA / "format1-in-progress.json").read_bytes(), PATH).memory_aid
    assert "memory_aid" in str(refused(edited(saved, lambda d: d.update(memory_aid="yes"))))


# ---------------------------------------------------------------- an online match won on time


def ended_on_time(match: Match, claimed_by: int | None = 1, out_of_time: int | None = 0) -> SavedMatch:
    """``match`` as a server's ``record`` frame ends it: claimed on time by ``claimed_by``."""
    from lost_cities.net.protocol import Record

    names = ("Ana", "Boris", "Cleo", "Dan")[: match.rules.players]
    frame = Record(match.record(), names, (None,) * len(names), claimed_by=claimed_by, out_of_time=out_of_time)
    return SavedMatch.online_game(frame)


def test_a_match_won_on_time_is_the_claimants_win_whatever_the_scores() -> None:
    # found by a newcomer: both screens said "Boris wins: Ana's time ran out", and the history said "abandoned"
    first_round = len(random_match(9, 10_000, rounds=3).record().played[0].turns)
    match = random_match(9, first_round + 4, rounds=3)  # a round scored, the second under way
    won = ended_on_time(match)
    assert won.status is SaveStatus.FINISHED and won.outcome is not None and won.outcome.winner == 1
    assert result_label(won) == "Boris won on time"
    assert json.loads(won.to_json())["claim"] == {"by": 1, "out_of_time": 0}
    assert SavedMatch.from_json(won.to_json()) == won
    assert "claim" not in json.loads(saved_match().to_json())  # only where there is one


def test_a_team_wins_on_time_and_a_claim_no_server_sends_leaves_the_match_unwon() -> None:
    teams = ended_on_time(random_match(3, 5, rules=Rules(players=4)), claimed_by=3, out_of_time=0)
    assert teams.outcome is not None and teams.outcome.winner == 1  # Boris & Dan (R24a)
    assert result_label(teams) == "Boris & Dan won on time"
    for claimed_by, out_of_time in ((0, 0), (9, 0), (None, None)):  # own side, no such seat, no claim
        assert ended_on_time(random_match(3, 5), claimed_by, out_of_time).status is SaveStatus.ABANDONED
    cooperative = ended_on_time(random_match(3, 5, rules=Rules(cooperative=True)))
    assert cooperative.status is SaveStatus.ABANDONED  # nobody wins alone there (R22)


@pytest.mark.parametrize(
    "claim",
    [{"by": 0, "out_of_time": 0}, {"by": 2, "out_of_time": 0}, {"by": -1, "out_of_time": 0}, {"by": 1}, [1, 0]],
)
def test_a_claim_the_match_cannot_have_is_refused(claim: object) -> None:
    won = ended_on_time(random_match(9, 5))
    assert "'claim' is missing or wrong" in refused(edited(won, lambda d: d.update(claim=claim))).reason


def test_a_claim_on_a_match_played_to_its_end_is_refused() -> None:
    text = edited(
        finished_match().with_status(SaveStatus.FINISHED), lambda d: d.update(claim={"by": 1, "out_of_time": 0})
    )
    assert "'claim' is missing or wrong" in refused(text).reason
