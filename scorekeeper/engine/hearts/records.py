"""Hand and result records (the records contract, docs/command.md): JSON values in, one frozen ``HandRecord`` out, and back.

Reading checks shapes only (fields, types, card spellings, player names); whether the
cards fit the game is the replay's job. Writing gives the canonical form: cards in
canonical spelling, keys in a fixed order, absent optional fields left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from ..cards import ALL_CARDS, JOKER, Card, PlayItem as PlayItem, parse_cards
from ..errors import RecordSyntaxError, shown, Said
from .events import EVENTS, FIELDS, MAX_EVENTS
from ..fields import MAX_NOTE, MISDEAL_REASONS as MISDEAL_REASONS, read_hand_number, read_id, read_players, read_text
from ..jsontext import decode
from ..renaming import NameFields

# Where a hand or a session of the core names players (``Family.renamed``): every other field is a card,
# a count, an id or a note, however it is spelt.
NAME_FIELDS: Final = NameFields(
    named=frozenset({"players", "dealer", "first_dealer", "leader", "player", "partner"}),
    keyed=frozenset({"deal", "passes", "taken"}),
    paired=frozenset({"play"}),
)

TakenEntry = tuple[Card, ...] | Mapping[str, Any]

EVENT_TYPES = {kind: spec.required for kind, spec in EVENTS.items()}  # each event type's required fields
SUIT_CODES = ("S", "H", "D", "C")
DIRECTIONS = ("left", "right", "across", "none")
DECLINED = ("trade", "capot", "expose")  # the steps before the first lead a ``declined`` event closes
FIELD_ORDER = (
    "id", "game", "options", "players", "dealer", "hand", "pass_direction", "deal", "widow", "passes",
    "leader", "play", "events", "moon_choice", "taken",
)
RESULT_COUNTS = ("hearts", "tricks", "spots", "points", "first_trick", "last_trick")
TRICK_MARKS = ("first_trick", "last_trick")  # the tricks a result's card list may name where they are penalties
_FAST: Final[dict[str, Card]] = {c.code: c for c in ALL_CARDS} | {"JK": JOKER}  # canonical spellings: the common case
_FIELDS = frozenset(FIELD_ORDER)


# A card played with no player named, one shared (immutable) item per canonical spelling:
# reading a play list is then one C-level lookup per card instead of building a tuple.
_PLAIN_PLAYS: Final[dict[str, PlayItem]] = {code: PlayItem(c) for code, c in _FAST.items()}
# The same, by the code's two characters (their code points below 128: index a * 128 + b): a record's cards read
# without hashing each fresh string of the JSON (a hand's hundred and more).
_CODE_INDEX: Final[dict[str, int]] = {code: ord(code[0]) * 128 + ord(code[1]) for code in _FAST}
_FAST_BY_CHARS: Final[list[Card | None]] = [None] * (128 * 128)
_PLAYS_BY_CHARS: Final[list[PlayItem | None]] = [None] * (128 * 128)
for _code, _i in _CODE_INDEX.items():
    _FAST_BY_CHARS[_i], _PLAYS_BY_CHARS[_i] = _FAST[_code], _PLAIN_PLAYS[_code]


def _code_index(code: object) -> int:
    """Where a canonical code may be in ``_FAST_BY_CHARS``: -1 for anything not two characters below 128."""
    if isinstance(code, str) and len(code) == 2:
        a, b = ord(code[0]), ord(code[1])
        if a < 128 and b < 128:
            return a * 128 + b
    return -1
_NEW_DICT: Final[Mapping[str, Any]] = MappingProxyType({})  # HandRecord's default options: a new dict


@dataclass(frozen=True)
class HandRecord:
    """A hand as the table recorded it: a full record (play) or a result record (taken)."""

    game: str
    players: tuple[str, ...]
    dealer: str
    options: Mapping[str, Any] = field(default_factory=dict)
    hand: int | None = None
    pass_direction: str | None = None
    deal: Mapping[str, tuple[Card, ...]] | None = None
    widow: tuple[Card, ...] | None = None
    passes: Mapping[str, tuple[Card, ...]] | None = None
    leader: str | None = None
    play: tuple[PlayItem, ...] = ()
    events: tuple[Mapping[str, Any], ...] = ()
    moon_choice: str | None = None
    taken: Mapping[str, TakenEntry] | None = None
    id: str | None = None

    def __init__(
        self,
        game: str,
        players: tuple[str, ...],
        dealer: str,
        options: Mapping[str, Any] = _NEW_DICT,
        hand: int | None = None,
        pass_direction: str | None = None,
        deal: Mapping[str, tuple[Card, ...]] | None = None,
        widow: tuple[Card, ...] | None = None,
        passes: Mapping[str, tuple[Card, ...]] | None = None,
        leader: str | None = None,
        play: tuple[PlayItem, ...] = (),
        events: tuple[Mapping[str, Any], ...] = (),
        moon_choice: str | None = None,
        taken: Mapping[str, TakenEntry] | None = None,
        id: str | None = None,
    ) -> None:
        # The dataclass's own __init__, written out: a compiled (mypyc) build then sets the
        # fields directly instead of calling an interpreted __init__ for every record read.
        # Frozen: object.__setattr__, as the dataclass's does.
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "options", {} if options is _NEW_DICT else options)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "pass_direction", pass_direction)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "widow", widow)
        object.__setattr__(self, "passes", passes)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "play", play)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "moon_choice", moon_choice)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "id", id)

    @property
    def is_result(self) -> bool:
        """A quick result (``taken``) rather than the cards played."""
        return self.taken is not None

    @property
    def number(self) -> int:
        """The hand's number in its session (1 when not given)."""
        return self.hand or 1


