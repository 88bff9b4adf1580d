"""How many play: the engine's rules for two, three or four players, and who forms a side.

Three players each lay their own expeditions, with cost 17 and the bonus from the 7th card
(R23b); four play as two teams of partners who share one set of expeditions (R24a-b: seats
1 and 3 against seats 2 and 4) and score like two.  The score tool adds up *sides*: a player,
or with four a team.  Every number comes from :class:`Rules` (``three_players()``,
``four_in_teams()``); this module only chooses among them and names the sides.

>>> three = rules_for(3)
>>> three.expedition_cost, three.bonus_threshold, hand_limit(three), hand_limit(rules_for(4))
(17, 7, 7, 12)
>>> side_names(("Ana", "Boris", "Carl", "Dana"), rules_for(4))
('Ana & Carl', 'Boris & Dana')
"""

from __future__ import annotations

from collections.abc import Sequence

from lost_cities.engine import Rules
from lost_cities.i18n import _

__all__ = ["PLAYER_COUNTS", "hand_limit", "rules_for", "seats_of", "side_names"]

#: The numbers of players the game has rules for: two (R1-R19), three (R23), four in teams (R24).
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)


def rules_for(players: int, long: bool = False, hand_penalty: bool = False) -> Rules:
    """The engine's rules for ``players`` players with the variants chosen (R20, R21).

    Raises :class:`ValueError` for any other number of players.
    """
    if players == 2:
        return Rules(long=long, hand_penalty=hand_penalty)
    if players == 3:
        return Rules.three_players(long=long, hand_penalty=hand_penalty)
    if players == 4:
        return Rules.four_in_teams(long=long, hand_penalty=hand_penalty)
    raise ValueError(f"the game is for 2, 3 or 4 players, not {players}")


def seats_of(side: int, rules: Rules) -> tuple[int, ...]:
    """The seats (0-based) that lay onto ``side``: one player, or two partners (R24a)."""
    return tuple(seat for seat in range(rules.players) if rules.side_of(seat) == side)


def hand_limit(rules: Rules) -> int:
    """The most cards one side can hold when a round ends: a full hand (R8, R23a), or both
    partners' hands together (R24c), whose cards all count against the team (R24f)."""
    return rules.hand_size * len(seats_of(0, rules))


def side_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """Each side's name: the player's, or the two partners' as ``Ana & Carl`` (R24a)."""
    sides = []
    for side in range(rules.sides):
        seats = seats_of(side, rules)
        if len(seats) == 1:
            sides.append(names[seats[0]])
        else:
            # Translators: a team of two partners, "Ana & Carl"
            sides.append(_("{first} & {second}").format(first=names[seats[0]], second=names[seats[1]]))
    return tuple(sides)
