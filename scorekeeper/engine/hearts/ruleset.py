"""The ruleset value: everything the engine needs to know about one game as configured.

A game (``games/``) turns its resolved options into one frozen ``Ruleset``; the hand
state machine, the scoring and the result checks read only this value. House rules
are options, so a variant is never a copy of a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from ..cards import (
    ALL_CARDS,
    JOKER,
    PIQUET_RANKS,
    STRIP_LOW_ORDER,
    Card,
    Suit,
    card,
    cards,
    double_pack,
    mask_of,
    pack_of_ranks,
    pack_without,
)
from ..errors import Said
from ..gaussian import Gaussian
from ..seating import Direction
from .variant import PLAIN, Variant

Points = int | Gaussian


@dataclass(frozen=True)
class DealLayout:
    """How the cards go out for one player count: the pack, cards per hand, widow size."""

    pack: tuple[Card, ...]
    hand_size: int
    widow_size: int
    double_deck: bool = False
    # Derived from the pack when the layout is made (layouts are cached: deal_layout). Plain
    # fields rather than cached properties, which mypyc would compile as uncached ones.
    copies: dict[Card, int] = field(init=False, repr=False, compare=False)
    """How many of each card the pack holds."""
    mask: int | None = field(init=False, repr=False, compare=False)
    """The pack as a card mask (``hand.CARD_BIT``), or None when it holds a card twice."""
    hearts: int = field(init=False, repr=False, compare=False)
    """Hearts in the pack: all are taken, since the widow goes to a trick's winner."""

    def __post_init__(self) -> None:
        counts: dict[Card, int] = {}
        for c in self.pack:
            counts[c] = counts.get(c, 0) + 1
        object.__setattr__(self, "copies", counts)
        object.__setattr__(self, "mask", mask_of(self.pack))
        object.__setattr__(self, "hearts", sum(1 for c in self.pack if c.suit is Suit.HEARTS))


# --- deal charts (catalogue 2.2.1, 2.17) -----------------------------------------------------

_CHART_004 = {3: (16, 4), 4: (13, 0), 5: (10, 2), 6: (8, 4), 7: (7, 3)}
_HEARTSETTE_004 = {3: ("2C", 16, 3), 4: ("2C", 12, 3), 5: (None, 10, 2), 6: (None, 8, 4), 7: (None, 7, 3), 8: (None, 6, 4)}
_HEARTSETTE_002 = {3: ("2S", 16, 3), 4: ("2S", 12, 3), 5: (None, 10, 2), 6: (None, 8, 4)}

DEAL_RANGES: dict[str, tuple[int, int]] = {
    "chart-004": (3, 7),
    "equal-widow": (2, 12),
    "strip-low": (2, 7),
    "strip-2s": (3, 3),
    "heartsette-004": (3, 8),
    "heartsette-002": (3, 6),
    "piquet": (4, 6),  # Polignac, Slobberhannes (2.21, 2.22): 32 cards, 7S 7C out for 5-6 players
    "leave-turnup": (3, 5),  # Knaves (AMB-30): 51 // n each, at least one card left to turn up
    "all-equal": (2, 10),  # as far as the pack divides equally; the rest out of play (Knaves, Conquimbert)
    "double-pack": (6, 11),  # Cancellation Hearts (2.12): two packs, 104 // n each, the extras a widow
    "two-handed": (2, 2),  # Two-Handed Hearts (2.14): 13 each, the other 26 a stock
    "domino": (2, 8),  # Domino Hearts (2.13, AMB-17): 6 each, the rest a stock (6n < 52)
    "twos-2c": (3, 7),  # Black Maria (2.31, AMB-60): twos taken out by the table's size; 2C three-handed
    "twos-2s": (3, 7),  # ... 2S three-handed
    "twos-2d": (3, 7),  # ... 2D three-handed
    "gong-zhu": (4, 5),  # Gong Zhu (2.30.1): the whole pack for 4, 2C and 2D out for 5
}
# Black Maria (2.31): the twos taken out for 5, 6 and 7 players, whichever two goes three-handed
_TWOS_OUT: Final = {4: "", 5: "2C 2S", 6: "2C 2S 2D 2H", 7: "2C 2S 2D"}
_PIQUET: Final = pack_of_ranks(PIQUET_RANKS)


