"""Seeded, deterministic mutations of the records in ``examples/``, for the fuzz tests.

Every mutated record is *bytes*: one line of a JSON-lines archive (never a newline or a
carriage return inside), so a mutation may leave UTF-8 behind. The same ``(seed, kind, index)``
always gives the same bytes, so a failure names the line and the line can be made again alone.

* ``Corpus``: the example records as JSON values, by kind: full hand records, result records
  (quick results), session records. Tripoli, Rummoli, Cosmo and Reversis records are in each kind,
  and so are the lines of ``examples/archive.jsonl``. Some records are derived (a session's first
  hand as a result record, a hand record as a one-hand session).
* ``Mutator(seed)``: ``hand(i)`` / ``session(i)`` give the i-th mutated hand-or-result record or
  session record. A record gets 0 to 3 structure-aware mutations (``Mutations``: a value replaced by
  a nasty one from ``NASTY``, by another record's subtree, a card code or another seat's name; keys and
  list items deleted, duplicated or added; types swapped; players reordered; counts moved by one;
  events of every type dropped into any game or kind; trick numbers 0/99/-1; huge stakes; other
  games, options and settlements), then sometimes one text-level mutation (``TEXTUAL``: truncation,
  byte flips that break UTF-8, 10,000 brackets deep, raw ``NaN``/``Infinity``/``1e400`` tokens, lone
  surrogate escapes, a byte-order mark, two values on a line).
* ``encode(value)``: JSON text of a value that may hold what ``json.dumps`` will not write as a
  record (``Raw`` text such as ``1e400`` or ten thousand brackets, ``Pairs`` for an object with a
  repeated key, NaN and infinities as Python's tokens, integers of any size, lone surrogates as
  escapes).
* ``json_values()`` and ``records_with_value()``: hypothesis strategies for JSON-ish values, and for
  example records with one value replaced by such a value.

``python tests/support/fuzzing.py [N]`` drives N mutated records of each kind (default 2,000) through the
command's line answerers in this process (``scorekeeper.cli.replay_line``,
``scorekeeper.settle_cli.settle_line``) and prints every crash (an exception, or an answer the
boundary made from one), grouped by its type and innermost ``scorekeeper/`` frame, with the shortest
input seen for each: the catalogue of what to mend.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DEFAULT_SEED = 20240611

# --- values json.dumps does not write: encoded by ``encode`` -------------------------------------


@dataclass(frozen=True)
class Raw:
    """JSON text written as it is (a token Python reads but JSON has not, or one too big to build)."""

    text: str


@dataclass(frozen=True)
class Pairs:
    """An object written member by member, so a key can appear twice."""

    items: tuple[tuple[str, Any], ...]


def encode(value: Any, *, ascii_only: bool = False) -> str:
    """The JSON text of ``value`` on one line: ``Raw`` as is, NaN and infinities as ``NaN`` and
    ``Infinity``, integers of any size, a string with a lone surrogate as escapes (else raw UTF-8,
    unless ``ascii_only``)."""
    raws: list[str] = []

    def placeholder(obj: Any) -> str:  # json.dumps writes the rest: it is much faster than _encode
        if not isinstance(obj, (Raw, Pairs)):
            raise TypeError(f"cannot encode {type(obj).__name__}")
        raws.append(obj.text if isinstance(obj, Raw) else _slow(obj, ascii_only))
        return f"\x00raw{len(raws) - 1}\x00"

    try:
        text = json.dumps(value, ensure_ascii=ascii_only, default=placeholder)
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: written as an escape
        raws.clear()
        text = json.dumps(value, ensure_ascii=True, default=placeholder)
    except ValueError:  # an integer of more digits than Python writes by default
        return _slow(value, ascii_only)
    for i, raw in enumerate(raws):
        text = text.replace(f'"\\u0000raw{i}\\u0000"', raw, 1)
    return text


def _slow(value: Any, ascii_only: bool) -> str:
    out: list[str] = []
    _encode(value, out, ascii_only)
    return "".join(out)


def _encode(value: Any, out: list[str], ascii_only: bool) -> None:
    if isinstance(value, Raw):
        out.append(value.text)
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(_int_text(value))
    elif isinstance(value, float):
        if math.isnan(value):
            out.append("NaN")
        elif math.isinf(value):
            out.append("Infinity" if value > 0 else "-Infinity")
        else:
            out.append(repr(value))
    elif isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=ascii_only or _has_surrogate(value)))
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(", ")
            _encode(item, out, ascii_only)
        out.append("]")
    elif isinstance(value, (dict, Pairs)):
        items = value.items if isinstance(value, Pairs) else tuple(value.items())
        out.append("{")
        for i, (key, item) in enumerate(items):
            if i:
                out.append(", ")
            _encode(str(key), out, ascii_only)
            out.append(": ")
            _encode(item, out, ascii_only)
        out.append("}")
    else:  # pragma: no cover - the mutator makes only the kinds above
        raise TypeError(f"cannot encode {type(value).__name__}")


def _int_text(value: int) -> str:
    """``str(value)`` for an integer of any size (Python refuses more than 4300 digits by default)."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    if not limit or abs(value) < 10 ** min(limit, 4000):
        return str(value)
    sign, value = ("-", -value) if value < 0 else ("", value)
    parts = []
    while value:
        value, low = divmod(value, 10 ** 1000)
        parts.append(low)
    return sign + str(parts[-1]) + "".join(str(p).zfill(1000) for p in reversed(parts[:-1]))


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def to_line(value: Any) -> bytes:
    """A value as one archive line (bytes, no newline)."""
    return encode(value).encode("utf-8")


