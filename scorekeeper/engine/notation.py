"""The text notation of hand records: tag lines, then one trick per line (like PGN and PBN).

The notation is another spelling of the JSON record of the records contract (docs/command.md), not a second format.
The reader builds the very JSON object ``records.to_json`` gives and hands it to
``records.from_json``, so every field is checked in one place; the writer starts from
``records.to_json``, so it leaves out exactly the fields the JSON leaves out. ``loads``,
``dumps``, ``load`` and ``dump`` mirror ``json``. A written text reads back to an equal
record, and writing that record gives the same bytes.

A tag is ``[Name value ...]`` with JSON values; a trick line is the trick's number, a
dot and the cards in the order played, ``"Cat":KC`` when the recorder named the player.
Everything after ``;`` is a comment: the writer explains each trick there (who led, who
won, or why a play is illegal) and the reader skips it.

>>> text = '''[Game "black-lady"]
... [Players "Ann" "Bob" "Cat" "Dan"]
... [Dealer "Dan"]
... [MoonChoice "add"]
... [Taken "Ann" {"hearts": 13, "QS": 1}]
... [Taken "Bob" []]
... [Taken "Cat" []]
... [Taken "Dan" []]
... '''
>>> record = loads(text)
>>> record.taken["Ann"]
{'hearts': 13, 'QS': 1}
>>> dumps(record) == text
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any, NamedTuple

from .cards import format_cards
from .errors import RecordSyntaxError, ScorekeeperError, shown
from .games import make_ruleset
from .records import FIELD_ORDER, HandRecord, PlayItem, from_json, to_json
from .replay import HandOutcome, replay
from .textscan import (
    NUMBER as _NUMBER, PLAY_SPACE as _PLAY_SPACE, card_codes as _card_codes, card_string as _card_string,
    fail as _fail, json_text as _json, one_line as _one_line, play_item, read_tag, refusal as _refusal, skip as _skip,
)

__all__ = ["TAGS", "TagSpec", "dump", "dumps", "load", "loads"]


class TagSpec(NamedTuple):
    """What one tag holds: the record field it fills, and how its values map onto that field."""

    field: str
    kind: str  # value | cards | names | option | per-player | per-player-cards | event
    example: str


TAGS: dict[str, TagSpec] = {  # in the order the writer puts them
    "Game": TagSpec("game", "value", '[Game "black-lady"]'),
    "Id": TagSpec("id", "value", '[Id "2024-05-01-3"]'),
    "Players": TagSpec("players", "names", '[Players "Ann" "Bob" "Cat" "Dan"]'),
    "Dealer": TagSpec("dealer", "value", '[Dealer "Dan"]'),
    "Hand": TagSpec("hand", "value", "[Hand 1]"),
    "Option": TagSpec("options", "option", '[Option "first_lead" "two-of-clubs"]'),
    "PassDirection": TagSpec("pass_direction", "value", '[PassDirection "left"]'),
    "Deal": TagSpec("deal", "per-player-cards", '[Deal "Ann" "2C 7C KD"]'),
    "Widow": TagSpec("widow", "cards", '[Widow "3D 9S"]'),
    "Passes": TagSpec("passes", "per-player-cards", '[Passes "Ann" "QS AH KH"]'),
    "Leader": TagSpec("leader", "value", '[Leader "Bob"]'),
    "Event": TagSpec("events", "event", '[Event {"type": "misdeal", "reason": "wrong-count"}]'),
    "MoonChoice": TagSpec("moon_choice", "value", '[MoonChoice "add"]'),
    "Taken": TagSpec("taken", "per-player", '[Taken "Ann" {"hearts": 3, "QS": 1}]'),
}
_MAPPINGS = ("option", "per-player", "per-player-cards")  # one tag per key, or a bare tag: empty
_REQUIRED = ("players", "game", "dealer")  # what from_json needs first, in the order it checks them



# --- writing ---------------------------------------------------------------------------------

def dumps(record: HandRecord) -> str:
    """The notation of a record: its tags, a blank line, one line per trick.

    The play is cut into tricks of one card per player (the Hearts core). The comments come
    from replaying the record: an illegal or unplayable hand is commented, not refused.
    """
    header = list(_tag_lines(to_json(record)))
    body = _play_lines(record)
    return "\n".join(header) + "\n" + ("\n" + "\n".join(body) + "\n" if body else "")


def dump(record: HandRecord, fp: IO[str]) -> None:
    """Write the notation of a record to a text file."""
    fp.write(dumps(record))


def _tag_lines(obj: dict[str, Any]) -> Iterator[str]:
    """One line per tag, from the canonical JSON object (so omissions follow ``to_json``)."""
    for name, spec in TAGS.items():
        if spec.field not in obj:
            continue
        value = obj[spec.field]
        if spec.kind == "value":
            yield f"[{name} {_json(value)}]"
        elif spec.kind == "cards":
            yield f"[{name} {_card_string(value)}]"
        elif spec.kind == "names":
            yield f"[{name} {' '.join(_json(v) for v in value)}]"
        elif spec.kind == "event":
            yield from (f"[{name} {_json(event)}]" for event in value)
        else:  # one tag per key; a bare tag keeps an empty object apart from an absent one
            show = _card_string if spec.kind == "per-player-cards" else _json
            yield from (f"[{name} {_json(key)} {show(v)}]" for key, v in value.items())
            if not value:
                yield f"[{name}]"


def _play_lines(record: HandRecord) -> list[str]:
    """Trick lines with their comments, comments lined up in one column."""
    n = max(1, len(record.players))
    items = [_item_text(item) for item in record.play]
    starts = _trick_starts(record, n)
    pad = len(f"{len(starts)}.")  # cards line up in columns
    lines = [f"{k + 1}.".ljust(pad) + " " + " ".join(items[start:end])
             for k, (start, end) in enumerate(zip(starts, starts[1:] + [len(items)]))]
    remarks, note, ending = _remarks(record, starts)
    width = max((len(line) for line in lines), default=0)
    out = [f"; {note}"] if note else []
    out += [line.ljust(width) + f" ; {remark}" if remark else line for line, remark in zip(lines, remarks, strict=True)]
    return out + ([f"; {ending}"] if ending else [])


def _trick_starts(record: HandRecord, n: int) -> list[int]:
    """Where each trick line starts in the play: every ``n`` cards, or, where players drop out as their
    hands run out (Domino Hearts), where the replay's tricks start (then every ``n`` after an error)."""
    starts = list(range(0, len(record.play), n))
    try:
        if not make_ruleset(record.game, record.options).variant.players_drop_out:
            return starts
        outcome = replay(record, audit=True)
    except ScorekeeperError:
        return starts
    starts, at = [], 0
    for trick in outcome.tricks or ():
        starts.append(at)
        at += len(trick.plays)
    return starts + list(range(at, len(record.play), n))


