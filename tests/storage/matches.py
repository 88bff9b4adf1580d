"""Random matches for storage tests: seeded random legal play through the checked engine API."""

from __future__ import annotations

import random

from lost_cities.engine import STOP, Match, Phase, Rules
from lost_cities.storage import SavedMatch


def play_turns(match: Match, rng: random.Random, turns: int) -> None:
    """Play up to ``turns`` random legal turns, dealing new rounds as they come (R19).

    In the final laying of three or four players (R23c) a turn lays a card or stops, at random.
    """
    for _ in range(turns):
        if match.more_rounds:
            match.start_next_round()
        round_ = match.current
        if round_.over:
            return
        if round_.phase is Phase.FINAL:
            plays = [decision for decision in round_.legal_decisions() if decision != STOP]
            if plays and rng.random() < 0.5:
                round_.play(rng.choice(plays))
            else:
                round_.stop()
            continue
        round_.decide(rng.choice(round_.legal_decisions()))
        round_.decide(rng.choice(round_.legal_decisions()))


def random_match(
    seed: int, turns: int, rules: Rules | None = None, rounds: int = 3, first: int = 0, choices: int = 0
) -> Match:
    match = Match(rules or Rules(), rounds=rounds, first=first, seed=seed)
    play_turns(match, random.Random(choices), turns)
    return match


def saved_match(
    seed: int = 11, turns: int = 30, names: tuple[str, str] = ("Ana", "Boris"), **kwargs: int
) -> SavedMatch:
    match = random_match(seed, turns, **kwargs)  # type: ignore[arg-type]
    return SavedMatch.start(names, match)


def finished_match(seed: int = 5, names: tuple[str, str] = ("Ana", "Boris"), rounds: int = 1) -> SavedMatch:
    match = random_match(seed, 10_000, rounds=rounds)
    assert match.over
    return SavedMatch.start(names, match)


def state(match: Match) -> list[tuple[object, ...]]:
    """The whole engine state of a match, every round, as comparable values."""
    return [round_.state_key() for round_ in match.played]


def json_paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON tree, as the keys and indexes that lead to it (the root first): where to damage a save."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += json_paths(item, (*prefix, index))
    return found