# --- the nasty values ------------------------------------------------------------------------------

DEEP_ARRAY = Raw("[" * 10_000 + "]" * 10_000)
DEEP_OBJECT = Raw('{"a": ' * 10_000 + "1" + "}" * 10_000)
HUGE_INT = Raw("1" + "0" * 5000)  # 10**5000, as text
HUGE_NEGATIVE = Raw("-" + "9" * 4301)
CONTROL_NAMES = ("Ann\u202e", "\u202eAnn", "Ann\u2067", "Ann\u200f", "Ann\x00", "Ann\x07", "Ann\x1b[31m", "Ann\x7f",
                 "Ann\x85", "Ann\t", "Ann\u2028", "\u200bAnn")
STRINGS = (
    "", " ", "\t", "x" * 20_000, "\ud800", "\udfff", "\udc00\ud800", "a\ud800b", "\ud83c\udca1",
    "\u0000", "a\u0000b", "\u202e", "\u2066", "\u200f", "\x1b[2J", "\u2028", "\u2029", "\x85", "\ufeff", "\uffff",
    "\U0001f0a1", "\U0001f4a9", "NaN", "Infinity", "-Infinity", "1e400", "1e999999999", "true", "null", "0", "-1",
    "1.5", "QS", "qs", "10H", "XX", "JK", "2c", "Ann", "ann", " Ann", "Ann ", "revoke", "black-lady", "tripoli",
    "reversis", "__proto__", "constructor", "%s%n", "{}", "[]", "<script>alert(1)</script>", "'; DROP TABLE hands; --",
    *CONTROL_NAMES,
)
NUMBERS = (
    0, -1, 1, 2, 3, 4, 13, 14, 52, 99, 100, -100, 2**31, 2**31 - 1, -(2**31), 2**53 + 1, 2**63, -(2**63), 2**64,
    10**30, -(10**30), 0.0, -0.0, 0.5, 1.0, 1.5, -1.5, 3.0, 1e-300, 1e300, float("nan"), float("inf"), float("-inf"),
)
RAW_TOKENS = (
    HUGE_INT, HUGE_NEGATIVE, Raw("1e400"), Raw("-1e400"), Raw("1e999999999"), Raw("1E+999999999"), Raw("-0"),
    Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("0.000000000000000000000000000001"), Raw("1" * 400),
    DEEP_ARRAY, DEEP_OBJECT, Raw('"\\ud800"'), Raw('"\\udfff\\ud800"'), Raw('"\\u0000"'),
)
CONTAINERS = (
    [], [None], [[]], [[[]]], {}, {"": ""}, {"type": {}}, {"type": []}, {"type": None}, [1, 2, 3], ["Ann", "Bob"],
    {"Ann": 1}, {"hearts": 1}, [{}], {"__proto__": {}},
)
NASTY: tuple[Any, ...] = (None, True, False, *NUMBERS, *RAW_TOKENS, *STRINGS, *CONTAINERS)
"""Values to put where anything else was: the cases a record reader must refuse cleanly, and more."""

CARD_CODES = (
    *(r + s for r in "23456789TJQKA" for s in "SHDC"), "JK", "10H", "1H", "AX", "ZZ", "qs", "Qs", "Q♠", "QS ", " QS",
    "", "QSQS", "S", "Q", "10", "0H", "\u2660Q",
)
_CARD_SET = frozenset(CARD_CODES[:53])
STAKES = ("1e999999999", "1E+999999999", "-1", "NaN", "Infinity", "1e-999999999", "0.05", "0", "1" * 5000, "1e400",
          Raw("1e999999999"), Raw("1e400"), Raw("NaN"), 10**30, -5, 0.1, True, [], {}, "", " 1 ", "0x10", "1_000")
TRICKS = (0, 99, -1, 14, 13, 1, 10**20, 1.0, 2.5, "3", True, None, HUGE_INT, Raw("NaN"), Raw("1e400"))

# --- what the games take: read from the engine, so new games and options are fuzzed too ----------


def _engine_tables() -> tuple[list[str], dict[str, dict[str, tuple[Any, ...]]], dict[str, dict[str, tuple[Any, ...]]]]:
    """Game ids; each game's options and their values; each settlement's options and their values."""
    games: list[str] = []
    options: dict[str, dict[str, tuple[Any, ...]]] = {}
    settlements: dict[str, dict[str, tuple[Any, ...]]] = {}
    try:
        from scorekeeper.engine.hearts.games import GAMES

        for name, game in GAMES.items():
            games.append(name)
            options[name] = {n: tuple(s.choices) for n, s in getattr(game, "options", {}).items()}
    except Exception:  # noqa: BLE001, S110 - the mutator works without the engine's tables
        pass
    try:
        from scorekeeper.engine.hearts.settlement import METHODS

        for name, cls in METHODS.items():
            settlements[name] = {s.name: tuple(s.choices) for s in getattr(cls, "option_specs", ())}
    except Exception:  # noqa: BLE001, S110
        pass
    try:
        from scorekeeper.engine import reversis, tripoli

        for name in ("tripoli", "rummoli", "cosmo"):
            games.append(name)
            options[name] = {s.name: tuple(s.choices) for s in tripoli.OPTION_SPECS}
        games.append("reversis")
        options["reversis"] = {s.name: tuple(s.choices) for s in reversis.OPTION_SPECS}
        for name in tripoli.TRIPOLI_METHODS:
            settlements[name] = {s.name: tuple(s.choices) for s in tripoli.SETTLEMENT_OPTIONS}
        settlements[reversis.SETTLEMENT_ID] = {s.name: tuple(s.choices) for s in reversis.SETTLEMENT_OPTIONS}
    except Exception:  # noqa: BLE001, S110
        pass
    return games or ["black-lady"], options, settlements


