"""``lost-cities online forget``: the seats kept here for a server gone for good (or games given up) are
dropped when the player asks, so that the start-up stops naming that server; a code that is not kept forgets
nothing, and says so."""

from __future__ import annotations

from lost_cities.storage import MatchStore
from lost_cities.storage.online import OnlineSeat, load_seats, remember
from tests.conftest import Cli

GONE = "ws://127.0.0.1:9"
ALIVE = "ws://127.0.0.1:7"


def keep_three() -> None:
    store = MatchStore()
    remember(store, OnlineSeat(GONE, "g1", 0, "K7QX-M2PA", "x" * 43, ("Ana", "Boris")))
    remember(store, OnlineSeat(GONE, "g2", 1, "M2PA-K7QX", "y" * 43, ("Ana", "Carl")))
    remember(store, OnlineSeat(ALIVE, "g3", 0, "QXK7-PAM2", "z" * 43, ("Ana", "Dora")))


def kept_codes() -> list[str]:
    return [seat.code for seat in load_seats(MatchStore()).seats]


def test_a_servers_seats_are_forgotten_and_the_others_kept(cli: Cli) -> None:
    keep_three()
    result = cli("online", "forget", "--server", GONE)
    assert result.status == 0 and result.err == ""
    assert result.out == (
        f"Forgot the 2 seats taken with K7QX-M2PA on {GONE}, M2PA-K7QX on {GONE}: lost-cities play no longer asks "
        "for them.\n"
    )
    assert kept_codes() == ["QXK7-PAM2"]
    assert load_seats(MatchStore()).server == ALIVE  # the server offered by the next new-match form is kept


def test_a_seat_is_forgotten_by_its_code_in_any_case(cli: Cli) -> None:
    keep_three()
    result = cli("online", "forget", "m2pa k7qx")
    assert result.status == 0
    assert result.out == f"Forgot the seat taken with M2PA-K7QX on {GONE}: lost-cities play no longer asks for it.\n"
    assert kept_codes() == ["K7QX-M2PA", "QXK7-PAM2"]


def test_a_code_not_kept_forgets_nothing_even_beside_one_that_is(cli: Cli) -> None:
    keep_three()
    result = cli("online", "forget", "K7QX-M2PA", "ABCD-EFGH")
    assert result.status == 2 and result.out == ""
    assert result.err == (  # and what would be right: the codes that are kept
        "lost-cities online forget: no seat taken with ABCD-EFGH is kept here (those kept were taken with "
        "K7QX-M2PA, M2PA-K7QX, QXK7-PAM2): nothing forgotten\n"
    )
    assert kept_codes() == ["K7QX-M2PA", "M2PA-K7QX", "QXK7-PAM2"]
    result = cli("online", "forget", "QXK7-PAM2", "--server", GONE)  # kept, but for another server
    assert result.status == 2 and f"kept here for {GONE} (those kept for it were taken with K7QX-M2PA, M2PA-K7QX)" in (
        result.err
    )
    assert len(kept_codes()) == 3


def test_forget_needs_codes_or_a_server_and_says_so(cli: Cli) -> None:
    keep_three()
    result = cli("online", "forget")
    assert result.status == 2
    assert result.err == (
        "lost-cities online forget: say which seats to forget: their codes, or --server URL for every seat kept "
        "for it\n"
    )
    result = cli("online", "forget", "--server", "ws://127.0.0.1:5")
    assert result.status == 2 and result.err.endswith("no seat is kept here for ws://127.0.0.1:5\n")
    result = cli("online", "forget", "57BT-XPSO")  # not a code at all: said before anything is read
    assert result.status == 2 and "is not a code" in result.err
    assert len(kept_codes()) == 3


def test_after_forgetting_the_start_up_no_longer_names_the_server(cli: Cli) -> None:
    remember(MatchStore(), OnlineSeat(GONE, "g1", 0, "K7QX-M2PA", "x" * 43, ("Ana", "Boris")))
    first = cli("play", terminal=True)
    assert first.apps[0].notices == (  # type: ignore[attr-defined]
        f"The server {GONE} did not answer: your online games on it are not listed (they wait there). "
        f"If it is gone for good, forget them with:\nlost-cities online forget --server {GONE}",
    )
    assert cli("online", "forget", "--server", GONE).status == 0
    again = cli("play", terminal=True)
    assert again.apps[0].notices == ()  # type: ignore[attr-defined]


def test_a_server_given_in_any_order_or_by_one_of_its_addresses_is_the_same_server(cli: Cli) -> None:
    # found by a review: a server of two addresses, kept as "ws://c:3,ws://d:4", was not found given the other way
    remember(MatchStore(), OnlineSeat("ws://127.0.0.1:3,ws://127.0.0.1:4", "g", 0, "K7QX-M2PA", "x" * 43))
    assert cli("online", "forget", "--server", "ws://127.0.0.1:4,ws://127.0.0.1:3").status == 0
    assert kept_codes() == []
    remember(MatchStore(), OnlineSeat("ws://127.0.0.1:3,ws://127.0.0.1:4", "g", 0, "K7QX-M2PA", "x" * 43))
    assert cli("online", "forget", "--server", "ws://127.0.0.1:4").status == 0
    assert kept_codes() == []


def test_the_same_code_kept_for_two_servers_is_forgotten_on_both_and_said_so(cli: Cli) -> None:
    remember(MatchStore(), OnlineSeat(GONE, "g1", 0, "K7QX-M2PA", "x" * 43))
    remember(MatchStore(), OnlineSeat(ALIVE, "g2", 1, "K7QX-M2PA", "y" * 43))
    result = cli("online", "forget", "K7QX-M2PA", "k7qx-m2pa")  # given twice: once is enough
    assert result.status == 0
    assert f"K7QX-M2PA on {GONE}, K7QX-M2PA on {ALIVE}:" in result.out
    assert kept_codes() == []


def test_forgetting_the_server_used_last_stops_the_new_match_form_offering_it(cli: Cli) -> None:
    # found by a review: the form went on offering the server gone for good
    remember(MatchStore(), OnlineSeat(GONE, "g1", 0, "K7QX-M2PA", "x" * 43))
    assert load_seats(MatchStore()).server == GONE
    assert cli("online", "forget", "K7QX-M2PA").status == 0
    assert load_seats(MatchStore()).server == GONE  # a game given up, by its code: the server may be fine
    remember(MatchStore(), OnlineSeat(GONE, "g1", 0, "K7QX-M2PA", "x" * 43))
    assert cli("online", "forget", "--server", GONE).status == 0
    assert load_seats(MatchStore()).server is None


def test_with_nothing_kept_a_code_is_refused_in_a_few_words(cli: Cli) -> None:
    result = cli("online", "forget", "K7QX-M2PA")
    assert result.status == 2 and result.err == "lost-cities online forget: no seat is kept here\n"
