"""Every irregularity a Reversis record can hold is refused with its own stable code, its exit status, and a
sentence naming who, what and where (FORMAT.md "Error codes").

The cases are mutations of the example hand (``examples/reversis-hand.json``: Ann deals, Bob declares
Espagnolette and makes it) and of its quick result.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.reversis import Pools, from_json, replay, replay_json, settle_json, to_json
from scorekeeper.engine.reversis.simulate import random_record
from scorekeeper.engine.reversis.rules import FIRST_NINE

ROOT = Path(__file__).resolve().parents[3]
HAND: dict[str, Any] = json.loads((ROOT / "examples" / "reversis-hand.json").read_text(encoding="utf-8"))
QUICK: dict[str, Any] = json.loads((ROOT / "examples" / "reversis-quick.json").read_text(encoding="utf-8"))
SESSION: dict[str, Any] = json.loads((ROOT / "examples" / "reversis-session.json").read_text(encoding="utf-8"))

Mutation = Callable[[dict[str, Any]], None]


def refused(value: dict[str, Any]) -> ScorekeeperError:
    with pytest.raises(ScorekeeperError) as info:
        replay_json(value)
    return info.value


def setting(path: str, value: Any) -> Mutation:
    """Set a dotted path of the record: "deal.Ann" = [...]."""
    def mutate(record: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target = record
        for key in parents:
            target = target[key]
        if value is _DELETE:
            del target[last]
        else:
            target[last] = value
    return mutate


_DELETE = object()


def deal_with(player: str, old: str, new: str) -> Mutation:
    def mutate(record: dict[str, Any]) -> None:
        cards = record["deal"][player]
        cards[cards.index(old)] = new
    return mutate


def event(**fields: Any) -> Mutation:
    def mutate(record: dict[str, Any]) -> None:
        record.setdefault("events", []).append(fields)
    return mutate


def play_at(index: int, item: Any) -> Mutation:
    def mutate(record: dict[str, Any]) -> None:
        record["play"][index] = item
    return mutate


# (id, mutation of the example hand, code, exit status, player named, trick named)
HAND_CASES: list[tuple[str, Mutation, str, int, str | None, int | None]] = [
    ("bad-card", play_at(3, "1S"), "syntax", 2, None, None),
    ("unknown-field", setting("widow", []), "syntax", 2, None, None),
    ("wrong-game", setting("game", "hearts"), "unknown-game", 2, None, None),
    ("unknown-option", setting("options", {"party_amount": "half"}), "unknown-option", 2, None, None),
    ("quick-and-play", setting("taken", QUICK["taken"]), "syntax", 2, None, None),
    ("dealer-dealt-11", setting("deal.Ann", HAND["deal"]["Ann"][:11]), "deal", 1, "Ann", None),
    ("a-ten-dealt", deal_with("Dan", "9H", "TH"), "deal", 1, None, None),
    ("card-dealt-twice", deal_with("Dan", "9H", "9S"), "duplicate-card", 1, None, None),
    ("no-face-down-card", setting("face_down", {"Dan": "4D", "Bob": "KC"}), "deal", 1, "Cat", None),
    ("discard-not-held", setting("discard", "AS"), "discard", 1, "Ann", None),
    ("no-discard", setting("discard", _DELETE), "discard", 1, "Ann", None),
    ("exchange-not-held", setting("exchanges.Dan", "AS"), "exchange", 1, "Dan", None),
    ("exchange-missing", setting("exchanges", {"Dan": "JD", "Bob": None}), "exchange", 1, "Cat", None),
    ("dealer-exchanges", setting("exchanges.Ann", "7D"), "exchange", 1, "Ann", None),
    ("talon-contradicts-deal", setting("talon", ["2S", "3S", "4S", "5S"]), "talon", 1, None, None),
    ("card-not-held", play_at(0, "KS"), "not-in-hand", 1, "Dan", 1),
    ("wrong-first-leader", setting("leader", "Cat"), "out-of-turn", 1, "Cat", 1),
    ("named-out-of-turn", play_at(1, ["Ann", "QC"]), "out-of-turn", 1, "Ann", 1),
    ("declared-without-the-hand", event(type="espagnolette", player="Ann"), "espagnolette", 1, "Ann", None),
    ("declared-twice", event(type="espagnolette", player="Bob"), "espagnolette", 1, "Bob", None),
    ("committed-without-revoking", event(type="espagnolette", player="Dan", declared=False), "espagnolette", 1, "Dan", None),
    ("revoke-claim-on-a-lead", event(type="revoke", player="Dan", trick=1), "revoke-claim", 1, "Dan", 1),
    ("waive-without-a-lead", event(type="waive", player="Ann", trick=1), "waive", 1, "Ann", 1),
    ("stops-early", lambda r: r["play"].pop(), "incomplete", 1, None, 11),
    ("twelfth-card", lambda r: r["play"].append("6H"), "not-in-hand", 1, None, None),
]


@pytest.mark.parametrize(("name", "mutate", "code", "status", "player", "trick"), HAND_CASES, ids=[c[0] for c in HAND_CASES])
def test_the_example_hand_mutated(name: str, mutate: Mutation, code: str, status: int, player: str | None,
                                  trick: int | None) -> None:
    value = copy.deepcopy(HAND)
    mutate(value)
    error = refused(value)
    assert (error.code, error.exit_status) == (code, status), error.message
    if player is not None:
        assert error.player == player, error.message
        assert player in error.message
    if trick is not None:
        assert error.trick == trick
    assert error.to_json()["message"] == error.message


WITHOUT_DEAL = {k: v for k, v in HAND.items() if k not in ("deal", "face_down", "discard", "exchanges")}

NO_DEAL_CASES: list[tuple[str, Mutation, str, str | None]] = [
    ("card-played-twice", play_at(5, "6C"), "duplicate-card", "Bob"),
    ("a-ten-played", play_at(0, "TC"), "not-in-hand", "Dan"),
    ("discarded-card-played", setting("discard", "6C"), "discard", "Dan"),
    ("exchanged-card-played", setting("exchanges", {"Cat": "QC"}), "exchange", "Cat"),
    ("talon-card-played", setting("talon", ["6C", "JD", "KD", "6H"]), "talon", "Dan"),
    ("talon-of-three", setting("talon", ["JD", "KD", "6H"]), "talon", None),
    ("face-down-without-deal", setting("face_down", {"Dan": "4D"}), "deal", None),
]


@pytest.mark.parametrize(("name", "mutate", "code", "player"), NO_DEAL_CASES, ids=[c[0] for c in NO_DEAL_CASES])
def test_without_the_deal(name: str, mutate: Mutation, code: str, player: str | None) -> None:
    value = copy.deepcopy(WITHOUT_DEAL)
    mutate(value)
    error = refused(value)
    assert error.code == code, error.message
    assert error.player == player


# --- revokes: found in random legal hands, then made by swapping two cards of one player -------------------

def swap_to_revoke(record: Any, *, qualifying: bool, last_two: bool) -> tuple[list[Any], int, int, str] | None:
    """The play with one player's followed card swapped with a later card of another suit: a revoke at that play."""
    outcome = replay(record)
    assert outcome.tricks is not None and outcome.held is not None
    names = outcome.players
    qual = set(outcome.facts.qualifying) if outcome.facts else set()
    plays = [(t.number, seat, c) for t in outcome.tricks for seat, c in t.plays]
    for i, (trick, seat, c) in enumerate(plays):
        led = outcome.tricks[trick - 1].plays[0]
        if led[0] == seat or c.suit is not led[1].suit or (seat in qual) is not qualifying:
            continue
        if (trick > FIRST_NINE) is not last_two:
            continue
        for j in range(i + 1, len(plays)):
            if plays[j][1] == seat and plays[j][2].suit is not c.suit:
                items = [p.card.code for p in record.play]
                items[i], items[j] = items[j], items[i]
                return items, i, trick, names[seat]
    return None


