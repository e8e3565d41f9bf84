"""Cards, suits, ranks and packs (catalogue 1.1, 2.2.1).

Every card is an interned value: ``Card.parse("Q♠") is Card.parse("qs")``, so
cards compare and hash by identity, which keeps replay fast. ``str(card)`` is
the canonical spelling and ``Card.parse(str(card)) is card``.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from types import FunctionType
from typing import NamedTuple

from .errors import RecordSyntaxError, shown, Said


class Suit(enum.Enum):
    """The four suits, in the order the catalogue writes them."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    def __str__(self) -> str:
        return self.value

    @property
    def noun(self) -> str:
        """The plural noun a player says: 'spades'."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


# The suits as printed on the cards (every sentence a player reads names a card so: Card.label).
SUIT_SYMBOLS = {Suit.SPADES: "\u2660", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666", Suit.CLUBS: "\u2663"}


class Rank(enum.IntEnum):
    """Ranks by their natural value; games with other orders map them (Ruleset.rank_order)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    def __str__(self) -> str:
        return _RANK_CHARS[self]


_RANK_CHARS = {
    Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T", Rank.JACK: "J",
    Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "JK",
}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}


# Every card made so far, by (rank, suit): what makes cards interned. (A module-level table,
# not a class attribute, so that mypyc can compile Card as a native class.)
_INTERNED: dict[tuple[Rank, Suit | None], Card] = {}


