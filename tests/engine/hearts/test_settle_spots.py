"""Catalogue 3.7 ``spot-differences`` (Spot Hearts, profile 002: hearts score their pips, A 14; 104 a hand)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.settling import payments, refusal, session, settled


def spots(taken: dict[str, str], cut: str | None = None) -> dict[str, Any]:
    hand: dict[str, Any] = {"taken": {name: cards.split() for name, cards in taken.items()}}
    if cut is not None:
        hand["events"] = [{"type": "cut", "player": cut}]
    return hand


@pytest.mark.parametrize(
    ("taken", "cut", "points", "expected"),
    [
        # Source (002): A 8, B 24, C 18, D 54: B pays A 16, C 10, D 46 -> A +72.
        ({"A": "8H", "B": "TH AH", "C": "5H KH", "D": "2H 3H 4H 6H 7H 9H JH QH"}, None,
         (8, 24, 18, 54), (72, -16, -10, -46)),
        # Source (002): A 8, B 8, C 32, D 56: C pays 24, D 48 -> 72, A and B 36 each.
        ({"A": "8H", "B": "2H 6H", "C": "5H KH AH", "D": "3H 4H 7H 9H TH JH QH"}, None,
         (8, 8, 32, 56), (36, 36, -24, -48)),
        # Own, 3 players: A 5 (2H + 3H), B 5 (5H), C 94: C pays 89 -> A 44, B 44, the odd 1 by cut.
        ({"A": "2H 3H", "B": "5H", "C": "4H 6H 7H 8H 9H TH JH QH KH AH"}, "A", (5, 5, 94), (45, 44, -89)),
        ({"A": "2H 3H", "B": "5H", "C": "4H 6H 7H 8H 9H TH JH QH KH AH"}, "B", (5, 5, 94), (44, 45, -89)),
        # Own, 4 players: A 0, B 0, C 0, D 104: D pays 104 -> 34 each, 2 odd chips to the cut's winner.
        ({"A": "", "B": "", "C": "", "D": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}, "B",
         (0, 0, 0, 104), (34, 36, 34, -104)),
    ],
    ids=["source-a", "source-b", "own-3-players-cut-A", "own-3-players-cut-B", "own-4-players"],
)
def test_examples(taken: dict[str, str], cut: str | None, points: tuple[int, ...], expected: tuple[int, ...]) -> None:
    players = list(taken)
    result = settled(session("spot-hearts", [spots(taken, cut)], players=players))
    assert result["settlement"] == "spot-differences"  # the profile-002 default
    (hand,) = result["hands"]
    assert tuple(hand["points"].values()) == points
    assert sum(points) == 104
    assert payments(result) == [expected]
    assert hand["pool"] == 0 and sum(expected) == 0


@pytest.mark.parametrize(
    "taken",
    [{"A": "2H 3H", "B": "5H", "C": "4H 6H 7H 8H 9H TH JH QH KH AH"},
     {"A": "", "B": "", "C": "", "D": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}],
)
def test_odd_units_without_a_cut_are_refused(taken: dict[str, str]) -> None:
    error = refusal(session("spot-hearts", [spots(taken)], players=list(taken)))
    assert (error.code, error.hand) == ("cut", 1)


def test_spot_totals_as_counts() -> None:
    hand = {"taken": {"A": {"spots": 8}, "B": {"spots": 24}, "C": {"spots": 18}, "D": {"spots": 54}}}
    result = settled(session("spot-hearts", [hand]))
    assert payments(result) == [(72, -16, -10, -46)]


def test_spot_differences_needs_spot_hearts() -> None:
    hand = {"taken": {"A": {"hearts": 0}, "B": {"hearts": 3}, "C": {"hearts": 4}, "D": {"hearts": 6}}}
    error = refusal(session("hearts", [hand], settlement="spot-differences"))
    assert (error.code, error.exit_status) == ("unknown-option", 2)
