"""The analysis as the replay shows it: under each move, what each of its decisions lost, and the best choice.

A decision that lost :data:`~lost_cities.ai.analysis.MISTAKE` points or more is marked ``✗`` and drawn
as an error; the best choice is named in the words the hint and ``lost-cities analyse`` use
(:func:`~lost_cities.words.decision_action`).  At a round's deal, each player's summary of that round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from lost_cities.i18n import _
from lost_cities.words import decimal, decision_action

if TYPE_CHECKING:  # the search behind it is imported only when the analysis is asked for
    from lost_cities.ai.analysis import DecisionAnalysis, MatchAnalysis

__all__ = ["MISTAKE_MARK", "round_summary", "turn_marks"]

#: What marks a mistake on the move line.
MISTAKE_MARK = "✗"
#: How a mistake is drawn.
MISTAKE_STYLE = "bold #ff7a6e"


def decision_mark(decision: DecisionAnalysis) -> Text:
    """``✗ discard red 9: lost 12.5, best: lay red 9``, or ``lay red 7: the best choice`` (``as good as the best``
    when what it lost shows as 0.0)."""
    played = decision_action(decision.played, decision.played_top)
    if decision.played == decision.best:
        return Text(_("{played}: the best choice").format(played=played))
    if round(decision.loss, 1) == 0:  # "lost 0.0, best: …" would name a better choice that is not better
        return Text(_("{played}: as good as the best").format(played=played))
    text = _("{played}: lost {loss}, best: {best}").format(
        played=played, loss=decimal(decision.loss, 1), best=decision_action(decision.best, decision.best_top)
    )
    if decision.mistake:
        return Text(f"{MISTAKE_MARK} {text}", style=MISTAKE_STYLE)
    return Text(text)


def turn_marks(analysis: MatchAnalysis, round_number: int, turn: int) -> Text:
    """The analysis of turn ``turn`` of round ``round_number`` (both 1-based), each decision of it in turn."""
    decisions = [d for d in analysis.decisions if (d.round, d.turn) == (round_number, turn)]
    line = Text(_("Analysis: "), style="bold")
    if not decisions:
        line.append(_("no choice to weigh in this turn."))
        return line
    for index, decision in enumerate(decisions):
        if index:
            line.append("  ·  ")
        line.append_text(decision_mark(decision))
    return line


def round_summary(analysis: MatchAnalysis, round_number: int, names: Sequence[str]) -> Text:
    """Each player's round in short: ``Ana: accuracy 87.3, 2 mistakes``."""
    line = Text(_("Analysis: "), style="bold")
    for player in analysis.players:
        summary = player.rounds[round_number - 1]
        if player.seat:
            line.append("  ·  ")
        # Translators: a player's round in the replay's analysis; {accuracy} is from 0 to 100
        line.append(
            _("{name}: accuracy {accuracy}, mistakes {mistakes}").format(
                name=names[player.seat], accuracy=decimal(summary.accuracy, 1), mistakes=summary.mistakes
            ),
            style=MISTAKE_STYLE if summary.mistakes else "",
        )
    return line
