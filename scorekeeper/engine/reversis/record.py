"""Reversis hand records (FORMAT.md): JSON values in, one frozen ``ReversisRecord`` out, and back.

A record is one of three kinds:

* a **play record**: the cards played (``play``), with the deal, the discard and the
  exchanges when the table wrote them down, and the declarations (``events``);
* a **quick result** (``taken``): what each player took, where the Quinola and the aces
  went (``quinola_aces``), the Reversis if there was one: all a phone form asks for;
* a **misdeal** (an event ``misdeal`` and nothing else): the deal is void.

Reading checks shapes only; whether the hand was played by the rules is ``replay``'s job.
Writing gives the canonical form, and ``from_json(to_json(r)) == r``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..errors import Said, RecordSyntaxError, shown
from .. import jsontext
from ..jsontext import decode
from ..cards import PlayItem
from ..seam import head_json
from ..seating import Seating
from .actions import CardEntry, Event, ReversisEntry, Taken
from .fields import (
    read_card, read_cards, read_deal, read_events, read_exchanges, read_face_down, read_head, read_play, read_player,
    read_quinola_aces, read_reversis, read_taken, whole,
)
from .pools import Pools
from .rules import DECK_POINTS, PAYING_CARDS

__all__ = ["ReversisRecord", "RECORD_FIELDS", "loads", "dumps", "pretty", "from_json", "to_json"]

RECORD_FIELDS = (
    "id", "game", "options", "players", "dealer", "hand", "pools", "deal", "face_down", "discard", "exchanges",
    "talon", "talon_points", "leader", "play", "events", "taken", "quinola_aces", "reversis",
)
PLAY_ONLY = ("deal", "face_down", "discard", "exchanges", "leader")
QUICK_ONLY = ("quinola_aces", "reversis", "talon_points")


@dataclass(frozen=True, slots=True)
class ReversisRecord:
    """One hand of Reversis as the table recorded it. Per-seat tuples follow ``players``."""

    players: tuple[str, ...]
    dealer: str
    game: str = "reversis"
    options: Mapping[str, Any] = field(default_factory=dict)
    hand: int | None = None
    pools: Pools | None = None  # the pools before this hand (None: from the session, or the start of a game)
    deal: tuple[tuple[Card, ...], ...] | None = None  # as dealt: the dealer 12, the others 11
    face_down: tuple[Card | None, ...] | None = None  # the card in front of each non-dealer
    discard: Card | None = None  # the dealer's discard to the talon
    exchanges: tuple[tuple[str, Card | None], ...] | None = None  # (player, card discarded | None: declined), seat order
    talon: tuple[Card, ...] | None = None
    talon_points: int | None = None  # quick result: the talon's card points, when its cards were not written down
    leader: str | None = None
    play: tuple[PlayItem, ...] | None = None
    events: tuple[Event, ...] = ()
    taken: tuple[Taken, ...] | None = None  # quick result, by seat
    quinola_aces: tuple[CardEntry | None, ...] | None = None  # quick result: JH AS AH AD AC
    reversis: ReversisEntry | None = None  # quick result
    id: str | None = None

    @property
    def is_result(self) -> bool:
        """A quick result: what each player took instead of the cards played."""
        return self.taken is not None

    @property
    def misdeal(self) -> Event | None:
        return next((e for e in self.events if e.type == "misdeal"), None)

    def seat(self, name: str) -> int:
        return self.players.index(name)


# --- reading ---------------------------------------------------------------------------------------

def loads(text: str) -> ReversisRecord:
    """A record from JSON text.

    :raises RecordSyntaxError: bad JSON or a badly shaped record.
    """
    return from_json(decode(text))


def from_json(value: Any, defaults: Mapping[str, Any] | None = None) -> ReversisRecord:
    """A record from a decoded JSON object; ``defaults`` fill what a session already gives.

    :raises RecordSyntaxError: a missing or badly shaped field, or fields of two kinds of record mixed.
    """
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('a Reversis record must be a JSON object'))
    data = {**defaults, **value} if defaults else dict(value)
    players, dealer, options, hand, record_id = read_head(data, RECORD_FIELDS, "Reversis record")
    events = read_events(players, data.get("events"))
    present = {k for k, v in data.items() if v is not None}
    misdeal = any(e.type == "misdeal" for e in events)
    if "play" in present and "taken" in present:
        raise RecordSyntaxError(Said('a record has either the cards played (play) or a quick result (taken), not both'))
    if "taken" in present:
        extra = [k for k in PLAY_ONLY if k in present]
        if extra:
            raise RecordSyntaxError(Said("%(field)s belongs to a record of the play, not to a quick result (taken)",
                                         field=extra[0]))
        if "quinola_aces" not in present:
            raise RecordSyntaxError(Said("a quick result needs quinola_aces: how JH and each ace were played (null: "
                                         "the talon)"))
    else:
        extra = [k for k in QUICK_ONLY if k in present]
        if extra:
            raise RecordSyntaxError(Said("%(field)s belongs to a quick result (with taken), not to a record of the "
                                         "play", field=extra[0]))
        if "play" not in present and not misdeal:
            raise RecordSyntaxError(Said('the record needs the cards played (play) or a quick result (taken)'))
    if misdeal and ("play" in present or "taken" in present):
        raise RecordSyntaxError(Said('a misdeal voids the deal: the record has neither play nor taken'))
    talon_points = data.get("talon_points")
    if talon_points is not None and not whole(talon_points, 0, DECK_POINTS):
        raise RecordSyntaxError(Said("talon_points must be a whole number from 0 to %(pack_points)s, not "
                                     "%(talon_points)s", pack_points=DECK_POINTS, talon_points=shown(talon_points)))
    return ReversisRecord(
        players=players,
        dealer=dealer,
        options=options,
        hand=hand,
        pools=None if data.get("pools") is None else Pools.from_json(players, data["pools"]),
        deal=None if data.get("deal") is None else read_deal(players, data["deal"]),
        face_down=None if data.get("face_down") is None else read_face_down(players, data["face_down"]),
        discard=None if data.get("discard") is None else read_card("discard", data["discard"]),
        exchanges=None if data.get("exchanges") is None else read_exchanges(players, data["exchanges"]),
        talon=None if data.get("talon") is None else read_cards("talon", data["talon"]),
        talon_points=talon_points,
        leader=None if data.get("leader") is None else read_player(players, "leader", data["leader"]),
        play=None if data.get("play") is None else read_play(players, data["play"]),
        events=events,
        taken=None if data.get("taken") is None else read_taken(players, data["taken"]),
        quinola_aces=None if data.get("quinola_aces") is None else read_quinola_aces(players, data["quinola_aces"]),
        reversis=None if data.get("reversis") is None else read_reversis(players, data["reversis"]),
        id=record_id,
    )


# --- writing ---------------------------------------------------------------------------------------

def dumps(record: ReversisRecord) -> str:
    """The canonical JSON text of a record (one line)."""
    return json.dumps(to_json(record), ensure_ascii=False)


def to_json(record: ReversisRecord) -> dict[str, Any]:
    """The canonical JSON object: fixed key order, canonical cards, absent fields left out.

    Per-player objects list the players in the order the rules go through them: ``exchanges`` and
    ``face_down`` counter-clockwise from the dealer's right (AMB-38p), the rest in seat order.
    """
    names = record.players
    out = head_json(record)
    if record.pools is not None:
        out["pools"] = record.pools.to_json(names)
    if record.deal is not None:
        out["deal"] = {name: _codes(cs) for name, cs in zip(names, record.deal)}
    order = _from_dealers_right(names, record.dealer)
    if record.face_down is not None:
        out["face_down"] = {names[s]: c.code for s in order if (c := record.face_down[s]) is not None}
    if record.discard is not None:
        out["discard"] = record.discard.code
    if record.exchanges is not None:
        given = dict(record.exchanges)
        out["exchanges"] = {names[s]: _code(given[names[s]]) for s in order if names[s] in given}
    if record.talon is not None:
        out["talon"] = _codes(record.talon)
    if record.talon_points is not None:
        out["talon_points"] = record.talon_points
    if record.leader is not None:
        out["leader"] = record.leader
    if record.play is not None:
        out["play"] = [item.card.code if item.player is None else [item.player, item.card.code] for item in record.play]
    if record.events:
        out["events"] = [_event_json(e) for e in record.events]
    if record.taken is not None:
        out["taken"] = {name: {"tricks": t.tricks, "points": t.points} for name, t in zip(names, record.taken)}
    if record.quinola_aces is not None:
        out["quinola_aces"] = {c.code: _entry_json(e) for c, e in zip(PAYING_CARDS, record.quinola_aces)}
    if record.reversis is not None:
        r = record.reversis
        out["reversis"] = {"player": r.player} if r.made else {"player": r.player, "broken_by": r.broken_by, "trick": r.trick}
    return out


def _from_dealers_right(names: Sequence[str], dealer: str) -> tuple[int, ...]:
    """Every seat counter-clockwise: the dealer's right first, the dealer last."""
    seating = Seating(tuple(names), clockwise=False)
    return seating.order_from(seating.next(seating.seat(dealer)))


def _codes(cs: Sequence[Card]) -> list[str]:
    return [c.code for c in cs]


def _code(c: Card | None) -> str | None:
    return None if c is None else c.code


def _event_json(e: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"type": e.type}
    if e.player is not None:
        out["player"] = e.player
    if e.trick is not None:
        out["trick"] = e.trick
    if e.type == "espagnolette" and not e.declared:
        out["declared"] = False
    if e.reason is not None:
        out["reason"] = e.reason
    return out


def _entry_json(e: CardEntry | None) -> dict[str, Any] | None:
    if e is None:
        return None
    out: dict[str, Any] = {"player": e.player, "trick": e.trick, "how": e.how}
    if e.how != "led":
        out["leader"] = e.leader
    out["winner"] = e.winner
    return out


def pretty(value: Any, indent: str = "") -> str:
    """JSON text for people (examples, golden files): lists, and short objects of scalars and lists of
    scalars, on one line (``jsontext.pretty``, 100 wide)."""
    return jsontext.pretty(value, indent, width=100, flat_lists=True)