GAME_IDS, GAME_OPTIONS, SETTLEMENT_OPTIONS = _engine_tables()
EVENT_TYPES = ("revoke", "revoke-corrected", "misdeal", "exposed-own", "out-of-turn", "stopped", "cut", "capot",
               "trumps", "bid", "penalty-suit", "joker", "trade", "kept", "espagnolette", "quinola", "no-such-event")


def event_of(kind: str, players: list[Any], rng: random.Random) -> dict[str, Any]:
    """A plausible event of ``kind`` naming the record's players: shape-valid, so that whether it belongs
    to the game and the record kind is what gets checked."""
    names = [p for p in players if isinstance(p, str)] or ["Ann", "Bob"]
    player, partner = rng.choice(names), rng.choice(names)
    card = rng.choice(CARD_CODES[:52])
    return {
        "revoke": {"type": "revoke", "player": player, "trick": rng.choice((1, 2, 3, 13, 99))},
        "revoke-corrected": {"type": "revoke-corrected", "player": player, "trick": rng.choice((1, 5, 99))},
        "misdeal": {"type": "misdeal", "reason": rng.choice(("exposed-other", "face-up-in-pack", "wrong-count"))},
        "exposed-own": {"type": "exposed-own", "player": player},
        "out-of-turn": {"type": "out-of-turn", "trick": rng.choice((1, 2, 99))},
        "stopped": {"type": "stopped"},
        "cut": {"type": "cut", "player": player},
        "capot": {"type": "capot", "player": player},
        "trumps": rng.choice(({"type": "trumps", "card": card}, {"type": "trumps", "suit": rng.choice("SHDC")})),
        "bid": rng.choice(({"type": "bid", "player": player, "chips": rng.choice((1, 2, 5))},
                           {"type": "bid", "player": player, "pass": True})),
        "penalty-suit": {"type": "penalty-suit", "suit": rng.choice("SHDC")},
        "joker": rng.choice(({"type": "joker", "player": player}, {"type": "joker", "widow": True})),
        "trade": {"type": "trade", "player": player, "card": card, "partner": partner,
                  "partner_card": rng.choice(CARD_CODES[:52])},
        "kept": {"type": "kept", "player": player, "cards": rng.sample(CARD_CODES[:52], rng.choice((0, 1, 5)))},
        "espagnolette": {"type": "espagnolette", "player": player},
        "quinola": {"type": "quinola", "player": player},
        "no-such-event": {"type": "no-such-event"},
    }[kind]


# --- the corpus ------------------------------------------------------------------------------------

def _load(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


SESSION_KEYS = ("game", "options", "players", "first_dealer", "settlement", "settlement_options", "stake", "layout")


class Corpus:
    """The example records as JSON values: ``hands`` (full records), ``results`` and ``sessions``,
    each a list of (name, value); ``records`` is hands and results together."""

    def __init__(self, examples: Path = EXAMPLES) -> None:
        self.hands: list[tuple[str, Any]] = []
        self.results: list[tuple[str, Any]] = []
        self.sessions: list[tuple[str, Any]] = []
        for path in sorted(examples.glob("*.json")):
            value = json.loads(path.read_text(encoding="utf-8"))
            if "hands" in value:
                self.sessions.append((path.name, value))
            elif "taken" in value or "michigan" in value and "play" not in value.get("michigan", {}):
                self.results.append((path.name, value))
            else:
                self.hands.append((path.name, value))
        archive = examples / "archive.jsonl"
        if archive.exists():
            for n, line in enumerate(archive.read_text(encoding="utf-8").splitlines(), 1):
                if line.strip():
                    self.hands.append((f"archive.jsonl:{n}", json.loads(line)))
        for name, session in list(self.sessions):  # each session's first hand as a result record
            first = session["hands"][0] if session.get("hands") else None
            if isinstance(first, dict) and "taken" in first or isinstance(first, dict) and "michigan" in first:
                record = {k: session[k] for k in ("game", "options", "players") if k in session}
                record.update({"dealer": session["first_dealer"], "hand": 1})
                record.update({k: v for k, v in first.items() if k not in record})
                self.results.append((f"{name}#hand1", record))
        for name, hand in list(self.hands):  # each full record of the core games as a one-hand session
            if hand.get("game") in ("tripoli", "rummoli", "cosmo", "reversis") or "deal" not in hand \
                    or hand.get("hand", 1) != 1:
                continue
            session = {k: hand[k] for k in ("game", "options", "players") if k in hand}
            session["first_dealer"] = hand["dealer"]
            rest = {k: v for k, v in hand.items() if k not in ("game", "options", "players", "id")}
            session["hands"] = [rest]
            self.sessions.append((f"{name}#session", session))
        chained = [v for n, v in self.hands if n.startswith("archive.jsonl:")][:5]
        if chained:  # the archive's first hands, one rotation of the deal: a five-hand session
            self.sessions.append(("archive.jsonl#session", {
                "game": chained[0]["game"], "players": chained[0]["players"], "first_dealer": chained[0]["dealer"],
                "hands": [{k: v for k, v in h.items() if k not in ("game", "players")} for h in chained],
            }))
        bl = _load("black-lady-hand.json") if (examples / "black-lady-hand.json").exists() else None
        if bl is not None:  # a session mixing a full hand and quick results (the web tests' session)
            hand = {k: v for k, v in bl.items() if k not in ("game", "options", "players")}
            self.sessions.append(("black-lady#mixed", {
                "game": "black-lady", "options": bl.get("options", {}), "players": bl["players"],
                "first_dealer": bl["dealer"], "settlement": "cumulative", "stake": "0.05",
                "hands": [hand, {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                                           "Dan": {"hearts": 8}}},
                          {"taken": {"Ann": {"hearts": 13}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0},
                                     "Dan": {"hearts": 0, "QS": 1}}, "counts": False}],
            }))

    @cached_property
    def records(self) -> list[tuple[str, Any]]:
        return self.hands + self.results

    @cached_property
    def everything(self) -> list[tuple[str, Any]]:
        return self.records + self.sessions

    @cached_property
    def names(self) -> list[str]:
        """Every player name of every record."""
        seen: dict[str, None] = {}
        for _, value in self.everything:
            for name in value.get("players", []):
                seen[name] = None
        return list(seen)


