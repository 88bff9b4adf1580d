"""What a seat knows about the hidden cards, and positions sampled consistently with it (H1, H3).

A player with a perfect memory knows every public event of the round
(``PlayerView.history``): each card laid or discarded, and each card taken from
a discard pile and by whom.  From these and its own hand it knows

* the whole content of every discard pile, not just its top;
* the cards another seat took from a discard pile and has not played since:
  they are in that hand;
* and so the *unseen* cards: the rest of the other hands and the draw pile, in
  an unknown order.

:func:`unseen_cards` is that last list per colour, as the board's *memory aid* shows it.

:func:`sample_round` deals the unseen cards at random into a full engine
position (``Round.from_codes``) that a search can play out: every sample agrees
with everything the seat has seen, and with nothing else.
"""

from __future__ import annotations

import random
from collections import Counter

from msgspec import Struct

from lost_cities.engine import (
    Card,
    Colour,
    FinalLaying,
    Phase,
    PlayerView,
    PublicTurn,
    Round,
    Rules,
    card_from_code,
    layout_of,
)
from lost_cities.engine.codes import COLOUR_OF, RANK_OF
from lost_cities.engine.round import fresh_deck

__all__ = [
    "FROM_DRAW_PILE",
    "NO_DRAW",
    "Knowledge",
    "OtherTurn",
    "deal_hidden",
    "knowledge",
    "round_of",
    "sample_round",
    "unseen_cards",
]


#: :attr:`OtherTurn.drawn` of a lay in the final laying (R23c): nothing drawn
NO_DRAW = -2
#: :attr:`OtherTurn.drawn` of a draw from the draw pile: a card nobody else saw
FROM_DRAW_PILE = -1


class OtherTurn(Struct, frozen=True):
    """A turn another seat played this round, with the table it was played on: a clue to that hand.

    ``play`` is the play's code; ``drawn`` the card it then took from a discard pile,
    :data:`FROM_DRAW_PILE` or :data:`NO_DRAW`; ``tops`` are the expeditions' last values and
    ``deck_left`` the draw pile's size before the play; ``from_pile`` says the card played had
    been taken from a discard pile earlier this round (so it was never a hidden card).
    """

    seat: int
    play: int
    drawn: int
    tops: tuple[int, ...]
    deck_left: int
    from_pile: bool = False


class Knowledge(Struct, frozen=True):
    """What ``seat`` knows, in card codes.

    ``piles`` are the discard piles, bottom first.  ``known`` lists, per seat, the cards
    known to be in that hand (none for the seat itself: its hand is ``hand``);
    ``unseen`` every card whose place is unknown.  ``discarded`` holds the cards this
    seat discarded this round.  ``final_left``/``final_to_go`` describe the final
    laying (R23c) as the view does.  ``clues`` are the other seats' turns this round, oldest
    first (:mod:`lost_cities.ai.inference` reads their hands from them).
    """

    rules: Rules
    seat: int
    to_move: int
    phase: Phase
    closed: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    expeditions: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    known: tuple[tuple[int, ...], ...]
    unseen: tuple[int, ...]
    discarded: frozenset[int]
    deck_left: int
    final_left: int
    final_to_go: int
    clues: tuple[OtherTurn, ...]


