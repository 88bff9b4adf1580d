"""The lesson's table: the game taught by playing it, on the real board with the real keys.

:class:`LessonTable` is the local table with the lesson (:mod:`..lesson`) in front of it: a short round on a fixed
deal against Boris, whose moves are scripted.  Each step's text stays above the prompt; a key that would do
something else, legal or not, is explained (what it would do, or the engine's refusal, and which key the step
wants) and changes nothing.  Once the round is over, the last steps read the learner's scores, then the real
round's end shows the whole count.  Nothing is saved.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from lost_cities.engine import (
    STOP,
    Colour,
    Decision,
    Draw,
    IllegalMoveError,
    Match,
    Play,
    PlayerView,
    Round,
    Stop,
    parse_decision,
)
from lost_cities.i18n import _
from lost_cities.session import HotSeat
from lost_cities.tui.common.keybar import key_name
from lost_cities.tui.match.lesson import LEARNER, OPPONENT, OPPONENT_TURNS, POSITION, STEPS, Step
from lost_cities.tui.match.tables.local import PACE, LocalTable
from lost_cities.words import card_phrase, decision_action, describe_refusal, formula, signed

if TYPE_CHECKING:
    from lost_cities.tui.match.host import MatchHost
    from lost_cities.tui.match.screens.board import BoardScreen

__all__ = ["LessonTable", "ScriptedBot", "lesson_session"]


class ScriptedBot:
    """The opponent of the lesson: the decisions of ``turns`` (``"+b7 n"``) in order, whatever it sees."""

    def __init__(self, turns: tuple[str, ...]) -> None:
        self._decisions: Iterator[Decision] = iter([parse_decision(part) for turn in turns for part in turn.split()])

    def choose_play(self, view: PlayerView) -> Play | Stop:
        decision = next(self._decisions, STOP)
        return decision if isinstance(decision, Play | Stop) else STOP

    def choose_draw(self, view: PlayerView) -> Draw:
        decision = next(self._decisions, Draw(None))
        return decision if isinstance(decision, Draw) else Draw(None)


def lesson_session() -> HotSeat:
    """The lesson's round (one round of one match), the learner at seat 0, Boris scripted at seat 1."""
    round_ = Round.from_position(POSITION)
    match = Match(round_.rules, rounds=1, first=round_.starter, seed=0)
    match.played[0] = round_
    session = HotSeat((_(LEARNER), _(OPPONENT)), match, computers=(None, "easy"))
    session.play_with(1, ScriptedBot(OPPONENT_TURNS))
    return session


