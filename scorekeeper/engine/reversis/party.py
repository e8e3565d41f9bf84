"""The Party (catalogue 6.8): who took the fewest and the most card points, with the tie-breaks.

>>> from .table import reversis_seating
>>> s = reversis_seating("ABCD")
>>> party_winner(s, 0, (10, 7, 11, 7), (2, 3, 3, 3)), party_loser(s, 0, (10, 7, 11, 7), (2, 3, 3, 3))
(1, 2)
>>> party_loser(s, 0, (11, 5, 8, 11), (3, 2, 3, 3))  # E4: A and D tie; counter-clockwise from the dealer, dealer first
0
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..seating import Seating
from .table import clockwise_from, counter_clockwise_from


def party_winner(seating: Seating, dealer: int, points: Sequence[int], tricks: Sequence[int],
                 excluded: Collection[int] = ()) -> int:
    """6.8 step 2: fewest card points; then fewest tricks; then the closest to the dealer going clockwise,
    the dealer first. ``excluded``: failed Espagnolette attempters, who can never win the Party (AMB-38l)."""
    order = clockwise_from(seating, dealer)
    candidates = [s for s in order if s not in excluded] or list(order)
    return min(candidates, key=lambda s: (points[s], tricks[s], order.index(s)))


def party_loser(seating: Seating, dealer: int, points: Sequence[int], tricks: Sequence[int],
                forced: Collection[int] = (), excluded: Collection[int] = ()) -> int:
    """6.8 step 3: most card points; then most tricks; then the closest to the dealer going counter-clockwise,
    the dealer first (AMB-38m). ``forced``: failed attempters, deemed to have the most points (6.7 step 6b)."""
    order = counter_clockwise_from(seating, dealer)
    pool = [s for s in order if s in forced] or [s for s in order if s not in excluded] or list(order)
    return min(pool, key=lambda s: (-points[s], -tricks[s], order.index(s)))
