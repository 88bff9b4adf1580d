"""A saved match: the players' names, the engine's record, and what it came to.

The file is JSON with ``"format": 2``: the players' names in seat order (two,
three, or four in two teams); which seats the computer plays and at which level
(``"computers": [null, "hard"]``, with its thinking time); the hints each player
took, round by round; the moves are the engine's record (rules with the
number of players, seeds, starting players and every turn in notation such as
``"+r7 n"``),
never a memory dump, so loading rebuilds the match by replaying it.  The round
scores, totals and result are stored too, for the history table and for people
reading the file; loading checks them against the replay.

>>> from lost_cities.engine import Match
>>> match = Match(seed=4)
>>> match.current.turn("-" + str(match.current.hand(0)[0]) + " n")
>>> saved = SavedMatch.start(("Ana", "Boris"), match)
>>> again = SavedMatch.from_json(saved.to_json())
>>> again == saved, again.replay().current == match.current
(True, True)
>>> again.status, again.round_scores, again.totals
(<SaveStatus.IN_PROGRESS: 'in_progress'>, (), (0, 0))
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import NamedTuple, TypeVar

from msgspec import Struct
from msgspec.structs import replace

from lost_cities.ai.levels import DEFAULT_THINK, check_computers
from lost_cities.engine import FieldError, IllegalMoveError, Match, MatchRecord, NotationError, Outcome, read_field
from lost_cities.i18n import _
from lost_cities.limits import MAX_ROUNDS, MAX_THINK, MIN_THINK, PlayerNamesError, check_names
from lost_cities.storage.errors import DamagedSaveError
from lost_cities.words import describe_refusal, side_names

__all__ = [
    "FORMAT",
    "MAX_SAVE_BYTES",
    "ResumedMatch",
    "SaveStatus",
    "SavedMatch",
    "new_match_id",
    "utc_now",
]

#: The version of the file layout this code writes and reads.
FORMAT = 2
#: The formats this version reads: format 1 (two players, before R23/R24 were playable) loads as it was.
READABLE_FORMATS = (1, 2)
#: A real save is a few kilobytes; anything far larger is refused unread.
MAX_SAVE_BYTES = 4 * 1024 * 1024
#: Ids become file names: letters, digits, ``-`` and ``_`` only.
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
#: More hints than a round has turns: a file claiming them is damaged.
MAX_HINTS = 10_000
#: Lines of a save file are kept to this width where they can be.
LINE_WIDTH = 100

_T = TypeVar("_T")


class SaveStatus(StrEnum):
    """Where a saved match stands."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


def utc_now() -> datetime:
    """Now, in UTC, to the second (so that it survives a trip through the file)."""
    return datetime.now(UTC).replace(microsecond=0)


def new_match_id(now: datetime | None = None) -> str:
    """A short unique id that sorts by time: ``20261122-005315-a3f9``.

    >>> new_match_id(datetime(2026, 11, 22, 0, 53, 15, tzinfo=UTC))[:16]
    '20261122-005315-'
    >>> ID_PATTERN.fullmatch(new_match_id()) is not None
    True
    """
    moment = now or utc_now()
    return f"{moment:%Y%m%d-%H%M%S}-{os.urandom(2).hex()}"


def _timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class ResumedMatch(NamedTuple):
    """A match rebuilt from a save, ready to go on: the engine's match, the names, the computers."""

    match: Match
    names: tuple[str, ...]
    computers: tuple[str | None, ...]
    think: float
    hints: tuple[tuple[int, ...], ...]

    @property
    def name_to_move(self) -> str:
        """The name of the player the pass-the-screen step asks for."""
        return self.names[self.match.current.to_move]