def _item_text(item: PlayItem) -> str:
    return item.card.code if item.player is None else f"{_json(item.player)}:{item.card.code}"


def _remarks(record: HandRecord, starts: list[int]) -> tuple[list[str], str | None, str | None]:
    """Per trick line, what replay says of it; a note for an error no line can carry; and how the
    hand ended, where that is not a trick (Domino Hearts' last player and the stock).

    On an illegal hand only the line of the first illegal play is commented: replay reports
    the error, not the tricks completed before it, so earlier lines stay bare.
    """
    count = len(starts)
    remarks = [""] * count
    try:
        outcome = replay(record)
    except ScorekeeperError as exc:
        word = "unreadable" if isinstance(exc, RecordSyntaxError) else "illegal"
        note = f"{word}: {_one_line(exc.message)}"
        at = _error_line(exc, starts)
        if at is None:
            return remarks, note, None
        remarks[at] = note
        return remarks, None, None
    names = [_one_line(name) for name in outcome.players]
    for k, trick in enumerate((outcome.tricks or ())[:count]):
        won = "the trick is dead" if trick.winner < 0 else f"{names[trick.winner]} won"  # Cancellation Hearts
        end = starts[k + 1] if k + 1 < count else len(record.play)
        remarks[k] = f"{names[trick.leader]} led, {won}" + _beside(outcome, starts[k], end, names)
    ending = None
    if outcome.remainder is not None:
        kept, stock = outcome.remainder.kept, outcome.remainder.stock
        parts = ([f"keeps {format_cards(kept)}"] if kept else []) + ([f"takes the stock, {format_cards(stock)}"]
                                                                     if stock else [])
        ending = f"{names[outcome.remainder.seat]} " + " and ".join(parts)
    return remarks, None, ending


def _beside(outcome: HandOutcome, start: int, end: int, names: list[str]) -> str:
    """What happened beside the cards in the trick of plays ``start`` to ``end``: Domino Hearts' draws,
    Conquimbert's trumps turned up."""
    said = [f"{names[d.seat]} drew {format_cards(d.cards)}" for d in outcome.draws if start <= d.play < end]
    turned = outcome.turned
    if turned is not None and start <= turned.play < end and turned.card.suit is not None:
        said.append(f"{names[turned.seat]} could not follow: {turned.card} turned up, {turned.card.suit.noun} "
                    f"are trumps")
    return "".join(f"; {words}" for words in said)


def _error_line(exc: ScorekeeperError, starts: list[int]) -> int | None:
    """The trick line an error belongs to: its play's, or its trick's; None for the whole record."""
    if exc.play is not None and starts:
        return max(bisect_right(starts, exc.play) - 1, 0)  # a hand that stops early: its last line
    if exc.trick is not None and 1 <= exc.trick <= len(starts):
        return exc.trick - 1
    return None


