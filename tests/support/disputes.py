"""Hands a table disputed: a revoke the table let stand, tapped card by card as the card page does it (the Black
Lady hand without and with the deal, a Reversis hand), for the dispute's tests and the audit's in every language."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of

ROOT = Path(__file__).resolve().parents[2]
ABCD = ["Ann", "Bob", "Cat", "Dan"]
# Dan deals, Ann leads. Trick 3: Cat leads 2S and Dan plays 4H holding 6S, which he plays in trick 5, the 19th card
# (Bob wins trick 3 whichever card Dan plays to it, so a what-if there leaves the later cards with their players).
BEFORE = "2C 3C 4C 5C 6C 7C 8C 9C 2S 4H 3S KS AD 3D 4D 5D 7S 8S".split()


def stood(family_id: str, record: dict[str, Any], plays: list[str], proving: str) -> dict[str, Any]:
    """``plays`` tapped one by one, then ``proving`` refused and declared as the table let it stand, as the card
    page does it."""
    family = family_of(family_id)
    for code in plays:
        record = family.advance_json(record, {"kind": "play", "value": code})["record"]
    with pytest.raises(ScorekeeperError) as refused:
        family.advance_json(record, {"kind": "play", "value": proving})
    assert refused.value.stands is not None
    answer = family.advance_json(record, refused.value.stands)
    assert answer["complete"]
    return dict(answer["record"])


def black_lady() -> dict[str, Any]:
    return stood("hearts", {"game": "black-lady", "players": ABCD, "dealer": "Dan", "hand": 1, "play": []},
                 BEFORE, "6S")


def black_lady_with_the_deal() -> dict[str, Any]:
    """The Black Lady example, with the deal: Dan plays 4H on a diamond lead holding 4D, refused at once."""
    value = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    play = value["play"]
    at = play.index("4D")
    start = {**value, "play": []}
    return stood("hearts", start, play[:at], "4H")


def reversis_revoke() -> tuple[list[str], int, str]:
    """A Reversis hand without the deal: its cards in play order, how many of them go in before the first card
    that proves an earlier failure to follow, and that card."""
    from scorekeeper.engine.reversis import simulate, to_json

    value = next(v for seed in range(100) if not (v := to_json(simulate.random_record(
        tuple(ABCD), random.Random(seed), dealer=0, declare=0.0))).get("events"))
    plays = [p if isinstance(p, str) else p[1] for p in value["play"]]
    family = family_of("reversis")
    record = family.advance_json({"game": "reversis", "players": ABCD, "dealer": "Ann", "hand": 1, "play": []},
                                 {"kind": "espagnolette", "value": None})["record"]
    for k, code in enumerate(plays):
        wrong = next((c for c in plays[k + 1:] if _refused(family, record, c)), None)
        if wrong is not None:
            return plays, k, wrong
        record = family.advance_json(record, {"kind": "play", "value": code})["record"]
    raise AssertionError("no revoke in the hand")


def reversis() -> tuple[dict[str, Any], int]:
    """A Reversis hand without the deal, stopped by an established revoke; the index of the revoked card's step."""
    plays, k, wrong = reversis_revoke()
    family = family_of("reversis")
    record = family.advance_json({"game": "reversis", "players": ABCD, "dealer": "Ann", "hand": 1, "play": []},
                                 {"kind": "espagnolette", "value": None})["record"]
    for code in plays[:k]:
        record = family.advance_json(record, {"kind": "play", "value": code})["record"]
    with pytest.raises(ScorekeeperError) as refused:
        family.advance_json(record, {"kind": "play", "value": wrong})
    assert refused.value.stands is not None and refused.value.play is not None
    answer = family.advance_json(record, refused.value.stands)
    return dict(answer["record"]), refused.value.play + 1  # the Espagnolette step comes first


def _refused(family: Any, record: dict[str, Any], card: str) -> bool:
    try:
        family.advance_json(record, {"kind": "play", "value": card})
    except ScorekeeperError as exc:
        return exc.code == "revoke"
    return False


# --- the engine -------------------------------------------------------------------------------------------------
