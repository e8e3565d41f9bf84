"""What a Reversis record holds besides the cards: events, and the entries of a quick result.

Frozen values with player names, as the record says them; ``replay`` turns names into seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card

# Event types (FORMAT.md): what happened beside the cards, in order.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "espagnolette": ("player",),  # 6.7 step 2: a declaration before the first lead ("declared": false: committed by a revoke)
    "revoke": ("player", "trick"),  # an established revoke (4.1): play stopped, the HOUSE penalty
    "revoke-corrected": ("player", "trick"),  # corrected in time: a note; the play holds the final cards
    "out-of-turn": ("trick",),  # a play out of turn stood (4.3)
    "waive": ("player", "trick"),  # the hand winner did not demand the claim on this player's lead (6.5 P4)
    "misdeal": ("reason",),  # the deal is void; the same dealer deals again (4.2)
    "exposed-own": ("player",),  # a player turned up his own card: the deal stands (4.2 case 2)
    "cut": ("player",),  # the winner of a cut for odd fish (pools shared when the table stops)
}
MISDEAL_REASONS = ("exposed-other", "face-up-in-pack", "wrong-count")
HOWS = ("led", "followed", "discarded")


@dataclass(frozen=True, slots=True)
class Event:
    """One event of ``events``; fields the type does not use stay None."""

    type: str
    player: str | None = None
    trick: int | None = None
    declared: bool = True  # espagnolette only: False = committed by revoking without a declaration
    reason: str | None = None  # misdeal only


@dataclass(frozen=True, slots=True)
class Taken:
    """A quick result's line for one player: tricks won and the card points in them."""

    tricks: int
    points: int


@dataclass(frozen=True, slots=True)
class CardEntry:
    """Where the Quinola or an ace went, in a quick result (6.5).

    ``how``: ``led`` (the player led it), ``followed`` (played to a trick of its own suit led by
    ``leader``), ``discarded`` (played to a trick of another suit led by ``leader``).
    """

    card: Card
    player: str
    trick: int
    how: str
    leader: str
    winner: str


@dataclass(frozen=True, slots=True)
class ReversisEntry:
    """A quick result's Reversis: made by ``player``, or broken by ``broken_by`` in ``trick`` (10 or 11)."""

    player: str
    broken_by: str | None = None
    trick: int | None = None

    @property
    def made(self) -> bool:
        return self.broken_by is None
