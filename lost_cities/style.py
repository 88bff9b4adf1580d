"""Rich styles shared by the terminal screens and by ``lost-cities score``'s tables."""

from __future__ import annotations

from lost_cities.engine import Colour

__all__ = ["COLOUR_STYLE"]

#: Rich styles for each colour: a colour *and* a letter, so colour-blind players can read it too.
COLOUR_STYLE: dict[Colour, str] = {
    Colour.YELLOW: "bold #e5c100",
    Colour.BLUE: "bold #3f8fff",
    Colour.WHITE: "bold #e8e8e8",
    Colour.GREEN: "bold #2fbf4f",
    Colour.RED: "bold #ff4a3d",
    Colour.PURPLE: "bold #c77dff",
}
