"""Reading the fields of a Reversis record from decoded JSON: shapes, names, cards (errors: exit 2).

Whether what they say is legal is ``replay``'s job; these readers only refuse what cannot be read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import fields as common
from ..cards import Card
from ..errors import Said, RecordSyntaxError, shown
from ..renaming import NameFields

# Where a Reversis hand or session names players (``Family.renamed``).
NAME_FIELDS = NameFields(
    named=frozenset({"players", "dealer", "first_dealer", "leader", "player", "winner", "broken_by"}),
    keyed=frozenset({"deal", "face_down", "exchanges", "taken"}),
    paired=frozenset({"play"}),
)
from ..fields import read_player as read_player, read_players as read_players, whole as whole  # re-exported for record.py
from ..cards import PlayItem
from .actions import EVENT_FIELDS, HOWS, MISDEAL_REASONS, CardEntry, Event, ReversisEntry, Taken
from .rules import GAME, PAYING_CARDS, TRICKS


Head = tuple[tuple[str, ...], str, dict[str, Any], int | None, str | None]


def read_head(data: Mapping[str, Any], fields: Sequence[str], kind: str) -> Head:
    """Players, dealer, options, hand number and id (``engine.fields``); the game must be reversis."""
    _, *head = common.read_head(data, fields, kind, (GAME,), '"reversis"')
    return tuple(head)  # type: ignore[return-value]


def read_cards(what: str, value: Any) -> tuple[Card, ...]:
    return common.read_cards(what, value, "Reversis")


def read_card(what: str, value: Any) -> Card:
    return common.read_card(what, value, "Reversis")


def per_player(players: tuple[str, ...], what: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('%(what)s must be an object of player names and values', what=what))
    for name in value:
        read_player(players, what, name)
    return value


def read_deal(players: tuple[str, ...], value: Any) -> tuple[tuple[Card, ...], ...]:
    """``deal``: every player's cards as dealt (the dealer's include the face-down card he dealt himself)."""
    data = per_player(players, "deal", value)
    missing = [p for p in players if p not in data]
    if missing:
        raise RecordSyntaxError(Said("deal has no cards for %(missing)s: give every player's hand", missing=missing[0]))
    return tuple(read_cards(f"deal of {p}", data[p]) for p in players)


def read_face_down(players: tuple[str, ...], value: Any) -> tuple[Card | None, ...]:
    """``face_down``: the card dealt face down in front of each player other than the dealer (by seat)."""
    data = per_player(players, "face_down", value)
    return tuple(None if data.get(p) is None else read_card(f"face_down of {p}", data[p]) for p in players)


def read_exchanges(players: tuple[str, ...], value: Any) -> tuple[tuple[str, Card | None], ...]:
    """``exchanges``: per player, the card he discarded to take up his face-down card, or null (declined)."""
    data = per_player(players, "exchanges", value)
    return tuple((p, None if data[p] is None else read_card(f"exchanges of {p}", data[p])) for p in players if p in data)


def read_play(players: tuple[str, ...], value: Any) -> tuple[PlayItem, ...]:
    if isinstance(value, str):
        return tuple(PlayItem(c) for c in read_cards("play", value))
    if not isinstance(value, list):
        raise RecordSyntaxError(Said('play must be a list of the cards played, in order'))
    items = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            items.append(PlayItem(read_card(f"play[{i}]", item)))
        elif isinstance(item, list) and len(item) == 2:
            items.append(PlayItem(read_card(f"play[{i}]", item[1]), read_player(players, f"play[{i}]", item[0])))
        else:
            raise RecordSyntaxError(Said("play[%(index)s] must be a card or [player, card], not %(value)s", index=i,
                                         value=shown(item)))
    return tuple(items)


def read_events(players: tuple[str, ...], value: Any) -> tuple[Event, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RecordSyntaxError(Said('events must be a list of objects'))
    events = []
    for i, raw in enumerate(value):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("type"), str) or raw["type"] not in EVENT_FIELDS:
            raise RecordSyntaxError(Said("events[%(index)s] must be an object whose type is one of %(types)s", index=i,
                                         types=', '.join(EVENT_FIELDS)))
        kind = raw["type"]
        allowed = {"type", *EVENT_FIELDS[kind], *(("declared",) if kind == "espagnolette" else ())}
        unknown = [k for k in raw if k not in allowed]
        if unknown:
            raise RecordSyntaxError(Said("events[%(index)s] (%(kind)s) has no field %(field)s", index=i, kind=kind,
                                         field=shown(unknown[0])))
        for key in EVENT_FIELDS[kind]:
            if key not in raw:
                raise RecordSyntaxError(Said("events[%(index)s] (%(kind)s) needs %(key)s", index=i, kind=kind,
                                             key=shown(key)))
        player = None if "player" not in raw else read_player(players, f"events[{i}]", raw["player"])
        trick = raw.get("trick")
        if trick is not None and not whole(trick, 1, TRICKS):
            raise RecordSyntaxError(Said("events[%(index)s]: trick must be a whole number from 1 to %(tricks)s",
                                         index=i, tricks=TRICKS))
        declared = raw.get("declared", True)
        if not isinstance(declared, bool):
            raise RecordSyntaxError(Said('events[%(index)s]: declared must be true or false', index=i))
        reason = raw.get("reason")
        if kind == "misdeal" and reason not in MISDEAL_REASONS:
            raise RecordSyntaxError(Said("events[%(index)s]: a misdeal's reason is one of %(reasons)s", index=i,
                                         reasons=', '.join(MISDEAL_REASONS)))
        events.append(Event(kind, player, trick, declared, reason))
    return tuple(events)


def read_taken(players: tuple[str, ...], value: Any) -> tuple[Taken, ...]:
    """The quick result: every player's tricks and card points."""
    data = per_player(players, "taken", value)
    out = []
    for p in players:
        entry = data.get(p)
        if not isinstance(entry, Mapping) or set(entry) != {"tricks", "points"}:
            raise RecordSyntaxError(Said('taken of %(player)s must be {"tricks": n, "points": n} (every player)',
                                         player=p))
        if not whole(entry["tricks"], 0, TRICKS) or not whole(entry["points"], 0):
            raise RecordSyntaxError(Said("taken of %(player)s: tricks 0 to %(tricks)s and points from 0, not "
                                         "%(value)s", player=p, tricks=TRICKS, value=shown(dict(entry))))
        out.append(Taken(entry["tricks"], entry["points"]))
    return tuple(out)


