"""The statistics in words (:mod:`lost_cities.storage.stats`), folded to a width: ``lost-cities stats``
prints them and the app's Statistics screen shows them.

A block per player, best rated first: the name and the rating with its uncertainty, then a line per
subject — the heading beside its words, or above them where the room is too narrow — folded
between words (:func:`~lost_cities.limits.fold`) so that no word and no number is ever cut.
"""

from __future__ import annotations

from rich.text import Text

from lost_cities.i18n import _, ngettext, pgettext
from lost_cities.limits import cell_width, fold
from lost_cities.storage.stats import HistoryStats, Opponent, PlayerStats, Tally
from lost_cities.words import decimal, level_word, signed

__all__ = ["player_name", "stats_view"]

#: Between a heading and its words.
GAP = 2


def player_name(name: str, computer: str | None) -> str:
    """A person by name, a computer by its level: ``Computer (hard)`` — a colon would follow it in "against …"
    lines ("Computer: hard: 4 won")."""
    return name if computer is None else _("Computer ({level})").format(level=level_word(computer))


def _tally(tally: Tally) -> list[str]:
    return [
        ngettext("{n} won", "{n} won", tally.wins).format(n=decimal(tally.wins)),
        ngettext("{n} lost", "{n} lost", tally.losses).format(n=decimal(tally.losses)),
        ngettext("{n} drawn", "{n} drawn", tally.draws).format(n=decimal(tally.draws)),
    ]


def _opponent(opponent: Opponent) -> str:
    return _("{opponent}: {results}").format(
        opponent=player_name(opponent.name, opponent.computer), results=", ".join(_tally(opponent.matches))
    )


def _rating(player: PlayerStats) -> str:
    if player.rating is None or player.rating_sigma is None:
        return _("no rating yet: a rating comes from a finished match against someone else")
    return _("rating {rating} ± {sigma}").format(
        rating=decimal(player.rating, 1), sigma=decimal(player.rating_sigma, 1)
    )


def _lines(player: PlayerStats) -> list[tuple[str, list[str], str]]:
    """Each subject's heading, its parts (folded between them), and what separates them."""
    played = [ngettext("{n} played", "{n} played", player.matches).format(n=decimal(player.matches))]
    matches = played + _tally(player.results)
    if player.cooperative:
        n = player.cooperative
        matches.append(ngettext("{n} cooperative", "{n} cooperative", n).format(n=decimal(n)))
    if player.abandoned:
        matches.append(ngettext("{n} abandoned", "{n} abandoned", player.abandoned).format(n=decimal(player.abandoned)))
    lines = [(pgettext("stats", "Matches"), matches, ", ")]
    if player.rounds:
        rounds = [ngettext("{n} played", "{n} played", player.rounds).format(n=decimal(player.rounds))]
        lines.append((pgettext("stats", "Rounds"), rounds + _tally(player.round_results), ", "))
        mean, best = signed(player.mean_round or 0.0, 1), signed(player.best_round or 0)
        lines.append(
            (pgettext("stats", "Round score"), [_("mean {mean}, best {best}").format(mean=mean, best=best)], "")
        )
        opened = ngettext("{n} opened, {below} below zero", "{n} opened, {below} below zero", player.expeditions)
        shown = opened.format(n=decimal(player.expeditions), below=decimal(player.below_zero))
        lines.append((pgettext("stats", "Expeditions"), [shown], ""))
        laid = ngettext("{n} laid, {paid} paid off", "{n} laid, {paid} paid off", player.wagers)
        shown = laid.format(n=decimal(player.wagers), paid=decimal(player.wagers_paid))
        lines.append((pgettext("stats", "Wagers"), [shown], ""))
        if player.computer is None:  # a computer takes no hints: "0 taken" said nothing
            taken = ngettext("{n} taken", "{n} taken", player.hints).format(n=decimal(player.hints))
            lines.append((pgettext("stats", "Hints"), [taken], ""))
    if player.opponents:
        lines.append((pgettext("stats", "Against"), [_opponent(opponent) for opponent in player.opponents], "; "))
    return lines


def stats_view(stats: HistoryStats, width: int) -> Text:
    """The statistics ``width`` columns wide; print with ``soft_wrap=True``, they are folded already."""
    blocks = [(player, _lines(player)) for player in stats.players]
    headings = [heading for _player, lines in blocks for heading, _parts, _separator in lines]
    key = max(map(cell_width, headings), default=0) + GAP
    words = [word for _player, lines in blocks for _h, parts, _s in lines for part in parts for word in part.split()]
    beside = width - key >= max(map(cell_width, words), default=0)
    room = max(1, width - key if beside else width - GAP)
    out = Text()
    summary = [
        ngettext("{n} finished match", "{n} finished matches", stats.matches).format(n=decimal(stats.matches)),
        ngettext("{n} round", "{n} rounds", stats.rounds).format(n=decimal(stats.rounds)),
    ]
    if stats.abandoned:
        summary.append(ngettext("{n} abandoned", "{n} abandoned", stats.abandoned).format(n=decimal(stats.abandoned)))
    out.append(fold(summary, width) + "\n")
    for player, lines in blocks:
        out.append("\n")
        out.append(fold([player_name(player.name, player.computer)], width), "bold")
        out.append("\n")
        out.append(fold([_rating(player)], width) + "\n", "cyan")
        for heading, parts, separator in lines:
            folded = fold(parts, room, separator) if separator else fold(parts, room)
            if not beside:
                out.append(heading + "\n", "bold")
            for number, line in enumerate(folded.split("\n")):
                label = heading if beside and number == 0 else ""
                out.append(label + " " * ((key if beside else GAP) - cell_width(label)), "bold")
                out.append(line + "\n")
    out.rstrip()
    return out
