"""The key bar: the keys that do something right now, in the player's language.

One idiom for every app (the hot-seat, the replay, the score pad): a screen
declares its keys as Textual bindings (descriptions marked with ``N_`` and
translated when shown), its ``check_action`` says which do something now —
``True``; ``None`` for a key that does nothing now but still says why when
pressed; ``False`` for one that is not there at all — and the bar lists the
enabled bindings that are ``show``\\n, again whenever the screen calls
``refresh_bindings``.  A screen words a binding for the moment with
``key_entry(binding)``, as :class:`FittedScreen` does.

Why not Textual's ``Footer``: it scrolls sideways and cuts off the last keys
when they do not fit in one line (French and Russian at 80 columns), and it
rebuilds one widget per key on every change.  This bar is one ``Static``: it
wraps between two keys, never inside one, and redraws only when its text changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from lost_cities.i18n import _, pgettext
from lost_cities.tui.common.lines import Lines

__all__ = ["KeyBar", "KeyEntries", "key_entry", "key_name", "layout_keys"]

#: Between two keys on a line.
GAP = "  "


class KeyEntries(Protocol):
    """A screen that words its bindings for the key bar.

    ``key_hints()``, if the screen has it, names keys that its focused widget answers
    (a form's fields), listed before the screen's own.
    """

    def key_entry(self, binding: Binding) -> tuple[str, str] | None: ...


def key_entry(binding: Binding) -> tuple[str, str] | None:
    """The key as shown and its description in the player's language; ``None`` without a description.

    A ``key_display`` is written in key names, each word shown as :func:`key_name` writes it (``"pageup pagedown"``
    is *PgPréc PgSuiv* in French), so that every screen names a key alike."""
    if not binding.description:
        return None
    shown = " ".join(key_name(word) for word in binding.key_display.split()) if binding.key_display else None
    return shown or key_name(binding.key), _(binding.description)


def key_name(key: str) -> str:
    """A key as the bar writes it: ``?``, ``Esc``, ``Ctrl+S``, ``e``.

    >>> key_name("question_mark"), key_name("ctrl+s"), key_name("e")
    ('?', 'Ctrl+S', 'e')
    """
    named = _named(key)
    if named is not None:
        return named
    *modifiers, last = key.split("+")
    if not modifiers:
        return key
    return "+".join([*(modifier.capitalize() for modifier in modifiers), _named(last) or last.upper()])


def _named(key: str) -> str | None:
    """A key with a name, as it is written on the keyboards of the player's language (one word for one
    key everywhere: the bar, the pass screen and the help say "Entrée" in French)."""
    match key:
        case "enter":
            return pgettext("key", "Enter")
        case "space":
            return pgettext("key", "Space")
        case "escape":
            return pgettext("key", "Esc")
        case "tab":
            return pgettext("key", "Tab")
        case "pageup":
            return pgettext("key", "PgUp")
        case "pagedown":
            return pgettext("key", "PgDn")
        case "home":
            return pgettext("key", "Home")
        case "end":
            return pgettext("key", "End")
    return _SYMBOLS.get(key)


#: Keys written as a symbol, the same in every language.
_SYMBOLS = {"question_mark": "?", "backspace": "⌫", "left": "←", "right": "→", "up": "↑", "down": "↓"}


def layout_keys(keys: Sequence[tuple[str, str]], width: int) -> Text:
    """Keys and labels laid out in lines of ``width`` cells, breaking only between two keys.

    >>> layout_keys([("e", "lay"), ("d", "discard"), ("?", "help")], 20).plain
    ' e  lay   d  discard\\n ?  help'
    """
    lines: list[Text] = []
    line = Text()
    for key, label in keys:
        entry = Text()
        entry.append(f" {key} ", style="bold reverse")
        entry.append(f" {label}")
        if line and cell_len(line.plain) + len(GAP) + entry.cell_len > width:
            lines.append(line)
            line = Text()
        if line:
            line.append(GAP)
        line.append_text(entry)
    lines.append(line)
    return Text("\n").join(lines)


class KeyBar(Lines):
    """``e lay  d discard  ? help``: the screen's active, shown bindings, on one line or two.

    Drawn line by line (:class:`Lines`): a bar that goes back to what it said before — a card played and
    taken back — is not drawn again."""

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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(1, id=id)
        self._keys: list[tuple[str, str]] = []
        self._shown: tuple[tuple[tuple[str, str], ...], int] | None = None

    @property
    def keys(self) -> tuple[tuple[str, str], ...]:
        """What the bar lists now: (key, what it does), in order."""
        return tuple(self._keys)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.refresh_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._render_keys()

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.refresh_keys()

    def refresh_keys(self) -> None:
        """Read the screen's bindings again (Textual does it when bindings change)."""
        screen = self.screen
        entry_of = getattr(screen, "key_entry", key_entry)
        hints = getattr(screen, "key_hints", None)
        keys: list[tuple[str, str]] = list(hints()) if hints is not None else []
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if not active.enabled or not binding.show or binding.action in seen:
                continue
            entry = entry_of(binding)
            if entry is None:
                continue
            seen.add(binding.action)
            keys.append(entry)
        self._keys = keys
        self._render_keys()

    def _render_keys(self) -> None:
        width = max(self.content_region.width, 20) if self.is_mounted and self.content_region.width else 78
        shown = (tuple(self._keys), width)
        if shown == self._shown:
            return
        self._shown = shown
        rows = layout_keys(self._keys, width).split("\n")
        self.set_count(len(rows))
        for y, row in enumerate(rows):
            self.set_line(y, row)

    def render(self) -> Text:
        """What the bar says, as one text (it is drawn line by line)."""
        return Text("\n").join(self.line(y) for y in range(self.count))
