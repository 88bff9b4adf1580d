"""What one player may see (H1, H2): the only thing a user interface renders.

A view holds the public table and the viewer's own hand, never an opponent's
hand while the round runs, so a screen drawn from it cannot leak one.

>>> from lost_cities.engine.round import Round
>>> r = Round(seed=1)
>>> view = player_view(r, 0)
>>> view.hand == r.hand(0), view.hand_sizes, view.revealed_hands
(True, (8, 8), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from lost_cities.engine.cards import Card, Colour
from lost_cities.engine.moves import Draw, Play
from lost_cities.engine.round import Phase, Round, TurnRecord
from lost_cities.engine.rules import Rules
from lost_cities.engine.scoring import SideScore, score_side

__all__ = ["PlayerView", "PublicTurn", "player_view", "public_view"]


@dataclass(frozen=True, slots=True)
class PublicTurn:
    """A turn as everyone saw it: a card drawn from the draw pile stays hidden (H1)."""

    seat: int
    play: Play
    draw: Draw | None
    drawn: Card | None

    @classmethod
    def of(cls, turn: TurnRecord) -> PublicTurn:
        public = turn.draw is not None and turn.draw.pile is not None
        return cls(turn.seat, turn.play, turn.draw, turn.drawn if public else None)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The table as ``seat`` sees it.  Sides are indexed like seats (two players)."""

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
    last_turn: PublicTurn | None
    pending_play: Play | None
    legal_plays: tuple[Play, ...]
    legal_draws: tuple[Draw, ...]
    scores: tuple[SideScore, ...]
    revealed_hands: tuple[tuple[Card, ...], ...] | None

    @property
    def my_turn(self) -> bool:
        return self.phase is not Phase.OVER and self.to_move == self.seat

    def expedition(self, side: int, colour: Colour) -> tuple[Card, ...]:
        return self.expeditions[side][self.rules.colours.index(colour)]

    def discard_top(self, colour: Colour) -> Card | None:
        return self.discard_tops[self.rules.colours.index(colour)]

    def discard_size(self, colour: Colour) -> int:
        return self.discard_sizes[self.rules.colours.index(colour)]


def public_view(round_: Round, seat: int) -> PlayerView:
    """The table oriented for ``seat`` but with no hand at all: what a pass-the-screen step shows.

    >>> from lost_cities.engine.round import Round
    >>> view = public_view(Round(seed=1), 0)
    >>> view.hand, view.legal_plays
    ((), ())
    """
    return player_view(round_, seat, with_hand=False)


def player_view(round_: Round, seat: int, with_hand: bool = True) -> PlayerView:
    """Build ``seat``'s view of ``round_``.  Hands are revealed only once the round is over.

    ``with_hand=False`` leaves out the seat's own hand and choices too (see :func:`public_view`).
    """
    rules = round_.rules
    colours = rules.colours
    expeditions = tuple(tuple(round_.expedition(side, colour) for colour in colours) for side in range(rules.sides))
    history = round_.history()
    pending = history[-1].play if history and history[-1].draw is None else None
    completed = [turn for turn in history if turn.draw is not None]
    last = PublicTurn.of(completed[-1]) if completed else None
    mine = round_.to_move == seat and with_hand
    over = round_.over
    closed = round_.closed
    # R21's penalty depends on a hand: only the viewer's own is counted until the round ends.
    scores = tuple(
        score_side(
            dict(zip(colours, expeditions[side], strict=True)),
            round_.hand(side) if over or (side == seat and with_hand) else (),
            rules,
        )
        for side in range(rules.sides)
    )
    return PlayerView(
        rules=rules,
        seat=seat,
        to_move=round_.to_move,
        phase=round_.phase,
        hand=round_.hand(seat) if with_hand else (),
        hand_sizes=tuple(len(hand) for hand in round_.hands),
        expeditions=expeditions,
        discard_tops=tuple(pile[-1] if pile else None for pile in map(round_.discard_pile, colours)),
        discard_sizes=tuple(len(round_.discards[colour]) for colour in colours),
        draw_pile_size=round_.draw_pile_size,
        closed_pile=Colour(closed) if closed >= 0 and not over else None,
        last_turn=last,
        pending_play=pending if mine else None,
        legal_plays=tuple(round_.legal_plays()) if mine else (),
        legal_draws=tuple(round_.legal_draws()) if mine else (),
        scores=scores,
        revealed_hands=tuple(round_.hand(s) for s in range(rules.players)) if over else None,
    )
