"""The deal given on the card page of a phone: the examples and their checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper.engine.family import family_of
from tests.support.cardtaps import ABCD
from tests.support.phonekit import stored_hand, totals_shown


ROOT = Path(__file__).resolve().parents[2]


RENAME = dict(zip(["Ann", "Bob", "Cat", "Dan"], ["Bob", "Cat", "Dan", "Ann"]))  # the example's Dan deals: Ann here


OPTIONS = {"opt_first_lead": "two-of-clubs"}


def example() -> dict[str, Any]:
    value: dict[str, Any] = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    return {**value, "players": ABCD, "dealer": "Ann", "deal": {RENAME[n]: c for n, c in value["deal"].items()},
            "passes": {RENAME[n]: c for n, c in value["passes"].items()}}


def check_stored(page: Any, session: str, value: dict[str, Any]) -> None:
    hand, settled = stored_hand(page, session)
    assert {n: sorted(c) for n, c in hand["deal"].items()} == {n: sorted(c) for n, c in value["deal"].items()}
    assert hand["passes"] == value["passes"]
    assert [p if isinstance(p, str) else p[1] for p in hand["play"]] == value["play"]
    replayed = family_of("black-lady").replay_json({**hand, "game": "black-lady", "options": {"first_lead": "two-of-clubs"},
                                                     "players": ABCD, "dealer": "Ann", "hand": 1})
    assert replayed["points"] == {RENAME[n]: p for n, p in {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}.items()}
    assert totals_shown(page, session, ABCD) == replayed["points"] == settled["totals"]
