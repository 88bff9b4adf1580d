"""The lesson ``lost-cities learn`` plays: a fixed deal, the opponent's moves, and one idea a step.

Data only: :mod:`.tables.lesson` runs it on the real board.  The round starts under way — Ana (the learner)
has five yellow cards laid, Boris has white 4 — with twelve cards in the draw pile, so it ends after
seven turns each.  Every step says one idea and names the one decision it waits for, in the engine's
notation (``+y7`` lay, ``-b2`` discard, ``n`` the draw pile, ``y`` the yellow discard pile), or
``None``: Enter.  The engine decides what is legal; a step only chooses which legal decision it wants.

In a step's text ``{keys}`` are the keys that play the wanted card — its number in the hand, then e or d; the
letter alone once it is selected, so that no step asks to select the card selected —, and the last steps read the
learner's own expeditions' arithmetic: ``{yellow}``, ``{red}``, ``{green}`` (``(44 − 20) + 20``) and
``{total}``, the learner's round.  Each idea is taught in the order people need it: laying and the
rising order, the cost of an expedition, wagers, discarding and taking from a pile (not the card just
discarded, R7), the end of the round, and the scores.
"""

from __future__ import annotations

from msgspec import Struct

from lost_cities.i18n import N_

__all__ = ["LEARNER", "OPPONENT", "OPPONENT_TURNS", "POSITION", "STEPS", "Step"]

#: The learner's and the scripted opponent's names (translated: Аня and Борис read better in Russian).
LEARNER = N_("Ana")
OPPONENT = N_("Boris")

#: Ana's hand / Boris's hand | their expeditions | no discard | the draw pile, its top last | Ana to move.
#: Ana draws white 5, blue 6, white 2, red 2, green 3, white 9; Boris red 8, green 6, yellow 10, green 8, blue 5, red 5.
POSITION = (
    "y7 y9 b2 w3 gw g9 r6 r10 / y8 b7 b9 b10 w7 w8 r7 g2 | y2 y3 y4 y5 y6 / w4 | - | "
    "w9 r5 g3 b5 g8 r2 y10 w2 g6 b6 r8 w5 | 0"
)

#: Boris's turns, in order: he opens blue, goes on with white, and discards yellow 8 for Ana to take.
OPPONENT_TURNS = ("+b7 n", "+w7 n", "+b9 n", "-y8 n", "+w8 n", "+b10 n")


class Step(Struct, frozen=True):
    """One idea, and the decision that goes on (``None``: Enter)."""

    text: str
    want: str | None = None


STEPS = (
    Step(
        N_(
            "Lost Cities in five minutes. You are Ana, the first column; Boris plays in the second. Each row is a "
            "colour: an expedition. Your yellow one is under way, from 2 to 6. Press Enter to begin."
        )
    ),
    Step(
        N_(
            "Cards go on an expedition in rising order: yellow 7 may follow your yellow 6, a lower card never "
            "could. The number over a card selects it, e lays it: press {keys} to lay yellow 7."
        ),
        "+y7",
    ),
    Step(N_("Every turn ends with a draw, back to eight cards. Press n to take the top card of the draw pile."), "n"),
    Step(
        N_(
            "Starting an expedition costs 20 points: it scores the sum of its cards minus 20. To see it, open "
            "red with red 6 (press {keys}) and watch its score on the table."
        ),
        "+r6",
    ),
    Step(
        N_(
            "Red counts 6 − 20 = −14, and your red 10 would not pass 20 either: open a colour only when you "
            "hold enough of it. This one was for practice. Press n to draw."
        ),
        "n",
    ),
    Step(
        N_(
            "A wager (×) goes on an expedition before its numbers and multiplies its score: ×2, ×3 with two, "
            "×4 with three — a loss as well as a gain. Lay the green wager: press {keys}."
        ),
        "+gw",
    ),
    Step(
        N_(
            "Green counts (0 − 20) × 2 = −40 now: a wager is a bet that many green cards will follow. You hold "
            "only one, green 9: this bet will lose, and the end of the round shows by how much. Press n to draw."
        ),
        "n",
    ),
    Step(
        N_(
            "Instead of laying a card, you may discard it onto its colour's pile. Blue 2 is no use to you, "
            "and Boris's blue is past it: d discards the card selected; press {keys}."
        ),
        "-b2",
    ),
    Step(
        N_(
            "You may draw from the draw pile or take the top card of a discard pile — but not the card you "
            "have just discarded (R7). Press n to draw from the draw pile."
        ),
        "n",
    ),
    Step(
        N_("Boris has discarded yellow 8, a card your yellow wants. First lay green 9 on your wager: press {keys}."),
        "+g9",
    ),
    Step(N_("Now take yellow 8 from the top of the yellow discard pile: press y."), "y"),
    Step(N_("Lay yellow 8 on your yellow expedition: press {keys}."), "+y8"),
    Step(N_("Seven yellow cards: an expedition of eight cards or more earns 20 points more. Press n to draw."), "n"),
    Step(N_("Yellow 9 makes eight yellow cards: press {keys} to lay it."), "+y9"),
    Step(
        N_(
            "One card is left in the draw pile. Whoever takes it ends the round at once, for both players: "
            "keep an eye on the pile. Press n to take it."
        ),
        "n",
    ),
    Step(
        N_(
            "The round is over. Each expedition scores (sum − 20) × (wagers + 1), plus 20 with eight cards or "
            "more; cards left in hand count nothing.\nYour yellow: {yellow}.\nPress Enter."
        )
    ),
    Step(
        N_(
            "Your red: {red}, too few cards to pay its cost.\nYour green: {green}, its loss doubled by the "
            "wager.\nYour round: {total}. Press Enter to see the whole count."
        )
    ),
)
