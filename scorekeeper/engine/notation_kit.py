"""The text notation of every family: one reader and one writer, driven by each family's table of tags
and of numbered lines (``notation`` for the Hearts core, ``reversis/notation``, ``tripoli/notation``).

Tag lines ``[Name value ...]`` with JSON values come first (their pieces are ``textscan``'s), then the
body, one numbered line per trick, Michigan run or betting round (``Bet 2. "A" raise 3, "B" call``),
and comments after ``;``. The notation is another spelling of the family's JSON record: the reader
builds the very JSON object the family's ``to_json`` gives and hands it to its ``from_json`` (every
field is checked there, once); the writer starts from ``to_json``. So a written text reads back to an
equal record, and writing that record again gives the same bytes.

A tag fills one place of the JSON object (``path``); a numbered line kind (``Lines``) fills one list.
A container that is there but empty, which nothing else would say, is a bare tag (``[Claim]``:
no space claimed, ``[Betting]``: no betting action; ``[Deal]``: no hand dealt).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Generic, NamedTuple, TypeVar

from .errors import RecordSyntaxError, ScorekeeperError, shown, Said
from .marks import N_
from .textscan import (
    NUMBER, PLAY_SPACE, SPACE, card_codes, card_string, fail, json_at, json_text, one_line, play_item, read_tag,
    refusal, skip,
)

R = TypeVar("R")

_REQUIRED = ("Game", "Players", "Dealer")
_LABEL = re.compile(r"([A-Za-z]+)[ \t]*(?=\d+\.)")
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
_WHOLE = re.compile(r"-?\d+(?![\d.])")


class Tag(NamedTuple):
    """What one tag holds: the place in the JSON object it fills, and how its values map onto it.

    Kinds: ``value`` (one JSON value), ``cards`` (one string of cards: a card list), ``names`` (one
    or more values: a list), ``keyed`` / ``keyed-cards`` (a key and a value, one tag per key of an
    object; bare: the object is empty), ``keyed-any-cards`` (as ``keyed``, a card list in the value
    read in any spelling), ``item`` (one element of a list, one tag each), ``object`` / ``list``
    (bare: the container is there, empty).
    """

    path: tuple[str, ...]
    kind: str
    example: str


class Lines(NamedTuple):
    """One kind of numbered body line: the list it fills and how its items are written."""

    label: str  # written before the number, "Bet 2."; "" for a bare number, "3."
    path: tuple[str, ...]
    item: str  # "play": KC or "Cat":KC; "action": "A" bet 2 (a player, then words and whole numbers)
    noun: str  # what a line is, for messages: "trick", "run", "betting round"
    size: bool = False  # every line but the last holds one item per player (tricks)


@dataclass(frozen=True)
class Remarks:
    """What the writer says beside the body: per label, a comment for each line; a note above the body
    (an error no line can carry); lines below it (how the deal ended, who paid what)."""

    lines: dict[str, list[str]] = field(default_factory=dict)
    note: str | None = None
    ending: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Unit:
    """One piece of the record as read (a tag, or one item of a numbered line) and where it was."""

    tag: str | None  # the tag's name; None for an item of a line
    path: tuple[str, ...]
    kind: str
    key: str | None
    value: Any
    line: int
    column: int


@dataclass
class _Line:
    """A numbered line as read: its kind, number, place, and how many items it holds."""

    lines: Lines
    number: int
    line: int
    column: int
    items: int = 0


@dataclass(frozen=True)
class Notation(Generic[R]):
    """A family's notation: its tags (in the order written), its numbered lines, and its record's JSON.

    ``group`` cuts a record's list into lines (where each line starts); ``remarks`` comments the body
    from the family's replay. ``loads``, ``dumps``, ``load``, ``dump`` mirror ``json``.
    """

    game: str  # a game id of the family: the stand-in while a refused record is searched for its culprit
    tags: Mapping[str, Tag]
    lines: tuple[Lines, ...]
    from_json: Callable[[Any], R]
    to_json: Callable[[R], dict[str, Any]]
    group: Callable[[R, Lines, list[Any], int], list[int]]
    remarks: Callable[[R, dict[str, list[int]]], Remarks]
    # A part of a record completed with what its kind needs before its fields are read (a Reversis hand
    # its play or its quick result): while a refused record is searched for its culprit (``_locate``).
    complete: Callable[[dict[str, Any]], dict[str, Any]] = lambda obj: obj
    # The fewest items a line of one per player may hold before the last, from the tags read (None: one
    # per player), where players drop out as their hands run out.
    shortest: Callable[[dict[str, Any]], int | None] = lambda obj: None
    # How messages name the body, and what it starts with (``%(first)s``: the first line of each kind; marked
    # ``N_``, worded in the reader's language as a refusal's place).
    body: str = N_("the numbered lines")
    opening: str = N_("a numbered line: %(first)s")

    # --- writing -------------------------------------------------------------------------------

    def dumps(self, record: R) -> str:
        """The notation of a record: its tags, a blank line, its numbered lines with their comments."""
        obj = self.to_json(record)
        header = list(self._tag_lines(obj))
        body = self._body(record, obj)
        return "\n".join(header) + "\n" + ("\n" + "\n".join(body) + "\n" if body else "")

    def dump(self, record: R, fp: IO[str]) -> None:
        """Write the notation of a record to a text file."""
        fp.write(self.dumps(record))

    def _tag_lines(self, obj: dict[str, Any]) -> Iterator[str]:
        for name, tag in self.tags.items():
            value = _get(obj, tag.path)
            if value is _ABSENT:
                continue
            if tag.kind == "value":
                yield f"[{name} {json_text(value)}]"
            elif tag.kind == "cards":
                yield f"[{name} {card_string(value)}]"
            elif tag.kind == "names":
                yield f"[{name} {' '.join(json_text(v) for v in value)}]"
            elif tag.kind == "item":
                yield from (f"[{name} {json_text(v)}]" for v in value)
            elif tag.kind in ("object", "list"):
                if not value:
                    yield f"[{name}]"
            else:  # keyed: one tag per key; a bare tag keeps an empty object apart from an absent one
                show = card_string if tag.kind == "keyed-cards" else json_text
                yield from (f"[{name} {json_text(key)} {show(v)}]" for key, v in value.items())
                if not value:
                    yield f"[{name}]"

    def _body(self, record: R, obj: dict[str, Any]) -> list[str]:
        players = len(obj.get("players") or ()) or 1
        found = {spec.label: (spec, list(items)) for spec in self.lines
                 if isinstance(items := _get(obj, spec.path), list) and items}
        starts = {label: self.group(record, spec, items, players) for label, (spec, items) in found.items()}
        remarks = self.remarks(record, starts)
        out = [f"; {one_line(remarks.note)}"] if remarks.note else []
        for label, (spec, items) in found.items():
            cut = starts[label]
            texts = [_item_text(spec, item) for item in items]
            joint = " " if spec.item == "play" else ", "
            heads = [f"{label} {k}." if label else f"{k}." for k in range(1, len(cut) + 1)]
            pad = max(len(h) for h in heads)
            lines = [head.ljust(pad) + " " + joint.join(texts[a:b])
                     for head, a, b in zip(heads, cut, cut[1:] + [len(items)])]
            said = remarks.lines.get(label) or [""] * len(lines)
            width = max(len(line) for line in lines)
            out += [line.ljust(width) + f" ; {one_line(r)}" if r else line for line, r in zip(lines, said, strict=True)]
        return out + [f"; {one_line(e)}" for e in remarks.ending]

    # --- reading -------------------------------------------------------------------------------

    def loads(self, text: str) -> R:
        """Read a record from its notation.

        :raises RecordSyntaxError: with the line and column of an unknown tag, a bad JSON value, a
            bad card, a line out of sequence, or what the family's ``from_json`` refuses.
        """
        return _Reader(self, text).read()

    def load(self, fp: IO[str]) -> R:
        """Read a record from a text file in the notation."""
        return self.loads(fp.read())

    # --- what the writer says ----------------------------------------------------------------------

    @staticmethod
    def refused(exc: ScorekeeperError, starts: list[int], label: str, index: int | None) -> Remarks:
        """The remarks on a refused record: the refusal on the line of the item ``index`` of the lines
        labelled ``label`` (or of line ``exc.trick`` when ``index`` is None), else above the body."""
        word = "unreadable" if isinstance(exc, RecordSyntaxError) else "illegal"
        note = f"{word}: {exc.message}"
        at = None
        if index is not None and starts:
            at = max(i for i, start in enumerate(starts) if start <= index) if index >= 0 else None
        elif exc.trick is not None and 1 <= exc.trick <= len(starts):
            at = exc.trick - 1
        if at is None:
            return Remarks(note=note)
        said = [""] * len(starts)
        said[at] = note
        return Remarks(lines={label: said})


_ABSENT = object()


def _get(obj: Mapping[str, Any], path: Sequence[str]) -> Any:
    value: Any = obj
    for key in path:
        if not isinstance(value, Mapping) or key not in value:
            return _ABSENT
        value = value[key]
    return value


def _item_text(spec: Lines, item: Any) -> str:
    if spec.item == "play":
        return item if isinstance(item, str) else f"{json_text(item[0])}:{item[1]}"
    return " ".join([json_text(item[0]), *(str(atom) for atom in item[1:])])


def _apply(obj: dict[str, Any], unit: _Unit) -> None:
    """Put one unit into the JSON object, as ``to_json`` would have it."""
    *outer, last = unit.path
    place = obj
    for key in outer:
        place = place.setdefault(key, {})
    if unit.kind in ("item", "play"):
        place.setdefault(last, []).append(unit.value)
    elif unit.kind.startswith("keyed"):
        mapping = place.setdefault(last, {})
        if unit.key is not None:
            mapping[unit.key] = unit.value
    elif unit.kind in ("object", "list"):
        place.setdefault(last, {} if unit.kind == "object" else [])
    else:
        place[last] = unit.value


def _arity(kind: str) -> tuple[tuple[int, ...] | None, str]:
    """How many values a tag of ``kind`` takes (None: one or more), and that in words."""
    return {
        "names": (None, "one or more values"),
        "keyed": ((0, 2), "a name and a value (or nothing, for none at all)"),
        "keyed-cards": ((0, 2), "a player's name and cards (or nothing, for none at all)"),
        "keyed-any-cards": ((0, 2), "a player's name and a value (or nothing, for none at all)"),
        "object": ((0,), "no value"),
        "list": ((0,), "no value"),
    }.get(kind, ((1,), "one value"))


class _Reader(Generic[R]):
    """A scanner over the lines: tags first, then numbered lines; then the record is built."""

    def __init__(self, notation: Notation[R], text: str) -> None:
        self.notation = notation
        self.text_lines = text.removeprefix("\ufeff").split("\n")  # only \n ends a line: JSON escapes it
        self.units: list[_Unit] = []
        self.numbered: list[_Line] = []
        self.seen: dict[tuple[str, str | None], int] = {}
        self.last_tag_line = 0
        self.labels = {spec.label.lower(): spec for spec in notation.lines if spec.label}
        self.bare = next((spec for spec in notation.lines if not spec.label), None)
        self.players = self.least = 0  # a line of one item per player: how many, the fewest but in the last

    def read(self) -> R:
        for number, line in enumerate(self.text_lines, 1):
            self._line(line, number)
        given = {u.tag for u in self.units}
        for name in _REQUIRED:
            if name not in given:
                raise fail(Said("the record needs a %(example)s tag", example=str(self.notation.tags[name].example)), self.last_tag_line + 1, 1)
        if self.numbered:
            self._ended(self.numbered[-1])
        return self._build()

    # --- lines and tags ------------------------------------------------------------------------

    def _line(self, text: str, line: int) -> None:
        pos = skip(PLAY_SPACE, text, 0)
        while pos < len(text) and text[pos] != ";":
            if text[pos] == "[":
                if self.numbered:
                    first = self.numbered[0]
                    raise fail(Said("tags come before %(body)s: move this tag above line %(line)s",
                                    body=Said(self.notation.body), line=str(first.line)),
                               line, pos + 1)
                pos = self._tag(text, pos, line)
                self.last_tag_line = line
            else:
                pos = self._token(text, pos, line)
            pos = skip(PLAY_SPACE, text, pos)

    def _tag(self, text: str, start: int, line: int) -> int:
        name, values, columns, end = read_tag(text, start, line, self.notation.tags)
        tag = self.notation.tags[name]
        counts, words = _arity(tag.kind)
        if (counts is None and not values) or (counts is not None and len(values) not in counts):
            raise fail(Said("[%(tag)s] takes %(takes)s, e.g. %(example)s",
                            tag=name, takes=str(words), example=str(tag.example)), line, start + 1)
        key: str | None = None
        value: Any = values[0] if values else None
        if tag.kind == "names":
            value = values
        elif tag.kind.startswith("keyed") and values:
            if not isinstance(values[0], str):
                raise fail(Said("[%(tag)s] starts with a name, a JSON string: %(example)s",
                                tag=name, example=str(tag.example)), line, columns[0])
            key, value = values
        if tag.kind in ("cards", "keyed-cards", "keyed-any-cards") and values:
            what = "_".join(tag.path) if key is None else f"{'_'.join(tag.path)} of {key}"
            value = card_codes(value, what.replace("_", " "), line, columns[-1])
        if tag.kind != "item":
            seen = (name, key)
            if seen in self.seen:
                about = "" if key is None else f" for {shown(key)}"
                raise fail(Said("[%(tag)s]%(about)s is given twice (first on line %(value)s)",
                                tag=name, about=str(about), value=str(self.seen[seen])), line, start + 1)
            self.seen[seen] = line
        self.units.append(_Unit(name, tag.path, tag.kind, key, value, line, start + 1))
        return end

    def _token(self, text: str, pos: int, line: int) -> int:
        """A line's label and number, a bare number, or an item of the current line; where it ends."""
        label = _LABEL.match(text, pos)
        spec = self.labels.get(label.group(1).lower()) if label else None
        if label is not None and spec is not None:
            return self._number(spec, text, label.end(), line, pos)
        number = NUMBER.match(text, pos)
        if number is not None:
            current = self.numbered[-1].lines if self.numbered else self.bare
            if current is None:
                raise fail(Said("a numbered line starts with what it holds: %(value)s", value=str(self._starts())), line, pos + 1)
            return self._number(current, text, pos, line, pos)
        if not self.numbered:
            word = _WORD.match(text, pos)
            if word is not None and word.group().lower() in self.labels:
                raise fail(Said("%(value)s starts a numbered line: %(value2)s",
                                value=str(word.group()), value2=str(self._starts())), line, pos + 1)
            opening = Said(self.notation.opening, first=self._starts())
            raise fail(Said("expected a tag, [Name value ...], or %(opening)s", opening=opening), line, pos + 1)
        current_line = self.numbered[-1]
        spec = current_line.lines
        if spec.item == "play":
            item, end = play_item(text, pos, line)
        else:
            item, end = self._action(text, pos, line)
        if spec.size and current_line.items == self.players > 0:
            raise fail(Said("%(noun)s %(number)s already has %(players)s cards: start the next with %(value)s.",
                            noun=str(spec.noun), number=str(current_line.number), players=str(self.players), value=str(current_line.number + 1)), line, pos + 1)
        current_line.items += 1
        self.units.append(_Unit(None, spec.path, "play", None, item, line, pos + 1))
        return end

    def _starts(self) -> str:
        firsts = [f"{spec.label} 1." if spec.label else "1." for spec in self.notation.lines]
        return ", ".join(firsts[:-1]) + (" or " if len(firsts) > 1 else "") + firsts[-1]

    def _number(self, spec: Lines, text: str, at: int, line: int, start: int) -> int:
        number = NUMBER.match(text, at)
        assert number is not None  # the label's pattern looked ahead for it
        if self.numbered:
            self._ended(self.numbered[-1])
        else:
            self._count_players()
        previous = next((n for n in reversed(self.numbered) if n.lines is spec), None)
        if spec.size and self.players and previous is not None and previous.items < self.least:
            every = self.players if self.least == self.players else f"{self.least} to {self.players}"
            raise fail(Said("%(noun)s %(number)s has %(items)s cards, but with %(players)s players every "
                            "%(noun)s but the last has %(every)s",
                            noun=str(spec.noun), number=str(previous.number), items=str(previous.items), players=str(self.players), every=str(every)), line, start + 1)
        wanted = 1 + sum(1 for n in self.numbered if n.lines is spec)
        given = int(number.group(1))
        if given != wanted:
            head = f"{spec.label} " if spec.label else ""
            raise fail(Said("%(noun)s number out of sequence: %(head)s%(given)s. where %(head)s%(wanted)s. was "
                            "expected", noun=str(spec.noun), head=str(head), given=str(given), wanted=str(wanted)),
                       line, start + 1)
        self.numbered.append(_Line(spec, given, line, start + 1))
        return number.end()

    def _action(self, text: str, pos: int, line: int) -> tuple[list[Any], int]:
        """``"Player"`` and then words and whole numbers (``"B" bet 2``, ``"A" pass``), as one JSON list."""
        spec = self.numbered[-1].lines
        if text[pos] != '"':
            raise fail(Said("a %(noun)s is a list of \"Player\" and what he did, e.g. \"Ann\" check, \"Bob\" bet "
                            "2", noun=str(spec.noun)),
                       line, pos + 1)
        player, end = json_at(text, pos, line, "bad player name")
        item: list[Any] = [player]
        while len(item) < 3:
            at = skip(SPACE, text, end)
            if at == len(text) or text[at] in ',;"[' or NUMBER.match(text, at):
                break
            label = _LABEL.match(text, at)
            if label is not None and label.group(1).lower() in self.labels:
                break
            whole = _WHOLE.match(text, at)
            word = _WORD.match(text, at)
            if whole is not None:
                item.append(int(whole.group()))
                end = whole.end()
            elif word is not None:
                item.append(word.group().lower())
                end = word.end()
            else:
                raise fail(f"expected what {shown(player)} did (a word such as bet, or a number of chips), "
                           f"not {text[at]!r}", line, at + 1)
        return item, end

    # --- the numbered lines, as they come: the first mistake in the text is the one reported ---------

    def _count_players(self) -> None:
        """How many items a line of one per player holds, and the fewest before the last, from the tags
        (all of them are read when the first numbered line starts)."""
        tags: dict[str, Any] = {}
        for unit in self.units:
            _apply(tags, unit)
        players = next((u.value for u in self.units if u.tag == "Players"), None)
        self.players = len(players) if isinstance(players, list) else 0  # none: the missing tag is said later
        shortest = self.notation.shortest(tags)
        self.least = self.players if shortest is None else shortest

    @staticmethod
    def _ended(numbered: _Line) -> None:
        """A line ends where the next one (or the text) starts: it holds something."""
        if numbered.items == 0:
            raise fail(Said("%(noun)s %(number)s is empty",
                            noun=str(numbered.lines.noun), number=str(numbered.number)), numbered.line, numbered.column)

    # --- building the record ---------------------------------------------------------------------

    def _build(self) -> R:
        obj: dict[str, Any] = {}
        for unit in self.units:
            _apply(obj, unit)
        try:
            return self.notation.from_json(obj)
        except RecordSyntaxError as exc:
            raise self._locate(exc) from None

    def _locate(self, error: RecordSyntaxError) -> RecordSyntaxError:
        """Give a refused record the line of the tag or item that made it wrong.

        Units are added one at a time, the required tags first, each time asking ``from_json`` again
        (stand-ins fill the game, the players and the dealer until they are added, and what the family's
        ``complete`` adds): the first unit with which the record is refused for the same reason is the culprit. A reason the record
        has with nothing but the stand-ins is something missing: it is reported where the text ends.
        """
        first = sorted(self.units, key=lambda u: _REQUIRED.index(u.tag) if u.tag in _REQUIRED else len(_REQUIRED))
        obj: dict[str, Any] = {}
        ending = RecordSyntaxError(error.said or error.message, line=len(self.text_lines), column=1, code=error.code)
        if self._same(obj, error):
            return ending
        for unit in first:
            _apply(obj, unit)
            if self._same(obj, error):
                return RecordSyntaxError(error.said or error.message, line=unit.line, column=unit.column, code=error.code)
        return ending  # pragma: no cover - the whole object was refused so, and it is the last prefix

    def _same(self, obj: dict[str, Any], error: RecordSyntaxError) -> bool:
        players = obj.get("players")
        seated = players if isinstance(players, list) and players else ["?"]
        dealer = seated[0] if isinstance(seated[0], str) else "?"
        whole = self.notation.complete({"game": self.notation.game, "dealer": dealer, **obj, "players": seated})
        problem = refusal(lambda: self.notation.from_json(whole))
        return problem is not None and problem.message == error.message


def signed(amounts: Mapping[str, int]) -> str:
    """``Ann -17, Bob +36``: what each player gains or pays, as a comment says it."""
    return ", ".join(f"{name} {amount:+d}" for name, amount in amounts.items())


def rounds(record: object, spec: Lines, items: list[Any], players: int) -> list[int]:
    """Where each line of ``items`` starts: every ``players`` items for tricks; for actions (bets, bids),
    a new round each time a player acts again, as the turn comes back to him."""
    if spec.size:
        return list(range(0, len(items), max(players, 1)))
    starts: list[int] = []
    acted: set[str] = set()
    for i, item in enumerate(items):
        who = json_text(item[0]) if isinstance(item, list) and item else json_text(item)
        if not starts or who in acted:
            starts.append(i)
            acted = set()
        acted.add(who)
    return starts
