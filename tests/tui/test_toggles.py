"""The forms' radio buttons (lost_cities.tui.common.toggles): one choice at a time, always."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import RadioButton

from lost_cities.tui.common.toggles import ChoiceButton, ChoiceSet
from tests.tui.helpers import SIZE


class Form(App[None]):
    """One set of three, "b" chosen, whose focus is there before its Mount is handled: the order
    in which Python 3.13 runs the new-match form's first moments (3.11 focuses it after)."""

    def compose(self) -> ComposeResult:
        choices = ChoiceSet(ChoiceButton("a", id="a"), ChoiceButton("b", value=True, id="b"), ChoiceButton("c", id="c"))
        choices.has_focus = True
        yield choices


def chosen(app: Form) -> list[str]:
    return [button.id or "" for button in app.query(RadioButton) if button.value]


async def test_a_set_focused_before_its_mount_keeps_its_choice_and_moves_it_whole() -> None:
    app = Form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        choices = app.query_one(ChoiceSet)
        assert chosen(app) == ["b"] and choices.pressed_button is app.query_one("#b")
        await pilot.click("#c")
        assert chosen(app) == ["c"]
        await pilot.press("left")  # the arrow keys choose, from the button chosen
        assert chosen(app) == ["b"]