class SavedMatch(Struct, frozen=True):
    """One match as kept on disk.  Build it with :meth:`start`, refresh it with :meth:`with_match`.

    ``round_scores``, ``totals`` and ``outcome`` are derived from the record
    (finished rounds only); ``outcome`` is ``None`` until the last round is over.
    """

    id: str
    names: tuple[str, ...]
    record: MatchRecord
    created: datetime
    updated: datetime
    status: SaveStatus
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    outcome: Outcome | None
    #: per seat, the computer's level, or ``None`` for a person
    computers: tuple[str | None, ...] = ()
    #: the hard level's thinking time per turn, in seconds
    think: float = DEFAULT_THINK
    #: per round played so far, the hints each seat took
    hints: tuple[tuple[int, ...], ...] = ()

    # ------------------------------------------------------------------ building

    @classmethod
    def start(
        cls,
        names: Sequence[str],
        match: Match,
        *,
        computers: Sequence[str | None] = (),
        think: float = DEFAULT_THINK,
        now: datetime | None = None,
    ) -> SavedMatch:
        """A new save for ``match`` between ``names`` (in seat order), with a fresh id.

        ``computers`` gives the level of each seat the computer plays (``None`` for a person).
        """
        moment = now or utc_now()
        names = check_names(names)  # PlayerNamesError, a ValueError
        if len(names) != match.rules.players:
            raise ValueError(f"a match of {match.rules.players} players needs as many names, not {len(names)}")
        if not MIN_THINK <= think <= MAX_THINK:
            raise ValueError(f"the computer thinks {MIN_THINK} to {MAX_THINK} seconds a turn, not {think}")
        blank = cls(
            new_match_id(moment),
            names,
            match.record(),
            moment,
            moment,
            SaveStatus.IN_PROGRESS,
            (),
            (0, 0),
            None,
            check_computers(computers, len(names)),
            think,
        )
        return blank.with_match(match, now=moment)

    def with_match(
        self, match: Match, *, hints: Sequence[Sequence[int]] | None = None, now: datetime | None = None
    ) -> SavedMatch:
        """This save brought up to date with ``match`` (the same match, some turns later), and the hints taken.

        A turn still in progress — a card played but not yet drawn for — is left out: its
        player could still take the card back, and a resumed match must not show it.
        """
        record = match.record(settled=True)
        if (record.rules, record.seed, record.rounds, record.first) != (
            self.record.rules,
            self.record.seed,
            self.record.rounds,
            self.record.first,
        ):
            raise ValueError("with_match needs the match this save was started with")
        return replace(
            self,
            record=record,
            updated=now or utc_now(),
            round_scores=tuple(match.round_scores),
            totals=tuple(match.totals),
            outcome=match.outcome,
            hints=self.hints if hints is None else tuple(tuple(counts) for counts in hints),
        )

    def with_status(self, status: SaveStatus, *, now: datetime | None = None) -> SavedMatch:
        """The same save with another status (``FINISHED`` only once the match is over)."""
        if status is SaveStatus.FINISHED and not self.over:
            raise ValueError("only a match whose last round is over can be finished")
        return replace(self, status=status, updated=now or utc_now())

    # ------------------------------------------------------------------ using

    @property
    def side_names(self) -> tuple[str, ...]:
        """Each side's name, as :attr:`round_scores`, :attr:`totals` and the winner count them (R24a)."""
        return side_names(self.names, self.record.rules)

    @property
    def over(self) -> bool:
        """True once the last round of the match is over."""
        return self.outcome is not None

    def replay(self) -> Match:
        """The engine's match exactly as recorded."""
        return self.record.replay()

    def resume(self) -> ResumedMatch:
        """The match ready to go on, with the names.

        If the save was made between two rounds, the next round is dealt (it
        follows from the seed and the scores, R18/R19), so that there is always
        a player to move.  A save never holds a card played but not yet drawn
        for (:meth:`with_match`): that player starts the turn again.
        """
        match = self.replay()
        if match.more_rounds:
            match.start_next_round()
        return ResumedMatch(match, self.names, self.computers, self.think, self.hints)

    # ------------------------------------------------------------------ the file

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "id": self.id,
            "status": self.status.value,
            "players": list(self.names),
            "computers": list(self.computers),
            "think": self.think,
            "hints": [list(counts) for counts in self.hints],
            "created": _timestamp(self.created),
            "updated": _timestamp(self.updated),
            "scores": _scores_to_dict(self.round_scores, self.totals),
            "result": _result_to_dict(self.outcome),
            "record": self.record.to_dict(),
        }

    def to_json(self) -> str:
        """The file's text: indented JSON, short lists on one line, moves several to a line, UTF-8 names.

        >>> from lost_cities.engine import Match
        >>> print(SavedMatch.start(("Ana", "Boris"), Match(seed=1)).to_json()[:40])
        {
          "format": 2,
          "id": "...
        """
        return _layout(self.to_dict(), "") + "\n"

    @classmethod
    def from_json(cls, text: str | bytes, path: Path | None = None) -> SavedMatch:
        """Read a save; anything wrong raises :class:`DamagedSaveError` naming ``path``.

        Nothing in the file is ever executed: it is parsed as JSON, checked
        field by field, and its moves are replayed through the engine's checked API.
        """
        if isinstance(text, bytes):
            if len(text) > MAX_SAVE_BYTES:
                raise DamagedSaveError(path, _("it is too large to be a saved match"))
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise DamagedSaveError(path, _("it is cut short or is not a JSON file"), detail=str(error)) from None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise DamagedSaveError(path, _("it is cut short or is not a JSON file"), detail=str(error)) from None
        return cls.from_dict(data, path)

    @classmethod
    def from_dict(cls, data: object, path: Path | None = None) -> SavedMatch:
        """Check a parsed save and replay its record; see :meth:`from_json`."""

        def damaged(reason: str, detail: str = "") -> DamagedSaveError:
            return DamagedSaveError(path, reason, detail=detail)

        if not isinstance(data, Mapping):
            raise damaged(_("it is not a saved match"))
        if "format" not in data:
            raise damaged(_("it has no format version"))
        version = data["format"]
        if type(version) is not int or version not in READABLE_FORMATS:
            raise damaged(
                _("it has format {found}, and this version reads formats 1 to {known}").format(
                    found=json.dumps(version)[:20], known=FORMAT
                )
            )
        try:
            match_id = read_field(data, "id", str, lambda value: ID_PATTERN.fullmatch(value) is not None)
            status = SaveStatus(read_field(data, "status", str, lambda value: value in set(SaveStatus)))
            players = read_field(data, "players", list, lambda value: all(isinstance(n, str) for n in value))
            created = read_field(data, "created", str, _is_time)
            updated = read_field(data, "updated", str, _is_time)
            raw_record = read_field(data, "record", dict)
        except FieldError as error:
            raise damaged(_("the field {field!r} is missing or wrong").format(field=error.key), str(error)) from None
        try:
            names = check_names(players)
        except PlayerNamesError as problem:
            raise damaged(problem.clause) from None
        record = _record(raw_record, damaged)
        if len(names) != record.rules.players:
            raise damaged(_("the field {field!r} is missing or wrong").format(field="players"))
        match = _replay(record, damaged)
        try:
            computers, think, hints = _seats(data, len(names), match.round_number)
        except FieldError as error:
            raise damaged(_("the field {field!r} is missing or wrong").format(field=error.key), str(error)) from None
        saved = cls(
            match_id,
            names,
            match.record(),
            _parse_time(created),
            _parse_time(updated),
            status,
            tuple(match.round_scores),
            tuple(match.totals),
            match.outcome,
            computers,
            think,
            hints,
        )
        expected_scores = _scores_to_dict(saved.round_scores, saved.totals)
        if data.get("scores") != expected_scores or data.get("result") != _result_to_dict(saved.outcome):
            raise damaged(_("its stored scores do not match its moves"))
        if status is SaveStatus.FINISHED and not saved.over:
            raise damaged(_("it is marked finished but its last round is not over"))
        return saved