class Card:
    """One playing card; interned, immutable, canonical text ``QS``, ``TH``, ``JK``.

    >>> Card.parse("♥ 10")
    Card.parse('TH')
    >>> str(Card.parse("q♠"))
    'QS'
    """

    __slots__ = ("rank", "suit", "code", "sort_key", "si", "ri", "bit")
    rank: Rank
    suit: Suit | None
    code: str
    sort_key: tuple[int, int]
    si: int  # suit index for hot loops: 0 S, 1 H, 2 D, 3 C, 4 joker (enum hashing is slow)
    ri: int  # rank as a plain int
    bit: int  # 1 << the card's place in display order (hand.CARD_BIT): holdings are masks of these

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        key = (rank, suit)
        card = _INTERNED.get(key)
        if card is None:
            if (rank is Rank.JOKER) != (suit is None):
                raise ValueError("only the joker has no suit")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "code", "JK" if suit is None else f"{rank}{suit}")
            object.__setattr__(card, "si", _SUIT_ORDER[suit] if suit is not None else 4)
            object.__setattr__(card, "ri", int(rank))
            # Sorting for display: spades, hearts, diamonds, clubs, high to low; joker last.
            object.__setattr__(card, "sort_key", (_SUIT_ORDER[suit] if suit is not None else 4, -int(rank)))
            object.__setattr__(card, "bit", 1 << (52 if suit is None else 13 * _SUIT_ORDER[suit] + 14 - int(rank)))
            _INTERNED[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({shown(self.code)})"

    def __format__(self, spec: str) -> str:
        """A card in a sentence is the card as printed (``f"{card}"``: ``Q♠``, ``10♥``, ``Joker``); ``str(card)``
        and ``card.code`` stay the code of the records. ``f"{card:code}"`` is the code too.

        Engine sentences write ``{card.label}``, never a bare ``{card}``: a module compiled with mypyc turns
        ``f"{x}"`` into ``str(x)`` without calling ``__format__``, so the compiled engine would say ``QS``.

        >>> f"{Card.parse('QS')} and {Card.parse('TH')}, {Card.parse('TH'):code}"
        'Q♠ and 10♥, TH'
        """
        if spec == "code":
            return self.code
        if spec:
            return format(self.label, spec)
        return self.label

    @property
    def label(self) -> str:
        """The card as printed on it: ``Q♠``, ``10♥``, ``Joker``."""
        if self.suit is None:
            return "Joker"
        return ("10" if self.rank == Rank.TEN else str(self.rank)) + SUIT_SYMBOLS[self.suit]

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __hash__(self) -> int:
        # Cards are interned, so they compare by identity and any hash unique per card will do.
        # Spelled out for mypyc, which leaves a class that defines a comparison without a hash;
        # interpreted, object's C-level identity hash replaces this (below).
        return self.ri * 8 + self.si

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @staticmethod
    def parse(text: str) -> Card:
        """Read any accepted spelling (catalogue 1.1); raise RecordSyntaxError otherwise."""
        card = _SPELLINGS.get(text)
        if card is None:
            parts = text.split()
            card = _SPELLINGS.get(_normalise(text)) if len(parts) == 1 else _joined(parts)
        if card is None:
            raise RecordSyntaxError(Said("%(shown)s is not a card (write rank then suit, e.g. QS, TH, 2C)",
                                         shown=str(shown(text))))
        return card


if isinstance(vars(Card)["__hash__"], FunctionType):  # interpreted, not compiled by mypyc
    # Cards are dict keys on every hot path: hash them without a Python-level call.
    setattr(Card, "__hash__", object.__hash__)

JOKER = Card(Rank.JOKER, None)

# --- parsing tables -------------------------------------------------------------------------

_SUIT_SPELLINGS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
_RANK_SPELLINGS = {str(r): r for r in Rank if r is not Rank.JOKER}
_RANK_SPELLINGS["10"] = Rank.TEN
_JOKER_SPELLINGS = ("JK", "JOKER", "🃏")


def _joined(parts: Sequence[str]) -> Card | None:
    """A lone rank and a lone suit written apart, in either order ("♠ Q", "10 ♥"); nothing else."""
    if len(parts) != 2:
        return None
    a, b = (_normalise(p) for p in parts)
    if (a in _RANK_SPELLINGS and b in _SUIT_SPELLINGS) or (a in _SUIT_SPELLINGS and b in _RANK_SPELLINGS):
        return _SPELLINGS.get(a + b)
    return None


def _normalise(text: str) -> str:
    # Variation selectors (U+FE0F) ride along with emoji suit symbols; spaces may separate
    # suit and rank ("♠ Q").
    return "".join(text.split()).replace("\ufe0f", "").upper()


def _build_spellings() -> dict[str, Card]:
    table: dict[str, Card] = {s: JOKER for s in _JOKER_SPELLINGS}
    for rank_text, rank in _RANK_SPELLINGS.items():
        for suit_text, suit in _SUIT_SPELLINGS.items():
            card = Card(rank, suit)
            table[rank_text + suit_text] = card
            table[suit_text + rank_text] = card
    return table


_SPELLINGS = _build_spellings()
ALL_CARDS: tuple[Card, ...] = tuple(sorted({c for c in _SPELLINGS.values() if not c.is_joker}))

_TOKEN = re.compile(r"[\s,]+")


def parse_cards(value: str | Sequence[str] | Iterable[str]) -> tuple[Card, ...]:
    """A card list: a JSON array of card strings, or one string separated by spaces or commas.

    In a string, a lone rank and a lone suit next to each other form one card ("♠ Q ♥ 10").
    """
    if isinstance(value, str):
        tokens = [t for t in _TOKEN.split(value.strip()) if t]
        cards: list[Card] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            card = _SPELLINGS.get(token) or _SPELLINGS.get(_normalise(token))
            if card is None and i + 1 < len(tokens):
                card = _joined(tokens[i:i + 2])
                if card is not None:
                    i += 1
            if card is None:
                raise RecordSyntaxError(Said("%(shown)s is not a card (write rank then suit, e.g. QS, TH, 2C)",
                                             shown=str(shown(token))))
            cards.append(card)
            i += 1
        return tuple(cards)
    result = []
    items: Iterable[object] = value  # checked one by one: a compiled build would refuse a non-string item itself
    for item in items:
        if not isinstance(item, str):
            raise RecordSyntaxError(Said("%(shown)s is not a card: cards are strings such as \"QS\"",
                                         shown=str(shown(item))))
        result.append(Card.parse(item))
    return tuple(result)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as one canonical, space-separated string (records, notation): ``QS TH``."""
    return " ".join(c.code for c in cards)


def cards_said(cards: Iterable[Card]) -> str:
    """Cards as a sentence names them, as printed: ``Q♠ 10♥`` (one card alone: ``f"{card}"``, Card.__format__).

    >>> cards_said([Card.parse("QS"), Card.parse("TH")])
    'Q\u2660 10\u2665'
    """
    return " ".join(c.label for c in cards)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Display order: spades, hearts, diamonds, clubs; high to low."""
    return sorted(cards, key=lambda c: c.sort_key)


def card(text: str) -> Card:
    """Shorthand for Card.parse in code and tests."""
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand for parse_cards in code and tests."""
    return parse_cards(text)


# --- packs ----------------------------------------------------------------------------------

def full_pack() -> tuple[Card, ...]:
    """The 52-card pack."""
    return ALL_CARDS


def pack_without(pack: Sequence[Card], removed: Iterable[Card]) -> tuple[Card, ...]:
    """A stripped pack: one copy of each removed card is taken out."""
    left = Counter(pack)
    for c in removed:
        if left[c] == 0:
            raise ValueError(f"{c.label} is not in the pack")
        left[c] -= 1
    return tuple(c for c in pack if _take(left, c))


def _take(counter: Counter[Card], c: Card) -> bool:
    if counter[c] > 0:
        counter[c] -= 1
        return True
    return False


def pack_of_ranks(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    """A pack holding only the given ranks in every suit (32-card piquet pack, 48 without tens)."""
    keep = set(ranks)
    return tuple(c for c in ALL_CARDS if c.rank in keep)


def double_pack(pack: Sequence[Card] = ALL_CARDS) -> tuple[Card, ...]:
    """Two packs shuffled together: every card twice (a multiset)."""
    return tuple(pack) + tuple(pack)


def joker_pack(replace: Card | None) -> tuple[Card, ...]:
    """The pack with the joker added, or put in the place of one card (Joker Hearts: 2H)."""
    base = pack_without(ALL_CARDS, [replace]) if replace is not None else ALL_CARDS
    return base + (JOKER,)


STRIP_LOW_ORDER: tuple[Card, ...] = cards("2S 2C 2D 3S 3C 3D 4S 4C 4D 5S 5C 5D")
"""AMB-04: the low cards stripped, in order, never a heart and never QS."""

PIQUET_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
NO_TEN_RANKS = tuple(r for r in Rank if r not in (Rank.TEN, Rank.JOKER))


def mask_of(cards: Iterable[Card]) -> int | None:
    """The mask of distinct cards (``Card.bit`` each), or None when a card repeats (a double pack's multiset)."""
    mask = 0
    for c in cards:
        bit = c.bit
        if mask & bit:
            return None
        mask |= bit
    return mask


class PlayItem(NamedTuple):
    """One card played, and the player the recorder named (None: whoever's turn it is): every family's plays."""

    card: Card
    player: str | None = None
