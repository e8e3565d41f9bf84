"""The ``reversis-fish`` settlement: pools carried across hands, misdeals, the end of the game, the options,
and the method object's shape (``settlement.methods.Method``)."""

from __future__ import annotations

import copy
import inspect
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.reversis import Pools, ReversisFish, from_json, replay, settle_json
from scorekeeper.engine.reversis.table import reversis_seating
from scorekeeper.engine.hearts.settlement.methods import Method
from scorekeeper.settle_cli import format_settlement

ROOT = Path(__file__).resolve().parents[3]
SESSION: dict[str, Any] = json.loads((ROOT / "examples" / "reversis-session.json").read_text(encoding="utf-8"))
QUICK: dict[str, Any] = json.loads((ROOT / "examples" / "reversis-quick.json").read_text(encoding="utf-8"))
MISDEAL = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}


def session(*hands: dict[str, Any], **fields: Any) -> dict[str, Any]:
    value = copy.deepcopy(SESSION)
    if hands:
        value["hands"] = list(hands)
    value.update(fields)
    return value


def test_the_method_object_has_the_shape_of_a_settlement_method() -> None:
    for name in ("id", "chips", "option_specs", "players", "revoke_by_points"):
        assert hasattr(ReversisFish, name) and hasattr(Method, name)
    for name in ("settle", "after_hand", "close"):
        mine = list(inspect.signature(getattr(ReversisFish, name)).parameters)
        theirs = list(inspect.signature(getattr(Method, name)).parameters)
        assert mine == theirs, name
    method = ReversisFish(reversis_seating("ABCD"), {})
    assert (method.id, method.chips, method.players, method.pool, method.finished, method.winner_seats) == (
        "reversis-fish", True, (4, 4), 0, False, ())


def test_settling_one_outcome_at_a_time() -> None:
    method = ReversisFish(reversis_seating("ABCD"), {"hands": 2})
    pools = None
    for dealer, hand in zip("AD", SESSION["hands"][:2]):
        outcome = replay(from_json(hand, {"game": "reversis", "players": list("ABCD"), "dealer": dealer}), pools)
        payments, notes = method.settle(outcome)
        assert sum(payments) + outcome.pools.total - outcome.pools_before.total == 0
        assert len(notes) == 4 and all(n.endswith(f"net {p:+d}") for n, p in zip(notes, payments))
        method.after_hand(payments, payments, outcome)
        pools = outcome.pools
    assert method.pool == 110 and method.finished
    stray = replay(from_json(SESSION["hands"][2], {"game": "reversis", "players": list("ABCD"), "dealer": "C"}), Pools(7))
    with pytest.raises(ScorekeeperError) as info:
        ReversisFish(reversis_seating("ABCD"), {}, Pools(25)).settle(stray)
    assert info.value.code == "pools"


def test_a_misdeal_is_redealt_by_the_same_dealer_without_a_second_ante() -> None:
    hands = copy.deepcopy(SESSION["hands"])
    value = session(MISDEAL, *[{**h, "hand": h["hand"] + 1} for h in hands])
    value["settlement_options"] = {"hands": 4}
    out = settle_json(value)
    assert [h["dealer"] for h in out["hands"]] == ["A", "A", "D", "C", "B"]
    first, second = out["hands"][0], out["hands"][1]
    assert first["void"] == "wrong-count" and first["payments"] == {"A": -10, "B": -5, "C": -5, "D": -5}
    assert first["pools"] == {"current": 25, "supplements": [], "ante_in": True}
    assert second["pools"]["current"] == 50 and "ante_in" not in second["pools"]  # 25 + B's doubling, no new 5
    assert out["finished"] and "misdeal" in first["notes"]["A"]
    # Everything after the redeal is the example shifted by one hand, with A's 5 paid once.
    assert [h["pools"] for h in out["hands"][1:]] == [h["pools"] for h in settle_json(SESSION)["hands"]]


def test_the_session_may_start_from_pools_left_by_earlier_play() -> None:
    start = {"current": 40, "supplements": [{"id": "S3", "fish": 12}], "doubled": ["C"]}
    out = settle_json(session(copy.deepcopy(SESSION["hands"][0]), pools=start, settlement_options={}))
    hand = out["hands"][0]
    assert "stake" not in json.dumps(hand["notes"])  # no stakes: the game was under way
    assert hand["pools"] == {"current": 90, "supplements": [{"id": "S3", "fish": 12}], "doubled": ["B", "C"]}
    assert sum(out["balance"].values()) + out["pool"] == 40 + 12


