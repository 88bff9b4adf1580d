"""Step through a finished match: every position rebuilt by the engine from the record, never stored.

The match is over, so every hand is public now.  A draw from the draw pile may
be named too.  The totals are the engine's: before each round, and at the end
of the last one, the result.

``a`` analyses the match (:mod:`lost_cities.storage.analyses`: the one kept with it at once, else the
search in a thread worker, its progress shown) and the move line then tells what each decision of the
move lost and the best choice, mistakes marked (:mod:`.marks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from msgspec import Struct
from msgspec.structs import replace
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from textual.worker import get_current_worker

from lost_cities.engine import FinalLaying, MatchRecord, PublicTurn, Round, TurnRecord, match_outcome, public_view
from lost_cities.i18n import N_, _
from lost_cities.limits import ANALYSIS_THINK
from lost_cities.tui.common.board_grid import BoardGrid
from lost_cities.tui.common.fitted import FittedScreen
from lost_cities.tui.common.render import hand_text, scores_line
from lost_cities.tui.replay.marks import round_summary, turn_marks
from lost_cities.words import card_phrase, describe_event, in_sentence, said, side_names, turn_sentence, won_on_time

if TYPE_CHECKING:
    from lost_cities.ai.analysis import MatchAnalysis
    from lost_cities.storage import MatchStore, SavedMatch
    from lost_cities.storage.analyses import Analysed

__all__ = ["Position", "ReplayScreen", "positions"]


class Position(Struct, frozen=True):
    """Round ``round_index`` after its first ``turns`` turns."""

    round_index: int
    turns: int


def positions(record: MatchRecord) -> list[Position]:
    """Every position of the match in order: each round's deal, then after each turn."""
    return [
        Position(index, turns) for index, played in enumerate(record.played) for turns in range(len(played.turns) + 1)
    ]


def describe_full_turn(turn: TurnRecord | FinalLaying, name: str) -> str:
    """A turn in words for the replay, where even a card from the draw pile may be named."""
    if isinstance(turn, FinalLaying):
        return describe_event(turn, name)
    card = card_phrase(turn.play.card)
    if turn.draw is None:
        return turn_sentence(name, card, turn.play.discard)
    drawn = card_phrase(turn.drawn) if turn.drawn is not None else None
    if turn.draw.pile is None:
        return turn_sentence(name, card, turn.play.discard, "pile", drawn)
    return describe_event(PublicTurn.of(turn), name)


