"""Every family settles a session as a fold (start from the table, add a hand, the result): adding the
hands one by one gives, after each, exactly what settling that part of the record at once gives; a
copy goes on without changing the fold it came from; asking for the result changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SESSIONS = ["tripoli-session.json", "reversis-session.json", "polignac-session.json", "domino-hearts-session.json"]


def variants(name: str) -> list[dict[str, Any]]:
    """The example session as written, with its second hand still waiting for a second phone, and (Reversis)
    with the table closed at the end and a stake, so the result shares out the pools and counts money."""
    session = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    waiting = {**session, "hands": [dict(h) for h in session["hands"]]}
    waiting["hands"][1]["counts"] = False
    found = [session, waiting]
    if session["game"] == "reversis":
        found.append({**session, "stake": "0.10", "settlement_options": {"closed": True, "pools_at_end": "split-equal"},
                      "hands": [*session["hands"][:-1], {**session["hands"][-1],
                                                         "events": [{"type": "cut", "player": session["players"][0]}]}]})
    return found


def answer(settle: Callable[[], dict[str, Any]]) -> Any:
    """The settle output, or the error object when the session does not settle as it stands (a closed
    table whose odd fish wait for the cut recorded with a later hand)."""
    try:
        return settle()
    except ScorekeeperError as exc:
        return exc.to_json()


@pytest.mark.parametrize("name", SESSIONS)
def test_a_fold_agrees_with_settling_at_once_after_every_hand(name: str) -> None:
    for session in variants(name):
        family = family_of(session["game"])
        fold = family.fold({k: v for k, v in session.items() if k != "hands"})
        for count, hand in enumerate(session["hands"], 1):
            before = fold.copy()
            expected_before = answer(before.result_json)
            fold.add(hand)
            now = answer(fold.result_json)
            assert now == answer(lambda: family.settle_json({**session, "hands": session["hands"][:count]}))
            assert answer(fold.result_json) == now  # the result is asked on a copy: nothing moves
            assert answer(before.result_json) == expected_before  # the copy stayed where it was
        assert "ok" in now  # the whole session settles
