"""``lost-cities online new|bot|export|forget``: online games for scripts and bots, without opening the app, and
the seats kept here."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import sys
from typing import TYPE_CHECKING, NamedTuple, NoReturn

from lost_cities.ai.levels import LEVELS
from lost_cities.cli import arguments
from lost_cities.i18n import _, ngettext, quoted
from lost_cities.limits import PlayerNamesError
from lost_cities.net import DEFAULT_SERVER, addresses, check_server, wrong_address

if TYPE_CHECKING:
    from lost_cities.net.protocol import Create, Created, GameStatus, ServerFrame, Welcome
    from lost_cities.session import OfferedGame
    from lost_cities.storage import MatchStore
    from lost_cities.storage.online import OnlineSeat

#: The environment variable that names the server when ``--server`` does not.
SERVER_VARIABLE = "LOST_CITIES_SERVER"


def server_address(text: str) -> str:
    """An argparse type: a server's address, ``ws://host:port`` or ``wss://…``, or several separated by commas
    (servers sharing one database: the client tries them in turn)."""
    address = check_server(text)
    if address is None:
        wrong = wrong_address(text) or text  # the part that is wrong; the whole list when a part is empty
        raise argparse.ArgumentTypeError(
            _(
                "{text} is not a server's address: write it as ws://host:port, such as {example}, "
                "or several separated by commas"
            ).format(text=quoted(wrong), example=DEFAULT_SERVER)
        )
    return address


def server_of(args: argparse.Namespace, remembered: bool = False, code: str | None = None) -> str:
    """The game server: ``--server``, else (``code``) the server a seat was taken on here with that code, else
    ``$LOST_CITIES_SERVER``, else (``remembered``: for a new game) the one used last from here, else this
    machine's default port.  Any of them may be a list of addresses separated by commas.  A wrong
    ``$LOST_CITIES_SERVER`` ends the command (status 2) in one sentence."""
    if args.server:
        return str(args.server)
    if code is not None and (kept := _seat_taken_with(code)) is not None:
        return kept.server
    from_environment = os.environ.get(SERVER_VARIABLE, "").strip()
    if from_environment:
        try:
            return server_address(from_environment)
        except argparse.ArgumentTypeError as wrong:  # a refusal like --server's, naming where it came from
            command = str(getattr(args, "parser", argparse.ArgumentParser(prog="lost-cities")).prog)
            raise SystemExit(
                arguments.refuse(command.removeprefix("lost-cities").strip(), f"${SERVER_VARIABLE}: {wrong}")
            ) from None
    if remembered:
        from lost_cities.storage import MatchStore
        from lost_cities.storage.online import last_server

        return last_server(MatchStore()) or DEFAULT_SERVER
    return DEFAULT_SERVER


def _remember_server(url: str) -> None:
    """Keep ``url`` as the server for the next new game from here (nothing if the data folder cannot be written:
    the game is made, and its codes matter more)."""
    from lost_cities.storage import MatchStore, StorageError
    from lost_cities.storage.online import remember_server

    with contextlib.suppress(StorageError, OSError):
        remember_server(MatchStore(), url)


def _seat_taken_with(code: str) -> OnlineSeat | None:
    """The seat taken here with ``code``, on whichever server (none if the data folder cannot be read)."""
    from lost_cities.storage import MatchStore, StorageError
    from lost_cities.storage.online import load_seats

    try:
        return load_seats(MatchStore()).for_code(None, code)
    except StorageError:
        return None


def run_without_action(args: argparse.Namespace) -> NoReturn:
    """``lost-cities online`` without an action: refused, the actions named."""
    parser: argparse.ArgumentParser = args.parser
    parser.error(_("say which: new, bot, export or forget"))


def run_new(args: argparse.Namespace) -> int:
    import asyncio

    from lost_cities.net.client import OnlineError, create_game_where

    names = [name.strip() for name in args.names.split(",")] if args.names else []
    levels: dict[int, str] = dict(args.computer)
    try:
        players = arguments.players_for(args.players, [*range(len(names)), *levels])
    except ValueError as error:
        return arguments.refuse("online new", str(error))
    if all(seat in levels for seat in range(players)):
        return arguments.refuse("online new", _("at least one seat is a person's: the arena plays computers alone"))
    names += [""] * (players - len(names))
    try:
        frame = _frame(args, names, [levels.get(seat) for seat in range(players)])
    except _Refused as refused:
        return arguments.refuse("online new", str(refused))
    url = server_of(args, remembered=True)
    try:
        answered, created = asyncio.run(create_game_where(url, frame))
    except OnlineError as error:
        return arguments.refuse("online new", str(error))
    _remember_server(url)
    if args.json:
        print(json.dumps(_created_json(created), ensure_ascii=False))
    else:
        _print_created(created, url, answered)
    return 0


def _created_json(created: Created) -> dict[str, object]:
    return {
        "game": created.game,
        "seats": [{"seat": seat.seat + 1, "name": seat.name, "code": seat.code} for seat in created.seats],
        "watch": created.watch,
    }


def _print_created(created: Created, url: str, answered: str) -> None:
    """The codes to send, each with the whole ``url`` (every address: the players' clients fail over too), after
    the address that ``answered``."""
    server = "" if url == DEFAULT_SERVER else f" --server {url}"
    print(_("Game {game} created on {url}.").format(game=created.game, url=answered))
    for seat in created.seats:
        if seat.code is None:
            print("  " + _("{name}: the computer").format(name=seat.name))
        else:
            send = _("{name}: send them lost-cities play --join {code}{server}")
            print("  " + send.format(name=seat.name, code=seat.code, server=server))
    print("  " + _("To watch: lost-cities play --watch {code}{server}").format(code=created.watch, server=server))


def run_bot(args: argparse.Namespace) -> int:
    import asyncio

    from lost_cities.ai import BotNameError, make_bot
    from lost_cities.net.client import OnlineError, play_seat
    from lost_cities.net.protocol import Welcome
    from lost_cities.storage import StorageError
    from lost_cities.storage.online import OnlineSeat, remember

    try:
        bot = make_bot(args.level, think=None)
    except BotNameError as error:
        from lost_cities.cli.arena import bot_refusal

        return arguments.refuse("online bot", bot_refusal(error))
    url = server_of(args, code=args.code)
    store, kept = _kept_bot_seat(url, args.code)

    announced, waiting = False, _Waiting()

    def keep(frame: ServerFrame) -> None:
        """The seat's token, kept at once for the same command to come back to it; the first welcome, and a long wait
        (:class:`_Waiting`), said on stderr (the result alone goes to stdout)."""
        nonlocal announced
        waiting.seen(frame)
        if not isinstance(frame, Welcome) or frame.seat is None:
            return
        if not announced:
            announced = True
            playing = _("Playing {name}'s seat… (Ctrl+C stops; the same command comes back to the seat)")
            _say(playing.format(name=frame.seats[frame.seat].name))
        if frame.token is not None and store is not None:
            names = tuple(info.name for info in frame.seats)
            seat = OnlineSeat(url, frame.game, frame.seat, args.code, frame.token, names, bot=args.level)
            with contextlib.suppress(StorageError):  # not kept: it plays on all the same
                remember(store, seat)

    try:
        _seat, record = asyncio.run(
            play_seat(
                url,
                args.code,
                bot,
                args.name,
                token=kept.token if kept else None,
                on_frame=keep,
                on_connection=waiting.connection,
            )
        )
    except OnlineError as error:
        return arguments.refuse("online bot", str(error))
    except KeyboardInterrupt:
        return 130
    from lost_cities.storage.saved import SavedMatch
    from lost_cities.storage.summary import result_label
    from lost_cities.words import signed

    saved = SavedMatch.online_game(record)
    totals = " – ".join(f"{name} {signed(total)}" for name, total in zip(saved.side_names, saved.totals, strict=True))
    print(_("{totals}: {result}").format(totals=totals, result=result_label(saved)))
    return 0


class _Waiting:
    """What an ``online bot`` waiting on something other than itself says on stderr, once a wait, so that whoever
    watches the terminal sees why nothing happens: a player away on their turn, or the connection lost."""

    def __init__(self) -> None:
        #: the game's welcome, brought up to date by each presence since: who sits where, and who is here
        self.welcome: Welcome | None = None
        self.to_move: int | None = None
        self.over = False
        self.said: int | None = None  # the seat whose absence was said, until it is back
        self.lost = False

    def seen(self, frame: ServerFrame) -> None:
        from lost_cities.net.protocol import Event, Presence, Record, ViewFrame, Welcome

        match frame:
            case Welcome():
                self.welcome, self.lost = frame, False
            case Presence() if self.welcome is not None:
                self.welcome = self.welcome.with_presence(frame)
            case ViewFrame() | Event():
                self.to_move, self.over = frame.view.to_move, frame.over
            case Record():
                self.over = True
        mover, welcome = self.to_move, self.welcome
        if mover is None or welcome is None or mover in welcome.present:
            self.said = None
        elif not self.over and mover != welcome.seat and mover in welcome.joined and self.said != mover:
            self.said = mover
            name = welcome.seats[mover].name if mover < len(welcome.seats) else str(mover + 1)
            _say(_("Waiting for {name} — away: the game waits as long as it must.").format(name=name))

    def connection(self, connected: bool) -> None:
        if not connected and not self.over and not self.lost:
            self.lost = True
            _say(_("Reconnecting…"))


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _kept_bot_seat(url: str, code: str) -> tuple[MatchStore | None, OnlineSeat | None]:
    """The data folder, and the seat a bot took with ``code`` before, if it did (a person's is not taken over);
    no folder when it cannot be read."""
    from lost_cities.storage import MatchStore, StorageError
    from lost_cities.storage.online import load_seats

    store = MatchStore()
    try:
        kept = load_seats(store).for_code(url, code)
    except StorageError:
        return None, None
    return store, kept if kept is not None and kept.bot is not None else None


def run_export(args: argparse.Namespace) -> int:
    import asyncio

    from lost_cities.net.client import OnlineError, fetch_record
    from lost_cities.storage.saved import SavedMatch

    try:
        record = asyncio.run(fetch_record(server_of(args, code=args.code), args.code))
    except OnlineError as error:
        return arguments.refuse("online export", str(error))
    sys.stdout.write(SavedMatch.online_game(record).to_json())  # as the history keeps it
    return 0


def run_forget(args: argparse.Namespace) -> int:
    """``online forget``: the seats asked for, all found or none forgotten (a mistyped code forgets nothing)."""
    from lost_cities.storage import MatchStore, StorageError
    from lost_cities.storage.online import forget, load_seats

    codes: list[str] = args.codes
    server: str | None = args.server
    if not codes and server is None:
        return arguments.refuse(
            "online forget", _("say which seats to forget: their codes, or --server URL for every seat kept for it")
        )
    store = MatchStore()
    try:
        kept = load_seats(store)
        chosen = _seats_to_forget(kept.seats, codes, server)
        gone = server is not None and not codes and kept.server is not None and _same_server(kept.server, server)
        forget(store, chosen, forget_server=gone)  # the new-match form no longer offers a server gone for good
    except (StorageError, _Refused) as refused:
        return arguments.refuse("online forget", str(refused))
    seats = ", ".join(_("{code} on {server}").format(code=seat.code, server=seat.server) for seat in chosen)
    said = ngettext(
        "Forgot the seat taken with {seats}: lost-cities play no longer asks for it.",
        "Forgot the {count} seats taken with {seats}: lost-cities play no longer asks for them.",
        len(chosen),
    )
    print(said.format(count=len(chosen), seats=seats))
    return 0


def _seats_to_forget(kept: tuple[OnlineSeat, ...], codes: list[str], server: str | None) -> tuple[OnlineSeat, ...]:
    """The seats kept that ``codes`` (taken with any of them) and ``server`` (kept for it: any of its addresses)
    name; :class:`_Refused` if a code names none, or the server none (nothing is forgotten then)."""
    if server is not None:
        kept = tuple(seat for seat in kept if _same_server(seat.server, server))
    if not kept:  # nothing that could have been meant
        raise _Refused(
            (_("no seat is kept here for {server}") if server else _("no seat is kept here")).format(server=server)
        )
    if not codes:
        return kept
    missing = [code for code in dict.fromkeys(codes) if not any(seat.taken_with(code) for seat in kept)]
    if not missing:
        return tuple(seat for seat in kept if any(seat.taken_with(code) for code in codes))
    if server is None:
        said = ngettext(
            "no seat taken with {codes} is kept here (those kept were taken with {kept}): nothing forgotten",
            "no seats taken with {codes} are kept here (those kept were taken with {kept}): nothing forgotten",
            len(missing),
        )
    else:
        said = ngettext(
            "no seat taken with {codes} is kept here for {server} (those kept for it were taken with {kept}): "
            "nothing forgotten",
            "no seats taken with {codes} are kept here for {server} (those kept for it were taken with {kept}): "
            "nothing forgotten",
            len(missing),
        )
    known = list(dict.fromkeys(seat.code for seat in kept))
    kept_codes = ", ".join(known[:6]) + (", …" if len(known) > 6 else "")  # one line, however many are kept
    raise _Refused(said.format(codes=", ".join(missing), server=server, kept=kept_codes))


def _same_server(kept: str, given: str) -> bool:
    """Whether a server kept (one address or several, separated by commas) is the one ``given``: they share an
    address, in whatever order either lists them."""
    return not set(addresses(kept)).isdisjoint(addresses(given))


def run_play_online(args: argparse.Namespace) -> int:
    """``lost-cities play --online|--join|--watch``: the match app on one seat of an online game."""
    import asyncio

    from lost_cities.cli.launch import open_app
    from lost_cities.net.client import OnlineError, create_game
    from lost_cities.tui.match.match_app import Online

    url = server_of(args, remembered=args.online)  # a code to join or watch: --server names its server, or none
    if not arguments.on_a_terminal():
        return arguments.refuse("play", _("the game needs a terminal: run it without redirecting its input or output"))
    code, created = args.join, None
    if args.online and args.p1 is None:  # no names: the online start asks (join with a code, or create)
        return open_app(Online(url, server_fixed=args.server_fixed))
    if args.online:
        try:
            created = asyncio.run(create_game(url, _create_frame(args)))
        except (_Refused, OnlineError) as refused:
            return arguments.refuse("play", str(refused))
        code = created.seats[0].code
    seat = Online(url, code=code, watch=args.watch, name=args.name, created=created, server_fixed=args.server_fixed)
    return open_app(seat)


class _Refused(Exception):
    """A combination of options that makes no online game: one sentence."""


def _create_frame(args: argparse.Namespace) -> Create:
    """The game ``play --online`` creates: ``--p1`` is you; a level as ``--p2``…``--p4`` is a computer's seat."""
    given = [(name or "").strip() for name in (args.p1, args.p2, args.p3, args.p4)]
    try:
        players = arguments.players_for(args.players, [seat for seat, name in enumerate(given) if name])
    except ValueError as error:
        raise _Refused(str(error)) from None
    given = given[:players]
    if given[0] in LEVELS:
        raise _Refused(_("--p1 is you: give your name, and a level to the other seats"))
    if args.first != "random" and int(args.first[1:]) > players:
        raise _Refused(_("--first {seat}: there are only {n} players").format(seat=args.first, n=players))
    names = ["" if name in LEVELS else name for name in given]
    return _frame(args, names, [name if name in LEVELS else None for name in given], args.first)


def _frame(args: argparse.Namespace, names: list[str], computers: list[str | None], first: str = "p1") -> Create:
    """The frame that creates a game of ``names`` (``computers``: each seat's level, or ``None`` for a person) with
    the options' rules, rounds, seed and clock; :class:`_Refused` if they make none."""
    from lost_cities.net.new_game import create_frame
    from lost_cities.session import MatchSettings

    try:
        rules = arguments.rules_of(args, len(names))
    except ValueError as error:
        raise _Refused(str(error)) from None
    settings = MatchSettings(
        names=tuple(names), first=first, rounds=args.rounds, seed=args.seed, rules=rules, computers=tuple(computers)
    )
    try:
        return create_frame(settings, clock=args.clock)
    except PlayerNamesError as error:
        raise _Refused(error.sentence) from None


#: How many of the last finished online games the start-up asks about, for a rematch asked since their player left.
RECENT_FINISHED = 10


class RunningGames(NamedTuple):
    """The online games the start-up offers, and the servers whose games it cannot (said, not hidden)."""

    offered: list[OfferedGame]
    #: the servers that did not answer in time: the player's games there wait for them, unlisted
    silent: list[str]
    #: the servers that answered with a refusal (busy, or older than the question), with what they said
    refused: list[tuple[str, str]]

    def notices(self) -> tuple[str, ...]:
        """Why some of the player's games are not offered, a sentence a server: said at start-up, not hidden."""
        refused = _("The server {server} did not list your online games ({reason}): they wait there.")
        said = tuple(refused.format(server=server, reason=reason) for server, reason in self.refused)
        if not self.silent:
            return said
        if len(self.silent) == 1:  # the command to forget it whole, on a line of its own: copied from the screen
            server = self.silent[0]
            silent = _(
                "The server {server} did not answer: your online games on it are not listed (they wait there). "
                "If it is gone for good, forget them with:"
            ).format(server=server)
            command = f"lost-cities online forget --server {shlex.quote(server)}"
        else:  # one notice for them all: a notice each would cover the screen
            silent = ngettext(
                "The servers {servers} did not answer: your online games on them are not listed (they wait "
                "there). If one is gone for good, forget its games with:",
                "The servers {servers} did not answer: your online games on them are not listed (they wait "
                "there). If one is gone for good, forget its games with:",
                len(self.silent),
            ).format(servers=", ".join(self.silent))
            command = "lost-cities online forget --server URL"
        return (f"{silent}\n{command}", *said)


def running_online_games(seconds: float = 3.0) -> RunningGames:
    """The player's online games still running, and their last finished ones whose rematch waits for them, each
    server asked where its games stand (at most ``seconds`` in all: a server that does not answer in time is not
    waited for, and named in ``silent``)."""
    import asyncio

    from lost_cities.net.client import OnlineError, fetch_status
    from lost_cities.storage import MatchStore, StorageError
    from lost_cities.storage.online import load_seats

    try:
        kept = [seat for seat in load_seats(MatchStore()).seats if seat.bot is None]
    except StorageError:
        return RunningGames([], [], [])
    # the games not over here, and the last few finished ones: a rematch may have been asked since their player left
    seats = [seat for seat in kept if not seat.filed] + [seat for seat in kept if seat.filed][-RECENT_FINISHED:]
    servers = sorted({seat.server for seat in seats})
    # the servers of games not over: waited for, and said if they do not answer; one holding only finished games is
    # given a third of the time, and nothing is said of it
    waiting = {seat.server for seat in seats if not seat.filed}

    async def ask(server: str) -> tuple[GameStatus, ...] | OnlineError:
        tokens = tuple(seat.token for seat in seats if seat.server == server)
        try:
            return await fetch_status(server, tokens)
        except OnlineError as error:  # its code: the server's refusal; none: no server answered
            return error

    async def ask_all() -> dict[str, tuple[GameStatus, ...] | OnlineError | None]:
        tasks = {server: asyncio.ensure_future(ask(server)) for server in servers}
        await asyncio.wait(tasks.values(), timeout=seconds / 3)
        if any(not task.done() for server, task in tasks.items() if server in waiting):  # the rest, only for these
            await asyncio.wait([task for server, task in tasks.items() if server in waiting], timeout=seconds * 2 / 3)
        answers = {server: task.result() if task.done() else None for server, task in tasks.items()}
        for task in tasks.values():
            task.cancel()  # a server that has not answered in time is not waited for
        return answers

    answers = asyncio.run(ask_all()) if servers else {}
    running = RunningGames([], [], [])
    offers: list[_Offer] = []
    for server, answer in answers.items():
        if answer is None or (isinstance(answer, OnlineError) and answer.code is None):  # no server answered
            if server in waiting:
                running.silent.append(server)
        elif isinstance(answer, OnlineError):
            if server in waiting:
                running.refused.append((server, str(answer)))
        else:
            offers.extend(_offered(server, answer, kept))
    running.offered.extend(_labelled(offers))
    return running


class _Offer(NamedTuple):
    """A game to offer: with whom (the others' names), the code its seat was taken with, whose turn it is."""

    others: str
    code: str
    turn: str
    server: str
    token: str


def _labelled(offers: list[_Offer]) -> list[OfferedGame]:
    """The offers as the start-up lists them: ``online with Boris: your turn``, and the seat's code only where two
    games would read the same (the creator of a game never saw her own seat's code)."""
    from collections import Counter

    from lost_cities.session import OfferedGame

    plain = [_("online with {others}: {turn}").format(others=offer.others, turn=offer.turn) for offer in offers]
    repeated = Counter(plain)
    with_code = _("online with {others} ({code}): {turn}")
    return [
        OfferedGame(
            with_code.format(others=offer.others, code=offer.code, turn=offer.turn) if repeated[label] > 1 else label,
            offer.server,
            offer.token,
        )
        for offer, label in zip(offers, plain, strict=True)
    ]


def _offered(server: str, statuses: tuple[GameStatus, ...], seats: list[OnlineSeat]) -> list[_Offer]:
    """The games still running among a server's answer, those that ended while their player was away (not yet
    filed here), and the finished ones whose rematch waits for their player (``seats``: every seat kept here)."""
    from lost_cities.words import shown_names

    offered = []
    for status in statuses:
        mine = next(seat for seat in seats if (seat.server, seat.game, seat.seat) == (server, status.game,
                                                                                    status.seat))  # fmt: skip
        names = shown_names(status.names)  # "Joueur 2" as Player 2 in English (a status gives no levels: a
        # computer's default name stays as the game's creator wrote it)
        others = ", ".join(name for seat, name in enumerate(names) if seat != status.seat)
        asking = [names[seat] for seat in status.rematch_asked if seat != status.seat]
        in_rematch = any(seat.server == server and seat.game == status.rematch for seat in seats)
        if status.rematch is not None and not in_rematch:  # made while its player was away: opened, it moves there
            turn = _("the rematch waits for you")
        elif asking and status.seat not in status.rematch_asked:  # opened: the match's end, where a accepts
            turn = _("{names} asked for a rematch").format(names=", ".join(asking))
        elif mine.filed:  # seen to its end, and nothing new since
            continue
        elif status.over:  # it ended while its player was away (on time, say); opened, its end is shown and it is
            turn = _("ended while you were away")  # filed in the history
        elif status.waiting_for:  # nothing to play before: the cards are dealt once everyone is in
            waiting = ", ".join(names[seat] for seat in status.waiting_for)
            turn = _("waiting for {names} to join").format(names=waiting)
        elif status.to_move == status.seat:
            turn = _("your turn")
        else:
            turn = _("{name} to play").format(name=names[status.to_move])
        offered.append(_Offer(others, mine.code, turn, server, mine.token))
    return offered
