"""One-time tips in the first real matches: a short word when it matters, said once, never again.

Each tip's condition is a pure function of the view of the player at the keyboard (H2: nothing
they could not know), tested from fixed positions.  Two are read just after a card is laid, while
``u`` can still take it back, in this order: a wager on a colour the hand holds too little of — by
the measure the hard level's own rules of thumb bet by (:data:`~lost_cities.ai.measures.WAGER_SUM`),
so that the tip and the hints mostly agree (the search may still find a thinner wager worth it: laid as
the hint advised, it is not questioned) —, and an expedition opened late, with a number or a wager, with too little
of its colour to pay its cost.  The third is read when the player is to draw from a pile nearly used
up.  The app says a tip the first time its condition holds, and the settings
(:mod:`lost_cities.storage.settings`) remember it as seen; the tips can be turned off in the new-match
form.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from msgspec import Struct

from lost_cities.ai.measures import WAGER_SUM, numbers_held
from lost_cities.engine import Card, Phase, Play, PlayerView
from lost_cities.i18n import N_, _

__all__ = ["LAST_CARDS", "LATE", "TIPS", "Tip", "due_tip", "last_cards", "late_expedition", "thin_wager", "tip_words"]

#: A draw pile of this many cards or fewer: an expedition opened now has few turns left to grow.
LATE = 15
#: A draw pile of this many cards or fewer: each draw from it brings the end of the round nearer.
LAST_CARDS = 3


def _just_laid(view: PlayerView) -> Card | None:
    """The card the player has just laid on an expedition (not discarded), still to draw for."""
    play = view.pending_play
    if view.my_turn and view.phase is Phase.DRAW and isinstance(play, Play) and not play.discard:
        return play.card
    return None


def late_expedition(view: PlayerView) -> bool:
    """An expedition just opened late in the round (with a number or a wager), its numbers (laid and in hand)
    short of its cost."""
    card = _just_laid(view)
    if card is None or view.draw_pile_size > LATE:
        return False
    laid = view.expedition(view.side, card.colour)
    if laid != (card,):
        return False
    held = numbers_held(card.colour, view.hand)
    return (0 if card.is_wager else card.value) + held < view.rules.expedition_cost


def thin_wager(view: PlayerView) -> bool:
    """A wager just laid on a colour whose numbers in hand sum to less than :data:`WAGER_SUM`."""
    card = _just_laid(view)
    if card is None or not card.is_wager:
        return False
    return numbers_held(card.colour, view.hand) < WAGER_SUM


def last_cards(view: PlayerView) -> bool:
    """The player is to draw and the draw pile, whose last card ends the round, is nearly used up (two
    players: with three or four its last card starts the final laying, R23c, which the board says)."""
    return (
        not view.rules.final_plays
        and view.my_turn
        and view.phase is Phase.DRAW
        and 0 < view.draw_pile_size <= LAST_CARDS
    )


class Tip(Struct, frozen=True):
    #: the name it is remembered by, once said
    name: str
    #: when it is said
    applies: Callable[[PlayerView], bool]
    #: what it says (translated when said)
    text: str
    #: it questions the card just laid: not said of a card the hint advised (the search found it worth it)
    questions_the_play: bool = False


#: In the order they are looked at: a wager laid late on a thin colour gets the wager's tip first.
TIPS = (
    Tip(
        "thin-wager",
        thin_wager,
        N_(
            "Tip: a wager doubles the loss as well as the gain, and the numbers of this colour in your hand "
            "add up to less than 18. u takes it back before you draw."
        ),
        questions_the_play=True,
    ),
    Tip(
        "late-expedition",
        late_expedition,
        N_(
            "Tip: an expedition costs {cost} points, and this one has few turns left to pay them back. "
            "u takes the card back before you draw."
        ),
        questions_the_play=True,
    ),
    Tip(
        "last-cards",
        last_cards,
        N_(
            "Tip: the draw pile is nearly used up, and its last card ends the round. Taking from a discard "
            "pile leaves it as it is: more turns to lay your cards."
        ),
    ),
)


def due_tip(view: PlayerView, seen: Collection[str], advised: bool = False) -> Tip | None:
    """The first tip not yet said whose moment this is, if any; ``advised``: the card just laid was the hint's first
    choice, which no tip questions (the game would tell the player to take back what it advised)."""
    return next(
        (
            tip
            for tip in TIPS
            if tip.name not in seen and not (advised and tip.questions_the_play) and tip.applies(view)
        ),
        None,
    )


def tip_words(tip: Tip, view: PlayerView) -> str:
    """What ``tip`` says, translated, with the figures of the game being played (an expedition's cost: 17
    with three players, R23b)."""
    return _(tip.text).format(cost=view.rules.expedition_cost)
