"""Catalogue 3.6 ``howell``: pay (n - 1) per unit into the pot, take back T - u; the pot ends empty.

``payments`` are what each player gains, so a net *paid* of n·u − T is a payment of T − n·u.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.settling import payments, pools, session, settled, units

NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]


def howell(players: int, hand: dict[str, Any], **options: Any) -> dict[str, Any]:
    return session("hearts", [hand], players=NAMES[:players], options={"profile": "003", **options},
                   settlement="howell")


@pytest.mark.parametrize(
    ("players", "counts", "expected", "options"),
    [
        # Source (003): 4 hearts in a four-handed game: pays 12, takes back 9, net paid 3.
        (4, (4, 3, 3, 3), (-3, 1, 1, 1), {}),
        # Own: u = 0, 2, 5, 6: pay in 0, 6, 15, 18; take back 13, 11, 8, 7; nets paid -13, -5, +7, +11.
        (4, (0, 2, 5, 6), (13, 5, -7, -11), {}),
        # Own: 3 players, u = 7, 4, 2: pay in 14, 8, 4; take back 6, 9, 11; nets paid +8, -1, -7.
        (3, (7, 4, 2), (-8, 1, 7), {}),
        # Own: double deck, 8 players (profile 003 from 7 players), T = 26: 5 hearts pays 35, takes back 21.
        (8, (5, 3, 3, 3, 3, 3, 3, 3), (-14, 2, 2, 2, 2, 2, 2, 2), {}),
    ],
    ids=["source-4-hearts", "own-4-players", "own-3-players", "own-double-deck"],
)
def test_examples(players: int, counts: tuple[int, ...], expected: tuple[int, ...], options: dict[str, Any]) -> None:
    result = settled(howell(players, units(*counts, players=NAMES[:players]), **options))
    assert payments(result) == [expected]
    assert pools(result) == [0] and result["pool"] == 0  # no ties, no remainders, no carry-over
    assert sum(expected) == 0
    n, total = players, sum(counts)
    assert expected == tuple(total - n * u for u in counts)  # every pair settles its difference


def test_the_notes_show_the_pot_arithmetic() -> None:
    result = settled(howell(4, units(4, 3, 3, 3)))
    assert result["hands"][0]["notes"]["A"] == "A took 4 hearts: paid 12 into the pot, took back 9, net -3"


def test_own_example_with_the_queen_of_spades() -> None:
    # Own example 4 (discard-hearts with QS, T = 26): u = 15 (QS + 2 hearts), 0, 5, 6 ->
    # nets paid 34, -26, -6, -2. Discard Hearts is not played yet; profile 001's QS game has the
    # same units (QS 13, T = 26).
    hand = units(2, 0, 5, 6, qs="A")
    result = settled(session("hearts", [hand], options={"profile": "001"}, settlement="howell"))
    assert result["hands"][0]["points"] == {"A": 15, "B": 0, "C": 5, "D": 6}
    assert payments(result) == [(-34, 26, 6, 2)]


def test_several_hands_accumulate() -> None:
    result = settled(session("hearts", [units(4, 3, 3, 3), units(0, 2, 5, 6)], options={"profile": "003"},
                             settlement="howell"))
    assert result["balance"] == {"A": 10, "B": 6, "C": -6, "D": -10}
    assert result["finished"] is False and result["winners"] == ["A"]
