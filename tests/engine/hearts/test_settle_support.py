"""The builders the settlement tests share (``tests/support/settling.py``), checked themselves.

Sessions are built as the JSON objects of RECORDS.md: hands omit game, options, players,
dealer and hand, which the session gives. Quick results (``taken``) carry the catalogue's
heart-units; a revoke needs a full record, built here without the deal: the offender
discards on a club lead in trick 1 and plays a club in trick 2, which proves the revoke.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tests.support.settling import ABCD, revoke_hand, session, settled, units


def per_seat(mapping: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(mapping.values())


# --- the builders themselves ---------------------------------------------------------------------

@pytest.mark.parametrize(("dealer", "offender"), [("D", "B"), ("A", "D"), ("B", "A"), ("C", "B")])
def test_revoke_hand_is_an_established_revoke(dealer: str, offender: str) -> None:
    order = ABCD[ABCD.index(dealer) + 1:] + ABCD[: ABCD.index(dealer) + 1]
    result = settled(session("hearts", [revoke_hand(ABCD, dealer, offender)], first_dealer=dealer,
                             options={"profile": "003"}, settlement="cumulative"))
    (hand,) = result["hands"]
    assert hand["revoke"] == offender
    assert hand["dealer"] == dealer
    assert hand["points"] == {p: (30 if p == offender else 0) for p in ABCD}
    assert order[0] != offender


def test_units_builds_a_quick_result() -> None:
    assert units(3, 2, 8, 0, qs="B", cut="C") == {
        "taken": {"A": {"hearts": 3}, "B": {"hearts": 2, "QS": 1}, "C": {"hearts": 8}, "D": {"hearts": 0}},
        "events": [{"type": "cut", "player": "C"}],
    }
