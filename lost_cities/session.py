"""A match at one keyboard, people and computers: the app's one handle on the engine.

It holds the names, which seats the computer plays (and how well), and the engine's :class:`Match`, which stays
inside: it turns the app's requests into engine calls (which check every rule) and hands out views, a few public
facts and the match's save (:meth:`HotSeat.saved`).  A computer's choice and a hint are worked out from a view
alone (H3), by a function the app may run on another thread.

>>> seat = HotSeat.new(MatchSettings(names=("Ana", "Boris", "Carl", "Dana"), seed=1))
>>> seat.side_names, seat.name(seat.to_move)
(('Ana & Carl', 'Boris & Dana'), 'Ana')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from msgspec import Struct, field
from msgspec.structs import force_setattr

from lost_cities.ai.bot import answer
from lost_cities.ai.levels import DEFAULT_THINK, check_computers
from lost_cities.ai.reasons import HintChoice, explained
from lost_cities.engine import (
    Card,
    Decision,
    Match,
    NextStarter,
    Outcome,
    PlayerView,
    Rules,
    SideScore,
    player_view,
    public_view,
)
from lost_cities.limits import MAX_ROUNDS, check_think
from lost_cities.quoting import quote
from lost_cities.storage.saved import SavedMatch
from lost_cities.words import side_names

if TYPE_CHECKING:
    from lost_cities.ai import Bot

__all__ = [
    "FIRST_CHOICES",
    "MAX_ROUNDS",
    "Hint",
    "HotSeat",
    "MatchReport",
    "MatchSettings",
    "OfferedGame",
    "OnlineMatch",
    "RoundReport",
    "Standing",
]

#: Who may start the first round (R5): a seat, or a random draw.
FIRST_CHOICES = ("p1", "p2", "p3", "p4", "random")


class Hint(Struct, frozen=True):
    """The hard level's best choices for the player's decision now, worked out from their own view only (H3): at
    most three, best first by the round's expected score difference for the player's side, each with its reason
    (:mod:`lost_cities.ai.reasons`)."""

    #: the view the choices answer
    view: PlayerView
    choices: tuple[HintChoice, ...]


class MatchSettings(Struct, frozen=True):
    """What the new-match form (or ``lost-cities play`` flags) decides: ``names`` in seat order, two, three (R23),
    or four, partners at seats 1 and 3 against 2 and 4 (R24a)."""

    names: tuple[str, ...] = ("Player 1", "Player 2")
    first: str = "p1"
    rounds: int = 3
    seed: int | None = None
    #: the rules of the match: its variants (R20–R22), and as many players as :attr:`names` (the names decide)
    rules: Rules = Rules()
    #: per seat, the computer's level (``easy``, ``normal``, ``hard``), or ``None`` for a person
    computers: tuple[str | None, ...] = ()
    #: the hard level's thinking time per turn, in seconds
    think: float = DEFAULT_THINK
    #: the board lists, per colour, the cards the player at the keyboard has not seen this round
    memory_aid: bool = False

    def __post_init__(self) -> None:
        if self.first not in (*FIRST_CHOICES[: len(self.names)], "random"):
            raise ValueError(f"first must be p1..p{len(self.names)} or random, not {quote(self.first)}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"a match has 1 to {MAX_ROUNDS} rounds, not {self.rounds}")
        rules = self.rules
        if rules.players != len(self.names):  # refused here if the variants make no game of that many (R24f)
            rules = Rules(len(self.names), rules.long, rules.hand_penalty, rules.cooperative)
            force_setattr(self, "rules", rules)
        force_setattr(self, "computers", check_computers(self.computers, len(self.names)))  # normalised, kept frozen
        check_think(self.think)

    @property
    def players(self) -> int:
        return len(self.names)


class OnlineMatch(Struct, frozen=True):
    """A match to create on a game server, as the new-match form sets it up (*Where: online*)."""

    settings: MatchSettings
    #: the server's address, ``ws://host:port``
    server: str
    #: each person's time for a decision, in seconds (``None``: no limit)
    clock: int | None = None


class OfferedGame(Struct, frozen=True):
    """An online game still running, as the start-up offers it beside the unfinished match."""

    label: str
    #: the game server's address, ``ws://host:port``
    server: str
    #: the seat's token, which takes the player back to it
    token: str


class Standing(Struct, frozen=True):
    """Where the match stands, for the status line and the table: public at all times (H1)."""

    round_number: int
    rounds: int
    #: each side's name: a player, or the two partners ``Ana & Carl`` (R24)
    side_names: tuple[str, ...]
    #: each side's total over the finished rounds (R17)
    totals: tuple[int, ...]
    cooperative: bool


class RoundReport(Struct, frozen=True):
    """A finished round as the round-end screen shows it: every hand revealed (H2 allows it now)."""

    round_number: int
    rounds: int
    rules: Rules
    names: tuple[str, ...]
    side_names: tuple[str, ...]
    #: each side's breakdown (R11–R16, R21)
    scores: tuple[SideScore, ...]
    #: each seat's cards left in hand
    hands: tuple[tuple[Card, ...], ...]
    #: each side's match total after this round (R17)
    totals: tuple[int, ...]
    #: who starts the next round, and why; ``None`` after the last round
    next_start: NextStarter | None
    #: the hints each seat took this round
    hints: tuple[int, ...] = ()


class MatchReport(Struct, frozen=True):
    """A finished match: every round's scores and the result (R17, R22)."""

    names: tuple[str, ...]
    side_names: tuple[str, ...]
    round_scores: tuple[tuple[int, ...], ...]
    outcome: Outcome
    #: a match claimed on time (online, with a clock): the seat whose time ran out; the winner is the claimant's side
    out_of_time: int | None = None


