"""A crafted history for the statistics: who beat whom is chosen, the cards are seeded random play."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lost_cities.engine import Match, Rules
from lost_cities.storage import MatchStore, SavedMatch
from tests.storage.matches import random_match

START = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


def won_by_seat(seat: int, seeds: Iterator[int], rules: Rules | None = None) -> Match:
    """A finished random match (one round) that ``seat``'s side wins outright."""
    for seed in seeds:
        match = random_match(seed, 10_000, rules=rules, rounds=1)
        if match.outcome is not None and match.outcome.winner == (rules or Rules()).side_of(seat):
            return match
    raise AssertionError("no seed gives that winner")


def crafted_history(folder: Path) -> list[SavedMatch]:
    """Ana beats the easy computer four times (in either seat, the computer under two names, Ana's name in
    two cases) and takes three hints doing it; Boris beats her once; a three-player match, a team match,
    a cooperative one, and an abandoned one: saved in ``folder``'s history, oldest first, and returned."""
    store = MatchStore(folder)
    seeds = iter(range(1000))
    kept: list[SavedMatch] = []

    def keep(names: tuple[str, ...], match: Match, computers: tuple[str | None, ...] = (), hints: int = 0) -> None:
        saved = SavedMatch.start(names, match, computers=computers, now=START + timedelta(days=len(kept)))
        human = next(seat for seat in range(len(names)) if not computers or computers[seat] is None)
        taken = tuple(hints if seat == human else 0 for seat in range(len(names)))
        kept.append(store.finish_current(saved.with_match(match, hints=[taken], now=saved.created)))

    for index in range(4):
        seat = index % 2
        names = ("Ana", "Bot") if seat == 0 else ("Robot", "ana")
        computers = (None, "easy") if seat == 0 else ("easy", None)
        keep(names, won_by_seat(seat, seeds), computers, hints=index % 2 + 1 if index < 2 else 0)
    keep(("Ana", "Boris"), won_by_seat(1, seeds))
    keep(("Ana", "Boris", "Cleo"), won_by_seat(2, seeds, Rules(players=3)))
    keep(("Ana", "Boris", "Cleo", "Dan"), won_by_seat(0, seeds, Rules(players=4)))
    keep(("Ana", "Boris"), random_match(3, 10_000, rules=Rules(cooperative=True), rounds=1))
    store.save_current(SavedMatch.start(("Ana", "Cleo"), random_match(9, 60), now=START + timedelta(days=20)))
    abandoned = store.abandon_current()
    assert abandoned is not None
    return [*kept, abandoned]