@lru_cache(maxsize=256)
def deal_layout(deal: str, players: int) -> DealLayout:
    """The layout of deal method ``deal`` for ``players``; ValueError when it has none."""
    lo, hi = DEAL_RANGES[deal]
    if not lo <= players <= hi:
        raise ValueError(Said("the %(deal)s deal is for %(low)s to %(high)s players, not %(count)s", deal=deal, low=lo,
                              high=hi, count=players))
    if deal == "chart-004":
        size, widow = _CHART_004[players]
        return DealLayout(ALL_CARDS, size, widow)
    if deal == "equal-widow":
        if players <= 6:
            return DealLayout(ALL_CARDS, 52 // players, 52 % players)
        return DealLayout(double_pack(), 104 // players, 104 % players, double_deck=True)
    if deal == "strip-low":
        removed = 52 % players
        return DealLayout(pack_without(ALL_CARDS, STRIP_LOW_ORDER[:removed]), 52 // players, 0)
    if deal == "strip-2s":
        return DealLayout(pack_without(ALL_CARDS, [card("2S")]), 17, 0)
    if deal == "piquet":
        pack = _PIQUET if players == 4 else pack_without(_PIQUET, cards("7S 7C"))
        return DealLayout(pack, len(pack) // players, 0)
    if deal == "leave-turnup":
        return DealLayout(ALL_CARDS, 51 // players, 52 - 51 // players * players)
    if deal == "all-equal":
        return DealLayout(ALL_CARDS, 52 // players, 52 % players)
    if deal == "two-handed":
        return DealLayout(ALL_CARDS, 13, 26)
    if deal == "domino":
        return DealLayout(ALL_CARDS, 6, 52 - 6 * players)
    if deal == "double-pack":
        return DealLayout(double_pack(), 104 // players, 104 % players, double_deck=True)
    if deal == "gong-zhu":
        return DealLayout(ALL_CARDS, 13, 0) if players == 4 else DealLayout(pack_without(ALL_CARDS, cards("2C 2D")), 10, 0)
    if deal.startswith("twos-"):
        twos = deal[len("twos-"):].upper() if players == 3 else _TWOS_OUT[players]
        pack = pack_without(ALL_CARDS, cards(twos)) if twos else ALL_CARDS
        return DealLayout(pack, len(pack) // players, 0)
    chart = _HEARTSETTE_004 if deal == "heartsette-004" else _HEARTSETTE_002
    out, size, widow = chart[players]
    pack = pack_without(ALL_CARDS, [card(out)]) if out else ALL_CARDS
    return DealLayout(pack, size, widow)


@lru_cache(maxsize=64)
def joker_layout(deal: str, players: int, deck: str) -> DealLayout:
    """Joker Hearts (2.16): the deal with the Joker in place of 2H, or added as one more widow card."""
    base = deal_layout(deal, players)
    if deck == "add-joker":
        return DealLayout(base.pack + (JOKER,), base.hand_size, base.widow_size + 1)
    return DealLayout(tuple(JOKER if c is _2H else c for c in base.pack), base.hand_size, base.widow_size)


_2H: Final = card("2H")


@dataclass(frozen=True, slots=True)
class MoonRule:
    """A way of shooting the moon (catalogue 2.2.4).

    ``requires`` are the cards besides every heart in play that the shooter must take.
    Subtract-mode: the shooter scores ``-(value + bonus)`` (bonus when he took
    ``bonus_card``). Add-mode: every other player gets ``+value``; the shooter scores
    ``-bonus`` when he took the bonus card, else 0. Greek: both at once, the shooter
    ``-value * (n - 1)``.
    """

    id: str
    requires: tuple[Card, ...] = ()
    value: int = 26
    bonus_card: Card | None = None
    bonus: int = 0
    requires_bonus: bool = False
    modes: tuple[str, ...] = ("subtract", "add")
    greek: bool = False
    instant_win: bool = False
    complex: bool = False
    whole: bool = False  # Black Maria's (2.2.4 black-maria-all): the shooter 0, every other the hand's whole total

    @property
    def has_choice(self) -> bool:
        return len(self.modes) > 1


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One game as configured; built by ``games.make_ruleset`` from a game id and options.

    Compared and hashed by identity: ``make_ruleset`` hands out one value per configuration,
    and derived tables are cached on it.
    """

    game: str
    name: str
    options: Mapping[str, Any]  # every option resolved, profile included: stored with sessions
    deal: str  # deal method id (catalogue 2.2.1)
    min_players: int
    max_players: int
    passing: str = "none"  # left-3 | rotation-lrah | none | right-3 | left-by-players
    pass_size: int | None = None  # cards passed; None: 3, or 2 with six or more players (003 "The Pass")
    first_lead: str = "eldest-any"
    fallback_lead: str = "eldest-any"  # AMB-44: the eldest rule when 2C is not in any hand
    break_rule: str = "none"  # lead-restricted | none
    queen_breaks_hearts: bool = False
    lead_heart_instead_of_queen: bool = False
    first_trick_points: bool = True
    values: Mapping[Card, int] = field(default_factory=dict)  # penalty value of each scoring card
    spots: bool = False  # Spot Hearts: hearts score their pips (values hold them)
    complex: bool = False  # Complex Hearts: Gaussian scores, TC multiplies by 2i
    moon: MoonRule | None = None
    moon_choice: str = "ask"  # ask | subtract | add
    revoke: str = "003"  # catalogue 4.1: 003 | 001
    clockwise: bool = True
    warning: str | None = None  # the sources leave this game's differences open
    settlement: str = "cumulative"  # the default settlement id
    rank_order: str = "natural"  # 1.1: natural (A high) | ten-second (Conquimbert: A T K Q J 9 ... 2)
    trumps: str = "none"  # none | turn-up (an undealt card, event "trumps") | fixed-per-deal (the table names it)
    # | first-void (Conquimbert: the top out-of-play card, turned up the first time a player cannot follow)
    target: int | None = 100  # end condition: the game ends when a total reaches this (None: by agreement)
    leftover: str = "widow"  # undealt cards: widow (to the winner of trick 1, T-STD 5) | out (out of play)
    # | stock (the record's widow is the stock, top card first: Two-Handed Hearts draws after each trick,
    # the winner then the loser; Domino Hearts when a player cannot follow, see ``domino``)
    heart_unit: bool = True  # every heart scores 1 and results count hearts; False: only ``values`` cards score
    trick_value: int = 0  # points for each trick won (Knaves +1)
    first_trick_value: int = 0  # points for winning the first trick (Polignac, Slobberhannes)
    last_trick_value: int = 0  # points for winning the last trick (Polignac, Slobberhannes)
    sweep_bonus: int = 0  # extra points for one player taking the first and last tricks and every scoring card
    capot: int = 0  # Polignac: what a Capot declaration (all four jacks) is worth, declared before the first lead (3.14)
    capot_mode: str = "additive"  # additive | replace (AMB-28)
    revoke_penalty: int | None = None  # HOUSE (4.1): the offender's points for an established revoke, others 0
    settlements: tuple[str, ...] = ()  # the settlement ids that fit the game; () any of the Hearts methods
    unit_suit: Suit = Suit.HEARTS  # 1.3 heart-units: each card of this suit scores 1 (Auction Hearts: the named suit)
    joker: bool = False  # Joker Hearts (2.16): the pack holds the Joker, a heart between J and T with its trick rule
    joker_discard_exception: bool = False  # 2.16 (002): the Joker may be discarded under a high heart
    joker_deck: str = "replace-2h"  # 2.16: the Joker replaces 2H, or is added as a 53rd card (a widow card)
    cancellation: bool = False  # Cancellation Hearts (2.12): identical cards cancel; dead tricks
    # How the hand goes where it is not the plain deal-pass-play (``engine.variant``): Auction Hearts'
    # bidding, Domino Hearts' stock and players dropping out.
    variant: Variant = PLAIN
    trades_per_player: int | None = 0  # Conquimbert (2.24): trades a player may ask for before trick 1 (None: any)
    lives: int = 0  # Conquimbert (3.17): lives each player starts with; an established revoke costs one (4.1)
    # Derived when the ruleset is made (make_ruleset caches rulesets); see DealLayout.copies.
    specials: frozenset[Card] = field(init=False, repr=False)
    """Cards a result must place one by one: they score unlike a plain heart, or a moon needs them."""
    scoring_cards: frozenset[Card] = field(init=False, repr=False)
    """Every card whose taking can matter to the score: shown in a player's ``taken``."""
    unit_suit_index: int = field(init=False, repr=False)
    """``unit_suit`` as a suit index (``Card.si``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit_suit_index", ("S", "H", "D", "C").index(self.unit_suit.value))
        if self.unit_suit is not Suit.HEARTS:  # Auction Hearts with another suit named: plain units
            object.__setattr__(self, "specials", frozenset())
            object.__setattr__(self, "scoring_cards", frozenset(self.values))
            return
        if not self.heart_unit:  # no plain hearts: every scoring card is placed one by one
            object.__setattr__(self, "specials", frozenset(self.values))
            object.__setattr__(self, "scoring_cards", frozenset(self.values))
            return
        specials = {c for c, v in self.values.items() if c.suit is not Suit.HEARTS or (not self.spots and v != 1)}
        if self.complex:
            specials.add(_TC)
        if self.moon:
            specials.update(self.moon.requires)
            if self.moon.bonus_card:
                specials.add(self.moon.bonus_card)
        object.__setattr__(self, "specials", frozenset(specials))
        object.__setattr__(self, "scoring_cards", frozenset(self.values) | self.specials)

    def is_finished(self, totals: Sequence[Points]) -> bool:
        """Whether the game ends with these running totals (catalogue 3.1 step 4, 7.5)."""
        if self.target is None:
            return False
        if self.complex:
            return any(isinstance(t, Gaussian) and t.norm >= self.target * self.target for t in totals)
        return any(isinstance(t, int) and t >= self.target for t in totals)

    def winners(self, totals: Sequence[Points]) -> tuple[int, ...]:
        """Seats with the lowest total (magnitude in Complex Hearts); ties are joint winners (1.6)."""
        keys = [t.norm if isinstance(t, Gaussian) else t for t in totals]
        best = min(keys)
        return tuple(seat for seat, k in enumerate(keys) if k == best)

    def layout(self, players: int) -> DealLayout:
        """The deal for ``players``; ValueError when the game is not for that many."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(Said("%(game)s is for %(low)s to %(high)s players, not %(count)s", game=self.name,
                                  low=self.min_players, high=self.max_players, count=players))
        if self.joker:
            return joker_layout(self.deal, players, self.joker_deck)
        return deal_layout(self.deal, players)

    def pass_direction(self, hand: int, players: int) -> Direction:
        """Where the passed cards go on hand number ``hand`` (1-based; catalogue 2.2.2)."""
        if self.passing == "none":
            return _ROTATION[3]  # Direction.NONE
        if self.passing == "rotation-lrah" and players == 4:
            return _ROTATION[(hand - 1) % 4]
        if self.passing == "right-3":
            return _ROTATION[1]  # Direction.RIGHT (Black Maria, 2.31)
        return _ROTATION[0]  # Direction.LEFT

    def pass_count(self, players: int) -> int:
        """Cards each player passes: 3, or 2 with six or more players (003 "The Pass")."""
        if self.passing == "none":
            return 0
        if self.pass_size is not None:
            return self.pass_size  # Discard Hearts: always 3 (2.18)
        if self.passing == "right-3":
            return 3
        if self.passing == "left-by-players":  # Black Maria (2.31, BM-fgt): 4 with three, 3 with four or five
            return 4 if players == 3 else 3 if players <= 5 else 2
        return 2 if players >= 6 else 3

    def tricks_per_hand(self, layout: DealLayout, players: int) -> int | None:
        """Tricks in a whole hand: one per card held, and per stock card drawn after each trick (Two-Handed:
        26); None where players drop out as their hands run out (Domino Hearts)."""
        if self.variant.players_drop_out:
            return None
        if self.leftover == "stock":
            return layout.hand_size + layout.widow_size // players
        return layout.hand_size

    @property
    def scores_tricks(self) -> bool:
        """Whether winning tricks scores (per trick, the first or the last): hauls then count them."""
        return bool(self.trick_value or self.first_trick_value or self.last_trick_value or self.capot)

    def is_penalty(self, c: Card) -> bool:
        """Whether taking this card can score."""
        return c in self.values or (self.complex and c == _TC)

    def penalty_total(self, layout: DealLayout) -> int:
        """The positive penalty points in the pack (revoke-001 debits this, catalogue 4.1)."""
        if self.revoke_penalty is not None:
            return self.revoke_penalty
        if self.complex:
            return 0
        return self.pack_points(layout)

    def pack_points(self, layout: DealLayout) -> int:
        """The positive points of the whole pack: what one hand hands out (Hartenjagen's 20)."""
        return sum(v for c in layout.pack if (v := self.values.get(c, 0)) > 0)

    def hearts_in(self, layout: DealLayout) -> int:
        """How many heart-units a hand holds in play (all are taken: the widow goes to a trick winner):
        the hearts, or the cards of the named suit in Auction Hearts."""
        if not self.heart_unit:
            return 0
        if self.unit_suit is Suit.HEARTS:
            return layout.hearts
        return sum(1 for c in layout.pack if c.suit is self.unit_suit)

    def named(self, suit: Suit) -> Ruleset:
        """Auction Hearts: this ruleset with ``suit`` as the penalty suit, 1 a card (2.19); cached."""
        if suit is self.unit_suit:
            return self
        key = (id(self), suit)
        hit = _NAMED.get(key)
        if hit is not None and hit[0] is self:
            return hit[1]
        named = replace(self, unit_suit=suit, values={c: 1 for c in ALL_CARDS if c.suit is suit})
        _NAMED[key] = (self, named)
        return named


_NAMED: dict[tuple[int, Suit], tuple[Ruleset, Ruleset]] = {}  # Ruleset.named: the base keeps its id alive
_TC = card("TC")
_ROTATION: Final = (Direction.LEFT, Direction.RIGHT, Direction.ACROSS, Direction.NONE)  # rotation-lrah, by hand
