"""Textual's own words in the player's language.

Our bindings' descriptions are only marked in ``BINDINGS`` (with :func:`~lost_cities.i18n.N_`):
Textual reads them when a class is created, before the player has chosen a language, so the
key bar (:mod:`.keybar`) translates them each time it shows them.  What is left here is
Textual's answer to Ctrl+C.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from lost_cities.i18n import _
from lost_cities.tui.common.keybar import key_name

__all__ = ["quit_hint"]


def quit_hint(app: App[Any]) -> None:
    """Textual's answer to ctrl+c ("Press ctrl+q to quit the app"), in the player's language."""
    for key, active in app.active_bindings.items():
        if active.binding.action in ("quit", "app.quit", "screen.quit"):
            said = _("Press {key} to quit.").format(key=key_name(key))  # "Ctrl+Q", as the key bar writes it
            app.notify(said, title=_("Do you want to quit?"), markup=False)
            return