@pytest.mark.parametrize(("qualifying", "last_two", "stack"), [(False, False, None), (True, True, "espagnolette")],
                         ids=["ordinary-player", "espagnolette-in-trick-10-or-11"])
def test_revoke(qualifying: bool, last_two: bool, stack: str | None) -> None:
    for seed in range(200):
        record = random_record("ABCD", random.Random(seed), stack=stack, declare=1.0)
        found = swap_to_revoke(record, qualifying=qualifying, last_two=last_two)
        if found is not None:
            break
    assert found is not None
    items, index, trick, player = found
    value = {**to_json(record), "play": items}
    error = refused(value)
    assert (error.code, error.trick, error.player) == ("revoke", trick, player)
    assert f"{player} played" in error.message and "lead while holding" in error.message
    if qualifying:
        assert "must follow suit in the last two tricks" in error.message
    assert error.play == index
    # Established by the table instead (play stops there): accepted; the reneger pays each other player 10 (4.1 HOUSE).
    value["play"] = items[:index + 1]
    value["events"] = [*value.get("events", []), {"type": "revoke", "player": player, "trick": trick}]
    out = replay_json(value)
    assert out["revoke"] == {"player": player, "trick": trick} and out["party"] is None
    assert [p for p in out["payments"] if p["why"] == "revoke"] == [
        {"from": player, "to": other, "fish": 10, "why": "revoke", "trick": trick} for other in _others_ccw(player)
    ]


def _others_ccw(player: str) -> list[str]:
    order = "ADCB" * 2
    start = order.index(player)
    return list(order[start + 1:start + 4])


