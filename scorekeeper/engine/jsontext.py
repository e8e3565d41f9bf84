"""JSON text in and out for the games with a package of their own: one decoder that words its
errors as the record readers do, and the layout people read in examples and golden files."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import RecordSyntaxError


def decode(text: str) -> Any:
    """The JSON value of ``text``. :raises RecordSyntaxError: not JSON (with the line and column)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordSyntaxError(f"not JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None


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
