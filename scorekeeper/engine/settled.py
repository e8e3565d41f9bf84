"""What a settled session is, whatever its family: the one result every family's fold gives.

The Hearts core (``settlement.SessionFold``), Tripoli (``TripoliFold``) and Reversis
(``ReversisFold``) each settle in their own way, but they all end in a ``Settled``: the players,
every hand that counts with its place, points, payments and notes, what the table carries from
hand to hand (a pool, Tripoli's layout, Reversis' pools) as data, the totals, balance, winners,
closing and money. The settle output of the records contract is written from it by one function,
``settled_json``, for every family; the app, the printed sheets and the command read this type
or that JSON, never a family's own working values (docs/architecture.md#one-settlement-result).

Plain frozen values only. Where a sheet prints what happened in a hand beside the figures (who
took which card, the auction, a Reversis made), the hand carries it as data too: ``hauls`` and
``facts`` for the trick-taking core, ``replayed`` (the hand's replay output) for Reversis.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any, NamedTuple

from .points import Points, points_json

NOTHING: Mapping[str, Any] = MappingProxyType({})  # no state carried


class SettledHand(NamedTuple):
    """One hand that counts, settled: per player of the session unless it says otherwise.

    An immutable named tuple rather than a frozen dataclass: a session makes one per hand, every
    time it is settled, and a tuple is made four times faster."""

    position: int  # its place among the session's hands (hands that do not count yet included), from 1
    deal: int  # the deal's number (the core deals a misdeal again under the same number)
    dealer: str
    players: tuple[str, ...]  # who was dealt in: the session's players, or those still in (Conquimbert)
    points: tuple[Points, ...]  # the hand's points (Tripoli: its chips; Reversis: card points taken)
    payments: tuple[int, ...]  # chips won (+) or paid (-) in the hand
    pool: int  # chips left on the table after it (a pool, the layout, the pools)
    totals: tuple[Points, ...]  # the running totals after it (points, lives, or chips)
    notes: tuple[str, ...]  # the arithmetic in words, per player
    carried: Mapping[str, Any] = NOTHING  # what the table keeps, as the contract writes it: {"layout": ...}
    final: bool = False  # a final poker deal (Tripoli)
    moon: str | None = None  # who shot the moon
    moon_choice: str | None = None  # what he chose, where the moon rule lets him
    moon_wins: bool = False  # the moon wins the game at once (Spot Hearts on Black Lady)
    void: str | None = None  # a misdeal: why (the hand is dealt again)
    revoke: str | None = None  # whose established revoke scored the hand
    pot: int | None = None  # chips paid into a pot and shared back in the hand itself (Howell)
    hauls: tuple[Any, ...] = ()  # per player dealt in, what each took that can score (the core's own values)
    facts: Any = None  # the core's own values: trumps, Capot, the auction, the Joker... (the core; not made for the JSON alone)
    replayed: Mapping[str, Any] | None = None  # the hand's replay output, where a sheet prints from it (Reversis)


@dataclass(frozen=True)
class Closing:
    """What the table's stopping moved (leftover pools shared, a cut): chips and a sentence per player."""

    payments: tuple[int, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Settled:
    """A settled session, as far as its hands go."""

    settlement: str  # the settlement's id
    players: tuple[str, ...]
    hands: tuple[SettledHand, ...]
    totals: tuple[Points, ...]  # points, lives (``lives``) or chips
    balance: tuple[int, ...]  # chips won or lost
    pool: int  # chips left on the table
    finished: bool
    winners: tuple[str, ...]
    carried: Mapping[str, Any] = field(default_factory=lambda: NOTHING)  # the table's state left, as the contract writes it
    held: tuple[int, ...] | None = None  # chips each player holds, where the game starts them with some (Reversis)
    closing: Closing | None = None
    money: tuple[Decimal, ...] | None = None  # with a stake
    transfers: tuple[tuple[str, str, Decimal], ...] = ()  # who pays whom, in the fewest payments
    chips: bool = True  # a chip settlement (the balance decides), or points (the totals do)
    lives: bool = False  # the totals are lives left: a player with none is out
    jack: bool = False  # the pool is a jack, carried to the next hand (sweepstakes)


def settled_json(result: Settled) -> dict[str, Any]:
    """The settle output of the records contract (docs/command.md), for every family."""
    names = result.players

    def per(values: Sequence[Any], convert: Any = points_json) -> dict[str, Any]:
        return {name: convert(v) for name, v in zip(names, values)}

    hands = []
    for h in result.hands:
        entry: dict[str, Any] = {"points": per(h.points), "payments": per(h.payments, int), "pool": h.pool,
                                 **h.carried, "dealer": h.dealer, "totals": per(h.totals), "notes": per(h.notes, str)}
        if h.final:
            entry["final"] = True
        if h.moon is not None:
            entry["moon"] = h.moon
        if h.void is not None:
            entry["void"] = h.void
        if h.revoke is not None:
            entry["revoke"] = h.revoke
        hands.append(entry)
    out: dict[str, Any] = {"ok": True, "settlement": result.settlement, "hands": hands,
                           "totals": per(result.totals), "balance": per(result.balance, int)}
    if result.held is not None:
        out["chips"] = per(result.held, int)
    out["pool"] = result.pool
    out.update(result.carried)
    out["finished"] = result.finished
    out["winners"] = list(result.winners)
    if result.closing is not None:
        out["closing"] = {"payments": per(result.closing.payments, int), "notes": per(result.closing.notes, str)}
    if result.money is not None:
        out["money"] = per(result.money, amount)
        out["transfers"] = [{"from": a, "to": b, "amount": amount(x)} for a, b, x in result.transfers]
    return out


def amount(value: Decimal) -> str:
    """Money as a string with the stake's decimals (no binary-float rounding), never in exponent form."""
    return format(value, "f")


def running(payments: Sequence[Sequence[int]], size: int) -> list[tuple[int, ...]]:
    """The running chips after each hand, from each hand's payments."""
    out, now = [], (0,) * size
    for paid in payments:
        now = tuple(a + b for a, b in zip(now, paid))
        out.append(now)
    return out
