"""``lost-cities arena A B [C [D]]``: bots play the same deals from every seat; the figures that compare them."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol, TextIO, TypeVar

from lost_cities.cli.arguments import refuse
from lost_cities.cli.progress import ProgressBar
from lost_cities.i18n import _, ngettext, quoted

if TYPE_CHECKING:
    from lost_cities.ai.arena import ArenaReport, ArenaSettings, DealResult, TableDeal, TableReport, TableSettings
    from lost_cities.ai.loader import BotNameError

__all__ = ["run"]

#: A deal's result: the two-player arena's or a table's.
Deal = TypeVar("Deal")
Shown = TypeVar("Shown", contravariant=True)


def run(args: argparse.Namespace) -> int:
    from lost_cities.ai.arena import ArenaSettings, play_deals, report
    from lost_cities.ai.loader import BotNameError, check_bot_name

    if len(args.more) > 2:
        return refuse("arena", _("{n} bots: the arena seats two, three or four").format(n=2 + len(args.more)))
    try:
        names = [check_bot_name(name) for name in (args.a, args.b, *args.more)]
    except BotNameError as error:
        return refuse("arena", bot_refusal(error))
    if len(names) > 2:
        return _run_table(args, tuple(names))
    a, b = names
    settings = ArenaSettings(
        a, b, deals=args.deals, seed=args.seed, think=args.think, long=args.long, hand_penalty=args.hand_penalty
    )
    progress = _Progress(settings, sys.stderr) if sys.stderr.isatty() else None
    deals, status = _gather(play_deals(settings, args.jobs), settings.deals, progress)
    if status == 2 or (status == 130 and not deals):
        return status
    figures = report(settings, deals)
    if args.json:
        print(json.dumps({**figures.to_dict(), **_settings_dict(settings, args.jobs)}, ensure_ascii=False))
    else:
        print(_describe(figures))
    return status


def _run_table(args: argparse.Namespace, bots: tuple[str, ...]) -> int:
    """Three or four bots at one table, every deal played once per rotation of the seats."""
    from lost_cities.ai.arena import TableSettings, play_table_deals, table_report

    settings = TableSettings(
        bots, deals=args.deals, seed=args.seed, think=args.think, long=args.long, hand_penalty=args.hand_penalty
    )
    progress = _Bar(settings.deals, len(bots), " · ".join(bots), sys.stderr) if sys.stderr.isatty() else None
    deals, status = _gather(play_table_deals(settings, args.jobs), settings.deals, progress)
    if status == 2 or (status == 130 and not deals):
        return status
    figures = table_report(settings, deals)
    if args.json:
        print(json.dumps({**figures.to_dict(), **_settings_dict(settings, args.jobs)}, ensure_ascii=False))
    else:
        print(_describe_table(figures, len(bots) == 4))
    return status


class _Shows(Protocol[Shown]):
    """A progress bar of deals."""

    def update(self, deal: Shown, done: int) -> None: ...

    def clear(self) -> None: ...


def _gather(deals: Iterator[Deal], total: int, progress: _Shows[Deal] | None) -> tuple[list[Deal], int]:
    """The deals as they come, each shown on the ``progress`` bar, and the exit status: 0; 2 when a bot broke
    off the arena (said in one line, once the bar is cleared); 130 for Ctrl+C, the deals played so far kept
    and counted."""
    from lost_cities.ai.arena import ArenaError
    from lost_cities.ai.loader import BotNameError

    done: list[Deal] = []
    failure: ArenaError | BotNameError | None = None
    interrupted = False
    try:
        for deal in deals:
            done.append(deal)
            if progress is not None:
                progress.update(deal, len(done))
    except (ArenaError, BotNameError) as error:
        failure = error
    except KeyboardInterrupt:
        interrupted = True
    if progress is not None:
        progress.clear()
    if isinstance(failure, BotNameError):
        return done, refuse("arena", bot_refusal(failure))
    if failure is not None:
        return done, refuse("arena", str(failure))
    if interrupted:
        stopped = ngettext("Stopped after {done} deal of {total}.", "Stopped after {done} deals of {total}.", len(done))
        print(stopped.format(done=len(done), total=total), file=sys.stderr)
        return done, 130
    return done, 0


def _describe_table(figures: TableReport, teams: bool) -> str:
    """Each bot's figures, a line each, best mean place first; with four, each team's too."""
    from lost_cities.ai.arena import PLY_CAP
    from lost_cities.words import decimal, signed

    lines = [
        _("{bots}: {rounds} ({deals})").format(
            bots=", ".join(bot.name for bot in figures.bots),
            rounds=ngettext("{n} round", "{n} rounds", figures.rounds).format(n=figures.rounds),
            deals=ngettext(
                "{n} deal, played from every seat", "{n} deals, each played from every seat", figures.deals
            ).format(n=figures.deals),
        )
    ]
    if teams:
        names = [bot.name for bot in figures.bots]
        lines.append(
            _("Partners: {a} and {c} against {b} and {d} (R24)").format(a=names[0], b=names[1], c=names[2], d=names[3])
        )
    for bot in sorted(figures.bots, key=lambda bot: bot.mean_place):
        won = ngettext("{n} round won", "{n} rounds won", bot.wins).format(n=bot.wins)
        lines.append(
            _("{name}: {points} points a round, {won}, mean place {place}").format(
                name=bot.name, points=signed(bot.mean_points, 1), won=won, place=decimal(bot.mean_place, 2)
            )
        )
    lines.append(_("Plies per round: {plies}").format(plies=decimal(figures.plies_per_round, 1)))
    lines.append(_("Rounds stopped at {cap} plies: {count}").format(cap=PLY_CAP, count=figures.capped_rounds))
    for bot in figures.bots:
        timing = bot.seconds_per_turn
        lines.append(
            _("Seconds per turn, {name}: mean {mean}, 95th percentile {p95}, max {max}").format(
                name=bot.name, mean=decimal(timing.mean, 3), p95=decimal(timing.p95, 3), max=decimal(timing.max, 3)
            )
        )
    return "\n".join(lines)


class _Bar(ProgressBar):
    """The table arena's progress bar: rounds done of all (a deal is a round for each rotation of the seats)."""

    def __init__(self, deals: int, rotations: int, label: str, stream: TextIO) -> None:
        self.rotations = rotations
        self.label = label
        super().__init__(deals, stream)

    def update(self, deal: TableDeal, done: int) -> None:
        self.show(done)

    def words(self, bar: str, done: int) -> str:
        return _("[{bar}] {done}/{total} rounds · {bots}").format(
            bar=bar, done=done * self.rotations, total=self.total * self.rotations, bots=self.label
        )


