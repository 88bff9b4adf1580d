"""What one player may know (H1, H2): the only thing a user interface or a bot reads.

A view holds the public table, the round's public history (with the cards the
viewer itself drew), and the viewer's own hand — never another seat's hand while the round runs, a partner's
included (R24d) — so a screen drawn from it cannot leak one, and a computer
player reading it cannot cheat (H3).

>>> from lost_cities.engine.round import Round
>>> r = Round(seed=1)
>>> view = player_view(r, 0)
>>> view.hand == r.hand(0), view.hand_sizes, view.revealed_hands
(True, (8, 8), None)
"""

from __future__ import annotations

from msgspec import Struct

from lost_cities.engine.cards import Card, Colour
from lost_cities.engine.decisions import FinalLaying, Phase, TurnRecord
from lost_cities.engine.laying import may_lay
from lost_cities.engine.moves import Decision, Draw, Play, Stop
from lost_cities.engine.round import Round
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import SideScore, score_side

__all__ = ["PlayerView", "PublicEvent", "PublicTurn", "player_view", "public_view"]


class PublicTurn(Struct, frozen=True, tag="turn"):
    """A turn as one seat saw it: a card drawn from the draw pile stays hidden (H1) from everyone
    but the player who drew it, whose own view names it (H2: it is in their hand)."""

    seat: int
    play: Play
    draw: Draw | None
    drawn: Card | None

    @classmethod
    def of(cls, turn: TurnRecord, viewer: int | None = None) -> PublicTurn:
        """``turn`` as ``viewer`` saw it (``None``: as everyone did, as a pass screen or a spectator does)."""
        seen = turn.draw is not None and (turn.draw.pile is not None or turn.seat == viewer)
        return cls(turn.seat, turn.play, turn.draw, turn.drawn if seen else None)


#: One public event of the round: a turn, or a seat's final laying (public as it is, R23c).
PublicEvent = PublicTurn | FinalLaying


class PlayerView(Struct, frozen=True):
    """The table as ``seat`` sees it.  Sides are indexed as the rules number them (:meth:`Rules.side_of`).

    ``scores`` are like for like while the round runs: the expeditions only,
    without R21's hand penalty, which hangs on hands nobody else may see;
    ``hand_penalty`` is what the viewer's own hand would cost now.  Once the
    round is over every hand is revealed and the scores are final.
    """

    rules: Rules
    seat: int
    to_move: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    expeditions: tuple[tuple[tuple[Card, ...], ...], ...]
    discard_tops: tuple[Card | None, ...]
    discard_sizes: tuple[int, ...]
    draw_pile_size: int
    closed_pile: Colour | None
    history: tuple[PublicEvent, ...]
    pending_play: Play | None
    #: what the viewer may do now (:meth:`Round.legal_decisions`); empty unless it is their turn
    legal_decisions: tuple[Decision, ...]
    can_take_back: bool
    final_lays_left: int
    final_turns_left: int
    scores: tuple[SideScore, ...]
    hand_penalty: int
    revealed_hands: tuple[tuple[Card, ...], ...] | None

    @property
    def side(self) -> int:
        """The side the viewer lays on (their team's, with four players)."""
        return self.rules.side_of(self.seat)

    @property
    def my_turn(self) -> bool:
        return self.phase is not Phase.OVER and self.to_move == self.seat

    @property
    def legal_plays(self) -> tuple[Play, ...]:
        """The plays among :attr:`legal_decisions`: the cards to play, or to lay in the final laying."""
        return tuple(decision for decision in self.legal_decisions if isinstance(decision, Play))

    @property
    def legal_draws(self) -> tuple[Draw, ...]:
        """The draws among :attr:`legal_decisions`."""
        return tuple(decision for decision in self.legal_decisions if isinstance(decision, Draw))

    @property
    def can_stop(self) -> bool:
        """True when the viewer may end their final laying now (R23c)."""
        return any(isinstance(decision, Stop) for decision in self.legal_decisions)

    @property
    def last_turn(self) -> PublicEvent | None:
        """The most recent public event, if any."""
        return self.history[-1] if self.history else None

    def expedition(self, side: int, colour: Colour) -> tuple[Card, ...]:
        return self.expeditions[side][self.rules.colours.index(colour)]

    def useful_to(self, card: Card) -> tuple[int, ...]:
        """The sides whose started expedition ``card`` may go on (R6a): whom a discard of it helps, as far as
        the table shows (a side yet to open its colour might open it with the card too).

        >>> from lost_cities.engine.round import Round
        >>> view = player_view(Round.from_position("r5 y2 / b3 | rw r3 / r4 | - | y4 | 0"), 0)
        >>> view.useful_to(Card.parse("r5")), view.useful_to(Card.parse("r2")), view.useful_to(Card.parse("y2"))
        ((0, 1), (), ())
        """
        laid = [self.expedition(side, card.colour) for side in range(self.rules.sides)]
        return tuple(side for side, cards in enumerate(laid) if cards and may_lay(card, cards))

    def discard_top(self, colour: Colour) -> Card | None:
        return self.discard_tops[self.rules.colours.index(colour)]

    def discard_size(self, colour: Colour) -> int:
        return self.discard_sizes[self.rules.colours.index(colour)]


