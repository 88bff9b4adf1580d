"""The past matches: ``lost-cities history``, ``stats``, ``export`` and ``replay``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from lost_cities.cli import arguments
from lost_cities.i18n import _

if TYPE_CHECKING:
    from lost_cities.storage import HistoryListing, MatchStore, SavedMatch


def _history(command: str) -> tuple[MatchStore, HistoryListing]:
    """The data folder's store and its history; each file that cannot be read is told, and the rest used."""
    from lost_cities.storage import MatchStore

    store = MatchStore()
    listing = store.list_history()
    for error in listing.damaged:  # told, and the rest listed: not a refusal
        arguments.tell(command, str(error))
    return store, listing


def run_history(args: argparse.Namespace) -> int:
    from lost_cities.cli.history import history_json, print_history

    store, listing = _history("history")
    if args.json:
        print(json.dumps(history_json(listing, str(store.root)), ensure_ascii=False))
    else:
        print_history(listing, str(store.root))
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from lost_cities.cli.stats import print_plots, print_stats, stats_json
    from lost_cities.storage.stats import history_stats

    store, listing = _history("stats")
    stats = history_stats(listing.matches)
    if args.json:
        print(json.dumps(stats_json(stats), ensure_ascii=False))
    elif listing.matches or not listing.damaged:  # nothing could be read: the errors said it all, as history does
        (print_plots if args.plot else print_stats)(stats, str(store.root))
    return 0


def run_export(args: argparse.Namespace) -> int:
    from lost_cities.storage import MatchStore, StorageError

    try:
        text = past_match(MatchStore(), args.match).to_json()  # as replay and analyse: the latest by default
    except StorageError as error:  # an unknown id, or a record that cannot be read
        return arguments.refuse("export", str(error))
    sys.stdout.write(text)
    return 0


def past_match(store: MatchStore, match: str | None) -> SavedMatch:
    """The past match ``match`` names (an id, the start of one, or a file), or without it the history's
    most recent: what ``replay`` and ``analyse`` open when given nothing.  :class:`StorageError` if none."""
    from lost_cities.storage import StorageError

    if match is not None:
        return store.load(match)
    listing = store.list_history()
    if not listing.matches and listing.damaged:  # said, rather than "no past match": there is one, unreadable
        raise listing.damaged[-1]
    if not listing.matches:
        raise StorageError(_("no past match yet: play one first, or name a match file"))
    return listing.matches[-1]


def run_replay(args: argparse.Namespace) -> int:
    from lost_cities.storage import MatchStore, SaveStatus, StorageError
    from lost_cities.storage.summary import names_label

    store = MatchStore()
    try:
        saved = past_match(store, args.match)
    except StorageError as error:
        return arguments.refuse("replay", str(error))
    if saved.status is SaveStatus.IN_PROGRESS:  # H2: its hands are still secret
        return arguments.refuse("replay", _("that match is still being played; replay it once it is over"))
    if not arguments.on_a_terminal():
        return arguments.refuse(
            "replay", _("the replay needs a terminal: run it without redirecting its input or output")
        )
    from lost_cities.tui.replay import ReplayApp

    title = names_label(saved.names, saved.computers)
    ReplayApp(saved.shown_names, saved.record, title, saved=saved, store=store).run()
    return 0
