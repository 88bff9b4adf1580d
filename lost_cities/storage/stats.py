"""What the history comes to: results by opponent, scores, expeditions, wagers, hints, and a rating.

Pure computation on the matches of :meth:`MatchStore.list_history`, no words and no
layout, so that ``lost-cities stats`` (and later a Statistics screen) only show what this returns.

Who is who: a person is their name, ignoring case (as :func:`lost_cities.limits.check_names` tells
names apart); a computer is its level, whatever name it
played under — the rating is the level's, not the name's.

What counts: a finished match counts in full.  One won on time (online, the other side's time ran out)
counts as its claimant's side's win and everyone else's loss, whatever the scores so far.  A cooperative
match (R22) has no winner: its rounds, scores, expeditions, wagers and hints count, not in won, lost or
drawn, and not in the rating.  An abandoned match counts as abandoned, not as a match played and not in the
rating — a match given up is no result — but its finished rounds count as rounds (scores, cards, the hints
taken in them; not against an opponent).  Four players count as two
sides of two partners (R24a): a team's round score and expeditions are both partners'.

The rating is ``openskill``'s Plackett–Luce model (it rates teams, and more than two sides), updated
match by match in the history's order (oldest first), ranking the sides by their totals (equal totals
rank equal; a match won on time: the claimant's side first, the others equal).
A match where one person or one level sits in two seats (``hard`` against ``hard``)
tells nothing of its strength and is left out of the rating.

Over time, for the plots: each player's round scores numbered by the round's place in the whole history,
and their rating after each rated match numbered by the match's place among the finished ones — one
axis for everybody, so that the lines of several players line up; the last rating point is the rating.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from msgspec import Struct
from openskill.models import PlackettLuce, PlackettLuceRating

from lost_cities.engine import Rules
from lost_cities.storage.saved import SavedMatch, SaveStatus

__all__ = ["HistoryStats", "Opponent", "PlayerStats", "RatingPoint", "RoundPoint", "Tally", "history_stats"]


class Tally(Struct, frozen=True):
    """Results as won, lost and drawn."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, mine: int, best_other: int) -> Tally:
        """This tally with one more result: ``mine`` against the best of the others."""
        if mine > best_other:
            return Tally(self.wins + 1, self.losses, self.draws)
        if mine < best_other:
            return Tally(self.wins, self.losses + 1, self.draws)
        return Tally(self.wins, self.losses, self.draws + 1)


class Opponent(Struct, frozen=True):
    """One player's matches against one opponent (a person, or a computer's level)."""

    name: str
    computer: str | None
    matches: Tally
    rounds: Tally


class RoundPoint(Struct, frozen=True):
    """A player's score in one round: ``round`` is its number among the history's finished rounds, from 1."""

    round: int
    score: int


class RatingPoint(Struct, frozen=True):
    """A player's rating just after a rated match: ``match`` is its number among the finished matches, from 1."""

    match: int
    rating: float
    sigma: float


class PlayerStats(Struct, frozen=True):
    """Everything the history says about one person or one computer level.

    ``matches`` counts the finished matches, cooperative ones included (``cooperative`` of them, in no
    result); ``rating`` and ``rating_sigma`` are ``None`` for a player in no rated match.  ``round_scores``
    and ``ratings`` are the same figures over time, oldest first (``ratings[-1]`` is the rating).
    """

    name: str
    computer: str | None
    matches: int
    results: Tally
    cooperative: int
    abandoned: int
    rounds: int
    round_results: Tally
    mean_round: float | None
    best_round: int | None
    expeditions: int
    below_zero: int
    wagers: int
    wagers_paid: int
    hints: int
    rating: float | None
    rating_sigma: float | None
    opponents: tuple[Opponent, ...]
    round_scores: tuple[RoundPoint, ...] = ()
    ratings: tuple[RatingPoint, ...] = ()

    @property
    def ordinal(self) -> float:
        """The conservative rating (mu − 3σ) the players are ranked by; the unrated last."""
        if self.rating is None or self.rating_sigma is None:
            return float("-inf")
        return self.rating - 3 * self.rating_sigma


