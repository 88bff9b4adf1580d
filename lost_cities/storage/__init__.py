"""Saved matches: autosave and resume, finished matches' records, the history.

No Textual and no Rich here: the app and the command line both use this.
Every failure is a :class:`StorageError` whose ``str()`` is one translated
sentence to show the players; nothing here ever stops a game.

How the app uses it (``store`` is one :class:`MatchStore` for the session)::

    store = MatchStore()  # the user's data folder, or $LOST_CITIES_DATA_DIR

    # At start-up: is there a match to resume?
    try:
        saved = store.load_current()  # None if there is none
    except StorageError as error:  # damaged: already moved aside and kept
        show(str(error))
        saved = None
    if saved is not None:
        offer(resume_summary(saved))  # "Ana vs Boris — round 2, 31 cards left"
    # `play --new` (or the players choose a new match): keep the old one as abandoned
    #     store.abandon_current()  # may raise StorageError: show it and go on

    # Resuming: open on the pass-the-screen step of resumed.name_to_move
    resumed = saved.resume()  # resumed.match (engine Match), resumed.names

    # A new match
    match = Match(Rules(), rounds=3, first=first)
    saved = SavedMatch.start(("Ana", "Boris"), match)

    # After every completed turn, on quit, and once at the start of a match:
    saved = saved.with_match(match)
    try:
        store.save_current(saved)  # False: still failing, and the players know
    except StorageError as error:  # raised once, at the first failure in a row
        show(str(error))  # "The match cannot be saved in …; play goes on without saving."

    # When the last round is over
    try:
        store.finish_current(saved.with_match(match))
    except StorageError as error:
        show(str(error))

    # `replay ID|FILE` and `export ID`
    saved = store.load("20261122-005315-a3f9")  # or a unique start of the id, or a path
    saved.replay()  # the engine's Match exactly as recorded

>>> import tempfile
>>> from lost_cities.engine import Match
>>> store = MatchStore(tempfile.mkdtemp())
>>> match = Match(seed=8)
>>> saved = SavedMatch.start(("Ana", "Boris"), match)
>>> match.current.turn(str(match.current.legal_decisions()[0]) + " n")
>>> store.save_current(saved.with_match(match))
True
>>> resumed = store.load_current().resume()
>>> resumed.match.current == match.current, resumed.name_to_move
(True, 'Boris')
"""

from lost_cities.storage.atomic import write_atomic
from lost_cities.storage.errors import (
    DamagedSaveError,
    FolderUnusableError,
    SaveFailedError,
    StorageError,
    UnknownMatchError,
)
from lost_cities.storage.match_store import DATA_DIR_VARIABLE, HistoryListing, MatchStore, default_data_dir
from lost_cities.storage.saved import FORMAT, ResumedMatch, SavedMatch, SaveStatus, new_match_id
from lost_cities.storage.summary import names_label, result_label, resume_summary, variant_label

__all__ = [
    "DATA_DIR_VARIABLE",
    "FORMAT",
    "DamagedSaveError",
    "FolderUnusableError",
    "HistoryListing",
    "MatchStore",
    "ResumedMatch",
    "SaveFailedError",
    "SaveStatus",
    "SavedMatch",
    "StorageError",
    "UnknownMatchError",
    "default_data_dir",
    "names_label",
    "new_match_id",
    "result_label",
    "resume_summary",
    "variant_label",
    "write_atomic",
]
