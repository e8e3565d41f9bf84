"""Games where tricks themselves score (catalogue 2.21-2.23): Polignac, Slobberhannes, Knaves.

No plain hearts here: only the game's cards score (``Ruleset.heart_unit`` false), with the
first trick, the last trick or every trick (``Ruleset.*trick_value``). The play is T-STD,
with trumps in Knaves. A game is a ``Ruleset`` value plus its few options, like the Hearts
core; the settlements are catalogue 3.14-3.16 (``settlement.family``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import card
from ...options import OptionSpec
from ..ruleset import DEAL_RANGES, Ruleset
from .registry import GameDef, register

JS, JH, JD, JC, QC = card("JS"), card("JH"), card("JD"), card("JC"), card("QC")


def _polignac(opts: Mapping[str, Any]) -> Ruleset:
    return Ruleset(
        game="polignac", name="Polignac", options=dict(opts), deal="piquet", min_players=4, max_players=6,
        values={JS: 2, JH: 1, JD: 1, JC: 1},  # 2.21: each jack 1, JS ("Polignac") 2
        moon=None, heart_unit=False, first_trick_value=1, last_trick_value=1,  # 7 a hand
        capot=10, capot_mode=opts["capot_mode"],  # 3.14: the declarer -10 and each other +10, or the reverse
        revoke_penalty=7,  # 4.1 HOUSE: every penalty of a hand; a Capot of the offender fails
        settlement="polignac-points", settlements=("polignac-points",), target=20,
    )


register(GameDef(
    "polignac", "Polignac",
    {"capot_mode": OptionSpec("capot_mode", "additive", ("additive", "replace"),
                              "AMB-28: Capot's 10 on top of the hand's points, or in place of the declarer's",
                              "Capot's points", "How Capot's 10 meet the points of the hand", {
                                  "additive": ("On top of the hand's points", "Capot's 10 are added to what "
                                                                              "the hand scores"),
                                  "replace": ("Instead of the declarer's points", "the declarer scores Capot's 10 "
                                                                                  "alone")})},
    _polignac, aliases=("four jacks", "four knaves", "quatre valets"),
    summary="Avoid the jacks (the jack of spades is worth 2) and the first and last tricks; or declare Capot.",
    words=lambda ruleset: {"Capot": f"declared before the first lead: taking all four jacks scores \u2212{ruleset.capot} "
                                    f"and +{ruleset.capot} to each other player; failing, the reverse"},
))


def _slobberhannes(opts: Mapping[str, Any]) -> Ruleset:
    return Ruleset(
        game="slobberhannes", name="Slobberhannes", options=dict(opts), deal="piquet", min_players=4, max_players=6,
        values={QC: 1}, moon=None, heart_unit=False, first_trick_value=1, last_trick_value=1,
        sweep_bonus=1,  # 2.22: one player taking all three scores 4
        revoke_penalty=4,  # 4.1 HOUSE
        settlement="slobberhannes-points", settlements=("slobberhannes-points",), target=10,
    )


register(GameDef(
    "slobberhannes", "Slobberhannes", {}, _slobberhannes,
    summary="Avoid the first trick, the last trick and the queen of clubs.",
))


def _knaves(opts: Mapping[str, Any]) -> Ruleset:
    lo, hi = DEAL_RANGES[opts["deal"]]
    return Ruleset(
        game="knaves", name="Knaves", options=dict(opts), deal=opts["deal"], min_players=max(3, lo),
        max_players=min(5, hi),
        values={JH: -4, JD: -3, JC: -2, JS: -1},  # 2.23: each trick +1, the jacks cost
        moon=None, heart_unit=False, trick_value=1, leftover="out", trumps=opts["trump"],
        revoke_penalty=-10,  # 4.1 HOUSE: all four jacks and no tricks
        settlement="knaves-points", settlements=("knaves-points",), target=20,
    )


register(GameDef(
    "knaves", "Knaves",
    {
        "deal": OptionSpec("deal", "leave-turnup", ("leave-turnup", "all-equal"),
                           "AMB-30 HOUSE: 51 // n cards each (a card left to turn up), or 52 // n",
                           "Dealing", "How many cards each", {
                               "leave-turnup": ("A card left to turn up", "as many each as leaves at least one card "
                                                                          "over, to turn up for trumps"),
                               "all-equal": ("As many as go evenly", "as many each as the pack gives evenly")}),
        "trump": OptionSpec("trump", "turn-up", ("turn-up", "fixed-per-deal", "none"),
                            "AMB-30 HOUSE: the top undealt card's suit, a suit the table names, or no trumps",
                            "Trumps", "How the trump suit is chosen", {
                                "turn-up": ("The card turned up", "the top card left over is turned up: its suit "
                                                                  "is trumps"),
                                "fixed-per-deal": ("Named each deal", "the table names the trump suit for each "
                                                                      "deal"),
                                "none": ("No trumps", "the highest card of the suit led wins")}),
    },
    _knaves,
    summary="Win tricks (+1 each) but not the jacks (hearts -4, diamonds -3, clubs -2, spades -1).",
))
