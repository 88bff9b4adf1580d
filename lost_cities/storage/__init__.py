"""Saved matches: autosave and resume, finished matches' records, the history.

No Textual and no Rich here: the app and the command line both use this.
"""

from lost_cities.storage.atomic import write_atomic

__all__ = ["write_atomic"]
