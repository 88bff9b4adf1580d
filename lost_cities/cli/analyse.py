"""``lost-cities analyse [ID|FILE]``: every decision of a past match weighed by the hard level's search.

The computation is :mod:`lost_cities.ai.analysis` (pure, from each player's view only), and the result is
kept beside the match (:mod:`lost_cities.storage.analyses`), so a second run with the same ``--think``
and ``--seed`` is instant and says so; this module loads the match, shows the progress on stderr, and
prints the result in words or as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lost_cities.cli.arguments import refuse
from lost_cities.cli.progress import ProgressBar
from lost_cities.cli.records import past_match
from lost_cities.i18n import _, ngettext

if TYPE_CHECKING:
    from lost_cities.ai.analysis import DecisionAnalysis, MatchAnalysis, Summary

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    from lost_cities.engine import LostCitiesError
    from lost_cities.storage import MatchStore, SaveStatus, StorageError
    from lost_cities.storage.analyses import KeptAnalyses

    store = MatchStore()
    try:
        saved = past_match(store, args.match)
    except StorageError as error:  # an unknown id, or a record that cannot be read
        return refuse("analyse", str(error))
    if saved.status is SaveStatus.IN_PROGRESS:  # H2: its hands are still secret
        return refuse("analyse", _("that match is still being played; analyse it once it is over"))
    bar: _Bar | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None and sys.stderr.isatty():
            bar = _Bar(total, sys.stderr)
        if bar is not None:
            bar.show(done)

    try:
        analysed = KeptAnalyses(store).analysis(saved, args.think, args.seed, jobs=args.jobs, progress=progress)
    except (LostCitiesError, ValueError) as error:  # read, but not a match the engine can replay
        return refuse("analyse", _("the match's record cannot be replayed: {error}").format(error=error))
    finally:
        if bar is not None:
            bar.clear()
    assert analysed is not None  # nothing asked it to stop
    for sentence in analysed.said:
        print(sentence, file=sys.stderr)
    if analysed.reused:
        print(
            _("The analysis kept with this match (--think {think}, --seed {seed}) is shown again.").format(
                think=f"{args.think:g}", seed=args.seed
            ),
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(analysis_json(analysed.analysis, saved.names), ensure_ascii=False))
    else:
        print(describe(analysed.analysis, saved.shown_names))
    return 0


def analysis_json(analysis: MatchAnalysis, names: Sequence[str]) -> dict[str, object]:
    """The analysis for scripts: each player's summary for the match, and every decision weighed."""
    return {
        "players": [
            {
                "name": names[player.seat],
                "decisions": player.match.decisions,
                "mean_loss": round(player.match.mean_loss, 2),
                "mistakes": player.match.mistakes,
                "accuracy": round(player.match.accuracy, 1),
            }
            for player in analysis.players
        ],
        "decisions": [
            {
                "round": decision.round,
                "turn": decision.turn,
                "seat": decision.seat,
                "played": str(decision.played),
                "best": str(decision.best),
                "loss": round(decision.loss, 2),
            }
            for decision in analysis.decisions
        ],
    }


def _summary(summary: Summary) -> str:
    from lost_cities.words import decimal

    return _("{decisions}, mean loss {loss}, {mistakes}, accuracy {accuracy}").format(
        decisions=ngettext("{n} decision", "{n} decisions", summary.decisions).format(n=decimal(summary.decisions)),
        loss=decimal(summary.mean_loss, 1),
        mistakes=ngettext("{n} mistake", "{n} mistakes", summary.mistakes).format(n=decimal(summary.mistakes)),
        accuracy=decimal(summary.accuracy, 1),
    )


def mistake_line(decision: DecisionAnalysis, names: Sequence[str]) -> str:
    """``round 2, turn 7: Ana discarded red 9; best was lay red 9 (lost 12.5 points)``."""
    from lost_cities.words import decimal, decision_action, decision_done

    # Translators: {loss} is always written with one decimal (12.5), so the plural is the one for fractions.
    return _("round {round}, turn {turn}: {name} {did}; best was {best} (lost {loss} points)").format(
        round=decision.round,
        turn=decision.turn,
        name=names[decision.seat],
        did=decision_done(decision.played, decision.played_top),
        best=decision_action(decision.best, decision.best_top),
        loss=decimal(decision.loss, 1),
    )


def describe(analysis: MatchAnalysis, names: Sequence[str]) -> str:
    """The analysis in words: a block per player (the match, then each round), then the mistakes in order."""
    lines: list[str] = []
    for player in analysis.players:
        lines.append(_("{name}: {summary}").format(name=names[player.seat], summary=_summary(player.match)))
        for number, summary in enumerate(player.rounds, start=1):
            if summary.decisions:
                lines.append("  " + _("round {n}: {summary}").format(n=number, summary=_summary(summary)))
    mistakes = [decision for decision in analysis.decisions if decision.mistake]
    lines.append("")
    if mistakes:
        lines.append(_("Mistakes (five points or more lost):"))
        lines.extend(mistake_line(decision, names) for decision in mistakes)
    else:
        lines.append(_("No mistakes: no decision lost five points or more."))
    return "\n".join(lines)


class _Bar(ProgressBar):
    """The progress bar: decisions weighed of all."""

    def words(self, bar: str, done: int) -> str:
        return _("[{bar}] {done}/{total} decisions").format(bar=bar, done=done, total=self.total)
