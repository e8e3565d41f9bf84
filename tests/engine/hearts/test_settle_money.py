"""Money: a session's ``stake`` turns chips or points into amounts; the fewest transfers settle them."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.settling import session, settled, units
from scorekeeper.engine.money import fewest_transfers, money_from_chips, money_from_points

THREE_HANDS = [units(0, 0, 6, 7), units(1, 2, 4, 6), units(0, 5, 4, 4)]  # catalogue 3.5: +32, -1, -14, -17


@pytest.mark.parametrize(
    ("stake", "money"),
    [
        ("0.05", {"A": "1.60", "B": "-0.05", "C": "-0.70", "D": "-0.85"}),
        (0.05, {"A": "1.60", "B": "-0.05", "C": "-0.70", "D": "-0.85"}),  # a JSON number, read exactly
        (2, {"A": "64", "B": "-2", "C": "-28", "D": "-34"}),
        ("0", {"A": "0", "B": "0", "C": "0", "D": "0"}),
    ],
)
def test_stake_per_chip(stake: Any, money: dict[str, str]) -> None:
    result = settled(session("hearts", THREE_HANDS, options={"profile": "003"}, settlement="sweepstakes", stake=stake))
    assert result["balance"] == {"A": 32, "B": -1, "C": -14, "D": -17}
    assert result["money"] == money
    assert sum(Decimal(v) for v in result["money"].values()) == 0


def test_stake_per_point_each_pair_settles_its_difference() -> None:
    # Hand X of catalogue 3.1 on its own: A 3, B 15, C 8, D 0 (26). Player i gets stake x (26 - 4 x his total).
    result = settled(session("black-lady", [units(3, 2, 8, 0, qs="B")], stake="0.10"))
    totals = result["totals"]
    assert totals == {"A": 3, "B": 15, "C": 8, "D": 0}
    assert result["money"] == {"A": "1.40", "B": "-3.40", "C": "-0.60", "D": "2.60"}
    for name, amount in result["money"].items():  # the same as settling every pair's difference
        pairwise = sum(totals[other] - totals[name] for other in totals)
        assert Decimal(amount) == Decimal("0.10") * pairwise
    transfers = result["transfers"]
    assert all(Decimal(t["amount"]) > 0 for t in transfers)
    assert settles(result["money"], transfers)


def test_no_stake_no_money() -> None:
    result = settled(session("hearts", THREE_HANDS, options={"profile": "003"}, settlement="sweepstakes"))
    assert "money" not in result and "transfers" not in result


def test_complex_hearts_has_no_money_value() -> None:
    result = settled(session("complex-hearts", [], stake="1"))
    assert "money" not in result


def test_money_functions() -> None:
    assert money_from_chips([3, -3], Decimal("0.5")) == [Decimal("1.5"), Decimal("-1.5")]
    assert money_from_points([10, 20, 30], Decimal(1)) == [Decimal(30), Decimal(0), Decimal(-30)]


# --- fewest transfers ----------------------------------------------------------------------

def settles(balances: dict[str, Any], transfers: Sequence[Any]) -> bool:
    """Applying the transfers brings every balance to zero."""
    left = {name: Decimal(v) for name, v in balances.items()}
    for t in transfers:
        payer, payee, amount = (t["from"], t["to"], t["amount"]) if isinstance(t, dict) else t
        left[payer] += Decimal(amount)
        left[payee] -= Decimal(amount)
    return all(v == 0 for v in left.values())


@lru_cache(maxsize=None)
def most_groups(amounts: tuple[int, ...]) -> int:
    """Brute force: the most zero-sum groups the non-zero amounts split into."""
    if not amounts:
        return 0
    first, rest = amounts[0], amounts[1:]
    best = 1
    for mask in range(1 << len(rest)):
        group = [rest[i] for i in range(len(rest)) if mask >> i & 1]
        if first + sum(group) == 0 and len(group) < len(rest):
            others = tuple(rest[i] for i in range(len(rest)) if not mask >> i & 1)
            best = max(best, 1 + most_groups(others))
    return best


@pytest.mark.parametrize(
    ("balances", "count"),
    [
        ({"A": 5, "B": -5, "C": 3, "D": -3}, 2),  # not 3
        ({"A": 5, "B": -3, "C": 3, "D": -5}, 2),
        ({"A": 4, "B": -1, "C": -1, "D": -2}, 3),
        ({"A": 0, "B": 0}, 0),
        ({"A": 7, "B": -7, "C": 0}, 1),
        # 9 players: +8/-8 and +5/-5 pair off, +7 +3 -6 -4 make a group of four: 1 + 1 + 3 = 5, not 7.
        ({"A": 8, "B": 7, "C": 5, "D": 3, "E": -6, "F": -4, "G": -5, "H": -8, "I": 0}, 5),
        # 9 players, no zero-sum subgroup: 8 transfers.
        ({"A": 1000, "B": 1, "C": -3, "D": -7, "E": -13, "F": -29, "G": -61, "H": -127, "I": -761}, 8),
    ],
)
def test_fewest_transfers(balances: dict[str, int], count: int) -> None:
    amounts = {name: Decimal(v) for name, v in balances.items()}
    transfers = fewest_transfers(amounts)
    assert len(transfers) == count
    assert settles(amounts, transfers)
    assert all(amount > 0 and payer != payee for payer, payee, amount in transfers)
    assert all(amounts[payer] < 0 < amounts[payee] for payer, payee, _ in transfers)
    nonzero = tuple(sorted(v for v in balances.values() if v))
    assert count == len(nonzero) - most_groups(nonzero)


def test_fewest_transfers_keeps_decimals_exact() -> None:
    transfers = fewest_transfers({"A": Decimal("0.35"), "B": Decimal("-0.10"), "C": Decimal("-0.25")})
    assert sorted(transfers) == [("B", "A", Decimal("0.10")), ("C", "A", Decimal("0.25"))]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=1, max_size=7))
def test_fewest_transfers_is_the_fewest(values: list[int]) -> None:
    amounts = [*values, -sum(values)]
    balances = {f"P{i}": Decimal(v) for i, v in enumerate(amounts)}
    transfers = fewest_transfers(balances)
    assert settles(balances, transfers)
    nonzero = tuple(sorted(v for v in amounts if v))
    assert len(transfers) == len(nonzero) - most_groups(nonzero)


@pytest.mark.parametrize(("stake", "money"), [(1e3, "32000.0"), ("1E+3", "32000"), ("0.0000001", "0.0000032")])
def test_money_is_never_written_with_an_exponent(stake: Any, money: str) -> None:
    result = settled(session("hearts", THREE_HANDS, options={"profile": "003"}, settlement="sweepstakes", stake=stake))
    assert result["money"]["A"] == money
    assert all("E" not in t["amount"] for t in result["transfers"])
