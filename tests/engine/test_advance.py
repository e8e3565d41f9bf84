"""A hand built one action at a time (``engine.state.advance``), as a card page builds it: every family's
records rebuilt from their first action by ``advance_json`` replay exactly as the whole record does, and an
action that does not come next is refused with its own code."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts import progress as core_progress, records
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.progress import Walk
from scorekeeper.engine.reversis import progress as reversis_progress
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.reversis import to_json as reversis_json
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.examples import example
from tests.support.helpers import at_play, rebuilt, same_record
from scorekeeper.engine.tripoli import progress as tripoli_progress
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.engine.tripoli import to_json as tripoli_json


def same_hand(walk: Walk, built: dict[str, Any], value: dict[str, Any]) -> None:
    same_record(walk, built, value)
    assert family_of_record(value).progress_json(built)["complete"]


@pytest.mark.parametrize("name", ["black-lady-hand", "knaves-hand", "two-handed-hearts-hand", "conquimbert-hand",
                                  "auction-hearts-hand", "joker-hearts-hand", "polignac-hand", "discard-hearts-hand",
                                  "cancellation-hearts-hand", "three-handed-hearts-hand", "domino-hearts-hand",
                                  "domino-hearts-plays-alone"])
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
    value = at_play(example("black-lady-hand"), 0)
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


# --- what the cards alone do not say: the table's word, as kinds of the core ---------------------------------

def without_deal(value: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k not in ("deal", "passes", "widow")}


def test_who_holds_the_two_of_clubs_is_asked_first_without_the_deal() -> None:
    value = {**without_deal(example("black-lady-hand")), "leader": "Bob"}
    assert [a.kind for a in core_progress.WALK.actions(value)][:2] == ["leader", "play"]
    start = family_of_record(value).progress_json(core_progress.WALK.cut(value, 0))
    assert start["next"] == {"kind": "leader", "ask": "player", "choices": ["Ann", "Bob", "Cat", "Dan"]}
    after = family_of_record(value).advance_json(core_progress.WALK.cut(value, 0),
                                                 {"kind": "leader", "player": None, "value": "Bob"})
    assert after["next"]["player"] == "Bob" and after["record"]["leader"] == "Bob" and after["actions"] == 1
    same_hand(core_progress.WALK, rebuilt(core_progress.WALK, value), value)


def test_the_shooter_is_asked_his_choice_once_every_card_is_in() -> None:
    value = records.to_json(random_record("black-lady", ["A", "B", "C", "D"], random.Random(26)))
    assert value["moon_choice"] in ("subtract", "add")  # this deal is a moon
    kinds = [a.kind for a in core_progress.WALK.actions(value)]
    assert kinds[-1] == "moon-choice" and kinds.count("play") == 52
    before = family_of_record(value).progress_json(core_progress.WALK.cut(value, len(kinds) - 1))
    assert before["next"]["kind"] == "moon-choice" and before["next"]["ask"] == "option"
    assert before["next"]["choices"] == ["subtract", "add"] and before["next"]["player"]
    same_hand(core_progress.WALK, rebuilt(core_progress.WALK, value), value)


def test_a_revoke_the_table_lets_stand_is_declared_with_the_card_it_refused() -> None:
    
    value = {"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"], "dealer": "Dan", "hand": 1, "play": []}
    family = family_of_record(value)
    for c in ["2C", "3C", "4H", "5C", "6C", "7C", "8C"]:  # Cat shows out of clubs in trick 1 ...
        value = family.advance_json(value, {"kind": "play", "value": c})["record"]
    with pytest.raises(ScorekeeperError) as caught:  # ... and plays 9C
        family.advance_json(value, {"kind": "play", "value": "9C"})
    assert caught.value.code == "revoke"
    remedy = caught.value.stands
    assert remedy == {"kind": "revoke", "player": "Cat", "value": {"trick": 1, "card": "9C"}}
    answer = family.advance_json(value, remedy)
    assert answer["complete"] and answer["outcome"]["points"]["Cat"] > 0
    assert answer["record"]["events"] == [{"type": "revoke", "player": "Cat", "trick": 1}]
    whole = answer["record"]
    assert [a.kind for a in core_progress.WALK.actions(whole)][-1] == "revoke"
    same_hand(core_progress.WALK, rebuilt(core_progress.WALK, whole), whole)
    with pytest.raises(ScorekeeperError) as again:  # nothing more goes in, not even a second revoke
        family.advance_json(whole, remedy)
    assert again.value.code == "complete"
    with pytest.raises(ScorekeeperError) as unfounded:  # a revoke no card shows is refused by the replay
        family.advance_json(core_progress.WALK.cut(whole, 2),
                            {"kind": "revoke", "player": "Bob", "value": {"trick": 1, "card": "4H"}})
    assert unfounded.value.code == "revoke-claim"


def test_the_end_of_michigan_without_the_deal_is_declared_by_the_table() -> None:
    value = example("tripoli-deal")
    for key in ("deal", "spare_hand"):
        value.pop(key)
    value["poker"].pop("hands")
    family = family_of_record(value)
    ending = {k: value["michigan"][k] for k in ("out", "left")}
    assert tripoli_progress.WALK.actions(value)[-1].kind == "michigan-end"
    before = tripoli_progress.WALK.cut(value, len(tripoli_progress.WALK.actions(value)) - 1)
    waiting = family.progress_json(before)["next"]
    assert waiting["kind"] == "michigan" and waiting["declare"] == [{"kind": "michigan-end", "ask": "end"}]
    answer = family.advance_json(before, {"kind": "michigan-end", "player": None, "value": ending})
    assert answer["complete"] and family.replay_json(answer["record"]) == family.replay_json(value)
    with pytest.raises(ScorekeeperError) as wrong:  # the cards left must agree with the cards played
        family.advance_json(before, {"kind": "michigan-end", "value": {"out": "A", "left": {"B": 1, "C": 5, "D": 2}}})
    assert wrong.value.code != "not-next"


HANDS = ["black-lady-hand", "conquimbert-hand", "auction-hearts-hand", "domino-hearts-hand", "polignac-hand",
         "reversis-hand", "tripoli-deal", "tripoli-rummoli", "tripoli-cosmo"]
KINDS = sorted({"play", "revoke", "waive", "michigan-end", "kept", "leader", "moon-choice", "espagnolette", "trade",
                "capot", "bid", "bet", "claims", "showdown", "poker-cards", "spare", "exchange", "discard", "nonsense"})
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["JH", "AS", "2C", "QS", "Ann",
                                                                                      "", "x" * 300]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["trick", "card", "player", "out", "block", "left"]), inner, max_size=3),
                    max_leaves=8)


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(name=st.sampled_from(HANDS), at=st.floats(0, 1), kind=st.sampled_from(KINDS),
       player=st.none() | st.sampled_from(["Ann", "Bob", "Zed", ""]), value=JSON)
def test_any_action_on_any_hand_is_taken_or_refused_with_a_sentence(name: str, at: float, kind: str,
                                                                    player: str | None, value: Any) -> None:
    """The card page posts whatever a phone sends: a declared kind on a complete hand, a waiver of nothing,
    a revoke of any shape. Each is taken (a record that replays) or refused by the engine's one exception
    family with a sentence, never anything else."""
    whole = example(name)
    family = family_of_record(whole)
    walk = {"reversis": reversis_progress.WALK, "tripoli": tripoli_progress.WALK}.get(family.id, core_progress.WALK)
    record = walk.cut(whole, round(at * len(walk.actions(whole))))
    try:
        answer = family.advance_json(record, {"kind": kind, "player": player, "value": value})
    except ScorekeeperError as exc:
        assert exc.message and exc.code
    else:
        assert answer == {**family.progress_json(answer["record"]), "record": answer["record"]}


def test_a_moon_certain_before_the_last_trick_takes_that_tricks_cards_then_the_choice() -> None:
    """Every penalty card taken by trick 12 (seed 7539): the replay already scores the moon, but the table still
    taps the last trick's four cards, and only then says which way the shooter chose; rebuilt action by action,
    the hand is the record."""
    value = records.to_json(random_record("black-lady", ["A", "B", "C", "D"], random.Random(7539)))
    assert value["moon_choice"] == "subtract"
    same_hand(core_progress.WALK, rebuilt(core_progress.WALK, value), value)
