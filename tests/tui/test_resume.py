"""The start-up offer of the unfinished matches: each choice beside its key, however long its line."""

from __future__ import annotations

from textual.app import App

from lost_cities.tui.match.screens.resume import ResumeScreen
from tests.tui.helpers import SIZE, screen_lines

LONG = "online with Maximilienne, Bartholomeus, Александрина (EKKT-3GYY): your turn"


class Host(App[None]):
    def on_mount(self) -> None:
        self.push_screen(ResumeScreen("Ana against Boris, round 2 of 3", "new match", (LONG, "online with Boris")))


async def test_a_choice_too_long_for_its_line_goes_on_under_itself_not_under_the_keys() -> None:
    # found by a newcomer: an online game's code and turn wrapped under the numbers
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        first = next(index for index, line in enumerate(lines) if "Maximilienne" in line)
        label_column = lines[first].index("online with")
        assert lines[first].split()[1] == "1"
        assert lines[first + 1].index("(EKKT-3GYY)") == label_column  # under the label, the key column left empty
        assert lines[first + 2].split()[1:3] == ["2", "online"]


async def test_a_key_that_chooses_nothing_is_said_to() -> None:
    # found by a newcomer: x on this offer did nothing and said nothing, where the board says why
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert "The key x does nothing here: the keys above choose." in " ".join(" ".join(screen_lines(app)).split())
        assert isinstance(app.screen, ResumeScreen)
