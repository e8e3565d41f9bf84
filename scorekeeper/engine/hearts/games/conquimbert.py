"""Conquimbert, or Losing Lodam (catalogue 2.24, 3.17, AMB-34): card points, trades, late trumps.

The pack is dealt as far as it divides evenly; the extra cards are out of play (the record's
widow, top card first), and the top one is turned up for trumps the first time a player cannot
follow (``hand.ConquimbertHand``; no stock, as with four players: no trumps). The ten ranks
second (A T K Q J 9 ... 2), and A 11, T 10, K 3, Q 2, J 1 count for the trick's winner. Before
trick 1 a player may ask for a trade: a coat for a coat (K, Q, J) or a card for a card (A, T); a
trade of two cards of the same suit is reversed, and that pair may not try that kind again.
This module is the ruleset and the trades; the lives are the settlement's (``conquimbert-lives``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import ALL_CARDS, Card, Rank, card
from ...errors import InconsistentRecord, Said
from ...options import OptionSpec
from ..records import HandRecord
from ..ruleset import Ruleset
from ...seating import Seating
from .registry import GameDef, register

CARD_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}  # 27 a suit, 108 a pack
KINDS = {Rank.KING: "coat", Rank.QUEEN: "coat", Rank.JACK: "coat", Rank.ACE: "card", Rank.TEN: "card"}


def _conquimbert(opts: Mapping[str, Any]) -> Ruleset:
    trades = opts["trades_per_player"]
    return Ruleset(
        game="conquimbert", name="Conquimbert", options=dict(opts), deal="all-equal",
        min_players=2, max_players=10,  # 3 to 10 start a game (conquimbert-lives); two are left at its end
        values={c: CARD_POINTS[c.rank] for c in ALL_CARDS if c.rank in CARD_POINTS},
        moon=None, heart_unit=False, rank_order="ten-second", leftover="out", trumps="first-void",
        trades_per_player=None if trades == "unlimited" else trades, lives=3,
        revoke_penalty=0,  # 4.1 HOUSE: an established revoke scores no card points; it costs the offender a life
        settlement="conquimbert-lives", settlements=("conquimbert-lives",), target=None,
    )


register(GameDef(
    "conquimbert", "Conquimbert",
    {"trades_per_player": OptionSpec("trades_per_player", 1, (1, "unlimited"),
                                     "AMB-34 HOUSE: the trades each player may ask for before trick 1",
                                     "Trades", "How many trades each player may ask for before the first trick", {
                                         1: ("One each", "each player may ask for one trade"),
                                         "unlimited": ("As many as he likes", "a player may go on asking")})},
    _conquimbert, aliases=("losing lodam",),
    summary="Do not take 31 card points (A 11, T 10, K 3, Q 2, J 1): each time costs a life.",
))


@dataclass(frozen=True)
class Trade:
    """A trade asked before trick 1: ``player`` gives ``card``, ``partner`` (who accepted) ``partner_card``."""

    player: int
    partner: int
    card: Card
    partner_card: Card

    @property
    def kind(self) -> str:
        """``coat`` (K, Q, J) or ``card`` (A, T)."""
        return KINDS[self.card.rank]

    @property
    def reversed(self) -> bool:
        """Two cards of one suit: the trade is reversed (AMB-34)."""
        return self.card.suit is self.partner_card.suit


def trades_of(record: HandRecord, ruleset: Ruleset, seating: Seating) -> tuple[Trade, ...]:
    """The record's trades (events ``{"type": "trade", "player", "card", "partner", "partner_card"}``,
    in the order made), checked against the rules; not yet against the cards held.

    :raises InconsistentRecord: a trade of unlike kinds, retried after a
        reversal, or one more than a player may ask for (code ``trade``).
    """
    events = [e for e in record.events if e["type"] == "trade"]
    trades: list[Trade] = []
    barred: set[tuple[frozenset[int], str]] = set()
    asked: Counter[int] = Counter()
    for e in events:
        trade = Trade(seating.seat(e["player"]), seating.seat(e["partner"]), card(e["card"]), card(e["partner_card"]))
        name, partner = e["player"], e["partner"]
        offered = f"{name}'s {trade.card.label} for {partner}'s {trade.partner_card.label}"
        if trade.player == trade.partner:
            raise InconsistentRecord(Said("%(player)s traded with %(player)s: a trade is with another player",
                                          player=name), code="trade",
                                     player=name, card=trade.card.code)
        for c in (trade.card, trade.partner_card):
            if c.rank not in KINDS:
                raise InconsistentRecord(
                    Said("%(offered)s: only a coat (K, Q, J) or a card (A, T) is traded, not %(card)s",
                         offered=str(offered), card=c), code="trade",
                    player=name, card=c.code,
                )
        if KINDS[trade.partner_card.rank] != trade.kind:
            raise InconsistentRecord(
                Said("%(offered)s: a coat (K, Q, J) is traded for a coat, an ace or ten for an ace or ten",
                     offered=str(offered)), code="trade",
                player=name, card=trade.card.code,
            )
        pair = (frozenset((trade.player, trade.partner)), trade.kind)
        if pair in barred:
            raise InconsistentRecord(
                Said("%(offered)s: their earlier %(kind)s trade was reversed (the same suit), so %(player)s and "
                     "%(partner)s may not trade a %(kind)s again (AMB-34)",
                     offered=str(offered), kind=str(trade.kind), player=name, partner=str(partner)), code="trade", player=name, card=trade.card.code,
            )
        if trade.reversed:
            barred.add(pair)
        else:
            asked[trade.player] += 1
            limit = ruleset.trades_per_player
            if limit is not None and asked[trade.player] > limit:
                raise InconsistentRecord(
                    Said("%(offered)s: %(player)s already traded; each player asks for %(limit)s "
                         "(conquimbert.trades_per_player)", offered=str(offered), player=name, limit=str(limit)), code="trade", player=name, card=trade.card.code,
                )
        trades.append(trade)
    return tuple(trades)


def trade_hands(hands: Sequence[Sequence[Card]], trades: Sequence[Trade], seating: Seating) -> list[tuple[Card, ...]]:
    """The hands after the trades, made in order; a reversed trade changes nothing.

    :raises InconsistentRecord: a card traded that its giver did not hold then (code ``trade``).
    """
    held = [list(h) for h in hands]
    for t in trades:
        for seat, c in ((t.player, t.card), (t.partner, t.partner_card)):
            if c not in held[seat]:
                raise InconsistentRecord(Said("%(player)s traded %(card)s but did not hold it",
                                              player=seating.name(seat), card=c), code="trade",
                                         player=seating.name(seat), card=c.code)
        if not t.reversed:
            held[t.player][held[t.player].index(t.card)] = t.partner_card
            held[t.partner][held[t.partner].index(t.partner_card)] = t.card
    return [tuple(h) for h in held]


def untrade_hands(played: Sequence[Sequence[Card]], trades: Sequence[Trade], seating: Seating) -> list[tuple[Card, ...]]:
    """Hands rebuilt from a whole hand's plays (after trading), traced back through the trades to the
    deal: each card a player received must be among the cards he played.

    :raises InconsistentRecord: a card received in a trade that its receiver never played (``trade``).
    """
    held = [list(h) for h in played]
    for t in reversed([t for t in trades if not t.reversed]):
        for seat, c, giver in ((t.player, t.partner_card, t.partner), (t.partner, t.card, t.player)):
            if c not in held[seat]:
                raise InconsistentRecord(
                    Said("%(player)s gave %(card)s to %(player2)s in a trade, but %(player2)s never played it",
                         player=seating.name(giver), card=c, player2=seating.name(seat)), code="trade", player=seating.name(seat), card=c.code,
                )
        held[t.player][held[t.player].index(t.partner_card)] = t.card
        held[t.partner][held[t.partner].index(t.card)] = t.partner_card
    return [tuple(h) for h in held]


def describe(trade: Trade, names: Sequence[str]) -> str:
    """``Ann traded KS for Bob's QH``, or the reversal."""
    said = f"{names[trade.player]} traded {trade.card.label} for {names[trade.partner]}'s {trade.partner_card.label}"
    return said + (f" (both {trade.card.suit.noun if trade.card.suit else ''}: reversed)" if trade.reversed else "")
