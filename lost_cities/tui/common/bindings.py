"""Binding descriptions in the player's language.

Textual reads a class's ``BINDINGS`` once, when the class is created: before the player has
chosen a language (and the language may change while the program runs).  So descriptions
are only marked there, with :func:`~lost_cities.i18n.N_`, and each screen translates its
own copy when it is built.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import App
from textual.dom import DOMNode

from lost_cities.i18n import _

__all__ = ["quit_hint", "translate_bindings"]


def translate_bindings(node: DOMNode) -> None:
    """Translate the descriptions of ``node``'s bindings into the current language."""
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(binding, description=_(binding.description)) if binding.description else binding
            for binding in bindings
        ]


def quit_hint(app: App[Any]) -> None:
    """Textual's answer to ctrl+c ("Press ctrl+q to quit the app"), in the player's language."""
    for key, active in app.active_bindings.items():
        if active.binding.action in ("quit", "app.quit", "screen.quit"):
            app.notify(_("Press {key} to quit.").format(key=key), title=_("Do you want to quit?"), markup=False)
            return