# --- structure-aware mutations ---------------------------------------------------------------------

Path_ = tuple[Any, ...]


def walk(value: Any, rng: random.Random, stop: float = 0.3) -> Path_:
    """A random path into ``value``: at each container go on into a random child, or stop there
    (with probability ``stop``, never at the root). Top-level fields and deep cards both get picked."""
    path: list[Any] = []
    node = value
    while True:
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
        elif isinstance(node, list) and node:
            key = rng.randrange(len(node))
        else:
            return tuple(path)
        if path and rng.random() < stop:
            return tuple(path)
        path.append(key)
        node = node[key]


def get(value: Any, path: Path_) -> Any:
    for key in path:
        value = value[key]
    return value


def put(value: Any, path: Path_, new: Any) -> Any:
    """``value`` with the node at ``path`` replaced (in place below the root; the new root when ``path`` is empty)."""
    if not path:
        return new
    get(value, path[:-1])[path[-1]] = new
    return value


def nodes(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nodes(item, (*path, i))


def _containers(value: Any, kind: type) -> list[Path_]:
    return [p for p, v in nodes(value) if isinstance(v, kind)]


def _players(value: Any) -> list[Any]:
    players = value.get("players") if isinstance(value, dict) else None
    return players if isinstance(players, list) else []


class Mutations:
    """The structure-aware mutations: each takes (record, rng) and returns the mutated record
    (usually the same object, changed in place) and a few words on what it did."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.table: list[tuple[int, Callable[[Any, random.Random], tuple[Any, str]]]] = [
            (5, self.nasty), (2, self.donor), (3, self.card), (3, self.name), (3, self.delete), (1, self.duplicate),
            (1, self.unknown_key), (1, self.swap_type), (2, self.reorder_players), (5, self.count),
            (5, self.wrong_event), (2, self.trick), (2, self.stake), (1, self.game), (4, self.option),
            (2, self.settlement), (1, self.string), (5, self.swap_items), (2, self.rename_player),
        ]
        self.weights = [w for w, _ in self.table]

    def pick(self, rng: random.Random) -> Callable[[Any, random.Random], tuple[Any, str]]:
        return rng.choices([f for _, f in self.table], self.weights)[0]

    def nasty(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        path = walk(value, rng)
        new = copy.deepcopy(rng.choice(NASTY))
        return put(value, path, new), f"nasty at {list(path)}"

    def donor(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        name, other = rng.choice(self.corpus.everything)
        part = copy.deepcopy(get(other, walk(other, rng, stop=0.4)))
        path = walk(value, rng)
        return put(value, path, part), f"subtree of {name} at {list(path)}"

    def card(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        """A card replaced by another (most often one that exists: a card not held, or held twice), or a
        card code put anywhere."""
        cards = [p for p, v in nodes(value) if isinstance(v, str) and v in _CARD_SET]
        path = rng.choice(cards) if cards and rng.random() < 0.85 else walk(value, rng, stop=0.1)
        new = rng.choice(CARD_CODES[:52]) if rng.random() < 0.8 else rng.choice(CARD_CODES)
        return put(value, path, new), f"card {new!r} at {list(path)}"

    def name(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        """A player's name replaced by another seat's (or another record's, or a name with control
        characters), where a name is; sometimes anywhere."""
        players = [p for p in _players(value) if isinstance(p, str)]
        named = [p for p, v in nodes(value) if isinstance(v, str) and v in players and p != ("players", p[-1])]
        path = rng.choice(named) if named and rng.random() < 0.85 else walk(value, rng, stop=0.1)
        pool = players * 4 + self.corpus.names + list(CONTROL_NAMES)
        new = rng.choice(pool) if pool else "Ann"
        return put(value, path, new), f"name {new!r} at {list(path)}"

    def delete(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        path = walk(value, rng)
        if not path:
            return value, "nothing deleted"
        parent = get(value, path[:-1])
        del parent[path[-1]]
        return value, f"deleted {list(path)}"

    def duplicate(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        path = walk(value, rng)
        if not path:
            return value, "nothing duplicated"
        parent = get(value, path[:-1])
        if isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
            return value, f"duplicated item {list(path)}"
        items = list(parent.items())
        items.insert(rng.randrange(len(items) + 1), (path[-1], copy.deepcopy(rng.choice(NASTY + (parent[path[-1]],)))))
        return put(value, path[:-1], Pairs(tuple(items))), f"repeated key {list(path)}"

    def unknown_key(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        objects = _containers(value, dict)
        path = rng.choice(objects) if objects else ()
        target = get(value, path)
        if not isinstance(target, dict):
            return value, "no object"
        key = rng.choice(("colour", "x", "", "__proto__", "counts", "id", "hand", "stake", "layout", "talon",
                          "quinola_aces", "face_down", "michigan", "poker", "claims", "hands", "players", "dealer",
                          "first_dealer", "events", "play", "deal", "taken", "\ud800", "Ann\u202e", "a" * 1000))
        target[key] = copy.deepcopy(rng.choice(NASTY))
        return value, f"key {key[:20]!r} added at {list(path)}"

    def swap_type(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        path = walk(value, rng)
        old = get(value, path)
        options = [[old], {"value": old}, json.dumps(old, default=str)[:200]]
        if isinstance(old, bool):
            options += [int(old), str(old).lower()]
        elif isinstance(old, int):
            options += [str(old), float(old), old != 0]
        elif isinstance(old, str):
            options += [old.split(), len(old), {old: 1}, [old]]
        elif isinstance(old, list):
            options += [" ".join(map(str, old)), dict(enumerate(map(str, old))), len(old), tuple(old)]
        elif isinstance(old, dict):
            options += [list(old), list(old.values()), len(old)]
        new = rng.choice(options)
        if isinstance(new, dict):
            new = {str(k): v for k, v in new.items()}
        if isinstance(new, tuple):
            new = list(new)
        return put(value, path, new), f"type swapped at {list(path)}"

    def reorder_players(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        lists = [p for p, v in nodes(value) if p and p[-1] == "players" and isinstance(v, list)]
        if not lists:
            return value, "no players"
        path = rng.choice(lists)
        players = get(value, path)
        choice = rng.randrange(4)
        if choice == 0:
            rng.shuffle(players)
        elif choice == 1 and players:
            players.pop(rng.randrange(len(players)))
        elif choice == 2:
            players.append(rng.choice(self.corpus.names + ["Zed"]))
        else:
            players.reverse()
        return value, f"players changed at {list(path)}"

    def count(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        ints = [p for p, v in nodes(value) if isinstance(v, int) and not isinstance(v, bool)]
        if not ints:
            return self.nasty(value, rng)
        path = rng.choice(ints)
        old = get(value, path)
        new = rng.choice((old + 1, old - 1, old + 1, old - 1, -old, 0, old * 2, old + 13, old + 52, 2**31, 2**63,
                          10**30, float(old), old + 0.5))
        return put(value, path, new), f"count {old} -> {new} at {list(path)}"

    def wrong_event(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        """An event of any type (most of which the game does not have) in the record or one of its hands."""
        target: Any = value
        where: Path_ = ()
        if isinstance(value, dict) and isinstance(value.get("hands"), list) and value["hands"]:
            i = rng.randrange(len(value["hands"]))
            if isinstance(value["hands"][i], dict):
                target, where = value["hands"][i], ("hands", i)
        if not isinstance(target, dict):
            return value, "no place for an event"
        kind = rng.choice(EVENT_TYPES)
        event = event_of(kind, _players(value), rng)
        events = target.get("events")
        if not isinstance(events, list):
            events = target["events"] = []
        events.insert(rng.randrange(len(events) + 1), event)
        return value, f"{kind} event at {list(where)}"

    def trick(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        value, _what = self.wrong_event(value, rng)
        tricky = [p for p, v in nodes(value) if isinstance(v, dict) and v.get("type") in ("revoke", "revoke-corrected",
                                                                                          "out-of-turn")]
        if tricky:
            path = rng.choice(tricky)
            get(value, path)["trick"] = copy.deepcopy(rng.choice(TRICKS))
            return value, f"trick number at {list(path)}"
        if isinstance(value, dict):
            players = _players(value) or ["Ann"]
            value.setdefault("events", [])
            if isinstance(value["events"], list):
                value["events"].append({"type": "revoke", "player": rng.choice(players),
                                        "trick": copy.deepcopy(rng.choice(TRICKS))})
        return value, "revoke with a trick number"

    def stake(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        if not isinstance(value, dict):
            return value, "no stake"
        value["stake"] = copy.deepcopy(rng.choice(STAKES))
        return value, "stake"

    def game(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        if not isinstance(value, dict):
            return value, "no game"
        value["game"] = rng.choice(GAME_IDS + ["no-such-game", "Black-Lady", " black-lady", "TRIPOLI", "hearts "])
        return value, f"game {value['game']}"

    def option(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        if not isinstance(value, dict):
            return value, "no options"
        game = value.get("game") if isinstance(value.get("game"), str) else "black-lady"
        specs = GAME_OPTIONS.get(game) or GAME_OPTIONS.get(rng.choice(GAME_IDS)) or {}
        options = value.get("options")
        if not isinstance(options, dict):
            options = value["options"] = {}
        if specs and rng.random() < 0.8:
            name = rng.choice(list(specs))
            options[name] = rng.choice(specs[name]) if specs[name] and rng.random() < 0.8 else rng.choice(NASTY)
        else:
            options[rng.choice(("bogus", "profile", "deal", "moon", ""))] = rng.choice(NASTY)
        return value, "option"

    def settlement(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        if not isinstance(value, dict):
            return value, "no settlement"
        ids = list(SETTLEMENT_OPTIONS) or ["cumulative"]
        if rng.random() < 0.5:
            value["settlement"] = rng.choice(ids + ["no-such-settlement", None, 1])
        settlement = value.get("settlement") if isinstance(value.get("settlement"), str) else rng.choice(ids)
        specs = SETTLEMENT_OPTIONS.get(settlement, {})
        opts = value.get("settlement_options")
        if not isinstance(opts, dict):
            opts = value["settlement_options"] = {}
        if specs and rng.random() < 0.8:
            name = rng.choice(list(specs))
            opts[name] = rng.choice(specs[name]) if rng.random() < 0.8 else rng.choice(NASTY)
        else:
            opts[rng.choice(("hands", "target", "bogus", "starting_chips"))] = rng.choice(NASTY)
        return value, "settlement"

    def string(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        strings = [p for p, v in nodes(value) if isinstance(v, str)]
        if not strings:
            return self.nasty(value, rng)
        path = rng.choice(strings)
        old: str = get(value, path)
        new = rng.choice((old[: rng.randrange(len(old) + 1)], old.upper(), old.lower(), f" {old} ", old + old,
                          old + rng.choice(("\u202e", "\x00", "\ud800", "\t", "\u2028", "\x85")), old[::-1],
                          old.replace(" ", ""), old.replace(" ", "  ")))
        return put(value, path, new), f"string {old[:20]!r} changed at {list(path)}"

    def swap_items(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        lists = [p for p, v in nodes(value) if isinstance(v, list) and len(v) >= 2]
        if not lists:
            return value, "no list"
        path = rng.choice(lists)
        items = get(value, path)
        if rng.random() < 0.3:
            rng.shuffle(items)
        else:
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        return value, f"items swapped in {list(path)}"

    def rename_player(self, value: Any, rng: random.Random) -> tuple[Any, str]:
        """One player renamed everywhere (names, keys, events): the new name itself is what is checked."""
        players = [p for p in _players(value) if isinstance(p, str)]
        if not players:
            return value, "no players"
        old = rng.choice(players)
        new = rng.choice(CONTROL_NAMES + STRINGS[:12] + (old + old, old.lower(), "x" * 5000))
        return _renamed(value, old, new), f"player {old!r} renamed {new[:12]!r}"


def _renamed(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): _renamed(v, old, new) for k, v in value.items()}
    return value


def rename_player(value: Any, old: str, new: str) -> Any:
    """A deep copy of ``value`` with player ``old`` called ``new`` everywhere (names and keys)."""
    return _renamed(copy.deepcopy(value), old, new)


# --- text-level mutations --------------------------------------------------------------------------

INVALID_UTF8 = (b"\xff", b"\xfe", b"\x80", b"\xc0\xaf", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80",
                b"\xf4\x90\x80\x80", b"\xe0\x80\xaf")
_NUMBER = re.compile(rb"(?<=[:\[,] )-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_QUOTE = re.compile(rb'"')


def _truncate(line: bytes, rng: random.Random) -> bytes:
    return line[: rng.randrange(1, max(2, len(line)))]


def _flip(line: bytes, rng: random.Random) -> bytes:
    data = bytearray(line)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(data))
        data[i] ^= 0x80 | rng.randrange(0x80)
    return bytes(data)


def _invalid_utf8(line: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(line) + 1)
    return line[:i] + rng.choice(INVALID_UTF8) + line[i:]


def _deep(line: bytes, rng: random.Random) -> bytes:
    depth = rng.choice((10_000, 10_000, 1000, 50_000))
    if rng.random() < 0.5:
        return b"[" * depth + line + b"]" * depth
    quotes = [m.start() for m in _NUMBER.finditer(line)]
    if not quotes:
        return b"[" * depth + line + b"]" * depth
    i = rng.choice(quotes)
    return line[:i] + b"[" * depth + b"]" * depth + b", " + line[i:]


def _token(line: bytes, rng: random.Random) -> bytes:
    found = list(_NUMBER.finditer(line))
    token = rng.choice((b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e400", b"1e999999999", b"1" + b"0" * 5000,
                        b"-0", b"0.0", b"00", b"+1", b".5", b"0x10", b"1_0"))
    if not found:
        return line + b" " + token
    m = rng.choice(found)
    return line[: m.start()] + token + line[m.end():]


def _surrogate(line: bytes, rng: random.Random) -> bytes:
    quotes = [m.start() for m in _QUOTE.finditer(line)]
    escape = rng.choice((b"\\ud800", b"\\udfff", b"\\udc00\\ud800", b"\\ud800\\u0041", b"\\uDBFF", b"\\u0000",
                         b"\\u202e"))
    if not quotes:
        return line + b'"' + escape + b'"'
    i = rng.choice(quotes) + 1
    return line[:i] + escape + line[i:]


def _other(line: bytes, rng: random.Random) -> bytes:
    return rng.choice((
        lambda: b"\xef\xbb\xbf" + line,  # a byte-order mark in the middle of an archive
        lambda: line + b" " + line,  # two values on a line
        lambda: line + b",",
        lambda: line[:-1] + b",}" if line.endswith(b"}") else line + b"}",
        lambda: line.replace(b'"', b"'", 3),
        lambda: line.replace(b": ", b":\x00", 1),
        lambda: line.replace(b'"', b'"\x01', 1),
        lambda: line.replace(b", ", b",\t\x0b\x0c", 2),
        lambda: b"[" + line + b"]",
        lambda: b'"' + line.replace(b'"', b'\\"') + b'"',
        lambda: line.replace(b"true", b"True").replace(b"null", b"None"),
    ))()


TEXTUAL: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    _truncate, _flip, _invalid_utf8, _deep, _token, _surrogate, _other,
)


def one_line(data: bytes) -> bytes:
    """``data`` as one archive line: no line break inside, and something on it (a blank line is no record)."""
    data = data.replace(b"\n", b" ").replace(b"\r", b" ")
    if not re.search(rb"[!-~]", data):
        data += b"?"
    return data


# --- the mutator -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    """One mutated record: its line, the example it came from, and what was done to it."""

    index: int
    line: bytes
    origin: str
    steps: tuple[str, ...]

    def describe(self) -> str:
        return f"record {self.index} (from {self.origin}: {'; '.join(self.steps) or 'unchanged'})"


class Mutator:
    """Mutated records, the same for the same seed and index."""

    def __init__(self, seed: int = DEFAULT_SEED, corpus: Corpus | None = None, *, text_rate: float = 0.12,
                 clean_rate: float = 0.05) -> None:
        self.seed = seed
        self.corpus = corpus or Corpus()
        self.mutations = Mutations(self.corpus)
        self.text_rate = text_rate
        self.clean_rate = clean_rate

    def rng(self, kind: str, index: int) -> random.Random:
        return random.Random(f"{self.seed}:{kind}:{index}")

    def _mutant(self, kind: str, pool: list[tuple[str, Any]], index: int) -> Mutant:
        rng = self.rng(kind, index)
        origin, base = rng.choice(pool)
        return self._mutated(base, origin, index, rng)

    def _mutated(self, base: Any, origin: str, index: int, rng: random.Random) -> Mutant:
        value = copy.deepcopy(base)
        steps: list[str] = []
        if rng.random() >= self.clean_rate:
            for _ in range(rng.choice((1, 1, 1, 1, 2, 3))):
                value, what = self.mutations.pick(rng)(value, rng)
                steps.append(what)
        line = to_line(value)
        if rng.random() < self.text_rate:
            mutation = rng.choice(TEXTUAL)
            line = mutation(line, rng)
            steps.append(mutation.__name__.strip("_"))
        return Mutant(index, one_line(line), origin, tuple(steps))

    def variant(self, base: Any, origin: str, index: int) -> Mutant:
        """A mutated copy of ``base`` (any record or part of one, such as a session's hand)."""
        return self._mutated(base, origin, index, self.rng(f"variant-{origin}", index))

    def hand(self, index: int) -> Mutant:
        """A mutated hand or result record (of any game, Tripoli and Reversis included)."""
        return self._mutant("hand", self.corpus.records, index)

    def session(self, index: int) -> Mutant:
        """A mutated session record."""
        return self._mutant("session", self.corpus.sessions, index)

    def hands(self, count: int, start: int = 0) -> list[Mutant]:
        return [self.hand(i) for i in range(start, start + count)]

    def sessions(self, count: int, start: int = 0) -> list[Mutant]:
        return [self.session(i) for i in range(start, start + count)]

    def value(self, kind: str, index: int) -> Any:
        """A mutated record as a JSON-ish value (structure-aware mutations only: what an HTTP client's
        JSON library could send, NaN and big numbers aside)."""
        rng = self.rng(f"value-{kind}", index)
        pool = self.corpus.sessions if kind == "session" else self.corpus.records
        _origin, base = rng.choice(pool)
        value = copy.deepcopy(base)
        for _ in range(rng.choice((1, 1, 2, 3))):
            value, _what = self.mutations.pick(rng)(value, rng)
        return value


# --- hypothesis strategies -------------------------------------------------------------------------

def json_values(max_leaves: int = 20) -> Any:
    """A hypothesis strategy for JSON-ish values: what JSON can say, plus what Python's reader lets
    through (NaN, infinities, huge integers, lone surrogates) and the ``NASTY`` table."""
    from hypothesis import strategies as st

    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**40), max_value=10**40),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=30), st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF,
                                                             exclude_categories=()), max_size=10),
        st.sampled_from(CARD_CODES), st.sampled_from(STRINGS), st.sampled_from(NUMBERS),
        st.sampled_from(RAW_TOKENS),
    )
    keys = st.one_of(st.text(max_size=10), st.sampled_from(("type", "player", "trick", "card", "hearts", "QS", "chips")))
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                          st.dictionaries(keys, inner, max_size=5)),
                        max_leaves=max_leaves)


