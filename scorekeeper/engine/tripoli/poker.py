"""Five-card poker hands ranked as usual (catalogue 5.5, HOUSE per AMB-39e).

Straight flush, four of a kind, full house, flush, straight, three of a kind, two pair,
one pair, high card. The ace is high, and low only in 5-4-3-2-A, the lowest straight.
Suits never break ties; equal hands tie and split the pot.

>>> from scorekeeper.engine.cards import cards
>>> rank_hand(cards("AS 2D 3C 4H 5S")) < rank_hand(cards("2S 3D 4C 5H 6S"))
True
>>> rank_hand(cards("7S 7D AC JH 4S")) == rank_hand(cards("7H 7C AD JS 4D"))
True
>>> str(rank_hand(cards("KS KD KC 2H 2S")))
'full house, kings over twos'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..cards import Card
from ..errors import Said, Word


class Category(enum.IntEnum):
    """The nine kinds of poker hand, low to high."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    def __str__(self) -> str:
        return self.name.lower().replace("_", " ")


_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
          11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _plural(rank: int) -> str:
    return "sixes" if rank == 6 else _NAMES[rank] + "s"


@dataclass(frozen=True, order=True, slots=True)
class PokerRank:
    """A hand's strength: its category, then the ranks that break ties, most important first.

    Values compare the way the hands do: higher is better, equal is a tie.
    """

    category: Category
    ranks: tuple[int, ...]

    def __str__(self) -> str:
        c, r = self.category, self.ranks
        if c is Category.STRAIGHT_FLUSH:
            return "royal flush" if r[0] == 14 else f"straight flush, {_NAMES[r[0]]} high"
        if c is Category.FOUR_OF_A_KIND:
            return f"four {_plural(r[0])}"
        if c is Category.FULL_HOUSE:
            return f"full house, {_plural(r[0])} over {_plural(r[1])}"
        if c in (Category.FLUSH, Category.STRAIGHT, Category.HIGH_CARD):
            return f"{c}, {_NAMES[r[0]]} high"
        if c is Category.THREE_OF_A_KIND:
            return f"three {_plural(r[0])}"
        if c is Category.TWO_PAIR:
            return f"two pair, {_plural(r[0])} and {_plural(r[1])}"
        return f"a pair of {_plural(r[0])}"

    def said(self) -> Said:
        """The hand's name as a refusal quotes it (``str()`` is its English), each rank a word of the catalogues."""
        c, r = self.category, self.ranks
        one, many = _RANK_SAID.get(r[0], (str(r[0]), str(r[0]))), _RANKS_SAID.get(r[0], str(r[0]))
        if c is Category.STRAIGHT_FLUSH:
            return Said("royal flush") if r[0] == 14 else Said("straight flush, %(rank)s high", rank=one)
        if c is Category.FOUR_OF_A_KIND:
            return Said("four %(ranks)s", ranks=many)
        if c is Category.FULL_HOUSE:
            return Said("full house, %(ranks)s over %(ranks2)s", ranks=many, ranks2=_RANKS_SAID[r[1]])
        if c is Category.FLUSH:
            return Said("flush, %(rank)s high", rank=one)
        if c is Category.STRAIGHT:
            return Said("straight, %(rank)s high", rank=one)
        if c is Category.HIGH_CARD:
            return Said("high card, %(rank)s high", rank=one)
        if c is Category.THREE_OF_A_KIND:
            return Said("three %(ranks)s", ranks=many)
        if c is Category.TWO_PAIR:
            return Said("two pair, %(ranks)s and %(ranks2)s", ranks=many, ranks2=_RANKS_SAID[r[1]])
        return Said("a pair of %(ranks)s", ranks=many)


# The ranks as a poker hand's name says them ("straight, ten high", "a pair of kings"), each in its sense
_RANK_SAID = {2: Word("two", "a poker rank"), 3: Word("three", "a poker rank"), 4: Word("four", "a poker rank"),
              5: Word("five", "a poker rank"), 6: Word("six", "a poker rank"), 7: Word("seven", "a poker rank"),
              8: Word("eight", "a poker rank"), 9: Word("nine", "a poker rank"), 10: Word("ten", "a poker rank"),
              11: Word("jack", "a poker rank"), 12: Word("queen", "a poker rank"), 13: Word("king", "a poker rank"),
              14: Word("ace", "a poker rank")}
_RANKS_SAID = {2: Word("twos", "poker ranks"), 3: Word("threes", "poker ranks"), 4: Word("fours", "poker ranks"),
               5: Word("fives", "poker ranks"), 6: Word("sixes", "poker ranks"), 7: Word("sevens", "poker ranks"),
               8: Word("eights", "poker ranks"), 9: Word("nines", "poker ranks"), 10: Word("tens", "poker ranks"),
               11: Word("jacks", "poker ranks"), 12: Word("queens", "poker ranks"), 13: Word("kings", "poker ranks"),
               14: Word("aces", "poker ranks")}


def rank_hand(hand: Sequence[Card]) -> PokerRank:
    """The rank of exactly five cards.

    :raises ValueError: not five different cards of the 52-card pack.
    """
    if len(hand) != 5 or len(set(hand)) != 5 or any(c.is_joker for c in hand):
        raise ValueError(f"a poker hand is five different cards, not {' '.join(c.code for c in hand)}")
    values = [c.ri for c in hand]
    counts = Counter(values)
    # Ranks by how many of each, then by rank: pairs and sets first, then kickers (5.5).
    ordered = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.si for c in hand}) == 1
    straight_top = _straight_top(counts)
    if straight_top and flush:
        return PokerRank(Category.STRAIGHT_FLUSH, (straight_top,))
    if shape[0] == 4:
        return PokerRank(Category.FOUR_OF_A_KIND, ordered)
    if shape == [3, 2]:
        return PokerRank(Category.FULL_HOUSE, ordered)
    if flush:
        return PokerRank(Category.FLUSH, ordered)
    if straight_top:
        return PokerRank(Category.STRAIGHT, (straight_top,))
    if shape[0] == 3:
        return PokerRank(Category.THREE_OF_A_KIND, ordered)
    if shape[:2] == [2, 2]:
        return PokerRank(Category.TWO_PAIR, ordered)
    if shape[0] == 2:
        return PokerRank(Category.ONE_PAIR, ordered)
    return PokerRank(Category.HIGH_CARD, ordered)


def _straight_top(counts: Mapping[int, int]) -> int:
    """The top rank of a straight (5 for 5-4-3-2-A), or 0."""
    if len(counts) != 5:
        return 0
    high, low = max(counts), min(counts)
    if high - low == 4:
        return high
    if set(counts) == {14, 2, 3, 4, 5}:
        return 5
    return 0


def best_hand(cards: Iterable[Card]) -> tuple[PokerRank, tuple[Card, ...]]:
    """The best five of five or more cards, and its rank (for the final poker or a what-if)."""
    pool = tuple(cards)
    if len(pool) < 5:
        raise ValueError("a poker hand needs five cards")
    return max(((rank_hand(five), five) for five in combinations(pool, 5)), key=lambda pair: pair[0])


def showdown(hands: Mapping[int, Sequence[Card]]) -> tuple[int, ...]:
    """The seats whose five cards rank best; several when they tie (5.4 step 7), in seat order."""
    ranks = {seat: rank_hand(hand) for seat, hand in hands.items()}
    best = max(ranks.values())
    return tuple(sorted(seat for seat, rank in ranks.items() if rank == best))
