"""Saved matches in words: the resume offer, the variant and the result.

Plain translated text (no Rich, no Textual), shared by the app and ``lost-cities history``.

>>> from lost_cities.engine import Match
>>> saved = SavedMatch.start(("Ana", "Boris"), Match(seed=1))
>>> resume_summary(saved)
'Ana vs Boris — round 1, 44 cards left'
>>> variant_label(saved.record.rules, saved.record.rounds), result_label(saved)
('classic', 'in progress')
"""

from __future__ import annotations

from collections.abc import Sequence

from lost_cities.engine import Rules
from lost_cities.i18n import _, ngettext
from lost_cities.storage.saved import SavedMatch, SaveStatus
from lost_cities.words import level_word, shown_names, side_names, signed

__all__ = ["names_label", "names_with_levels", "result_label", "resume_summary", "variant_label", "variant_parts"]


def names_with_levels(names: Sequence[str], computers: Sequence[str | None] = ()) -> tuple[str, ...]:
    """The names as shown (:func:`shown_names`), each computer's followed by its level:
    ``('Ana', 'Computer (hard)')``."""
    levels = (*computers, *(None,) * (len(names) - len(computers)))
    shown = shown_names(names, levels)
    return tuple(
        name if level is None else f"{name} ({level_word(level)})" for name, level in zip(shown, levels, strict=True)
    )


def names_label(names: Sequence[str], computers: Sequence[str | None] = ()) -> str:
    """``Ana vs Boris``, ``Ana vs Boris vs Cleo``; four play in teams (R24a): ``Ana & Carl vs Boris & Dana``.
    A computer's level follows its name: ``Ana vs Computer (hard)``.

    >>> names_label(("Ana", "Boris", "Carl", "Dana"))
    'Ana & Carl vs Boris & Dana'
    >>> names_label(("Ana", "Computer"), (None, "hard"))
    'Ana vs Computer (hard)'
    """
    sides = side_names(names_with_levels(names, computers), Rules(players=len(names)))
    label = sides[0]
    for side in sides[1:]:
        label = _("{first} vs {second}").format(first=label, second=side)
    return label


def resume_summary(saved: SavedMatch) -> str:
    """The line that offers to resume a match: ``Ana vs Boris — round 2, 31 cards left``.

    It describes the match as :meth:`SavedMatch.resume` rebuilds it (a save made
    between two rounds resumes on the next round).
    """
    match = saved.resume().match
    cards = match.current.draw_pile_size
    return ngettext(
        "{names} — round {round}, {cards} card left", "{names} — round {round}, {cards} cards left", cards
    ).format(names=names_label(saved.names, saved.computers), round=match.round_number, cards=cards)


def variant_label(rules: Rules, rounds: int) -> str:
    """The variants in play, e.g. ``classic``, ``long, nothing in hand, 5 rounds``."""
    return ", ".join(variant_parts(rules, rounds))


def variant_parts(rules: Rules, rounds: int) -> list[str]:
    """:func:`variant_label`'s parts, for a layout that keeps each on one line: ``['long', '5 rounds']``."""
    parts = []
    if rules.long:
        parts.append(_("long"))
    if rules.hand_penalty:
        parts.append(_("nothing in hand"))
    if rules.cooperative:
        parts.append(_("cooperative"))
    if rounds != 3:
        parts.append(ngettext("{n} round", "{n} rounds", rounds).format(n=rounds))
    return parts or [_("classic")]


def result_label(saved: SavedMatch) -> str:
    """``Ana won`` (``Ana & Carl won``), ``Ana won on time``, ``draw``, ``team score 85``, ``abandoned`` or
    ``in progress``."""
    outcome = saved.outcome
    if saved.status is SaveStatus.ABANDONED:
        return _("abandoned")
    if outcome is None:
        return _("in progress")
    if outcome.team_score is not None:
        return _("team score {score}").format(score=signed(outcome.team_score))
    if outcome.winner is None:
        return _("draw")
    winner = saved.side_names[outcome.winner]  # the winner is a side (R24a)
    if saved.claim is not None:  # the other side's time ran out: the scores so far decided nothing
        return _("{name} won on time").format(name=winner)
    return _("{name} won").format(name=winner)