def test_an_espagnolette_revoke_in_the_first_nine_is_legal_and_commits() -> None:
    for seed in range(200):
        record = random_record("ABCD", random.Random(seed), stack="espagnolette", declare=0.0)
        outcome = replay(record)
        if outcome.facts is not None and outcome.facts.committed:
            break
    assert outcome.facts is not None and outcome.facts.committed and not outcome.facts.declared
    seat = outcome.facts.committed[0]
    assert seat in outcome.facts.qualifying and seat in outcome.facts.attempters


# --- quick results ---------------------------------------------------------------------------------------

QUICK_CASES: list[tuple[str, Mutation, str, str | None]] = [
    ("tricks-do-not-add-up", setting("taken.Cat.tricks", 7), "impossible-result", None),
    ("points-without-tricks", setting("taken.Bob.points", 3), "impossible-result", "Bob"),
    ("too-many-points", setting("taken.Cat.points", 40), "impossible-result", None),
    ("talon-points-disagree", setting("talon_points", 3), "talon", None),
    ("ace-followed-but-lost", setting("quinola_aces.AS", {"player": "Bob", "trick": 1, "how": "followed",
                                                          "leader": "Dan", "winner": "Cat"}), "impossible-result", "Bob"),
    ("discard-wins", setting("quinola_aces.AH.winner", "Bob"), "impossible-result", "Bob"),
    ("two-winners-one-trick", setting("quinola_aces.AC.winner", "Dan"), "impossible-result", None),
    ("winner-without-tricks", setting("quinola_aces.AD", {"player": "Bob", "trick": 5, "how": "led", "winner": "Bob"}),
     "impossible-result", "Bob"),
    ("reversis-without-the-tricks", setting("reversis", {"player": "Cat"}), "reversis", "Cat"),
    ("reversis-broken-by-himself", setting("reversis", {"player": "Cat", "broken_by": "Cat", "trick": 10}), "reversis", "Cat"),
    ("declared-without-the-aces", event(type="espagnolette", player="Dan"), "espagnolette", "Dan"),
    ("waive-without-a-lead", event(type="waive", player="Dan", trick=2), "waive", "Dan"),
    ("missing-ace", setting("quinola_aces", {"JH": None}), "syntax", None),
    ("quick-with-a-deal", setting("deal", HAND["deal"]), "syntax", None),
]


@pytest.mark.parametrize(("name", "mutate", "code", "player"), QUICK_CASES, ids=[c[0] for c in QUICK_CASES])
def test_the_quick_result_mutated(name: str, mutate: Mutation, code: str, player: str | None) -> None:
    value = copy.deepcopy(QUICK)
    mutate(value)
    error = refused(value)
    assert error.code == code, error.message
    if player is not None:
        assert error.player == player, error.message


# --- sessions ------------------------------------------------------------------------------------------

def settle_refused(value: dict[str, Any]) -> ScorekeeperError:
    with pytest.raises(ScorekeeperError) as info:
        settle_json(value)
    return info.value


def test_pools_that_contradict_the_session() -> None:
    record = from_json({**QUICK, "pools": {"current": 30}})
    with pytest.raises(ScorekeeperError) as info:
        replay(record, Pools(25))
    assert info.value.code == "pools"


@pytest.mark.parametrize(
    ("name", "change", "code", "hand"),
    [
        ("wrong-dealer", lambda s: s["hands"][1].update(dealer="B"), "rotation", 2),
        ("wrong-number", lambda s: s["hands"][2].update(hand=7), "rotation", 3),
        ("after-the-agreed-hands", lambda s: s["settlement_options"].update(hands=3), "game-over", 4),
        ("odd-fish-without-a-cut", lambda s: s["settlement_options"].update(closed=True, pools_at_end="split-equal"), "cut", 4),
        ("other-players", lambda s: s["hands"][0].update(players=["A", "B", "C", "E"]), "syntax", 1),
        ("three-players", lambda s: s.update(players=["A", "B", "C"]), "players", None),
        ("other-settlement", lambda s: s.update(settlement="howell"), "unknown-option", None),
        ("unknown-settlement-option", lambda s: s["settlement_options"].update(target=5), "unknown-option", None),
    ],
)
def test_session_irregularities(name: str, change: Callable[[dict[str, Any]], None], code: str, hand: int | None) -> None:
    value = copy.deepcopy(SESSION)
    change(value)
    error = settle_refused(value)
    assert (error.code, error.hand) == (code, hand), error.message


def test_a_cut_settles_the_odd_fish() -> None:
    value = copy.deepcopy(SESSION)
    value["settlement_options"].update(closed=True, pools_at_end="split-equal")
    value["hands"][3]["events"] = [{"type": "cut", "player": "C"}]
    out = settle_json(value)
    assert out["closing"]["payments"] == {"A": 28, "B": 28, "C": 31, "D": 28}  # 115 = 4 x 28 + 3 to the cut's winner
    assert out["pool"] == 0 and sum(out["balance"].values()) == 0 and out["finished"]
