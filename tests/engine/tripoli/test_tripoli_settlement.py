"""The tripoli-layout and tripoli-final-poker settlements: pure folds, method objects, several final pots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError, UnknownOption
from scorekeeper.engine.seating import Seating
from scorekeeper.engine.tripoli import (
    TRIPOLI_METHODS, Layout, LayoutState, Space, TripoliFinalPoker, TripoliLayout, from_json, replay, replay_final,
    settle_json, settle_session, tripoli_final_poker, tripoli_layout,
)
from scorekeeper.engine.tripoli.record import FinalPokerRecord, TripoliRecord

ROOT = Path(__file__).resolve().parents[3]
SESSION: dict[str, Any] = json.loads((ROOT / "examples" / "tripoli-session.json").read_text(encoding="utf-8"))
ABCD = ("A", "B", "C", "D")


def records() -> list[TripoliRecord | FinalPokerRecord]:
    given = {"game": "tripoli", "players": list(ABCD)}
    return [from_json(h, {**given, "dealer": d}) for h, d in zip(SESSION["hands"], "DAB")]


def test_the_pure_fold_carries_the_layout() -> None:
    state = LayoutState.start(ABCD)
    deal1, deal2, final = records()
    assert isinstance(deal1, TripoliRecord) and isinstance(deal2, TripoliRecord) and isinstance(final, FinalPokerRecord)
    first, state = tripoli_layout(state, replay(deal1, state.layout))
    second, state = tripoli_layout(state, replay(deal2, state.layout))
    assert (first.pool, second.pool, state.balance) == (8, 23, (-4, -6, 0, -13))
    assert second.notes[2] == "C: antes -9, pay cards +10, bets -3, pot +6, block -2; net +2"
    last, state = tripoli_final_poker(state, replay_final(final, state.layout))
    assert last.final and state.finished and state.balance == (-4, -8, 0, 12)
    with pytest.raises(ScorekeeperError) as caught:
        tripoli_layout(state, replay(deal1, state.layout))
    assert caught.value.code == "game-over"


def test_a_deal_must_start_from_the_layout_carried() -> None:
    state = LayoutState.start(ABCD)
    deal1 = records()[0]
    assert isinstance(deal1, TripoliRecord)
    with pytest.raises(ScorekeeperError) as caught:
        tripoli_layout(state, replay(deal1, Layout().plus(Space.POT, 3)))
    assert caught.value.code == "layout"


def test_method_objects_in_the_shape_of_settlement_methods() -> None:
    assert set(TRIPOLI_METHODS) == {"tripoli-layout", "tripoli-final-poker"}
    method = TripoliLayout(Seating(ABCD), {})
    assert method.chips and method.players == (2, 9) and [s.name for s in method.option_specs] == ["final_pots", "final_tie"]
    balance = [0] * 4
    for record in records():
        outcome = replay_final(record, method.layout) if isinstance(record, FinalPokerRecord) else replay(record, method.layout)
        payments, notes = method.settle(outcome, None)
        balance = [b + p for b, p in zip(balance, payments)]
        method.after_hand(balance, balance, outcome)
        assert method.pool == -sum(balance)  # what the players paid in is on the layout
    assert method.finished and method.winner_seats == (3,) and method.close(None) is None
    with pytest.raises(UnknownOption):
        TripoliLayout(Seating(ABCD), {"final_pots": "many"})


def test_final_poker_method_takes_only_final_deals() -> None:
    deal1, _, final = records()
    assert isinstance(deal1, TripoliRecord) and isinstance(final, FinalPokerRecord)
    left = Layout().plus(Space.KQ, 20).plus(Space.SEQ, 3)
    method = TripoliFinalPoker(Seating(ABCD), {}, left)
    with pytest.raises(ScorekeeperError) as caught:
        method.settle(replay(deal1, left))
    assert caught.value.code in ("final", "layout")
    payments, _ = method.settle(replay_final(final, left))
    assert payments == [0, -2, 0, 25] and method.pool == 0


def test_several_final_pots() -> None:
    hands = [dict(h) for h in SESSION["hands"][:2]]
    bets = {"betting": [["C", "check"], ["D", "check"], ["A", "check"], ["B", "check"]]}
    hands.append({"final": True, "pot": 20, "poker": {**bets, "winners": ["A"]}})
    hands.append({"final": True, "poker": {"betting": [["D", "check"], ["A", "check"], ["B", "check"], ["C", "check"]],
                                            "winners": ["B"]}})
    session = {**SESSION, "settlement_options": {"final_pots": "several"}, "hands": hands}
    result = settle_session(session)
    assert [d.pool for d in result.deals] == [8, 23, 3, 0]
    assert result.deals[2].payments == (20, 0, 0, 0) and result.deals[3].payments == (0, 3, 0, 0)
    assert result.finished
    with pytest.raises(ScorekeeperError) as caught:
        settle_session({**session, "settlement_options": {}})
    assert (caught.value.code, caught.value.hand) == ("final", 3)


def test_a_split_final_pot_plays_on_or_is_cut_for() -> None:
    hands = [dict(h) for h in SESSION["hands"][:2]]
    split = {"final": True, "poker": {"betting": [["C", "check"], ["D", "check"], ["A", "check"], ["B", "check"]],
                                      "winners": ["A", "C"]}}
    result = settle_session({**SESSION, "hands": [*hands, split]})
    assert result.deals[2].payments == (11, 0, 11, 0) and result.layout.total == 1 and not result.finished
    cut = settle_session({**SESSION, "settlement_options": {"final_tie": "cut"}, "hands": [*hands, {**split, "cut": "C"}]})
    assert cut.deals[2].payments == (11, 0, 12, 0) and cut.finished


def test_settle_json_is_the_records_md_shape() -> None:
    out = settle_json(SESSION)
    assert set(out) >= {"ok", "settlement", "hands", "totals", "balance", "pool", "finished", "winners"}
    assert [h["pool"] for h in out["hands"]] == [8, 23, 0]
    assert [h["dealer"] for h in out["hands"]] == ["D", "A", "B"]
    before = 0
    for hand in out["hands"]:
        assert hand["pool"] == sum(hand["layout"].values())
        assert sum(hand["payments"].values()) + hand["pool"] - before == 0
        before = hand["pool"]
    assert out["winners"] == ["D"]


def test_fold_settles_a_sequence_of_outcomes_like_the_session() -> None:
    from scorekeeper.engine.tripoli.settlement import fold

    result = settle_session(SESSION)
    settled, state = fold(LayoutState.start(ABCD), result.outcomes)
    assert [s.payments for s in settled] == [d.payments for d in result.deals]
    assert state.balance == result.balance and state.finished
    with pytest.raises(ScorekeeperError) as caught:
        fold(LayoutState.start(ABCD), [result.outcomes[1]])  # deal 2 starts from a layout no deal left
    assert (caught.value.code, caught.value.hand) == ("layout", 1)


def test_a_deal_that_does_not_count_yet_keeps_its_place_in_the_rotation() -> None:
    """``"counts": false`` (RECORDS.md, the app's waiting deals): dealt, so the deal passes on; not settled."""
    import json
    from pathlib import Path

    from scorekeeper.engine.tripoli import settle_json

    session = json.loads((Path(__file__).parents[3] / "examples" / "tripoli-session.json").read_text())
    full = settle_json(session)
    waiting = {**session, "hands": [{**session["hands"][0], "counts": False}, *session["hands"][1:]]}
    alone = {**session, "hands": session["hands"][:1]}
    result = settle_json(waiting)
    assert len(result["hands"]) == len(full["hands"]) - 1
    assert result["hands"][0]["dealer"] == full["hands"][1]["dealer"]  # deal 2 is still the second dealer's
    assert settle_json(alone)["hands"][0] == full["hands"][0]
