"""The reference opponent: rules of thumb of an intermediate player, on card codes.

A player equivalent to ``HeuristicBot`` of the public gnabcel/lost-cities-ai
repository, the yardstick the levels are measured against (written anew for
this engine, never copied).  It reads only what its seat may see: its own hand,
the expeditions, the discard piles' top cards, the draw pile's size.

* To play: lay the lowest card that continues a started expedition when its gap
  above the last number is at most 2 (any gap once the hand holds more cards of
  that colour than the seat has turns left), the smallest gap first; else open
  the colour whose numbers in hand sum highest if that sum is at least 18 (+6
  when fewer than 20 cards remain) and the hand holds no more of it than the
  seat has turns left, with a wager if it holds one, the sum reaches the
  threshold + 6 and more than 20 cards remain; else discard the card least
  useful to the seat plus the opponent.
* To draw: the top of a discard pile only if it continues a started expedition
  with a gap of at most 1 (never the pile just discarded onto, R7), else the
  draw pile.

The functions work on the engine's codes (:mod:`lost_cities.engine.codes`: a
card's colour and rank by table lookup) because the search of the ``hard`` level calls them thousands of times a
second inside its rollouts; :class:`HeuristicBot` reads a view into codes once.
``tops`` is the engine's list of each expedition's last rank (0 when empty, 1
after a wager), ``mine`` the slot of the seat's own side's first expedition in it
(:class:`~lost_cities.engine.Layout`) and ``theirs`` those of the other sides.
"""

from __future__ import annotations

from collections.abc import Sequence

from lost_cities.ai.view_codes import Table, table_of
from lost_cities.engine import DRAW_PILE, STOP, Draw, Phase, Play, PlayerView, Rules, Stop, layout_of
from lost_cities.engine.codes import COLOUR_OF, DISCARD, LAY, RANK_OF, STOP_CODE
from lost_cities.engine.laying import LAYABLE_ON, top_rank
from lost_cities.engine.scoring import score_codes

__all__ = ["HeuristicBot", "final_choice", "heuristic_draw", "heuristic_final", "heuristic_play"]

#: The largest gap above an expedition's last number the heuristic lays into.
MAX_GAP = 2
#: The sum of a colour's numbers in hand that opens an expedition.
START_THRESHOLD = 18
#: Added to the threshold late in the round (fewer than this many cards left).
LATE = 20
LATE_EXTRA = 6
#: A wager opens an expedition when the sum reaches the threshold + this.
WAGER_EXTRA = 6


def heuristic_play(
    hand: Sequence[int],
    tops: Sequence[int],
    mine: int,
    theirs: Sequence[int],
    deck_left: int,
    turns_left: int,
    team: bool = False,
    max_gap: int = MAX_GAP,
    start_threshold: int = START_THRESHOLD,
) -> int:
    """The heuristic's play code for a sorted ``hand`` (see the module docstring).

    With ``team`` (cooperative play, R22) a card useful to another seat is a good
    discard rather than a bad one: it helps the team score.  ``max_gap`` and
    ``start_threshold`` let the ``normal`` level vary the two main rules.
    """
    # One pass over the hand (sorted: colour by colour, wagers first) gathers what the three rules need.
    best = -1  # 1) a card continuing a started expedition, with the smallest gap
    best_gap = 99
    start = -1  # 2) the opening card of the strongest unstarted colour
    best_sum = 0
    threshold = start_threshold + (LATE_EXTRA if deck_left < LATE else 0)
    bold = threshold + WAGER_EXTRA if deck_left > LATE else 1 << 30  # the sum that opens with a wager
    sums = [0, 0, 0, 0, 0, 0, 0, 0]  # the numbers' sum per unstarted colour, for 3)
    colour = -1
    count = top = total = 0
    wager = lowest = -1
    found = False
    colour_of, rank_of = COLOUR_OF, RANK_OF
    for code in hand:
        c = colour_of[code]
        if c != colour:
            if colour >= 0 and not top:  # close the previous colour: could it be opened?
                sums[colour] = total
                if best < 0 and total >= threshold and total > best_sum and count <= turns_left:
                    best_sum = total
                    start = wager if wager >= 0 and total >= bold else lowest
            colour = c
            top = tops[mine + c]
            count = total = 0
            wager = lowest = -1
            found = False
        count += 1
        v = rank_of[code]
        if top:
            if not found and v > top:  # the lowest card above the expedition's last one
                found = True
                gap = v - top - 1
                if gap < best_gap:
                    if gap <= max_gap:
                        best, best_gap = code, gap
                    else:  # any gap once the colour's cards outnumber the turns left: count the rest
                        held = count
                        for other in hand[hand.index(code) + 1 :]:
                            if colour_of[other] != c:
                                break
                            held += 1
                        if held >= turns_left:
                            best, best_gap = code, gap
        elif v == 1:
            wager = code
        else:
            total += v
            if lowest < 0:
                lowest = code
    if colour >= 0 and not top:
        sums[colour] = total
        if best < 0 and total >= threshold and total > best_sum and count <= turns_left:
            start = wager if wager >= 0 and total >= bold else lowest
    if best >= 0:
        return LAY[best]
    if start >= 0:
        return LAY[start]
    # 3) discard the card least useful to this seat plus the others
    best_cost = 1e9
    alone = theirs[0] if len(theirs) == 1 else -1  # two players: one other side, looked up directly
    for code in hand:
        c = colour_of[code]
        v = rank_of[code]
        value = v if v > 1 else 0
        top = tops[mine + c]
        if top:
            cost: float = 6 + value if v >= top else 0
        else:
            cost = sums[c] / 4 + (3 if v == 1 else 0)
        if alone >= 0:
            top = tops[alone + c]
            use: float = (5 + value if v >= top else 0) if top else value / 3
        else:
            use = 0  # the most any other side could make of it
            for other in theirs:
                top = tops[other + c]
                worth = (5 + value if v >= top else 0) if top else value / 3
                if worth > use:
                    use = worth
        cost = cost - use if team else cost + use
        if cost < best_cost:
            best, best_cost = code, cost
    return DISCARD[best]


