"""What a screen of the match shows: one immutable value that the app sets and the screen draws.

The board and the pass screen each hold a :class:`Scene` as a reactive attribute and draw it
in its watcher.  They never read the session and change nothing in it: a key is a request to
the app (:mod:`.messages`), which applies it through the session and sets the next scene — a
refusal too, as a scene whose line says why, nothing else changed.  The app keeps the selection
as well, so that requests typed faster than the screen is drawn are still taken in order, each
against the state the one before left.
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct
from msgspec.structs import replace

from lost_cities.engine import Card, Draw, Phase, PlayerView
from lost_cities.i18n import _
from lost_cities.session import Standing
from lost_cities.tui.common.keybar import key_name
from lost_cities.words import colour_name

__all__ = ["Scene", "Wait", "unknown_key_line"]


class Wait(Enum):
    """Why the player's keys wait (each says so when pressed)."""

    #: a computer is to move; any key hurries its move along
    COMPUTER = "computer"
    #: the computer is working out the hint the player asked for
    HINT = "hint"
    #: nobody at this screen plays: an online game's watcher
    WATCHING = "watching"
    #: an online game whose seats are not all taken: the cards are dealt once they are
    PLAYERS = "players"


class Scene(Struct, frozen=True):
    """One screen of the match as it stands.

    ``view`` is the table as the screen's player sees it: on the board, the player at the
    keyboard's own view, hand included (H2, after the pass step); on the pass screen, the next
    person's view without any hand (``public_view``).
    """

    view: PlayerView
    standing: Standing
    names: tuple[str, ...]
    #: the card chosen in the hand, from 0 (the board)
    selected: int = 0
    #: cards just put on the table that the view's history does not tell yet (a computer's play)
    marked: frozenset[Card] = frozenset()
    #: said first until the player acts: ``Round 2: Boris starts.``
    note: str = ""
    #: what the moment says — a refusal and its rule, a hint, the computer at work —; empty: the prompt
    line: str = ""
    #: ``line`` is a refusal
    error: bool = False
    wait: Wait | None = None
    #: the hint is offered (not in an online game, where it would be the computer playing for you)
    hints: bool = True
    #: ``u`` is listed when a card may be taken back (not in the lesson, whose every step wants its own key)
    take_back: bool = True
    #: the match may be claimed from this screen: the other side's time has run out (online, with a clock)
    claim: bool = False
    #: the player's own clock for this decision, a sentence said after the prompt: the time left, or that it has
    #: run out (online, with a clock); empty: none
    clock: str = ""

    @property
    def selected_card(self) -> Card | None:
        hand = self.view.hand
        return hand[self.selected] if 0 <= self.selected < len(hand) else None

    def choosing(self, index: int, key: str) -> Scene:
        """The card ``index`` of the hand chosen (counted from the end when negative: End), or this scene
        saying there is no such card — or, while the player is to draw, that ``key`` does nothing now and which
        keys draw."""
        count = len(self.view.hand)
        at = index if index >= 0 else count + index
        if self._drawing:  # the card is played: a card's number does nothing until the draw
            return self._refused(key)
        if not 0 <= at < count:
            line = _("There is no card {n}: choose 1 to {count}.").format(n=index + 1, count=count)
            return replace(self, line=line, error=True, note="")
        return replace(self, selected=at, line="", error=False, note="")

    def stepping(self, step: int) -> Scene:
        """The choice moved ``step`` cards along the hand, round from one end to the other (the arrows); while the
        player is to draw, this scene saying that the arrow does nothing now."""
        hand = self.view.hand
        if self._drawing:
            return self._refused(key_name("left" if step < 0 else "right"))
        if not hand:
            return self
        return replace(self, selected=(self.selected + step) % len(hand), line="", error=False, note="")

    @property
    def _drawing(self) -> bool:
        """The player at the board has played and is to draw (R7): the selection waits for the next turn."""
        return self.view.my_turn and self.view.phase is Phase.DRAW

    def _refused(self, key: str) -> Scene:
        """This scene, saying that ``key`` does nothing now (and which keys draw); what the step or hint said stays."""
        return replace(self, line=unknown_key_line(self.view, key), error=True)


def unknown_key_line(view: PlayerView | None, key: str) -> str:
    """What the board says of a key that does nothing now.  When the player is to draw, the keys that draw: a
    French or Russian player reaches for the first letter of *vert* or *зелёный*, and the piles keep the board's
    letters (``La touche v ne fait rien ici : piochez avec n (pioche), g (vert)``)."""
    if view is not None and view.my_turn and view.phase is Phase.DRAW:
        keys = [
            _("{key} ({pile})").format(
                key=draw.pile.letter if draw.pile is not None else "n",
                pile=colour_name(draw.pile) if draw.pile is not None else _("draw pile"),
            )
            for draw in view.legal_decisions
            if isinstance(draw, Draw)
        ]
        return _("The key {key} does nothing here: draw with {keys}.").format(key=key, keys=", ".join(keys))
    return _("The key {key} does nothing here: press ? for help.").format(key=key)