def records_with_value(kind: str = "record", corpus: Corpus | None = None) -> Any:
    """A hypothesis strategy for (example record with one node replaced by a ``json_values()`` value),
    as the JSON-ish value (``encode`` or ``to_line`` writes it). ``kind``: record or session."""
    from hypothesis import strategies as st

    pool = (corpus or _corpus()).sessions if kind == "session" else (corpus or _corpus()).records

    @st.composite
    def build(draw: Any) -> Any:
        _, base = draw(st.sampled_from(pool))
        value = copy.deepcopy(base)
        seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
        path = walk(value, random.Random(seed))
        return put(value, path, draw(json_values()))

    return build()


_corpus_cache: list[Corpus] = []


def _corpus() -> Corpus:
    if not _corpus_cache:
        _corpus_cache.append(Corpus())
    return _corpus_cache[0]


# --- crashes in this process: the catalogue ---------------------------------------------------------

UNEXPECTED_PREFIX = "the engine could not read this input"
_WHERE = re.compile(r"\((\w+) at ([^)]+)\)")


def is_unexpected(message: str) -> bool:
    """Whether an error message is the boundary's last resort for a crash (not a refusal the engine worded)."""
    try:
        from scorekeeper.boundary import is_unexpected as boundary_says
    except ImportError:  # pragma: no cover - before the boundary existed
        return message.startswith(UNEXPECTED_PREFIX)
    return bool(boundary_says(message))


