"""A hand built one action at a time (``engine.progress.advance``), as a card page builds it: every family's
records rebuilt from their first action by ``advance_json`` replay exactly as the whole record does, and an
action that does not come next is refused with its own code."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import core_progress, records
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.progress import Walk
from scorekeeper.engine.reversis import progress as reversis_progress
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.reversis import to_json as reversis_json
from scorekeeper.engine.simulate import random_record
from scorekeeper.engine.tripoli import progress as tripoli_progress
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.engine.tripoli import to_json as tripoli_json



def example(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((Path(__file__).parent.parent / "examples" / f"{name}.json").read_text())
    return value


def rebuilt(walk: Walk, value: dict[str, Any]) -> dict[str, Any]:
    """The record rebuilt from its first action with ``advance_json``; each answer is the progress of its record."""
    family = family_of_record(value)
    record = walk.cut(value, 0)
    for action in walk.actions(value):
        answer = family.advance_json(record, dataclasses.asdict(action))
        record = answer["record"]
        assert answer == {**family.progress_json(record), "record": record}
    return record


def same_hand(walk: Walk, built: dict[str, Any], value: dict[str, Any]) -> None:
    family = family_of_record(value)
    assert family.replay_json(built) == family.replay_json(value)
    assert walk.actions(built) == walk.actions(value)
    assert family.progress_json(built)["complete"]


@pytest.mark.parametrize("name", ["black-lady-hand", "knaves-hand", "two-handed-hearts-hand", "conquimbert-hand",
                                  "auction-hearts-hand", "joker-hearts-hand", "polignac-hand", "discard-hearts-hand"])
def test_core_examples_rebuilt_card_by_card(name: str) -> None:
    value = example(name)
    same_hand(core_progress.WALK, rebuilt(core_progress.WALK, value), value)


@pytest.mark.parametrize(("name", "walk"), [("reversis-hand", reversis_progress.WALK),
                                            ("tripoli-deal", tripoli_progress.WALK)])
def test_chip_examples_rebuilt_action_by_action(name: str, walk: Walk) -> None:
    value = example(name)
    same_hand(walk, rebuilt(walk, value), value)


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10**6))
def test_random_reversis_hands_rebuilt(seed: int) -> None:
    rng = random.Random(seed)
    value = reversis_json(reversis_simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4)))
    same_hand(reversis_progress.WALK, rebuilt(reversis_progress.WALK, value), value)


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["tripoli", "rummoli", "cosmo"]), n=st.integers(3, 6))
def test_random_tripoli_deals_rebuilt(seed: int, game: str, n: int) -> None:
    rng = random.Random(seed)
    value = tripoli_json(tripoli_simulate.random_record(game, [f"P{i}" for i in range(n)], rng, dealer=rng.randrange(n)))
    same_hand(tripoli_progress.WALK, rebuilt(tripoli_progress.WALK, value), value)


@settings(max_examples=3, deadline=None, database=None)
@given(seed=st.integers(0, 10**6))
def test_random_black_lady_hands_rebuilt(seed: int) -> None:
    value = records.to_json(random_record("black-lady", ["A", "B", "C", "D"], random.Random(seed)))
    same_hand(core_progress.WALK, rebuilt(core_progress.WALK, value), value)


@pytest.mark.parametrize(("action", "code"), [
    ({"kind": "bet", "player": "A", "value": ["check"]}, "not-next"),  # a card comes next
    ({"kind": "play", "player": "Nobody", "value": "2C"}, "syntax"),  # not at the table
    ({"kind": "play", "value": "2H"}, "not-in-hand"),  # the replay's own refusal: the leader holds 2C
    ({"kind": "play", "value": "ZZ"}, "syntax"),
    ({"player": "A"}, "syntax"),
    ("2C", "syntax"),
])
def test_an_action_that_does_not_come_next_is_refused(action: Any, code: str) -> None:
    value = core_progress.cut(example("black-lady-hand"), 0)
    with pytest.raises(ScorekeeperError) as caught:
        family_of_record(value).advance_json(value, action)
    assert caught.value.code == code, caught.value.message


def test_nothing_is_added_to_a_complete_hand() -> None:
    value = example("black-lady-hand")
    with pytest.raises(ScorekeeperError) as caught:
        family_of_record(value).advance_json(value, {"kind": "play", "value": "2C"})
    assert caught.value.code == "complete"


def test_a_bet_out_of_turn_is_refused_before_the_replay() -> None:
    whole = example("tripoli-deal")
    value = tripoli_progress.cut(whole, [a.kind for a in tripoli_progress.actions(whole)].index("bet") + 1)
    family = family_of_record(value)
    turn = family.progress_json(value)["next"]["player"]
    other = next(p for p in value["players"] if p != turn)
    with pytest.raises(ScorekeeperError) as caught:
        family.advance_json(value, {"kind": "bet", "player": other, "value": ["fold"]})
    assert caught.value.code == "not-next" and caught.value.player == other