def bot_refusal(error: BotNameError) -> str:
    """Why a name makes no bot, in the player's language."""
    from lost_cities.ai.loader import BUILTIN_BOTS, LABEL_LENGTH, BotProblem
    from lost_cities.quoting import excerpt

    match error.problem:
        case BotProblem.UNKNOWN:
            return _("unknown bot {name}: give {names}, or package.module:factory for your own").format(
                name=quoted(error.name), names=", ".join(BUILTIN_BOTS)
            )
        case BotProblem.NO_MODULE:
            return _("{name}: cannot import the module {module} ({error})").format(
                name=excerpt(error.name, LABEL_LENGTH),
                module=quoted(error.module),
                error=excerpt(error.cause, LABEL_LENGTH),
            )
        case BotProblem.NO_FACTORY:
            return _("{name}: the module {module} has no factory {factory}").format(
                name=excerpt(error.name, LABEL_LENGTH), module=quoted(error.module), factory=quoted(error.factory)
            )
        case BotProblem.FACTORY_FAILED:
            return _("{name}: the factory failed: {error}").format(
                name=excerpt(error.name, LABEL_LENGTH), error=excerpt(error.cause, LABEL_LENGTH)
            )
        case BotProblem.NOT_A_BOT:
            return _("{name}: the factory returned no bot (it needs choose_play and choose_draw methods)").format(
                name=excerpt(error.name, LABEL_LENGTH)
            )


