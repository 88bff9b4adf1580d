"""The rule set as a value: which cards, how many in hand, how scoring works.

Variants are data, not code paths.  Two players are fully playable; the three-
and four-player variants (R23, R24) are described here so that supporting them
is a matter of seats and turn order.

>>> Rules().card_count, Rules(long=True).card_count
(60, 72)
>>> Rules.three_players().expedition_cost
17
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from lost_cities.engine.cards import Card, Colour

__all__ = ["BASE_COLOURS", "LONG_COLOURS", "Rules"]

BASE_COLOURS: tuple[Colour, ...] = (Colour.YELLOW, Colour.BLUE, Colour.WHITE, Colour.GREEN, Colour.RED)
LONG_COLOURS: tuple[Colour, ...] = (*BASE_COLOURS, Colour.PURPLE)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number and switch that the rulebooks vary.

    ``long`` adds purple (R20), ``hand_penalty`` is "nothing in hand" (R21),
    ``cooperative`` adds both scores into one team score (R22).  ``players``,
    ``teams`` and ``final_plays`` describe R23/R24.
    """

    long: bool = False
    hand_penalty: bool = False
    cooperative: bool = False
    players: int = 2
    teams: bool = False
    hand_size: int = 8
    expedition_cost: int = 20
    bonus_threshold: int = 8
    bonus: int = 20
    wagers_per_colour: int = 3
    final_plays: int = 0
    colours: tuple[Colour, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", LONG_COLOURS if self.long else BASE_COLOURS)

    @classmethod
    def three_players(cls, **changes: bool) -> Rules:
        """R23: 7 cards each, cost 17, bonus from the 7th card, two last plays."""
        return cls(players=3, hand_size=7, expedition_cost=17, bonus_threshold=7, final_plays=2, **changes)

    @classmethod
    def four_in_teams(cls, **changes: bool) -> Rules:
        """R24: partners share one side; 6 cards each; two last plays."""
        return cls(players=4, teams=True, hand_size=6, final_plays=2, **changes)

    def with_changes(self, **changes: object) -> Rules:
        """A copy with some fields changed (``colours`` follows ``long``)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def card_count(self) -> int:
        return len(self.colours) * (self.wagers_per_colour + 9)

    @property
    def sides(self) -> int:
        """How many sets of expeditions lie on the table (teams share one)."""
        return self.players // 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat lays its cards on (R24: A1, B1, A2, B2)."""
        return seat % 2 if self.teams else seat

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
