"""What the fish of one hand depend on, whichever way the hand was recorded.

A play record and a quick result both reduce to ``HandFacts``: tricks and card points per
player, how the Quinola and each ace were played (``PayingPlay``), the Reversis attempt,
the Espagnolette players, an established revoke, the claims waived. The payments
(``inplay``, ``finish``) read only these, so both kinds of record settle alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .rules import FIRST_NINE, QUINOLA


@dataclass(frozen=True, slots=True)
class PayingPlay:
    """The Quinola or an ace as it went (6.5).

    ``how``: ``led``; ``followed`` (to a trick of its own suit led by another player);
    ``discarded`` (to a trick of another suit).
    """

    card: Card
    seat: int
    trick: int
    how: str
    leader: int
    winner: int


@dataclass(frozen=True, slots=True)
class ReversisAttempt:
    """6.6: ``seat`` won tricks 1-9. Made, or broken by ``breaker`` in ``trick``; both None when play stopped first."""

    seat: int
    made: bool
    breaker: int | None = None
    trick: int | None = None  # the first trick the attempter did not win


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The settled facts of one hand (seats are indices into ``players``)."""

    tricks: tuple[int, ...]  # tricks won by each seat
    points: tuple[int, ...]  # card points in them (6.8 step 1)
    talon_points: int | None  # None: not known (a hand stopped by a revoke)
    paying: tuple[PayingPlay, ...]  # in the order played
    reversis: ReversisAttempt | None
    qualifying: tuple[int, ...]  # seats holding an Espagnolette hand after the exchange (6.7 step 1)
    declared: tuple[int, ...]  # Espagnolette declarations, in the order made
    committed: tuple[int, ...]  # qualifying players who revoked in tricks 1-9 without declaring (6.7 step 3)
    revoke: tuple[int, int] | None = None  # an established revoke: (seat, trick)
    waived: frozenset[tuple[int, int]] = frozenset()  # claims the hand winner did not demand: (leader, trick)

    @property
    def attempters(self) -> tuple[int, ...]:
        """6.7 step 4: declared players, then qualifying players committed by a revoke."""
        return self.declared + tuple(s for s in self.committed if s not in self.declared)

    @property
    def quinola_in_first_nine(self) -> PayingPlay | None:
        """The Quinola, when it was played in tricks 1-9 (6.6 steps 2 and 3)."""
        return next((p for p in self.paying if p.card is QUINOLA and p.trick <= FIRST_NINE), None)
