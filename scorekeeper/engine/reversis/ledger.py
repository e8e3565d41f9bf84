"""Every fish moved during one hand, in order (catalogue 1.5, 6.2, 6.5).

A ``Ledger`` is the one mutable thing of a replay: it starts from the pools carried in,
records each payment as a frozen ``Payment`` (who, to whom, how many fish, why, in which
trick, for which card), and at the end hands back the payments, each player's net and the
pools after, having checked that the fish are conserved.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .pools import CURRENT, Pools
from .rules import REFILL_DEALER, REFILL_OTHER

Account = int | str  # a seat, or a pool: "pool" (the current one), "S1", "S2" ... (supplemental)


@dataclass(frozen=True, slots=True)
class Payment:
    """One move of fish: ``giver`` pays ``taker`` ``fish`` for the reason ``why`` (FORMAT.md lists them)."""

    giver: Account
    taker: Account
    fish: int
    why: str
    trick: int | None = None
    card: Card | None = None


class Ledger:
    """The accounts of one hand: four players and the pools.

    >>> ledger = Ledger(4, Pools(25), dealer=0)
    >>> ledger.into_pool(1, 25, "quinola-doubles", 3)
    >>> ledger.win_pool(3, "quinola-takes-pool", 7)
    50
    >>> payments, net, pools = ledger.close()
    >>> net, pools.current
    ((-10, -30, -5, 45), 25)
    """

    def __init__(self, n: int, pools: Pools, dealer: int) -> None:
        self.n = n
        self.dealer = dealer
        self.start = pools
        self.current = pools.current
        self.supplements: list[tuple[str, int]] = list(pools.supplements)
        self.doubled: set[int] = set(pools.doubled)
        self.made = pools.made
        self.ante_in = False
        self.net = [0] * n
        self.payments: list[Payment] = []

    # --- moves -----------------------------------------------------------------------------------

    def pay(self, giver: int, taker: int, fish: int, why: str, trick: int | None = None, card: Card | None = None) -> None:
        """A player pays another (nobody pays himself; nothing is written for 0 fish)."""
        if fish <= 0 or giver == taker:
            return
        self.net[giver] -= fish
        self.net[taker] += fish
        self.payments.append(Payment(giver, taker, fish, why, trick, card))

    def into_pool(self, giver: int, fish: int, why: str, trick: int | None = None, card: Card | None = None) -> None:
        """A player pays into the current pool."""
        if fish <= 0:
            return
        self.net[giver] -= fish
        self.current += fish
        self.payments.append(Payment(giver, CURRENT, fish, why, trick, card))

    def into_new_supplement(self, giver: int, fish: int, why: str, trick: int | None = None,
                            card: Card | None = None) -> str:
        """A player starts a new supplemental pool at the end of the queue (Q1, 6.6 step 3)."""
        self.made += 1
        label = f"S{self.made}"
        self.supplements.append((label, fish))
        self.net[giver] -= fish
        self.payments.append(Payment(giver, label, fish, why, trick, card))
        return label

    def win_pool(self, taker: int, why: str, trick: int | None = None, card: Card | None = None) -> int:
        """A player takes the whole current pool; the pool is refilled at once (Q2). Returns the fish taken."""
        won = self.current
        self.current = 0
        self.net[taker] += won
        self.payments.append(Payment(CURRENT, taker, won, why, trick, card))
        self.doubled.clear()  # AMB-38d: doubling counts per current pool
        self.refill(trick)
        return won

    def refill(self, trick: int | None = None) -> None:
        """Q2: the oldest supplemental pool becomes current; with none, dealer 10 and each other 5."""
        if self.supplements:
            label, fish = self.supplements.pop(0)
            self.current += fish
            self.payments.append(Payment(label, CURRENT, fish, "supplement-becomes-pool", trick))
            return
        for seat in range(self.n):
            self.into_pool(seat, REFILL_DEALER if seat == self.dealer else REFILL_OTHER, "new-pool", trick)

    # --- the end ---------------------------------------------------------------------------------

    def close(self) -> tuple[tuple[Payment, ...], tuple[int, ...], Pools]:
        """The payments in order, each player's net, the pools after; asserts fish are conserved (1.5)."""
        after = Pools(self.current, tuple(self.supplements), frozenset(self.doubled), self.made, self.ante_in)
        if sum(self.net) + after.total - self.start.total != 0:  # pragma: no cover - a defect, not an input error
            raise AssertionError(f"fish not conserved: {self.net}, pools {self.start.total} -> {after.total}")
        return tuple(self.payments), tuple(self.net), after
