"""Counting the cards played when the deal is not known: each card once, as the pack has it.

Without the deal, the replay rebuilds each player's hand from the cards he played (the plain way
in ``replay``, Domino Hearts' in ``domino``); a card the pack lacks, or one played more often than
the pack holds it, is refused first, else the rebuilt hands would hold it twice.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..errors import Said
from ..seating import Seating


def count_card(
    c: Card, index: int, seat: int, pack: Counter[Card], counted: Counter[Card],
    first_seen: dict[Card, tuple[int, int]], seating: Seating,
) -> tuple[str, Said] | None:
    """Count a card played without the deal: the code and sentence when the pack has no such card,
    or no more of it."""
    counted[c] += 1
    if counted[c] <= pack[c]:
        first_seen.setdefault(c, (index, seat))
        return None
    name = seating.name(seat)
    if pack[c] == 0:
        return "not-in-hand", Said("%(player)s played %(card)s, which is not in this game's pack", player=name, card=c)
    earlier, earlier_seat = first_seen[c]
    return "duplicate-card", Said("%(player)s played %(card)s, which %(earlier)s already played (play %(play)s)",
                                  player=name, card=c, earlier=seating.name(earlier_seat), play=earlier + 1)
