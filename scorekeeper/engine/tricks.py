"""The trick machine's shared pieces: card masks, the finished trick, trumps.

Holdings are bitmasks over card indexes (``CARD_BIT``): "does he hold it", "does he hold that
suit" and "what else does he hold" are one ``&`` each. The bit order is the display order, so
reading a mask back gives sorted cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .cards import ALL_CARDS, JOKER, Card, Suit, mask_of

# Final: constants mypyc can read without a module-dictionary lookup (compiled builds).
CARD_ORDER: Final[tuple[Card, ...]] = ALL_CARDS + (JOKER,)  # display order: S H D C high to low, joker last
CARD_BIT: Final[dict[Card, int]] = {c: c.bit for c in CARD_ORDER}  # Card.bit: 1 << the card's place in CARD_ORDER
SUIT_BITS: Final[tuple[int, ...]] = tuple(sum(c.bit for c in CARD_ORDER if c.si == si) for si in range(5))


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in display order (bit order is display order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_ORDER[low.bit_length() - 1])
        mask ^= low
    return out


def holding_masks(cards: Sequence[Card]) -> tuple[int, int]:
    """A seat's (held once or more, held twice) masks; the second is 0 unless a card repeats.

    No pack holds a card more than twice (a double pack is the most), so two masks are enough.
    """
    once = mask_of(cards)
    if once is not None:
        return once, 0
    once = twice = 0
    for c in cards:
        bit = c.bit
        if twice & bit:
            raise ValueError(f"{c.label} is held three times; no pack has more than two")
        if once & bit:
            twice |= bit
        once |= bit
    return once, twice


class Trick(NamedTuple):
    """A finished trick: who led, the cards in the order played (with their players), who won."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


def trump_index(suit: Suit) -> int:
    """The suit index (Card.si) of a trump suit."""
    return ("S", "H", "D", "C").index(suit.value)
