"""The other seats' hands read from what they did this round: deals weighed by how sensible their plays look.

A hand is not a blind guess: a player who held the next card of an expedition
it had started usually laid it; one who discarded a yellow card rather than open
yellow holds few good yellows; one who opened a colour with a low card holds
more of it.  The rules of thumb (:func:`~lost_cities.ai.heuristic.heuristic_play`)
say what a sensible player does; a deal is weighed by how many of the other
seats' recent plays those rules would have made from the hands the deal gives
them.

To judge a past play the hand *then* is needed.  It is rebuilt backwards from the
sampled hand now, turn by turn, newest first: a card taken from a discard pile
goes back to its pile, the play goes back into the hand, and a card drawn from
the draw pile — which one nobody saw — is one of the hand's cards that were not
taken from a pile, any of them alike.  The play is then as likely as the share
of those cards (a few, tried in random order) with which the rules would have
made it, and the card taken as the one drawn is one of those if there is one.

Each play the rules would not have made multiplies the deal's weight by
``slack`` (never zero: the other seat is a person, not the rules of thumb, and
every deal the view allows stays possible); a play made with only some of the
cards that may have been drawn, by the matching share.  :func:`sample_weighed`
keeps a deal with a probability equal to its weight (rejection sampling), so
the search plays out deals in proportion to how believable they are.  Only
public events and the seat's own hand are read (H3): every deal agrees with the
view.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Sequence

from lost_cities.ai.heuristic import heuristic_play
from lost_cities.ai.knowledge import FROM_DRAW_PILE, NO_DRAW, Knowledge, deal_hidden, round_of
from lost_cities.ai.view_codes import turns_left
from lost_cities.engine import Round, layout_of
from lost_cities.engine.codes import PLAY_CARD

__all__ = ["hand_weight", "sample_weighed"]

#: Cards tried as the one drawn from the draw pile, at random: the play's likelihood is the share of them with
#: which the rules of thumb make it (all of them with ``any_draw``).
DRAW_TRIES = 4


def hand_weight(
    know: Knowledge,
    seat: int,
    hand: Sequence[int],
    rng: random.Random,
    turns: int,
    slack: float,
    any_draw: bool = False,
) -> float:
    """How believable ``hand`` (a deal's hand for ``seat`` now) is: the product, over ``seat``'s last
    ``turns`` turns of the round, of how likely the rules of thumb make its play (1, ``slack``, or between
    them by the share of the cards that may have been drawn with which they make it).

    ``any_draw`` judges a play sensible when it is so with any of those cards (a reading that lets a hand
    explain a play away by the card it drew)."""
    clues = [clue for clue in know.clues if clue.seat == seat]
    if not clues or turns <= 0:
        return 1.0
    rules = know.rules
    layout = layout_of(rules)
    mine = layout.base[seat]
    theirs = tuple(base for side in range(layout.sides) if (base := layout.side_slots(side).start) != mine)
    players, team = rules.players, rules.cooperative
    cards = sorted(hand)
    pinned = Counter(know.known[seat])  # taken from a discard pile: never a card drawn unseen
    weight = 1.0
    judged = 0
    for clue in reversed(clues):
        if judged >= turns:
            break
        played = PLAY_CARD[clue.play]
        judge = clue.drawn != NO_DRAW  # a lay of the final laying (R23c) is undone, not judged
        then = turns_left(clue.deck_left, players)
        if clue.drawn >= 0:
            cards.remove(clue.drawn)
            pinned[clue.drawn] -= 1
        likely = -1.0  # how likely the play is from the hand then: judged below unless judged here
        if clue.drawn == FROM_DRAW_PILE:
            options = [code for code in sorted(set(cards)) if cards.count(code) > pinned[code]]
            rng.shuffle(options)
            tried = options if any_draw else options[:DRAW_TRIES]
            matches = []
            for option in tried if judge else ():
                before = cards[:]
                before.remove(option)
                insort(before, played)
                if heuristic_play(before, clue.tops, mine, theirs, clue.deck_left, then, team) == clue.play:
                    matches.append(option)
            if judge and tried:
                share = (1.0 if matches else 0.0) if any_draw else len(matches) / len(tried)
                likely = share + slack * (1 - share)
            drawn = matches[0] if matches else options[0] if options else -1
            if drawn >= 0:
                cards.remove(drawn)
        insort(cards, played)
        if clue.from_pile:
            pinned[played] += 1
        if not judge:
            continue
        judged += 1
        if likely < 0:
            likely = (
                1.0
                if heuristic_play(cards, clue.tops, mine, theirs, clue.deck_left, then, team) == clue.play
                else slack
            )
        weight *= likely
    return weight


def sample_weighed(
    know: Knowledge, rng: random.Random, tries: int, turns: int, slack: float, any_draw: bool = False
) -> Round:
    """A deal agreeing with the view, the other hands as believable as their plays make them.

    Rejection sampling: a deal is kept with a probability equal to its weight (:func:`hand_weight`, the
    product over the other seats), so the deals kept follow the weighed distribution; after ``tries``
    deals the most believable one seen is kept, so the cost stays bounded.
    """
    others = [seat for seat in range(know.rules.players) if seat != know.seat]
    best: tuple[list[list[int]], list[int]] | None = None
    best_weight = -1.0
    for _ in range(max(1, tries)):
        hands, pool = deal_hidden(know, rng)
        if not know.clues or turns <= 0:
            return round_of(know, hands, pool)
        weight = 1.0
        for seat in others:
            weight *= hand_weight(know, seat, hands[seat], rng, turns, slack, any_draw)
        if weight >= 1.0 or rng.random() < weight:
            return round_of(know, hands, pool)
        if weight > best_weight:
            best, best_weight = (hands, pool), weight
    assert best is not None
    return round_of(know, *best)
