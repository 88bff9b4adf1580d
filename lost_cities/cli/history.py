"""``lost-cities history``: past matches as a table, or as JSON for scripts.

The table is Rich, in colour on a terminal; every fact is also in its words, so
it reads the same without colour (piped, ``NO_COLOR``).
"""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lost_cities.i18n import _, pgettext
from lost_cities.storage import HistoryListing, SavedMatch, SaveStatus, result_label, variant_label

__all__ = ["history_json", "history_table", "print_history", "score_sheet", "scores_label"]


def scores_label(scores: tuple[int, ...]) -> str:
    """Both sides' scores: ``12:30``.

    >>> scores_label((12, -30))
    '12:-30'
    """
    return ":".join(str(score) for score in scores)


def score_sheet(round_scores: tuple[tuple[int, ...], ...], totals: tuple[int, ...]) -> tuple[str, str]:
    """Each round's score and the totals as on a score pad: one line per player, columns aligned.

    >>> rounds, totals = score_sheet(((12, -30), (5, 40)), (17, 10))
    >>> print(rounds)
     12   5
    -30  40
    >>> totals.splitlines(), score_sheet((), (0, 0))[0].splitlines()
    (['17', '10'], ['–', '–'])
    """
    if not round_scores:
        rounds = ["–"] * len(totals)
    else:
        width = max(len(str(score)) for scores in round_scores for score in scores)
        rounds = [" ".join(f"{score:>{width}}" for score in seat) for seat in zip(*round_scores, strict=True)]
    return "\n".join(rounds), "\n".join(str(total) for total in totals)


def _winner(saved: SavedMatch) -> int | None:
    outcome = saved.outcome
    return outcome.winner if outcome is not None and saved.status is not SaveStatus.ABANDONED else None


def history_table(listing: HistoryListing) -> Table:
    """One row per match, oldest first, a line per player: id and date, variant, round scores, total, result."""
    table = Table(box=box.SIMPLE_HEAD, header_style="bold")
    table.add_column(_("Match"), no_wrap=True)
    table.add_column(_("Variant"), overflow="fold")
    table.add_column(_("Players"), overflow="fold")
    # Translators: the heading above the list of each round's scores in `lost-cities history`.
    table.add_column(pgettext("history", "Rounds"), no_wrap=True)
    table.add_column(_("Total"), justify="right", no_wrap=True)
    table.add_column(_("Result"), overflow="fold")
    for saved in listing.matches:
        winner = _winner(saved)
        names = Text()
        for seat, name in enumerate(saved.names):
            names.append(("\n" if seat else "") + name, style="bold green" if seat == winner else "")
        rounds, totals = score_sheet(saved.round_scores, saved.totals)
        table.add_row(
            Text.assemble((saved.id, "cyan"), "\n", (f"{saved.created.astimezone():%Y-%m-%d %H:%M}", "dim")),
            Text(variant_label(saved.record.rules, saved.record.rounds)),
            names,
            Text(rounds),
            Text(totals),
            Text(result_label(saved), style=_result_style(saved)),
            end_section=True,
        )
    return table


def _match_json(saved: SavedMatch) -> dict[str, object]:
    data = saved.to_dict()
    rules = saved.record.rules
    outcome = saved.outcome
    return {
        "id": saved.id,
        "created": data["created"],
        "updated": data["updated"],
        "status": saved.status.value,
        "players": list(saved.names),
        "variant": {
            "long": rules.long,
            "hand_penalty": rules.hand_penalty,
            "cooperative": rules.cooperative,
            "rounds": saved.record.rounds,
        },
        "round_scores": [list(scores) for scores in saved.round_scores],
        "totals": list(saved.totals),
        "winner": outcome.winner if outcome else None,
        "team_score": outcome.team_score if outcome else None,
    }


def history_json(listing: HistoryListing, folder: str) -> dict[str, object]:
    """The history for scripts: stable keys, seats as indexes into ``players``."""
    return {
        "data_dir": folder,
        "matches": [_match_json(saved) for saved in listing.matches],
        "damaged": [{"path": str(error.path), "reason": error.reason} for error in listing.damaged],
    }


def _result_style(saved: SavedMatch) -> str:
    if saved.status is SaveStatus.ABANDONED:
        return "dim italic"
    return "bold green" if _winner(saved) is not None else "bold"


def print_history(listing: HistoryListing, folder: str, console: Console | None = None) -> None:
    """Print the table, or a line saying there is nothing yet."""
    console = console or Console()
    if not listing.matches:
        message = _("No finished matches yet; they will be kept in {folder}.").format(folder=folder)
        console.print(Text(message), soft_wrap=True)
        return
    console.print(history_table(listing))
    console.print(Text(_("Kept in {folder}").format(folder=folder), style="dim"), soft_wrap=True)
