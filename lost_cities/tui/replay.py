"""``lost-cities replay``: step through a finished match, move by move, everything shown.

The match is over, so both hands are public now; every position is rebuilt by
the engine from the record (rules, seeds, starters and choices), never stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from lost_cities.engine import MatchRecord, Play, Round, RoundRecord, TurnRecord, player_view
from lost_cities.i18n import _
from lost_cities.tui.bindings import quit_hint
from lost_cities.tui.render import board_table, hand_text
from lost_cities.tui.screens.base import FittedScreen
from lost_cities.tui.widgets.keybar import KeyBar
from lost_cities.words import card_name, signed, turn_sentence


@dataclass(frozen=True, slots=True)
class Position:
    """Round ``round_index`` after its first ``turns`` turns."""

    round_index: int
    turns: int


def positions(record: MatchRecord) -> list[Position]:
    """Every position of the match in order: each round's deal, then after each turn."""
    return [
        Position(index, turns) for index, played in enumerate(record.played) for turns in range(len(played.turns) + 1)
    ]


def describe_full_turn(text: str, name: str, drawn: str | None) -> str:
    """A turn in words for the replay, where even a card from the draw pile may be named."""
    parts = text.split()
    play = Play.parse(parts[0])
    card = card_name(play.card)
    if len(parts) == 1:
        return turn_sentence(name, card, play.discard)
    return turn_sentence(name, card, play.discard, "pile" if parts[1] == "n" else "discard", drawn or "?")


class ReplayScreen(FittedScreen):
    BINDINGS = [
        Binding("right,l,space", "step(1)", show=False),
        Binding("left,h", "step(-1)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("pagedown", "round(1)", show=False),
        Binding("pageup", "round(-1)", show=False),
        Binding("q,escape", "app.quit", show=False),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-status {
        background: $boost;
        padding: 0 1;
    }
    ReplayScreen #replay-move {
        padding: 0 1;
        height: 2;
    }
    ReplayScreen #replay-board, ReplayScreen #replay-hands {
        padding: 0 1;
        height: auto;
    }
    """

    def __init__(self, names: Sequence[str], record: MatchRecord, title: str = "") -> None:
        super().__init__()
        self.names = tuple(names)
        self.record = record
        self.title_text = title
        self.positions = positions(record)
        self.index = 0
        #: the match totals before each round, computed once: every step shows them
        self._totals_before = self._totals_before_each_round(record)

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Static(id="replay-status", markup=False)
        yield Static(id="replay-move", markup=False)
        yield Static(id="replay-board", markup=False)
        yield Static(id="replay-hands", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(KeyBar).show(
            [("← →", _("move")), ("PgUp PgDn", _("round")), ("Home End", _("start / end")), ("q", _("quit"))]
        )
        self.show()

    def _round_at(self, position: Position) -> Round:
        played: RoundRecord = self.record.played[position.round_index]
        partial = RoundRecord(played.rules, played.seed, played.starter, played.turns[: position.turns])
        return partial.replay()

    @staticmethod
    def _totals_before_each_round(record: MatchRecord) -> list[tuple[int, ...]]:
        totals: tuple[int, ...] = (0, 0)
        before: list[tuple[int, ...]] = []
        for played in record.played:
            before.append(totals)
            totals = tuple(a + b for a, b in zip(totals, played.replay().side_totals(), strict=True))
        return before

    def show(self) -> None:
        position = self.positions[self.index]
        round_ = self._round_at(position)
        played = self.record.played[position.round_index]
        totals = self._totals_before[position.round_index]
        status = Text()
        status.append(self.title_text + "  ", style="bold")
        status.append(_("Round {n} of {total}").format(n=position.round_index + 1, total=self.record.rounds) + "  ·  ")
        status.append(_("turn {n} of {total}").format(n=position.turns, total=len(played.turns)) + "  ·  ")
        status.append(_("Draw pile: {n}").format(n=round_.draw_pile_size))
        self.query_one("#replay-status", Static).update(status)
        if position.turns == 0:
            starter = self.names[played.starter]
            move = _("Round {n} dealt; {name} starts.").format(n=position.round_index + 1, name=starter)
        else:
            last = round_.history()[-1]
            assert isinstance(last, TurnRecord)
            move = describe_full_turn(
                played.turns[position.turns - 1], self.names[last.seat], card_name(last.drawn) if last.drawn else None
            )
        line = Text(move)
        line.append("\n")
        line.append(
            _("Before this round: {a} {sa}  {b} {sb}").format(
                a=self.names[0], sa=signed(totals[0]), b=self.names[1], sb=signed(totals[1])
            ),
            style="italic",
        )
        if round_.over:
            scores = round_.side_totals()
            line.append(
                "   "
                + _("Round over: {a} {sa}  {b} {sb}").format(
                    a=self.names[0], sa=signed(scores[0]), b=self.names[1], sb=signed(scores[1])
                ),
                style="bold",
            )
        self.query_one("#replay-move", Static).update(line)
        self.query_one("#replay-board", Static).update(board_table(player_view(round_, 0, with_hand=False), self.names))
        hands = Text()
        for seat in (1, 0):
            hands.append(f"{self.names[seat]}: ", style="bold")
            hands.append_text(hand_text(round_.hand(seat)))  # type: ignore[arg-type]
            hands.append("\n")
        self.query_one("#replay-hands", Static).update(hands)

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, self.index + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.positions)
        self.show()

    def action_round(self, delta: int) -> None:
        current = self.positions[self.index].round_index
        target = max(0, min(len(self.record.played) - 1, current + delta))
        self.index = next(i for i, p in enumerate(self.positions) if p.round_index == target)
        self.show()


class ReplayApp(App[None]):
    TITLE = "Lost Cities"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, names: Sequence[str], record: MatchRecord, title: str = "") -> None:
        super().__init__()
        self.names = names
        self.record = record
        self.title_text = title

    def action_help_quit(self) -> None:
        quit_hint(self)

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.names, self.record, self.title_text))
