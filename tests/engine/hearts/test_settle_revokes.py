"""Catalogue 4.1: established revokes in a session, settled by the method's revoke rule.

Chip methods: ``revoke-003-chips`` (the reneger pays each other player 10; nothing else is settled,
pools and jacks unchanged). Point methods: ``revoke-003-points`` (+10 per other player) or
``revoke-001`` (the hand's whole positive penalty total). The revoke is a full record with an
established ``revoke`` event (README "Events").
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.settling import ABCD, payments, pools, revoke_hand, session, settled, units

EIGHT = ["A", "B", "C", "D", "E", "F", "G", "H"]


def test_revoke_003_chips_under_sweepstakes_with_a_jack_of_5() -> None:
    # Double deck (profile 003, 8 players): A takes all 26 hearts, the seven clear players share 26:
    # 3 each and a jack of 5. Then B's established revoke: B pays each other player 10, no hearts
    # are paid, and the jack stays 5 for the next hand, which C wins alone (5 + 26 = 31).
    hands = [
        units(26, 0, 0, 0, 0, 0, 0, 0, players=EIGHT),
        revoke_hand(EIGHT, "H", "B"),
        units(4, 4, 0, 3, 3, 4, 4, 4, players=EIGHT),
    ]
    result = settled(session("hearts", hands, players=EIGHT, first_dealer="G", options={"profile": "003"},
                             settlement="sweepstakes"))
    assert pools(result) == [5, 5, 0]
    assert payments(result)[0] == (-26, 3, 3, 3, 3, 3, 3, 3)
    assert payments(result)[1] == (10, -70, 10, 10, 10, 10, 10, 10)
    assert payments(result)[2] == (-4, -4, 31, -3, -3, -4, -4, -4)
    revoked = result["hands"][1]
    assert (revoked["revoke"], revoked["dealer"]) == ("B", "H")
    assert revoked["notes"]["B"] == "B revoked: pays each other player 10 (70); no hearts are paid"
    assert sum(result["balance"].values()) + result["pool"] == 0


def test_revoke_003_chips_four_players_jack_unchanged() -> None:
    # The 3.5 table's first two hands leave a jack of 14; B revokes: B -30, A, C, D +10; the jack stays 14.
    hands = [units(0, 0, 6, 7), units(1, 2, 4, 6), revoke_hand(ABCD, "B", "B"), units(0, 5, 4, 4)]
    result = settled(session("hearts", hands, options={"profile": "003"}, settlement="sweepstakes"))
    assert payments(result)[2] == (10, -30, 10, 10)
    assert pools(result) == [1, 14, 14, 0]
    assert payments(result)[3] == (27, -5, -4, -4)
    assert result["balance"] == {"A": 42, "B": -31, "C": -4, "D": -7}


@pytest.mark.parametrize(
    ("game", "options", "settlement", "players", "offender", "expected"),
    [
        ("hearts", {"profile": "003"}, "pot", ABCD, "B", (10, -30, 10, 10)),
        ("hearts", {"profile": "003"}, "howell", ABCD, "C", (10, 10, -30, 10)),
        ("hearts", {"profile": "003"}, "sweepstakes", ABCD, "D", (10, 10, 10, -30)),
        ("hearts", {"profile": "001"}, "howell", ABCD, "B", (10, -30, 10, 10)),  # chips even under revoke 001
        ("spot-hearts", {}, "spot-differences", ABCD, "B", (10, -30, 10, 10)),
        ("hearts", {"profile": "003"}, "two-handed-difference", ["A", "B"], "B", (10, -10)),
        ("hearts", {"profile": "003"}, "two-handed-first-six-free", ["A", "B"], "B", (10, -10)),
        ("hearts", {"profile": "003"}, "three-handed-excess", ["A", "B", "C"], "C", (10, 10, -20)),
    ],
)
def test_revoke_003_chips_under_every_chip_method(game: str, options: dict[str, Any], settlement: str,
                                                  players: list[str], offender: str,
                                                  expected: tuple[int, ...]) -> None:
    result = settled(session(game, [revoke_hand(players, players[-1], offender)], players=players,
                             options=options, settlement=settlement))
    assert payments(result) == [expected]
    assert pools(result) == [0]
    assert result["hands"][0]["revoke"] == offender


@pytest.mark.parametrize(
    ("game", "options", "points"),
    [
        # revoke-003-points under cumulative: B +30 (10 x 3, the source's own example), the others 0.
        ("hearts", {}, 30),
        ("black-lady", {}, 30),
        ("hearts", {"profile": "003"}, 30),
        # revoke-001 in 001's game (QS 13): B is debited 26, the others 0.
        ("hearts", {"profile": "001"}, 26),
        ("black-lady", {"revoke": "001"}, 26),
        ("hearts", {"revoke": "001"}, 13),
    ],
)
def test_revoke_points_under_cumulative(game: str, options: dict[str, Any], points: int) -> None:
    hands = [units(3, 2, 8, 0, qs="B") if game == "black-lady" or options.get("profile") == "001" else units(3, 2, 8, 0),
             revoke_hand(ABCD, "D", "B")]
    result = settled(session(game, hands, first_dealer="C", options=options, settlement="cumulative"))
    revoked = result["hands"][1]
    assert revoked["points"] == {"A": 0, "B": points, "C": 0, "D": 0}
    assert revoked["revoke"] == "B"
    before = result["hands"][0]["totals"]
    assert result["totals"] == {p: before[p] + (points if p == "B" else 0) for p in ABCD}
    assert revoked["payments"] == {p: 0 for p in ABCD}
    assert revoked["notes"]["B"].startswith("B revoked")


def test_revoke_in_a_three_player_game_is_ten_per_other_player() -> None:
    players = ["A", "B", "C"]
    result = settled(session("hearts", [revoke_hand(players, "C", "B")], players=players, settlement="cumulative"))
    assert result["hands"][0]["points"] == {"A": 0, "B": 20, "C": 0}