class HotSeat(Struct):
    """People at one keyboard, one match.  ``match`` is handed in and never handed out."""

    names: tuple[str, ...]
    _match: Match
    #: True when the first player was drawn at random (R5), so the app can say so
    drawn_at_random: bool = False
    #: per seat, the computer's level, or ``None`` for a person
    computers: tuple[str | None, ...] = ()
    think: float = DEFAULT_THINK
    #: per round played so far (the one in play last), the hints each seat took
    hints: list[list[int]] = field(default_factory=list)
    #: asked by a computer that takes its time (the hard level, a hint) as it thinks: ``True`` stops it
    #: at once with what it has (the app no longer wants the answer: the players quit, or went on)
    stop: Callable[[], bool] | None = None
    _bots: dict[int, Bot] = field(default_factory=dict)
    #: the last hint given, with the view it was asked from: asked again from the same view, it is given again (a
    #: card taken back and another played is another view)
    _hinted: tuple[PlayerView, Hint] | None = None
    #: the board shows the player at the keyboard the cards they have not seen
    memory_aid: bool = False

    def __post_init__(self) -> None:
        self.computers = check_computers(self.computers, len(self.names))
        self.hints = [list(counts) for counts in self.hints]
        while len(self.hints) < self._match.round_number:
            self.hints.append([0] * len(self.names))

    @classmethod
    def new(cls, settings: MatchSettings) -> HotSeat:
        seed = settings.seed if settings.seed is not None else random.SystemRandom().getrandbits(63)
        if settings.first == "random":
            first = random.Random(f"first:{seed}").randrange(settings.players)
        else:
            first = int(settings.first[1:]) - 1
        match = Match(settings.rules, settings.rounds, first, seed)
        return cls(
            settings.names,
            match,
            settings.first == "random",
            settings.computers,
            settings.think,
            memory_aid=settings.memory_aid,
        )

    @classmethod
    def resumed(cls, saved: SavedMatch) -> HotSeat:
        """A saved match where it stood, with its computers and the hints taken (:meth:`SavedMatch.resume`)."""
        resumed = saved.resume()
        hints = [list(counts) for counts in resumed.hints]
        return cls(
            resumed.names,
            resumed.match,
            computers=resumed.computers,
            think=resumed.think,
            hints=hints,
            memory_aid=resumed.memory_aid,
        )

    def saved(self, previous: SavedMatch | None = None) -> SavedMatch:
        """The match as a save: ``previous`` (this match's last save) brought up to date, or a new save; a card
        played but not yet drawn for is left out (:meth:`SavedMatch.with_match`)."""
        if previous is None:
            return SavedMatch.start(
                self.names, self._match, computers=self.computers, think=self.think, memory_aid=self.memory_aid
            )
        return previous.with_match(self._match, hints=self.hints)

    @property
    def rules(self) -> Rules:
        return self._match.rules

    @property
    def to_move(self) -> int:
        return self._match.current.to_move

    @property
    def round_over(self) -> bool:
        """True once the round in play is over (R10, R23c): its scores are final."""
        return self._match.current.over

    @property
    def more_rounds(self) -> bool:
        """True while another round is to be dealt after this one (R17)."""
        return self._match.more_rounds

    @property
    def match_over(self) -> bool:
        return self._match.over

    @property
    def round_number(self) -> int:
        return self._match.round_number

    @property
    def can_take_back(self) -> bool:
        """True while the player to move may take back the card played this turn (R6, R23c)."""
        return self._match.current.can_take_back

    def name(self, seat: int) -> str:
        return self.names[seat]

    @property
    def settings(self) -> MatchSettings:
        """The settings of this match, for the form that offers another one like it."""
        return MatchSettings(
            names=self.names,
            first=f"p{self._match.first + 1}",
            rounds=self._match.rounds,
            rules=self.rules,
            computers=self.computers,
            think=self.think,
            memory_aid=self.memory_aid,
        )

    # ------------------------------------------------------------ computers and hints

    def is_computer(self, seat: int) -> bool:
        return self.computers[seat] is not None

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, level in enumerate(self.computers) if level is None)

    @property
    def next_person(self) -> int:
        """The next seat a person plays, from the player to move on: the one the screen is passed to (H2)."""
        players = len(self.names)
        return next(
            seat
            for seat in ((self.to_move + step) % players for step in range(players))
            if self.computers[seat] is None
        )

    def _bot(self, seat: int) -> Bot:
        """The seat's computer player, made once a match (a bot may keep what it has seen)."""
        if seat not in self._bots:
            level = self.computers[seat]
            assert level is not None
            from lost_cities.ai import make_bot

            seed = hash((self._match.seed, seat)) & (2**63 - 1)
            self._bots[seat] = make_bot(level, seed=seed, think=self.think, stop=self.stop)
        return self._bots[seat]

    def play_with(self, seat: int, bot: Bot) -> None:
        """Play the computer's ``seat`` with ``bot`` instead of its level's player (a lesson's scripted opponent)."""
        if not self.is_computer(seat):
            raise ValueError(f"seat {seat} is a person's")
        self._bots[seat] = bot

    def computer_move(self) -> Callable[[], Decision]:
        """The computer to move's next decision, as a function of its view alone (H3) that the app may run on
        another thread; apply what it returns with :meth:`decide`."""
        seat = self.to_move
        bot = self._bot(seat)
        view = player_view(self._match.current, seat)

        return partial(answer, bot, view)  # a fault in a bot must not stop the match: it plays on legally

    def hint(self, samples: int | None = None) -> Callable[[], Hint]:
        """The hard level's three best choices for the player to move, from their own view only, as a function the
        app may run on another thread; ``samples`` replaces the thinking time by that many sampled deals (the seed
        is the turn's number).  Each decision the player asked about counts as a hint taken, for the round end to
        tell: asked again before deciding, the hint given is given again, neither counted nor thought anew."""
        seat = self.to_move
        view = player_view(self._match.current, seat)  # taken now: the players may go on while it thinks
        if self._hinted is not None and self._hinted[0] == view:
            given = self._hinted[1]
            return lambda: given
        self.hints[-1][seat] += 1
        from lost_cities import ai

        # every choice weighed on every deal there is time for, none dropped early as at play: the three numbers
        # shown are compared on the same deals
        settings = ai.SearchSettings(think=self.think, samples=samples, min_samples=samples or 1 << 30)
        seed = self._match.current.turns_played

        def suggest() -> Hint:
            # the search's own choice and the two best after it, shown best first: the numbers read in order
            best = ai.ranked(view, settings, seed=seed, stop=self.stop)[:3]
            hint = Hint(view, explained(view, sorted(best, key=lambda choice: -choice[1])))
            self._hinted = (view, hint)
            return hint

        return suggest

    def advised(self, view: PlayerView) -> bool:
        """Whether the card ``view`` shows just played (its ``pending_play``) is the first choice of the hint given
        for that very turn."""
        if self._hinted is None or view.pending_play is None:
            return False
        asked, hint = self._hinted
        return (
            asked.seat == view.seat
            and asked.history == view.history
            and bool(hint.choices)
            and hint.choices[0].decision == view.pending_play
        )

    @property
    def side_names(self) -> tuple[str, ...]:
        """Each side's name: the player's, or both partners' (R24a: ``Ana & Carl``)."""
        return side_names(self.names, self.rules)

    def standing(self) -> Standing:
        match = self._match
        totals = tuple(sum(column) for column in zip(*match.round_scores[: match.round_number - 1], strict=True))
        return Standing(
            match.round_number, match.rounds, self.side_names, totals or (0,) * self.rules.sides, self.rules.cooperative
        )

    # ------------------------------------------------------------ views and decisions

    def view(self) -> PlayerView:
        """The view of the player to move, hand included: only after the pass step (H2)."""
        return player_view(self._match.current, self.to_move)

    def view_of(self, seat: int) -> PlayerView:
        """``seat``'s view, hand included: for the player at the keyboard only (H2)."""
        return player_view(self._match.current, seat)

    def public_view(self, seat: int | None = None) -> PlayerView:
        """The table without any hand, oriented for ``seat`` (default: the player to move)."""
        return public_view(self._match.current, self.to_move if seat is None else seat)

    def decide(self, decision: Decision) -> None:
        """Apply one decision of the player to move (R6, R7, R23c), a person's or a computer's:
        :class:`IllegalMoveError` if the rules refuse it, and then nothing has changed."""
        self._match.current.decide(decision)

    def take_back(self) -> Card:
        """Take back the card played this turn (R6, R23c); returns the card."""
        return self._match.current.take_back().card

    def next_round(self) -> None:
        self._match.start_next_round()
        self.hints.append([0] * len(self.names))

    def round_report(self) -> RoundReport:
        """The round just finished, for the round-end screen."""
        match, round_ = self._match, self._match.current
        if not round_.over:
            raise ValueError("the round is not over")
        return RoundReport(
            match.round_number,
            match.rounds,
            self.rules,
            self.names,
            self.side_names,
            round_.scores(),
            tuple(round_.hand(seat) for seat in range(self.rules.players)),
            match.totals,
            match.next_starter() if match.more_rounds else None,
            tuple(self.hints[-1]),
        )

    def match_report(self) -> MatchReport:
        """The match just finished, for the match-end screen."""
        outcome = self._match.outcome
        if outcome is None:
            raise ValueError("the match is not over")
        return MatchReport(self.names, self.side_names, tuple(self._match.round_scores), outcome)
