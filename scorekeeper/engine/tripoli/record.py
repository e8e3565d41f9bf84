"""Tripoli deal records (FORMAT.md): JSON values in, one frozen ``TripoliRecord`` out, and back.

A record holds what the table did in one deal: the cards (optional), the spare-hand
business, the paying-suit bid, the stage-1 claims, the poker (chosen cards, every
betting action) and the Michigan plays. Without the deal it holds only what the table
declared; the smallest such record is the **quick result** (claims, pot, who went out).
The final poker of 5.7 has its own record, ``FinalPokerRecord`` (``"final": true``).

Reading checks shapes only (fields, types, cards, names); whether the deal was played by
the rules is ``replay``'s job. Writing gives the canonical form, and
``from_json(to_json(r)) == r``. Per-player values are stored by seat (None: not recorded).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, Suit
from ..errors import Said, RecordSyntaxError, shown
from ..jsontext import decode, pretty
from ..seam import head_json
from .actions import BetAction, Bid, MichiganRecord, PayingSuitBid, PokerRecord, SpareAction
from .fields import (
    read_bid, read_cards, read_claims, read_events, read_hands, read_head, read_michigan, read_player, read_poker,
    read_spare, read_suit, whole,
)
from .layout import Layout, Space
from .rules import SEQUENCES

__all__ = [
    "TripoliRecord", "FinalPokerRecord", "AnyRecord", "SpareAction", "Bid", "PayingSuitBid", "BetAction", "PokerRecord",
    "MichiganRecord", "loads", "dumps", "pretty", "from_json", "to_json", "read_head",
]

RECORD_FIELDS = (
    "id", "game", "options", "players", "dealer", "hand", "layout", "deal", "spare_hand", "spare", "bid",
    "paying_suit", "sequence", "claims", "poker", "michigan", "events", "antes_in",
)
STAGE_FIELDS = ("deal", "spare_hand", "spare", "bid", "paying_suit", "sequence", "claims", "poker", "michigan")
FINAL_FIELDS = ("id", "game", "options", "players", "dealer", "hand", "final", "layout", "pot", "deal", "poker", "cut")


@dataclass(frozen=True, slots=True)
class TripoliRecord:
    """One deal of Tripoli, Rummoli or Cosmo as the table recorded it."""

    game: str
    players: tuple[str, ...]
    dealer: str
    options: Mapping[str, Any] = field(default_factory=dict)
    hand: int | None = None
    layout: Layout | None = None  # chips on the layout before this deal's antes (None: from the session)
    deal: tuple[tuple[Card, ...], ...] | None = None  # by seat, as dealt (before the spare business)
    spare_hand: tuple[Card, ...] | None = None
    spare: SpareAction = SpareAction()
    bid: PayingSuitBid | None = None
    paying_suit: Suit | None = None  # Cosmo's board (paying_suit "board")
    sequence: str | None = None  # Cosmo's board
    claims: tuple[tuple[Space, tuple[str, ...]], ...] | None = None  # spaces named, in layout order
    poker: PokerRecord | None = None
    michigan: MichiganRecord | None = None
    id: str | None = None
    events: tuple[Mapping[str, Any], ...] = ()  # a misdeal (4.2, AMB-49): the deal is void
    antes_in: bool | None = None  # this deal's antes are on the layout already (a misdeal's redeal); None: the session's

    @property
    def is_result(self) -> bool:
        """A quick result: no deal, only what the table declared."""
        return self.deal is None

    @property
    def misdeal(self) -> str | None:
        """The misdeal's reason, when the deal was void."""
        return next((str(e["reason"]) for e in self.events if e.get("type") == "misdeal"), None)

    def seat(self, name: str) -> int:
        return self.players.index(name)


