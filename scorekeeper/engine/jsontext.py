"""JSON text in and out: the one reader of every record, line and body from outside, and the
layout people read in examples and golden files.

Python's own reader takes more than JSON: ``NaN`` and ``Infinity``, ``1e400`` (read as
infinity), integers of thousands of digits, lone surrogates (``"\\ud800"``), which no export
could write back as UTF-8. ``decode`` refuses all of them, and bytes that are not UTF-8,
with the ``syntax`` error every reader words the same way; each record reader then
checks its fields' shapes and ranges.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from .errors import RecordSyntaxError, Said, Word, said_of

MAX_DIGITS = 15  # the largest whole number a record needs is far smaller; JavaScript counts exactly to 2**53
_LONE_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(Said("a number of %(count)s digits is far too large for a record",
                              count=str(len(digits.lstrip('-')))))
    return int(digits)


def _fraction(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(Said("%(text)s is too large a number for a record", text=text[:20]))
    return value


def _constant(name: str) -> Any:
    raise ValueError(Said("%(name)s is not a JSON value", name=name))


_DECODER = json.JSONDecoder(parse_int=_whole, parse_float=_fraction, parse_constant=_constant)


# Python's JSON decoder's words for what it could not read, as a refusal quotes them (the others stay its own)
_JSON_SAID: dict[str, Word] = {
    "Expecting value": Word("Expecting value", "JSON"),
    "Expecting ',' delimiter": Word("Expecting ',' delimiter", "JSON"),
    "Expecting ':' delimiter": Word("Expecting ':' delimiter", "JSON"),
    "Expecting property name enclosed in double quotes": Word("Expecting property name enclosed in double quotes", "JSON"),
    "Extra data": Word("Extra data", "JSON"),
    "Unterminated string starting at": Word("Unterminated string starting at", "JSON"),
    "Invalid \\uXXXX escape": Word("Invalid \\uXXXX escape", "JSON"),
}


def json_said(msg: str) -> Word | str:
    """What Python's JSON decoder said it could not read, as a place of a sentence (its words for the others)."""
    return _JSON_SAID.get(msg, msg)


def decode(text: str | bytes, what: str | Said = Said("the input ")) -> Any:
    """The JSON value of ``text`` (bytes are read as UTF-8; a byte-order mark is allowed).

    ``what`` names the input in the error ("line 3: ", "the request body ").

    :raises RecordSyntaxError: not UTF-8, not JSON, nested too deeply, or a value no
        record can hold (NaN, infinity, a huge number, a lone surrogate).
    """
    if not isinstance(text, str):
        text = utf8(text, what)
    text = text.lstrip("\ufeff")
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise RecordSyntaxError(Said("%(what)sis not JSON: %(msg)s", what=what, msg=json_said(exc.msg)),
                                line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise RecordSyntaxError(Said("%(what)sis nested too deeply to be a record", what=what)) from None
    except ValueError as exc:  # a hook's refusal, or Python's own limit on a number's digits
        raise RecordSyntaxError(Said("%(what)scannot be read: %(exc)s", what=what, exc=said_of(exc))) from None
    if "\\" in text and _LONE_SURROGATE_ESCAPE.search(text) and not _encodable(value):
        raise RecordSyntaxError(Said("%(what)sholds a lone surrogate escape (such as \\ud800), which is not a "
                                     "character", what=what))
    return value


def raw_decode(text: str, at: int) -> tuple[Any, int]:
    """One JSON value of ``text`` from index ``at`` and the index after it (the text notation's tag
    values), as strictly as ``decode``.

    :raises json.JSONDecodeError: not JSON there. :raises ValueError: a value no record can hold.
    """
    try:
        value, end = _DECODER.raw_decode(text, at)
    except RecursionError:
        raise ValueError(Said("nested too deeply to be a record")) from None
    if "\\" in text[at:end] and _LONE_SURROGATE_ESCAPE.search(text, at, end) and not _encodable(value):
        raise ValueError(Said("a lone surrogate escape (such as \\ud800) is not a character"))
    return value, end


def utf8(data: bytes, what: str | Said = Said("the input ")) -> str:
    """``data`` as text. :raises RecordSyntaxError: not UTF-8 (with where)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordSyntaxError(f"{what}is not UTF-8 text (byte 0x{data[exc.start]:02x} at {exc.start})") from None


def _encodable(value: Any) -> bool:
    """Whether every string in ``value`` can be written as UTF-8 (no lone surrogate)."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return True


def pretty(value: Any, indent: str = "", *, width: int = 80, flat_lists: bool = False) -> str:
    """JSON text for people (examples, golden files): one key a line, arrays and small flat objects on one line.

    An object goes on one line when it fits in ``width`` and holds only scalars (and, with
    ``flat_lists``, lists of scalars).

    >>> print(pretty({"deal": {"Ann": ["2C", "3C"]}, "spare": {"action": "swap"}, "hand": 1}))
    {
      "deal": {
        "Ann": ["2C", "3C"]
      },
      "spare": {"action": "swap"},
      "hand": 1
    }
    """
    inner = indent + "  "
    flat = json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping) and len(flat) <= width and all(_flat(v, flat_lists) for v in value.values()):
        return flat
    if isinstance(value, Mapping) and value:
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {pretty(v, inner, width=width, flat_lists=flat_lists)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, Mapping) and v for v in value):
        return ("[\n" + ",\n".join(inner + pretty(v, inner, width=width, flat_lists=flat_lists) for v in value)
                + "\n" + indent + "]")
    return flat


def _flat(value: Any, lists: bool) -> bool:
    """A scalar (or, with ``lists``, a list of scalars): what a one-line object may hold."""
    if isinstance(value, list):
        return lists and not any(isinstance(v, (Mapping, list)) for v in value)
    return not isinstance(value, Mapping)