def crash_key(exc: BaseException) -> tuple[str, str]:
    """(exception type, innermost ``scorekeeper/`` frame as file:line) of an exception."""
    import traceback

    where = "?"
    for frame in traceback.extract_tb(exc.__traceback__):
        filename = frame.filename.replace("\\", "/")
        if "/scorekeeper/" in filename and "/boundary.py" not in filename:
            where = "scorekeeper/" + filename.split("/scorekeeper/", 1)[1] + f":{frame.lineno}"
    return type(exc).__name__, where


def message_key(message: str) -> tuple[str, str]:
    """(exception type, where) from the boundary's message ("... (TypeError at engine/records.py:243) ...")."""
    m = _WHERE.search(message)
    return (m.group(1), "scorekeeper/" + m.group(2)) if m else ("unexpected", message[:80])


def check_answer(out: str) -> str | None:
    """What is wrong with one output line of the contract (None: nothing): a JSON object with ``ok``; when
    false an error object with a string ``code`` and ``message``, not the boundary's last resort."""
    try:
        obj = json.loads(out, parse_constant=_no_constant)
    except ValueError as exc:
        return f"not a JSON line: {exc}"
    if not isinstance(obj, dict) or not isinstance(obj.get("ok"), bool):
        return "not a JSON object with a boolean \"ok\""
    if obj["ok"]:
        return None
    error = obj.get("error")
    if not isinstance(error, dict) or not isinstance(error.get("code"), str) or not isinstance(error.get("message"), str):
        return "\"ok\": false without an error object of a string code and message"
    if is_unexpected(error["message"]):
        return f"a crash caught by the boundary: {error['message']}"
    return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} in the output")


