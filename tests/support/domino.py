"""Domino Hearts records built for the tests."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.cards import cards


SPADES_HIGH = "AS KS QS JS TS 9S"


def two_handed(bob: str, stock_top: str, play: str) -> dict[str, Any]:
    """A two-player hand: Bob deals, Ann (eldest) holds the six top spades; the stock starts with
    ``stock_top`` and holds the other cards after it in pack order."""
    dealt = cards(SPADES_HIGH) + cards(bob) + cards(stock_top)
    rest = [c.code for c in make_ruleset("domino-hearts").layout(2).pack if c not in dealt]
    return {"game": "domino-hearts", "players": ["Ann", "Bob"], "dealer": "Bob",
            "deal": {"Ann": SPADES_HIGH, "Bob": bob}, "widow": stock_top.split() + rest, "play": play.split()}
