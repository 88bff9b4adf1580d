"""Nothing hidden crosses the wire (H1–H3), tested as non-interference: for the same game, permuting the
cards a seat cannot see — the other hands and the draw pile, less what has been shown or what that seat
drew — leaves every frame the server builds for that seat byte for byte the same, at every version, for
every player count and variant.  A watcher, who sees no hand at all, the same with every hidden card."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lost_cities.engine import Round, Rules
from lost_cities.engine.codec import encode
from lost_cities.server.game import Game
from lost_cities.server.game_store import GameRow, SeatRow, StoredGame


def game_on(round_: Round) -> Game:
    """A one-round game whose round is ``round_`` (built from its cards, as the permuted twin is)."""
    rules = round_.rules
    row = GameRow("g", rules, 1, 123456789, 0, b"w")
    seats = tuple(SeatRow(seat, f"P{seat + 1}", None, b"%d" % seat, b"t%d" % seat) for seat in range(rules.players))
    game = Game(StoredGame(row, seats, ()))
    game.match.played[0] = round_
    return game


def from_cards(rules: Rules, hands: list[list[int]], deck: list[int]) -> Round:
    empty: list[list[int]] = [[] for _ in range(rules.sides * len(rules.colours))]
    return Round.from_codes(rules, hands, deck, empty, [[] for _ in rules.colours], 0)


def frames(game: Game, seat: int | None, decisions: list[tuple[int, str]]) -> list[bytes]:
    """Every frame ``seat`` (``None``: a watcher) is sent as the decisions are applied, and its view on reconnect."""
    sent = [encode(game.view_frame(seat))]
    for actor, text in decisions:
        game.apply(actor, text)
        sent += [encode(game.event_for(seat)), encode(game.view_frame(seat))]
    return sent


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    players=st.sampled_from([2, 3, 4]),
    long=st.booleans(),
    hand_penalty=st.booleans(),
    seed=st.integers(0, 2**32),
    length=st.integers(1, 60),
    viewer=st.integers(0, 3),
    watcher=st.booleans(),
)
def test_permuting_what_a_seat_cannot_see_changes_no_byte_it_is_sent(
    players: int, long: bool, hand_penalty: bool, seed: int, length: int, viewer: int, watcher: bool
) -> None:
    rules = Rules(players=players, long=long, hand_penalty=hand_penalty)
    seat = None if watcher else viewer % players
    dealt = Round(rules, seed, 0)
    hands, deck = [list(hand) for hand in dealt.hands], list(dealt.deck)
    # play some decisions at random, noting what the seat sees: its own cards, and every card shown
    chooser = random.Random(seed)
    played = from_cards(rules, hands, deck)
    seen = set(hands[seat]) if seat is not None else set()
    decisions: list[tuple[int, str]] = []
    for _ in range(length):
        if played.over:
            break
        actor = played.to_move
        decision = chooser.choice(played.legal_decisions())
        played.decide(decision)
        decisions.append((actor, str(decision)))
        if played.over:  # every hand is shown at the round's end: stop just before
            played.undo()
            decisions.pop()
            break
        seen.update(card for pile in played.expeditions for card in pile)
        seen.update(card for pile in played.discards for card in pile)
        if seat is not None:
            seen.update(played.hands[seat])  # what it drew is in its hand
    # the hidden places: the other hands and the pile, where the card there was never seen by the seat
    places = [(who, index) for who in range(players) if who != seat for index in range(len(hands[who]))]
    places += [(-1, index) for index in range(len(deck))]
    hidden = [(who, index) for who, index in places if (deck if who < 0 else hands[who])[index] not in seen]
    cards = [(deck if who < 0 else hands[who])[index] for who, index in hidden]
    shuffled = cards[:]
    random.Random(seed + 1).shuffle(shuffled)
    other_hands, other_deck = [hand[:] for hand in hands], deck[:]
    for (who, index), card in zip(hidden, shuffled, strict=True):
        (other_deck if who < 0 else other_hands[who])[index] = card
    original = frames(game_on(from_cards(rules, hands, deck)), seat, decisions)
    permuted = frames(game_on(from_cards(rules, other_hands, other_deck)), seat, decisions)
    assert original == permuted
    assert all(str(123456789).encode() not in frame and b"t0" not in frame for frame in original)  # no seed, token


def test_the_test_sees_a_difference_when_the_seat_could_know_it() -> None:
    # the same permutation, but including the seat's own hand: its frames change (the test can fail)
    rules = Rules()
    dealt = Round(rules, 3, 0)
    hands, deck = [list(hand) for hand in dealt.hands], list(dealt.deck)
    swapped = [hands[1][:], hands[0][:]]
    assert frames(game_on(from_cards(rules, hands, deck)), 0, []) != frames(
        game_on(from_cards(rules, swapped, deck)), 0, []
    )
    # and the other seat's hand alone changes nothing seat 0 is sent
    shuffled = [hands[0][:], list(reversed(deck[: len(hands[1])]))]
    rest = deck[len(hands[1]) :] + hands[1]
    assert frames(game_on(from_cards(rules, hands, deck)), 0, []) == frames(
        game_on(from_cards(rules, shuffled, rest)), 0, []
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_watcher_is_sent_no_hand_while_the_round_runs(players: int) -> None:
    game = game_on(Round(Rules(players=players), 8, 0))
    frame = game.view_frame(None)
    assert frame.view.hand == () and frame.view.legal_decisions == () and frame.view.revealed_hands is None
