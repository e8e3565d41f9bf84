"""Reading the fields of a Tripoli record from decoded JSON: shapes, names, cards (errors: exit 2).

Whether what they say is legal is ``replay``'s job; these readers only refuse what cannot be read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import fields as common
from ..cards import Card, Suit
from ..errors import Said, RecordSyntaxError, shown
from ..fields import read_player as read_player, read_players as read_players, whole as whole  # re-exported for record.py
from ..fields import read_text
from ..cards import PlayItem
from ..fields import EVENT_COMMON, MAX_NOTE, MISDEAL_OPTIONAL, MISDEAL_REASONS, MISDEAL_REQUIRED
from .actions import BET_KINDS, SPARE_ACTIONS, BetAction, Bid, MichiganRecord, PayingSuitBid, PokerRecord, SpareAction
from .layout import SPACES, Space, parse_space
from .rules import GAMES
from ..renaming import NameFields

# Where a Tripoli hand or session names players (``Family.renamed``).
NAME_FIELDS = NameFields(
    named=frozenset({"players", "dealer", "first_dealer", "player", "winner", "winners", "leader", "out", "cut",
                     "buyer"}),
    keyed=frozenset({"deal", "hands", "bets", "left"}),
    paired=frozenset({"bids", "betting", "play"}),
    valued=frozenset({"claims"}),
)

POKER_FIELDS = ("hands", "betting", "bets", "winners")
MICHIGAN_FIELDS = ("leader", "play", "out", "block", "left")
BID_FIELDS = ("bids", "winner", "amount", "suit")


def read_head(data: Mapping[str, Any], fields: Sequence[str], kind: str) -> common.Head:
    """Game, players, dealer, options, hand number and id (``engine.fields``): a game of this package."""
    return common.read_head(data, fields, kind, GAMES, Said("%(first)s or %(then)s", first="tripoli, rummoli", then="cosmo"))


def _object(value: Any, what: str, fields: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('%(what)s must be an object (%(fields)s)', what=what, fields=', '.join(fields)))
    unknown = [k for k in value if k not in fields]
    if unknown:
        raise RecordSyntaxError(Said("unknown field %(field)s in %(what)s (its fields: %(fields)s)",
                                     field=shown(unknown[0]), what=what, fields=', '.join(fields)))
    return value


def read_cards(what: str, value: Any) -> tuple[Card, ...]:
    return common.read_cards(what, value, "Tripoli")


def _card(what: str, value: Any) -> Card:
    return common.read_card(what, value, "Tripoli")


def read_suit(what: str, value: Any) -> Suit:
    text = value.strip().upper() if isinstance(value, str) else None
    for suit in Suit:
        if text in (suit.value, suit.name, suit.noun.upper()):
            return suit
    raise RecordSyntaxError(Said('%(what)s must be a suit (S, H, D, C), not %(value)s', what=what, value=shown(value)))


def read_hands(players: tuple[str, ...], what: str, value: Any) -> tuple[tuple[Card, ...], ...]:
    """Card lists for every player (``deal``): all seats must be present."""
    by_seat = _per_player(players, what, value, lambda name, v: read_cards(f"{what} of {name}", v))
    missing = [players[s] for s, v in enumerate(by_seat) if v is None]
    if missing:
        raise RecordSyntaxError(Said("%(what)s has no cards for %(missing)s: give every player's hand", what=what,
                                     missing=missing[0]))
    return tuple(v for v in by_seat if v is not None)


def _per_player(players: tuple[str, ...], what: str, value: Any, read: Any) -> tuple[Any, ...]:
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('%(what)s must be an object of player names and values', what=what))
    out: list[Any] = [None] * len(players)
    for name, v in value.items():
        out[players.index(read_player(players, what, name))] = read(name, v)
    return tuple(out)


def read_spare(players: tuple[str, ...], value: Any) -> SpareAction:
    if value is None:
        return SpareAction()
    if isinstance(value, str):
        value = {"action": value}
    data = _object(value, "spare", ("action", "buyer", "price"))
    action = data.get("action")
    if action not in SPARE_ACTIONS:
        raise RecordSyntaxError(Said("spare action must be one of %(actions)s, not %(action)s",
                                     actions=', '.join(SPARE_ACTIONS), action=shown(action)))
    buyer, price = data.get("buyer"), data.get("price")
    if action in ("auction", "swap-then-auction"):
        if buyer is None or price is None:
            raise RecordSyntaxError(Said("spare %(action)s needs the buyer and the price (an auction nobody bought "
                                         "is recorded as keep or swap)", action=action))
        buyer = read_player(players, "spare buyer", buyer)
        if isinstance(price, bool) or not isinstance(price, int):
            raise RecordSyntaxError(Said("spare price must be a whole number of chips, not %(price)s",
                                         price=shown(price)))
    elif buyer is not None or price is not None:
        raise RecordSyntaxError(Said('spare %(action)s has no buyer or price', action=action))
    return SpareAction(action, buyer, price)


def read_bid(players: tuple[str, ...], value: Any) -> PayingSuitBid:
    data = _object(value, "bid", BID_FIELDS)
    suit = None if data.get("suit") is None else read_suit("bid suit", data["suit"])
    if "bids" in data:
        if "winner" in data or "amount" in data:
            raise RecordSyntaxError(Said('bid: give either every call (bids) or only the winner and amount, not both'))
        calls = data["bids"]
        if not isinstance(calls, list):
            raise RecordSyntaxError(Said('bid bids must be a list of [player, chips] or [player, "pass"]'))
        bids = []
        for i, item in enumerate(calls):
            if not (isinstance(item, list) and len(item) == 2):
                raise RecordSyntaxError(Said('bid bids[%(index)s] must be [player, chips] or [player, "pass"], not '
                                             "%(value)s", index=i, value=shown(item)))
            name = read_player(players, f"bid bids[{i}]", item[0])
            amount = item[1]
            if amount == "pass":
                bids.append(Bid(name, None))
            elif isinstance(amount, int) and not isinstance(amount, bool):
                bids.append(Bid(name, amount))
            else:
                raise RecordSyntaxError(Said('bid bids[%(index)s]: a call is a number of chips or "pass", not '
                                             "%(amount)s", index=i, amount=shown(amount)))
        return PayingSuitBid(bids=tuple(bids), suit=suit)
    winner, amount = data.get("winner"), data.get("amount")
    if winner is None:
        if amount is not None or suit is not None:
            raise RecordSyntaxError(Said('bid: with no winner (everyone passed) there is no amount and no suit'))
        return PayingSuitBid()
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RecordSyntaxError(Said("bid amount must be a whole number of chips, not %(amount)s",
                                     amount=shown(amount)))
    return PayingSuitBid(winner=read_player(players, "bid winner", winner), amount=amount, suit=suit)


def read_claims(players: tuple[str, ...], value: Any) -> tuple[tuple[Space, tuple[str, ...]], ...]:
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('claims must be an object of layout spaces and who took them, such as {"AH": '
                                     '"Ann"}'))
    found: dict[Space, tuple[str, ...]] = {}
    for key, who in value.items():
        space = parse_space(key, "claims")
        if space in (Space.KITTY, Space.POT):
            raise RecordSyntaxError(Said("claims: %(space)s is won in stage 3 or in the poker, not claimed",
                                         space=space))
        if space in found:
            raise RecordSyntaxError(Said('claims: %(space)s is named twice', space=space))
        names = [] if who is None else [who] if isinstance(who, str) else who
        if not isinstance(names, list):
            raise RecordSyntaxError(Said("claims: %(space)s is taken by a player, a list of players (SEQ) or null",
                                         space=space))
        takers = tuple(read_player(players, f"claims {space}", n) for n in names)
        if len(set(takers)) != len(takers):
            raise RecordSyntaxError(Said('claims: %(space)s names %(taker)s twice', space=space, taker=takers[0]))
        if len(takers) > 1 and space is not Space.SEQ:
            raise RecordSyntaxError(Said('claims: only SEQ can be shared; %(space)s has one taker', space=space))
        found[space] = takers
    return tuple((space, found[space]) for space in SPACES if space in found)


def read_poker(players: tuple[str, ...], value: Any) -> PokerRecord:
    data = _object(value, "poker", POKER_FIELDS)
    hands = None
    if data.get("hands") is not None:
        hands = _per_player(players, "poker hands", data["hands"],  # null: not shown
                            lambda n, v: None if v is None else read_cards(f"poker hand of {n}", v))
    betting = None if data.get("betting") is None else _betting(players, data["betting"])
    bets = None
    if data.get("bets") is not None:
        if betting is not None:
            raise RecordSyntaxError(Said("poker: give either the betting actions or each player's bets, not both"))
        bets = _per_player(players, "poker bets", data["bets"], lambda n, v: _count(f"poker bets of {n}", v))
    winners = None
    if data.get("winners") is not None:
        w = data["winners"]
        names = [w] if isinstance(w, str) else w
        if not isinstance(names, list) or not names:
            raise RecordSyntaxError(Said('poker winners must be a player or a non-empty list of players'))
        winners = tuple(read_player(players, "poker winners", n) for n in names)
        if len(set(winners)) != len(winners):
            raise RecordSyntaxError(Said('poker winners names a player twice'))
        winners = tuple(p for p in players if p in winners)  # seat order, as written back
    return PokerRecord(hands=hands, betting=betting, bets=bets, winners=winners)


def _count(what: str, value: Any) -> int:
    if not whole(value, 0):
        raise RecordSyntaxError(Said("%(what)s must be a whole number from 0, not %(value)s", what=what,
                                     value=shown(value)))
    return int(value)


def _betting(players: tuple[str, ...], value: Any) -> tuple[BetAction, ...]:
    if not isinstance(value, list):
        raise RecordSyntaxError(Said('poker betting must be a list of [player, action] or [player, action, chips]'))
    actions = []
    for i, item in enumerate(value):
        if not isinstance(item, list) or len(item) not in (2, 3):
            raise RecordSyntaxError(Said("poker betting[%(index)s] must be [player, action] or [player, action, "
                                         "chips], not %(value)s", index=i, value=shown(item)))
        name = read_player(players, f"poker betting[{i}]", item[0])
        kind = item[1]
        if kind not in BET_KINDS:
            raise RecordSyntaxError(Said("poker betting[%(index)s]: the action is one of %(bet_kinds)s, not %(kind)s",
                                         index=i, bet_kinds=', '.join(BET_KINDS), kind=shown(kind)))
        amount = item[2] if len(item) == 3 else None
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise RecordSyntaxError(Said("poker betting[%(index)s]: %(kind)s %(amount)s: chips are a whole number",
                                         index=i, kind=kind, amount=shown(amount)))
        if kind in ("bet", "raise") and amount is None:
            raise RecordSyntaxError(Said("poker betting[%(index)s]: %(player)s %(kind)ss how many chips? write "
                                         "[%(name2)s, %(kind2)s, chips]", index=i, player=name, kind=kind,
                                         name2=shown(name), kind2=shown(kind)))
        if kind in ("check", "fold") and amount is not None:
            raise RecordSyntaxError(Said('poker betting[%(index)s]: a %(kind)s puts in no chips', index=i, kind=kind))
        actions.append(BetAction(name, kind, amount))
    return tuple(actions)


def read_events(players: tuple[str, ...], value: Any) -> tuple[Mapping[str, Any], ...]:
    """``events``: a Tripoli deal says only one thing beside its stages, a misdeal (4.2, AMB-49), in the
    same shape as the trick-taking records: ``{"type": "misdeal", "reason": ..., "player"?, "note"?}``."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RecordSyntaxError(Said('events must be a list of objects'))
    allowed = frozenset((*EVENT_COMMON, *MISDEAL_REQUIRED, *MISDEAL_OPTIONAL))
    events = []
    for i, event in enumerate(value):
        if not isinstance(event, Mapping) or event.get("type") != "misdeal":
            raise RecordSyntaxError(Said('events[%(index)s]: a Tripoli deal records only a misdeal, {"type": '
                                         '"misdeal", "reason": ...}', index=i))
        unknown = next((k for k in event if k not in allowed), None)
        if unknown is not None:
            raise RecordSyntaxError(Said("events[%(index)s] (misdeal) has no field %(field)s: it has %(number)s",
                                         index=i, field=shown(unknown), number=', '.join(sorted(allowed - {'type'}))))
        if event.get("reason") not in MISDEAL_REASONS:
            raise RecordSyntaxError(Said("events[%(index)s]: a misdeal's reason is one of %(reasons)s", index=i,
                                         reasons=', '.join(MISDEAL_REASONS)))
        if "player" in event:
            read_player(players, f"events[{i}]", event["player"])
        if "note" in event:
            read_text(event["note"], f"events[{i}]: the note", MAX_NOTE)
        events.append(dict(event))
    if len(events) > 1:
        raise RecordSyntaxError(Said('events: a deal has one misdeal at most (the same dealer deals again)'))
    return tuple(events)