def loads(text: str) -> HandRecord:
    """Read one hand record from JSON text.

    :raises RecordSyntaxError: bad JSON or a badly shaped record.
    """
    return from_json(decode(text))


def dumps(record: HandRecord) -> str:
    """The canonical JSON text of a record (one line)."""
    return json.dumps(to_json(record), ensure_ascii=False)


def from_json(value: Any, defaults: Mapping[str, Any] | None = None) -> HandRecord:
    """A record from a decoded JSON object; ``defaults`` fill fields a session already gives.

    :raises RecordSyntaxError: a missing or badly shaped field.
    """
    if type(value) is not dict and not isinstance(value, Mapping):  # a dict first: an ABC check is slow
        raise RecordSyntaxError(Said("a hand record must be a JSON object"))
    data = {**defaults, **value} if defaults else value
    if not _FIELDS.issuperset(data):
        unknown = [k for k in data if k not in _FIELDS]
        raise RecordSyntaxError(Said("unknown field %(shown)s in the hand record", shown=str(shown(unknown[0]))))
    players = read_players(data.get("players"))
    names = set(players)
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordSyntaxError(Said("the record needs \"game\", a game id such as \"black-lady\""))
    options = data.get("options") or {}
    if type(options) is not dict and not isinstance(options, Mapping):
        raise RecordSyntaxError(Said("options must be an object of option names and values"))
    if "dealer" not in data:
        raise RecordSyntaxError(Said("the record needs \"dealer\", one of the players"))
    hand = read_hand_number(data.get("hand"))
    direction = data.get("pass_direction")
    if direction is not None and direction not in DIRECTIONS:
        raise RecordSyntaxError(Said("pass_direction must be one of %(value)s, not %(shown)s",
                                     value=str(', '.join(DIRECTIONS)), shown=str(shown(direction))))
    moon_choice = data.get("moon_choice")
    if moon_choice is not None and moon_choice not in ("subtract", "add"):
        raise RecordSyntaxError(Said("moon_choice must be \"subtract\" or \"add\", not %(shown)s",
                                     shown=str(shown(moon_choice))))
    record_id = read_id(data.get("id"))
    taken = data.get("taken")
    if taken is not None:
        for key in ("deal", "passes", "play"):
            if data.get(key):
                raise RecordSyntaxError(Said("a result record (taken) cannot also have %(key)s", key=str(key)))
        taken = _taken(taken, players, names)
    widow = data.get("widow")
    return HandRecord(
        game=game,
        players=players,
        dealer=_player(players, names, "dealer", data["dealer"]),
        options=dict(options),
        hand=hand,
        pass_direction=direction,
        deal=_per_player(data, "deal", players, names),
        widow=None if widow is None else _cards("widow", widow),
        passes=_per_player(data, "passes", players, names),
        leader=None if data.get("leader") is None else _player(players, names, "leader", data["leader"]),
        play=_play(data.get("play"), players, names),
        events=_events(data.get("events"), players, names),
        moon_choice=moon_choice,
        taken=taken,
        id=record_id,
    )


