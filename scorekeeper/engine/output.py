"""Replay outcomes as the JSON values of RECORDS.md (plain dicts; the caller serialises)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import ScorekeeperError
from .gaussian import Gaussian
from .replay import HandOutcome
from .scoring import Points


def points_json(points: Points) -> Any:
    """A number, or {"re": a, "im": b} in Complex Hearts."""
    return points.to_json() if isinstance(points, Gaussian) else points


def outcome_json(outcome: HandOutcome) -> dict[str, Any]:
    """The ``replay`` output of a legal hand."""
    names = outcome.players
    out: dict[str, Any] = {"ok": True, "game": outcome.ruleset.game}
    if outcome.tricks is not None:
        out["tricks"] = [
            {"leader": names[t.leader], "cards": [c.code for _, c in t.plays], "winner": names[t.winner]}
            for t in outcome.tricks
        ]
    out["taken"] = {
        name: (dict(entry) if isinstance(entry, Mapping) else [c.code for c in entry])
        for name, entry in zip(names, outcome.taken)
    }
    out["points"] = {name: points_json(p) for name, p in zip(names, outcome.points)}
    moon = outcome.moon
    out["moon"] = None if moon is None else {
        "player": names[moon.seat], "rule": moon.rule, "choice": moon.choice, "instant_win": moon.instant_win,
    }
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


def error_json(error: ScorekeeperError) -> dict[str, Any]:
    """The output of a hand that is illegal or unreadable."""
    return {"ok": False, "error": error.to_json()}
