"""The paying suit and the sequence of a deal (catalogue 5.8): hearts, a bid, or Cosmo's board.

The bid (AMB-39i) comes after the spare-hand business: players call in turn from the dealer,
round and round, until all but one have passed; the high bidder puts his bid on KITTY and
names the suit of the A, K, Q, J, 10 and K-Q spaces for this deal. Everyone passing leaves hearts.
"""

from __future__ import annotations

from ..cards import Suit
from ..errors import Said, IllegalPlay, InconsistentRecord, shown
from ..seating import Seating
from .layout import Ledger, Space
from .outcome import BidResult
from .record import Bid, TripoliRecord
from .rules import TripoliRules


class Auction:
    """The paying-suit auction as a state machine (5.8, AMB-39i): whose turn, the high bid, whether it is over.

    >>> from scorekeeper.engine.seating import Seating
    >>> a = Auction(Seating(("A", "B", "C")), dealer=2)
    >>> for call in (Bid("C", 1), Bid("A", None), Bid("B", 2), Bid("C", None)):
    ...     a.call(call)
    >>> a.over, a.winner, a.amount
    (True, 1, 2)
    """

    def __init__(self, seating: Seating, dealer: int) -> None:
        self.seating = seating
        self.turn = dealer
        self.passed: set[int] = set()
        self.winner: int | None = None
        self.amount = 0
        self.over = False

    @property
    def low(self) -> int:
        """The least a bid may be now."""
        return self.amount + 1

    def call(self, call: Bid, i: int = 0) -> None:
        """One call, the ``i``-th (0-based) of the auction.

        :raises IllegalPlay: codes ``bid-out-of-turn``, ``bid-amount``.
        :raises InconsistentRecord: code ``bid`` (a call after the auction was over).
        """
        names, seating = self.seating.players, self.seating
        where = (Said("bid %(number)s (%(player)s pass): ", number=i + 1, player=call.player) if call.amount is None
                 else Said("bid %(number)s (%(player)s %(amount)s): ", number=i + 1, player=call.player,
                           amount=call.amount))
        if self.over:
            raise InconsistentRecord(Said("%(where)sthe auction was already over", where=where), code="bid", play=i,
                                     player=call.player)
        seat = seating.seat(call.player)
        if seat != self.turn:
            raise IllegalPlay(Said("%(where)sit is %(player)s's turn to bid", where=where, player=names[self.turn]),
                              code="bid-out-of-turn", play=i,
                              player=call.player)
        if call.amount is None:
            self.passed.add(seat)
        elif call.amount < 1 or call.amount <= self.amount:
            raise IllegalPlay(Said("%(where)sa bid must be at least %(low)s", where=where, low=self.low)
                              if self.winner is None else Said("%(where)sa bid must be at least %(low)s, above "
                                                               "%(player)s's %(amount)s", where=where, low=self.low,
                                                               player=names[self.winner], amount=self.amount),
                              code="bid-amount", play=i, player=call.player)
        else:
            self.winner, self.amount = seat, call.amount
        n = seating.size
        self.over = len(self.passed) == n or (self.winner is not None and len(self.passed) == n - 1)
        if not self.over:
            self.turn = seating.next(self.turn)
            while self.turn in self.passed:
                self.turn = seating.next(self.turn)


def paying_suit_bid(rules: TripoliRules, record: TripoliRecord, seating: Seating, dealer: int, ledger: Ledger) -> BidResult | None:
    """The auction for the paying suit (5.8, AMB-39i): from the dealer, round and round, until all but one pass.

    :raises IllegalPlay: codes ``bid-out-of-turn``, ``bid-amount``.
    :raises InconsistentRecord: code ``bid`` (no auction at this table, an unfinished auction, a missing suit).
    """
    names = seating.players
    bid = record.bid
    if rules.paying_suit != "bid":
        if bid is not None:
            raise InconsistentRecord(Said("this table does not bid for the paying suit (paying_suit is "
                                          "%(paying_suit)s)", paying_suit=shown(rules.paying_suit)), code="bid")
        return None
    if bid is None:
        raise InconsistentRecord(Said("this table bids for the paying suit: record the bids (or the winner and "
                                      'amount, or {"winner": null} when everyone passed)'), code="bid")
    winner: int | None = None
    amount = 0
    if bid.bids is not None:
        auction = Auction(seating, dealer)
        for i, call in enumerate(bid.bids):
            auction.call(call, i)
        if not auction.over:
            raise InconsistentRecord(Said("the auction for the paying suit is not finished: it is %(player)s's turn",
                                          player=names[auction.turn]),
                                     code="bid", player=names[auction.turn])
        winner, amount = auction.winner, auction.amount
    elif bid.winner is not None:
        winner, amount = seating.seat(bid.winner), bid.amount or 0
        if amount < 1:
            raise IllegalPlay(Said("%(player)s won the paying suit for %(amount)s: a bid is at least 1 chip",
                                   player=bid.winner, amount=amount),
                              code="bid-amount", player=bid.winner)
    if winner is None:
        if bid.suit is not None:
            raise InconsistentRecord(Said('everyone passed, so hearts pay: the bid names no suit'), code="bid")
        return BidResult(None, 0, Suit.HEARTS)
    if bid.suit is None:
        raise InconsistentRecord(Said("%(player)s won the bid: record the paying suit he chose", player=names[winner]),
                                 code="bid", player=names[winner])
    ledger.move(winner, Space.KITTY, amount, "bid")
    return BidResult(winner, amount, bid.suit)


def paying_suit(rules: TripoliRules, record: TripoliRecord, bid: BidResult | None) -> Suit:
    """The bid's suit, the board's, or hearts.

    :raises InconsistentRecord: code ``board`` (a suit recorded where no board shows one).
    """
    if record.paying_suit is not None and rules.paying_suit != "board":
        raise InconsistentRecord(Said("only a board (paying_suit 'board', Cosmo) records the paying suit per deal"),
                                 code="board")
    if bid is not None:
        return bid.suit
    return record.paying_suit or Suit.HEARTS


def sequence_of(rules: TripoliRules, record: TripoliRecord) -> str:
    """The board's sequence (Cosmo), or the table's option.

    :raises InconsistentRecord: code ``board`` (another sequence recorded where no board shows one).
    """
    if record.sequence is not None and rules.paying_suit != "board" and record.sequence != rules.sequence:
        raise InconsistentRecord(Said("this table's sequence is %(sequence)s (option), not %(sequence2)s; only a "
                                      "board (Cosmo) changes it per deal", sequence=rules.sequence,
                                      sequence2=record.sequence), code="board")
    return record.sequence or rules.sequence
