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

import contextlib
import json
import os
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NamedTuple, Protocol

from msgspec import UNSET, DecodeError, Meta, Struct, UnsetType
from msgspec.structs import replace

from lost_cities.ai.levels import DEFAULT_THINK, check_computers
from lost_cities.engine import FieldError, IllegalMoveError, Match, MatchRecord, NotationError, Outcome
from lost_cities.engine.codec import convert, decode, encode, to_builtins
from lost_cities.i18n import _, quoted
from lost_cities.limits import MAX_ROUNDS, MAX_THINK, MIN_THINK, PlayerNamesError, check_names, check_think
from lost_cities.quoting import excerpt
from lost_cities.storage.errors import DamagedSaveError
from lost_cities.words import refusal_clause, shown_names, side_names

__all__ = ["FORMAT", "MAX_SAVE_BYTES", "Claim", "ResumedMatch", "SaveStatus", "SavedMatch", "new_match_id", "utc_now"]

#: The version of the file layout this code writes and reads.
FORMAT = 2
#: The formats this version reads: format 1 (two players, before R23/R24 were playable) loads as it was.
READABLE_FORMATS = (1, 2)
#: A real save is a few kilobytes; anything far larger is refused unread.
MAX_SAVE_BYTES = 4 * 1024 * 1024
#: Ids become file names: letters, digits, ``-`` and ``_`` only.
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_ID = Annotated[str, Meta(pattern=f"^{ID_PATTERN.pattern}$")]
#: More hints than a round has turns: a file claiming them is damaged.
MAX_HINTS = 10_000
#: Lines of a save file are kept to this width where they can be.
LINE_WIDTH = 100


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


class EndedGame(Protocol):
    """What :meth:`SavedMatch.online_game` reads of an online game that has ended: the fields of the server's
    ``record`` frame (:class:`lost_cities.net.protocol.Record`), which the saves do not import."""

    @property
    def record(self) -> MatchRecord: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def computers(self) -> tuple[str | None, ...]: ...
    @property
    def seed_chosen(self) -> bool: ...
    @property
    def game(self) -> str | None: ...
    @property
    def started(self) -> float | None: ...
    @property
    def ended(self) -> float | None: ...
    @property
    def claimed_by(self) -> int | None: ...
    @property
    def out_of_time(self) -> int | None: ...


def _moment(seconds: float | None) -> datetime | None:
    """A UNIX time as the saves keep a moment (UTC, to the second); ``None`` for none."""
    return datetime.fromtimestamp(seconds, UTC).replace(microsecond=0) if seconds else None


class ResumedMatch(NamedTuple):
    """A match rebuilt from a save, ready to go on: the engine's match, the names, the computers."""

    match: Match
    names: tuple[str, ...]
    computers: tuple[str | None, ...]
    think: float
    hints: tuple[tuple[int, ...], ...]
    memory_aid: bool = False

    @property
    def name_to_move(self) -> str:
        """The name of the player the pass-the-screen step asks for."""
        return self.names[self.match.current.to_move]


class _Scores(Struct, frozen=True):
    """The scores a save states: each finished round's per side, and the totals (checked against the moves)."""

    rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


class _Result(Struct, frozen=True):
    """The result a save states once the match is over (checked against the moves)."""

    winner: int | None
    team_score: int | None


class Claim(Struct, frozen=True):
    """An online match that ended on time: ``by`` claimed it when ``out_of_time``'s time had run out on their
    side's turn, and ``by``'s side won it, whatever the scores so far (never a cooperative game, R22)."""

    by: Annotated[int, Meta(ge=0)]
    out_of_time: Annotated[int, Meta(ge=0)]


class _Head(Struct, frozen=True):
    """The part of a save read first: which layout it has."""

    format: Any = UNSET


class SaveFile(Struct, frozen=True):
    """A save's JSON form, field for field (``"format": 2``), read and written by the codec.

    The record is kept as parsed JSON and read on its own once the rest is known, so that
    a record that does not fit the match is told as such (:meth:`SavedMatch.from_json`).
    """

    format: int
    id: _ID
    status: SaveStatus
    players: tuple[str, ...]
    created: Annotated[datetime, Meta(tz=True)]
    updated: Annotated[datetime, Meta(tz=True)]
    record: dict[str, Any]
    #: per seat, the computer's level, or ``None``; absent (format 1): people only
    computers: tuple[str | None, ...] | UnsetType = UNSET
    think: Annotated[float, Meta(ge=MIN_THINK, le=MAX_THINK)] = DEFAULT_THINK
    hints: tuple[tuple[Annotated[int, Meta(ge=0, le=MAX_HINTS)], ...], ...] = ()
    #: the board's memory aid was on; absent (saves made before it existed): off
    memory_aid: bool = False
    #: an online game whose deals were chosen by whoever created it (a server started with ``--allow-seeds``);
    #: absent: nobody chose them
    seed_chosen: bool | UnsetType = UNSET
    scores: _Scores | None = None
    result: _Result | None = None
    #: an online match won on time; absent: it ended on the board, or is not over
    claim: Claim | UnsetType = UNSET


