"""A match's analysis kept beside it in the history, so that a second look is instant.

An analysis (:mod:`lost_cities.ai.analysis`) takes a search per decision: seconds to minutes.  Its
result depends only on the match's record and the analysis's parameters, the thinking time and the
seed, so it is kept under those::

    <data folder>/history/<id>.analysis-think<think>-seed<seed>.json

(the history lists only ``<id>.json``: these are never taken for matches).  The file holds the
record's digest too: a match file from elsewhere that reuses an id, or a record changed since,
finds no kept analysis and gets a new one; so does one an earlier version weighed another way.
A kept file that cannot be read is ignored — the caller says so in one sentence — and replaced by
the new analysis; nothing here ever stops the caller.

>>> import tempfile
>>> from lost_cities.ai.analysis import MatchAnalysis, analyse_positions, analysis_settings, positions, summarise
>>> from lost_cities.engine import Match
>>> from lost_cities.storage import SavedMatch
>>> store = MatchStore(tempfile.mkdtemp())
>>> saved = SavedMatch.start(("Ana", "Boris"), Match(seed=1))
>>> kept = KeptAnalyses(store)
>>> kept.load(saved, 0.2, 0) is None
True
>>> kept.keep(saved, 0.2, 0, MatchAnalysis((), ()))
>>> kept.load(saved, 0.2, 0)
MatchAnalysis(decisions=(), players=())
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Literal, NamedTuple

from msgspec import DecodeError, Struct

from lost_cities.ai.analysis import METHOD, MatchAnalysis, analyse_positions, analysis_settings, positions, summarise
from lost_cities.engine.codec import decode, encode
from lost_cities.i18n import _, os_reason
from lost_cities.storage.atomic import write_atomic
from lost_cities.storage.errors import DamagedSaveError, StorageError
from lost_cities.storage.match_store import MatchStore, read_save_bytes
from lost_cities.storage.saved import MAX_SAVE_BYTES, SavedMatch

__all__ = ["Analysed", "KeptAnalyses", "record_digest"]

#: The layout of a kept analysis.
FORMAT: Literal[1] = 1


class _KeptFile(Struct, frozen=True):
    """A kept analysis's JSON: what it was made from, and the analysis."""

    format: Literal[1]  # FORMAT
    match: str
    record: str
    think: float
    seed: int
    analysis: MatchAnalysis
    #: how the decisions were weighed (:data:`~lost_cities.ai.analysis.METHOD`; files without it: the first way)
    method: int = 1


class Analysed(NamedTuple):
    """An analysis, whether it was the kept one, and what to tell the person (a damaged kept file, a
    failure to keep the new one): one sentence each."""

    analysis: MatchAnalysis
    reused: bool
    said: tuple[str, ...] = ()


def record_digest(saved: SavedMatch) -> str:
    """A short fingerprint of the match's record: the same moves, the same digest.

    >>> from lost_cities.engine import Match
    >>> len(record_digest(SavedMatch.start(("Ana", "Boris"), Match(seed=1))))
    32
    """
    return hashlib.blake2b(encode(saved.record), digest_size=16).hexdigest()


class KeptAnalyses:
    """The analyses kept in one store's history folder."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store

    def path(self, saved: SavedMatch, think: float, seed: int) -> Path:
        """Where the analysis of ``saved`` with ``think`` and ``seed`` is kept (``0.2`` is written ``0.2``)."""
        return self.store.history_dir / f"{saved.id}.analysis-think{think:g}-seed{seed}.json"

    def load(self, saved: SavedMatch, think: float, seed: int) -> MatchAnalysis | None:
        """The kept analysis, or ``None`` if there is none for this very record.

        A file that cannot be read raises :class:`DamagedSaveError` (one sentence: the caller shows it,
        and makes the analysis again).
        """
        path = self.path(saved, think, seed)
        try:
            data = read_save_bytes(path)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as error:
            raise DamagedSaveError(path, os_reason(error), detail=str(error)) from None
        if len(data) > MAX_SAVE_BYTES:
            raise DamagedSaveError(path, _("it is too large to be a kept analysis"))
        try:
            kept = decode(data, _KeptFile)
        except (DecodeError, RecursionError) as error:  # not JSON
            raise DamagedSaveError(path, _("it is cut short or is not a JSON file"), detail=str(error)) from None
        except ValueError as error:  # JSON, a field missing or wrong (the codec's FieldError)
            raise DamagedSaveError(path, _("it is not an analysis this version reads"), detail=str(error)) from None
        if (kept.match, kept.record, kept.think, kept.seed) != (saved.id, record_digest(saved), think, seed):
            return None  # another match under the same id, or another record: not this one's
        if kept.method != METHOD:
            return None  # weighed another way, by an earlier version: made again
        return kept.analysis

    def keep(self, saved: SavedMatch, think: float, seed: int, analysis: MatchAnalysis) -> None:
        """Write the analysis beside the match; a :class:`StorageError` (one sentence) if it cannot be written."""
        kept = _KeptFile(FORMAT, saved.id, record_digest(saved), think, seed, analysis, METHOD)
        try:
            write_atomic(self.path(saved, think, seed), encode(kept).decode())
        except OSError as error:
            why = os_reason(error)
            raise StorageError(
                _("The analysis cannot be kept in {folder} ({why}); it is shown all the same.").format(
                    folder=self.store.history_dir, why=why
                )
            ) from error

    def analysis(
        self,
        saved: SavedMatch,
        think: float,
        seed: int,
        *,
        jobs: int = 1,
        progress: Callable[[int, int], None] | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> Analysed | None:
        """The kept analysis at once, else a new one, kept: what ``lost-cities analyse`` and the replay's
        ``a`` both show.

        ``progress(done, total)`` is told after each decision weighed; ``stop()`` true ends the work
        between two decisions, and then nothing is kept and ``None`` returned.  A record the engine
        refuses raises its :class:`~lost_cities.engine.LostCitiesError` (or a ``ValueError``).
        """
        said: list[str] = []
        try:
            kept = self.load(saved, think, seed)
        except DamagedSaveError as error:
            kept = None
            said.append(_("{problem} It is made again.").format(problem=error))
        if kept is not None:
            return Analysed(kept, True)
        record = saved.record
        found = positions(record)
        decisions = []
        for decision in analyse_positions(record, found, analysis_settings(think), seed, jobs):
            decisions.append(decision)
            if progress is not None:
                progress(len(decisions), len(found))
            if stop is not None and stop():
                return None
        analysis = summarise(decisions, record.rules.players, len(record.played))
        try:
            self.keep(saved, think, seed, analysis)
        except StorageError as error:
            said.append(str(error))
        return Analysed(analysis, False, tuple(said))
