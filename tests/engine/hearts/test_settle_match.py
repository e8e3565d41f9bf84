"""Catalogue 3.3 ``five-hand-match``: five hands make a match; the lowest total collects the differences."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.settling import ABCD, misdeal, payments, refusal, revoke_hand, session, settled, units

# Own example: totals A 12, B 20, C 18, D 15 over five hands of 13 hearts (65).
EXAMPLE = [units(2, 4, 4, 3), units(3, 4, 3, 3), units(2, 4, 4, 3), units(3, 4, 3, 3), units(2, 4, 4, 3)]


def match(*hands: dict[str, Any]) -> dict[str, Any]:
    return session("hearts", hands, options={"profile": "003"}, settlement="five-hand-match")


def test_own_example() -> None:
    result = settled(match(*EXAMPLE))
    assert result["totals"] == {"A": 12, "B": 20, "C": 18, "D": 15}
    # A wins and is credited 8 + 6 + 3 = 17 (B -8, C -6, D -3); nothing moves before the fifth hand.
    assert payments(result) == [(0, 0, 0, 0)] * 4 + [(17, -8, -6, -3)]
    assert result["balance"] == {"A": 17, "B": -8, "C": -6, "D": -3}
    assert (result["finished"], result["winners"]) == (True, ["A"])
    assert [h["dealer"] for h in result["hands"]] == ["D", "A", "B", "C", "D"]


@pytest.mark.parametrize("played", range(1, 5))
def test_the_match_is_in_progress_before_the_fifth_hand(played: int) -> None:
    result = settled(match(*EXAMPLE[:played]))
    assert result["finished"] is False
    assert result["balance"] == {p: 0 for p in ABCD}
    lowest = min(result["totals"].values())
    assert result["winners"] == [p for p, t in result["totals"].items() if t == lowest]  # leading so far


def test_a_sixth_hand_is_refused() -> None:
    error = refusal(match(*EXAMPLE, units(0, 3, 4, 6)))
    assert (error.code, error.hand) == ("game-over", 6)


# Tied lowest (AMB-42): A 12, B 12, C 20, D 21: C pays 8, D pays 9; 17 shared, the odd chip by cut.
TIED = [units(3, 3, 3, 4), units(3, 3, 3, 4), units(2, 2, 5, 4), units(2, 2, 5, 4)]


@pytest.mark.parametrize(("cut", "expected"), [("A", (9, 8, -8, -9)), ("B", (8, 9, -8, -9))])
def test_tied_winners_divide_and_cut_for_the_odd_chip(cut: str, expected: tuple[int, ...]) -> None:
    result = settled(match(*TIED, units(2, 2, 4, 5, cut=cut)))
    assert result["totals"] == {"A": 12, "B": 12, "C": 20, "D": 21}
    assert payments(result)[-1] == expected
    assert (result["finished"], result["winners"]) == (True, ["A", "B"])


def test_tied_winners_without_a_cut_are_refused_at_the_fifth_hand() -> None:
    error = refusal(match(*TIED, units(2, 2, 4, 5)))
    assert (error.code, error.hand) == ("cut", 5)


def test_a_misdeal_is_not_one_of_the_five_hands() -> None:
    result = settled(match(misdeal(), *EXAMPLE[:2], misdeal("exposed-other"), *EXAMPLE[2:]))
    assert payments(result)[-1] == (17, -8, -6, -3)
    assert [h["dealer"] for h in result["hands"]] == ["D", "D", "A", "B", "B", "C", "D"]
    assert [h.get("void") for h in result["hands"]] == [
        "wrong-count", None, None, "exposed-other", None, None, None]
    assert (result["finished"], result["winners"]) == (True, ["A"])


def test_a_revoke_adds_30_to_the_offenders_match_total() -> None:
    # 3.3 step 4 / 4.1 revoke-003-points: B +30 for the hand, the others 0; the revoke is one of the five.
    result = settled(match(revoke_hand(ABCD, "D", "B"), *[units(2, 4, 4, 3)] * 4))
    assert result["hands"][0]["points"] == {"A": 0, "B": 30, "C": 0, "D": 0}
    assert result["hands"][0]["revoke"] == "B"
    assert result["totals"] == {"A": 8, "B": 46, "C": 16, "D": 12}
    # A is credited 38 + 8 + 4 = 50.
    assert payments(result) == [(0, 0, 0, 0)] * 4 + [(50, -38, -8, -4)]
    assert (result["finished"], result["winners"]) == (True, ["A"])
