"""What changed between two versions of a stored hand, in short words, and a hand's history.

Read by the hand pages and by the evenings' services (a round's correction says what it changed),
so it lives apart from both: services never import a view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import history_words
from .models import Hand as HandRow


def versions(row: HandRow, own: bool = False) -> list[dict[str, Any]]:
    """Every version of a hand: when, what changed (``own``: a record of a game with its own package), in the
    language spoken now (``history_words``); what changed is left out when the note already says it."""
    describe = describe_fields if own else describe_change
    out = []
    previous: Mapping[str, Any] | None = None
    for v in row.history:
        diff = describe(previous, v.record) if previous is not None else ""
        out.append({"version": v.version, "when": v.created_at, "change": history_words.change(v.change),
                    "struck": v.struck, "diff": history_words.diff(diff) if diff not in v.change else ""})
        previous = v.record
    return out

def describe_change(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    """What changed between two versions of a hand, in short words: ``Ann hearts 3 → 4``.

    >>> describe_change({"taken": {"Ann": {"hearts": 3}}}, {"taken": {"Ann": {"hearts": 4, "QS": 1}}})
    'Ann hearts 3 → 4; Ann QS — → 1'
    """
    if ("taken" in old) != ("taken" in new):
        return "replaced by a result" if "taken" in new else "replaced by the cards played"
    if "play" in old or "play" in new:
        parts = [k for k in ("play", "leader", "events", "moon_choice") if old.get(k) != new.get(k)]
        return ("changed: " + ", ".join(parts)) if parts else ""
    changes = []
    old_taken, new_taken = old.get("taken") or {}, new.get("taken") or {}
    for name in list(dict.fromkeys([*old_taken, *new_taken])):
        a, b = old_taken.get(name), new_taken.get(name)
        if a == b:
            continue
        if not isinstance(a, Mapping) or not isinstance(b, Mapping):
            changes.append(f"{name} {a} → {b}")
            continue
        for k in dict.fromkeys([*a, *b]):
            if a.get(k) != b.get(k):
                changes.append(f"{name} {k} {_shown(a.get(k))} → {_shown(b.get(k))}")
    for k in ("moon_choice", "events"):
        if old.get(k) != new.get(k):
            changes.append(f"{k.replace('_', ' ')} {_shown(old.get(k))} → {_shown(new.get(k))}")
    return "; ".join(changes)

def describe_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    """What changed between two versions of a Tripoli deal, field by field: ``claims AH A → B``.

    >>> describe_fields({"claims": {"AH": "A"}, "spare": "swap"}, {"claims": {"AH": "B"}, "spare": "swap"})
    'claims AH A → B'
    """
    if ("deal" in old) != ("deal" in new):
        return "replaced by the whole deal" if "deal" in new else "replaced by a quick result"
    a, b = _flat(old), _flat(new)
    changes = [f"{path} {_shown(a.get(path))} → {_shown(b.get(path))}"
               for path in dict.fromkeys([*a, *b]) if path != "id" and a.get(path) != b.get(path)]
    return "; ".join(c if len(c) <= 60 else c[:57] + "..." for c in changes)

def _flat(value: Any, path: str = "") -> dict[str, Any]:
    """A record's leaves by path (``poker bets A``); lists are leaves."""
    if not isinstance(value, Mapping):
        return {path: value}
    out: dict[str, Any] = {}
    for k, v in value.items():
        out.update(_flat(v, f"{path} {k}".strip()))
    return out

def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return ", ".join(f"{e.get('type')} {e.get('player', '')}".strip() if isinstance(e, Mapping) else str(e)
                         for e in value) or "—"
    return str(value)