# --- reading ---------------------------------------------------------------------------------

def loads(text: str) -> HandRecord:
    """Read a record from its notation.

    :raises RecordSyntaxError: with the line and column of an unknown tag, a bad JSON value,
        a bad card, a trick out of sequence, or a field ``records.from_json`` refuses.
    """
    return _Reader(text).read()


def load(fp: IO[str]) -> HandRecord:
    """Read a record from a text file in the notation."""
    return loads(fp.read())


@dataclass(frozen=True, slots=True)
class _Unit:
    """One piece of the record as read (a tag, or one card played) and where it was."""

    kind: str  # a TagSpec kind, or "play"
    field: str
    key: str | None  # the option or player a mapping tag is about; None for a bare tag
    value: Any
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class _Token:
    """A trick number or a play item, before the tricks are counted."""

    number: int | None
    item: Any  # the JSON play item: "KC" or ["Cat", "KC"]
    line: int
    column: int


class _Reader:
    """A scanner over the lines: tags first, then play tokens; then the record is built."""

    def __init__(self, text: str) -> None:
        self.lines = text.removeprefix("\ufeff").split("\n")  # only \n ends a line: JSON escapes it
        self.units: list[_Unit] = []
        self.tokens: list[_Token] = []
        self.seen: dict[tuple[str, str | None], int] = {}
        self.last_tag_line = 0

    def read(self) -> HandRecord:
        for number, line in enumerate(self.lines, 1):
            self._line(line, number)
        self._require_tags()
        players = next(u.value for u in self.units if u.field == "players")
        self.units += _play_units(self.tokens, len(players), 2 if self._players_drop_out() else None)
        return _build(self.units)

    def _players_drop_out(self) -> bool:
        """Whether the game's tricks shrink as players run out of cards (Domino Hearts)."""
        game = next((u.value for u in self.units if u.field == "game"), None)
        options = {u.key: u.value for u in self.units if u.field == "options" and u.key is not None}
        try:
            return make_ruleset(game, options).variant.players_drop_out
        except ScorekeeperError:
            return False  # the record is refused later, with the tag that is wrong

    # --- lines and tags ----------------------------------------------------------------------

    def _line(self, text: str, line: int) -> None:
        pos = _skip(_PLAY_SPACE, text, 0)
        while pos < len(text) and text[pos] != ";":
            if text[pos] == "[":
                if self.tokens:
                    raise _fail("tags come before the play: move this tag above trick 1", line, pos + 1)
                pos = self._tag(text, pos, line)
                self.last_tag_line = line
            else:
                pos = self._play_token(text, pos, line)
            pos = _skip(_PLAY_SPACE, text, pos)

    def _tag(self, text: str, start: int, line: int) -> int:
        """Read ``[Name value ...]`` from ``start``; return where it ends."""
        name, values, columns, end = read_tag(text, start, line, TAGS)
        self._add_tag(name, values, columns, line, start + 1)
        return end

    def _add_tag(self, name: str, values: list[Any], columns: list[int], line: int, column: int) -> None:
        """Check the tag's shape and record what it says about its field."""
        spec = TAGS[name]
        if not _arity_ok(spec.kind, len(values)):
            raise _fail(f"[{name}] takes {_arity_text(spec.kind)}, e.g. {spec.example}", line, column)
        key: str | None = None
        value: Any = values[0] if values else None
        if spec.kind == "names":
            value = values
        elif spec.kind in _MAPPINGS and values:
            if not isinstance(values[0], str):
                what = "an option name" if spec.kind == "option" else "a player's name"
                raise _fail(f"[{name}] starts with {what}, a JSON string: {spec.example}", line, columns[0])
            key, value = values
        if spec.kind == "cards" or (spec.kind in ("per-player-cards", "per-player") and values):
            what = spec.field if key is None else f"{spec.field} of {key}"
            value = _card_codes(value, what, line, columns[-1])
        self._once(spec, name, key, line, column)
        self.units.append(_Unit(spec.kind, spec.field, key, value, line, column))

    def _once(self, spec: TagSpec, name: str, key: str | None, line: int, column: int) -> None:
        """A field, an option, a player's deal: each is given once (events are a list)."""
        if spec.kind == "event":
            return
        seen = (spec.field, key)
        if seen in self.seen:
            about = "" if key is None else f" for {shown(key)}"
            raise _fail(f"[{name}]{about} is given twice (first on line {self.seen[seen]})", line, column)
        self.seen[seen] = line

    def _require_tags(self) -> None:
        """The tags without which there is no record; reported where the header ends."""
        given = {u.field for u in self.units}
        for name in ("Game", "Players", "Dealer"):
            if TAGS[name].field not in given:
                raise _fail(f"the record needs a {TAGS[name].example} tag", self.last_tag_line + 1, 1)

    # --- the play ------------------------------------------------------------------------------

    def _play_token(self, text: str, pos: int, line: int) -> int:
        """Read a trick number, a card, or ``"Player":card``; return where it ends."""
        number = _NUMBER.match(text, pos)
        if number:
            self.tokens.append(_Token(int(number.group(1)), None, line, pos + 1))
            return number.end()
        if not self.tokens:
            raise _fail("expected a tag, [Name value ...], or the play, which starts with the trick number 1.",
                        line, pos + 1)
        item, end = play_item(text, pos, line)
        self.tokens.append(_Token(None, item, line, pos + 1))
        return end