def knowledge(view: PlayerView) -> Knowledge:
    """Replay the view's public history into what ``view.seat`` knows."""
    rules = view.rules
    layout = layout_of(rules)
    expeditions: list[list[int]] = [[] for _ in range(layout.slots)]
    piles: list[list[int]] = [[] for _ in range(layout.colours)]
    known: list[list[int]] = [[] for _ in range(rules.players)]
    discarded: set[int] = set()
    pile_draws = 0
    clues: list[OtherTurn] = []
    history = view.history
    dealt = rules.card_count - rules.players * rules.hand_size

    def lay_or_discard(seat: int, code: int, discard: bool) -> None:
        if code in known[seat]:
            known[seat].remove(code)
        if discard:
            piles[COLOUR_OF[code]].append(code)
            if seat == view.seat:
                discarded.add(code)
        else:
            expeditions[layout.slot(seat, COLOUR_OF[code])].append(code)

    def tops() -> tuple[int, ...]:
        return tuple(RANK_OF[cards[-1]] if cards else 0 for cards in expeditions)

    for event in history:
        if isinstance(event, FinalLaying):
            for play in event.plays:
                if event.seat != view.seat:
                    code = play.card.code
                    clues.append(OtherTurn(event.seat, play.code, NO_DRAW, tops(), 0, code in known[event.seat]))
                lay_or_discard(event.seat, play.card.code, False)
            continue
        if event.seat != view.seat:
            if event.draw is None:
                drawn = NO_DRAW
            elif event.draw.pile is not None and event.drawn is not None:
                drawn = event.drawn.code
            else:
                drawn = FROM_DRAW_PILE
            code = event.play.card.code
            clues.append(
                OtherTurn(event.seat, event.play.code, drawn, tops(), dealt - pile_draws, code in known[event.seat])
            )
        lay_or_discard(event.seat, event.play.card.code, event.play.discard)
        _draw(event, piles, known)
        pile_draws += event.draw is not None and event.draw.pile is None
    if view.phase is Phase.DRAW and view.pending_play is not None:
        lay_or_discard(view.seat, view.pending_play.card.code, view.pending_play.discard)
    known[view.seat] = []
    hand = tuple(sorted(card.code for card in view.hand))
    seen = Counter(hand)
    for cards in (*expeditions, *piles, *known):
        seen.update(cards)
    return Knowledge(
        rules=rules,
        seat=view.seat,
        to_move=view.to_move,
        phase=view.phase,
        closed=-1 if view.closed_pile is None else int(view.closed_pile),
        hand=hand,
        hand_sizes=view.hand_sizes,
        expeditions=tuple(map(tuple, expeditions)),
        piles=tuple(map(tuple, piles)),
        known=tuple(map(tuple, known)),
        unseen=tuple((Counter(fresh_deck(rules)) - seen).elements()),
        discarded=frozenset(discarded),
        deck_left=view.draw_pile_size,
        final_left=view.final_lays_left,
        final_to_go=view.final_turns_left,
        clues=tuple(clues),
    )


def unseen_cards(view: PlayerView) -> dict[Colour, tuple[Card, ...]]:
    """Per colour of the match, the cards ``view.seat`` has not seen this round, wagers first: what a
    perfect memory knows (the memory aid), from the view alone (H3).

    Seen are the cards in the seat's hand, on every expedition, in every discard pile (buried ones
    too: they were on top once), and those another seat took from a pile; the rest are somewhere in
    the other hands or the draw pile.

    >>> from lost_cities.engine import player_view
    >>> view = player_view(Round(seed=1), 0)
    >>> sum(map(len, unseen_cards(view).values())) == 60 - 8
    True
    """
    know = knowledge(view)
    # a card another seat has just played, its draw still to come, lies on the table but is not in the
    # history yet (the view leaves an unfinished turn out): seen all the same, unless it is one that
    # seat was known to hold (taken from a pile), and so counted already
    table = Counter(card.code for side in view.expeditions for cards in side for card in cards)
    table -= Counter(code for cards in know.expeditions for code in cards)
    for top, size, pile in zip(view.discard_tops, view.discard_sizes, know.piles, strict=True):
        if top is not None and size > len(pile):
            table[top.code] += 1
    if view.to_move != view.seat:
        table -= Counter(know.known[view.to_move])
    unseen: dict[Colour, list[Card]] = {colour: [] for colour in view.rules.colours}
    for code in sorted((Counter(know.unseen) - table).elements()):
        card = card_from_code(code)
        unseen[card.colour].append(card)
    return {colour: tuple(cards) for colour, cards in unseen.items()}


def _draw(turn: PublicTurn, piles: list[list[int]], known: list[list[int]]) -> None:
    """A card taken from a discard pile is known to be in that hand (H1); one from the draw pile is not."""
    if turn.draw is not None and turn.draw.pile is not None:
        known[turn.seat].append(piles[turn.draw.pile].pop())


def sample_round(know: Knowledge, rng: random.Random) -> Round:
    """A full position agreeing with ``know``: the unseen cards dealt at random to the hidden places."""
    hands, pool = deal_hidden(know, rng)
    return round_of(know, hands, pool)


def deal_hidden(know: Knowledge, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The unseen cards dealt at random: every hand (the known cards first, then the hidden ones in the
    random order they were dealt) and the draw pile (top last)."""
    pool = list(know.unseen)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for seat, size in enumerate(know.hand_sizes):
        if seat == know.seat:
            hands.append(list(know.hand))
            continue
        hand = list(know.known[seat])
        take = len(pool) - (size - len(hand))
        hand += pool[take:]
        del pool[take:]
        hands.append(hand)
    return hands, pool


def round_of(know: Knowledge, hands: list[list[int]], pool: list[int]) -> Round:
    """The engine position of a deal of the hidden cards (:func:`deal_hidden`) on the table ``know`` describes."""
    return Round.from_codes(
        know.rules,
        hands,
        pool,
        know.expeditions,
        know.piles,
        know.to_move,
        phase=know.phase,
        closed=know.closed,
        final_left=know.final_left if know.phase is Phase.FINAL else None,
        final_to_go=know.final_to_go if know.phase is Phase.FINAL else None,
    )
