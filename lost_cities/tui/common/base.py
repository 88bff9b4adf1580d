"""What every app of the package shares: the look, no command palette, keys read through a Russian layout, and how
a problem that does not stop the app is told, and Ctrl+C answered.

A Russian player's keyboard is often left in the ЙЦУКЕН layout, where the key marked ``d`` types ``в`` and
the one marked ``n`` types ``т``: every letter key of the game would be "unknown".  Outside a text field, a
letter of that layout is read as the Latin letter on the same key, so the letter keys work in either layout
(the digits and ``?``, Shift+7 there, need nothing); in a text field (a name, a server) or a drop-down
list's type-to-search it is typed as it is, and so are the letters a screen reads itself (its ``own_letters``:
the quit question's д and н in Russian).
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from textual import events
from textual.app import App
from textual.widgets import Input, Select

from lost_cities.i18n import _
from lost_cities.tui.common.keybar import key_name

__all__ = ["GameApp", "latin_key"]

_RUSSIAN = "йцукенгшщзфывапролдячсмить"
_LATIN = "qwertyuiopasdfghjklzxcvbnm"
#: a Russian layout's letter to the Latin letter on the same key (both cases)
_SAME_KEY = dict(zip(_RUSSIAN + _RUSSIAN.upper(), _LATIN + _LATIN.upper(), strict=True))


def latin_key(character: str) -> str | None:
    """The Latin letter on the key that types ``character`` in the Russian layout, or ``None``.

    >>> latin_key("в"), latin_key("Т"), latin_key("d"), latin_key("ё")
    ('d', 'N', None, None)
    """
    return _SAME_KEY.get(character)


class GameApp(App[None]):
    """The base of the package's apps (see the module docstring)."""

    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "Lost Cities"
    ENABLE_COMMAND_PALETTE = False

    async def on_event(self, event: events.Event) -> None:
        # a plain letter only (Alt+в stays Alt+в), and not where letters are typed: a text field, or a
        # list's type-to-search (the new-match form's choices are Russian words)
        if isinstance(event, events.Key) and not event.is_forwarded and event.key == event.character:
            latin = latin_key(event.character)
            if latin is not None and not self._typing() and event.character not in self._own_letters():
                event = events.Key(latin, latin)
        await super().on_event(event)

    def action_help_quit(self) -> None:
        """Ctrl+C: Textual's answer ("Press ctrl+q to quit the app"), in the player's language."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit", "screen.quit"):
                said = _("Press {key} to quit.").format(key=key_name(key))  # "Ctrl+Q", as the key bar writes it
                self.notify(said, title=_("Do you want to quit?"), markup=False)
                return

    def warn(self, message: str) -> None:
        """A problem the players must know of, that does not stop the game (it may quote a file or a name)."""
        self.notify(message, severity="warning", timeout=15, markup=False)

    def _own_letters(self) -> Collection[str]:
        """The letters the screen on show reads as typed (its ``own_letters``), if it names any."""
        letters: Collection[str] = getattr(self.screen, "own_letters", ())
        return letters

    def _typing(self) -> bool:
        """Whether the focus is where a letter is typed as itself: in a text field or a drop-down list."""
        focused = self.focused
        return focused is not None and any(isinstance(node, Input | Select) for node in focused.ancestors_with_self)
