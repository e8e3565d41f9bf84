"""The audit of a disputed hand (issue 5): tricks step by step, the first illegal play, what-ifs."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.helpers import PLAYERS, hand_record
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.audit import audit, what_if
from scorekeeper.engine.cards import card
from scorekeeper.engine.hearts.simulate import random_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
# Trick 1: 2C 6C AC 4S (Cat wins); trick 2: Cat leads 5S, Dan 7S, Ann discards 2H holding AS KS JS,
# Bob 2S; trick 3: Dan 8S, Ann KS (her spade proves the revoke without the deal), Bob 3S, Cat 6S.
LATER = ["2C", "6C", "AC", "4S", "5S", "7S", "2H", "2S", "8S", "KS", "3S", "6S"]


def read(obj: dict[str, Any]) -> records.HandRecord:
    return records.from_json(obj)


def without_deal(obj: dict[str, Any], **extra: Any) -> dict[str, Any]:
    out = {k: v for k, v in obj.items() if k not in ("deal", "passes")}
    return {**out, **extra}


def test_a_legal_hand_steps_through_every_trick() -> None:
    record = read(EXAMPLE)
    found = audit(record)
    outcome = replay(record)
    assert found.legal and found.complete and found.claim is None
    assert found.outcome is not None and found.outcome.points == outcome.points
    assert [t.number for t in found.tricks] == list(range(1, 14))
    assert [t.winner for t in found.tricks] == [t.winner for t in outcome.tricks or ()]
    assert found.tricks[0].before == outcome.dealt  # the hands after passing
    for t in found.tricks:  # each player's cards after the trick: those before it, less the card played
        assert t.before is not None
        for seat, c in t.plays:
            assert sorted(t.after[seat], key=str) == sorted((x for x in t.before[seat] if x != c), key=str)
    assert all(not held for held in found.tricks[-1].after)
    assert sum(len(taken) for taken in found.tricks[-1].taken) == 52


def test_the_first_illegal_play_is_named_with_its_proof_and_what_it_would_cost() -> None:
    found = audit(read(hand_record(LATER, game="hearts")))
    assert not found.legal and found.error is not None
    assert (found.error.code, found.error.play, found.error.trick, found.error.player) == ("revoke", 6, 2, "Ann")
    assert found.illegal_trick == 2
    assert [len(t.plays) for t in found.tricks] == [4, 2]  # trick 2 up to the illegal play
    assert found.tricks[1].winner is None and found.tricks[0].winner == PLAYERS.index("Cat")
    assert found.claim == {"type": "revoke", "player": "Ann", "trick": 2}
    assert found.established is not None and found.established.error is None
    assert found.established.points == (30, 0, 0, 0)  # revoke-003-points: the offender 10 per other player
    # Without the deal, the later spade is the proof.
    found = audit(read(without_deal(hand_record(LATER, game="hearts"))))
    assert found.error is not None and found.error.code == "revoke"
    assert "proven by K♠, which Ann played later, play 10" in found.error.message
    assert found.established is not None and found.established.points == (30, 0, 0, 0)


def test_the_tricks_as_remembered_may_stop_anywhere() -> None:
    found = audit(read(without_deal(EXAMPLE, play=EXAMPLE["play"][:10], leader="Bob")))
    assert found.legal and not found.complete and (found.plays, found.total) == (10, 52)
    assert [len(t.plays) for t in found.tricks] == [4, 4, 2] and found.tricks[-1].winner is None
    assert found.outcome is not None


def test_a_record_refused_before_any_play_has_no_tricks() -> None:
    found = audit(read(without_deal(EXAMPLE)))  # the 2C rule without the deal: who led?
    assert found.error is not None and found.error.code == "leader"
    assert found.tricks == () and found.outcome is None and found.claim is None


def test_an_established_revoke_is_not_offered_again() -> None:
    obj = hand_record(LATER, game="hearts", events=[{"type": "revoke", "player": "Ann", "trick": 2}])
    found = audit(read(obj))
    assert found.legal and found.claim is None
    assert found.outcome is not None and found.outcome.revoke is not None


def test_what_if_changes_one_card() -> None:
    record = read(hand_record(LATER, game="hearts"))
    changed = what_if(record, 6, card("JS"))  # Ann follows with JS instead of discarding 2H
    assert [p.card.code for p in changed.play][6] == "JS" and record.play[6].card.code == "2H"
    found = audit(changed)  # Ann's JS wins trick 2, so she leads trick 3: the recorded 8S is not hers
    assert found.error is not None and (found.error.code, found.error.play, found.error.player) == ("not-in-hand", 8, "Ann")
    found = audit(what_if(record, 1, card("7C")))  # Bob's other club: trick 1 the same, Ann's revoke still there
    assert found.error is not None and (found.error.code, found.error.play) == ("revoke", 6)
    assert found.established is not None and found.established.points == (30, 0, 0, 0)
    with pytest.raises(IndexError):
        what_if(record, 12, card("2H"))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["black-lady", "hearts", "omnibus-hearts", "spot-hearts"]),
       cut=st.integers(0, 52), deal=st.booleans())
def test_an_audit_of_any_legal_hand_or_part_of_it_finds_nothing(seed: int, game: str, cut: int, deal: bool) -> None:
    record = random_record(game, PLAYERS, random.Random(seed))
    obj = records.to_json(record)
    obj["play"] = obj["play"][:cut]
    if not deal:
        leader = replay(record).tricks[0].leader  # type: ignore[index]
        obj = without_deal(obj, leader=PLAYERS[leader])
    found = audit(read(obj))
    assert found.legal, found.error
    assert sum(len(t.plays) for t in found.tricks) == cut
    assert found.complete == (cut == 52)
    if cut == 52:
        assert found.outcome is not None and found.outcome.points == replay(record).points
