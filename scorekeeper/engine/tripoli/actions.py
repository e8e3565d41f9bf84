"""The actions a Tripoli record logs, as frozen values (STYLE 5): the spare choice, bids, bets, the stage records.

Players are named as in the record (strings); per-player values are tuples by seat, None where the
record gives nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from ..cards import PlayItem

SPARE_ACTIONS = ("keep", "swap", "auction", "swap-then-auction", "none")
BET_KINDS = ("check", "bet", "call", "raise", "fold")


@dataclass(frozen=True, slots=True)
class SpareAction:
    """The dealer's spare-hand choice (5.2): keep, swap, auction, swap-then-auction, or none (no exchange)."""

    action: str = "keep"
    buyer: str | None = None  # auction and swap-then-auction: who bought
    price: int | None = None  # what he paid the dealer (AMB-39c: a whole number from 1)

    @property
    def sold(self) -> bool:
        return self.action in ("auction", "swap-then-auction")


@dataclass(frozen=True, slots=True)
class Bid:
    """One call in the paying-suit auction (5.8): a number of chips, or a pass (None)."""

    player: str
    amount: int | None


@dataclass(frozen=True, slots=True)
class PayingSuitBid:
    """The paying-suit auction: every call in order, or only its result as the table declared it."""

    bids: tuple[Bid, ...] | None = None
    winner: str | None = None  # declared form only; with ``bids`` the winner follows from them
    amount: int | None = None
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class BetAction:
    """One betting action of stage 2 (5.4): check, bet x, call, raise y (y more than the call), fold."""

    player: str
    kind: str
    amount: int | None = None  # bet and raise: required; call: optional, checked when given

    def __str__(self) -> str:
        return f"{self.player} {self.kind}" + ("" if self.amount is None else f" {self.amount}")


@dataclass(frozen=True, slots=True)
class PokerRecord:
    """Stage 2: each player's five chosen cards, the betting in order (or each player's total bets), the winners."""

    hands: tuple[tuple[Card, ...] | None, ...] | None = None  # by seat
    betting: tuple[BetAction, ...] | None = None
    bets: tuple[int | None, ...] | None = None  # by seat: the quick form, chips each put in the pot
    winners: tuple[str, ...] | None = None  # declared; derived from the hands when they are all recorded


@dataclass(frozen=True, slots=True)
class MichiganRecord:
    """Stage 3: who led, every card in order (a card, or [player, card]), and the end as declared."""

    leader: str | None = None
    play: tuple[PlayItem, ...] | None = None
    out: str | None = None  # who played his last card
    block: bool = False  # nobody could lead: everyone paid his cards into KITTY
    left: tuple[int | None, ...] | None = None  # by seat: cards left in hand at the end
