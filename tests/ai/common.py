"""What the tests of the computer players share: rules of every variant, random play, what a seat has seen."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import strategies as st

from lost_cities.ai.heuristic import HeuristicBot
from lost_cities.engine import FinalLaying, Phase, Play, PlayerView, Round, Rules, player_view

#: Every variant for every player count (cooperative play is not for four, R24f).
rules_st = st.builds(
    lambda players, long, penalty, coop: Rules(
        players=players, long=long, hand_penalty=penalty, cooperative=coop and players < 4
    ),
    st.sampled_from((2, 3, 4)),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def random_decision(round_: Round, rng: random.Random, grab: float = 0.3) -> None:
    """One random legal decision, taking from a discard pile with probability ``grab`` when it may."""
    legal = round_.legal_codes()
    if round_.phase is not Phase.DRAW:
        round_.apply_code(rng.choice(legal))
    else:  # the draw pile first (R7), then the open discard piles
        round_.apply_code(rng.choice(legal[1:]) if len(legal) > 1 and rng.random() < grab else legal[0])


def advance(round_: Round, decisions: int, rng: random.Random, grab: float = 0.3) -> None:
    for _ in range(decisions):
        if round_.over:
            return
        random_decision(round_, rng, grab)


def known_to(round_: Round, viewer: int) -> dict[int, list[int]]:
    """Per other seat, the cards ``viewer`` saw it take from a discard pile and not lay or discard since."""
    known: dict[int, list[int]] = {seat: [] for seat in range(round_.rules.players) if seat != viewer}
    for turn in round_.history():
        if turn.seat == viewer:
            continue
        plays = turn.plays if isinstance(turn, FinalLaying) else (turn.play,)
        for play in plays:
            if play.card.code in known[turn.seat]:
                known[turn.seat].remove(play.card.code)
        if not isinstance(turn, FinalLaying) and turn.draw is not None and turn.draw.pile is not None:
            assert turn.drawn is not None
            known[turn.seat].append(turn.drawn.code)
    return known


def heuristic_views(round_: Round) -> Iterator[PlayerView]:
    """Play ``round_`` to its end with the heuristic in every seat, yielding the view of the seat to play
    before each of its plays (the round as it stands then: the caller may look at it)."""
    bot = HeuristicBot()
    while not round_.over:
        seat = round_.to_move
        view = player_view(round_, seat)
        yield view
        choice = bot.choose_play(view)
        if isinstance(choice, Play):
            round_.play(choice)
        else:
            round_.stop()
        if round_.phase is Phase.DRAW:
            round_.draw(bot.choose_draw(player_view(round_, seat)))


def every_card(round_: Round) -> Counter[int]:
    held = [code for hand in round_.hands for code in hand] + round_.deck
    for cards in [*round_.expeditions, *round_.discards]:
        held += cards
    return Counter(held)


__all__ = ["advance", "every_card", "heuristic_views", "known_to", "random_decision", "rules_st", "seeds"]
