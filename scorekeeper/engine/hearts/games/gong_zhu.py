"""Gong Zhu (catalogue 2.30, from public rules pages): its options and its registry entry.

The rules themselves (values, exposures, the transformer, the first lead) are in ``engine/hearts/gong_zhu.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..gong_zhu import LEAD_CARDS, REVOKE, GongZhuVariant, card_values
from ...options import OptionSpec
from ..ruleset import Ruleset
from .registry import GameDef, register

OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in (
    OptionSpec("first_lead", "two-of-spades-any", ("two-of-spades-any", "two-of-spades", "seven-of-spades-any",
                                                   "two-of-clubs"),
               "2.30.1, AMB-51: who leads the first hand (later hands: whoever took the pig)", "First lead",
               "Who leads the first hand; every later hand is led by whoever took the pig", {
                   "two-of-spades-any": ("The two of spades' holder, any card", "whoever holds 2\u2660 leads "
                                                                               "the first hand, any card"),
                   "two-of-spades": ("The two of spades", "whoever holds 2\u2660 leads it to the first trick"),
                   "seven-of-spades-any": ("The seven of spades' holder, any card", "whoever holds 7\u2660 leads "
                                                                                   "the first hand, any card"),
                   "two-of-clubs": ("The two of clubs", "whoever holds 2\u2663 leads it (four players only)")}),
    OptionSpec("direction", "clockwise", ("clockwise", "counter-clockwise"), "2.30.1, AMB-52: the turn and the deal",
               "Direction of play", "Which way the turn and the deal go", {
                   "clockwise": ("To the left", "the turn and the deal pass to the left"),
                   "counter-clockwise": ("To the right", "the turn and the deal pass to the right, as in China")}),
    OptionSpec("break", "none", ("none", "lead-restricted"), "2.30.1, AMB-59: may hearts be led at any time",
               "Leading hearts", "Whether hearts may be led before one has been played", {
                   "none": ("Any time", "any card may be led at any time"),
                   "lead-restricted": ("Once broken", "hearts may not be led until a heart has been played, "
                                                      "unless the leader has only hearts")}),
    OptionSpec("heart_values", "graduated", ("graduated", "face"), "2.30.2, AMB-53: the hearts' values",
               "Hearts", "What each heart costs its taker", {
                   "graduated": ("By rank", "A \u221250, K \u221240, Q \u221230, J \u221220, 10 to 5 \u221210 each, "
                                            "4 3 2 nothing"),
                   "face": ("By their pips", "A \u221250, K \u221240, Q \u221230, J \u221220, then minus the pips, the 4 "
                                            "\u221210")}),
    OptionSpec("pig_value", -100, (-100, -200, "-100", "-200"), "2.30.2, AMB-54: the pig (Q\u2660)",
               "The pig", "What the queen of spades costs its taker", {
                   -100: ("\u2212100", "the pig costs 100"), -200: ("\u2212200", "the pig costs 200"),
                   "-100": ("\u2212100", "the pig costs 100"), "-200": ("\u2212200", "the pig costs 200")}),
    OptionSpec("all_red", "pagat", ("pagat", "sweep-pig", "swap"), "2.30.4, AMB-55: all thirteen hearts to one "
               "player", "All the hearts", "What changes for the player who takes all thirteen hearts", {
                   "pagat": ("The pig turns good", "the hearts +200 and the pig +100; the sheep stays +100"),
                   "sweep-pig": ("Only on a sweep", "the hearts +200; the pig turns good only with all sixteen "
                                                    "scoring cards"),
                   "swap": ("Pig and sheep change sides", "the hearts +200, the pig +100, the sheep \u2212100 "
                                                          "(unless all sixteen scoring cards)")}),
    OptionSpec("exposure", "on", ("on", "off"), "2.30.3, AMB-56: exposing A\u2665 Q\u2660 J\u2666 10\u2663",
               "Exposing cards", "Whether a player may show A\u2665, Q\u2660, J\u2666 or 10\u2663 before the first "
               "lead to double its effect", {
                   "on": ("Allowed", "an exposed card counts double for whoever takes it (10\u2663: four times)"),
                   "off": ("Not played", "nobody exposes cards")}),
    OptionSpec("partnerships", "off", ("off", "on"), "2.30.5, AMB-57: four players as two partnerships",
               "Partners", "Whether four play as two partnerships, partners opposite", {
                   "off": ("Each for himself", "every player keeps his own score"),
                   "on": ("Partners opposite", "first and third against second and fourth; the partnership's "
                                               "totals decide the end")}),
)}


def _words(ruleset: Ruleset) -> dict[str, str]:
    """Gong Zhu's lines of the rules in words: its scoring cards, exposures and first lead (2.30)."""
    opts = ruleset.options
    hearts = ("A\u2665 \u221250, K\u2665 \u221240, Q\u2665 \u221230, J\u2665 \u221220, 10\u2665 to 5\u2665 \u221210 each, "
              "4\u2665 3\u2665 2\u2665 nothing" if opts["heart_values"] == "graduated" else
              "A\u2665 \u221250, K\u2665 \u221240, Q\u2665 \u221230, J\u2665 \u221220, then minus the pips, 4\u2665 \u221210")
    red = OPTIONS["all_red"].value_line(opts["all_red"])
    lines = {
        "Penalty cards": f"{hearts}; the pig Q\u2660 \u2212{abs(int(opts['pig_value']))}, the sheep J\u2666 +100; "
                         f"all the hearts to one player: {red}; 10\u2663 doubles its taker's score (+50 alone)",
        "First lead": (OPTIONS["first_lead"].value_line(opts["first_lead"]) + "; every later hand, whoever took the "
                       "pig in the hand before, any card"),
    }
    if opts["exposure"] == "on":
        lines["Exposed cards"] = ("before the first lead A\u2665, Q\u2660, J\u2666 or 10\u2663 may be shown: it counts "
                                  "double (10\u2663 four times) and may not go to the first trick of its suit while "
                                  "its holder has another card of that suit")
    if opts["partnerships"] == "on":
        lines["Partners"] = "first and third against second and fourth; each scores his own cards, the partners' "
        lines["Partners"] += "scores add up"
    return lines


def _gong_zhu(opts: Mapping[str, Any]) -> Ruleset:
    lead_card, must = LEAD_CARDS.get(opts["first_lead"], (None, False))
    return Ruleset(
        game="gong-zhu", name="Gong Zhu", options=dict(opts), deal="gong-zhu",
        min_players=4, max_players=4 if opts["partnerships"] == "on" else 5,
        first_lead="two-of-clubs" if opts["first_lead"] == "two-of-clubs" else "eldest-any",
        break_rule=opts["break"], values=card_values(opts), moon=None, heart_unit=False, leftover="out",
        clockwise=opts["direction"] == "clockwise", revoke_penalty=REVOKE, settlement="gong-zhu-points",
        settlements=("gong-zhu-points",), target=None, variant=GongZhuVariant(lead_card, must),
    )


register(GameDef(
    "gong-zhu", "Gong Zhu", OPTIONS, _gong_zhu, aliases=("chase the pig", "chinese hearts", "gongzhu"), words=_words,
    summary="Chinese Hearts: the pig \u2212100, the sheep +100, the transformer doubles; play to \u22121000.",
))
