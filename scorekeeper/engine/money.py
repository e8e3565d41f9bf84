"""Money: a stake turns points or chips into amounts, and the fewest transfers settle them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from .gaussian import Gaussian
from .points import Points


def money_from_chips(balance: Sequence[int], stake: Decimal) -> list[Decimal]:
    """A chip balance times the stake per chip."""
    return [_no_negative_zero(b * stake) for b in balance]


def money_from_points(totals: Sequence[Points], stake: Decimal) -> list[Decimal] | None:
    """Penalty points: every pair settles its difference at the stake per point.

    Player i ends with stake x (sum of all totals - n x his total): zero-sum, and the
    lowest total receives the most. Complex Hearts (Gaussian totals) has no money value.
    """
    if any(isinstance(t, Gaussian) for t in totals):
        return None
    whole = [int(t) for t in totals]  # type: ignore[arg-type]
    n, total = len(whole), sum(whole)
    return [_no_negative_zero((total - n * t) * stake) for t in whole]


def _no_negative_zero(amount: Decimal) -> Decimal:
    """-3 x 0.00 is Decimal('-0.00'): nobody owes "-0"."""
    return amount.copy_abs() if amount.is_zero() else amount


def fewest_transfers(balances: Mapping[str, Decimal]) -> list[tuple[str, str, Decimal]]:
    """(payer, payee, amount) settling every balance in the fewest transfers.

    The fewest is the number of players owing or owed minus the most groups whose
    balances sum to zero; the groups are found exactly (players at a table are few).
    """
    people = sorted((name, amount) for name, amount in balances.items() if amount)
    size = len(people)
    sums = [Decimal(0)] * (1 << size)
    for mask in range(1, 1 << size):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + people[low][1]
    memo: dict[int, tuple[int, tuple[int, ...]]] = {}

    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        """Most zero-sum groups partitioning ``mask`` (which sums to zero), and the groups."""
        if not mask:
            return 0, ()
        if mask in memo:
            return memo[mask]
        low = mask & -mask
        result: tuple[int, tuple[int, ...]] = (1, (mask,))
        sub = (mask - 1) & mask
        while sub:
            if sub & low and not sums[sub]:
                count, groups = best(mask ^ sub)
                if count + 1 > result[0]:
                    result = (count + 1, (sub, *groups))
            sub = (sub - 1) & mask
        memo[mask] = result
        return result

    transfers: list[tuple[str, str, Decimal]] = []
    for group in best((1 << size) - 1)[1]:
        transfers.extend(_settle_group([people[i] for i in range(size) if group >> i & 1]))
    return transfers


def _settle_group(members: list[tuple[str, Decimal]]) -> list[tuple[str, str, Decimal]]:
    """Within a zero-sum group, the largest debtor pays the largest creditor, repeatedly."""
    debts = sorted(((-amount, name) for name, amount in members if amount < 0), reverse=True)
    credits = sorted(((amount, name) for name, amount in members if amount > 0), reverse=True)
    transfers = []
    while debts and credits:
        (owed, debtor), (due, creditor) = debts[0], credits[0]
        amount = min(owed, due)
        transfers.append((debtor, creditor, amount))
        debts[0], credits[0] = (owed - amount, debtor), (due - amount, creditor)
        if not debts[0][0]:
            debts.pop(0)
        if not credits[0][0]:
            credits.pop(0)
    return transfers
