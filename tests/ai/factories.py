"""Bots brought by someone else, loaded by name as ``tests.ai.factories:NAME`` (see test_loader.py)."""

from __future__ import annotations

from lost_cities.engine import Card, Draw, Play, PlayerView, Stop


class FirstChoice:
    """Always the first legal choice: the simplest bot a person could write."""

    def choose_play(self, view: PlayerView) -> Play | Stop:
        choice = view.legal_decisions[0]
        assert isinstance(choice, Play | Stop)
        return choice

    def choose_draw(self, view: PlayerView) -> Draw:
        choice = view.legal_decisions[0]
        assert isinstance(choice, Draw)
        return choice


def first_choice() -> FirstChoice:
    return FirstChoice()


def needs_an_argument(strength: int) -> FirstChoice:
    return FirstChoice()


def not_a_bot() -> object:
    return object()


def broken() -> FirstChoice:
    raise RuntimeError("out of coffee")


class Cheater(FirstChoice):
    """Lays a card it does not hold."""

    def choose_play(self, view: PlayerView) -> Play:
        missing = next(
            card
            for card in map(Card.parse, ("y2", "y3", "y4", "y5", "y6", "y7", "y8", "y9", "y10"))
            if card not in view.hand
        )
        return Play(missing)


class Shrugger(FirstChoice):
    """Answers nothing when asked where to draw from."""

    def choose_draw(self, view: PlayerView) -> Draw:
        return None  # type: ignore[return-value]


def shrugger() -> Shrugger:
    return Shrugger()


NOT_CALLABLE = 42


def cheater() -> Cheater:
    return Cheater()


class Abort(BaseException):
    """Not an Exception: what a careless bot might raise to give up."""


def exits() -> FirstChoice:
    raise SystemExit(3)


def aborts() -> FirstChoice:
    raise Abort("no bot today")


def interrupted() -> FirstChoice:
    raise KeyboardInterrupt


class Tired(FirstChoice):
    """Stops the program as Ctrl+C does on its play number :attr:`after` + 1, counted across every one made (an
    arena the person stops halfway)."""

    after = 50
    plays = 0

    def choose_play(self, view: PlayerView) -> Play | Stop:
        Tired.plays += 1
        if Tired.plays > Tired.after:
            raise KeyboardInterrupt
        return super().choose_play(view)


def tired() -> Tired:
    return Tired()
