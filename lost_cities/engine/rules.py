"""The rule set as a value: which cards, how many players, how scoring works.

Variants are data, not code paths.  The number of players decides the hand
size, the expedition cost, the bonus threshold and the final laying (R23, R24);
the three switches are the variants of R20–R22.

>>> Rules().card_count, Rules(long=True).card_count
(60, 72)
>>> three = Rules(players=3)
>>> three.hand_size, three.expedition_cost, three.bonus_threshold, three.final_plays
(7, 17, 7, 2)
>>> four = Rules(players=4)
>>> four.teams, four.sides, four.hand_size, four.side_of(2)
(True, 2, 6, 0)
"""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct
from msgspec.structs import replace

from lost_cities.engine.cards import Card, Colour

__all__ = ["BASE_COLOURS", "LONG_COLOURS", "PLAYER_COUNTS", "Rules"]

BASE_COLOURS: tuple[Colour, ...] = (Colour.YELLOW, Colour.BLUE, Colour.WHITE, Colour.GREEN, Colour.RED)
LONG_COLOURS: tuple[Colour, ...] = (*BASE_COLOURS, Colour.PURPLE)
#: The numbers of players the rulebooks know: two, three (R23), four in two teams (R24).
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)

# Per number of players: hand size (R8, R23a, R24c), expedition cost (R12, R23b),
# the expedition length that earns the bonus (R14, R23b), cards laid in the final laying (R23c, R24c).
_BY_PLAYERS: dict[int, tuple[int, int, int, int]] = {2: (8, 20, 8, 0), 3: (7, 17, 7, 2), 4: (6, 20, 8, 2)}


class Rules(Struct, frozen=True):
    """Every number and switch that the rulebooks vary.

    Given: ``players`` (2, 3, or 4 in two teams), ``long`` adds purple (R20),
    ``hand_penalty`` is "nothing in hand" (R21), ``cooperative`` adds every
    score into one team score (R22; not with four players, R24f).  Everything
    else follows from them.
    """

    players: int = 2
    long: bool = False
    hand_penalty: bool = False
    cooperative: bool = False

    #: R14: the bonus for a long expedition; R2: the wagers of each colour
    bonus: ClassVar[int] = 20
    wagers_per_colour: ClassVar[int] = 3

    def __post_init__(self) -> None:
        if self.players not in _BY_PLAYERS:
            raise ValueError(f"Lost Cities is played by 2, 3 or 4 players, not {self.players}")
        if self.cooperative and self.players == 4:
            raise ValueError("the cooperative game (R22) is not played by four: they already play in teams (R24f)")

    def with_changes(self, **changes: bool | int) -> Rules:
        """A copy with some of the given fields changed; the rest follows."""
        return replace(self, **changes)

    @property
    def teams(self) -> bool:
        """Four play in two teams (R24)."""
        return self.players == 4

    @property
    def hand_size(self) -> int:
        """R8, R23a, R24c."""
        return _BY_PLAYERS[self.players][0]

    @property
    def expedition_cost(self) -> int:
        """R12, R23b."""
        return _BY_PLAYERS[self.players][1]

    @property
    def bonus_threshold(self) -> int:
        """The expedition length that earns the bonus (R14, R23b)."""
        return _BY_PLAYERS[self.players][2]

    @property
    def final_plays(self) -> int:
        """Cards each player lays in the final laying (R23c, R24c); none with two."""
        return _BY_PLAYERS[self.players][3]

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The expeditions' colours: purple too in the long game (R20)."""
        return LONG_COLOURS if self.long else BASE_COLOURS

    @property
    def card_count(self) -> int:
        return len(self.colours) * (self.wagers_per_colour + 9)

    @property
    def sides(self) -> int:
        """How many sets of expeditions lie on the table (partners share one, R24b)."""
        return self.players // 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat lays its cards on (R24a: seats 1 and 3 are team A, 2 and 4 team B)."""
        return seat % 2 if self.teams else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that lay on ``side``: one, or two partners (R24a)."""
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    @property
    def side_hand_size(self) -> int:
        """The most cards a side holds when a round ends: a hand (R8, R23a), or both partners' (R24c, R24f).

        >>> Rules().side_hand_size, Rules(players=3).side_hand_size, Rules(players=4).side_hand_size
        (8, 7, 12)
        """
        return self.hand_size * (2 if self.teams else 1)

    def copies(self, card: Card) -> int:
        """R2: how many of ``card`` the deck holds: three of each wager, one of each number.

        A card of a colour that is not in the game (purple without R20) has no copies.

        >>> from lost_cities.engine.cards import Card
        >>> rules = Rules()
        >>> rules.copies(Card.parse("rw")), rules.copies(Card.parse("r7")), rules.copies(Card.parse("p7"))
        (3, 1, 0)
        """
        if card.colour not in self.colours:
            return 0
        return self.wagers_per_colour if card.is_wager else 1

    def multiplier(self, wagers: int) -> int:
        """R13: 1, 2, 3 or 4 for 0..3 wagers."""
        return wagers + 1
