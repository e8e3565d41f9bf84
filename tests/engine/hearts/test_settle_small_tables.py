"""Catalogue 3.8 ``two-handed-difference``, 3.9 ``two-handed-first-six-free``, 3.10 ``three-handed-excess``.

Two- and Three-Handed Hearts are played with ``hearts`` profile 003 (2 players: 26 each; 3 players:
17 each and a widow of 1) until their own game ids land; the settlements are the catalogue's.
"""

from __future__ import annotations

import pytest

from tests.support.settling import payments, pools, refusal, session, settled, units

AB = ["A", "B"]
ABC = ["A", "B", "C"]
HANDS = [(4, 9), (8, 5), (6, 7)]


def two(settlement: str, hands: list[tuple[int, int]]) -> dict[str, object]:
    return session("hearts", [units(*h, players=AB) for h in hands], players=AB, options={"profile": "003"},
                   settlement=settlement)


def test_two_handed_difference() -> None:
    # Hands (4, 9), (8, 5), (6, 7): A +5, A -3, A +1 -> B pays A 3 at the end of the sitting.
    result = settled(two("two-handed-difference", HANDS))
    assert payments(result) == [(5, -5), (-3, 3), (1, -1)]
    assert result["balance"] == {"A": 3, "B": -3}
    assert pools(result) == [0, 0, 0]
    assert result["winners"] == ["A"]
    assert [h["dealer"] for h in result["hands"]] == ["B", "A", "B"]  # the deal alternates


def test_two_handed_first_six_free() -> None:
    # (4, 9): B pays 3; (8, 5): A pays 2; (6, 7): B pays 1 -> A nets +2.
    result = settled(two("two-handed-first-six-free", HANDS))
    assert payments(result) == [(3, -3), (-2, 2), (1, -1)]
    assert result["balance"] == {"A": 2, "B": -2}


@pytest.mark.parametrize(("settlement", "cost"), [("two-handed-difference", 13), ("two-handed-first-six-free", 7)])
def test_a_thirteen_nil_hand(settlement: str, cost: int) -> None:
    result = settled(two(settlement, [(13, 0)]))
    assert payments(result) == [(-cost, cost)]


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ((7, 4, 2), (-8, 3, 5)),  # the high player pays 3 and 5
        ((5, 5, 3), (-2, -2, 4)),  # two equal highest each pay the low man 2
        ((9, 2, 2), (-14, 7, 7)),  # 7 + 7
        ((2, 4, 7), (5, 3, -8)),  # wherever the high player sits
        ((3, 5, 5), (4, -2, -2)),
    ],
)
def test_three_handed_excess(counts: tuple[int, int, int], expected: tuple[int, int, int]) -> None:
    result = settled(session("hearts", [units(*counts, players=ABC)], players=ABC, options={"profile": "003"},
                             settlement="three-handed-excess"))
    assert payments(result) == [expected]
    assert pools(result) == [0]  # there are no Jacks


def test_three_handed_excess_against_howell() -> None:
    # Compare Howell on (7, 4, 2): nets +8, -1, -7 paid.
    hand = [units(7, 4, 2, players=ABC)]
    howell = settled(session("hearts", hand, players=ABC, options={"profile": "003"}, settlement="howell"))
    assert payments(howell) == [(-8, 1, 7)]


@pytest.mark.parametrize(
    ("settlement", "players"),
    [("two-handed-difference", ["A", "B", "C", "D"]), ("two-handed-first-six-free", ABC),
     ("three-handed-excess", ["A", "B", "C", "D"]), ("three-handed-excess", AB)],
)
def test_the_wrong_number_of_players_is_an_unknown_option(settlement: str, players: list[str]) -> None:
    hand = units(*([13] + [0] * (len(players) - 1)), players=players)
    error = refusal(session("hearts", [hand], players=players, options={"profile": "003"}, settlement=settlement))
    assert (error.code, error.exit_status) == ("unknown-option", 2)
    assert f"not {len(players)}" in error.message
