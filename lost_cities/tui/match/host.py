"""The app as its tables see it (:class:`MatchHost`: the screens, the player's store and settings, the way on where
a match ends), and the :class:`Online` seat it opens a remote table on: the tables import them, never the app itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from lost_cities.net import DEFAULT_SERVER
from lost_cities.tui.common.base import GameApp

if TYPE_CHECKING:
    from lost_cities.net.protocol import Created
    from lost_cities.session import MatchSettings, OnlineMatch
    from lost_cities.storage import MatchStore
    from lost_cities.storage.settings import Settings
    from lost_cities.tui.match.autosave import Autosave
    from lost_cities.tui.match.screens.online_start import JoinGame

__all__ = ["MatchHost", "Online"]


class Online(Struct, frozen=True):
    """One seat of an online game: ``code`` takes it, ``token`` comes back to it, ``watch`` watches, ``create``
    makes that game (on its own server) and takes its first person's seat, ``created`` is a game just made whose
    first person's seat is ours; with none of them, the online start asks (a code to type, or a new game).
    ``server_fixed``: no other server may be chosen (``lost-cities web``'s tabs: a visitor must not make the page's
    machine connect where they like)."""

    server: str = DEFAULT_SERVER
    code: str | None = None
    token: str | None = None
    watch: str | None = None
    name: str | None = None
    create: OnlineMatch | None = None
    created: Created | None = None
    server_fixed: bool = False


class MatchHost(GameApp):
    """What a table may ask of the app it is at (see the module docstring)."""

    #: where matches are saved and filed
    store: MatchStore
    #: the saves' writes, off the event loop, flushed as the app closes
    autosave: Autosave

    @property
    def kept(self) -> Settings:
        """The player's settings (the tips, the language), read once."""
        raise NotImplementedError

    def tip_said(self, name: str) -> None:
        """A one-time tip was said: never again."""
        raise NotImplementedError

    def another_match(self, previous: MatchSettings) -> None:
        """The match is over and the player wants another: the new-match form, filled in with ``previous``."""
        raise NotImplementedError

    def lesson_over(self) -> None:
        """The lesson is done or left: the start it was opened from again, or the program's end."""
        raise NotImplementedError

    def online_start(self, problem: str = "", typed: JoinGame | None = None, about_name: bool = False) -> None:
        """The online start again, saying ``problem`` beside what was ``typed`` there (``about_name``: the name's)."""
        raise NotImplementedError

    def end(self, *, problem: str | None = None, words: str = "") -> None:
        """Close the program: ``problem`` refused it for good (the command says it, and exits with 2); ``words``
        are said in the terminal once the screen is given back."""
        raise NotImplementedError
