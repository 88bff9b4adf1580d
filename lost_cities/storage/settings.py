"""The player's settings kept in the data folder (``settings.json``): the tips, and which were seen; the language
chosen in the new-match form.

A tip is said once (:mod:`lost_cities.tui.match.tips`); what was said is remembered here, so that
it is never said again, and the tips can be turned off in the new-match form.  A missing file is the
defaults; a damaged one is set aside (as every load sets it aside) and the defaults used: settings
never stop a game.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct
from msgspec.structs import replace

from lost_cities.engine.codec import decode, encode
from lost_cities.storage.errors import StorageError
from lost_cities.storage.match_store import MatchStore

__all__ = ["Settings", "language_chosen", "load_settings", "save_settings", "tip_seen", "tips_on"]


class Settings(Struct, frozen=True):
    format: int = 1
    #: the one-time tips are said in matches
    tips: bool = True
    #: the tips already said, by name, in the order said
    tips_seen: tuple[str, ...] = ()
    #: the language last chosen in the new-match form (``fr``): every later run speaks it, unless ``--lang`` or
    #: ``$LOST_CITIES_LANG`` says otherwise (:func:`lost_cities.cli.main`)
    language: str | None = None


def load_settings(store: MatchStore) -> Settings:
    """The settings kept, or the defaults (no file, or a damaged one, set aside)."""
    try:
        return store.load_settings(lambda text: decode(text, Settings)) or Settings()
    except StorageError:
        return Settings()


def save_settings(store: MatchStore, settings: Settings) -> None:
    """Keep ``settings``; a folder that cannot be written is told by the saves, not here (best effort)."""
    store.save_settings(encode(settings).decode())


def _change(store: MatchStore, change: Callable[[Settings], Settings]) -> Settings:
    """The settings kept, changed by ``change`` and kept again, under the store's lock: two apps changing them at
    once (a tip said in each) both keep their change."""
    with store.changing(store.settings_path):
        kept = load_settings(store)
        settings = change(kept)
        if settings != kept:
            save_settings(store, settings)
    return settings


def tips_on(store: MatchStore, on: bool) -> Settings:
    """Turn the tips on or off, and keep it."""
    return _change(store, lambda settings: replace(settings, tips=on))


def tip_seen(store: MatchStore, name: str) -> Settings:
    """Remember that the tip ``name`` was said."""
    return _change(
        store,
        lambda settings: (
            settings if name in settings.tips_seen else replace(settings, tips_seen=(*settings.tips_seen, name))
        ),
    )


def language_chosen(store: MatchStore, code: str) -> Settings:
    """Keep ``code`` as the language the player chose."""
    return _change(store, lambda settings: replace(settings, language=code))
