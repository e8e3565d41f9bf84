"""Catalogue 5.5: the five-card ranking, checked hand by hand and against treys over many random hands."""

from __future__ import annotations

import random

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from scorekeeper.engine.cards import ALL_CARDS, Card, cards
from scorekeeper.engine.tripoli.poker import Category, best_hand, rank_hand, showdown

EVALUATOR = Evaluator()


def treys_score(hand: tuple[Card, ...]) -> int:
    """treys: lower is better; its card text is rank then lower-case suit ("Ah", "Td")."""
    ts = [TreysCard.new(c.code[0] + c.code[1].lower()) for c in hand]
    return int(EVALUATOR.evaluate(ts[:2], ts[2:]))


def treys_category(score: int) -> Category:
    cls = EVALUATOR.get_rank_class(score)  # 0 royal flush, 1 straight flush, ... 9 high card
    return Category.STRAIGHT_FLUSH if cls <= 1 else Category(9 - cls)


@pytest.mark.parametrize(("hand", "category", "words"), [
    ("AH KH QH JH TH", Category.STRAIGHT_FLUSH, "royal flush"),
    ("5D 4D 3D 2D AD", Category.STRAIGHT_FLUSH, "straight flush, five high"),
    ("9C 9D 9H 9S 2C", Category.FOUR_OF_A_KIND, "four nines"),
    ("KS KD KC 2H 2S", Category.FULL_HOUSE, "full house, kings over twos"),
    ("AS JS 8S 6S 2S", Category.FLUSH, "flush, ace high"),
    ("AS 2D 3C 4H 5S", Category.STRAIGHT, "straight, five high"),
    ("6S 6D 6C AH 2S", Category.THREE_OF_A_KIND, "three sixes"),
    ("JS JD 4C 4H AS", Category.TWO_PAIR, "two pair, jacks and fours"),
    ("7S 7D AC JH 4S", Category.ONE_PAIR, "a pair of sevens"),
    ("AS QD 9C 6H 3S", Category.HIGH_CARD, "high card, ace high"),
])
def test_categories(hand: str, category: Category, words: str) -> None:
    rank = rank_hand(cards(hand))
    assert rank.category is category
    assert str(rank) == words


@pytest.mark.parametrize(("better", "worse"), [
    ("2S 3D 4C 5H 6S", "AS 2D 3C 4H 5S"),  # the wheel is the lowest straight
    ("TS JD QC KH AS", "9S TD JC QH KS"),  # ace high tops a straight
    ("JS JD 4C 4H AS", "JH JC 4D 4S KS"),  # two pair: the kicker decides
    ("JS JD 5C 5H 2S", "JH JC 4D 4S AS"),  # ... but only after the second pair
    ("7S 7D AC JH 4S", "7H 7C AD JS 3D"),  # one pair: kickers in order
    ("AS 2S 3S 4S 6S", "KH QH JH TH 8H"),  # flush: ace high beats king high
])
def test_order(better: str, worse: str) -> None:
    assert rank_hand(cards(better)) > rank_hand(cards(worse))


def test_suits_never_break_ties() -> None:
    assert rank_hand(cards("7S 7D AC JH 4S")) == rank_hand(cards("7H 7C AD JS 4D"))
    assert showdown({0: cards("7S 7D AC JH 4S"), 2: cards("7H 7C AD JS 4D"), 3: cards("7H 6C AD JS 4D")}) == (0, 2)


def test_not_a_poker_hand() -> None:
    with pytest.raises(ValueError, match="five different cards"):
        rank_hand(cards("AS AS KD QC JH"))
    with pytest.raises(ValueError):
        rank_hand(cards("AS KD QC JH"))


def test_best_five_of_seven() -> None:
    rank, five = best_hand(cards("2C 3D AH KH QH JH TH"))
    assert rank.category is Category.STRAIGHT_FLUSH and set(five) == set(cards("AH KH QH JH TH"))


def test_same_order_and_ties_as_treys() -> None:
    """Sorted by our rank, treys' scores never go the wrong way, and they tie exactly where we tie."""
    rng = random.Random(5)
    hands = [tuple(rng.sample(ALL_CARDS, 5)) for _ in range(6000)]
    # Every category well represented: straights, flushes, full houses and quads are rare at random.
    for _ in range(300):
        suit = rng.choice("SHDC")
        top = rng.randint(5, 14)
        ranks = [top - i for i in range(5)]
        hands.append(tuple(Card.parse(f"{'A' if r in (1, 14) else '23456789TJQK'[r - 2]}{suit}") for r in ranks))
        hands.append(tuple(rng.sample([c for c in ALL_CARDS if c.suit is not None and c.suit.value == suit], 5)))
        r1, r2 = rng.sample(range(13), 2)
        quads = [c for c in ALL_CARDS if c.rank.value - 2 == r1][:4] + [next(c for c in ALL_CARDS if c.rank.value - 2 == r2)]
        hands.append(tuple(quads))
        full = [c for c in ALL_CARDS if c.rank.value - 2 == r1][:3] + [c for c in ALL_CARDS if c.rank.value - 2 == r2][:2]
        hands.append(tuple(full))
    ours = [(rank_hand(h), treys_score(h)) for h in hands]
    for (rank, score), hand in zip(ours, hands):
        assert rank.category is treys_category(score), hand
    ours.sort(key=lambda pair: pair[0])
    for (r1_, s1), (r2_, s2) in zip(ours, ours[1:]):
        if r1_ == r2_:
            assert s1 == s2
        else:
            assert s1 > s2  # treys: a better hand has a lower score