@dataclass(frozen=True, slots=True)
class FinalPokerRecord:
    """One final poker deal for the chips left on the layout (5.7): five cards each, no antes, no spare."""

    game: str
    players: tuple[str, ...]
    dealer: str
    options: Mapping[str, Any] = field(default_factory=dict)
    hand: int | None = None
    layout: Layout | None = None  # the chips left on the layout before this final deal (None: from the session)
    pot: int | None = None  # chips played for (final_pots "several"); None: everything left on the layout
    deal: tuple[tuple[Card, ...], ...] | None = None  # by seat: the five cards each
    poker: PokerRecord = PokerRecord()
    cut: str | None = None  # the winner of the cut for a split's odd chips (final_tie "cut")
    id: str | None = None

    def seat(self, name: str) -> int:
        return self.players.index(name)


AnyRecord = TripoliRecord | FinalPokerRecord


# --- reading ---------------------------------------------------------------------------------------

def loads(text: str) -> AnyRecord:
    """A record from JSON text.

    :raises RecordSyntaxError: bad JSON or a badly shaped record.
    """
    return from_json(decode(text))


def dumps(record: AnyRecord) -> str:
    """The canonical JSON text of a record (one line)."""
    return json.dumps(to_json(record), ensure_ascii=False)


def from_json(value: Any, defaults: Mapping[str, Any] | None = None) -> AnyRecord:
    """A deal record, or a final poker record when it says ``"final": true``.

    ``defaults`` fill the fields a session already gives (game, options, players, dealer, hand).

    :raises RecordSyntaxError: a missing or badly shaped field.
    """
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('a Tripoli record must be a JSON object'))
    data = {**defaults, **value} if defaults else dict(value)
    final = data.get("final", False)
    if not isinstance(final, bool):
        raise RecordSyntaxError(Said('final must be true or false, not %(final)s', final=shown(final)))
    return _final(data) if final else _deal(data)


def _deal(data: Mapping[str, Any]) -> TripoliRecord:
    game, players, dealer, options, hand, record_id = read_head(data, RECORD_FIELDS, "Tripoli record")
    layout = data.get("layout")
    deal = data.get("deal")
    spare_hand = data.get("spare_hand")
    suit = data.get("paying_suit")
    sequence = data.get("sequence")
    events = read_events(players, data.get("events"))
    if events:
        staged = next((k for k in STAGE_FIELDS if data.get(k) is not None), None)
        if staged is not None:
            raise RecordSyntaxError(Said("a misdeal voids the deal: the record has no %(staged)s (only the misdeal)",
                                         staged=staged))
    antes_in = data.get("antes_in")
    if antes_in is not None and not isinstance(antes_in, bool):
        raise RecordSyntaxError(Said('antes_in must be true or false, not %(antes_in)s', antes_in=shown(antes_in)))
    if sequence is not None and sequence not in SEQUENCES:
        raise RecordSyntaxError(Said('sequence must be three ranks such as "8-9-10" (%(sequences)s), not '
                                     "%(sequence)s", sequences=', '.join(SEQUENCES), sequence=shown(sequence)))
    return TripoliRecord(
        game=game,
        players=players,
        dealer=dealer,
        options=options,
        hand=hand,
        layout=None if layout is None else Layout.from_json(layout),
        deal=None if deal is None else read_hands(players, "deal", deal),
        spare_hand=None if spare_hand is None else read_cards("spare_hand", spare_hand),
        spare=read_spare(players, data.get("spare")),
        bid=None if data.get("bid") is None else read_bid(players, data["bid"]),
        paying_suit=None if suit is None else read_suit("paying_suit", suit),
        sequence=sequence,
        claims=None if data.get("claims") is None else read_claims(players, data["claims"]),
        poker=None if data.get("poker") is None else read_poker(players, data["poker"]),
        michigan=None if data.get("michigan") is None else read_michigan(players, data["michigan"]),
        id=record_id,
        events=events,
        antes_in=antes_in,
    )


def _final(data: Mapping[str, Any]) -> FinalPokerRecord:
    game, players, dealer, options, hand, record_id = read_head(data, FINAL_FIELDS, "final poker record")
    pot = data.get("pot")
    if pot is not None and not whole(pot, 1):
        raise RecordSyntaxError(Said('pot must be a whole number of chips from 1, not %(pot)s', pot=shown(pot)))
    deal = data.get("deal")
    poker = data.get("poker")
    if poker is None:
        raise RecordSyntaxError(Said('a final poker record needs "poker": the betting (or the bets) and the winners'))
    cut = data.get("cut")
    return FinalPokerRecord(
        game=game,
        players=players,
        dealer=dealer,
        options=options,
        hand=hand,
        layout=None if data.get("layout") is None else Layout.from_json(data["layout"]),
        pot=pot,
        deal=None if deal is None else read_hands(players, "deal", deal),
        poker=read_poker(players, poker),
        cut=None if cut is None else read_player(players, "cut", cut),
        id=record_id,
    )