def _arity_ok(kind: str, count: int) -> bool:
    if kind == "names":
        return count >= 1
    if kind == "option":
        return count == 2
    if kind in _MAPPINGS:
        return count in (0, 2)
    return count == 1


def _arity_text(kind: str) -> str:
    return {
        "names": "one or more names",
        "option": "two values, the option's name and its value",
        "per-player": "a player's name and a value (or nothing, for none at all)",
        "per-player-cards": "a player's name and cards (or nothing, for none at all)",
    }.get(kind, "one value")


def _play_units(tokens: list[_Token], n: int, shortest: int | None = None) -> list[_Unit]:
    """The play items, after checking the tricks: numbered 1, 2, ... with ``n`` cards each.

    Only the last trick may be shorter (a hand stopped early, or an incomplete record); where players
    drop out as their hands run out (Domino Hearts), any trick may, down to ``shortest`` cards.
    """
    units: list[_Unit] = []
    trick, cards = 0, 0
    least = n if shortest is None else shortest
    for token in tokens:
        if token.number is not None:
            if trick and cards < least:
                every = f"has {n}" if least == n else f"has {least} to {n}"
                raise _fail(f"trick {trick} has {cards} cards, but with {n} players every trick "
                            f"but the last {every}", token.line, token.column)
            if token.number != trick + 1:
                raise _fail(f"trick number out of sequence: {token.number}. where {trick + 1}. "
                            "was expected", token.line, token.column)
            trick, cards = trick + 1, 0
            continue
        if cards == n:
            raise _fail(f"trick {trick} already has {n} cards: start the next with {trick + 1}.",
                        token.line, token.column)
        cards += 1
        units.append(_Unit("play", "play", None, token.item, token.line, token.column))
    if trick and not cards:
        last = tokens[-1]
        raise _fail(f"trick {trick} has no cards", last.line, last.column)
    return units


# --- building the record -----------------------------------------------------------------------

def _apply(obj: dict[str, Any], unit: _Unit) -> None:
    """Put one unit into the JSON object, as ``to_json`` would have it."""
    if unit.kind in ("event", "play"):
        obj.setdefault(unit.field, []).append(unit.value)
    elif unit.kind in _MAPPINGS:
        mapping = obj.setdefault(unit.field, {})
        if unit.key is not None:
            mapping[unit.key] = unit.value
    else:
        obj[unit.field] = unit.value


def _build(units: list[_Unit]) -> HandRecord:
    """The record, through ``from_json``: the one place record fields are checked."""
    obj: dict[str, Any] = {}
    for unit in units:
        _apply(obj, unit)
    if "taken" not in obj:
        obj.setdefault("play", [])
    try:
        return from_json({key: obj[key] for key in FIELD_ORDER if key in obj})
    except RecordSyntaxError as exc:
        raise _locate(units, exc) from None


def _locate(units: list[_Unit], error: RecordSyntaxError) -> RecordSyntaxError:
    """Give a refused record the line of the tag or card that made it wrong.

    Units are added one at a time, the required fields first, each time asking ``from_json``
    again (stand-ins fill what is not added yet): the first unit refused is the culprit. Only
    a refused record pays for this.
    """
    first = sorted(units, key=lambda u: _REQUIRED.index(u.field) if u.field in _REQUIRED else len(_REQUIRED))
    obj: dict[str, Any] = {}
    for unit in first:
        _apply(obj, unit)
        problem = _refusal(lambda: from_json(_with_stand_ins(obj)))
        if problem is not None:
            return RecordSyntaxError(problem.message, line=unit.line, column=unit.column, code=problem.code)
    return error  # pragma: no cover - the whole object was refused, so some unit is


def _with_stand_ins(obj: dict[str, Any]) -> dict[str, Any]:
    """The fields every record needs, where not yet given: a game and a dealer who is seated."""
    players = obj.get("players", ["?"])
    dealer = players[0] if isinstance(players, list) and players else "?"
    return {"game": "?", "dealer": dealer, **obj, "players": players}
