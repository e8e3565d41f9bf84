"""Reversis's constants and options (catalogue 6): the pack, the paying cards, the fish amounts.

The table's choices are two options, described by ``OptionSpec`` like the Hearts options;
everything else is fixed by the catalogue. ``TRICK_RULES`` is what the kernel's trick machine
(``engine.tricks.TrickMachine``) asks to play a Reversis hand: plain trick play, nothing more
(follow suit, no trumps, the highest card of the led suit wins; counter-clockwise is the seating's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..cards import NO_TEN_RANKS, Card, Rank, card, cards, pack_of_ranks
from ..errors import Said, shown, UnknownGame, UnknownOption
from ..options import OptionSpec, resolve
from ..tricks import TrickRules

GAME: Final = "reversis"
PLAYERS: Final = 4  # 6.1: exactly four
TRICKS: Final = 11  # 6.3: eleven cards each (AMB-38a)
LAST_TRICKS: Final = 10  # 6.5: payments double from trick 10 on; 6.6: the Reversis is decided in tricks 10-11
FIRST_NINE: Final = 9

PACK: Final[tuple[Card, ...]] = pack_of_ranks(NO_TEN_RANKS)  # 6.1: 48 cards, the tens removed
TALON_SIZE: Final = len(PACK) - PLAYERS * TRICKS  # 6.3: the four discards
QUINOLA: Final = card("JH")
ACE_OF_DIAMONDS: Final = card("AD")
ACES: Final[tuple[Card, ...]] = cards("AS AH AD AC")
PAYING_CARDS: Final[tuple[Card, ...]] = (QUINOLA, *ACES)  # the cards that move fish in play (6.5)
CARD_POINTS: Final[dict[Rank, int]] = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}  # 6.8 step 1
DECK_POINTS: Final = 40
TALON_MAX_POINTS: Final = 16  # four aces

START_FISH: Final = 228  # 6.1: 36 x 1 + 24 x 6 + 6 x 8 units each
STAKE: Final = 5  # 6.2: each player at the start of the game
DEALER_ANTE: Final = 5  # 6.2: the dealer, every hand
REFILL_DEALER: Final = 10  # 6.2 / Q2: a new current pool, dealer 10 ...
REFILL_OTHER: Final = 5  # ... and each other player 5
QUINOLA_DISCARD: Final = 5  # P1
QUINOLA_FORCED: Final = 10  # P3: the Quinola player pays the leader
QUINOLA_FORCED_OTHERS: Final = 5  # P3: each other player pays the leader
REVERSIS_EACH: Final = 16  # 6.6 step 2 (32 from the player opposite)
REVERSIS_FLAT: Final = 64  # 6.6 steps 2 (an Espagnolette attempter) and 3 (broken)
REVOKE_FISH: Final = 10  # 4.1 HOUSE: the reneger pays each other player 10

PARTY_AMOUNTS: Final[tuple[str, ...]] = ("talon+4", *(f"fixed:{n}" for n in range(1, 65)))
OPTION_SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("party_amount", "talon+4", PARTY_AMOUNTS,
               "6.8 step 5, AMB-38c: the talon's card points + 4 (Hoyle), or a fixed amount",
               "The Party", "What the Party loser pays the Party winner", {
                   "talon+4": ("The talon's points and 4", "the card points of the four talon cards, plus 4"),
                   **{f"fixed:{n}": (f"{n} fish", "") for n in range(1, 65)}}),
    OptionSpec("self_claim", "others-pay", ("others-pay", "lapse"),
               "6.9 step 3, AMB-38g: the hand winner's own JH lead: the others still pay their 5s, or it lapses",
               "The hand winner's own Quinola", "When the hand winner led the Quinola himself", {
                   "others-pay": ("The others still pay", "each other player still pays his 5"),
                   "lapse": ("Nobody pays", "the claim lapses")}),
)
SPECS: Final[dict[str, OptionSpec]] = {s.name: s for s in OPTION_SPECS}


def card_points(c: Card) -> int:
    """6.8: A 4, K 3, Q 2, J 1, anything else 0."""
    return CARD_POINTS.get(c.rank, 0)


def points_of(cs: tuple[Card, ...] | list[Card]) -> int:
    return sum(card_points(c) for c in cs)


def discard_value(c: Card) -> int:
    """P1: what the trick's winner pays for a JH or an ace discarded on another suit."""
    if c is QUINOLA:
        return QUINOLA_DISCARD
    return 2 if c is ACE_OF_DIAMONDS else 1


