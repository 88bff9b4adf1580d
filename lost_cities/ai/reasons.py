"""Why the hard level weighs a choice, as data: the reason a hint gives beside each of its numbers.

The search (:func:`~lost_cities.ai.search.ranked`) puts a number on each choice, the round's expected
score difference; this module says what the choice does, from what the viewer sees alone (H3): an
expedition it continues and the gap it leaves, one it opens and the points of its colour in hand,
who could use a discard, what a draw brings.  A reason is a small value, a :class:`Why` and the
figures it names; :func:`lost_cities.words.hint_reason` says it in the player's language.

>>> from lost_cities.engine import Round, player_view
>>> view = player_view(Round.from_position("r5 r7 b4 / g4 | r3 r4 / g3 | - | y9 | 0"), 0)
>>> reason_for(view, Play.parse("+r7"))
HintReason(why=<Why.CONTINUES: 'continues'>, colour=<Colour.RED: 4>, points=0, gap=2, cost=0, seat=None)
>>> reason_for(view, Play.parse("-b4")).why, reason_for(view, Draw(None), best=True).why
(<Why.NO_EXPEDITION_UNDER_WAY: 'no_expedition_under_way'>, <Why.SAFEST: 'safest'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple

from msgspec import Struct
from msgspec.structs import replace

from lost_cities.ai.measures import HOLD_OPEN, WAGER_SUM, numbers_held
from lost_cities.engine import Card, Colour, Decision, Draw, Play, PlayerView, Stop, may_lay

__all__ = ["HintChoice", "HintReason", "Why", "explained", "reason_for"]


class Why(StrEnum):
    """What a choice does, as a hint says it; the figures each one names are :class:`HintReason`'s."""

    #: the stop of the final laying (R23c): no card in hand adds points
    NOTHING_WORTH_LAYING = "nothing_worth_laying"
    #: the draw pile, as the hint's first choice: no discard top is worth more
    SAFEST = "safest"
    #: the draw pile, below the first choice
    UNKNOWN_CARD = "unknown_card"
    #: a wager on the viewer's expedition that holds only wagers so far (``colour``)
    ANOTHER_WAGER = "another_wager"
    #: a number on the viewer's started expedition (``colour``), skipping ``gap`` cards (0: none)
    CONTINUES = "continues"
    #: a discard top that continues nothing and is taken so that the draw pile does not shrink
    HOLDS_OPEN = "holds_open"
    #: a discard top of a colour not opened yet: ``points`` of its numbers in hand with it
    POINTS_WITH_IT = "points_with_it"
    #: a wager opening ``colour`` with only ``points`` of its numbers in hand (less than
    #: :data:`~lost_cities.ai.measures.WAGER_SUM`), below the hint's first choice
    RISKY_WAGER = "risky_wager"
    #: a wager opening ``colour`` with ``points`` of its numbers in hand; or with fewer, as the hint's first choice
    WAGER_FIRST = "wager_first"
    #: a number opening ``colour`` with ``points`` of its numbers in hand, less than the expedition's ``cost``, below
    #: the hint's first choice
    OPENS_SHORT = "opens_short"
    #: a number opening ``colour`` with ``points`` of its numbers in hand, enough for its cost; or fewer, as the
    #: hint's first choice
    OPENS = "opens"
    #: a discard that ``seat``, on another side, could lay on their started expedition of ``colour``
    TAKER = "taker"
    #: the hint's first choice all the same, though ``seat``, on another side, could take it (a reason to do it
    #: before the risk: the first reason a newcomer reads must not read as "don't")
    TAKER_BUT_BEST = "taker_but_best"
    #: a discard only the viewer's own side could still lay
    ONLY_YOU = "only_you"
    #: a discard no started expedition can take, though some side could still open its colour with it
    NO_EXPEDITION_UNDER_WAY = "no_expedition_under_way"
    #: a discard of use to neither of two players: ``seat`` is the other one
    NEITHER = "neither"
    #: a discard of use to nobody at all
    NOBODY = "nobody"


class HintReason(Struct, frozen=True):
    """Why a choice is weighed: its :class:`Why` and the figures that one names (see each), else their defaults."""

    why: Why
    colour: Colour | None = None
    #: the points of ``colour``'s numbers in the viewer's hand (with the card taken, for a draw)
    points: int = 0
    #: the cards a lay skips above the expedition's last number
    gap: int = 0
    #: the expedition's cost (R12, R23b)
    cost: int = 0
    #: the seat a discard would help
    seat: int | None = None


