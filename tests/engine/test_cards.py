"""Card notation and packs (catalogue 1.1, 2.2.1)."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from scorekeeper.engine.cards import (
    ALL_CARDS,
    JOKER,
    NO_TEN_RANKS,
    PIQUET_RANKS,
    STRIP_LOW_ORDER,
    Card,
    Rank,
    Suit,
    double_pack,
    format_cards,
    full_pack,
    joker_pack,
    pack_of_ranks,
    pack_without,
    parse_cards,
    sorted_cards,
)
from scorekeeper.engine.errors import RecordSyntaxError
from scorekeeper.engine.hearts.ruleset import deal_layout

# (spelling, canonical card): every accepted form of catalogue 1.1.
SPELLINGS = [
    # rank then suit, canonical
    ("QS", "QS"), ("TH", "TH"), ("2C", "2C"), ("AD", "AD"), ("9S", "9S"),
    # suit then rank (the seeds write "♠ Q", "♥ 10")
    ("SQ", "QS"), ("HT", "TH"), ("C2", "2C"), ("DA", "AD"),
    # 10 for T, both orders
    ("10H", "TH"), ("H10", "TH"), ("10S", "TS"), ("C10", "TC"), ("10♦", "TD"),
    # lower case
    ("qs", "QS"), ("sq", "QS"), ("th", "TH"), ("10d", "TD"), ("ac", "AC"), ("kH", "KH"), ("Jd", "JD"),
    # solid suit symbols, either order
    ("Q♠", "QS"), ("♠Q", "QS"), ("K♥", "KH"), ("♥K", "KH"), ("7♦", "7D"), ("♦7", "7D"), ("2♣", "2C"), ("♣2", "2C"),
    # outline suit symbols
    ("Q♤", "QS"), ("♤Q", "QS"), ("A♡", "AH"), ("♡A", "AH"), ("3♢", "3D"), ("♢3", "3D"), ("J♧", "JC"), ("♧J", "JC"),
    # a space between suit and rank
    ("♠ Q", "QS"), ("♥ 10", "TH"), ("Q ♠", "QS"), ("10 ♥", "TH"), ("♡ 10", "TH"), ("♣ a", "AC"),
    # symbol with lower-case rank
    ("q♠", "QS"), ("t♥", "TH"),
    # jokers
    ("JK", "JK"), ("jk", "JK"), ("JOKER", "JK"), ("joker", "JK"), ("Joker", "JK"), ("🃏", "JK"),
]


@pytest.mark.parametrize(("text", "canonical"), SPELLINGS)
def test_every_accepted_spelling_parses_to_the_canonical_card(text: str, canonical: str) -> None:
    c = Card.parse(text)
    assert str(c) == canonical
    assert c is Card.parse(canonical)  # interned: one value per card


REFUSED = [
    "1S", "S1", "1H", "♥1", "1",  # 1 is neither ace nor ten (catalogue 1.1)
    "11S", "0H", "ZS", "QX", "Q", "S", "♠", "10", "QSS", "AS1", "", " ", "JOKERS", "K♥♥", "QS QH",
    # a space only between a rank and a suit ("♠ Q"): not inside a rank or the joker
    "1 0H", "1 0 ♥", "J K", "JO KER", "Q ♠ S", "Q Q", "♠ ♥",
]


@pytest.mark.parametrize("text", REFUSED)
def test_junk_and_1_are_refused(text: str) -> None:
    with pytest.raises(RecordSyntaxError) as info:
        Card.parse(text)
    assert info.value.code == "syntax"
    assert repr(text) in info.value.message


@pytest.mark.parametrize("c", [*ALL_CARDS, JOKER], ids=str)
def test_text_round_trip_and_repr(c: Card) -> None:
    assert Card.parse(str(c)) is c
    assert eval(repr(c)) is c  # an evaluable repr (STYLE 2)
    assert pickle.loads(pickle.dumps(c)) is c


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("QS", Rank.QUEEN, Suit.SPADES), ("TH", Rank.TEN, Suit.HEARTS), ("2C", Rank.TWO, Suit.CLUBS),
     ("AD", Rank.ACE, Suit.DIAMONDS), ("JK", Rank.JOKER, None)],
)
def test_rank_and_suit(text: str, rank: Rank, suit: Suit | None) -> None:
    c = Card.parse(text)
    assert (c.rank, c.suit, c.is_joker) == (rank, suit, suit is None)


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("QS").rank = Rank.KING  # type: ignore[misc]


def test_suit_colours_and_nouns() -> None:
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert [s.noun for s in Suit] == ["spades", "hearts", "diamonds", "clubs"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("QS TH 2C", ["QS", "TH", "2C"]),
        ("QS,TH,2C", ["QS", "TH", "2C"]),
        ("QS, TH ,  2C", ["QS", "TH", "2C"]),
        ("qs th 10c", ["QS", "TH", "TC"]),
        ("♠ Q ♥ 10", ["QS", "TH"]),  # the seeds' spelling: suit, space, rank
        ("Q ♠, 10 ♥, ♣2", ["QS", "TH", "2C"]),
        ("", []),
        ("  ", []),
        ("QS QS", ["QS", "QS"]),  # a multiset: double-deck games hold a card twice
        (["QS", "10h", "♠ Q", "joker"], ["QS", "TH", "QS", "JK"]),
        ([], []),
        (("2C", "c3"), ["2C", "3C"]),
    ],
)
def test_parse_cards(value: object, expected: list[str]) -> None:
    assert [str(c) for c in parse_cards(value)] == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "value", ["QS 1H", "QS,,ZZ", ["QS", "1H"], ["QS", 5], ["QS", None], "Q Q", "QS J K", "1 0H", "QS JO KER"],
)
def test_parse_cards_refuses_junk(value: object) -> None:
    with pytest.raises(RecordSyntaxError):
        parse_cards(value)  # type: ignore[arg-type]


def test_format_and_sort() -> None:
    hand = parse_cards("2C QS AH 10D KS 3H JK")
    assert format_cards(hand) == "2C QS AH TD KS 3H JK"
    # display order: spades, hearts, diamonds, clubs, high to low; joker last
    assert format_cards(sorted_cards(hand)) == "KS QS AH 3H TD 2C JK"


# --- packs ----------------------------------------------------------------------------------

def test_full_pack() -> None:
    pack = full_pack()
    assert len(pack) == len(set(pack)) == 52
    assert Counter(c.suit for c in pack) == {s: 13 for s in Suit}
    assert JOKER not in pack


# AMB-04: strip-low removes 2S, 2C, 2D, 3S, 3C, 3D ... as needed, never a heart, never QS.
@pytest.mark.parametrize(
    ("players", "removed", "each"),
    [(2, "", 26), (3, "2S", 17), (4, "", 13), (5, "2S 2C", 10), (6, "2S 2C 2D 3S", 8), (7, "2S 2C 2D", 7)],
)
def test_strip_low_removals(players: int, removed: str, each: int) -> None:
    layout = deal_layout("strip-low", players)
    gone = Counter(full_pack()) - Counter(layout.pack)
    assert sorted(str(c) for c in gone) == sorted(removed.split())
    assert (layout.hand_size, layout.widow_size) == (each, 0)
    assert len(layout.pack) == players * each
    assert sum(1 for c in layout.pack if c.suit is Suit.HEARTS) == 13
    assert Card.parse("QS") in layout.pack


def test_strip_low_order_never_strips_a_heart_or_the_queen() -> None:
    assert [str(c) for c in STRIP_LOW_ORDER[:6]] == ["2S", "2C", "2D", "3S", "3C", "3D"]
    assert all(c.suit is not Suit.HEARTS for c in STRIP_LOW_ORDER)
    assert Card.parse("QS") not in STRIP_LOW_ORDER


def test_strip_2s() -> None:
    layout = deal_layout("strip-2s", 3)
    assert len(layout.pack) == 51 and Card.parse("2S") not in layout.pack
    assert (layout.hand_size, layout.widow_size) == (17, 0)


def test_pack_without() -> None:
    pack = pack_without(full_pack(), parse_cards("2S 2C"))
    assert len(pack) == 50 and not {Card.parse("2S"), Card.parse("2C")} & set(pack)
    with pytest.raises(ValueError):
        pack_without(pack, parse_cards("2S"))


def test_48_card_pack_without_tens() -> None:
    pack = pack_of_ranks(NO_TEN_RANKS)
    assert len(pack) == len(set(pack)) == 48
    assert not any(c.rank is Rank.TEN for c in pack)
    assert Counter(c.suit for c in pack) == {s: 12 for s in Suit}


def test_32_card_piquet_pack() -> None:
    pack = pack_of_ranks(PIQUET_RANKS)
    assert len(pack) == len(set(pack)) == 32
    assert {c.rank for c in pack} == {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
                                      Rank.KING, Rank.ACE}


def test_double_pack_is_a_multiset() -> None:
    pack = double_pack()
    assert len(pack) == 104
    assert set(Counter(pack).values()) == {2}
    assert set(pack) == set(full_pack())


@pytest.mark.parametrize(("replace", "size", "missing"), [("2H", 52, "2H"), (None, 53, None)])
def test_joker_packs(replace: str | None, size: int, missing: str | None) -> None:
    pack = joker_pack(None if replace is None else Card.parse(replace))
    assert len(pack) == len(set(pack)) == size
    assert pack.count(JOKER) == 1
    if missing:
        assert Card.parse(missing) not in pack
