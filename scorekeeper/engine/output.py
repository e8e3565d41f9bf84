"""Replay outcomes as the JSON values of RECORDS.md (plain dicts; the caller serialises).

``outcome_line`` also writes that JSON text directly: an archive replay prints one line per
hand, and building the dict and running the generic encoder over it costs more than the
replay's checks. It gives exactly ``json.dumps(outcome_json(outcome), ensure_ascii=False)``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from json.encoder import encode_basestring
from typing import Any, Final

from .errors import ScorekeeperError
from .gaussian import Gaussian
from .replay import HandOutcome
from .scoring import Points


def points_text(value: Any) -> str:
    """Points from the JSON output as a person reads them: 16, or 3 + 2i in Complex Hearts."""
    if isinstance(value, dict):
        sign = "-" if value["im"] < 0 else "+"
        return f"{value['re']} {sign} {abs(value['im'])}i"
    return str(value)


def points_json(points: Points) -> Any:
    """A number, or {"re": a, "im": b} in Complex Hearts."""
    return points.to_json() if isinstance(points, Gaussian) else points


def outcome_json(outcome: HandOutcome) -> dict[str, Any]:
    """The ``replay`` output of a legal hand."""
    names = outcome.players
    out: dict[str, Any] = {"ok": True, "game": outcome.ruleset.game}
    if outcome.tricks is not None:
        out["tricks"] = [
            {"leader": names[t.leader], "cards": [c.code for _, c in t.plays],
             "winner": names[t.winner] if t.winner >= 0 else None}  # None: a dead trick (Cancellation Hearts)
            for t in outcome.tricks
        ]
    out["taken"] = {
        name: (dict(entry) if isinstance(entry, Mapping) else [c.code for c in entry])
        for name, entry in zip(names, outcome.taken)
    }
    out["points"] = {name: points_json(p) for name, p in zip(names, outcome.points)}
    out.update(_tail_json(outcome))
    return out


def _tail_json(outcome: HandOutcome) -> dict[str, Any]:
    """The small fields after the points: moon, and revoke, void and warning when present."""
    names = outcome.players
    moon = outcome.moon
    out: dict[str, Any] = {"moon": None if moon is None else {
        "player": names[moon.seat], "rule": moon.rule, "choice": moon.choice, "instant_win": moon.instant_win,
    }}
    if outcome.revoke is not None:
        r = outcome.revoke
        out["revoke"] = {
            "player": names[r.seat], "trick": r.trick, "play": r.play, "card": r.card.code, "code": r.code,
            "rule": r.rule,
        }
    if outcome.void is not None:
        out["void"] = outcome.void
    if outcome.ruleset.warning:
        out["warning"] = outcome.ruleset.warning
    return out


_encode = json.JSONEncoder(ensure_ascii=False).encode  # what json.dumps(..., ensure_ascii=False) does


def outcome_line(outcome: HandOutcome) -> str:
    """The ``replay`` output of a legal hand as one line of JSON text.

    Byte for byte ``json.dumps(outcome_json(outcome), ensure_ascii=False)``; the tricks,
    the cards taken and whole-number points are written here, the rest (Gaussian points,
    result counts, the small tail) goes through the encoder. Card codes never need escaping.
    """
    taken, points = outcome.taken, outcome.points
    if not all(type(p) is int for p in points) or not all(type(t) is tuple for t in taken) or (
        outcome.ruleset.cancellation  # dead tricks: a winner of null
    ):
        return _encode(outcome_json(outcome))
    names = [encode_basestring(name) for name in outcome.players]
    parts = ['{"ok": true, "game": ', encode_basestring(outcome.ruleset.game)]
    tricks = outcome.tricks
    if tricks is not None:
        parts.append(', "tricks": [')
        parts.append(", ".join([
            f'{{"leader": {names[leader]}, "cards": ["{_BETWEEN_CARDS.join([c.code for _, c in plays])}"], '
            f'"winner": {names[winner]}}}'
            for _, leader, plays, winner in tricks  # a trick has at least one card
        ]))
        parts.append("]")
    parts.append(', "taken": {')
    parts.append(", ".join([
        f'{name}: ["{_BETWEEN_CARDS.join([c.code for c in entry])}"]' if entry else f"{name}: []"
        for name, entry in zip(names, taken)
    ]))
    parts.append('}, "points": {')
    parts.append(", ".join([f"{name}: {p}" for name, p in zip(names, points)]))
    if outcome.moon is None and outcome.revoke is None and outcome.void is None and not outcome.ruleset.warning:
        parts.append('}, "moon": null}')  # most hands: _tail_json would be {"moon": None}
    else:
        parts.append("}, ")
        parts.append(_encode(_tail_json(outcome))[1:])  # the tail object's members, after its opening brace
    return "".join(parts)


_BETWEEN_CARDS: Final = '", "'  # between two quoted card codes in a JSON list


def error_json(error: ScorekeeperError) -> dict[str, Any]:
    """The output of a hand that is illegal or unreadable."""
    return {"ok": False, "error": error.to_json()}