class HintChoice(NamedTuple):
    """One choice of a hint: the decision, the round's expected score difference it leads to, and why."""

    decision: Decision
    estimate: float
    reason: HintReason


def explained(view: PlayerView, ranked: Iterable[tuple[Decision, float]]) -> tuple[HintChoice, ...]:
    """The search's choices with their reasons, in the order given: the first is the hint's best."""
    return tuple(
        HintChoice(decision, estimate, reason_for(view, decision, best=index == 0))
        for index, (decision, estimate) in enumerate(ranked)
    )


def reason_for(view: PlayerView, decision: Decision, best: bool = False) -> HintReason:
    """Why ``decision``, one of the viewer's legal decisions, is weighed, from ``view`` alone; ``best``: it is
    the hint's first choice."""
    if isinstance(decision, Stop):
        return HintReason(Why.NOTHING_WORTH_LAYING)
    if isinstance(decision, Draw):
        return _draw_reason(view, decision, best)
    assert isinstance(decision, Play)
    reason = (_discard_reason if decision.discard else _lay_reason)(view, decision.card)
    return replace(reason, why=_AS_BEST[reason.why]) if best and reason.why in _AS_BEST else reason


#: A reason that warns, and the one said for the same choice as the hint's first: the first reason a newcomer reads
#: must not read as "don't" (the risk is said of the choices below it).
_AS_BEST = {Why.TAKER: Why.TAKER_BUT_BEST, Why.RISKY_WAGER: Why.WAGER_FIRST, Why.OPENS_SHORT: Why.OPENS}


def _continuing(card: Card, laid: Sequence[Card]) -> HintReason:
    """Laying ``card`` on the viewer's started expedition ``laid``: another wager, or a number and its gap."""
    if card.is_wager:
        return HintReason(Why.ANOTHER_WAGER, card.colour)
    numbers = [c.value for c in laid if not c.is_wager]
    gap = card.value - (numbers[-1] + 1 if numbers else 2)
    return HintReason(Why.CONTINUES, card.colour, gap=max(gap, 0))


def _lay_reason(view: PlayerView, card: Card) -> HintReason:
    laid = view.expedition(view.side, card.colour)
    if laid:
        return _continuing(card, laid)
    points = numbers_held(card.colour, view.hand)
    if card.is_wager:
        return HintReason(Why.RISKY_WAGER if points < WAGER_SUM else Why.WAGER_FIRST, card.colour, points)
    cost = view.rules.expedition_cost
    if points < cost:  # "9 points in hand" alone reads as praise
        return HintReason(Why.OPENS_SHORT, card.colour, points, cost=cost)
    return HintReason(Why.OPENS, card.colour, points)


def _discard_reason(view: PlayerView, card: Card) -> HintReason:
    """Who could use a discarded card, from what is on the table only (their hands are unseen): the
    first seat after the viewer's on another side whose started expedition it fits is the risk."""
    rules = view.rules
    players = rules.players
    takers = view.useful_to(card)
    for step in range(1, players):
        seat = (view.seat + step) % players
        side = rules.side_of(seat)
        if side != view.side and side in takers:
            return HintReason(Why.TAKER, card.colour, seat=seat)
    if view.side in takers:
        return HintReason(Why.ONLY_YOU, card.colour)
    if any(not view.expedition(side, card.colour) for side in range(rules.sides)):  # someone has none yet
        return HintReason(Why.NO_EXPEDITION_UNDER_WAY, card.colour)  # only a new one could: little risk
    if players == 2:
        return HintReason(Why.NEITHER, card.colour, seat=(view.seat + 1) % 2)
    return HintReason(Why.NOBODY, card.colour)


def _draw_reason(view: PlayerView, draw: Draw, best: bool) -> HintReason:
    if draw.pile is None:
        return HintReason(Why.SAFEST if best else Why.UNKNOWN_CARD)
    card = view.discard_tops[draw.pile]
    assert card is not None
    laid = view.expedition(view.side, draw.pile)
    if laid and may_lay(card, laid):
        return _continuing(card, laid)
    points = numbers_held(draw.pile, (*view.hand, card))
    late = view.draw_pile_size <= HOLD_OPEN and points < view.rules.expedition_cost
    if laid or late:  # taken only so that the draw pile does not shrink
        return HintReason(Why.HOLDS_OPEN, draw.pile, points)
    return HintReason(Why.POINTS_WITH_IT, draw.pile, points)
