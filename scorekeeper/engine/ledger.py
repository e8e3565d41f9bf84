"""What one hand settles, and the shared arithmetic of dividing chips (catalogue 1.5).

Chips are integers; every division states where its remainder goes. Chips are
conserved: the payments of a hand plus the change of the pool sum to zero, and
``check_conserved`` asserts it for every hand of every method.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InconsistentRecord, both, plural, Said, some
from .points import Points

REVOKE_CHIPS = 10  # 4.1 revoke-003-chips: what a reneger pays each other player (every method, every family game)


@dataclass(frozen=True)
class HandSettlement:
    """One hand's settlement: points as replay gives them, chips moved, the pool after, in words."""

    position: int  # 1-based place in the session
    points: tuple[Points, ...]
    payments: tuple[int, ...]  # chips each player gains (+) or pays (-)
    pool: int  # chips left in the pool (jack) after the hand
    totals: tuple[Points, ...]  # running scores after the hand
    notes: tuple[str, ...]  # per player: the arithmetic in words
    void: bool = False


def check_conserved(position: int, payments: Sequence[int], pool_before: int, pool_after: int) -> None:
    """Catalogue 1.5: the sum over all accounts never changes."""
    if sum(payments) + (pool_after - pool_before) != 0:  # pragma: no cover - a defect, not an input error
        raise AssertionError(f"hand {position}: chips not conserved ({list(payments)}, pool {pool_before}->{pool_after})")


def divide(amount: int, winners: Sequence[int], cut: int | None, names: Sequence[str],
           what: str | Said) -> dict[int, int]:
    """Share ``amount`` among ``winners``; the odd chips go to the winner of the cut.

    :raises InconsistentRecord: odd chips to give and no cut recorded (code ``cut``).
    """
    share, odd = divmod(amount, len(winners))
    shares = {seat: share for seat in winners}
    if odd:
        if cut is None or cut not in winners:
            tied = both([names[s] for s in winners])
            raise InconsistentRecord(
                Said("%(tied)s divide %(what)s and %(count)s odd chip is cut for: record who won the cut (an "
                     "event {\"type\": \"cut\", \"player\": ...})", tied=tied, what=what, count=odd) if odd == 1 else
                Said("%(tied)s divide %(what)s and %(count)s odd chips are cut for: record who won the cut (an "
                     "event {\"type\": \"cut\", \"player\": ...})", tied=tied, what=what, count=odd),
                code="cut",
            )
        shares[cut] += odd
    return shares


def units_word(total_is_hearts: bool, count: int) -> str:
    """'3 hearts' or '15 penalty points': how a player's units read at the table."""
    return plural(count, "heart") if total_is_hearts else plural(count, "penalty point")


def check_table_stakes(name: str, left: int, chips: int, what: str | Said, fish: bool = False) -> None:
    """Catalogue 1.5, ``table_stakes``: a player with ``left`` chips (Reversis' ``fish``) cannot pay ``chips`` for ``what``.

    :raises InconsistentRecord: code ``table-stakes``, naming him and what he could not pay.
    """
    if chips > left:
        held = Said("%(count)s fish", count=left) if fish else some(left, "chip")
        raise InconsistentRecord(Said("table stakes: %(player)s has %(held)s left and cannot pay %(chips)s for "
                                      "%(what)s", player=name, held=held, chips=chips, what=what),
                                 code="table-stakes", player=name)