class HistoryStats(Struct, frozen=True):
    """The whole history: finished matches and their rounds, the abandoned, every player best rated first."""

    matches: int
    rounds: int
    abandoned: int
    players: tuple[PlayerStats, ...]


Key = tuple[str | None, str]  # (the computer's level, or None for a person; the level, or the folded name)


def _key(name: str, computer: str | None) -> Key:
    return (computer, computer) if computer is not None else (None, name.casefold())


@dataclass
class _Counts:
    """One player's counts while the history is read (:class:`PlayerStats` once done)."""

    name: str
    computer: str | None
    matches: int = 0
    results: Tally = field(default_factory=Tally)
    cooperative: int = 0
    abandoned: int = 0
    round_scores: list[RoundPoint] = field(default_factory=list)
    ratings: list[RatingPoint] = field(default_factory=list)
    round_results: Tally = field(default_factory=Tally)
    expeditions: int = 0
    below_zero: int = 0
    wagers: int = 0
    wagers_paid: int = 0
    hints: int = 0
    opponents: dict[Key, tuple[Tally, Tally]] = field(default_factory=dict)


def _best_other(scores: tuple[int, ...], side: int) -> int:
    return max(score for other, score in enumerate(scores) if other != side)


def history_stats(matches: Iterable[SavedMatch]) -> HistoryStats:
    """The statistics and ratings of ``matches``, read in their order (the history's: oldest first).

    >>> history_stats([]).players
    ()
    """
    counts: dict[Key, _Counts] = {}
    model = PlackettLuce()
    ratings: dict[Key, PlackettLuceRating] = {}
    finished = rounds = abandoned = 0
    for saved in matches:
        names = saved.shown_names  # "Joueur 1" and "Player 1", both the program's, are one player
        keys = [_key(name, level) for name, level in zip(names, _levels(saved), strict=True)]
        for key, name, level in zip(keys, names, _levels(saved), strict=True):
            counts.setdefault(key, _Counts(level if level is not None else name, level))
        if saved.status is SaveStatus.ABANDONED or saved.outcome is None:
            abandoned += 1
            for key in keys:
                counts[key].abandoned += 1
            _count_rounds(saved, keys, counts, rounds, opponents=False)  # given up, no result: its rounds were played
            rounds += len(saved.round_scores)
            continue
        finished += 1
        _count_match(saved, keys, counts)
        _count_rounds(saved, keys, counts, rounds)
        rounds += len(saved.round_scores)
        if not saved.record.rules.cooperative and len(set(keys)) == len(keys):
            _rate(saved, keys, model, ratings)
            for key in keys:
                rating = ratings[key]
                counts[key].ratings.append(RatingPoint(finished, rating.mu, rating.sigma))
    players = [_player(mine, ratings.get(key), counts) for key, mine in counts.items()]
    players.sort(key=lambda player: (-player.ordinal, player.computer is not None, player.name.casefold()))
    return HistoryStats(finished, rounds, abandoned, tuple(players))


def _levels(saved: SavedMatch) -> tuple[str | None, ...]:
    return (*saved.computers, *(None,) * (len(saved.names) - len(saved.computers)))


def _count_match(saved: SavedMatch, keys: list[Key], counts: dict[Key, _Counts]) -> None:
    """Add one finished match's result to every seat's counts, and to its opponents' tallies."""
    rules = saved.record.rules
    results = _results(saved)
    for seat, key in enumerate(keys):
        mine = counts[key]
        side = rules.side_of(seat)
        mine.matches += 1
        if rules.cooperative:
            mine.cooperative += 1
            continue
        mine.results = mine.results.add(results[side], _best_other(results, side))
        for other, other_side in _opponents(rules, keys, seat):
            matches, by_round = mine.opponents.get(other, (Tally(), Tally()))
            mine.opponents[other] = (matches.add(results[side], results[other_side]), by_round)


