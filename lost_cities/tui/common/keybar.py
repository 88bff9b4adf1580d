"""The key bar: the keys that do something right now, in the player's language.

One idiom for every app (the hot-seat, the replay, the score pad): a screen
declares its keys as Textual bindings (descriptions marked with ``N_`` and
translated when shown), its ``check_action`` says which do something now —
``True``; ``None`` for a key that does nothing now but still says why when
pressed; ``False`` for one that is not there at all — and the bar lists the
enabled bindings that are ``show``\\n, again whenever the screen calls
``refresh_bindings`` (the board, which draws itself again after every key,
calls the bar's :meth:`~KeyBar.refresh_keys` itself).  A screen words a binding for the moment with
``key_entry(binding)``, as :class:`FittedScreen` does.  ``key_hints()``, if the screen has it, names keys that
its focused widget answers (a form's fields), listed before the screen's own.  ``key_moment()``, if the screen
has it, sums up everything its bindings' checks and words depend on, as a value the bar keeps its list by: a
moment met before is listed without asking each binding again (the board, whose moments come back turn after
turn).

Why not Textual's ``Footer``: it scrolls sideways and cuts off the last keys
when they do not fit in one line (French and Russian at 80 columns), and it
rebuilds one widget per key on every change.  This bar is one widget of lines: it
wraps between two keys, never inside one, and redraws only when its text changes.

Every entry is a button too, as in Textual's own footer: a click on it does what its key does (the screen's
action, as the key runs it), and the entry under the pointer is lit — so that a whole game can be played with a
mouse, or a finger in the browser.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from lost_cities.i18n import _, pgettext
from lost_cities.tui.common.lines import Lines

__all__ = ["KeyBar", "key_entry", "key_name", "layout_keys"]

#: Between two keys on a line.
GAP = "  "
#: How the entry under the pointer is lit.
_HOVER = "underline"
#: Bars kept laid out, beside the one on show, before the bar starts again.
_KEPT = 64


def key_entry(binding: Binding) -> tuple[str, str] | None:
    """The key as shown and its description in the player's language; ``None`` without a description.

    A ``key_display`` is written in key names, each word shown as :func:`key_name` writes it (``"pageup pagedown"``
    is *PgPréc PgSuiv* in French), so that every screen names a key alike."""
    if not binding.description:
        return None
    shown = " ".join(key_name(word) for word in binding.key_display.split()) if binding.key_display else None
    return shown or key_name(binding.key), _(binding.description)


def unbound_character(event: events.Key, bound: Container[str]) -> str | None:
    """The character a key typed, when none of the screen's keys ``bound`` answers it: what the screen says does
    nothing (``None`` for a key it answers, a space, or a key that types no character)."""
    character = event.character or ""
    return character if event.is_printable and character.strip() and event.key not in bound else None


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


def layout_keys(keys: Sequence[tuple[str, str]], width: int, lit: int | None = None) -> Text:
    """Keys and labels laid out in lines of ``width`` cells, breaking only between two keys; the entry numbered
    ``lit`` (under the pointer) underlined.

    >>> layout_keys([("e", "lay"), ("d", "discard"), ("?", "help")], 20).plain
    ' e  lay   d  discard\\n ?  help'
    """
    lines: list[Text] = []
    for row in entry_spans(keys, width):
        line = Text()
        for index, start, _end in row:
            key, label = keys[index]
            line.append(" " * (start - line.cell_len))
            line.append(f" {key} ", style="bold reverse")
            line.append(" ")
            line.append(label, style=_HOVER if index == lit else "")
        lines.append(line)
    return Text("\n").join(lines)


def entry_spans(keys: Sequence[tuple[str, str]], width: int) -> list[list[tuple[int, int, int]]]:
    """Where each entry stands once laid out in lines of ``width`` cells: per line, each entry's number and the cells
    it takes, from ``start`` up to ``end`` (not included).  Two lines are balanced — broken where they come nearest
    in length, the first the longer —, never one key alone under a full line.

    >>> entry_spans([("e", "lay"), ("d", "discard"), ("?", "help")], 20)
    [[(0, 0, 7), (1, 9, 20)], [(2, 0, 8)]]
    >>> [[index for index, _start, _end in row] for row in entry_spans([("a", "one")] * 5, 40)]
    [[0, 1, 2], [3, 4]]
    """
    sizes = [cell_len(f" {key}  {label}") for key, label in keys]

    def used(part: Sequence[int]) -> int:
        return sum(part) + len(GAP) * max(len(part) - 1, 0)

    breaks = [0]  # where each line begins: as many keys on each as fit
    for index in range(1, len(sizes)):
        if used(sizes[breaks[-1] : index + 1]) > width:
            breaks.append(index)
    if len(breaks) == 2:
        fitting = [cut for cut in range(1, len(sizes)) if max(used(sizes[:cut]), used(sizes[cut:])) <= width]
        breaks[1] = min(fitting or breaks[1:], key=lambda cut: (abs(used(sizes[:cut]) - used(sizes[cut:])), -cut))
    rows: list[list[tuple[int, int, int]]] = []
    for first, end in zip(breaks, [*breaks[1:], len(sizes)], strict=True):
        at, row = 0, list[tuple[int, int, int]]()
        for index in range(first, end):
            start = at + (len(GAP) if row else 0)
            row.append((index, start, start + sizes[index]))
            at = start + sizes[index]
        rows.append(row)
    return rows or [[]]


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

    def __init__(self) -> None:
        super().__init__(1)
        self._keys: list[tuple[str, str]] = []
        #: each entry's action and the node whose binding it is (``None``: a key the focused widget answers, which a
        #: click leaves alone)
        self._actions: list[tuple[DOMNode, str] | None] = []
        #: the entry under the pointer
        self._lit: int | None = None
        self._shown: tuple[tuple[tuple[str, str], ...], int, int | None] | None = None
        #: the bar's lines by what they list: a bar that goes back to what it said before (a card played and
        #: taken back, a selection moved) is not laid out again
        self._laid_out: dict[tuple[tuple[tuple[str, str], ...], int, int | None], list[Text]] = {}
        #: the entries and their actions listed at each of the screen's moments (``key_moment``)
        self._listed: dict[Hashable, tuple[list[tuple[str, str]], list[tuple[DOMNode, str] | None]]] = {}

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
        moment_of = getattr(self.screen, "key_moment", None)
        moment = moment_of() if moment_of is not None else None
        listed = self._listed.get(moment) if moment is not None else None
        if listed is None:
            listed = self._list_keys()
            if moment is not None:
                if len(self._listed) >= _KEPT:
                    self._listed.clear()
                self._listed[moment] = listed
        keys, actions = listed
        if keys != self._keys:
            self._lit = None
        self._keys, self._actions = keys, actions
        self._render_keys()

    def _list_keys(self) -> tuple[list[tuple[str, str]], list[tuple[DOMNode, str] | None]]:
        """The screen's active, shown bindings as the bar lists them, and the action each entry runs."""
        screen = self.screen
        entry_of = getattr(screen, "key_entry", key_entry)
        hints = getattr(screen, "key_hints", None)
        keys: list[tuple[str, str]] = list(hints()) if hints is not None else []
        actions: list[tuple[DOMNode, str] | None] = [None] * len(keys)
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
            actions.append((active.node, binding.action))
        return keys, actions

    def _width(self) -> int:
        return max(self.content_region.width, 20) if self.is_mounted and self.content_region.width else 78

    def _render_keys(self) -> None:
        width = self._width()
        shown = (tuple(self._keys), width, self._lit)
        if shown == self._shown:
            return
        self._shown = shown
        rows = self._laid_out.get(shown)
        if rows is None:
            if len(self._laid_out) >= _KEPT:
                self._laid_out.clear()
            rows = self._laid_out[shown] = list(layout_keys(self._keys, width, self._lit).split("\n"))
        self.set_count(len(rows))
        for y, row in enumerate(rows):
            self.set_line(y, row)

    # ------------------------------------------------------------ the pointer

    def _entry_at(self, event: events.MouseEvent) -> int | None:
        """The entry under the pointer, if one is."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        rows = entry_spans(self._keys, self._width())
        if not 0 <= offset.y < len(rows):
            return None
        return next((index for index, start, end in rows[offset.y] if start <= offset.x < end), None)

    def _light(self, entry: int | None) -> None:
        if entry is not None and self._actions[entry] is None:
            entry = None
        if entry != self._lit:
            self._lit = entry
            self._render_keys()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._light(self._entry_at(event))

    def on_leave(self) -> None:
        self._light(None)

    async def on_click(self, event: events.Click) -> None:
        """A click on an entry does what its key does, as the screen runs the key."""
        entry = self._entry_at(event)
        bound = self._actions[entry] if entry is not None else None
        if bound is None:
            return
        event.stop()
        node, action = bound
        await self.app.run_action(action, node)

    def render(self) -> Text:
        """What the bar says, as one text (it is drawn line by line)."""
        return Text("\n").join(self.line(y) for y in range(self.count))