# --- writing ---------------------------------------------------------------------------------------

def to_json(record: AnyRecord) -> dict[str, Any]:
    """The canonical JSON object of a record: fixed key order, canonical cards, absent fields left out."""
    if isinstance(record, FinalPokerRecord):
        return _final_json(record)
    names = record.players
    out = head_json(record)
    if record.layout is not None:
        out["layout"] = {k: v for k, v in record.layout.to_json().items() if v}
    if record.antes_in is not None:
        out["antes_in"] = record.antes_in
    if record.events:
        out["events"] = [dict(e) for e in record.events]
    if record.deal is not None:
        out["deal"] = _per_player_json(names, record.deal, _codes)
    if record.spare_hand is not None:
        out["spare_hand"] = _codes(record.spare_hand)
    spare = record.spare
    if spare != SpareAction():
        out["spare"] = spare.action if spare.buyer is None else {"action": spare.action, "buyer": spare.buyer, "price": spare.price}
    if record.bid is not None:
        out["bid"] = _bid_json(record.bid)
    if record.paying_suit is not None:
        out["paying_suit"] = record.paying_suit.value
    if record.sequence is not None:
        out["sequence"] = record.sequence
    if record.claims is not None:
        out["claims"] = {space.value: (list(takers) if space is Space.SEQ else takers[0] if takers else None)
                         for space, takers in record.claims}
    if record.poker is not None:
        out["poker"] = _poker_json(names, record.poker)
    if record.michigan is not None:
        out["michigan"] = _michigan_json(names, record.michigan)
    return out


def _final_json(record: FinalPokerRecord) -> dict[str, Any]:
    out = head_json(record)
    out["final"] = True
    if record.layout is not None:
        out["layout"] = {k: v for k, v in record.layout.to_json().items() if v}
    if record.pot is not None:
        out["pot"] = record.pot
    if record.deal is not None:
        out["deal"] = _per_player_json(record.players, record.deal, _codes)
    out["poker"] = _poker_json(record.players, record.poker)
    if record.cut is not None:
        out["cut"] = record.cut
    return out


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _per_player_json(names: Sequence[str], values: Sequence[Any], write: Any) -> dict[str, Any]:
    return {name: write(v) for name, v in zip(names, values) if v is not None}


def _bid_json(bid: PayingSuitBid) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if bid.bids is not None:
        out["bids"] = [[b.player, "pass" if b.amount is None else b.amount] for b in bid.bids]
    else:
        out["winner"] = bid.winner
        if bid.winner is not None:
            out["amount"] = bid.amount
    if bid.suit is not None:
        out["suit"] = bid.suit.value
    return out


def _poker_json(names: Sequence[str], poker: PokerRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if poker.hands is not None:
        out["hands"] = _per_player_json(names, poker.hands, _codes)
    if poker.betting is not None:
        out["betting"] = [[a.player, a.kind] + ([] if a.amount is None else [a.amount]) for a in poker.betting]
    if poker.bets is not None:
        out["bets"] = _per_player_json(names, poker.bets, int)
    if poker.winners is not None:
        out["winners"] = list(poker.winners)
    return out


def _michigan_json(names: Sequence[str], michigan: MichiganRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if michigan.leader is not None:
        out["leader"] = michigan.leader
    if michigan.play is not None:
        out["play"] = [item.card.code if item.player is None else [item.player, item.card.code] for item in michigan.play]
    if michigan.out is not None:
        out["out"] = michigan.out
    if michigan.block:
        out["block"] = True
    if michigan.left is not None:
        out["left"] = _per_player_json(names, michigan.left, int)
    return out