def ace_value(c: Card) -> int:
    """P2 / P4: what an ace played to its own suit (or led) costs: AD 2, other aces 1."""
    return 2 if c is ACE_OF_DIAMONDS else 1


def qualifies(hand: tuple[Card, ...] | list[Card] | frozenset[Card]) -> bool:
    """6.7 step 1: all four aces, or three aces and the Quinola (after the exchange)."""
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def may_qualify(known: tuple[Card, ...] | list[Card], unseen: frozenset[Card], slots: int) -> bool:
    """6.7 step 1, for a hand not all known: ``known`` plus up to ``slots`` cards from ``unseen`` could qualify.

    Without the deal a hand is only the cards its player has played so far; until the hand is over, a
    player who revoked in tricks 1-9 may still turn out to hold an Espagnolette hand.
    """
    aces = sum(1 for c in known if c.rank is Rank.ACE)
    free_aces = min(slots, sum(1 for c in ACES if c in unseen))
    if aces + free_aces >= 4:
        return True
    need_aces = max(0, 3 - aces)
    need_quinola = 0 if QUINOLA in known else 1
    if need_quinola and QUINOLA not in unseen:
        return False
    return need_aces <= free_aces and need_aces + need_quinola <= slots


def is_paying(c: Card) -> bool:
    return c is QUINOLA or c.rank is Rank.ACE


@dataclass(frozen=True, slots=True)
class ReversisRules:
    """One table's Reversis: the options of 6.8 and 6.9.

    >>> make_rules("reversis", {"party_amount": "fixed:10"}).party_fish(5)
    10
    >>> make_rules("reversis").party_fish(5)
    9
    """

    party_amount: str = "talon+4"  # AMB-38c
    self_claim: str = "others-pay"  # AMB-38g

    def party_fish(self, talon_points: int | None) -> int | None:
        """6.8 step 5: the Party amount, or None when it needs the talon and the talon is unknown."""
        if self.party_amount.startswith("fixed:"):
            return int(self.party_amount.split(":", 1)[1])
        return None if talon_points is None else talon_points + 4

    def options(self) -> dict[str, Any]:
        return {spec.name: getattr(self, spec.name) for spec in OPTION_SPECS}


def make_rules(game: object = GAME, options: Mapping[str, Any] | None = None) -> ReversisRules:
    """The rules of a Reversis table.

    :raises UnknownGame: ``game`` is not ``reversis``.
    :raises UnknownOption: an option Reversis does not have, or a value it does not take.
    """
    if not isinstance(game, str) or game.strip().lower() != GAME:
        raise UnknownGame(Said('%(game)s is not reversis', game=shown(game)))
    given = dict(options or {})
    amount = given.get("party_amount")
    if amount is not None and amount not in PARTY_AMOUNTS:
        raise UnknownOption(Said("reversis option 'party_amount' takes talon+4 or fixed:N (N a whole number of fish "
                                 "from 1 to 64), not %(amount)s", amount=shown(amount)))
    return ReversisRules(**resolve(GAME, SPECS, {}, given))


# The kernel's trick machine plays Reversis as it is: follow suit, the highest card of the led suit
# wins (the ace high), no trumps, no lead restrictions, nothing kept off the first trick;
# counter-clockwise is the seating's (Seating(clockwise=False)).
TRICK_RULES: Final = TrickRules()
