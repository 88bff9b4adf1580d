"""docs/PROTOCOL.md stays true: every frame the code knows has its section, every field its row (a client's
with its bounds and default), every error code, limit and close code is there with the number the server
applies, and every JSON frame it quotes — the worked example included — is one the code reads."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path

import msgspec
import msgspec.inspect as mi
import pytest
from msgspec import Struct

from lost_cities.engine.decisions import FinalLaying
from lost_cities.engine.match import MatchRecord
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import ExpeditionScore, SideScore
from lost_cities.engine.view import PlayerView, PublicTurn
from lost_cities.net import protocol
from lost_cities.net.protocol import ClientFrame, ErrorCode, ServerFrame, read_client_frame, read_server_frame
from lost_cities.server.gate import Limits
from tests.test_rule_ids import CITED, defined_ids

ROOT = Path(__file__).parent.parent.parent
TEXT = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
CLIENT: tuple[type[Struct], ...] = typing.get_args(ClientFrame)
SERVER: tuple[type[Struct], ...] = typing.get_args(ServerFrame)
#: the structs documented in the view's section, not in the frame that carries them
VIEW_STRUCTS = (PlayerView, Rules, PublicTurn, FinalLaying, SideScore, ExpeditionScore)
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|")
#: a line of the worked example: the connection, the way the frame went, the frame
LINE = re.compile(r"^(\w+)\s+([→←])\s+(\{.*\})$")


def tag(frame: type[Struct]) -> str:
    return str(frame.__struct_config__.tag)


def section(heading: str) -> str:
    """The text under the line ``heading``, up to the next heading of its level or above."""
    lines = TEXT.splitlines()
    assert heading in lines, f"PROTOCOL.md has no heading {heading!r}"
    level = len(heading) - len(heading.lstrip("#"))
    start = lines.index(heading) + 1
    end = next(
        (n for n in range(start, len(lines)) if re.match(rf"^#{{1,{level}}} ", lines[n])),
        len(lines),
    )
    return "\n".join(lines[start:end])


def rows(text: str) -> dict[str, list[str]]:
    """The table rows of ``text`` by the name in their first cell (a name may have several rows)."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if matched := ROW.match(line):
            found.setdefault(matched.group(1), []).append(line)
    return found


def frame_section(frame: type[Struct]) -> str:
    side = "## What a client sends" if frame in CLIENT else "## What the server sends"
    assert f"### `{tag(frame)}`" in section(side), f"{tag(frame)} is not under {side!r}"
    return section(f"### `{tag(frame)}`")


def carried(kind: mi.Type) -> list[type[Struct]]:
    """The structs a field's type holds (in lists, in unions), its own view structs aside."""
    match kind:
        case mi.StructType(cls=cls) if cls not in VIEW_STRUCTS:
            return [cls, *(nested for field in kind.fields for nested in carried(field.type))]
        case mi.UnionType(types=types):
            return [nested for part in types for nested in carried(part)]
        case mi.VarTupleType(item_type=item) | mi.ListType(item_type=item):
            return carried(item)
        case _:
            return []


def fields(struct: type[Struct]) -> tuple[mi.Field, ...]:
    info = mi.type_info(struct)
    assert isinstance(info, mi.StructType)
    return info.fields


def bounds(kind: mi.Type) -> list[int]:
    """Every number that bounds a field's type: its range, its lengths, its items' lengths."""
    match kind:
        case mi.IntType():
            return [n for n in (kind.ge, kind.le, kind.gt, kind.lt) if n is not None]
        case mi.StrType():
            return [n for n in (kind.min_length, kind.max_length) if n is not None]
        case mi.VarTupleType(item_type=item) | mi.ListType(item_type=item):
            own = [n for n in (kind.min_length, kind.max_length) if n is not None]
            return own + ([] if isinstance(item, mi.StructType) else bounds(item))
        case mi.UnionType(types=types):
            return [n for part in types for n in bounds(part)]
        case _:
            return []


@pytest.mark.parametrize("side", ["## What a client sends", "## What the server sends"])
def test_every_frame_has_its_section_and_no_section_names_a_frame_that_is_not(side: str) -> None:
    frames = CLIENT if "client" in side else SERVER
    documented = set(re.findall(r"^### `(\w+)`$", section(side), re.MULTILINE))
    assert documented == {tag(frame) for frame in frames}


@pytest.mark.parametrize("frame", [*CLIENT, *SERVER], ids=tag)
def test_every_field_of_a_frame_and_of_what_it_carries_has_its_row_in_the_frames_section(
    frame: type[Struct],
) -> None:
    named = rows(frame_section(frame))
    structs = [frame, *(nested for field in fields(frame) for nested in carried(field.type))]
    missing = {f"{struct.__name__}.{field.name}" for struct in structs for field in fields(struct)} - {
        f"{struct.__name__}.{name}" for struct in structs for name in named
    }
    assert not missing, f"PROTOCOL.md's section on {tag(frame)} has no row for {sorted(missing)}"