def to_json(record: HandRecord) -> dict[str, Any]:
    """The canonical JSON object of a record."""
    out: dict[str, Any] = {}
    for key in FIELD_ORDER:
        value = getattr(record, key)
        if key == "options" and not value:
            continue
        if key in ("play", "events") and not value and record.is_result:
            continue
        if key == "events" and not value:
            continue
        if value is None:
            continue
        if key in ("deal", "passes"):
            value = {name: [c.code for c in cards] for name, cards in value.items()}
        elif key == "widow":
            value = [c.code for c in value]
        elif key == "play":
            value = [item.card.code if item.player is None else [item.player, item.card.code] for item in value]
        elif key == "players":
            value = list(value)
        elif key == "events":
            value = [dict(e) for e in value]
        elif key == "taken":
            value = {name: (dict(entry) if isinstance(entry, Mapping) else [c.code for c in entry])
                     for name, entry in value.items()}
        elif key == "options":
            value = dict(value)
        out[key] = value
    return out


# --- field readers -----------------------------------------------------------------------------

def _player(players: tuple[str, ...], names: set[str], key: str, v: Any) -> str:
    """``v`` when it names one of the players; RecordSyntaxError otherwise."""
    if not isinstance(v, str) or v not in names:
        raise RecordSyntaxError(Said("%(key)s: %(shown)s is not one of the players (%(value)s)",
                                     key=str(key), shown=str(shown(v)), value=str(', '.join(players))))
    return str(v)


def _per_player(data: Mapping[str, Any], key: str, players: tuple[str, ...], names: set[str]) -> dict[str, tuple[Card, ...]] | None:
    """A field of card lists by player name (``deal``, ``passes``), or None when absent."""
    v = data.get(key)
    if v is None:
        return None
    if type(v) is not dict and not isinstance(v, Mapping):
        raise RecordSyntaxError(Said("%(key)s must be an object of player names and card lists", key=str(key)))
    out = {}
    for name, cards in v.items():
        name = _player(players, names, key, name)
        out[name] = _canonical_cards(cards) or _cards(f"{key} of {name}", cards)
    return out


def _canonical_cards(value: Any) -> tuple[Card, ...] | None:
    """A list of canonically spelled cards, or None: then ``_cards`` reads it or words the error."""
    if isinstance(value, list):
        cards: list[Card] = []
        for code in value:
            i = _code_index(code)
            c = _FAST_BY_CHARS[i] if i >= 0 else None
            if c is None:
                return None  # not canonical, or not a string
            cards.append(c)
        return tuple(cards)
    return None


def _cards(what: str, value: Any) -> tuple[Card, ...]:
    if isinstance(value, list):
        try:
            return tuple([_FAST[code] for code in value])  # canonical spellings: the common case
        except (KeyError, TypeError):
            pass
    if not isinstance(value, (str, list)):
        raise RecordSyntaxError(Said("%(what)s: a card list is an array of cards or one string of cards",
                                     what=str(what)))
    try:
        return parse_cards(value)
    except RecordSyntaxError as exc:
        raise RecordSyntaxError(Said("%(what)s: %(message)s", what=str(what), message=exc.said or exc.message)) from None


