"""The round's log: every public move of the round in words, oldest first (H1).

The log draws a view and nothing else, so it can tell no more than that view holds: on the board,
the player at the keyboard's own, whose turns name the cards they drew from the draw pile (H2);
on the pass screen, or to a watcher, the public view, where nobody's drawn card is named.  Each
move is the very sentence the board says of it (:func:`~lost_cities.words.describe_event`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from lost_cities.engine import Phase, PlayerView, PublicTurn
from lost_cities.i18n import N_, _
from lost_cities.tui.common.panel import ScrollPanel
from lost_cities.words import describe_event, describe_own_event

__all__ = ["RoundLogScreen", "log_lines"]


def log_lines(view: PlayerView, names: Sequence[str], viewer: int | None) -> list[str]:
    """The round's public events in ``view``, oldest first, a sentence each.

    ``viewer``'s own moves are told to them (``You laid red 7, drew green 6 from the draw pile.``);
    ``None`` tells every move in the third person, as to someone who is none of the players — the
    pass screen's next person has no hand in view yet, nor a watcher.  The card the player to move
    has laid or discarded this turn, before drawing, comes last (``You laid red 7.``).
    """
    events = list(view.history)
    if view.pending_play is not None:
        events.append(PublicTurn(view.to_move, view.pending_play, None, None))
    return [
        describe_own_event(event) if event.seat == viewer else describe_event(event, names[event.seat])
        for event in events
    ]


class RoundLogScreen(ScrollPanel):
    """The moves of the round so far, numbered, in a scroll opening on the latest; Escape, l, q or Enter closes."""

    BINDINGS = [Binding("escape,l,q,enter", "close", N_("back"), key_display="escape")]

    DEFAULT_CSS = """
    RoundLogScreen #log-title {
        text-style: bold;
    }
    """

    def __init__(self, view: PlayerView, names: Sequence[str], viewer: int | None) -> None:
        super().__init__()
        self.lines = log_lines(view, names, viewer)
        #: with no move told, cards lie on the table: a round set out in advance (the lesson's) — more than the
        #: one card of a first turn in progress, which only the player making it is told of (the others see it)
        on_table = sum(len(cards) for side in view.expeditions for cards in side) + sum(view.discard_sizes)
        self.set_out = on_table > (1 if view.phase is Phase.DRAW else 0)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(_("The moves of this round, oldest first"), id="log-title", markup=False)
            if self.lines:
                table = Table.grid(padding=(0, 1))
                table.add_column(justify="right", no_wrap=True)
                table.add_column()  # a long sentence wraps under itself, not under its number
                for number, line in enumerate(self.lines, 1):
                    table.add_row(f"{number}.", Text(line))  # a Text: a name is never markup
                yield Static(table, id="log-moves", markup=False)
            elif self.set_out:
                text = _("No move yet: the cards on the table were set out before the round began.")
                yield Static(text, id="log-moves", markup=False)
            else:
                yield Static(_("No move yet this round."), id="log-moves", markup=False)
            yield Static(_("Press Escape to go back."), markup=False, classes="hint")

    def on_mount(self) -> None:
        """Open on the latest moves, those the player most likely wants; the oldest are a scroll up."""
        # after the first layout: at mount the scroll has no height yet, and the end was its top
        self.call_after_refresh(self.query_one(VerticalScroll).scroll_end, animate=False, immediate=True)
