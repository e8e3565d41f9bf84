"""The rules engine: a pure library (standard library only, no I/O).

The web app, the command line and the printed sheets all call this package. Its top level is the
kernel every family shares (cards, seats, errors, the records' readers, the ledger and money,
progress, the settled result, the notation kit, the registry ``family``); each family is a folder
(``hearts/``, ``tripoli/``, ``reversis/``) that imports only the kernel (docs/architecture.md).
"""

from .cards import JOKER, Card, PlayItem, Rank, Suit, card, cards, format_cards, parse_cards, sorted_cards
from .errors import (
    IllegalPlay,
    ImpossibleResult,
    InconsistentRecord,
    RecordSyntaxError,
    ScorekeeperError,
    UnknownGame,
    UnknownOption,
)
from .gaussian import Gaussian
from .seating import Direction, Seating

__all__ = [
    "JOKER", "Card", "PlayItem", "Rank", "Suit", "card", "cards", "format_cards", "parse_cards", "sorted_cards",
    "IllegalPlay", "ImpossibleResult", "InconsistentRecord", "RecordSyntaxError", "ScorekeeperError",
    "UnknownGame", "UnknownOption", "Gaussian", "Direction", "Seating",
]
