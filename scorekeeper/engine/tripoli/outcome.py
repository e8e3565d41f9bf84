"""What a replayed Tripoli deal settles (catalogue 5.2-5.7): immutable values, and their JSON.

``TripoliOutcome`` holds every space's payout, the pot and its split, the Michigan end,
each chip transfer, the chips each player gains or pays, and the layout after the deal.
Seats are indices into ``players``; the JSON names players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Suit
from ..seating import Seating
from .layout import Layout, Space, Transfer
from .michigan import MichiganPlay
from .poker import PokerRank
from .record import BetAction, FinalPokerRecord, SpareAction, TripoliRecord
from .rules import TripoliRules


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """One pay-card space (AH KH QH JH TH KQ SEQ): who took it, what each got, what stays on it."""

    space: Space
    takers: tuple[int, ...]
    share: int  # chips each taker got
    left: int  # chips still on the space after the claim (all of them when nobody took it)


@dataclass(frozen=True, slots=True)
class BidResult:
    """The paying-suit auction (5.8): its winner (None: everyone passed), the chips he put on KITTY, the suit."""

    winner: int | None
    amount: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class PotResult:
    """Stage 2 (5.4): what each put in, who showed, who won, the split and what stays on POT."""

    contributions: tuple[int, ...]
    showdown: tuple[int, ...]  # seats whose hands were compared (empty: all but one folded, or not recorded)
    winners: tuple[int, ...]
    pot: int  # chips on POT when it was won: carried + antes + bets
    share: int  # chips each winner took
    remainder: int  # odd chips left on POT for the next deal (5.4 step 7)
    ranks: tuple[PokerRank | None, ...]  # by seat: the poker hand shown (None: not shown or not recorded)
    betting: tuple[BetAction, ...] = ()
    hands: tuple[tuple[Card, ...] | None, ...] = ()  # by seat: the five cards, when recorded


@dataclass(frozen=True, slots=True)
class MichiganResult:
    """Stage 3 (5.6): the first leader, every card, and how it ended."""

    leader: int
    plays: tuple[MichiganPlay, ...]  # empty when the record gives only the end
    end: str  # "out" or "block"
    out: int | None  # who went out
    left: tuple[int, ...]  # cards left in each hand
    kitty: int  # chips the player who went out took from KITTY
    paid: tuple[int, ...]  # chips each paid for his cards left: to the player out, or into KITTY on a block


@dataclass(frozen=True)
class TripoliOutcome:
    """A checked, settled deal: what ``replay`` returns and the layout settlement folds."""

    record: TripoliRecord
    rules: TripoliRules
    seating: Seating
    dealer: int
    carried: Layout  # before the antes
    layout: Layout  # after the deal
    payments: tuple[int, ...]  # chips each player gains (+) or pays (-) on the deal
    transfers: tuple[Transfer, ...]
    spare: SpareAction
    paying_suit: Suit
    sequence: str
    claims: tuple[ClaimResult, ...]
    michigan: MichiganResult | None  # None for a misdeal
    bid: BidResult | None = None
    pot: PotResult | None = None  # None in Cosmo
    held: tuple[tuple[Card, ...], ...] | None = None  # by seat, after the spare business (with the deal)
    dead: tuple[Card, ...] | None = None
    antes_in: bool = False  # the antes were on the layout already (the redeal of a misdeal)
    void: str | None = None  # a misdeal's reason: the deal is void, its antes stay (4.2, AMB-49)

    @property
    def players(self) -> tuple[str, ...]:
        return self.seating.players

    @property
    def hand(self) -> int | None:
        return self.record.hand


@dataclass(frozen=True)
class FinalOutcome:
    """One final poker deal (5.7): the chips played for, the pot, and the layout after."""

    record: FinalPokerRecord
    rules: TripoliRules
    seating: Seating
    dealer: int
    carried: Layout
    layout: Layout
    stake: int  # chips of the layout played for
    payments: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    pot: PotResult
    cut: int | None = None  # who took a split's odd chips (final_tie "cut")

    @property
    def players(self) -> tuple[str, ...]:
        return self.seating.players

    @property
    def hand(self) -> int | None:
        return self.record.hand


# --- JSON -------------------------------------------------------------------------------------------

def outcome_json(outcome: TripoliOutcome | FinalOutcome) -> dict[str, Any]:
    """The ``replay`` output of a legal Tripoli deal (FORMAT.md)."""
    names = outcome.players
    if isinstance(outcome, FinalOutcome):
        return {
            "ok": True, "game": outcome.rules.game, "final": True, "dealer": names[outcome.dealer],
            "stake": outcome.stake, "poker": pot_json(names, outcome.pot),
            **({"cut": names[outcome.cut]} if outcome.cut is not None else {}),
            "payments": _per(names, outcome.payments), "layout": outcome.layout.to_json(),
            "transfers": [transfer_json(names, t) for t in outcome.transfers],
        }
    out: dict[str, Any] = {"ok": True, "game": outcome.rules.game, "dealer": names[outcome.dealer]}
    if outcome.hand is not None:
        out["hand"] = outcome.hand
    out["carried"] = outcome.carried.to_json()
    if outcome.antes_in:
        out["antes_in"] = True
    m = outcome.michigan
    if outcome.void is not None or m is None:
        out["void"] = outcome.void
        out["payments"] = _per(names, outcome.payments)
        out["layout"] = outcome.layout.to_json()
        out["transfers"] = [transfer_json(names, t) for t in outcome.transfers]
        return out
    out["spare"] = {"action": outcome.spare.action} | (
        {"buyer": outcome.spare.buyer, "price": outcome.spare.price} if outcome.spare.sold else {})
    if outcome.dead is not None:
        out["dead"] = [c.code for c in outcome.dead]
    if outcome.bid is not None:
        b = outcome.bid
        out["bid"] = {"winner": None if b.winner is None else names[b.winner], "amount": b.amount, "suit": b.suit.value}
    out["paying_suit"] = outcome.paying_suit.value
    out["sequence"] = outcome.sequence
    out["claims"] = {c.space.value: {"takers": [names[s] for s in c.takers], "share": c.share, "left": c.left}
                     for c in outcome.claims}
    if outcome.pot is not None:
        out["poker"] = pot_json(names, outcome.pot)
    out["michigan"] = {
        "leader": names[m.leader],
        "runs": _runs_json(names, m.plays),
        "end": m.end,
        "out": None if m.out is None else names[m.out],
        "left": _per(names, m.left),
        "kitty": m.kitty,
        "paid": _per(names, m.paid),
    }
    out["payments"] = _per(names, outcome.payments)
    out["layout"] = outcome.layout.to_json()
    out["transfers"] = [transfer_json(names, t) for t in outcome.transfers]
    return out


def pot_json(names: Sequence[str], pot: PotResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "bets": _per(names, pot.contributions),
        "showdown": [names[s] for s in pot.showdown],
        "winners": [names[s] for s in pot.winners],
        "pot": pot.pot, "share": pot.share, "remainder": pot.remainder,
    }
    shown = {names[s]: str(r) for s, r in enumerate(pot.ranks) if r is not None}
    if shown:
        out["hands"] = shown
    return out


def transfer_json(names: Sequence[str], t: Transfer) -> dict[str, Any]:
    def who(a: int | Space) -> str:
        return a.value if isinstance(a, Space) else names[a]

    return {"from": who(t.giver), "to": who(t.taker), "chips": t.chips, "step": t.step}


def _per(names: Sequence[str], values: Sequence[int]) -> dict[str, int]:
    return {name: int(v) for name, v in zip(names, values)}


def _runs_json(names: Sequence[str], plays: Sequence[MichiganPlay]) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = []
    for p in plays:
        if p.lead:
            runs.append({"leader": names[p.seat], "cards": []})
        runs[-1]["cards"].append([names[p.seat], p.card.code])
    return runs