def catalogue(count: int, seed: int = DEFAULT_SEED) -> dict[tuple[str, str, str], list[bytes]]:
    """Crashes of ``count`` mutated records of each kind driven through the command's line answerers in
    this process (``replay_line``, ``settle_line``): {(command, exception type, innermost scorekeeper frame):
    [inputs, shortest first]}. A crash the boundary turned into an error line counts (its log gives the frame)."""
    import logging

    from scorekeeper.cli import replay_line

    try:
        from scorekeeper.settle_cli import settle_line
    except ImportError:  # pragma: no cover - before settle had archives
        settle_line = None

    class Caught(logging.Handler):
        def __init__(self) -> None:
            super().__init__()
            self.last: BaseException | None = None

        def emit(self, record: logging.LogRecord) -> None:
            if record.exc_info and record.exc_info[1] is not None:
                self.last = record.exc_info[1]

    caught = Caught()
    log = logging.getLogger("scorekeeper.boundary")
    log.addHandler(caught)
    log.propagate = False
    mutator = Mutator(seed)
    found: dict[tuple[str, str, str], list[bytes]] = {}

    def run(command: str, answer: Callable[[bytes], Any], line: bytes) -> None:
        caught.last = None
        try:
            _status, out, _code = answer(line)
        except Exception as exc:  # noqa: BLE001 - every crash is a finding
            found.setdefault((command, *crash_key(exc)), []).append(line)
            return
        wrong = check_answer(out)
        if wrong is None:
            return
        if caught.last is not None:
            key = crash_key(caught.last)
        elif wrong.startswith("a crash"):
            key = message_key(wrong)
        else:
            key = ("bad output", wrong[:80])
        found.setdefault((command, *key), []).append(line)

    try:
        for i in range(count):
            run("replay", replay_line, mutator.hand(i).line)
        if settle_line is not None:
            for i in range(count):
                run("settle", settle_line, mutator.session(i).line)
    finally:
        log.removeHandler(caught)
        log.propagate = True
    for lines in found.values():
        lines.sort(key=len)
    return found


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 2000
    found = catalogue(count)
    for (command, kind, where), lines in sorted(found.items(), key=lambda kv: -len(kv[1])):
        shown = lines[0][:600].decode("utf-8", "backslashreplace")
        print(f"{len(lines):6}  {command:8} {kind:22} {where}\n        {shown}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
