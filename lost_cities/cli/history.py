"""``lost-cities history``: past matches as a table, or as JSON for scripts.

The table is Rich, in colour on a terminal; every fact is also in its words, so it reads
the same without colour (piped, ``NO_COLOR``).  It is laid out for the width it is given
(80 columns when piped) so that no word and no number is ever cut: each column is at least
as wide as its longest word, text wraps between words, and a match of many rounds shows its
scores in blocks of as many rounds as fit, a line per player, like a score pad.  Where even
the narrowest table would not fit, a block per match: each heading beside its lines.
"""

from __future__ import annotations

from msgspec import Struct
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from lost_cities.engine.codec import to_builtins
from lost_cities.i18n import _, pgettext
from lost_cities.limits import cell_width, fold
from lost_cities.storage import HistoryListing, SavedMatch, SaveStatus, result_label, variant_label
from lost_cities.storage.summary import names_with_levels, variant_parts
from lost_cities.words import side_names, signed

__all__ = ["history_blocks", "history_json", "history_view", "print_history", "score_sheet"]

#: Between two columns: a space of padding and the (blank) rule of the box.
GAP = 2
#: The widest a side's name is shown on one line (``Ana & Carl``); wider, a line per partner.
MAX_SIDE = 18


def score_sheet(
    round_scores: tuple[tuple[int, ...], ...], totals: tuple[int, ...], per_line: int | None = None
) -> tuple[list[list[str]], list[str]]:
    """Each round's score as on a score pad, columns aligned, in blocks of ``per_line`` rounds.

    Returns the blocks (each a line per player) and the totals, every score signed as the
    app shows it (``+12``, ``−30``, ``0``).

    >>> blocks, totals = score_sheet(((12, -30), (5, 40), (0, 7)), (17, 17), per_line=2)
    >>> for block in blocks:
    ...     print("\\n".join(block))
    +12  +5
    −30 +40
      0
     +7
    >>> totals, score_sheet((), (0, 0))[0]
    (['+17', '+17'], [['–', '–']])
    """
    shown_totals = [signed(total) for total in totals]
    if not round_scores:
        return [["–"] * len(totals)], shown_totals
    width = max(len(signed(score)) for scores in round_scores for score in scores)
    step = per_line or len(round_scores)
    blocks = []
    for start in range(0, len(round_scores), step):
        chunk = round_scores[start : start + step]
        blocks.append([" ".join(f"{signed(score):>{width}}" for score in seat) for seat in zip(*chunk, strict=True)])
    return blocks, shown_totals


def _winner(saved: SavedMatch) -> int | None:
    outcome = saved.outcome
    return outcome.winner if outcome is not None and saved.status is not SaveStatus.ABANDONED else None


def _longest_word(*texts: str) -> int:
    return max((cell_width(word) for text in texts for word in text.split()), default=1)


