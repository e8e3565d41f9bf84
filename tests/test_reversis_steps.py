"""Reversis step by step: the Espagnolette declared (or not) before the first lead as a step of its own, the
hand without the deal walked from the first card to the end with its payments and pools as they happen, and a
Reversis attempt, made or broken, shown in the state as the tricks go."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record

from helpers import rebuilt as rebuilt_by
from helpers import same_record
from scorekeeper.engine.reversis import progress as rp
from scorekeeper.engine.reversis import simulate, to_json

HAND = json.loads((Path(__file__).parent.parent / "examples" / "reversis-hand.json").read_text())
NO_DEAL = {k: v for k, v in HAND.items() if k not in ("deal", "face_down", "discard", "exchanges")}


def answer(value: dict[str, Any]) -> dict[str, Any]:
    got: dict[str, Any] = family_of_record(value).progress_json(value)
    return got


def advance(value: dict[str, Any], kind: str, player: str | None, v: Any) -> dict[str, Any]:
    got: dict[str, Any] = family_of_record(value).advance_json(value, {"kind": kind, "player": player, "value": v})
    return got


def rebuilt(value: dict[str, Any]) -> dict[str, Any]:
    record = rebuilt_by(rp.WALK, value)
    same_record(rp.WALK, record, value)
    return record


def test_the_qualifying_player_declares_before_the_first_lead() -> None:
    before = rp.cut(HAND, 4)  # the exchanges done: Bob holds the four aces
    nxt = answer(before)["next"]
    assert nxt == {"kind": "espagnolette", "player": "Bob", "ask": "option", "choices": ["Bob", None]}
    declared = advance(before, "espagnolette", "Bob", "Bob")
    assert declared["record"]["events"] == [{"type": "espagnolette", "player": "Bob"}]
    assert declared["state"]["espagnolette"] == ["Bob"] and declared["next"]["player"] == "Dan"
    silent = advance(before, "espagnolette", "Bob", None)  # he keeps quiet: the lead comes
    assert silent["record"]["leader"] == "Dan" and "events" not in silent["record"]
    assert silent["next"]["kind"] == "play" and silent["state"]["espagnolette"] == []


def test_a_declaration_the_hand_does_not_allow_is_refused_with_the_replays_code() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        advance(rp.cut(HAND, 4), "espagnolette", "Bob", "Cat")  # Cat does not hold the aces
    assert caught.value.code == "espagnolette" and caught.value.player == "Cat"
    with pytest.raises(ScorekeeperError) as caught:
        advance(rp.cut(HAND, 4), "espagnolette", "Cat", "Cat")  # nor is it Cat's to say
    assert caught.value.code == "not-next"


def test_without_a_qualifying_hand_the_lead_comes_at_once() -> None:
    rng = random.Random(4)
    for _ in range(40):
        value = to_json(simulate.random_record(("A", "B", "C", "D"), rng, declare=0.0))
        if not any(a.kind == "espagnolette" for a in rp.actions(value)):
            break
    k = sum(1 for a in rp.actions(value) if a.kind in ("discard", "exchange"))
    assert answer(rp.cut(value, k))["next"]["kind"] == "play"


def test_the_hand_without_the_deal_walks_with_its_payments_as_they_happen() -> None:
    first = answer(rp.cut(NO_DEAL, 0))["next"]
    assert (first["kind"], first["choices"]) == ("espagnolette", [None, "Ann", "Bob", "Cat", "Dan"])
    declared = advance(rp.cut(NO_DEAL, 0), "espagnolette", None, "Bob")
    assert declared["next"]["kind"] == "play" and declared["next"]["player"] == "Dan"
    after_trick_1 = answer(rp.cut(NO_DEAL, 5))  # trick 1: Cat wins and pays Bob 1 for his discarded AS
    assert after_trick_1["paid"][-1] == {"from": "Cat", "to": "Bob", "fish": 1, "why": "ace-discarded", "trick": 1,
                                         "card": "AS"}
    quinola = answer(rp.cut(NO_DEAL, 1 + 7 * 4))  # Cat led the Quinola in trick 7: at its end the pool doubles
    assert quinola["state"]["pools"]["current"] == 50
    assert rebuilt(NO_DEAL)["events"] == [{"type": "espagnolette", "player": "Bob"}]


def test_a_broken_reversis_is_shown_as_it_happens() -> None:
    rng = random.Random(9795)  # A wins tricks 1-9, D takes trick 10
    value = to_json(simulate.random_record(("A", "B", "C", "D"), rng, dealer=0))
    plays = [i for i, a in enumerate(rp.actions(value)) if a.kind == "play"]
    after_nine = answer(rp.cut(value, plays[36]))["state"]
    assert after_nine["reversis"] == {"player": "A"}  # the attempt is under way
    after_ten = answer(rp.cut(value, plays[40]))["state"]
    assert after_ten["reversis"] == {"player": "A", "broken_by": "D", "trick": 10}  # A owes D 64 at the end
    end = answer(value)
    assert {"from": "A", "to": "D", "fish": 64, "why": "reversis-broken"} in [
        {k: p[k] for k in ("from", "to", "fish", "why")} for p in end["paid"]]


@settings(max_examples=10, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_random_hands_without_the_deal_rebuilt(seed: int) -> None:
    rng = random.Random(seed)
    record = simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4))
    rebuilt(to_json(simulate.without_deal(record)))


@pytest.mark.xfail(strict=True, reason="known gap: without the deal, a Reversis hand cut after 11 cards is refused "
                   "(B's AS on a diamond lead, his AD played later) though the whole hand replays; the partial "
                   "replay rebuilds the hands from the cards so far and judges the revoke before the table does")
def test_a_hand_without_the_deal_cut_short_is_judged_like_the_whole() -> None:
    rng = random.Random(207)
    record = simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4))
    rebuilt(to_json(simulate.without_deal(record)))
