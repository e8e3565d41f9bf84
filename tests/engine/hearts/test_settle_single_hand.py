"""Catalogue 3.2 ``lowest-collects-difference``: a single hand played as a game (hearts, profile 003)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.settling import ABCD, misdeal, payments, refusal, revoke_hand, session, settled, units

H003 = {"profile": "003"}


def single(*hands: dict[str, Any], options: dict[str, Any] = H003) -> dict[str, Any]:
    return session("hearts", hands, options=options, settlement="lowest-collects-difference")


@pytest.mark.parametrize(
    ("hand", "expected", "winners"),
    [
        # (a) A 0, B 3, C 4, D 6: A collects 3 + 4 + 6 = 13.
        (units(0, 3, 4, 6), (13, -3, -4, -6), ["A"]),
        # (b) A 1, B 1, C 5, D 6: C pays 4, D pays 5; A and B get 4 each, the odd chip to the cut's winner.
        (units(1, 1, 5, 6, cut="A"), (5, 4, -4, -5), ["A", "B"]),
        (units(1, 1, 5, 6, cut="B"), (4, 5, -4, -5), ["A", "B"]),
        # The difference rule governs, not "1 point for each heart held by the losers" (AMB-06).
        (units(2, 3, 4, 4), (5, -1, -2, -2), ["A"]),
        (units(0, 0, 4, 9, cut="B"), (6, 7, -4, -9), ["A", "B"]),
        (units(0, 0, 0, 13, cut="C"), (4, 4, 5, -13), ["A", "B", "C"]),
    ],
)
def test_own_examples(hand: dict[str, Any], expected: tuple[int, ...], winners: list[str]) -> None:
    result = settled(single(hand))
    assert payments(result) == [expected]
    assert tuple(result["balance"].values()) == expected
    assert result["pool"] == 0 and result["hands"][0]["pool"] == 0
    assert (result["finished"], result["winners"]) == (True, winners)  # tied lowest are joint winners (1.6)


@pytest.mark.parametrize("cut", [None, "C"])
def test_odd_chips_without_a_cut_for_a_tied_winner_are_refused(cut: str | None) -> None:
    error = refusal(single(units(1, 1, 5, 6, cut=cut)))
    assert (error.code, error.hand, error.exit_status) == ("cut", 1, 1)
    assert "A and B" in error.message and '"cut"' in error.message


def test_an_even_share_needs_no_cut() -> None:
    # Three tied at 1: D pays 9, three each; no odd chip, so no cut is needed.
    result = settled(single(units(1, 1, 1, 10)))
    assert payments(result) == [(3, 3, 3, -9)]
    assert result["winners"] == ["A", "B", "C"]


def test_a_second_hand_is_refused_the_game_was_one_hand() -> None:
    error = refusal(single(units(0, 3, 4, 6), units(0, 3, 4, 6)))
    assert (error.code, error.hand) == ("game-over", 2)


def test_a_misdeal_does_not_count_as_the_hand() -> None:
    result = settled(single(misdeal(), units(0, 3, 4, 6)))
    assert payments(result) == [(0, 0, 0, 0), (13, -3, -4, -6)]
    assert [h["dealer"] for h in result["hands"]] == ["D", "D"]
    assert result["hands"][0]["void"] == "wrong-count"
    assert (result["finished"], result["winners"]) == (True, ["A"])


def test_a_revoke_scores_by_revoke_003_points_and_the_difference_is_collected() -> None:
    # 4.1: under lowest-collects-difference a revoke scores B +30, the others 0; A, C and D, tied
    # lowest at 0, divide the 30 B pays.
    result = settled(single(revoke_hand(ABCD, "D", "B")))
    (hand,) = result["hands"]
    assert hand["points"] == {"A": 0, "B": 30, "C": 0, "D": 0}
    assert hand["revoke"] == "B"
    assert payments(result) == [(10, -30, 10, 10)]
    assert (result["finished"], result["winners"]) == (True, ["A", "C", "D"])


def test_revoke_001_debits_the_whole_penalty_and_the_odd_chip_is_cut_for() -> None:
    # Profile 001 (QS 13): B is debited 26; 26 shared by three leaves 2 odd chips for the cut.
    hand = revoke_hand(ABCD, "D", "B") | {"events": [{"type": "revoke", "player": "B", "trick": 1},
                                                      {"type": "cut", "player": "D"}]}
    result = settled(single(hand, options={"profile": "001"}))
    assert result["hands"][0]["points"] == {"A": 0, "B": 26, "C": 0, "D": 0}
    assert payments(result) == [(8, -26, 8, 10)]
