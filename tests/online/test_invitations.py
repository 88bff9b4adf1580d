"""The invitations a game's creator sends, as the board says them: every code beside its name or its command,
never broken across two lines at the narrowest board, in each language."""

from __future__ import annotations

import pytest

from lost_cities.i18n import set_language
from lost_cities.limits import cell_width
from lost_cities.net import server_option
from lost_cities.net.protocol import Created, SeatOffer
from lost_cities.tui.common.fitted import MIN_WIDTH
from lost_cities.tui.match.tables.remote import invitations

NAMES = ("Александра", "Bartholomew", "Constantine", "李小龙李小龙")  # as wide as a name may be (12 cells)
CODES = ("AAAA-AAAA", "K7QX-M2PA", "4HJK-PQRS", "Z9WV-TTGH")


def created(friends: int) -> Created:
    seats = tuple(SeatOffer(seat, NAMES[seat], CODES[seat]) for seat in range(friends + 1))
    return Created(game="g", seats=seats, watch="M2PA-K7QX")


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
@pytest.mark.parametrize("friends", [1, 2, 3])
@pytest.mark.parametrize("server", ["ws://127.0.0.1:8765", "ws://127.0.0.1:34361"])
def test_no_code_is_parted_from_its_name_on_the_narrowest_board(language: str, friends: int, server: str) -> None:
    # noticed by a newcomer: the board wrapped "Constantine" at a line's end and its code at the next's start
    set_language(language)
    lines = invitations(created(friends), server).splitlines()
    option = server_option(server)
    for line in lines:  # found by a newcomer: "… --join DVYG-5BFR --server" and the address on the next line
        if "lost-cities play" in line:
            assert line[line.index("lost-cities play") :].endswith(option), lines  # whole, to be copied
    assert all(cell_width(line) <= MIN_WIDTH - 2 for line in lines), lines  # the board need not wrap any
    text = "\n".join(lines)
    for seat in range(1, friends + 1):
        beside = f"{NAMES[seat]} {CODES[seat]}" if friends > 1 else f"--join {CODES[seat]}"
        assert beside in text
        assert sum(line.count(CODES[seat]) for line in lines) == 1
    assert "M2PA-K7QX" in text and CODES[0] not in text  # the watch code; not the creator's own seat


def test_a_list_of_servers_goes_on_the_command_line_of_its_own() -> None:
    servers = "ws://127.0.0.1:8765,ws://[::1]:8765"
    lines = invitations(created(3), servers).splitlines()
    assert lines[-1] == f"lost-cities play --join CODE --server {servers}"
