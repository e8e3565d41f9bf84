"""Reversis step by step: the Espagnolette declared (or not) before the first lead as a step of its own, the
hand without the deal walked from the first card to the end with its payments and pools as they happen, and a
Reversis attempt, made or broken, shown in the state as the tricks go."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record

from tests.support.helpers import advanced as advance
from tests.support.helpers import rebuilt_same
from scorekeeper.engine.reversis import progress as rp
from scorekeeper.engine.reversis import rules, simulate, to_json

HAND = json.loads((Path(__file__).parents[3] / "examples" / "reversis-hand.json").read_text())
NO_DEAL = {k: v for k, v in HAND.items() if k not in ("deal", "face_down", "discard", "exchanges")}


def answer(value: dict[str, Any]) -> dict[str, Any]:
    got: dict[str, Any] = family_of_record(value).progress_json(value)
    return got


def rebuilt(value: dict[str, Any]) -> dict[str, Any]:
    return rebuilt_same(rp.WALK, value)


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


def _seed_207() -> dict[str, Any]:
    """A hand whose B holds AS AC AD and the Quinola: he discards AS on a diamond lead in trick 2 (an
    Espagnolette revoke), plays his AD in trick 3 and shows his AC only in trick 4."""
    rng = random.Random(207)
    record = simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4))
    return to_json(simulate.without_deal(record))


def test_a_revoke_without_the_deal_waits_for_the_whole_hand_when_it_may_be_an_espagnolette() -> None:
    value = _seed_207()
    plays = value["play"]
    assert (plays[4], plays[5], plays[10], plays[14]) == ("3D", "AS", "AD", "AC")
    at_as = {**value, "play": plays[:5]}
    assert advance(at_as, "play", "B", "AS")["next"]["player"] == "A"  # taken: B may hold an Espagnolette hand
    after_ad = {**value, "play": plays[:11]}  # his AD is down: the revoke is proven, the licence still possible
    assert answer(after_ad)["next"]["kind"] == "play"
    rebuilt(value)  # and the whole hand goes in card by card, the same record (same_record)


def test_a_revoke_without_the_deal_is_refused_once_no_espagnolette_hand_is_left() -> None:
    value = _seed_207()
    # The talon named with the AC in it: B holds at most AS AD and the Quinola, so his AS in trick 2 is a revoke.
    cut = {**value, "talon": ["9H", "2C", "KS", "AC"], "play": value["play"][:11]}
    with pytest.raises(ScorekeeperError) as caught:
        answer(cut)
    assert (caught.value.code, caught.value.player, caught.value.card, caught.value.trick) == ("revoke", "B", "AS", 2)
    assert caught.value.message == ("B played A\u2660 on a diamond lead while holding A\u2666: no Espagnolette hand is left to B "
                                    "(the aces and the Quinola he has not shown are played by others or in the talon)")


def _qualifies_by_trying(known: frozenset[Card], unseen: frozenset[Card], slots: int) -> bool:
    """The definition, by brute force: some choice of at most ``slots`` unseen paying cards makes the hand qualify."""
    free = sorted(unseen & frozenset(rules.PAYING_CARDS))
    return any(rules.qualifies(known | frozenset(extra)) for n in range(min(slots, len(free)) + 1)
               for extra in itertools.combinations(free, n))


@given(known=st.sets(st.sampled_from(rules.PACK), max_size=11), data=st.data())
def test_may_qualify_is_the_brute_force_answer(known: set[Card], data: st.DataObject) -> None:
    others = [c for c in rules.PACK if c not in known]
    unseen = frozenset(data.draw(st.sets(st.sampled_from(others))))
    slots = data.draw(st.integers(0, rules.TRICKS - len(known)))
    assert rules.may_qualify(sorted(known), unseen, slots) == _qualifies_by_trying(frozenset(known), unseen, slots)


@settings(max_examples=40, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_random_hands_without_the_deal_rebuilt(seed: int) -> None:
    rng = random.Random(seed)
    record = simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4))
    rebuilt(to_json(simulate.without_deal(record)))


def test_a_revoke_the_table_establishes_is_declared_with_the_card_refused_and_play_stops() -> None:
    value = _seed_207()
    cut = {**value, "talon": ["9H", "2C", "KS", "AC"], "play": value["play"][:10]}  # B cannot hold Espagnolette
    with pytest.raises(ScorekeeperError) as caught:  # his AD in trick 3 proves the AS of trick 2 a revoke
        advance(cut, "play", "B", "AD")
    assert (caught.value.code, caught.value.player, caught.value.trick) == ("revoke", "B", 2)
    remedy = caught.value.stands
    assert remedy == {"kind": "revoke", "player": "B", "value": {"trick": 2, "card": "AD"}}
    answer = family_of_record(cut).advance_json(cut, remedy)
    assert answer["complete"] and answer["record"]["events"] == [{"type": "revoke", "player": "B", "trick": 2}]
    assert answer["outcome"]["revoke"] == {"player": "B", "trick": 2}
    assert [(p["from"], p["to"], p["fish"]) for p in answer["paid"] if p["why"] == "revoke"] == [
        ("B", other, 10) for other in ("A", "D", "C")]  # 4.1: the reneger pays each other player 10
    whole = answer["record"]
    assert rp.actions(whole)[-1].kind == "revoke"
    with pytest.raises(ScorekeeperError) as again:  # play stopped: nothing more goes in
        advance(whole, "play", None, "AC")
    assert again.value.code == "complete"


@settings(max_examples=12, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6), deal=st.booleans())
def test_random_hands_stopped_by_a_revoke_rebuilt(seed: int, deal: bool) -> None:
    rng = random.Random(seed)
    record = simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4), revoke=1.0)
    value = to_json(record if deal else simulate.without_deal(record))
    kinds = [a.kind for a in rp.actions(value)]
    assert ("revoke" in kinds) == any(e["type"] == "revoke" for e in value.get("events", ()))
    rebuilt(value)


def test_a_claim_the_hand_winner_did_not_demand_is_declared_once_the_hand_is_over() -> None:
    whole = answer(HAND)
    assert whole["complete"] and whole["next"]["declare"] == [{"kind": "waive", "ask": "option", "choices": ["JH"]}]
    [claim] = whole["outcome"]["claims"]
    assert (claim["card"], claim["status"]) == ("JH", "paid")
    waived = advance(HAND, "waive", None, "JH")
    event = {"type": "waive", "player": claim["player"], "trick": claim["trick"]}
    assert waived["record"]["events"][-1] == event and waived["complete"]
    assert [c["status"] for c in waived["outcome"]["claims"]] == ["waived"]
    assert "declare" not in waived["next"]  # nothing left to waive
    dropped = [p for p in whole["paid"] if p not in waived["paid"]]  # 6.9 step 3: what the claim paid, no more
    assert [(p["from"], p["to"], p["why"]) for p in dropped] == [
        ("Cat", "Bob", "claim-quinola"), ("Ann", "Bob", "claim-quinola-others"), ("Dan", "Bob", "claim-quinola-others")]
    assert all(p in whole["paid"] for p in waived["paid"])
    with pytest.raises(ScorekeeperError) as caught:
        advance(waived["record"], "waive", None, "JH")
    assert caught.value.code == "complete"
    with pytest.raises(ScorekeeperError) as caught:  # the AS was never led: there is no claim on it
        advance(HAND, "waive", None, "AS")
    assert caught.value.code == "waive"
    assert rp.actions(waived["record"])[-1] == rp.Action("waive", None, "JH")
    rebuilt(waived["record"])  # card by card, then the waiver: the same record