class SavedMatch(Struct, frozen=True):
    """One match as kept on disk.  Build it with :meth:`start`, refresh it with :meth:`with_match`.

    ``round_scores``, ``totals`` and ``outcome`` are derived from the record
    (finished rounds only); ``outcome`` is ``None`` until the last round is over,
    or the match is won on time (``claim``).
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
    #: the board lists the cards its player has not seen yet (a setting of the match, off by default)
    memory_aid: bool = False
    #: an online game whose deals were chosen by whoever created it, as its server said
    seed_chosen: bool = False
    #: an online game won on time: who claimed it, and whose time ran out
    claim: Claim | None = None

    # ------------------------------------------------------------------ building

    @classmethod
    def start(
        cls,
        names: Sequence[str],
        match: Match,
        *,
        computers: Sequence[str | None] = (),
        think: float = DEFAULT_THINK,
        memory_aid: bool = False,
        seed_chosen: bool = False,
        now: datetime | None = None,
    ) -> SavedMatch:
        """A new save for ``match`` between ``names`` (in seat order), with a fresh id.

        ``computers`` gives the level of each seat the computer plays (``None`` for a person);
        ``memory_aid``, whether the board shows the cards not yet seen; ``seed_chosen``, an online game whose
        deals were chosen by whoever created it.
        """
        moment = now or utc_now()
        names = check_names(names)  # PlayerNamesError, a ValueError
        if len(names) != match.rules.players:
            raise ValueError(f"a match of {match.rules.players} players needs as many names, not {len(names)}")
        check_think(think)
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
            memory_aid=memory_aid,
            seed_chosen=seed_chosen,
        )
        return blank.with_match(match, now=moment)

    @classmethod
    def online_game(cls, ended: EndedGame) -> SavedMatch:
        """An online game that has ended (the server's ``record`` frame), as the history keeps it and ``online
        export`` prints it: finished once its last round is over, or won on time by the side that claimed it.
        With the server's game id and times, the same game always has the same id and dates: its start's, and a
        suffix of the game's own rather than a random one."""
        began = _moment(ended.started)
        saved = cls.start(
            ended.names, ended.record.replay(), computers=ended.computers, seed_chosen=ended.seed_chosen, now=began
        )
        if began is not None and ended.game is not None:
            import hashlib  # here: the app's first frame loads no more than it uses (tests/test_purity.py)

            suffix = hashlib.sha256(ended.game.encode()).hexdigest()[:4]
            saved = replace(saved, id=f"{began:%Y%m%d-%H%M%S}-{suffix}")
        if ended.claimed_by is not None and ended.out_of_time is not None and not saved.over:
            with contextlib.suppress(ValueError):  # a claim no server of ours sends: the match is left unwon
                saved = saved.with_claim(Claim(ended.claimed_by, ended.out_of_time))
        status = SaveStatus.FINISHED if saved.over else SaveStatus.ABANDONED
        return saved.with_status(status, now=_moment(ended.ended))

    def with_match(
        self, match: Match, *, hints: Sequence[Sequence[int]] | None = None, now: datetime | None = None
    ) -> SavedMatch:
        """This save brought up to date with ``match`` (the same match, some turns later), and the hints taken.

        A turn still in progress — a card played but not yet drawn for — is left out: its
        player could still take the card back, and a resumed match must not show it.
        """
        record = match.record(settled=True)
        old = self.record
        if (record.rules, record.seed, record.rounds, record.first) != (old.rules, old.seed, old.rounds, old.first):
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

    def with_claim(self, claim: Claim) -> SavedMatch:
        """The same save, won on time: the claimant's side wins (:class:`Claim`).  ``ValueError`` for a claim the
        match cannot have: in a cooperative game, after the last round, by a seat of the side out of time."""
        rules = self.record.rules
        seats = range(rules.players)
        if rules.cooperative or self.over or claim.by not in seats or claim.out_of_time not in seats:
            raise ValueError("only another side's seat claims a match under way, and never a cooperative one")
        winner = rules.side_of(claim.by)
        if winner == rules.side_of(claim.out_of_time):
            raise ValueError("a seat claims a match on another side's time, not on its own side's")
        return replace(self, claim=claim, outcome=Outcome(self.totals, winner, None))

    def with_status(self, status: SaveStatus, *, now: datetime | None = None) -> SavedMatch:
        """The same save with another status (``FINISHED`` only once the match is over or won on time)."""
        if status is SaveStatus.FINISHED and not self.over:
            raise ValueError("only a match whose last round is over, or won on time, can be finished")
        return replace(self, status=status, updated=now or utc_now())

    # ------------------------------------------------------------------ using

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The names as the current language shows them: a default name the program gave (``Computer``,
        ``Player 2``) in today's language, whatever language the match was played in (:func:`shown_names`)."""
        return shown_names(self.names, self.computers)

    @property
    def side_names(self) -> tuple[str, ...]:
        """Each side's name as shown, as :attr:`round_scores`, :attr:`totals` and the winner count them (R24a)."""
        return side_names(self.shown_names, self.record.rules)

    @property
    def over(self) -> bool:
        """True once the last round of the match is over, or the match is won on time."""
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
        # a default name (Computer, Player 2) goes on in today's language, as the resume line named it
        return ResumedMatch(match, self.shown_names, self.computers, self.think, self.hints, self.memory_aid)

    # ------------------------------------------------------------------ the file

    def to_file(self) -> SaveFile:
        """This save in its file's form."""
        outcome = self.outcome
        return SaveFile(
            format=FORMAT,
            id=self.id,
            status=self.status,
            players=self.names,
            computers=self.computers,
            think=self.think,
            hints=self.hints,
            memory_aid=self.memory_aid,
            seed_chosen=True if self.seed_chosen else UNSET,
            created=self.created,
            updated=self.updated,
            scores=_Scores(self.round_scores, self.totals),
            result=None if outcome is None else _Result(outcome.winner, outcome.team_score),
            claim=UNSET if self.claim is None else self.claim,
            record=to_builtins(self.record),
        )

    def to_json(self) -> str:
        """The file's text: indented JSON, short lists on one line, moves several to a line, UTF-8 names.

        >>> from lost_cities.engine import Match
        >>> print(SavedMatch.start(("Ana", "Boris"), Match(seed=1)).to_json()[:40])
        {
          "format": 2,
          "id": "...
        """
        return _layout(to_builtins(self.to_file()), "") + "\n"

    @classmethod
    def from_json(cls, text: str | bytes, path: Path | None = None) -> SavedMatch:
        """Read a save; anything wrong raises :class:`DamagedSaveError` naming ``path``.

        Nothing in the file is ever executed: it is parsed as JSON into the types of
        :class:`SaveFile`, every field checked, and its moves are replayed through the
        engine's checked API.
        """

        def damaged(reason: str, detail: str = "") -> DamagedSaveError:
            return DamagedSaveError(path, reason, detail=detail)

        if isinstance(text, bytes):
            if len(text) > MAX_SAVE_BYTES:
                raise DamagedSaveError(path, _("it is too large to be a saved match"))
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise damaged(_("it is cut short or is not a JSON file"), str(error)) from None
        try:
            head = decode(text, _Head)
        except (DecodeError, RecursionError) as error:
            raise damaged(_("it is cut short or is not a JSON file"), str(error)) from None
        except FieldError:
            try:  # JSON of another kind, or no JSON at all?
                decode(text, Any)
            except (DecodeError, RecursionError) as error:
                raise damaged(_("it is cut short or is not a JSON file"), str(error)) from None
            raise damaged(_("it is not a saved match")) from None
        if head.format is UNSET:
            raise damaged(_("it has no format version"))
        if type(head.format) is not int or head.format not in READABLE_FORMATS:
            found = excerpt(encode(head.format).decode())
            raise damaged(
                _("it has format {found}, and this version reads formats 1 to {known}").format(
                    found=found, known=FORMAT
                )
            )
        try:
            file = decode(text, SaveFile)
            for field in ("created", "updated"):
                if not _is_time(getattr(file, field)):
                    raise FieldError(field)
        except FieldError as error:
            raise damaged(
                _("the field {field} is missing or wrong").format(field=quoted(error.key)), str(error)
            ) from None
        return cls._from_file(file, damaged)

    @classmethod
    def _from_file(cls, file: SaveFile, damaged: Callable[..., DamagedSaveError]) -> SavedMatch:
        """Check a save's fields against each other and replay its record (see :meth:`from_json`)."""
        try:
            names = check_names(file.players)
        except PlayerNamesError as problem:
            raise damaged(problem.clause) from None
        record = _record(file.record, damaged)
        if len(names) != record.rules.players:
            raise damaged(_("the field {field} is missing or wrong").format(field=quoted("players")))
        match = _replay(record, damaged)
        try:
            computers, hints = _seats(file, len(names), match.round_number)
        except FieldError as error:
            raise damaged(
                _("the field {field} is missing or wrong").format(field=quoted(error.key)), str(error)
            ) from None
        saved = cls(
            file.id,
            names,
            match.record(),
            file.created.astimezone(UTC),
            file.updated.astimezone(UTC),
            file.status,
            tuple(match.round_scores),
            tuple(match.totals),
            match.outcome,
            computers,
            file.think,
            hints,
            file.memory_aid,
            file.seed_chosen is True,
        )
        if not isinstance(file.claim, UnsetType):
            try:
                saved = saved.with_claim(file.claim)
            except ValueError:
                raise damaged(_("the field {field} is missing or wrong").format(field=quoted("claim"))) from None
        stated = saved.to_file()
        if (file.scores, file.result) != (stated.scores, stated.result):
            raise damaged(_("its stored scores do not match its moves"))
        if file.status is SaveStatus.FINISHED and not saved.over:
            raise damaged(_("it is marked finished but its last round is not over"))
        return saved


def _seats(
    file: SaveFile, players: int, rounds_played: int
) -> tuple[tuple[str | None, ...], tuple[tuple[int, ...], ...]]:
    """The computers and the hints taken, checked against the players and the rounds.  Either may be
    absent: a file written before computers played (format 1) is a match of people who took no hint."""
    computers: tuple[str | None, ...] = (None,) * players
    if not isinstance(file.computers, UnsetType):
        if len(file.computers) != players:
            raise FieldError("computers")
        try:
            computers = check_computers(file.computers, players)
        except ValueError:
            raise FieldError("computers") from None
    if len(file.hints) > rounds_played or any(len(counts) != players for counts in file.hints):
        raise FieldError("hints")
    return computers, file.hints


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
    if isinstance(value, list | tuple) and value:
        if any(isinstance(item, dict | list | tuple) for item in value):
            return "[\n" + ",\n".join(inner + _layout(item, inner) for item in value) + f"\n{indent}]"
        lines: list[str] = []
        for part in (json.dumps(item, ensure_ascii=False) for item in value):
            if lines and len(inner) + len(lines[-1]) + len(part) + 3 <= LINE_WIDTH:  # 3: ', ' and ','
                lines[-1] += f", {part}"
            else:
                lines.append(part)
        return "[\n" + ",\n".join(inner + line for line in lines) + f"\n{indent}]"
    return compact


def _is_time(moment: datetime) -> bool:
    """True for a time in years 2 to 9998, clear of the calendar's ends, where converting to UTC or
    to the local time overflows (``0001-01-01T00:00:00+01:00``).

    >>> _is_time(datetime(2026, 11, 22, tzinfo=UTC)), _is_time(datetime(9999, 12, 31, tzinfo=UTC))
    (True, False)
    """
    try:
        return 2 <= moment.astimezone(UTC).year <= 9998
    except (ValueError, OverflowError):
        return False


def _record(raw: dict[str, Any], damaged: Callable[..., DamagedSaveError]) -> MatchRecord:
    """The engine's record of the match, within the app's own limits (:data:`~lost_cities.limits.MAX_ROUNDS`)."""
    try:
        record = convert(raw, MatchRecord)
    except ValueError as error:
        raise damaged(_("its moves do not fit the match"), str(error)) from None
    if record.rounds > MAX_ROUNDS:
        raise damaged(
            _("it is a match of {rounds} rounds, and a match has at most {max}").format(
                rounds=excerpt(str(record.rounds)), max=MAX_ROUNDS
            ),
            "",
        )
    return record


def _replay(record: MatchRecord, damaged: Callable[[str, str], DamagedSaveError]) -> Match:
    """Replay a record through the engine; every refusal becomes one :class:`DamagedSaveError`."""
    try:
        return record.replay()
    except IllegalMoveError as error:
        raise damaged(_("a move the rules refuse: {why}").format(why=refusal_clause(error)), str(error)) from None
    except NotationError as error:
        raise damaged(_("an unreadable move {text}").format(text=quoted(error.text)), str(error)) from None
    except (ValueError, TypeError, KeyError) as error:
        raise damaged(_("its moves do not fit the match"), str(error)) from None
