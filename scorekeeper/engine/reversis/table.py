"""Seats at a Reversis table (catalogue 6.1): counter-clockwise play, the opposite player, the multiplier.

All seat arithmetic goes through ``Seating``; this module only names the Reversis uses of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Said, InconsistentRecord
from ..seating import Seating
from .rules import LAST_TRICKS, PLAYERS


def reversis_seating(players: Sequence[str]) -> Seating:
    """The table: players listed clockwise, play going counter-clockwise (the next player is on the right).

    :raises InconsistentRecord: not four players (code ``players``).
    """
    if len(players) != PLAYERS:
        raise InconsistentRecord(Said("Reversis is for exactly %(players)s players, not %(count)s", players=PLAYERS,
                                      count=len(players)), code="players")
    return Seating(tuple(players), clockwise=False)


def multiplier(seating: Seating, trick: int, payer: int, payee: int) -> int:
    """6.5: x2 from trick 10 on, x2 between players sitting opposite; both: x4.

    >>> s = reversis_seating("ABCD")
    >>> multiplier(s, 4, 3, 1), multiplier(s, 10, 3, 1), multiplier(s, 10, 3, 2)
    (2, 4, 2)
    """
    return (2 if trick >= LAST_TRICKS else 1) * (2 if seating.across(payer) == payee else 1)


def opposite_factor(seating: Seating, payer: int, payee: int) -> int:
    """x2 between players sitting opposite (6.6 step 2, 6.8 step 4)."""
    return 2 if seating.across(payer) == payee else 1


def clockwise_from(seating: Seating, dealer: int) -> tuple[int, ...]:
    """The dealer, then the seats going clockwise: the Party winner's tie-break (6.8 step 2)."""
    return tuple(seating.left(dealer, k) for k in range(seating.size))


def counter_clockwise_from(seating: Seating, dealer: int) -> tuple[int, ...]:
    """The dealer, then the seats going counter-clockwise: the Party loser's tie-break (AMB-38m)."""
    return tuple(seating.right(dealer, k) for k in range(seating.size))