@pytest.mark.parametrize("frame", [*CLIENT, protocol.SeatSpec], ids=lambda frame: frame.__name__)
def test_a_client_fields_row_says_its_bounds_and_its_default(frame: type[Struct]) -> None:
    section_of = protocol.Create if frame is protocol.SeatSpec else frame
    named = rows(frame_section(section_of))
    for field in fields(frame):
        (row,) = named[field.name]
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        numbers = {int(n) for n in re.findall(r"\d+", cells[1].replace(",", ""))}
        assert set(bounds(field.type)) <= numbers, f"{frame.__name__}.{field.name}: {cells[1]!r}"
        said = "required" if field.required else f"`{json.dumps(field.default)}`"
        assert cells[2] == said, f"{frame.__name__}.{field.name}: the default is {said}, not {cells[2]}"


def test_the_views_section_names_every_field_of_a_view_of_its_turns_and_of_its_scores() -> None:
    text = section("## The view")
    missing = [f"{s.__name__}.{f.name}" for s in VIEW_STRUCTS for f in fields(s) if f"`{f.name}`" not in text]
    assert not missing
    assert set(rows(text)) >= {field.name for field in fields(PlayerView)}  # each field of the view a row


def test_the_record_section_names_every_field_of_a_match_record() -> None:
    named = rows(section("### `record`"))
    assert {field.name for struct in carried(mi.type_info(MatchRecord)) for field in fields(struct)} <= set(named)


def test_every_error_code_is_in_the_errors_table_and_the_table_names_no_other() -> None:
    assert set(rows(section("## Errors"))) == {code.value for code in ErrorCode}


def test_the_limits_table_gives_the_numbers_the_server_applies() -> None:
    table = {}
    for line in section("## Limits and close codes").splitlines():
        found = re.search(r"\|\s*`((?:Limits\.)?[A-Z_]+)`\s*\|", line)
        if found:
            value = line.strip("|").split("|")[1]
            table[found.group(1)] = float(re.findall(r"\d+(?:\.\d+)?", value)[0])
    expected = {f"Limits.{name}": float(getattr(Limits, name)) for name in vars(Limits) if name.isupper()}
    expected |= {"MAX_CLIENT_FRAME": protocol.MAX_CLIENT_FRAME, "MAX_FRAME": protocol.MAX_FRAME}
    assert table == expected


def test_every_close_code_the_server_uses_is_explained() -> None:
    used = set()
    for module in ("hub", "serve", "relay", "connection"):
        used |= set(re.findall(r"\b(10\d\d)\b", (ROOT / "lost_cities" / "server" / f"{module}.py").read_text()))
    explained = set(re.findall(r"^\| (10\d\d) \|", section("## Limits and close codes"), re.MULTILINE))
    assert len(used) >= 5 and used <= explained, sorted(used - explained)


def read(text: str) -> Struct:
    """The frame ``text`` holds, read as the side whose frame type it has reads it."""
    kind = json.loads(text)["type"]
    return read_client_frame(text) if kind in {tag(frame) for frame in CLIENT} else read_server_frame(text)


def test_every_json_frame_the_page_quotes_is_one_the_code_reads() -> None:
    blocks = re.findall(r"^```json\n(.*?)^```$", TEXT, re.MULTILINE | re.DOTALL)
    assert blocks
    for block in blocks:
        frame = read(block)  # a FrameError says which field drifted
        assert isinstance(frame, Struct)
    view = read_server_frame(blocks[0])
    assert isinstance(view, protocol.ViewFrame) and view.view.pending_play is not None  # as the page tells it


def test_the_worked_example_is_frames_the_code_reads_each_the_way_it_went() -> None:
    example = section("## A worked example")
    lines = [LINE.match(line) for line in example.splitlines()]
    frames = [(found.group(1), found.group(2), found.group(3)) for found in lines if found]
    assert len(frames) >= 30
    seen: set[str] = set()
    whole = json.loads(re.findall(r"^```json\n(.*?)^```$", TEXT, re.MULTILINE | re.DOTALL)[0])["view"]
    for _who, way, text in frames:
        if "…" in text:  # trimmed, as the page says: only a server's views are, each keeping some of its fields
            assert way == "←" and '"view":{' in text, text
            trimmed = json.loads(text.replace(",…}", "}"))
            for key in ("view", "round_over"):  # the fields kept, in a whole view: read as one
                if isinstance(trimmed.get(key), dict):
                    trimmed[key] = whole | trimmed[key]
            text = json.dumps(trimmed)
        frame = read_client_frame(text) if way == "→" else read_server_frame(text)
        seen.add(tag(type(frame)))
        if isinstance(frame, protocol.ErrorFrame):
            seen.add(frame.code.value)
    expected = {"create", "created", "join", "welcome", "view", "watch", "decide", "event", "hello", "status", "games"}
    assert expected | {"illegal", "stale_version", "not_your_turn", "presence"} <= seen


def test_every_rule_id_the_page_cites_is_one_the_rules_define() -> None:
    cited = set(CITED.findall(TEXT))
    assert len(cited) > 10 and cited <= defined_ids(), sorted(cited - defined_ids())


def test_the_server_frames_hold_every_field_even_without_a_value() -> None:
    """The page says a server frame's fields are always there (null when empty): the encoder's way."""
    written = json.loads(protocol.write(protocol.Welcome(game="g", seat=None, version=0, seats=(), rounds=1)))
    assert written["token"] is None and written["clock"] is None and "seat" in written
    assert msgspec.json.decode(protocol.write(protocol.Pong())) == {"type": "pong"}
