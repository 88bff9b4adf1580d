"""The lesson's two screens: the real board, whose key bar lists the keys of the step's move alone (or Enter, when
the step waits for it), and the real round's end, which ends the lesson instead of showing a match's result."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.text import Text
from textual.binding import Binding

from lost_cities.engine import Decision, Draw, Play, Rules
from lost_cities.i18n import _
from lost_cities.session import RoundReport
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.match.scene import Scene
from lost_cities.tui.match.screens.board import BoardScreen
from lost_cities.tui.match.screens.round_end import RoundEndScreen

__all__ = ["LessonBoard", "LessonEnd"]

#: The board's keys that play: not listed while the step waits for Enter (pressed, the lesson explains them).
_PLAYING = frozenset({"select", "move", "select_end", "lay", "discard", "draw", "take_back", "stop"})


class LessonBoard(BoardScreen):
    """The board; while ``waits_for_enter()`` the key bar lists Enter (to go on) instead of the moves, and while the
    step waits for a move (``wanted()``), the keys that make it alone: the others, pressed, are explained."""

    def __init__(
        self, rules: Rules, waits_for_enter: Callable[[], bool], wanted: Callable[[], Decision | None]
    ) -> None:
        super().__init__(rules)
        self.waits_for_enter = waits_for_enter
        self.wanted = wanted

    def prompt_text(self, scene: Scene) -> str:
        """No "play a card" under a step that waits for Enter: the step says what to press."""
        return "" if scene.wait is None and self.waits_for_enter() else super().prompt_text(scene)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.scene is not None and self.scene.wait is None and not self.too_small:
            wanted = self.wanted()
            if self.waits_for_enter():
                if action == "scores":
                    return True
                if action in _PLAYING:
                    return None
            elif action in _PLAYING and wanted is not None and not _makes(action, parameters, wanted):
                return None
        return super().check_action(action, parameters)

    def key_moment(self) -> Hashable:
        waiting = self.waits_for_enter()
        mine = self.scene is not None and self.scene.wait is None
        return super().key_moment(), waiting, waiting and mine, self.wanted() if mine else None

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "scores" and self.waits_for_enter():
            return (key_name("enter"), _("go on"))
        return super().key_entry(binding)


def _makes(action: str, parameters: tuple[object, ...], wanted: Decision) -> bool:
    """Whether the board's ``action`` is a step towards the ``wanted`` move: choosing a card and laying or discarding
    it as it wants, or drawing from the pile it wants."""
    if isinstance(wanted, Play):
        return action in ("select", "move", "select_end") or action == ("discard" if wanted.discard else "lay")
    if isinstance(wanted, Draw):
        return action == "draw" and parameters[:1] == ("n" if wanted.pile is None else wanted.pile.letter,)
    return action == "stop"


class LessonEnd(RoundEndScreen):
    """The lesson's round end: the whole count, then Enter ends the lesson."""

    def __init__(self, report: RoundReport, from_start: bool = False) -> None:
        """``from_start``: Enter goes back to the start the lesson was opened from, not to the shell."""
        super().__init__(report)
        self.from_start = from_start

    def _summary(self) -> Text:
        if self.from_start:
            return Text(_("That is the game. Enter goes back to the start; ? shows the rules during a match."))
        return Text(_("That is the game. lost-cities play starts a match; ? shows the rules during one."))

    def key_entry(self, binding: Binding) -> tuple[str, str] | None:
        if binding.action == "next" and not self.too_small:
            return (key_name("enter"), _("end the lesson"))
        return super().key_entry(binding)
