"""Check boxes and radio buttons whose state reads without colour.

Textual draws the same mark for on and off and tells them apart by colour only;
ours leave the box empty when off, so the forms work for colour-blind players
and in terminals without colour, like the board.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


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