def read_michigan(players: tuple[str, ...], value: Any) -> MichiganRecord:
    data = _object(value, "michigan", MICHIGAN_FIELDS)
    leader = None if data.get("leader") is None else read_player(players, "michigan leader", data["leader"])
    play = None if data.get("play") is None else _play(players, data["play"])
    out = None if data.get("out") is None else read_player(players, "michigan out", data["out"])
    block = data.get("block", False)
    if not isinstance(block, bool):
        raise RecordSyntaxError(Said('michigan block must be true or false, not %(block)s', block=shown(block)))
    if block and out is not None:
        raise RecordSyntaxError(Said('michigan: the play ends by someone going out or by a block, not both'))
    left = None
    if data.get("left") is not None:
        left = _per_player(players, "michigan left", data["left"], lambda n, v: _count(f"michigan left of {n}", v))
    return MichiganRecord(leader=leader, play=play, out=out, block=block, left=left)


def _play(players: tuple[str, ...], value: Any) -> tuple[PlayItem, ...]:
    if isinstance(value, str):
        return tuple(PlayItem(c) for c in read_cards("michigan play", value))
    if not isinstance(value, list):
        raise RecordSyntaxError(Said('michigan play must be a list of cards played, in order'))
    items = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            items.append(PlayItem(_card(f"michigan play[{i}]", item)))
        elif isinstance(item, list) and len(item) == 2:
            items.append(PlayItem(_card(f"michigan play[{i}]", item[1]), read_player(players, f"michigan play[{i}]", item[0])))
        else:
            raise RecordSyntaxError(Said("michigan play[%(index)s] must be a card or [player, card], not %(value)s",
                                         index=i, value=shown(item)))
    return tuple(items)
