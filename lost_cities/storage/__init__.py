"""Saved matches: autosave and resume, finished matches' records, the history.

No Textual and no Rich here: the app and the command line both use this.
Every failure is a :class:`StorageError` whose ``str()`` is one translated
sentence to show the players; nothing here ever stops a game.

A :class:`SavedMatch` is one match as kept on disk (JSON, ``"format": 1``).
"""

from lost_cities.storage.atomic import write_atomic
from lost_cities.storage.errors import DamagedSaveError, SaveFailedError, StorageError, UnknownMatchError
from lost_cities.storage.saved import FORMAT, ResumedMatch, SavedMatch, SaveStatus, new_match_id
from lost_cities.storage.summary import names_label, result_label, resume_summary, variant_label

__all__ = [
    "FORMAT",
    "DamagedSaveError",
    "ResumedMatch",
    "SaveFailedError",
    "SaveStatus",
    "SavedMatch",
    "StorageError",
    "UnknownMatchError",
    "names_label",
    "new_match_id",
    "result_label",
    "resume_summary",
    "variant_label",
    "write_atomic",
]
