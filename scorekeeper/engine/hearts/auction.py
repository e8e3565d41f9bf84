"""Auction Hearts' bidding (catalogue 2.19, AMB-18): who bought the choice, and the suit named.

A hand record carries the bidding as events, in the order made: one ``bid`` per player from
eldest to the dealer (``{"type": "bid", "player": P, "chips": N}`` or ``"pass": true``), then
``{"type": "penalty-suit", "suit": S}``. A deal whose choice is retained (the last pool was not
won) has no bids: the ``penalty-suit`` event names its ``player``. Whether the choice really was
retained, and whether a bidder had the chips, depend on the session: ``auction-pool`` checks them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Suit
from ..errors import InconsistentRecord, Said
from .records import HandRecord
from ..seating import Seating
from .variant import Opening, Variant

if TYPE_CHECKING:
    from .ruleset import Ruleset

SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}


@dataclass(frozen=True)
class Auction:
    """The bidding of one deal."""

    bids: tuple[int | None, ...] | None  # per seat: chips bid, None a pass; None when the choice is retained
    namer: int | None  # who names the suit and leads trick 1; None when everybody passed
    suit: Suit | None

    @property
    def passed_out(self) -> bool:
        return self.namer is None


def auction_of(record: HandRecord, seating: Seating, dealer: int) -> Auction:
    """The bidding the record shows, checked: one bid each in turn from eldest, each above the last.

    :raises InconsistentRecord: bids out of turn, twice, too low, a misplaced suit (``bid``); the bidding
        not finished, or the suit not named yet (``bid-incomplete``: each bid so far is legal).
    """
    bids_made = [e for e in record.events if e["type"] == "bid"]
    named = [e for e in record.events if e["type"] == "penalty-suit"]
    if len(named) > 1:
        raise InconsistentRecord(Said("the penalty suit is named once a deal"), code="bid")
    if not bids_made:  # the choice is retained (3.11 step 1): its holder names the suit free
        if not named or "player" not in named[0]:
            raise InconsistentRecord(
                Said("Auction Hearts: record the bids (events \"bid\", from eldest) or, when the last pool was "
                     "not won, who names the suit again (\"penalty-suit\" with \"player\")"),
                code="bid-incomplete" if not named else "bid",
            )
        return Auction(None, seating.seat(named[0]["player"]), SUITS[named[0]["suit"]])
    bids: list[int | None] = [None] * seating.size
    high, bidder = 0, None
    order = seating.order_from(seating.eldest(dealer))
    count = Said("%(count)s bids for %(players)s players: each player bids or passes once, from eldest to the dealer",
                 count=len(bids_made), players=seating.size)
    if len(bids_made) > len(order):
        raise InconsistentRecord(count, code="bid")
    for seat, event in zip(order, bids_made):
        name = seating.name(seat)
        if event["player"] != name:
            raise InconsistentRecord(Said("%(player)s bid when it was %(player2)s's turn (bids go from eldest to "
                                          "the dealer)", player=str(event['player']), player2=name), code="bid", player=event["player"])
        chips = event.get("chips")
        if chips is None:
            continue
        if chips <= high:
            assert bidder is not None
            raise InconsistentRecord(
                Said("%(player)s bid %(chips)s after %(player2)s bid %(high)s: a bid must exceed the high bid "
                     "(AMB-18)", player=name, chips=str(chips), player2=seating.name(bidder), high=str(high)),
                code="bid", player=name,
            )
        bids[seat], high, bidder = chips, chips, seat
    if len(bids_made) < len(order):  # each bid so far is legal: the bidding is not finished
        raise InconsistentRecord(count, code="bid-incomplete", player=seating.name(order[len(bids_made)]))
    if bidder is None:
        if named or record.play or record.taken:
            raise InconsistentRecord(Said("everybody passed: the deal is not played (the next player deals)"), code="bid")
        return Auction(tuple(bids), None, None)
    if not named:
        raise InconsistentRecord(Said("%(player)s bought the choice with %(high)s: record the suit named (event "
                                      "\"penalty-suit\")", player=seating.name(bidder), high=str(high)), code="bid-incomplete", player=seating.name(bidder))
    if named[0].get("player", seating.name(bidder)) != seating.name(bidder):
        raise InconsistentRecord(Said("%(player)s made the high bid, so %(player)s names the suit, not "
                                      "%(player2)s", player=seating.name(bidder), player2=str(named[0]['player'])), code="bid", player=named[0]["player"])
    return Auction(tuple(bids), bidder, SUITS[named[0]["suit"]])


def auction_events(bids: Sequence[tuple[str, int | None]], suit: Suit | None, namer: str | None = None
                   ) -> list[Mapping[str, Any]]:
    """The events of a bidding (for records made in code): (player, chips or None for a pass) in turn."""
    events: list[Mapping[str, Any]] = [
        {"type": "bid", "player": p, "chips": c} if c is not None else {"type": "bid", "player": p, "pass": True}
        for p, c in bids
    ]
    if suit is not None:
        events.append({"type": "penalty-suit", "suit": suit.value, **({"player": namer} if namer else {})})
    return events


class AuctionVariant(Variant):
    """Auction Hearts' hooks: the bidding opens each deal, naming the penalty suit and the first leader."""

    name = "auction"
    events = frozenset({"bid", "penalty-suit"})
    bids = True
    follows_turns = False  # the suit's buyer leads, whatever his seat

    def opening(self, record: HandRecord, ruleset: Ruleset, seating: Seating) -> Opening:
        dealer = seating.seat(record.dealer)
        auction = auction_of(record, seating, dealer)
        bids = None if auction.bids is None else tuple(
            (s, auction.bids[s]) for s in seating.order_from(seating.eldest(dealer)))
        if auction.suit is None:
            return Opening(ruleset, passed_out=True, bids=bids)
        return Opening(ruleset.named(auction.suit), auction.namer, bids=bids, suit=auction.suit)

    def random_opening(
        self, ruleset: Ruleset, seating: Seating, dealer: int, rng: random.Random, events: list[dict[str, Any]],
        retained: str | None, maybe_retained: bool, pass_out: bool,
    ) -> Opening:
        """Bids from eldest, each above the last (the dealer bids when nobody has, unless ``pass_out``);
        or the choice kept by ``retained``, or (``maybe_retained``) now and then by a random player."""
        suit = rng.choice((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
        n, leader = seating.size, None
        if isinstance(retained, str) or (maybe_retained and rng.random() < 0.2):
            leader = seating.seat(retained) if isinstance(retained, str) else rng.randrange(n)
            events.append({"type": "penalty-suit", "suit": suit.value, "player": seating.name(leader)})
            return Opening(ruleset.named(suit), leader, suit=suit)
        high = 0
        for s in seating.order_from(seating.eldest(dealer)):
            if rng.random() < 0.4 or (s == dealer and leader is None and not pass_out):
                high += rng.randint(1, 3)
                leader = s
                events.append({"type": "bid", "player": seating.name(s), "chips": high})
            else:
                events.append({"type": "bid", "player": seating.name(s), "pass": True})
        if leader is None:  # everybody passed: the deal is not played
            return Opening(ruleset, passed_out=True)
        events.append({"type": "penalty-suit", "suit": suit.value})
        return Opening(ruleset.named(suit), leader, suit=suit)

    def first_lead_words(self) -> str:
        return "Whoever buys the choice (or keeps it) names the penalty suit and leads any card."


AUCTION = AuctionVariant()