def _play(value: Any, players: tuple[str, ...], names: set[str]) -> tuple[PlayItem, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(PlayItem(c) for c in _cards("play", value))
    if not isinstance(value, list):
        raise RecordSyntaxError(Said("play must be a list of cards played, in order"))
    plays: list[PlayItem] = []
    for code in value:  # canonical, no players named: the common case
        at = _code_index(code)
        found = _PLAYS_BY_CHARS[at] if at >= 0 else None  # (names of their own: mypyc types a name once)
        if found is None:
            break
        plays.append(found)
    else:
        return tuple(plays)
    items = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            c = _FAST.get(item)
            items.append(PlayItem(c if c is not None else _card(f"play[{i}]", item)))
        elif isinstance(item, list) and len(item) == 2:
            items.append(PlayItem(_card(f"play[{i}]", item[1]), _player(players, names, f"play[{i}]", item[0])))
        else:
            raise RecordSyntaxError(Said("play[%(i)s] must be a card or [player, card], not %(shown)s",
                                         i=str(i), shown=str(shown(item))))
    return tuple(items)


def _card(what: str, value: Any) -> Card:
    if not isinstance(value, str):
        raise RecordSyntaxError(Said("%(what)s: %(shown)s is not a card", what=str(what), shown=str(shown(value))))
    try:
        return Card.parse(value)
    except RecordSyntaxError as exc:
        raise RecordSyntaxError(Said("%(what)s: %(message)s", what=str(what), message=exc.said or exc.message)) from None


def _events(value: Any, players: tuple[str, ...], names: set[str]) -> tuple[Mapping[str, Any], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RecordSyntaxError(Said("events must be a list of objects"))
    if len(value) > MAX_EVENTS:
        raise RecordSyntaxError(Said("a hand has at most %(MAX_EVENTS)s events, not %(count)s",
                                     MAX_EVENTS=str(MAX_EVENTS), count=str(len(value))))
    events = []
    for i, event in enumerate(value):
        kind = event.get("type") if isinstance(event, Mapping) else None
        if not isinstance(kind, str) or kind not in EVENT_TYPES:
            raise RecordSyntaxError(Said("events[%(i)s] must be an object whose type is one of %(value)s",
                                         i=str(i), value=str(', '.join(EVENT_TYPES))))
        for key in EVENT_TYPES[kind]:
            if key not in event:
                raise RecordSyntaxError(Said("events[%(i)s] (%(kind)s) needs %(shown)s",
                                             i=str(i), kind=str(kind), shown=str(shown(key))))
        unknown = next((key for key in event if key not in FIELDS[kind]), None)
        if unknown is not None:
            raise RecordSyntaxError(Said("events[%(i)s] (%(kind)s) has no field %(shown)s: it has %(value)s",
                                         i=str(i), kind=str(kind), shown=str(shown(unknown)), value=str(', '.join(sorted(FIELDS[kind] - {'type'})))))
        if "note" in event:
            read_text(event["note"], f"events[{i}]: the note", MAX_NOTE)
        if "player" in event:
            _player(players, names, f"events[{i}]", event["player"])
        if "partner" in event:
            _player(players, names, f"events[{i}]", event["partner"])
        if "trick" in event and (not isinstance(event["trick"], int) or isinstance(event["trick"], bool) or event["trick"] < 1):
            raise RecordSyntaxError(Said("events[%(i)s]: trick must be a whole number from 1", i=str(i)))
        if event["type"] == "misdeal" and event["reason"] not in MISDEAL_REASONS:
            raise RecordSyntaxError(Said("events[%(i)s]: a misdeal's reason is one of %(value)s",
                                         i=str(i), value=str(', '.join(MISDEAL_REASONS))))
        event = dict(event)
        for key in ("card", "partner_card"):  # kept in their canonical spelling
            if key in event:
                event[key] = _card(f"events[{i}]", event[key]).code
        if event["type"] == "kept":
            event["cards"] = [c.code for c in _cards(f"events[{i}] (kept)", event["cards"])]
        if "suit" in event:
            suit = event["suit"]
            if not isinstance(suit, str) or suit.upper() not in SUIT_CODES:
                raise RecordSyntaxError(Said("events[%(i)s]: a suit is one of %(value)s, not %(shown)s",
                                             i=str(i), value=str(', '.join(SUIT_CODES)), shown=str(shown(suit))))
            event["suit"] = suit.upper()
        if event["type"] == "bid":
            chips, passed = event.get("chips"), event.get("pass")
            if (chips is None) == (passed is None) or passed not in (None, True) or (
                chips is not None and (not isinstance(chips, int) or isinstance(chips, bool) or chips < 1)
            ):
                raise RecordSyntaxError(
                    Said("events[%(i)s] (bid) is {\"chips\": N} with N at least 1, or {\"pass\": true}", i=str(i))
                )
        if event["type"] == "joker" and ("player" in event) == (event.get("widow") is True) or (
            event["type"] == "joker" and event.get("widow", True) is not True
        ):
            raise RecordSyntaxError(Said("events[%(i)s] (joker) names the \"player\" who played the Joker, or "
                                         "says \"widow\": true", i=str(i)))
        if event["type"] == "declined" and event["step"] not in DECLINED:
            raise RecordSyntaxError(Said("events[%(i)s] (declined): the step is one of %(value)s, not %(shown)s",
                                         i=str(i), value=str(', '.join(DECLINED)), shown=str(shown(event['step']))))
        if event["type"] == "trumps" and ("card" in event) == ("suit" in event):
            raise RecordSyntaxError(Said("events[%(i)s] (trumps) needs the card turned up (\"card\") or the suit "
                                         "named (\"suit\")", i=str(i)))
        events.append(event)
    return tuple(events)


def _taken(value: Any, players: tuple[str, ...], names: set[str]) -> dict[str, TakenEntry]:
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said("taken must be an object: for each player a card list or counts"))
    out: dict[str, TakenEntry] = {}
    for name, entry in value.items():
        _player(players, names, "taken", name)
        if isinstance(entry, (list, str)):
            out[name] = _listed(f"taken by {name}", entry)
            continue
        if not isinstance(entry, Mapping):
            raise RecordSyntaxError(Said("taken by %(player)s: give a card list or counts such as {\"hearts\": "
                                         "3}", player=name))
        counts: dict[str, Any] = {}
        for key, count in entry.items():
            if key in RESULT_COUNTS:
                if key != "points" and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
                    raise RecordSyntaxError(Said("taken by %(player)s: %(key)s must be a whole number from 0, "
                                                 "not %(shown)s",
                                                 player=name, key=str(key), shown=str(shown(count))))
                if key == "points" and not _is_points(count):
                    raise RecordSyntaxError(
                        Said("taken by %(player)s: points must be a whole number (or {\"re\": a, \"im\": b}), "
                             "not %(shown)s", player=name, shown=str(shown(count)))
                    )
                counts[key] = count
                continue
            c = _card(f"taken by {name}", key)
            if type(count) is not int or count not in (0, 1, 2):
                raise RecordSyntaxError(Said("taken by %(player)s: %(card)s is 1 (taken) or 0, not %(shown)s",
                                             player=name, card=c, shown=str(shown(count))))
            counts[c.code] = count
        out[name] = counts
    return out


def _listed(what: str, entry: list[Any] | str) -> TakenEntry:
    """A list of the penalty cards taken. Where the first and last trick are penalties too (Polignac,
    Slobberhannes) the list may name them, ``["JS", "first_trick"]``: it is then read as the same counts."""
    items = entry.replace(",", " ").split() if isinstance(entry, str) else entry
    marks = [i for i in items if isinstance(i, str) and i.strip().lower() in TRICK_MARKS]
    if not marks:
        return _cards(what, entry)
    counts: dict[str, Any] = {}
    for c in _cards(what, [i for i in items if not (isinstance(i, str) and i.strip().lower() in TRICK_MARKS)]):
        counts[c.code] = counts.get(c.code, 0) + 1
    for mark in (m.strip().lower() for m in marks):
        if mark in counts:
            raise RecordSyntaxError(Said("%(what)s: %(mark)s is named twice", what=str(what), mark=str(mark)))
        counts[mark] = 1
    return counts


def _is_points(value: Any) -> bool:
    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if isinstance(value, Mapping):
        return set(value) == {"re", "im"} and whole(value["re"]) and whole(value["im"])
    return whole(value)
