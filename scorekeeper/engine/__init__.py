"""The rules engine: a pure library (standard library only, no I/O).

The web app, the command line and the printed sheets all call this package.
"""

from .cards import JOKER, Card, Rank, Suit, card, cards, format_cards, parse_cards, sorted_cards
from .errors import (
    IllegalPlay,
    ImpossibleResult,
    InconsistentRecord,
    RecordSyntaxError,
    ScorekeeperError,
    UnknownGame,
    UnknownOption,
)
from .hearts.games import GAMES, find_game, make_ruleset
from .gaussian import Gaussian
from .hearts.hand import Hand, Snapshot, Trick
from .hearts.records import HandRecord, PlayItem
from .hearts.replay import HandOutcome, replay
from .hearts.ruleset import DealLayout, Ruleset
from .seating import Direction, Seating

__all__ = [
    "JOKER", "Card", "Rank", "Suit", "card", "cards", "format_cards", "parse_cards", "sorted_cards",
    "IllegalPlay", "ImpossibleResult", "InconsistentRecord", "RecordSyntaxError", "ScorekeeperError",
    "UnknownGame", "UnknownOption", "GAMES", "find_game", "make_ruleset", "Gaussian", "Hand", "Snapshot",
    "Trick", "HandRecord", "PlayItem", "HandOutcome", "replay", "DealLayout", "Ruleset", "Direction", "Seating",
]
