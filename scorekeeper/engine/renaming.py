"""A player renamed in a record: only where the record holds a player's name, never a card, a count's
key or a hand's client-made id that happens to be spelt the same (a player may be called ``QS``; a
phone may send a hand with the id ``Bob``).

Each family says where its records name players (``NameFields``: its own field names) and renames
through ``renamed``; the walk is shared. A field the family does not list is copied unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class NameFields:
    """Where a family's records (a hand, a session without its hands) hold players' names, by field name,
    at any depth (a field of an event, of a poker round)."""

    named: frozenset[str]  # the value is a name, or a list of names: dealer, players, an event's player
    keyed: frozenset[str]  # the value is an object keyed by names: deal, passes, taken (its values untouched)
    paired: frozenset[str] = frozenset()  # a list whose items may be [name, ...] pairs: play, bids
    valued: frozenset[str] = frozenset()  # an object whose values are names or lists of names: claims


def renamed(value: Any, old: str, new: str, fields: NameFields) -> Any:
    """``value`` (JSON data) with the name ``old`` made ``new`` wherever ``fields`` says a name stands."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in fields.named:
                out[key] = _names(item, old, new)
            elif key in fields.keyed and isinstance(item, Mapping):
                out[key] = {(new if k == old else k): renamed(v, old, new, fields) for k, v in item.items()}
            elif key in fields.paired and isinstance(item, list):
                out[key] = [[_names(pair[0], old, new), *(renamed(v, old, new, fields) for v in pair[1:])]
                            if isinstance(pair, list) and pair else renamed(pair, old, new, fields) for pair in item]
            elif key in fields.valued and isinstance(item, Mapping):
                out[key] = {k: _names(v, old, new) for k, v in item.items()}
            else:
                out[key] = renamed(item, old, new, fields)
        return out
    if isinstance(value, list):
        return [renamed(v, old, new, fields) for v in value]
    return value


def _names(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [new if v == old else v for v in value]
    return value
