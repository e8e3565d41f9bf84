"""The audit's one walk (``Walk.trail``): the table after each action read off one replay of the whole record
gives the steps, byte for byte, that a replay of the record cut after each action gives.

Random legal hands of every trick machine of the core and Tripoli deals (each family's simulate module), whole,
cut short, and with two cards swapped (an illegal play somewhere, where the walk gives way to the cuts); the
walk must also cover the middle of a plain hand (else the audit replays every cut, as before).
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts import progress as core_progress
from scorekeeper.engine.progress import Walk, steps
from scorekeeper.engine.tripoli import progress as tripoli_progress
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.engine.tripoli import to_json as tripoli_json
from tests.support.corehands import CORE, core_value

WALKS = settings(max_examples=3, deadline=None, database=None)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _both(walk: Walk, value: dict[str, Any]) -> tuple[str, str]:
    """``steps`` with the walk and with every cut replayed, as JSON text (or the refusal's)."""
    def text(w: Walk) -> str:
        try:
            return json.dumps(steps(w, value).to_json(), sort_keys=True)
        except ScorekeeperError as exc:
            return json.dumps(exc.to_json(), sort_keys=True)
    return text(walk), text(dataclasses.replace(walk, trail=None))


def _variants(value: dict[str, Any], key: tuple[str, ...], rng: random.Random) -> list[dict[str, Any]]:
    """The record, cut to half its cards, and with two of its cards swapped."""
    inner = value
    for k in key[:-1]:
        inner = inner.get(k) or {}
    cards = inner.get(key[-1]) or []
    out = [value]
    if len(cards) > 6:
        for changed in (cards[:len(cards) // 2], _swapped(cards, rng)):
            copy = json.loads(json.dumps(value))
            target = copy
            for k in key[:-1]:
                target = target[k]
            target[key[-1]] = changed
            out.append(copy)
    return out


def _swapped(cards: list[Any], rng: random.Random) -> list[Any]:
    i, j = rng.sample(range(len(cards)), 2)
    swapped = list(cards)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


@WALKS
@given(seed=seeds, game=st.sampled_from(CORE), deal=st.booleans())
def test_core_walk_gives_the_steps_the_cuts_give(seed: int, game: tuple[str, dict[str, Any], int], deal: bool) -> None:
    value = core_value(*game, seed, deal)
    for each in _variants(value, ("play",), random.Random(seed)):
        walked, cut = _both(core_progress.WALK, each)
        assert walked == cut


@WALKS
@given(seed=seeds, game=st.sampled_from(["tripoli", "cosmo", "rummoli"]))
def test_tripoli_walk_gives_the_steps_the_cuts_give(seed: int, game: str) -> None:
    value = tripoli_json(tripoli_simulate.random_record(game, ["A", "B", "C", "D"], random.Random(seed)))
    for each in _variants(value, ("michigan", "play"), random.Random(seed)):
        walked, cut = _both(tripoli_progress.WALK, each)
        assert walked == cut


@pytest.mark.parametrize("game", ["black-lady", "cancellation-hearts", "auction-hearts", "knaves"])
def test_the_walk_reads_the_middle_of_a_plain_hand(game: str) -> None:
    value = next(v for v in (core_value(*g, 1, True) for g in CORE if g[0] == game))
    walked = core_progress.trail(value)
    plays = len(value["play"])
    assert len(walked) == plays - 1  # every card but the last, read off the one replay
    for k, progress in walked.items():
        assert progress == core_progress.progress(core_progress.cut(value, k), offer=False)


def test_the_walk_reads_the_middle_of_michigan() -> None:
    value = tripoli_json(tripoli_simulate.random_record("tripoli", ["A", "B", "C", "D"], random.Random(3)))
    walked = tripoli_progress.trail(value)
    assert len(walked) == len(value["michigan"]["play"]) - 1
    for k, progress in walked.items():
        assert progress == tripoli_progress.progress(tripoli_progress.cut(value, k), offer=False)


def test_a_record_with_an_illegal_card_is_not_walked() -> None:
    value = core_value("black-lady", {}, 4, 2, True)
    plays = value["play"]
    value = {**value, "play": [*plays[:5], plays[-1], *plays[6:-1], plays[5]]}  # a card far too early
    assert core_progress.trail(value) == {}
    walked, cut = _both(core_progress.WALK, value)
    assert walked == cut and '"refused"' in walked
