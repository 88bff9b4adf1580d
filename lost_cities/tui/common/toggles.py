"""Check boxes and radio buttons whose state reads without colour.

Textual draws the same mark for on and off and tells them apart by colour only;
ours leave the box empty when off, so the forms work for colour-blind players
and in terminals without colour, like the board.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.content import Content
from textual.widgets import Checkbox, RadioButton, RadioSet


class TickBox(Checkbox):
    """``▐X▌`` when ticked, ``▐ ▌`` when not."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class ChoiceButton(RadioButton):
    """``▐●▌`` when chosen, ``▐ ▌`` when not."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else " "
        return super()._button


class ChoiceSet(RadioSet):
    """Radio buttons whose arrow keys choose, as in any form: Textual's only move a highlight,
    and the choice waits for Space or Enter, which players never guessed."""

    def action_next_button(self) -> None:
        self._choose(super().action_next_button)

    def action_previous_button(self) -> None:
        self._choose(super().action_previous_button)

    def _choose(self, move: Callable[[], None]) -> None:
        if not self.has_focus:  # Textual highlights the first button at mount: nothing to choose
            move()
            return
        if self.pressed_index >= 0:  # from the button chosen, wherever the highlight was
            self._selected = self.pressed_index
        move()
        self.action_toggle_button()