class ReplayScreen(FittedScreen[None]):
    BINDINGS = [
        Binding("left,h", "step(-1)", N_("back"), key_display="←"),  # each a button of its own too: a click
        Binding("right,l,space", "step(1)", N_("move"), key_display="→"),  # steps back or on
        Binding("pagedown", "round(1)", N_("round"), key_display="pageup pagedown"),
        Binding("pageup", "round(-1)", show=False),
        Binding("home", "jump(0)", N_("start / end"), key_display="home end"),
        Binding("end", "jump(-1)", show=False),
        Binding("a", "analyse", N_("analyse")),
        Binding("question_mark,f1", "help", N_("help"), key_display="?"),
        Binding("q,escape", "app.quit", N_("quit"), key_display="q"),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-status {
        background: $boost;
        padding: 0 1;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    ReplayScreen #replay-move {
        padding: 0 1;
        height: 3;
    }
    ReplayScreen #replay-analysis {
        padding: 0 1;
        height: 2;
        display: none;  /* until the analysis is asked for: the board stays where it was */
    }
    ReplayScreen #replay-analysis.-shown {
        display: block;
    }
    ReplayScreen #replay-board, ReplayScreen #replay-hands {
        padding: 0 1;
        height: auto;
    }
    """

    def __init__(
        self,
        names: Sequence[str],
        record: MatchRecord,
        title: str = "",
        *,
        saved: SavedMatch | None = None,
        store: MatchStore | None = None,
        think: float = ANALYSIS_THINK,
    ) -> None:
        """``saved`` and ``store``: the match as kept, and where its analysis is kept (without them, no
        analysis); ``think``: the analysis's, as ``lost-cities analyse --think`` (its seed is analyse's default, 0,
        so that an analysis kept by either is found by the other)."""
        super().__init__()
        self.names = tuple(names)
        self.record = record
        self.title_text = title
        #: where the replay stands, as the status line says it (:meth:`show` sets it; a resize refits it)
        self._status_parts: tuple[str, ...] = ()
        self.saved = saved
        self.store = store
        self.think = think
        #: the analysis once made or found; ``None`` before ``a``
        self.analysis: MatchAnalysis | None = None
        #: the analysis is being made
        self.analysing = False
        self.positions = positions(record)
        self.index = 0
        match = record.replay()
        #: each round as it ended, its history the engine's own records of every turn
        self.finished = match.played
        self.round_scores = match.round_scores
        self.side_names = side_names(self.names, match.rules)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status", markup=False)
        yield Static(id="replay-move", markup=False)
        yield Static(id="replay-analysis", markup=False)
        yield BoardGrid(self.record.rules, id="replay-board")
        yield Static(id="replay-hands", markup=False)

    def on_mount(self) -> None:
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        """The status line's gaps follow the width; the fitting is the base class's own handler, which Textual
        calls as well."""
        self._fit_status()

    def _fit_status(self) -> None:
        """Where the replay stands first, the match's title last: the gaps narrow before the title is cut."""
        width = self.size.width - 2  # the status line's padding
        for gap in ("  ·  ", " · "):
            status = Text(gap.join(self._status_parts))
            if self.title_text:
                status.append(gap)
                status.append(self.title_text, style="bold")
            if status.cell_len <= width:
                break
        self.query_one("#replay-status", Static).update(status)

    def _round_at(self, position: Position) -> Round:
        played = self.record.played[position.round_index]
        return replace(played, turns=played.turns[: position.turns]).replay(self.record.rules)

    def _totals_before(self, round_index: int) -> tuple[int, ...]:
        earlier = self.round_scores[:round_index]
        return tuple(sum(column) for column in zip(*earlier, strict=True)) or (0,) * len(self.side_names)

    def show(self) -> None:
        position = self.positions[self.index]
        round_ = self._round_at(position)
        played = self.record.played[position.round_index]
        self._status_parts = (
            _("Round {n} of {total}").format(n=position.round_index + 1, total=self.record.rounds),
            _("turn {n} of {total}").format(n=position.turns, total=len(played.turns)),
            _("Draw pile: {n}").format(n=round_.draw_pile_size),
        )
        self._fit_status()
        if position.turns == 0:
            starter = in_sentence(self.names[played.starter])
            move = Text(said(_("Round {n} dealt; {name} starts.").format(n=position.round_index + 1, name=starter)))
        else:
            turn = self.finished[position.round_index].history()[position.turns - 1]
            move = Text(describe_full_turn(turn, self.names[turn.seat]))
        move.append("\n")
        totals = self._totals_before(position.round_index)
        move.append_text(scores_line(_("Before this round: "), self.side_names, totals))
        if round_.over:
            scores = tuple(round_.side_totals())
            move.append("\n")
            move.append_text(scores_line(_("Round over: "), self.side_names, scores))
            if position.round_index == len(self.record.played) - 1 and len(self.record.played) == self.record.rounds:
                final = tuple(a + b for a, b in zip(totals, scores, strict=True))
                move.append("   ")
                move.append(self._result(final), style="bold")
        claim = self.saved.claim if self.saved is not None else None
        if claim is not None and self.index == len(self.positions) - 1:  # the match ended there, on time
            move.append("\n")
            late, team = self.names[claim.out_of_time], self.record.rules.players == 4
            move.append(won_on_time(self.side_names[self.record.rules.side_of(claim.by)], late, team), style="bold")
        self.query_one("#replay-move", Static).update(move)
        if self.analysis is not None:
            number = position.round_index + 1
            marks = (
                round_summary(self.analysis, number, self.names)
                if position.turns == 0
                else turn_marks(self.analysis, number, position.turns)
            )
            self.query_one("#replay-analysis", Static).update(marks)
        view = public_view(round_, 0)
        self.query_one(BoardGrid).show(view, self.names, list(range(len(self.side_names))), totals)
        hands = Text()
        for seat, name in enumerate(self.names):
            if seat:
                hands.append("\n")
            hands.append(_("{name}:").format(name=name) + " ", style="bold")  # "Zoé :" in French
            hands.append_text(hand_text(round_.hand(seat)))
        self.query_one("#replay-hands", Static).update(hands)

    def _result(self, totals: tuple[int, ...]) -> str:
        """The match's result as the engine decides it (R17, R22)."""
        outcome = match_outcome(totals, self.record.rules.cooperative)
        if outcome.team_score is not None:
            return _("Team score: {score}").format(score=outcome.team_score)
        if outcome.winner is None:
            return _("A draw (R17).")
        return said(_("{name} won the match.").format(name=in_sentence(self.side_names[outcome.winner])))

    # ------------------------------------------------------------ the analysis

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``a`` only for a match whose analysis can be kept (from the history or a file)."""
        if action == "analyse" and (self.saved is None or self.store is None):
            return False
        return super().check_action(action, parameters)

    def action_analyse(self) -> None:
        """The analysis: the kept one at once, else made in a worker; pressed again meanwhile, it says so."""
        if self.saved is None or self.store is None:
            return
        if self.analysing:
            self.notify(_("The analysis is under way: its progress is above the board."))
            return
        line = self.query_one("#replay-analysis", Static)
        line.add_class("-shown")
        if self.analysis is not None:
            self.show()
            return
        self.analysing = True
        line.update(Text(_("Analysing the match…"), style="italic"))
        self._analyse(self.saved, self.store)

    @work(thread=True, exclusive=True, group="analysis")
    def _analyse(self, saved: SavedMatch, store: MatchStore) -> None:
        """In a thread: the kept analysis, or the search over every decision, telling its progress."""
        from lost_cities.engine import LostCitiesError
        from lost_cities.storage.analyses import KeptAnalyses

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._progress, done, total)

        try:
            analysed = KeptAnalyses(store).analysis(
                saved, self.think, seed=0, progress=progress, stop=lambda: worker.is_cancelled
            )
        except (LostCitiesError, ValueError) as error:  # a record the engine refuses: said, never raised
            message = _("The match's record cannot be replayed: {error}").format(error=error)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, message)
            return
        if analysed is not None and not worker.is_cancelled:
            self.app.call_from_thread(self._analysed, analysed)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#replay-analysis", Static).update(
            Text(_("Analysing the match: {done} of {total} decisions…").format(done=done, total=total), style="italic")
        )

    def _failed(self, message: str) -> None:
        self.analysing = False
        self.query_one("#replay-analysis", Static).update(Text(message))

    def _analysed(self, analysed: Analysed) -> None:
        self.analysing = False
        self.analysis = analysed.analysis
        for sentence in analysed.said:  # it may quote a file's path: text, never markup
            self.notify(sentence, severity="warning", markup=False)
        self.show()  # a kept analysis is shown at once, unannounced: a notice would cover the keys for seconds

    def action_help(self) -> None:
        from lost_cities.tui.replay.help import ReplayHelpScreen

        self.app.push_screen(ReplayHelpScreen(self.saved is not None and self.store is not None))

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, self.index + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.positions)
        self.show()

    def action_round(self, delta: int) -> None:
        """The next round's deal; back: this round's deal, or the one before when already there."""
        position = self.positions[self.index]
        target = position.round_index + delta
        if delta < 0 and position.turns > 0:
            target = position.round_index
        target = max(0, min(len(self.record.played) - 1, target))
        self.index = next(i for i, p in enumerate(self.positions) if p.round_index == target)
        self.show()