class _Layout(Struct, frozen=True):
    """The columns' widths for one listing at one console width."""

    match: int
    players: int
    total: int
    result: int
    score: int  # one round's score
    per_line: int  # rounds on one line

    @classmethod
    def fit(cls, listing: HistoryListing, headings: tuple[str, ...], width: int) -> _Layout | None:
        """The widths that fit ``width`` without cutting a word or a number; ``None`` if none do."""
        matches = listing.matches
        match_heading, players_heading, rounds_heading, total_heading, result_heading = headings
        ids = [saved.id for saved in matches]
        variants = [variant_label(saved.record.rules, saved.record.rounds) for saved in matches]
        results = [result_label(saved) for saved in matches]
        # the headings of every column but the result's are never folded: each column is at least as wide
        match = max(20, max(map(len, ids), default=0), cell_width(match_heading), _longest_word(*variants))
        # a side on one line if it fits (``Ana & Carl``), else a line per partner (``Alexandrinet &``)
        shown = [(saved.record.rules, names_with_levels(saved.names, saved.computers)) for saved in matches]
        least = [cell_width(name) + (2 if rules.teams else 0) for rules, names in shown for name in names]
        whole = [cell_width(side) for rules, names in shown for side in side_names(names, rules)]
        players = max([cell_width(players_heading), *least, min(max(whole, default=1), MAX_SIDE)])
        scores = [signed(score) for saved in matches for round_ in saved.round_scores for score in round_]
        score = max(map(len, scores), default=1)
        totals = [len(signed(total)) for saved in matches for total in saved.totals]
        total = max([cell_width(total_heading), *totals])
        result_full = max([_longest_word(result_heading), *(cell_width(result) for result in results)])
        result_least = _longest_word(result_heading, *results)
        rounds = max((len(saved.round_scores) for saved in matches), default=1) or 1
        room = width - (match + players + total) - 4 * GAP  # five columns, four gaps
        rounds_least = max(cell_width(rounds_heading), score)  # a round a line
        if room < rounds_least + result_least:
            return None  # Rich would squeeze a column and cut what is in it
        # the result as wide as it can be while a classic match's three rounds keep one line
        usual = max(min(rounds, 3) * (score + 1) - 1, rounds_least)
        result = max(result_least, min(result_full, room - usual))
        per_line = max(1, min(rounds, (room - result + 1) // (score + 1)))
        return cls(match, players, total, result, score, per_line)


def _side_lines(saved: SavedMatch, width: int) -> list[list[str]]:
    """Each side's name in lines of at most ``width`` cells: ``['Ana & Carl']``, else ``['Alexandrinet &', 'Carl']``."""
    rules = saved.record.rules
    names = names_with_levels(saved.names, saved.computers)
    lines = []
    for side, whole in enumerate(side_names(names, rules)):
        partners = [names[seat] for seat in rules.seats_of(side)]
        lines.append([whole] if cell_width(whole) <= width else [f"{name} &" for name in partners[:-1]] + partners[-1:])
    return lines


def _headings() -> tuple[str, str, str, str, str]:
    return (
        _("Match"),
        _("Players"),
        # Translators: the heading above the list of each round's scores in `lost-cities history`.
        pgettext("history", "Rounds"),
        _("Total"),
        _("Result"),
    )


def _date(saved: SavedMatch) -> str:
    return f"{saved.created.astimezone():%Y-%m-%d %H:%M}"


def history_view(listing: HistoryListing, width: int = 80) -> Table | Text:
    """The history ``width`` columns wide: the table if it fits, else a block per match
    (:func:`history_blocks`), so that no word and no number is ever cut."""
    layout = _Layout.fit(listing, _headings(), width)
    return history_blocks(listing, width) if layout is None else _table(listing, layout)


def _table(listing: HistoryListing, layout: _Layout) -> Table:
    """One row per match, oldest first: the match (id, date and variant), a line per side
    (a player, or two partners) with each round's score and the total, and the result."""
    headings = _headings()
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", show_edge=False, pad_edge=False, collapse_padding=True)
    # every cell is folded here, between words, and never wrapped again by Rich
    table.add_column(headings[0], no_wrap=True, min_width=layout.match)
    table.add_column(headings[1], no_wrap=True, min_width=layout.players)
    table.add_column(headings[2], no_wrap=True)
    table.add_column(headings[3], justify="right", no_wrap=True, min_width=layout.total)
    table.add_column(fold([headings[4]], layout.result), no_wrap=True, min_width=layout.result)
    for saved in listing.matches:
        winner = _winner(saved)
        blocks, totals = score_sheet(saved.round_scores, saved.totals, layout.per_line)
        sides = _side_lines(saved, layout.players)
        names, rounds, sums = Text(), list[str](), list[str]()  # line by line: a side's scores beside its first line
        for index, block in enumerate(blocks):
            for side, lines in enumerate(sides):
                for line_number, line in enumerate(lines):
                    names.append(("\n" if rounds else "") + line, style="bold green" if side == winner else "")
                    first = line_number == 0
                    rounds.append(block[side] if first else "")
                    sums.append(totals[side] if first and index == len(blocks) - 1 else "")  # after the last block
        table.add_row(
            Text.assemble(
                (saved.id, "cyan"),
                "\n",
                (_date(saved), "dim"),
                "\n",
                (fold(variant_parts(saved.record.rules, saved.record.rounds), layout.match), "italic"),
            ),
            names,
            Text("\n".join(rounds)),
            Text("\n".join(sums)),
            Text(fold([result_label(saved)], layout.result), style=_result_style(saved)),
            end_section=True,
        )
    return table


def _padded(text: str, width: int) -> str:
    return text + " " * (width - cell_width(text))


def history_blocks(listing: HistoryListing, width: int) -> Text:
    """The history for a terminal too narrow for the table: a block per match, each heading with its
    lines beside it (below it, narrower still), every line at most ``width`` cells wide where its words
    fit (a word wider is left whole); print it with ``soft_wrap=True`` so that Rich cuts nothing.

    ``Match`` (id, date, variant), ``Rounds`` (a line per side, the scores in blocks as on a score pad),
    ``Total`` (a line per side) and ``Result``; the table's ``Players`` heading is not needed, every
    side being named beside its scores.
    """
    match_heading, _players, rounds_heading, total_heading, result_heading = _headings()
    key = max(map(cell_width, (match_heading, rounds_heading, total_heading, result_heading))) + GAP
    beside = width - key >= max((len(saved.id) for saved in listing.matches), default=0)
    if not beside:  # narrower still: each heading on a line of its own, its lines below it
        key = GAP
    room = max(1, width - key)
    out = Text()
    for number, saved in enumerate(listing.matches):
        winner = _winner(saved)
        sides = _side_lines(saved, min(room, MAX_SIDE))
        name = max(cell_width(line) for lines in sides for line in lines)
        scores = [signed(score) for round_ in saved.round_scores for score in round_]
        score = max(map(len, scores), default=1)
        blocks, totals = score_sheet(saved.round_scores, saved.totals, max(1, (room - name - GAP + 1) // (score + 1)))
        total = max(map(len, totals))
        rounds: list[Text] = []
        sums: list[Text] = []
        for index, block in enumerate(blocks):
            for side, lines in enumerate(sides):
                style = "bold green" if side == winner else ""
                for line_number, line in enumerate(lines):
                    first = line_number == 0
                    after = " " * GAP + block[side] if first else ""
                    rounds.append(Text.assemble((_padded(line, name) if after else line, style), after))
                    if index == 0:
                        after = " " * GAP + f"{totals[side]:>{total}}" if first else ""
                        sums.append(Text.assemble((_padded(line, name) if after else line, style), after))
        variant = fold(variant_parts(saved.record.rules, saved.record.rounds), room).split("\n")
        result = fold([result_label(saved)], room).split("\n")
        fields: list[tuple[str, list[Text]]] = [
            (match_heading, [Text(saved.id, "cyan"), Text(_date(saved), "dim"), *(Text(v, "italic") for v in variant)]),
            (rounds_heading, rounds),
            (total_heading, sums),
            (result_heading, [Text(line, _result_style(saved)) for line in result]),
        ]
        if number:
            out.append("\n")
        for heading, values in fields:
            if not beside:
                out.append(heading + "\n", "bold")
            for line_number, value in enumerate(values):
                first = beside and line_number == 0
                out.append(_padded(heading if first else "", key), "bold" if first else "")
                out.append_text(value)
                out.append("\n")
    out.rstrip()
    return out


def _match_json(saved: SavedMatch) -> dict[str, object]:
    rules = saved.record.rules
    outcome = saved.outcome
    return {
        "id": saved.id,
        "created": to_builtins(saved.created),
        "updated": to_builtins(saved.updated),
        "status": saved.status.value,
        "players": list(saved.names),
        # per seat, the computer's level, or null for a person
        "computers": list(saved.computers),
        # the seats of each side: a score, a total and the winner count sides (four play in two teams, R24a)
        "sides": [list(rules.seats_of(side)) for side in range(rules.sides)],
        "variant": {
            "long": rules.long,
            "hand_penalty": rules.hand_penalty,
            "cooperative": rules.cooperative,
            "rounds": saved.record.rounds,
        },
        "round_scores": [list(scores) for scores in saved.round_scores],
        "totals": list(saved.totals),
        "winner": outcome.winner if outcome else None,
        "team_score": outcome.team_score if outcome else None,
        # a match won on time (online): the seat that claimed it and the seat whose time ran out; else null
        "claimed_by": saved.claim.by if saved.claim else None,
        "out_of_time": saved.claim.out_of_time if saved.claim else None,
    }


def history_json(listing: HistoryListing, folder: str) -> dict[str, object]:
    """The history for scripts: stable keys, seats as indexes into ``players``."""
    return {
        "data_dir": folder,
        "matches": [_match_json(saved) for saved in listing.matches],
        "damaged": [{"path": str(error.path), "reason": error.reason} for error in listing.damaged],
    }


def _result_style(saved: SavedMatch) -> str:
    if saved.status is SaveStatus.ABANDONED:
        return "dim italic"
    return "bold green" if _winner(saved) is not None else "bold"


def print_history(listing: HistoryListing, folder: str) -> None:
    """Print the table, or a line saying there is nothing yet, or nothing that could be read (the damaged files are
    named on standard error)."""
    console = Console()
    if not listing.matches:
        if listing.damaged:
            console.print(Text(_("No finished match could be read in {folder}.").format(folder=folder)))
        else:
            console.print(Text(_("No finished matches yet; they will be kept in {folder}.").format(folder=folder)))
        return
    view = history_view(listing, console.width)
    console.print(view, soft_wrap=isinstance(view, Text))  # the blocks are folded already, between words
    # the folder on a line of its own if need be, whole: it is copied and pasted
    console.print(Text(fold([_("Kept in {folder}").format(folder=folder)], console.width), style="dim"), soft_wrap=True)
