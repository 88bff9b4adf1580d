"""The status line, what happened since the viewer's last turn, and the table: all public (H1).

Drawn from a view and the match's standing only.  Each part is redrawn only
when what it shows has changed: choosing a card in the hand touches none of it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from lost_cities.ai.knowledge import unseen_cards
from lost_cities.engine import Card, Colour, Phase, PlayerView, PublicEvent, Rules
from lost_cities.i18n import _
from lost_cities.session import Standing
from lost_cities.tui.common.board_grid import BoardGrid
from lost_cities.words import describe_event, describe_own_event, in_sentence, said, signed

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


def status_text(
    view: PlayerView, standing: Standing, names: Sequence[str], width: int = 78, dealt: bool = True
) -> Text:
    """``Round 1 of 3  ·  Draw pile: 44  ·  Ana plays, then Boris``, and the team score (R22), in ``width`` cells;
    ``Round 1 of 3  ·  Draw pile: not dealt yet`` when not ``dealt`` (an online game waiting for its players).

    Nothing in it is cut: when the line is too long (two names of 12 cells, "the last card!",
    French or Russian words), it first narrows its separators, then says who plays but not
    who comes next, then not who plays (the table underlines the side to play, and the
    prompt names them).  The round, the draw pile and the team score always stay whole.
    """
    pile = view.draw_pile_size
    if not dealt:
        draw_pile = (_("Draw pile: not dealt yet"), "bold")
    elif pile == 1:
        draw_pile = (_("Draw pile: the last card!"), "bold reverse")
    elif pile:
        draw_pile = (_("Draw pile: {n}").format(n=pile), "bold")
    else:
        draw_pile = (_("Draw pile: used up"), "bold")
    movers: list[tuple[str, str] | None] = [None]
    if dealt and view.phase is not Phase.OVER:
        mover, after = in_sentence(names[view.to_move]), in_sentence(names[(view.to_move + 1) % view.rules.players])
        if view.phase is Phase.FINAL:
            movers = [(said(_("{name} lays last cards").format(name=mover)), ""), None]
        else:
            movers = [
                (said(_("{name} plays, then {next}").format(name=mover, next=after)), ""),
                (said(_("{name} plays").format(name=mover)), ""),
                None,
            ]
    team = None
    if standing.cooperative:  # R22: one team score, live
        score = sum(standing.totals) + sum(side.total for side in view.scores)
        team = (_("Team score: {score}").format(score=signed(score)), "bold")
    for who, gap in [(who, gap) for who in movers for gap in ("  ·  ", " · ")]:
        line = Text(_("Round {n} of {total}").format(n=standing.round_number, total=standing.rounds), style="bold")
        for part in (draw_pile, who, team):
            if part is not None:
                line.append(gap)
                line.append(*part)
        if line.cell_len <= width:
            break
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


class TableArea(Vertical):
    """Everything public about the round, oriented for one seat; the status line fits its width.

    A click on it says where (:class:`Clicked`): the status line, which names the draw pile, or a colour's row."""

    @dataclass
    class Clicked(Message):
        """A click on the table: on the status line, which names the draw pile (``colour`` ``None``), or on a
        colour's row — its label (``side`` ``None``), a side's expedition (that side), or its discard pile
        (:data:`~lost_cities.tui.common.board_grid.PILE`)."""

        colour: Colour | None
        side: int | None = None

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

    def __init__(self, rules: Rules, own_turn: bool = False, memory_aid: bool = False, watching: bool = False) -> None:
        """``own_turn``: the first line of what happened says the viewer's own last turn, and the
        card they drew (the board); the pass screen, public, leaves that line blank, so that every line
        and the table stand on the same rows on both.  ``memory_aid``: the table
        lists the cards the viewer has not seen (from a view with its hand: the board's).  ``watching``: the
        viewer plays no seat (an online game's watcher): what happened is everyone's last turn, each told by
        name."""
        super().__init__()
        self.own_turn = own_turn and not watching
        self.watching = watching
        self.memory_aid = memory_aid
        self._shown: dict[str, object] = {}
        #: what :meth:`show` was last given: the view, the standing, the names and the fresh cards
        self._asked: tuple[PlayerView, Standing, Sequence[str], Collection[Card]] | None = None
        #: the cards are dealt (not an online game waiting for its players, whose view has no hand yet)
        self._dealt = True
        #: its parts mounted (its own mount: they are composed before it)
        self._composed = False
        #: its parts, held rather than looked up: while the screen mounts, a query may find none yet
        self._status_line = Static(id="status", markup=False)
        self._recent_lines = Static(id="recent", markup=False)
        # a line for each player: what the others did since your last turn (and first, on the board, your own)
        self._recent_lines.styles.height = rules.players
        self._grid = BoardGrid(rules, memory_aid=memory_aid)

    def compose(self) -> ComposeResult:
        yield self._status_line
        yield self._recent_lines
        yield self._grid

    def show(
        self,
        view: PlayerView,
        standing: Standing,
        names: Sequence[str],
        fresh: Collection[Card] = (),
        dealt: bool = True,
    ) -> None:
        """Draw the table for ``view``; parts whose content has not changed are left alone.  Asked before its own
        parts are mounted (the board's screen mounting on a busy machine), it draws them as soon as they are.
        Not ``dealt``: the status line says so rather than who plays, and no turn is said to be the first."""
        self._dealt = dealt
        self._asked = (view, standing, names, fresh)
        if self._composed:
            self._show_all()

    def on_mount(self) -> None:
        self._composed = True
        self._show_all()

    def _show_all(self) -> None:
        self._show_status()
        self._show_recent()
        if self._asked is None:
            return
        view, standing, names, fresh = self._asked
        current = view.rules.side_of(view.to_move) if view.phase is not Phase.OVER else None
        unseen = unseen_cards(view) if self.memory_aid else None
        self._grid.show(view, names, side_order(view), standing.totals, fresh, current, unseen)

    def _show_recent(self) -> None:
        """What the others did since the viewer's last turn, a line each, whole: the cards as the board
        writes them (``R7``) when their names leave no room."""
        if self._asked is None:
            return
        view, _standing, names, _fresh = self._asked
        recent = self._recent_lines
        width = recent.content_region.width or self.app.size.width - 2  # not laid out yet: the screen's
        events = list(view.history[-view.rules.players :]) if self.watching else recent_events(view)
        own = own_last_turn(view) if self.own_turn else None
        if not self._changed("recent", (width, tuple(events), own, names, not view.history, self._dealt)):
            return
        # the first line is the viewer's own last turn: blank on the pass screen, which is public, and before it
        lines = [describe_own_event(own)] if own is not None else [""] if events and not self.watching else []
        for event in events:
            line = describe_event(event, names[event.seat])
            lines.append(line if cell_len(line) <= width else describe_event(event, names[event.seat], short=True))
        if not lines:  # nothing happened yet: the round's first turn, unless it began from a position (the lesson's)
            fresh = (
                self._dealt
                and not view.history
                and not any(view.discard_sizes)
                and not any(cards for side in view.expeditions for cards in side)
            )
            lines = [_("First turn of the round.")] if fresh else []
        recent.update(Text("\n").join(Text(line, overflow="ellipsis", no_wrap=True) for line in lines), layout=False)

    def _show_status(self) -> None:
        if self._asked is None:
            return
        view, standing, names, _fresh = self._asked
        phase = view.phase if view.phase in (Phase.FINAL, Phase.OVER) else Phase.PLAY  # a draw changes no word of it
        status = self._status_line
        width = status.content_region.width or self.app.size.width - 2  # not laid out yet: the screen's
        key = (width, view.draw_pile_size, phase, view.to_move, standing, tuple(s.total for s in view.scores))
        if self._changed("status", (*key, self._dealt)):
            status.update(status_text(view, standing, names, width, self._dealt), layout=False)

    def on_click(self, event: events.Click) -> None:
        if event.widget is self._status_line:
            self.post_message(self.Clicked(None))
        elif event.widget is self._grid and (offset := event.get_content_offset(self._grid)) is not None:
            place = self._grid.place_at(offset.x, offset.y)
            if place is not None:
                self.post_message(self.Clicked(*place))

    def on_resize(self) -> None:
        """A new width: the status line and the moves say as much as fits it."""
        if not self._composed:
            return
        self._show_status()
        self._show_recent()

    def _changed(self, part: str, key: object) -> bool:
        if self._shown.get(part) == key:
            return False
        self._shown[part] = key
        return True
