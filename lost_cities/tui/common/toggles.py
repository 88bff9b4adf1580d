"""Check boxes and radio buttons whose state reads without colour.

Textual draws the same mark for on and off and tells them apart by colour only;
ours leave the box empty when off, so the forms work for colour-blind players
and in terminals without colour, like the board.
"""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton, RadioSet


class TickBox(Checkbox):
    """``▐X▌`` when ticked, ``▐ ▌`` when not."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "  # this box's mark, drawn by Textual's button
        super().watch_value()


class ChoiceButton(RadioButton):
    """``▐●▌`` when chosen, ``▐ ▌`` when not."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "●" if self.value else " "
        super().watch_value()


class ChoiceSet(RadioSet):
    """Radio buttons whose arrow keys choose, as in any form: Textual's only move a highlight,
    and the choice waits for Space or Enter, which players never guessed."""

    def action_next_button(self) -> None:
        self._choose(1)

    def action_previous_button(self) -> None:
        self._choose(-1)

    def _choose(self, step: int) -> None:
        """From the button chosen, the next one that may be chosen, ``step`` along, round the ends."""
        # Textual's own mount highlights the first button: nothing to choose then, even if the set
        # already has the focus (on Python 3.13 the screen's focus reaches it before its Mount)
        if not self.is_mounted or not self.has_focus:
            if step > 0:
                super().action_next_button()
            else:
                super().action_previous_button()
            return
        buttons = list(self.query(RadioButton))
        start = self.pressed_index if self.pressed_index >= 0 else (-1 if step > 0 else 0)
        for distance in range(1, len(buttons) + 1):
            button = buttons[(start + step * distance) % len(buttons)]
            if not button.disabled:
                button.value = True  # the set unpresses the others and moves its highlight here
                return
