"""A footer that lists only the keys that do something right now, in the player's language."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static


class KeyBar(Static):
    """Keys and what they do: ``1-8 select  e lay R7  d discard R7  ? help``."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        max-height: 2;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    def show(self, keys: Sequence[tuple[str, str]]) -> None:
        text = Text()
        for index, (key, label) in enumerate(keys):
            if index:
                text.append("  ")
            text.append(f" {key} ", style="bold reverse")
            text.append(f" {label}")
        self.update(text)
