"""Tripoli's and Reversis' refusals whose sentences carry a phrase of their own as a place (why the betting is over,
what a Michigan lead must be, which bid or bet of a record, the hands shown at the poker, who the deal passes to):
each a record the command refuses, and a fragment of its English message that shows the place is there.

``tests/engine/test_refusal_languages.py`` words each in French, Dutch and German and fails on English left inside.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _example(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    return value


TRIPOLI = _example("tripoli-deal.json")
TRIPOLI_QUICK: dict[str, Any] = {
    "game": "tripoli", "players": ["A", "B", "C", "D"], "dealer": "D",
    "spare": {"action": "auction", "buyer": "B", "price": 3},
    "claims": {"AH": "A", "TH": "B", "KH": "C", "QH": "C", "KQ": "C"},
    "poker": {"betting": [["A", "check"], ["B", "bet", 2], ["C", "fold"], ["D", "call"], ["A", "raise", 3],
                          ["B", "call"], ["D", "fold"]], "winners": ["A"]},
    "michigan": {"out": "B", "left": {"A": 3, "C": 5, "D": 2}},
}
BIDDING = {**TRIPOLI_QUICK, "options": {"paying_suit": "bid"}}
BETS: list[list[Any]] = [["A", "check"], ["B", "bet", 2], ["C", "fold"], ["D", "call"], ["A", "raise", 3], ["B", "call"],
                         ["D", "fold"]]
REVERSIS = _example("reversis-hand.json")
REVERSIS_QUICK = _example("reversis-quick.json")
REVERSIS_SESSION = _example("reversis-session.json")
TRIPOLI_SESSION = _example("tripoli-session.json")

Change = Callable[[dict[str, Any]], Any]


def put(path: str, value: Any) -> Change:
    """Set a nested field of a record: put("poker.winners", ["B"])."""
    def change(record: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            record = record[key]
        record[last] = value
    return change


def _play(i: int, item: Any) -> Change:
    return lambda record: record["michigan"]["play"].__setitem__(i, item)


def _swap(player: str, old: str, new: str) -> Change:
    def change(record: dict[str, Any]) -> None:
        cards = record["deal"][player]
        cards[cards.index(old)] = new
    return change


def _changed(base: dict[str, Any], *changes: Change) -> dict[str, Any]:
    value = copy.deepcopy(base)
    for change in changes:
        change(value)
    return value


# (id, "hand" or "session", the record refused, a fragment of its English message: the place is there)
CASES: list[tuple[str, str, dict[str, Any], str]] = [
    # --- the betting: which action of the record, why it is over, what a player may not do
    ("bet-after-all-called", "hand", _changed(TRIPOLI, put("poker.betting", [*BETS, ["A", "check"]])),
     "betting action 8 (A check): the betting is already over (every player still in has called)"),
    ("bet-after-all-checked", "hand", _changed(TRIPOLI, put("poker.betting", [["A", "check"], ["B", "check"],
                                                                               ["C", "check"], ["D", "check"],
                                                                               ["A", "check"]])),
     "(everyone checked)"),
    ("bet-after-all-folded", "hand", _changed(TRIPOLI, put("poker.betting", [["A", "bet", 2], ["B", "fold"],
                                                                              ["C", "fold"], ["D", "fold"],
                                                                              ["A", "check"]])),
     "(everyone but A folded)"),
    ("fold-before-a-bet", "hand", _changed(TRIPOLI, put("poker.betting", [["A", "fold"]])),
     "A cannot fold before anyone has bet"),
    ("check-after-a-bet", "hand", _changed(TRIPOLI, put("poker.betting", [["A", "check"], ["B", "bet", 2],
                                                                           ["C", "check"]])),
     "C cannot check after B bet"),
    ("wrong-pot-winner", "hand", _changed(TRIPOLI, put("poker.winners", ["B"])), "(by the hands shown: "),
    ("pot-to-the-only-one-in", "hand", _changed(TRIPOLI_QUICK, put("poker.betting", [["A", "bet", 2], ["B", "fold"],
                                                                                      ["C", "fold"], ["D", "fold"]]),
                                                put("poker.winners", ["B"])), "(everyone else folded)"),
    ("poker-card-not-held", "hand", _changed(TRIPOLI, put("poker.hands.A", ["TH", "KD", "9C", "TC", "TD"])),
     "for the poker, but he holds"),
    # --- the paying suit's auction: which bid of the record
    ("bid-pass-out-of-turn", "hand", _changed(BIDDING, put("bid", {"bids": [["A", "pass"]]})), "bid 1 (A pass): "),
    ("bid-not-higher", "hand", _changed(BIDDING, put("bid", {"bids": [["D", 2], ["A", 2]]})), "bid 2 (A 2): "),
    # --- Michigan: what a lead must be, why the lead is another's, why the play is over
    ("lead-not-lowest", "hand", _changed(TRIPOLI, _play(0, ["A", "8D"])),
     "a lead is the lowest card of its suit, and he holds 1 lower card"),
    ("lead-suit-just-played", "hand", _changed(TRIPOLI, _play(13, ["A", "3C"])), "clubs were just played"),
    ("lead-out-of-turn", "hand", _changed(TRIPOLI, _play(13, ["C", "2H"])), "A stopped with 6\u2663"),
    ("play-after-going-out", "hand", _changed(TRIPOLI, lambda r: r["michigan"]["play"].append(["A", "KD"])),
     "B played his last card"),
    ("play-stops-early", "hand", _changed(TRIPOLI, lambda r: r["michigan"].__setitem__("play", r["michigan"]["play"][:20])),
     " must "),
    ("wrong-player-out", "hand", _changed(TRIPOLI, put("michigan.out", "A")), "but B went out"),
    ("colours-alternate", "hand", _changed(TRIPOLI, put("options", {"colour_leads": "alternate"})),
     "he must lead his lowest black card"),
    ("declared-lead-disproved", "hand", _changed(TRIPOLI_QUICK, put("michigan.play", [["A", "9D"], ["A", "2C"],
                                                                                        ["A", "4D"]])),
     "a lead is the lowest card of its suit and he held"),
    ("declared-sizes", "hand", _changed(TRIPOLI_QUICK, put("michigan.play", [["A", "2S"], ["B", "3S"]])), "11 or 10"),
    ("declared-two-out", "hand", _changed(TRIPOLI_QUICK, put("michigan.left", {"A": 0, "C": 5, "D": 2})),
     "the record says B went out"),
    # --- the deal
    ("card-dealt-twice", "hand", _changed(TRIPOLI, lambda r: r["deal"]["C"].append("4S")), "to A and to C"),
    ("wrong-hand-sizes", "hand", _changed(TRIPOLI, lambda r: r["deal"]["C"].append(r["deal"]["D"].pop())), ", spare "),
    ("reversis-dealer-dealt-11", "hand", _changed(REVERSIS, put("deal.Ann", REVERSIS["deal"]["Ann"][:11])),
     "the dealer, who holds 12"),
    ("reversis-player-dealt-10", "hand", _changed(REVERSIS, put("deal.Bob", REVERSIS["deal"]["Bob"][:10])),
     "every player but the dealer holds 11"),
    ("reversis-ten-dealt", "hand", _changed(REVERSIS, _swap("Dan", "9H", "TH")), "is dealt, but it is not in the"),
    ("reversis-ten-in-the-talon", "hand", _changed(REVERSIS_QUICK, put("talon", ["TS", *REVERSIS_QUICK["talon"][1:]])),
     "is in the talon, but it is not in the"),
    # --- a session: who deals next, the hands it reads
    ("reversis-wrong-dealer", "session", _changed(REVERSIS_SESSION, lambda s: s["hands"][1].__setitem__("dealer", "A")),
     "passes to"),
    ("reversis-table-stakes", "session", {**REVERSIS_SESSION, "table_stakes": 1}, "has 1 fish left"),
    ("tripoli-table-stakes", "session", {**TRIPOLI_SESSION, "table_stakes": 1}, "for his antes"),
    ("reversis-hands-not-a-list", "session", _changed(REVERSIS_SESSION, put("hands", 3)), "Reversis records"),
    ("tripoli-hands-not-a-list", "session", _changed(TRIPOLI_SESSION, put("hands", 3)), "Tripoli records"),
]
