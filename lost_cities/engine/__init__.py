"""The pure rules engine of Lost Cities: no I/O, no user interface.

Everything a program needs to play, check or score the game (rules R1–R24 of
``RULES.md``).  A two-player round, checked:

>>> from lost_cities.engine import Round, Rules
>>> r = Round(Rules(), seed=42, starter=0)
>>> r.hand(0)[:3]
(Card.parse('y10'), Card.parse('b3'), Card.parse('b7'))
>>> r.play("+b3"); r.draw("n")
>>> [str(c) for c in r.expedition(0, Colour.BLUE)]
['b3']
"""

from lost_cities.engine.cards import WAGER, Card, Colour, card_from_code, parse_cards
from lost_cities.engine.errors import IllegalMoveError, LostCitiesError, NotationError, Reason, excerpt
from lost_cities.engine.fields import FieldError, read_field
from lost_cities.engine.match import Match, MatchRecord, Outcome, match_outcome, next_starter, round_seed
from lost_cities.engine.moves import DRAW_PILE, Draw, Play
from lost_cities.engine.round import Phase, Round, RoundRecord, TurnRecord
from lost_cities.engine.rules import BASE_COLOURS, LONG_COLOURS, Rules
from lost_cities.engine.scoring import ExpeditionScore, SideScore, check_expedition, score_expedition, score_side
from lost_cities.engine.view import PlayerView, PublicTurn, player_view, public_view

__all__ = [
    "BASE_COLOURS",
    "DRAW_PILE",
    "LONG_COLOURS",
    "WAGER",
    "Card",
    "Colour",
    "Draw",
    "ExpeditionScore",
    "FieldError",
    "IllegalMoveError",
    "LostCitiesError",
    "Match",
    "MatchRecord",
    "NotationError",
    "Outcome",
    "Phase",
    "Play",
    "PlayerView",
    "PublicTurn",
    "Reason",
    "Round",
    "RoundRecord",
    "Rules",
    "SideScore",
    "TurnRecord",
    "card_from_code",
    "check_expedition",
    "excerpt",
    "match_outcome",
    "next_starter",
    "parse_cards",
    "player_view",
    "public_view",
    "read_field",
    "round_seed",
    "score_expedition",
    "score_side",
]
