"""Builders shared by the settlement tests: sessions, hands, payments and refusals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import settle_json


ABCD = ["A", "B", "C", "D"]


CLUBS = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]


def session(game: str, hands: Sequence[Mapping[str, Any]], *, players: Sequence[str] = ABCD,
            first_dealer: str | None = None, options: Mapping[str, Any] | None = None,
            settlement: str | None = None, settlement_options: Mapping[str, Any] | None = None,
            stake: Any = None) -> dict[str, Any]:
    """A session record; the first dealer is the last player unless given (so the first player is eldest)."""
    value: dict[str, Any] = {
        "game": game, "options": dict(options or {}), "players": list(players),
        "first_dealer": first_dealer or players[-1], "hands": [dict(h) for h in hands],
    }
    if settlement is not None:
        value["settlement"] = settlement
    if settlement_options is not None:
        value["settlement_options"] = dict(settlement_options)
    if stake is not None:
        value["stake"] = stake
    return value


def units(*counts: int, players: Sequence[str] = ABCD, qs: str | None = None, cut: str | None = None,
          **fields: Any) -> dict[str, Any]:
    """A quick result: hearts taken per player (QS to ``qs``), optionally the winner of a cut."""
    taken: dict[str, Any] = {}
    for name, count in zip(players, counts, strict=True):
        taken[name] = {"hearts": count, "QS": 1} if name == qs else {"hearts": count}
    hand: dict[str, Any] = {"taken": taken, **fields}
    if cut is not None:
        hand["events"] = [*hand.get("events", []), {"type": "cut", "player": cut}]
    return hand


def misdeal(reason: str = "wrong-count") -> dict[str, Any]:
    """A void deal: the same dealer deals again."""
    return {"events": [{"type": "misdeal", "reason": reason}]}


def revoke_hand(players: Sequence[str], dealer: str, offender: str) -> dict[str, Any]:
    """A full record (no deal) in which ``offender`` revokes in trick 1, established.

    Eldest leads 2C and the others follow with rising clubs, except the offender, who
    discards 2D; the highest club leads trick 2 and everyone follows with clubs, the
    offender too: he held a club in trick 1. Play stops there (catalogue 4.1).
    """
    n = len(players)
    eldest = (players.index(dealer) + 1) % n
    order = [players[(eldest + i) % n] for i in range(n)]
    assert offender != order[0], "the offender must not lead trick 1"
    clubs = iter(CLUBS * 2)  # a double pack holds every card twice
    trick1 = [("2D" if p == offender else next(clubs)) for p in order]
    trick2 = [next(clubs) for _ in range(n)]
    return {"play": trick1 + trick2, "events": [{"type": "revoke", "player": offender, "trick": 1}]}


def settled(value: Mapping[str, Any]) -> dict[str, Any]:
    """The settle output of a session record."""
    return settle_json(value)


def refusal(value: Mapping[str, Any]) -> ScorekeeperError:
    """The error settling ``value`` raises (the test fails when it settles)."""
    with pytest.raises(ScorekeeperError) as info:
        settle_json(value)
    return info.value


def payments(result: Mapping[str, Any]) -> list[tuple[int, ...]]:
    """Each hand's payments, in seat order."""
    return [tuple(h["payments"].values()) for h in result["hands"]]


def pools(result: Mapping[str, Any]) -> list[int]:
    return [h["pool"] for h in result["hands"]]