def _seats(
    data: Mapping[str, object], players: int, rounds_played: int
) -> tuple[tuple[str | None, ...], float, tuple[tuple[int, ...], ...]]:
    """The computers, their thinking time and the hints taken.  Each may be absent: a file
    written before computers played (format 1) is a match of people who took no hint."""
    computers: tuple[str | None, ...] = (None,) * players
    if "computers" in data:
        seats = read_field(data, "computers", list, lambda seats: len(seats) == players)
        try:
            computers = check_computers(seats, players)
        except ValueError:
            raise FieldError("computers") from None
    think = data.get("think", DEFAULT_THINK)
    if isinstance(think, bool) or not isinstance(think, int | float) or not MIN_THINK <= think <= MAX_THINK:
        raise FieldError("think")
    hints: list[tuple[int, ...]] = []
    for counts in read_field(data, "hints", list) if "hints" in data else []:
        if not isinstance(counts, list) or len(counts) != players:
            raise FieldError("hints")
        if not all(type(count) is int and 0 <= count <= MAX_HINTS for count in counts):
            raise FieldError("hints")
        hints.append(tuple(counts))
    if len(hints) > rounds_played:
        raise FieldError("hints")
    return computers, float(think), tuple(hints)


def _layout(value: object, indent: str, key: str = "") -> str:
    """JSON for people: what fits on a line (after ``key``, if any) stays on it; long lists of moves wrap."""
    compact = json.dumps(value, ensure_ascii=False)
    if indent and len(indent) + len(key) + len(compact) + 1 <= LINE_WIDTH:  # 1: a comma after it
        return compact
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = []
        for name, item in value.items():
            prefix = f"{json.dumps(name, ensure_ascii=False)}: "
            items.append(f"{inner}{prefix}{_layout(item, inner, prefix)}")
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and value:
        if any(isinstance(item, dict | list) for item in value):
            return "[\n" + ",\n".join(inner + _layout(item, inner) for item in value) + f"\n{indent}]"
        lines: list[str] = []
        for part in (json.dumps(item, ensure_ascii=False) for item in value):
            if lines and len(inner) + len(lines[-1]) + len(part) + 3 <= LINE_WIDTH:  # 3: ', ' and ','
                lines[-1] += f", {part}"
            else:
                lines.append(part)
        return "[\n" + ",\n".join(inner + line for line in lines) + f"\n{indent}]"
    return compact


