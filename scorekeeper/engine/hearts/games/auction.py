"""Auction Hearts (catalogue 2.19): the penalty suit is bought each deal.

The play is plain Hearts (the widow to the first trick's winner, follow suit) with no passing and
no lead restrictions; what differs is the auction (``engine.auction``): the high bidder pays into
the pool, names the suit whose cards cost 1 each, and leads to trick 1 whatever his seat. The
ruleset of a deal is this game's ruleset with that suit (``Ruleset.named``); ``auction-pool``
settles it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..auction import AUCTION
from ...options import OptionSpec, Profile, profile_spec, yes_no
from ..ruleset import DEAL_RANGES, Ruleset
from .registry import GameDef, register
from .hearts import DEAL_WORDS, HEARTS

_PLAYERS = {"004": (3, 7), "002": (4, 6)}


def _auction_hearts(opts: Mapping[str, Any]) -> Ruleset:
    lo, hi = _PLAYERS[opts["profile"]]
    deal_lo, deal_hi = DEAL_RANGES[opts["deal"]]
    return Ruleset(
        game="auction-hearts", name="Auction Hearts", options=dict(opts), deal=opts["deal"],
        min_players=max(lo, deal_lo), max_players=min(hi, deal_hi),
        values={c: 1 for c in HEARTS},  # until a suit is named: hearts (Ruleset.named)
        moon=None, variant=AUCTION, settlement="auction-pool", settlements=("auction-pool",), target=None,
    )


AUCTION_WORDS = {  # 2.19: what the sheet says of the auction, in place of plain Hearts' lines
    "Penalty cards": "each card of the suit bought at the auction 1",
    "Auction": "one bid each from the left of the dealer, each above the last; the high bidder pays it into the pool "
               "and names the penalty suit (kept, free, while the pool is not won)",
    "First lead": "the player who named the suit leads any card",
}


_PROFILES = {
    "004": Profile("Auction Hearts, three to seven", "taking the whole suit bought costs nothing"),
    "002": Profile("Auction Hearts, four to six", "taking the whole suit bought is paid for like any other take",
                   {"all_taker_pays": True}),
}


register(GameDef(
    "auction-hearts", "Auction Hearts",
    {
        "profile": profile_spec(_PROFILES),
        "deal": OptionSpec("deal", "chart-004", ("chart-004", "equal-widow"),
                           "2.2.1: as standard Hearts (004's chart, the widow to the first trick's winner)",
                           "Dealing", "How many cards each, and what happens to the cards left over",
                           {d: DEAL_WORDS[d] for d in ("chart-004", "equal-widow")}),
        "all_taker_pays": yes_no("all_taker_pays", False,
                                 "2.19: a player who takes all 13 of the named suit pays for them (002) or not (004)",
                                 "Taking the whole suit pays", "A player who takes all 13 cards of the suit bought "
                                 "pays for them like anyone else"),
    },
    _auction_hearts,
    profiles=_PROFILES,
    summary="Bid for the right to name the penalty suit; the clear players win the pool.",
    words=lambda ruleset: AUCTION_WORDS,
))
