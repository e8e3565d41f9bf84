"""The pieces of the text notation: tags, cards, named plays, and which family a text is for.

The notation's reader and writer (``notation_kit``, one for every family) read tag lines
``[Name value ...]``, cards in any spelling and ``"Cat":KC``, and word a mistake with its line and
column, with these; the family seam finds a text's family by its ``Game`` tag before it is read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from typing import Any

from .cards import Card, parse_cards
from .errors import RecordSyntaxError, Said, said_of
from .jsontext import json_said, raw_decode

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
SPACE = re.compile(r"\s*")
PLAY_SPACE = re.compile(r"[\s,]*")  # cards in the play may also be separated by commas (the records contract, docs/command.md)
GAP = re.compile(r"\s+")
NUMBER = re.compile(r"(\d+)\.")
CARD = re.compile(r"[^\s;,\"\[\]]+")
JSON_HELP = '(values are JSON: "text" in double quotes, numbers, true, false, [arrays], {objects})'


def skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where the run of ``pattern`` (spaces) starting at ``pos`` ends."""
    match = pattern.match(text, pos)
    return pos if match is None else match.end()


def fail(message: str | Said, line: int, column: int) -> RecordSyntaxError:
    return RecordSyntaxError(message, line=line, column=column)


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def card_string(codes: list[str]) -> str:
    """A card list as one JSON string of canonical cards, the way people write a hand."""
    return json_text(" ".join(codes))


def one_line(text: str) -> str:
    """A comment runs to the end of its line: names and messages must not break it."""
    return " ".join(text.splitlines())


def refusal(check: Callable[[], object]) -> RecordSyntaxError | None:
    """What ``check`` refuses the record with, or None."""
    try:
        check()
    except RecordSyntaxError as exc:
        return exc
    return None


def unknown_tag(name: str, names: Collection[str]) -> str:
    near = [t for t in names if t.lower() == name.lower()]
    hint = f"did you mean [{near[0]}]?" if near else "the tags are " + ", ".join(names)
    return f"unknown tag [{name}]: {hint}"


def json_at(text: str, pos: int, line: int, what: str) -> tuple[Any, int]:
    """The JSON value written at ``pos`` and where it ends. :raises RecordSyntaxError: not JSON there."""
    try:
        return raw_decode(text, pos)
    except json.JSONDecodeError as exc:
        raise fail(Said("%(what)s: %(msg)s", what=str(what), msg=json_said(exc.msg)), line, exc.pos + 1) from None
    except ValueError as exc:  # JSON, but no record holds it: NaN, 1e400, a huge number
        raise fail(Said("%(what)s: %(exc)s", what=str(what), exc=said_of(exc)), line, pos + 1) from None


def read_tag(text: str, start: int, line: int, names: Collection[str]) -> tuple[str, list[Any], list[int], int]:
    """Read ``[Name value ...]`` from ``start``: the name, its JSON values and their columns, and where
    the tag ends. :raises RecordSyntaxError: an unknown name, a bad value, a tag not closed."""
    pos = skip(SPACE, text, start + 1)
    match = NAME.match(text, pos)
    if match is None:
        raise fail(Said("a tag is [Name value ...], e.g. [Game \"hearts\"]"), line, pos + 1)
    name = match.group()
    if name not in names:
        raise fail(unknown_tag(name, names), line, pos + 1)
    values: list[Any] = []
    columns: list[int] = []
    pos = match.end()
    while True:
        at = skip(SPACE, text, pos)
        if at == len(text) or text[at] == ";":
            raise fail(Said("[%(tag)s is not closed: a tag ends with ] on the same line", tag=name), line, at + 1)
        if text[at] == "]":
            return name, values, columns, at + 1
        if at == pos:
            raise fail(Said("separate the values of [%(tag)s] with spaces", tag=name), line, at + 1)
        try:
            value, pos = raw_decode(text, at)
        except json.JSONDecodeError as exc:
            raise fail(Said("bad value in [%(tag)s]: %(msg)s %(help)s",
                            tag=name, msg=json_said(exc.msg), help=JSON_HELP), line, exc.pos + 1) from None
        except ValueError as exc:  # JSON, but no record holds it: NaN, 1e400, a huge number
            raise fail(Said("bad value in [%(tag)s]: %(exc)s", tag=name, exc=said_of(exc)), line, at + 1) from None
        values.append(value)
        columns.append(at + 1)


def play_item(text: str, pos: int, line: int) -> tuple[Any, int]:
    """A card, or ``"Player":card``, written at ``pos``: its JSON play item (``"KC"`` or ``["Cat", "KC"]``)
    and where it ends."""
    if text[pos] != '"':
        return card_at(text, pos, line)
    player, end = json_at(text, pos, line, "bad player name")
    colon = skip(SPACE, text, end)
    if not text.startswith(":", colon):
        raise fail(Said("a named play is \"Player\":card, e.g. \"Cat\":KC"), line, colon + 1)
    code, end = card_at(text, skip(SPACE, text, colon + 1), line)
    return [player, code], end


def card_codes(value: Any, what: str, line: int, column: int) -> Any:
    """A card list (string or array) in canonical codes, as ``to_json`` writes it.

    Other values pass through unchanged: the record's reader explains what is wrong with them.
    """
    if not isinstance(value, (str, list)) or not all(isinstance(v, str) for v in value):
        return value
    try:
        return [c.code for c in parse_cards(value)]
    except RecordSyntaxError as exc:
        raise fail(Said("%(what)s: %(message)s", what=str(what), message=exc.said or exc.message), line, column) from None


def card_at(text: str, pos: int, line: int) -> tuple[str, int]:
    """The card written at ``pos`` (any spelling ``Card.parse`` takes), and where it ends."""
    token = CARD.match(text, pos)
    if token is None:
        found = repr(text[pos]) if pos < len(text) else Said("the end of the line")
        raise fail(Said("a card was expected, not %(found)s", found=found), line, pos + 1)
    try:
        return Card.parse(token.group()).code, token.end()
    except RecordSyntaxError as exc:
        problem = exc.said or exc.message
    after = GAP.match(text, token.end())
    following = CARD.match(text, after.end()) if after else None
    if following is not None:  # a lone rank and suit written apart, as in "♠ Q"
        try:
            return Card.parse(token.group() + following.group()).code, following.end()
        except RecordSyntaxError:
            pass
    raise fail(Said("%(problem)s%(hint)s", problem=problem, hint=_card_hint(token.group())), line, pos + 1)


def _card_hint(token: str) -> Said | str:
    if token.isdigit():
        return Said("; a trick number ends with a dot: %(token)s.", token=token)
    if ":" in token:
        return Said('; name the player as a JSON string: "Cat":KC')
    return ""


_GAME_TAG = re.compile(r"\[\s*Game(?=[\s\]])\s*")


def game_tag(text: str) -> Any:
    """The value of the first ``[Game ...]`` tag of a text outside comments, or None: which family's
    notation reads the text is decided before it is read."""
    for line in text.split("\n"):
        head = line.split(";", 1)[0]
        found = _GAME_TAG.search(head)
        if found is not None:
            try:
                return raw_decode(head, found.end())[0]
            except ValueError:  # json.JSONDecodeError too
                return None
    return None
