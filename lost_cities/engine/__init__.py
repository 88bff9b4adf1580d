"""The pure rules engine of Lost Cities: no I/O, no user interface.

Everything a program needs to play, check or score the game (rules R1–R24 of
``docs/RULES.md``), for two, three, or four players in two teams.  A two-player
round, checked:

>>> from lost_cities.engine import Round, Rules
>>> r = Round(Rules(), seed=42, starter=0)
>>> r.hand(0)[:3]
(Card.parse('y10'), Card.parse('b3'), Card.parse('b7'))
>>> r.decide("+b3"); r.legal_decisions()  # what may be done now: the discard piles are empty
[Draw.parse('n')]
>>> r.decide("n")
>>> [str(c) for c in r.expedition(0, Colour.BLUE)]
['b3']
"""

from lost_cities.engine.cards import WAGER, Card, Colour, card_from_code, parse_cards
from lost_cities.engine.codec import FieldError
from lost_cities.engine.decisions import FinalLaying, Phase, Turn, TurnRecord
from lost_cities.engine.errors import (
    REFUSAL_FIELDS,
    REFUSALS,
    IllegalMoveError,
    LostCitiesError,
    NotationError,
    Reason,
    rule_of,
)
from lost_cities.engine.laying import lay_refusal, may_lay
from lost_cities.engine.layout import Layout, layout_of
from lost_cities.engine.match import (
    Match,
    MatchRecord,
    NextStarter,
    Outcome,
    StartReason,
    match_outcome,
    next_starter,
    round_seed,
)
from lost_cities.engine.moves import DRAW_PILE, STOP, Decision, Draw, Play, Stop, parse_decision
from lost_cities.engine.record import RoundRecord
from lost_cities.engine.round import Round
from lost_cities.engine.rules import BASE_COLOURS, LONG_COLOURS, PLAYER_COUNTS, Rules
from lost_cities.engine.scoring import ExpeditionScore, SideScore, check_expedition, score_expedition, score_side
from lost_cities.engine.view import PlayerView, PublicEvent, PublicTurn, player_view, public_view

__all__ = [
    "BASE_COLOURS",
    "DRAW_PILE",
    "LONG_COLOURS",
    "PLAYER_COUNTS",
    "REFUSALS",
    "REFUSAL_FIELDS",
    "STOP",
    "WAGER",
    "Card",
    "Colour",
    "Decision",
    "Draw",
    "ExpeditionScore",
    "FieldError",
    "FinalLaying",
    "IllegalMoveError",
    "Layout",
    "LostCitiesError",
    "Match",
    "MatchRecord",
    "NextStarter",
    "NotationError",
    "Outcome",
    "Phase",
    "Play",
    "PlayerView",
    "PublicEvent",
    "PublicTurn",
    "Reason",
    "Round",
    "RoundRecord",
    "Rules",
    "SideScore",
    "StartReason",
    "Stop",
    "Turn",
    "TurnRecord",
    "card_from_code",
    "check_expedition",
    "lay_refusal",
    "layout_of",
    "match_outcome",
    "may_lay",
    "next_starter",
    "parse_cards",
    "parse_decision",
    "player_view",
    "public_view",
    "round_seed",
    "rule_of",
    "score_expedition",
    "score_side",
]