def _is_time(text: str) -> bool:
    """True for an ISO 8601 time with its offset (``2026-11-22T00:53:15Z``), in years 2 to 9998.

    The years keep clear of the calendar's ends, where converting to UTC or to the local
    time overflows (``0001-01-01T00:00:00+01:00``).

    >>> _is_time("2026-11-22T00:53:15Z"), _is_time("2026-11-22T00:53:15"), _is_time("9999-12-31T23:59:59-14:00")
    (True, False, False)
    """
    try:
        moment = datetime.fromisoformat(text)
        return moment.tzinfo is not None and 2 <= moment.astimezone(UTC).year <= 9998
    except (ValueError, OverflowError):
        return False


def _parse_time(text: str) -> datetime:
    """An ISO 8601 time with its offset (checked by :func:`_is_time`), in UTC."""
    return datetime.fromisoformat(text).astimezone(UTC)


def _scores_to_dict(round_scores: tuple[tuple[int, ...], ...], totals: tuple[int, ...]) -> dict[str, object]:
    return {"rounds": [list(scores) for scores in round_scores], "totals": list(totals)}


def _result_to_dict(outcome: Outcome | None) -> dict[str, object] | None:
    if outcome is None:
        return None
    return {"winner": outcome.winner, "team_score": outcome.team_score}


def _record(raw: dict[str, object], damaged: Callable[[str, str], DamagedSaveError]) -> MatchRecord:
    """The engine's record of the match, within the app's own limits (:data:`~lost_cities.limits.MAX_ROUNDS`)."""
    try:
        record = MatchRecord.from_dict(raw)
    except ValueError as error:
        raise damaged(_("its moves do not fit the match"), str(error)) from None
    if record.rounds > MAX_ROUNDS:
        raise damaged(
            _("it is a match of {rounds} rounds, and a match has at most {max}").format(
                rounds=record.rounds, max=MAX_ROUNDS
            ),
            "",
        )
    return record


def _replay(record: MatchRecord, damaged: Callable[[str, str], DamagedSaveError]) -> Match:
    """Replay a record through the engine; every refusal becomes one :class:`DamagedSaveError`."""
    try:
        return record.replay()
    except IllegalMoveError as error:
        why = describe_refusal(error).rstrip(".")
        raise damaged(_("a move the rules refuse: {why}").format(why=why[:1].lower() + why[1:]), str(error)) from None
    except NotationError as error:
        raise damaged(_("an unreadable move {text!r}").format(text=error.text), str(error)) from None
    except (ValueError, TypeError, KeyError) as error:
        raise damaged(_("its moves do not fit the match"), str(error)) from None