def test_the_end_of_the_game_and_the_pools_left() -> None:
    out = settle_json(session(settlement_options={"hands": 4, "closed": True}))
    assert out["finished"] and "closing" not in out and out["pool"] == 115  # AMB-38o: the pools stay
    assert out["winners"] == ["D"] and out["chips"]["D"] == 228 + out["balance"]["D"]
    assert not settle_json(session(settlement_options={}))["finished"]  # "agreed": until the table stops


def test_money_at_a_stake_per_fish() -> None:
    out = settle_json(session(stake="0.10"))
    assert out["money"] == {"A": "-4.00", "B": "-17.00", "C": "-2.00", "D": "11.50"}
    assert sum(float(t["amount"]) for t in out["transfers"]) > 0


def test_the_settle_command_can_print_it_in_words() -> None:
    text = format_settlement(settle_json(SESSION))
    assert text.startswith("settlement: reversis-fish\nhand 1 (dealer A), pool after: 50")
    assert "D: in play +10, pool won +120, Party +40; net +170" in text
    assert "game finished; winners: D" in text


@pytest.mark.parametrize(
    ("options", "why", "fish"),
    [
        ({}, "espagnolette", 11),  # the talon 6H JD KD KC holds 7: 7 + 4
        ({"party_amount": "fixed:6"}, "espagnolette", 6),
    ],
)
def test_the_party_amount_option(options: dict[str, Any], why: str, fish: int) -> None:
    outcome = replay(from_json({**QUICK, "options": options}))
    assert [p.fish for p in outcome.payments if p.why == why] == [fish]


def test_the_self_claim_option() -> None:
    # E5: D makes a Reversis after leading the Quinola; with others-pay the others still pay him their 5s.
    hand = {"game": "reversis", "players": list("ABCD"), "dealer": "A", "talon": "AS AH AD AC",
            "taken": {"A": {"tricks": 0, "points": 0}, "B": {"tricks": 0, "points": 0}, "C": {"tricks": 0, "points": 0},
                      "D": {"tricks": 11, "points": 24}},
            "quinola_aces": {"JH": {"player": "D", "trick": 5, "how": "led", "winner": "D"},
                             "AS": None, "AH": None, "AD": None, "AC": None}}
    paid = replay(from_json(hand))
    lapsed = replay(from_json({**hand, "options": {"self_claim": "lapse"}}))
    assert [p.fish for p in paid.payments if p.why == "claim-quinola-others"] == [5, 10, 5]
    assert not [p for p in lapsed.payments if p.why.startswith("claim")]
    assert lapsed.end is not None and [c.status for c in lapsed.end.claims] == ["lapsed"]


def test_a_waived_claim_is_not_paid() -> None:
    waived = {**QUICK, "events": [*QUICK.get("events", []), {"type": "waive", "player": "Cat", "trick": 7}]}
    outcome = replay(from_json(waived))
    assert outcome.end is not None and [c.status for c in outcome.end.claims] == ["waived"]
    assert not [p for p in outcome.payments if p.why.startswith("claim")]


@pytest.mark.parametrize("field, value, sentence", [
    ("dealer", "A", "the deal passes to D for this hand (to the right), but the record says A dealt"),
    ("hand", 5, "this is hand 2 of the session, but the record says hand 5"),
])
def test_a_hand_that_breaks_the_rotation_is_refused(field: str, value: Any, sentence: str) -> None:
    session = json.loads((ROOT / "examples" / "reversis-session.json").read_text())
    session["hands"][1][field] = value
    with pytest.raises(ScorekeeperError) as caught:
        settle_json(session)
    assert (caught.value.code, caught.value.hand, caught.value.message) == ("rotation", 2, sentence)


def test_the_dealers_to_come_stop_at_the_agreed_number_of_hands() -> None:
    """Who deals the hands to come is the fold's own rotation (to the right, a misdeal dealt again by the
    same dealer), and none is said past the agreed number of hands, waiting ones among those played."""
    from scorekeeper.engine.reversis.settlement import ReversisFold

    head = {k: v for k, v in SESSION.items() if k != "hands"}
    fold = ReversisFold({**head, "first_dealer": head["players"][0], "settlement_options": {"hands": 4}})
    a, b, c, d = head["players"]
    assert fold.coming_dealers(6) == (a, d, c, b)
    fold.add({**MISDEAL, "counts": False})
    fold.add(MISDEAL)
    assert fold.coming_dealers(6) == (a, d, c, b)
    fold.add({**{k: v for k, v in SESSION["hands"][0].items() if k not in ("hand", "dealer")}, "counts": False})
    assert fold.coming_dealers(6) == (d, c, b) and fold.coming_dealers(1) == (d, c)