def _results(saved: SavedMatch) -> tuple[int, ...]:
    """What decides a finished match, per side, the higher the better: its totals, or for a match won on time
    1 for the claimant's side and 0 for the others."""
    outcome = saved.outcome
    if saved.claim is None or outcome is None or outcome.winner is None:
        return saved.totals
    return tuple(int(side == outcome.winner) for side in range(len(saved.totals)))


def _count_rounds(
    saved: SavedMatch, keys: list[Key], counts: dict[Key, _Counts], earlier_rounds: int, opponents: bool = True
) -> None:
    """Add a match's finished rounds to every seat's counts — their scores and cards, the hints taken in them —
    whether the match was finished or given up; ``earlier_rounds`` finished rounds come before them in the
    history.  ``opponents``: the rounds count against each opponent too (not for a match given up: an opponent
    met only there would be listed with no match against them)."""
    rules = saved.record.rules
    cooperative = rules.cooperative
    played = saved.replay().played
    for seat, key in enumerate(keys):
        mine = counts[key]
        side = rules.side_of(seat)
        for number, scores in enumerate(saved.round_scores):
            mine.round_scores.append(RoundPoint(earlier_rounds + number + 1, scores[side]))
            if not cooperative:
                mine.round_results = mine.round_results.add(scores[side], _best_other(scores, side))
            for row in played[number].score(side).expeditions:
                if row.started:
                    mine.expeditions += 1
                    mine.below_zero += row.score < 0
                    mine.wagers += row.wagers
                    mine.wagers_paid += row.wagers if row.score > 0 else 0
        mine.hints += sum(taken[seat] for taken in saved.hints[: len(saved.round_scores)])  # not the round under way
        if cooperative or not opponents:
            continue
        for other, other_side in _opponents(rules, keys, seat):
            matches, by_round = mine.opponents.get(other, (Tally(), Tally()))
            for scores in saved.round_scores:
                by_round = by_round.add(scores[side], scores[other_side])
            mine.opponents[other] = (matches, by_round)


def _opponents(rules: Rules, keys: list[Key], seat: int) -> list[tuple[Key, int]]:
    """Who ``seat`` plays against, with their side: every other side's players (not a partner, nor oneself
    under another seat)."""
    side = rules.side_of(seat)
    return [
        (other, rules.side_of(other_seat))
        for other_seat, other in enumerate(keys)
        if rules.side_of(other_seat) != side and other != keys[seat]
    ]


def _rate(saved: SavedMatch, keys: list[Key], model: PlackettLuce, ratings: dict[Key, PlackettLuceRating]) -> None:
    """Update the ratings of the match's players: its sides ranked by their totals, equal totals equal."""
    rules = saved.record.rules
    teams = [
        [ratings.get(keys[seat]) or model.rating() for seat in rules.seats_of(side)] for side in range(rules.sides)
    ]
    results = _results(saved)
    ranks = [float(sum(other > result for other in results)) for result in results]
    for side, team in enumerate(model.rate(teams, ranks=ranks)):
        for seat, rating in zip(rules.seats_of(side), team, strict=True):
            ratings[keys[seat]] = rating


def _player(mine: _Counts, rating: PlackettLuceRating | None, counts: dict[Key, _Counts]) -> PlayerStats:
    scores = [point.score for point in mine.round_scores]
    return PlayerStats(
        name=mine.name,
        computer=mine.computer,
        matches=mine.matches,
        results=mine.results,
        cooperative=mine.cooperative,
        abandoned=mine.abandoned,
        rounds=len(scores),
        round_results=mine.round_results,
        mean_round=sum(scores) / len(scores) if scores else None,
        best_round=max(scores, default=None),
        expeditions=mine.expeditions,
        below_zero=mine.below_zero,
        wagers=mine.wagers,
        wagers_paid=mine.wagers_paid,
        hints=mine.hints,
        rating=None if rating is None else rating.mu,
        rating_sigma=None if rating is None else rating.sigma,
        opponents=tuple(
            Opponent(counts[other].name, counts[other].computer, matches, by_round)
            for other, (matches, by_round) in mine.opponents.items()
        ),
        round_scores=tuple(mine.round_scores),
        ratings=tuple(mine.ratings),
    )