def read_quinola_aces(players: tuple[str, ...], value: Any) -> tuple[CardEntry | None, ...]:
    """Per paying card (JH AS AH AD AC, in that order): where it went, or None (in the talon, or never played)."""
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said('quinola_aces must be an object: for JH and each ace, how it was played, or null'))
    found: dict[Card, CardEntry | None] = {}
    for key, raw in value.items():
        c = read_card("quinola_aces", key)
        if c not in PAYING_CARDS:
            raise RecordSyntaxError(Said("quinola_aces: only JH and the aces move fish in play, not %(card)s",
                                         card=c.label))
        if c in found:
            raise RecordSyntaxError(Said('quinola_aces: %(card)s is named twice', card=c.label))
        found[c] = None if raw is None else _card_entry(players, c, raw)
    missing = [c for c in PAYING_CARDS if c not in found]
    if missing:
        raise RecordSyntaxError(Said("quinola_aces: say how %(missing)s was played, or null when it was not (the "
                                     "talon)", missing=missing[0].label))
    return tuple(found[c] for c in PAYING_CARDS)


def _card_entry(players: tuple[str, ...], c: Card, raw: Any) -> CardEntry:
    what = f"quinola_aces {c.label}"
    if not isinstance(raw, Mapping):
        raise RecordSyntaxError(Said('%(what)s must be {"player", "trick", "how", "leader", "winner"} or null',
                                     what=what))
    unknown = [k for k in raw if k not in ("player", "trick", "how", "leader", "winner")]
    if unknown:
        raise RecordSyntaxError(Said('%(what)s has no field %(field)s', what=what, field=shown(unknown[0])))
    player = read_player(players, f"{what} player", raw.get("player"))
    trick: Any = raw.get("trick")
    if not whole(trick, 1, TRICKS):
        raise RecordSyntaxError(Said("%(what)s: trick must be a whole number from 1 to %(tricks)s, not %(trick)s",
                                     what=what, tricks=TRICKS, trick=shown(trick)))
    how = raw.get("how")
    if how not in HOWS:
        raise RecordSyntaxError(Said("%(what)s: how is one of %(choices)s, not %(how)s", what=what,
                                     choices=', '.join(HOWS), how=shown(how)))
    leader = player if how == "led" and raw.get("leader") is None else read_player(players, f"{what} leader", raw.get("leader"))
    winner = read_player(players, f"{what} winner", raw.get("winner"))
    return CardEntry(c, player, int(trick), str(how), leader, winner)


def read_reversis(players: tuple[str, ...], value: Any) -> ReversisEntry:
    if isinstance(value, str):
        value = {"player": value}
    if not isinstance(value, Mapping) or "player" not in value or not set(value) <= {"player", "broken_by", "trick"}:
        raise RecordSyntaxError(Said('reversis must be {"player": P} (made) or {"player": P, "broken_by": Q, '
                                     '"trick": 10}'))
    player = read_player(players, "reversis player", value["player"])
    broken_by: Any = value.get("broken_by")
    trick: Any = value.get("trick")
    if broken_by is None and trick is None:
        return ReversisEntry(player)
    if broken_by is None or not whole(trick, 10, TRICKS):
        raise RecordSyntaxError(Said('a broken reversis needs broken_by (who won the trick) and trick (10 or 11)'))
    return ReversisEntry(player, read_player(players, "reversis broken_by", broken_by), int(trick))
