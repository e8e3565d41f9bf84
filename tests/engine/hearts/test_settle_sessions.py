"""Sessions (RECORDS.md, catalogue 1.2, 2.2.2, 4.2): dealer rotation, misdeals, refusals, the record itself."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.support.settling import ABCD, misdeal, refusal, revoke_hand, session, settled, units
from scorekeeper.engine.hearts import records
from scorekeeper.engine.errors import InconsistentRecord, RecordSyntaxError
from scorekeeper.engine.hearts.settlement import Session, session_from_json, session_to_json
from scorekeeper.engine.hearts.session import session_hands
from scorekeeper.engine.hearts.simulate import random_record

LRAH = {"pass": "rotation-lrah"}


def full_hand(dealer: str, deal: int, seed: int, game: str = "black-lady", options: dict[str, Any] = LRAH,
              **extra: Any) -> dict[str, Any]:
    """A random legal record for that dealer and deal number, without the fields the session gives."""
    record = random_record(game, ABCD, random.Random(seed), options=options, dealer=ABCD.index(dealer),
                           hand_number=deal)
    obj = records.to_json(record)
    for key in ("game", "options", "players", "dealer", "hand"):
        obj.pop(key, None)
    return {**obj, **extra}


@pytest.mark.parametrize(
    ("first_dealer", "dealers"),
    [("D", "DABCDA"), ("A", "ABCDAB"), ("C", "CDABCD")],
)
def test_the_deal_rotates_clockwise_from_the_first_dealer(first_dealer: str, dealers: str) -> None:
    result = settled(session("hearts", [units(3, 3, 3, 4)] * 6, first_dealer=first_dealer, settlement="howell"))
    assert [h["dealer"] for h in result["hands"]] == list(dealers)


def test_a_misdeal_keeps_the_dealer_and_the_pass_direction() -> None:
    # rotation-lrah with 4 players passes left, right, across, none by deal number; misdeals are not deals.
    hands = [
        full_hand("D", 1, 1, pass_direction="left"),
        misdeal("exposed-other"),
        full_hand("A", 2, 2, pass_direction="right"),
        full_hand("B", 3, 3, pass_direction="across"),
        misdeal("face-up-in-pack"),
        full_hand("C", 4, 4, pass_direction="none"),
        full_hand("D", 5, 5, pass_direction="left"),
    ]
    value = session("black-lady", hands, options=LRAH, settlement="cumulative", settlement_options={"target": "none"})
    result = settled(value)
    assert [h["dealer"] for h in result["hands"]] == list("DAABCCD")
    assert [h.get("void") for h in result["hands"]] == [
        None, "exposed-other", None, None, "face-up-in-pack", None, None]
    for hand in (result["hands"][1], result["hands"][4]):
        assert hand["points"] == {p: 0 for p in ABCD}
        assert "deals again" in hand["notes"]["A"]
    deals = [(sh.position, sh.deal, sh.record.number) for sh in session_hands(session_from_json(value))]
    assert deals == [(1, 1, 1), (2, 2, 2), (3, 2, 2), (4, 3, 3), (5, 4, 4), (6, 4, 4), (7, 5, 5)]


def test_a_pass_direction_that_counts_the_misdeal_is_refused() -> None:
    # After a misdeal the next hand is still deal 2 (right); recording "across" contradicts the rule.
    hands = [full_hand("D", 1, 1), misdeal(), full_hand("A", 2, 2, pass_direction="across")]
    error = refusal(session("black-lady", hands, options=LRAH))
    assert (error.code, error.hand, error.exit_status) == ("pass", 3, 1)


@pytest.mark.parametrize(
    ("extra", "position"),
    [({"dealer": "B"}, 2), ({"dealer": "D"}, 2), ({"hand": 3}, 2)],
)
def test_a_hand_that_breaks_the_rotation_is_refused_naming_it(extra: dict[str, Any], position: int) -> None:
    hands = [units(3, 3, 3, 4), units(3, 3, 3, 4) | extra, units(3, 3, 3, 4)]
    error = refusal(session("hearts", hands, settlement="howell"))
    assert isinstance(error, InconsistentRecord)
    assert (error.code, error.hand, error.exit_status) == ("rotation", position, 1)
    assert error.to_json()["hand"] == position


def test_a_hand_may_repeat_what_the_session_gives() -> None:
    hands = [units(3, 3, 3, 4) | {"dealer": "D", "hand": 1, "game": "hearts", "players": ABCD},
             misdeal() | {"dealer": "A", "hand": 2}, units(3, 3, 3, 4) | {"dealer": "A", "hand": 2}]
    result = settled(session("hearts", hands, settlement="howell"))
    assert [h["dealer"] for h in result["hands"]] == ["D", "A", "A"]


@pytest.mark.parametrize(("key", "value"), [("game", "black-lady"), ("players", ["A", "B", "C", "E"]),
                                            ("options", {"profile": "003"})])
def test_a_hand_that_contradicts_the_session_is_refused(key: str, value: Any) -> None:
    error = refusal(session("hearts", [units(3, 3, 3, 4), units(3, 3, 3, 4) | {key: value}], settlement="howell"))
    assert (error.hand, error.exit_status) == (2, 2)


def test_an_illegal_hand_is_refused_naming_it() -> None:
    # B discards 2D on a club lead and plays a club later: without a revoke event it is illegal.
    illegal = revoke_hand(ABCD, "A", "C") | {"events": []}
    error = refusal(session("hearts", [units(3, 3, 3, 4), illegal, units(3, 3, 3, 4)], settlement="howell"))
    assert (error.code, error.hand, error.exit_status) == ("revoke", 2, 1)
    assert error.to_json() | {"message": ""} == {
        "code": "revoke", "message": "", "play": 1, "trick": 1, "player": "C", "card": "2D", "hand": 2}


@pytest.mark.parametrize(
    "taken",
    [{"A": {"hearts": 3}, "B": {"hearts": 3}, "C": {"hearts": 3}, "D": {"hearts": 5}},  # 14 hearts
     {"A": ["QH", "QH"], "B": {"hearts": 0}, "C": {"hearts": 0}, "D": {"hearts": 11}}],
)
def test_an_impossible_result_is_refused_naming_it(taken: dict[str, Any]) -> None:
    error = refusal(session("hearts", [units(3, 3, 3, 4), units(3, 3, 3, 4), {"taken": taken}], settlement="pot",
                            options={"profile": "003"}))
    assert (error.code, error.hand, error.exit_status) == ("impossible-result", 3, 1)


@pytest.mark.parametrize(
    ("hand", "code"),
    [({"taken": {"A": ["XX"]}}, "syntax"), ({"bogus": 1}, "syntax"), ({"taken": {"Zed": []}}, "syntax"),
     ({"events": [{"type": "cut", "player": "Zed"}], "taken": {}}, "syntax"), ({"dealer": "Zed"}, "syntax")],
)
def test_an_unreadable_hand_is_refused_naming_it(hand: dict[str, Any], code: str) -> None:
    error = refusal(session("hearts", [units(3, 3, 3, 4), hand], settlement="howell"))
    assert isinstance(error, RecordSyntaxError)
    assert (error.code, error.hand, error.exit_status) == (code, 2, 2)


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ([], "syntax"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "hand": []}, "syntax"),  # unknown field
        ({"game": "hearts", "players": ABCD, "first_dealer": "Zed"}, "syntax"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "stake": "lots"}, "syntax"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "stake": -1}, "syntax"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "hands": {}}, "syntax"),
        ({"game": "whist", "players": ABCD, "first_dealer": "D"}, "unknown-game"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "options": {"moon": "sun"}}, "unknown-option"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "settlement": "nope"}, "unknown-option"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "settlement": "pot",
          "settlement_options": {"closed": "yes"}}, "unknown-option"),
        ({"game": "complex-hearts", "players": ABCD, "first_dealer": "D", "settlement": "howell"}, "unknown-option"),
        ({"game": "hearts", "players": ABCD, "first_dealer": "D", "settlement": "complex-magnitude"}, "unknown-option"),
    ],
)
def test_an_unreadable_session_is_refused(value: Any, code: str) -> None:
    error = refusal(value)
    assert (error.code, error.exit_status) == (code, 2)
    assert error.hand is None


def test_a_hand_that_does_not_count_yet_keeps_its_place_in_the_rotation() -> None:
    # Hand 2 awaits confirmation: it was dealt by A and passed right, so hand 3 is B's and passes across.
    hands = [full_hand("D", 1, 1), full_hand("A", 2, 2) | {"counts": False}, full_hand("B", 3, 3)]
    value = session("black-lady", hands, options=LRAH, settlement="cumulative", settlement_options={"target": "none"})
    result = settled(value)
    assert [h["dealer"] for h in result["hands"]] == ["D", "B"]
    alone = settled(session("black-lady", hands[:1], options=LRAH, settlement="cumulative",
                            settlement_options={"target": "none"}))
    assert alone["hands"][0] == result["hands"][0]
    both = [h["points"] for h in result["hands"]]
    assert result["totals"] == {p: both[0][p] + both[1][p] for p in ABCD}  # hand 2 scores nothing yet
    assert session_to_json(session_from_json(value))["hands"][1]["counts"] is False  # the record keeps it
    # Counted, the same hands settle with hand 2 in the totals.
    counted = settled(session("black-lady", [hands[0], full_hand("A", 2, 2), hands[2]], options=LRAH,
                              settlement="cumulative", settlement_options={"target": "none"}))
    assert [h["dealer"] for h in counted["hands"]] == ["D", "A", "B"]
    assert counted["hands"][2]["points"] == result["hands"][1]["points"]


def test_a_hand_that_does_not_count_is_still_read_and_in_the_rotation() -> None:
    # Without counts: false at hand 2, hand 3 (dealt by B) would break the rotation.
    error = refusal(session("hearts", [units(3, 3, 3, 4), units(3, 3, 3, 4) | {"dealer": "B"}], settlement="howell"))
    assert (error.code, error.hand) == ("rotation", 2)
    hands = [units(3, 3, 3, 4), units(3, 3, 3, 4) | {"counts": False}, units(3, 3, 3, 4) | {"dealer": "B"}]
    assert [h["dealer"] for h in settled(session("hearts", hands, settlement="howell"))["hands"]] == ["D", "B"]
    unreadable = refusal(session("hearts", [units(3, 3, 3, 4) | {"counts": False, "dealer": "Zed"}]))
    assert (unreadable.code, unreadable.hand) == ("syntax", 1)


@pytest.mark.parametrize("value", [0, "no", None, []])
def test_counts_must_be_true_or_false(value: Any) -> None:
    error = refusal(session("hearts", [units(3, 3, 3, 4) | {"counts": value}]))
    assert (error.code, error.hand, error.exit_status) == ("syntax", 1, 2)
    assert "counts must be true or false" in error.message


def test_hands_after_the_game_ended_are_refused() -> None:
    hands = [units(0, 3, 4, 6), units(0, 3, 4, 6)]
    error = refusal(session("hearts", hands, options={"profile": "003"}, settlement="lowest-collects-difference"))
    assert (error.code, error.hand, error.exit_status) == ("game-over", 2, 1)
    assert "after hand 1" in error.message


def test_the_default_settlement_is_the_games() -> None:
    assert settled(session("hearts", [units(3, 3, 3, 4)]))["settlement"] == "cumulative"
    assert settled(session("hearts", [units(3, 3, 3, 4)], options={"profile": "002"}))["settlement"] == "sweepstakes"
    assert settled(session("complex-hearts", []))["settlement"] == "complex-magnitude"


def test_an_empty_session_settles_to_nothing() -> None:
    result = settled(session("hearts", [], settlement="sweepstakes", options={"profile": "003"}))
    assert result == {"ok": True, "settlement": "sweepstakes", "hands": [], "totals": {p: 0 for p in ABCD},
                      "balance": {p: 0 for p in ABCD}, "pool": 0, "finished": False, "winners": []}


ROUND_TRIP = [
    session("hearts", [units(3, 3, 3, 4), misdeal(), units(0, 3, 4, 6, cut="A")], options={"profile": "003"},
            settlement="sweepstakes", settlement_options={"win": "single-clear-only", "closed": True}, stake="0.05"),
    session("black-lady", [full_hand("D", 1, 7)], options=LRAH, stake=2) | {"id": "evening-1"},
    session("spot-hearts", [], players=["A", "B", "C"]),
]


@pytest.mark.parametrize("value", ROUND_TRIP)
def test_session_to_json_round_trips(value: dict[str, Any]) -> None:
    parsed = session_from_json(value)
    assert isinstance(parsed, Session)
    written = session_to_json(parsed)
    assert json.loads(json.dumps(written)) == written  # plain JSON
    assert session_from_json(written) == parsed
    assert session_to_json(session_from_json(written)) == written
    assert written["hands"] == value["hands"]
    assert written["game"] == value["game"] and written["players"] == value["players"]
    if "stake" in value:
        assert written["stake"] == str(value["stake"])
    assert settled(written) == settled(value)


@pytest.mark.parametrize(("game", "players"), [("black-lady", ["A", "B"]), ("hearts", ["A", "B"]), ("hearts", ABCD * 4)])
def test_a_table_the_game_is_not_for_is_refused_even_without_hands(game: str, players: list[str]) -> None:
    names = [f"{p}{i}" for i, p in enumerate(players)]
    error = refusal(session(game, [], players=names))
    assert (error.code, error.exit_status, error.hand) == ("players", 1, None)
