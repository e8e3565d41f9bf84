"""Two-Handed Hearts (catalogue 2.14) replayed from the plays alone: no deal, no stock order.

Both players draw after each of the first 13 tricks, so a later card proves a renege only when
more such cards were played later than the player drew after that trick (``replay._proof_despite_draws``).
Domino Hearts still needs its deal and stock (see ``test_domino_still_needs_the_deal_and_the_stock``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import records, replay
from scorekeeper.engine.errors import IllegalPlay, InconsistentRecord
from scorekeeper.engine.simulate import random_record

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def plays_only(data: dict[str, Any], plays: list[str] | None = None) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k not in ("deal", "widow")}
    if plays is not None:
        out["play"] = plays
    return out


def swapped(plays: list[str], i: int, j: int) -> list[str]:
    out = list(plays)
    out[i], out[j] = out[j], out[i]
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
def test_random_hands_replay_the_same_without_deal_and_stock(seed: int, dealer: int) -> None:
    record = random_record("two-handed-hearts", ("Ann", "Bob"), random.Random(seed), dealer=dealer)
    outcome = replay(record)
    again = replay(records.from_json(plays_only(records.to_json(record))))
    assert (again.points, again.taken, again.hauls) == (outcome.points, outcome.taken, outcome.hauls)
    assert again.tricks == outcome.tricks  # same turns, same trick winners
    assert sum(again.points) == 13  # type: ignore[arg-type]


def test_the_example_without_deal_and_stock() -> None:
    outcome = replay(records.from_json(plays_only(example("two-handed-hearts-hand.json"))))
    assert outcome.tricks is not None and len(outcome.tricks) == 26
    assert outcome.points_by_player() == {"Ann": 4, "Bob": 9}


def test_a_revoke_once_the_stock_is_gone_is_proven() -> None:
    data = example("two-handed-hearts-hand.json")
    plays = swapped(data["play"], 49, 50)  # trick 25: Ann plays KD on a club lead, her 9C comes later
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(plays_only(data, plays)))
    assert info.value.code == "revoke" and (info.value.trick, info.value.player) == (25, "Ann")
    assert str(info.value) == (
        "Ann played KD on a club lead while holding that suit (proven by 6C, which Ann played later: "
        "with the stock gone, nothing was drawn in between)"
    )


def test_a_revoke_while_drawing_is_not_proven_by_one_later_card() -> None:
    data = example("two-handed-hearts-hand.json")
    plays = swapped(data["play"], 3, 5)  # trick 2: Bob plays AD on a heart lead; his 6H, in trick 3, may be a draw
    with pytest.raises(IllegalPlay) as info:  # with the deal and the stock it is a revoke ...
        replay(records.from_json({**data, "play": plays}))
    assert info.value.code == "revoke"
    outcome = replay(records.from_json(plays_only(data, plays)))  # ... which the plays alone cannot show
    assert outcome.revoke is None and sum(outcome.points) == 13  # type: ignore[arg-type]
    assert outcome.points_by_player() == {"Ann": 11, "Bob": 2}


def test_a_revoke_proven_by_counting_the_draws() -> None:
    # Trick 10 is followed by four draws each (tricks 10 to 13): five later diamonds prove Ann held one.
    record = random_record("two-handed-hearts", ("Ann", "Bob"), random.Random(0))
    data = records.to_json(record)
    plays = swapped([p if isinstance(p, str) else p["card"] for p in data["play"]], 19, 20)
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(plays_only(data, plays)))
    assert info.value.code == "revoke" and (info.value.trick, info.value.player) == (10, "Ann")
    assert str(info.value) == (
        "Ann played 7C on a diamond lead while holding that suit (proven by TD KD QD AD 7D, which Ann played "
        "later: more than the 4 cards Ann drew after that trick)"
    )


def test_a_card_played_twice_is_refused() -> None:
    data = example("two-handed-hearts-hand.json")
    plays = list(data["play"])
    plays[40] = plays[2]
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(plays_only(data, plays)))
    assert info.value.code == "duplicate-card" and plays[2] in str(info.value)


@pytest.mark.parametrize("drop", ["deal", "widow"])
def test_the_deal_without_the_stock_or_the_stock_without_the_deal_is_refused(drop: str) -> None:
    data = {k: v for k, v in example("two-handed-hearts-hand.json").items() if k != drop}
    with pytest.raises(InconsistentRecord, match=r"record both .*, or neither \(the plays alone\)") as info:
        replay(records.from_json(data))
    assert info.value.code == "deal"


def test_domino_still_needs_the_deal_and_the_stock() -> None:
    data = plays_only(example("domino-hearts-hand.json"))
    with pytest.raises(InconsistentRecord, match="from the deal and the stock") as info:
        replay(records.from_json(data))
    assert info.value.code == "deal"