def public_view(round_: Round, seat: int) -> PlayerView:
    """The table oriented for ``seat`` but with no hand at all: what a pass-the-screen step shows.

    >>> from lost_cities.engine.round import Round
    >>> view = public_view(Round(seed=1), 0)
    >>> view.hand, view.legal_decisions
    ((), ())
    """
    return player_view(round_, seat, with_hand=False)


def _seen(turn: TurnRecord | FinalLaying, viewer: int | None) -> PublicEvent:
    return PublicTurn.of(turn, viewer) if isinstance(turn, TurnRecord) else turn


def player_view(round_: Round, seat: int, with_hand: bool = True) -> PlayerView:
    """Build ``seat``'s view of ``round_``.  Hands are revealed only once the round is over.

    The seat's own turns in ``history`` name the cards it drew from the draw pile (they are in its
    hand: H2); everyone else's stay hidden (H1).  ``with_hand=False`` leaves out the seat's own
    hand, its choices and its own draws too (see :func:`public_view`).
    """
    rules = round_.rules
    colours = rules.colours
    expeditions = tuple(tuple(round_.expedition(side, colour) for colour in colours) for side in range(rules.sides))
    history = round_.history()
    pending = None
    if history and not history[-1].complete:  # the turn in progress: shown to its player only
        unfinished = history.pop()
        if isinstance(unfinished, TurnRecord):
            pending = unfinished.play
        else:
            history.append(unfinished)  # cards laid in a final laying lie on the table for all to see
    mine = round_.to_move == seat and with_hand
    over = round_.over
    closed = round_.closed
    if over:
        scores = round_.scores()
    else:
        scores = tuple(score_side(dict(zip(colours, cards, strict=True)), (), rules) for cards in expeditions)
    own_hand = round_.hand(seat) if with_hand else ()
    penalty = sum(card.value for card in own_hand) if rules.hand_penalty and not over else 0
    return PlayerView(
        rules=rules,
        seat=seat,
        to_move=round_.to_move,
        phase=round_.phase,
        hand=own_hand,
        hand_sizes=tuple(len(hand) for hand in round_.hands),
        expeditions=expeditions,
        discard_tops=tuple(pile[-1] if pile else None for pile in map(round_.discard_pile, colours)),
        discard_sizes=tuple(len(round_.discards[colour]) for colour in colours),
        draw_pile_size=round_.draw_pile_size,
        closed_pile=Colour(closed) if closed >= 0 and not over else None,
        history=tuple(_seen(turn, seat if with_hand else None) for turn in history),
        pending_play=pending if mine else None,
        legal_decisions=tuple(round_.legal_decisions()) if mine else (),
        can_take_back=round_.can_take_back and mine,
        final_lays_left=round_.final_lays_left,
        final_turns_left=round_.final_turns_left,
        scores=scores,
        hand_penalty=penalty,
        revealed_hands=tuple(round_.hand(s) for s in range(rules.players)) if over else None,
    )
