"""The status line, what happened since the viewer's last turn, and the table: all public (H1).

Drawn from a view and the match's standing only.  Each part is redrawn only
when what it shows has changed: choosing a card in the hand touches none of it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from lost_cities.engine import Card, Phase, PlayerView, PublicEvent, Rules
from lost_cities.i18n import _
from lost_cities.session import Standing
from lost_cities.tui.common.board import BoardGrid
from lost_cities.words import describe_event, describe_own_event, signed

__all__ = ["TableArea", "own_last_turn", "recent_events", "side_order", "status_text"]


def side_order(view: PlayerView) -> list[int]:
    """The sides as the viewer reads them: their own first, then in turn order after them (R23d)."""
    rules = view.rules
    order: list[int] = []
    for step in range(rules.players):
        side = rules.side_of((view.seat + step) % rules.players)
        if side not in order:
            order.append(side)
    return order


def recent_events(view: PlayerView) -> list[PublicEvent]:
    """What the others did since the viewer's own last turn (with two players: the last turn)."""
    events: list[PublicEvent] = []
    for event in reversed(view.history):
        if event.seat == view.seat:
            break
        events.insert(0, event)
    return events[-(view.rules.players - 1) :]


def own_last_turn(view: PlayerView) -> PublicEvent | None:
    """The viewer's own last turn this round, as their view tells it (naming the card they drew, H2)."""
    return next((event for event in reversed(view.history) if event.seat == view.seat), None)


def status_text(view: PlayerView, standing: Standing, names: Sequence[str]) -> Text:
    """``Round 1 of 3 · Draw pile: 44 · Ana plays, then Boris``; the team score in the cooperative game."""
    text = Text(_("Round {n} of {total}").format(n=standing.round_number, total=standing.rounds), style="bold")
    text.append("  ·  ")
    pile = view.draw_pile_size
    if pile == 1:
        text.append(_("Draw pile: the last card!"), style="bold reverse")
    elif pile:
        text.append(_("Draw pile: {n}").format(n=pile), style="bold")
    else:
        text.append(_("Draw pile: used up"), style="bold")
    if view.phase is not Phase.OVER:
        mover, after = names[view.to_move], names[(view.to_move + 1) % view.rules.players]
        text.append("  ·  ")
        if view.phase is Phase.FINAL:
            text.append(_("{name} lays last cards").format(name=mover))
        else:
            text.append(_("{name} plays, then {next}").format(name=mover, next=after))
    if standing.cooperative:  # R22: one team score, live
        team = sum(standing.totals) + sum(score.total for score in view.scores)
        text.append("  ·  ")
        text.append(_("Team score: {score}").format(score=signed(team)), style="bold")
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


class TableArea(Vertical):
    """Everything public about the round, oriented for one seat."""

    DEFAULT_CSS = """
    TableArea {
        height: auto;
    }
    TableArea #status {
        background: $boost;
        padding: 0 1;
        height: 1;
    }
    TableArea #recent {
        padding: 0 1;
        color: $text-muted;
    }
    TableArea BoardGrid {
        padding: 0 1;
    }
    """

    def __init__(self, rules: Rules, own_turn: bool = False) -> None:
        """``own_turn``: the first line of what happened says the viewer's own last turn, and the
        card they drew (the board); the pass screen, public, leaves it out."""
        super().__init__()
        self.rules = rules
        self.own_turn = own_turn
        self._shown: dict[str, object] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        recent = Static(id="recent", markup=False)
        # what the others did since your last turn, a line each (and first, on the board, your own last turn)
        recent.styles.height = self.rules.players - 1 + self.own_turn
        yield recent
        yield BoardGrid(self.rules)

    def show(
        self,
        view: PlayerView,
        standing: Standing,
        names: Sequence[str],
        fresh: Collection[Card] = (),
    ) -> None:
        """Draw the table for ``view``; parts whose content has not changed are left alone."""
        phase = view.phase if view.phase in (Phase.FINAL, Phase.OVER) else Phase.PLAY  # a draw changes no word of it
        status_key = (view.draw_pile_size, phase, view.to_move, standing, tuple(s.total for s in view.scores))
        if self._changed("status", status_key):
            self.query_one("#status", Static).update(status_text(view, standing, names), layout=False)
        events = recent_events(view)
        own = own_last_turn(view) if self.own_turn else None
        if self._changed("recent", (tuple(events), own, names, not view.history)):
            lines = [describe_event(event, names[event.seat]) for event in events]
            if own is not None:
                lines.insert(0, describe_own_event(own))
            if not lines:
                lines = [_("First turn of the round.")] if not view.history else []
            text = Text("\n").join(Text(line, overflow="ellipsis", no_wrap=True) for line in lines)
            self.query_one("#recent", Static).update(text, layout=False)
        current = view.rules.side_of(view.to_move) if view.phase is not Phase.OVER else None
        board = self.query_one(BoardGrid)
        board.show(view, standing.side_names, side_order(view), standing.totals, fresh, current)

    def _changed(self, part: str, key: object) -> bool:
        if self._shown.get(part) == key:
            return False
        self._shown[part] = key
        return True
