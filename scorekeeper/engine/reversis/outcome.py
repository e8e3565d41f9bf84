"""What a replayed Reversis hand settles (catalogue 6.5-6.9): an immutable value, and its JSON.

``ReversisOutcome`` lists every payment in order (who pays whom how many fish and why,
pool moves included), each player's net, the pools before and after, and the results
behind them: tricks and card points, the Reversis, the Espagnolette, the Party, the
claims. Seats are indices into ``players``; the JSON names players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..tricks import Trick
from ..seating import Seating
from .facts import HandFacts
from .finish import EndOfHand
from .ledger import Account, Payment
from .pools import Pools
from .record import ReversisRecord
from .rules import ReversisRules


@dataclass(frozen=True)
class ReversisOutcome:
    """A checked, settled hand: what ``replay`` returns and ``reversis-fish`` folds."""

    record: ReversisRecord
    rules: ReversisRules
    seating: Seating
    dealer: int
    pools_before: Pools  # carried in (before any stake or ante of this hand)
    pools: Pools  # after the hand
    payments: tuple[Payment, ...]  # every move of fish, in order
    net: tuple[int, ...]  # fish each player gains (+) or pays (-) on the hand
    facts: HandFacts | None  # None for a misdeal
    end: EndOfHand | None
    party_amount: int | None = None
    leader: int | None = None  # who led trick 1 (records of the play)
    tricks: tuple[Trick, ...] | None = None  # records of the play
    held: tuple[tuple[Card, ...], ...] | None = None  # hands after the exchange (with the deal, or rebuilt)
    talon: tuple[Card, ...] | None = None  # when its cards are known
    void: str | None = None  # a misdeal's reason

    @property
    def players(self) -> tuple[str, ...]:
        return self.seating.players

    @property
    def hand(self) -> int | None:
        return self.record.hand

    @property
    def points(self) -> tuple[int, ...]:
        """Card points taken (6.8 step 1); zeros for a misdeal."""
        return self.facts.points if self.facts is not None else (0,) * self.seating.size

    def account(self, a: Account) -> str:
        """A player's name, or a pool's id (``pool``, ``S1`` ...)."""
        return self.players[a] if isinstance(a, int) else a


# --- JSON -------------------------------------------------------------------------------------------

def payment_json(outcome: ReversisOutcome, p: Payment) -> dict[str, Any]:
    return payment_to_json(outcome.players, p)


def payment_to_json(names: Sequence[str], p: Payment) -> dict[str, Any]:
    """One payment as the records contract writes it: players by name, pools by id."""
    def account(a: int | str) -> str:
        return names[a] if isinstance(a, int) else a

    out: dict[str, Any] = {"from": account(p.giver), "to": account(p.taker), "fish": p.fish, "why": p.why}
    if p.trick is not None:
        out["trick"] = p.trick
    if p.card is not None:
        out["card"] = p.card.code
    return out


def outcome_json(outcome: ReversisOutcome) -> dict[str, Any]:
    """The ``replay`` output of a legal Reversis hand (FORMAT.md)."""
    names = outcome.players
    out: dict[str, Any] = {"ok": True, "game": "reversis", "dealer": names[outcome.dealer]}
    if outcome.hand is not None:
        out["hand"] = outcome.hand
    if outcome.void is not None:
        out["void"] = outcome.void
    if outcome.leader is not None:
        out["leader"] = names[outcome.leader]
    if outcome.talon is not None:
        out["talon"] = [c.code for c in outcome.talon]
    if outcome.tricks is not None:
        out["tricks"] = [{"leader": names[t.leader], "cards": [c.code for c in t.cards], "winner": names[t.winner]}
                         for t in outcome.tricks]
    facts, end = outcome.facts, outcome.end
    if facts is not None:
        out["taken"] = {name: {"tricks": t, "points": p} for name, t, p in zip(names, facts.tricks, facts.points)}
        out["points"] = _per(names, facts.points)
        out["party_amount"] = outcome.party_amount
        r = facts.reversis
        out["reversis"] = None if r is None else {
            "player": names[r.seat], "made": r.made,
            **({"broken_by": names[r.breaker], "trick": r.trick} if r.breaker is not None else {}),
        }
        out["espagnolette"] = {
            "declared": [names[s] for s in facts.declared],
            "committed": [names[s] for s in facts.committed],
            "made": None if end is None or end.maker is None else names[end.maker],
            "failed": [] if end is None else [names[s] for s in end.failed],
        }
        out["revoke"] = None if facts.revoke is None else {"player": names[facts.revoke[0]], "trick": facts.revoke[1]}
    if end is not None:
        party = end.party
        out["party"] = None if party is None else {
            "winner": names[party.winner], "loser": names[party.loser], "amount": party.amount, "fish": party.fish,
            "espagnolette": party.espagnolette,
        }
        out["cancelled"] = end.cancelled
        out["hand_winner"] = None if end.hand_winner is None else names[end.hand_winner]
        out["claims"] = [{"player": names[c.seat], "card": c.card.code, "trick": c.trick, "status": c.status}
                         for c in end.claims]
    out["payments"] = [payment_json(outcome, p) for p in outcome.payments]
    out["net"] = _per(names, outcome.net)
    out["pools_before"] = outcome.pools_before.to_json(names)
    out["pools"] = outcome.pools.to_json(names)
    return out


def _per(names: Sequence[str], values: Sequence[int]) -> dict[str, int]:
    return {name: int(v) for name, v in zip(names, values)}