def heuristic_draw(tops: Sequence[int], mine: int, discards: Sequence[Sequence[int]], closed: int) -> int:
    """The heuristic's draw code: a discard top that continues a started expedition closely, else the pile."""
    best = DRAW_PILE
    best_gap = 2
    slot = mine  # the seat's expedition of each pile's colour in turn: a counter, cheaper than enumerate's pairs
    for pile in discards:
        if pile:
            top = tops[slot]
            if top:
                v = RANK_OF[pile[-1]]
                if v >= top:
                    gap = v - top - 1 if v > 1 else 0
                    if gap < best_gap and slot - mine != closed:  # never the pile just discarded onto (R7)
                        best, best_gap = slot - mine, gap
        slot += 1
    return best


def _gain(code: int, cards: Sequence[int], rules: Rules) -> int:
    """What laying ``code`` on ``cards`` adds to the side's score (R21: it no longer counts in hand)."""
    v = RANK_OF[code]
    saved = v if rules.hand_penalty and v > 1 else 0
    return score_codes([*cards, code], rules) - score_codes(cards, rules) + saved


def heuristic_final(
    hand: Sequence[int], expeditions: Sequence[Sequence[int]], mine: int, left: int, rules: Rules
) -> int:
    """In the final laying (R23c): the lay that raises the side's score most, one lay ahead; else STOP.

    With nothing left to draw, laying what adds points is all there is to it: every
    bot lays by this rule.
    """
    best, best_total = STOP_CODE, 0
    for code in sorted(set(hand)):
        cards = expeditions[mine + COLOUR_OF[code]]
        now = _gain(code, cards, rules) if LAYABLE_ON[top_rank(cards)][code] else 0
        if now <= 0:
            continue
        follow = 0
        if left > 1:  # the best second lay after this one
            rest = list(hand)
            rest.remove(code)
            for other in set(rest):
                same = COLOUR_OF[other] == COLOUR_OF[code]
                under = [*cards, code] if same else expeditions[mine + COLOUR_OF[other]]
                if LAYABLE_ON[top_rank(under)][other]:
                    follow = max(follow, _gain(other, under, rules))
        if now + follow > best_total:
            best, best_total = LAY[code], now + follow
    return best


def final_choice(view: PlayerView) -> Play | Stop:
    """A bot's choice in the final laying (R23c), by :func:`heuristic_final`."""
    rules = view.rules
    expeditions = [[card.code for card in cards] for side in view.expeditions for cards in side]
    hand = sorted(card.code for card in view.hand)
    code = heuristic_final(hand, expeditions, layout_of(rules).base[view.seat], view.final_lays_left, rules)
    return STOP if code == STOP_CODE else Play.from_code(code)


class HeuristicBot:
    """The reference opponent as a bot: deterministic, no state."""

    def choose_play(self, view: PlayerView) -> Play | Stop:
        if view.phase is Phase.FINAL:
            return final_choice(view)
        table = table_of(view)
        team = view.rules.cooperative
        return Play.from_code(
            heuristic_play(table.hand, table.tops, table.mine, table.theirs, table.deck_left, table.turns_left, team)
        )

    def choose_draw(self, view: PlayerView) -> Draw:
        table: Table = table_of(view)
        return Draw.from_code(heuristic_draw(table.tops, table.mine, table.discards, table.closed))
