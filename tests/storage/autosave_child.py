"""A stand-in for the app in the SIGKILL test: plays a match, autosaving after every turn.

``python -m tests.storage.autosave_child DATA_DIR SEED MODE``.  Before each save
it prints ``turn <state>``; after it, ``saved``.  In ``wait`` mode it then waits
for a line on stdin, so the test can kill it at a known point; in ``run`` mode
it goes straight on, so the kill lands anywhere, a write included.
"""

from __future__ import annotations

import json
import random
import sys

from lost_cities.engine import Match
from lost_cities.storage import MatchStore, SavedMatch


def snapshot(match: Match, names: tuple[str, str]) -> str:
    """What a resumed match must show again: who is to move, the draw pile, the hands."""
    round_ = match.current
    return json.dumps(
        {
            "round": match.round_number,
            "to_move": names[round_.to_move],
            "draw_pile": round_.draw_pile_size,
            "hands": [[str(card) for card in round_.hand(seat)] for seat in (0, 1)],
        }
    )


def main(root: str, seed: int, mode: str) -> None:
    store = MatchStore(root)
    names = ("Ana", "Boris")
    match = Match(rounds=3, seed=seed)
    saved = SavedMatch.start(names, match)
    rng = random.Random(seed)
    while not match.over:
        round_ = match.current
        round_.decide(rng.choice(round_.legal_decisions()))
        round_.decide(rng.choice(round_.legal_decisions()))
        if match.more_rounds:
            match.start_next_round()
        print("turn", snapshot(match, names), flush=True)
        saved = saved.with_match(match)
        if match.over:
            store.finish_current(saved)
        else:
            store.save_current(saved)
        print("saved", flush=True)
        if mode == "wait":
            sys.stdin.readline()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
