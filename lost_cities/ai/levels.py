"""The computer's levels, named once: the form, the command line, the saves and the loader read them here.

Light on purpose (no bot is imported), so that naming a level costs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from lost_cities.quoting import excerpt

__all__ = ["DEFAULT_THINK", "LEVELS", "check_computers"]

#: The computer opponents a player chooses from, weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: The hard level's thinking time per turn, in seconds, unless the players choose another.
DEFAULT_THINK = 1.0


def check_computers(computers: Sequence[str | None], players: int) -> tuple[str | None, ...]:
    """Per seat, a level or ``None`` (a person); a shorter list leaves the remaining seats to people.

    At least one seat is a person's: computers playing each other is the arena's job.

    >>> check_computers(["hard"], 2)
    ('hard', None)
    >>> check_computers([None, "expert"], 2)
    Traceback (most recent call last):
    ...
    ValueError: computers are given per seat as one of ('easy', 'normal', 'hard') or None, not [None, 'expert']
    """
    if len(computers) > players or any(level is not None and level not in LEVELS for level in computers):
        raise ValueError(f"computers are given per seat as one of {LEVELS} or None, not {excerpt(repr(computers))}")
    seats = (*computers, *(None,) * (players - len(computers)))
    if None not in seats:
        raise ValueError("at least one seat is a person's: the arena plays computers against each other")
    return seats