def _settings_dict(settings: ArenaSettings | TableSettings, jobs: int) -> dict[str, object]:
    from lost_cities.ai.search import SearchSettings

    return {
        "seed": settings.seed,
        "think": SearchSettings().think if settings.think is None else settings.think,
        "jobs": jobs,
        "long": settings.long,
        "hand_penalty": settings.hand_penalty,
    }


def _percent(value: float, places: int = 1) -> str:
    from lost_cities.words import decimal

    # Translators: a percentage; French and Russian put a space before %.
    return _("{number}%").format(number=decimal(100 * value, places))


def _describe(figures: ArenaReport) -> str:
    """The report as lines of text, every number as the language writes it."""
    from lost_cities.ai.arena import PLY_CAP
    from lost_cities.words import decimal, elided, signed

    a, b = figures.a, figures.b
    low, high = figures.win_rate_ci95
    lines = [
        _("{a} against {b}: {rounds} ({deals})").format(
            a=a,
            b=b,
            rounds=ngettext("{n} round", "{n} rounds", figures.rounds).format(n=figures.rounds),
            deals=ngettext(
                "{n} deal, played from both seats", "{n} deals, each played from both seats", figures.deals
            ).format(n=figures.deals),
        ),
        _("Rounds won: {a} {wins_a}, {b} {wins_b}, drawn {draws}").format(
            a=a, b=b, wins_a=figures.wins[0], wins_b=figures.wins[1], draws=figures.draws
        ),
        elided(
            _("Win rate of {a}: {rate} ({confidence} interval {low} to {high})").format(
                a=a,
                rate=_percent(figures.win_rate),
                confidence=_percent(0.95, 0),
                low=_percent(low),
                high=_percent(high),
            )
        ),
        _("Points a round, {a} − {b}: {diff}").format(a=a, b=b, diff=signed(figures.mean_diff, 1))
        if figures.mean_diff_se is None
        else _("Points a round, {a} − {b}: {diff} (standard error {se})").format(
            a=a, b=b, diff=signed(figures.mean_diff, 1), se=decimal(figures.mean_diff_se, 1)
        ),
        _("Plies per round: {plies}").format(plies=decimal(figures.plies_per_round, 1)),
        _("Rounds stopped at {cap} plies: {count}").format(cap=PLY_CAP, count=figures.capped_rounds),
    ]
    for name, timing in zip((a, b), figures.seconds_per_turn, strict=True):
        lines.append(
            _("Seconds per turn, {name}: mean {mean}, 95th percentile {p95}, max {max}").format(
                name=name, mean=decimal(timing.mean, 3), p95=decimal(timing.p95, 3), max=decimal(timing.max, 3)
            )
        )
    for name, rate in zip((a, b), figures.rollouts_per_second, strict=True):
        if rate is not None:
            lines.append(_("Rollouts per second, {name}: {rate}").format(name=name, rate=decimal(rate)))
    return "\n".join(lines)


class _Progress(ProgressBar):
    """The two-player arena's bar with its running figures: rounds done, the first bot's share of them won, its
    mean difference a round, and the time left."""

    def __init__(self, settings: ArenaSettings, stream: TextIO) -> None:
        self.settings = settings
        self.started = time.monotonic()
        self.rounds = self.wins = self.diff = 0
        super().__init__(settings.deals, stream)

    def update(self, deal: DealResult, done: int) -> None:
        for result in deal.rounds:
            self.rounds += 1
            self.wins += result.diff > 0
            self.diff += result.diff
        self.show(done)

    def words(self, bar: str, done: int) -> str:
        from lost_cities.words import signed

        settings = self.settings
        if not done:  # drawn at once: the first deals may take seconds
            return _("[{bar}] 0/{total} rounds · {a} against {b}").format(
                bar=bar, total=2 * self.total, a=settings.a, b=settings.b
            )
        return _("[{bar}] {done}/{total} rounds · {a} {rate}, {diff} a round · {left} left").format(
            bar=bar,
            done=self.rounds,
            total=2 * self.total,
            a=settings.a,
            rate=_percent(self.wins / self.rounds),
            diff=signed(self.diff / self.rounds, 1),
            left=_duration((time.monotonic() - self.started) / done * (self.total - done)),
        )


def _duration(seconds: float) -> str:
    """``0:42``, ``1:05:09``."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