class LessonTable(LocalTable):
    """The lesson: :attr:`completed` once the learner has seen the round's count to its end."""

    def __init__(self, app: MatchHost, pace: float = PACE, from_start: bool = False) -> None:
        """``from_start``: opened with *Learn to play* at the start, to which its end goes back."""
        super().__init__(app, lesson_session(), pace=pace, tips=False)
        self.from_start = from_start
        self.step_index = 0
        #: the learner saw the whole lesson, to the round's count
        self.completed = False

    @property
    def step(self) -> Step | None:
        """The step in front of the learner; ``None`` once every step is done."""
        return STEPS[self.step_index] if self.step_index < len(STEPS) else None

    @property
    def wanted(self) -> Decision | None:
        """The decision the step waits for; ``None``: Enter."""
        step = self.step
        return parse_decision(step.want) if step is not None and step.want is not None else None

    # ------------------------------------------------------------ never saved

    def save(self, finished: bool = False) -> None:
        """A lesson is not a match: nothing is written nor filed, and an unfinished match stays as it was."""

    def quit_now(self) -> None:
        """Ctrl+Q: gone at once, nothing kept to speak of."""
        self.app.exit()

    # ------------------------------------------------------------ the step's text on the board

    def _show(self, **say: Any) -> None:
        super()._show(**say)
        self._tell_step()

    def _say(self, line: str, error: bool = False) -> None:
        super()._say(line, error)
        self._tell_step()

    def _tell_step(self) -> None:
        """The step's text above the prompt while it is the learner's moment (not while Boris plays)."""
        board = self.board
        if board is None or board.scene is None:
            return
        scene = board.scene
        mine = scene.wait is None and (scene.view.my_turn or self.session.round_over)
        note = self.step_text() if mine else ""
        if scene.note != note or scene.hints or scene.take_back:
            # the lesson says what to do: no hint key, and no take-back listed (each step wants its own key)
            board.scene = replace(scene, note=note, hints=False, take_back=False)

    def step_text(self) -> str:
        """The step's text in the learner's language, its numbers filled in from the table."""
        step = self.step
        if step is None:
            return ""
        values: dict[str, object] = {"keys": ""}
        wanted = self.wanted
        if isinstance(wanted, Play) and wanted.card in self.session.view_of(self._seat).hand:
            values["keys"] = self._wanted_keys()
        if self.session.round_over:
            score = self.session.round_report().scores[self._seat]
            for colour, word in ((Colour.YELLOW, "yellow"), (Colour.RED, "red"), (Colour.GREEN, "green")):
                row = score.expedition(colour)
                values[word] = f"{formula(row)} = {_number(row.score)}"
            values["total"] = signed(score.total)  # as the round's end and the board write a round's score: +8
        return _(step.text).format(**values)

    # ------------------------------------------------------------ the step decides what goes on

    def _explain(self, key: str, decision: Decision | None) -> None:
        """Say what ``key`` would do (the engine's refusal if it is not allowed) and what the step wants."""
        view = self.session.view_of(self._seat)
        if self.session.round_over:
            effect = _("The round is over: nothing more is played.")
        elif key == "h":
            effect = _("The key h asks the computer for a hint; in the lesson, each step says what to do.")
        elif key == "u" and view.pending_play is not None:
            effect = _("The key u would take {card} back into your hand.").format(
                card=card_phrase(view.pending_play.card)
            )
        elif decision is None:
            effect = _("The key {key} does nothing in this step.").format(key=key)
        elif decision in view.legal_decisions:
            top = view.discard_tops[decision.pile] if isinstance(decision, Draw) and decision.pile else None
            effect = _("The key {key} would {action}.").format(key=key, action=decision_action(decision, top))
        else:
            try:  # not allowed: the engine says why, and changes nothing
                self.session.decide(decision)
            except IllegalMoveError as refused:
                effect = describe_refusal(refused)
            else:  # pragma: no cover - the view lists every legal decision
                raise AssertionError(f"{decision} was legal")
        self._say(f"{effect} " + _("This step wants {keys}.").format(keys=self._wanted_keys()))

    def _wanted_keys(self) -> str:
        """The key (or keys) the step waits for, as the learner types them."""
        wanted = self.wanted
        if isinstance(wanted, Play):
            key = "d" if wanted.discard else "e"
            board = self.board
            if board is not None and board.scene is not None and board.scene.selected_card == wanted.card:
                return key
            hand = self.session.view_of(self._seat).hand
            return _("{n}, then {key}").format(n=hand.index(wanted.card) + 1, key=key)
        if isinstance(wanted, Draw):
            return "n" if wanted.pile is None else wanted.pile.letter
        return key_name("enter")

    def _lets(self, key: str, decision: Decision | None) -> bool:
        """True if the request goes on: the step wants it, or the learner must wait anyway (and is told why);
        otherwise it is explained here."""
        board = self.board
        if board is None or board.scene is None or board.scene.wait is not None:
            return True
        if decision is not None and decision == self.wanted:
            return True
        self._explain(key, decision)
        return False

    def decide(self, decision: Decision) -> None:
        if decision == self.wanted and decision in self.session.view_of(self._seat).legal_decisions:
            self.step_index += 1  # before the board is drawn again, so that it shows the next step
        super().decide(decision)

    def select(self, index: int, key: str) -> None:
        """A card selected, as at the local table, the step's text kept in view."""
        super().select(index, key)
        self._tell_step()

    def move(self, step: int) -> None:
        super().move(step)
        self._tell_step()

    def play_selected(self, discard: bool) -> None:
        board = self.board
        card = board.scene.selected_card if board is not None and board.scene is not None else None
        decision = Play(card, discard) if card is not None else None
        if self._lets("d" if discard else "e", decision):
            super().play_selected(discard)

    def draw_from(self, pile: Colour | None) -> None:
        if self._lets("n" if pile is None else pile.letter, Draw(pile)):
            super().draw_from(pile)

    def stop(self) -> None:
        if self._lets("s", STOP):
            super().stop()

    def take_back(self) -> None:
        if self._lets("u", None):
            super().take_back()

    def hint(self) -> None:
        if self._lets("h", None):
            super().hint()

    def unknown_key(self, key: str) -> None:
        if self._lets(key, None):
            super().unknown_key(key)

    def show_scores(self) -> None:
        """Enter: the next step when the step waits for it; after the last, the round's whole count."""
        board = self.board
        if board is None or board.scene is None or board.scene.wait is not None:
            super().show_scores()  # a computer's move held on screen goes on
            return
        if self.step is None or self.step.want is not None:
            self._explain(key_name("enter"), None)
            return
        self.step_index += 1
        if self.session.round_over and self.step is None:
            self._round_over()
        else:
            self._show(line="")

    # ------------------------------------------------------------ the end of the lesson

    def _round_over(self) -> None:
        """The round's end waits for the steps that read the scores on the board; then its whole count."""
        self._last_move_shown = None
        self._waiting_for_scores = False
        if self.step is not None:
            self._show(line="")
            return
        from lost_cities.tui.match.screens.lesson import LessonEnd

        self.app.push_screen(LessonEnd(self.session.round_report(), self.from_start), self._after_round)

    def _new_board(self) -> BoardScreen:
        from lost_cities.tui.match.screens.lesson import LessonBoard

        return LessonBoard(
            self.session.rules, lambda: self.step is not None and self.step.want is None, lambda: self.wanted
        )

    def _after_round(self, _result: None) -> None:
        self.completed = True
        self.app.lesson_over()

    def _quit_question(self) -> str:
        if self.from_start:
            return _("Leave the lesson? The start screen's “Learn to play” begins it again.")
        return _("Leave the lesson? lost-cities learn starts it again.")

    def _quit(self) -> None:
        """Left (nothing to save): where the lesson was opened from."""
        self.app.lesson_over()


def _number(value: int) -> str:
    """A score as the table writes it, with a true minus sign and no plus."""
    return signed(value).removeprefix("+")
