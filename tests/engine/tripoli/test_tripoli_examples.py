"""Catalogue 5.9's worked examples, replayed: the layout after each deal and each player's payments.

Deals 1 and 2 and the final poker are entered as quick results (what the table declares);
Deal 1 and the Rummoli run are also full records with every card (examples/tripoli-*.json),
found by the engine's own search to fit the catalogue's story, and must settle the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.tripoli import Layout, Space, from_json, replay, replay_final, settle_session
from scorekeeper.engine.tripoli.record import FinalPokerRecord, TripoliRecord

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
ABCD = ["A", "B", "C", "D"]
LAYOUT_ORDER = (Space.AH, Space.KH, Space.QH, Space.JH, Space.TH, Space.KQ, Space.SEQ, Space.KITTY, Space.POT)

DEAL_1: dict[str, Any] = {
    "game": "tripoli", "players": ABCD, "dealer": "D", "hand": 1,
    "spare": {"action": "auction", "buyer": "B", "price": 3},
    "claims": {"AH": "A", "TH": "B", "KH": "C", "QH": "C", "KQ": "C"},
    "poker": {"betting": [["A", "check"], ["B", "bet", 2], ["C", "fold"], ["D", "call"], ["A", "raise", 3],
                          ["B", "call"], ["D", "fold"]], "winners": ["A"]},
    "michigan": {"out": "B", "left": {"A": 3, "C": 5, "D": 2}},
}
DEAL_2: dict[str, Any] = {
    "game": "tripoli", "players": ABCD, "dealer": "A", "hand": 2,
    "spare": "swap",
    "claims": {"KH": "B", "QH": "D", "JH": "C", "TH": "A", "SEQ": ["B", "C", "D"]},
    "poker": {"betting": [["B", "bet", 1], ["C", "raise", 2], ["D", "call"], ["A", "fold"], ["B", "call"]],
              "winners": ["C", "D"]},
    "michigan": {"block": True, "left": {"A": 2, "B": 1, "C": 2, "D": 3}},
}
FINAL: dict[str, Any] = {
    "game": "tripoli", "players": ABCD, "dealer": "B", "hand": 3, "final": True,
    "poker": {"betting": [["C", "check"], ["D", "bet", 2], ["A", "fold"], ["B", "call"], ["C", "fold"]],
              "winners": ["D"]},
}


def layout(*chips: int) -> Layout:
    """A layout written as the catalogue's tables: AH KH QH JH TH KQ SEQ KITTY POT."""
    return Layout(tuple(chips))


def deal(value: dict[str, Any]) -> TripoliRecord:
    record = from_json(value)
    assert isinstance(record, TripoliRecord)
    return record


# --- the table of 5.9: each deal from the layout before, to the layout after and the payments ---------

CASES = [
    # (name, record, layout before, payments A B C D, layout after)
    ("deal-1", DEAL_1, layout(0, 0, 0, 0, 0, 0, 0, 0, 0), (3, 1, -2, -10), layout(0, 0, 0, 4, 0, 0, 4, 0, 0)),
    ("deal-2", DEAL_2, layout(0, 0, 0, 4, 0, 0, 4, 0, 0), (-7, -7, 2, -3), layout(4, 0, 0, 0, 0, 4, 2, 12, 1)),
]


@pytest.mark.parametrize(("name", "value", "before", "payments", "after"), CASES, ids=[c[0] for c in CASES])
def test_worked_example_deal(name: str, value: dict[str, Any], before: Layout, payments: tuple[int, ...], after: Layout) -> None:
    outcome = replay(deal(value), before)
    assert outcome.payments == payments
    assert outcome.layout == after
    assert sum(outcome.payments) + outcome.layout.total - before.total == 0


def test_deal_1_steps() -> None:
    outcome = replay(deal(DEAL_1))
    assert [(c.space.value, c.takers, c.share) for c in outcome.claims if c.takers] == [
        ("AH", (0,), 4), ("KH", (2,), 4), ("QH", (2,), 4), ("TH", (1,), 4), ("KQ", (2,), 4)]
    pot = outcome.pot
    assert pot is not None
    assert pot.contributions == (5, 5, 0, 2) and pot.showdown == (0, 1) and pot.winners == (0,) and pot.pot == 16
    m = outcome.michigan
    assert (m.end, m.out, m.kitty, m.left) == ("out", 1, 4, (3, 0, 5, 2))


def test_deal_2_steps() -> None:
    outcome = replay(deal(DEAL_2), layout(0, 0, 0, 4, 0, 0, 4, 0, 0))
    seq = next(c for c in outcome.claims if c.space is Space.SEQ)
    assert (seq.takers, seq.share, seq.left) == ((1, 2, 3), 2, 2)  # 8 / 3 = 2 each, 2 stay
    kq = next(c for c in outcome.claims if c.space is Space.KQ)
    assert (kq.takers, kq.left) == ((), 4)  # KH with B, QH with D: nobody has both
    pot = outcome.pot
    assert pot is not None
    assert (pot.pot, pot.winners, pot.share, pot.remainder) == (13, (2, 3), 6, 1)
    assert outcome.michigan.paid == (2, 1, 2, 3)


def test_final_poker_takes_the_whole_layout() -> None:
    record = from_json(FINAL)
    assert isinstance(record, FinalPokerRecord)
    outcome = replay_final(record, layout(4, 0, 0, 0, 0, 4, 2, 12, 1))
    assert outcome.stake == 23
    assert outcome.pot.pot == 27  # 23 + D's 2 + B's 2
    assert outcome.payments == (0, -2, 0, 25)
    assert outcome.layout.total == 0


def test_the_session_running_totals() -> None:
    hands = [{k: v for k, v in h.items() if k not in ("game", "players", "dealer")} for h in (DEAL_1, DEAL_2, FINAL)]
    result = settle_session({"game": "tripoli", "players": ABCD, "first_dealer": "D", "hands": hands})
    assert [d.layout.total for d in result.deals] == [8, 23, 0]
    assert [d.payments for d in result.deals] == [(3, 1, -2, -10), (-7, -7, 2, -3), (0, -2, 0, 25)]
    assert result.balance == (-4, -8, 0, 12)  # "Final: A -4, B -8, C 0, D +12 (sum 0)"
    assert result.finished and result.winners == (3,)


# --- the same stories with every card ---------------------------------------------------------------

def example(name: str) -> TripoliRecord:
    return deal(json.loads((EXAMPLES / f"tripoli-{name}.json").read_text(encoding="utf-8")))


def test_deal_1_with_every_card_settles_as_the_quick_result() -> None:
    full = replay(example("deal"))
    quick = replay(deal(DEAL_1))
    assert full.payments == quick.payments == (3, 1, -2, -10)
    assert full.layout == quick.layout
    assert full.dead is not None and "JH" in [c.code for c in full.dead]  # B's original hand, with JH, is dead


def test_rummoli_collects_in_play() -> None:
    outcome = replay(example("rummoli"))
    takers = {c.space.value: [outcome.players[s] for s in c.takers] for c in outcome.claims}
    assert takers == {"AH": ["D"], "KH": ["B"], "QH": ["B"], "JH": ["A"], "TH": ["C"], "KQ": ["B"], "SEQ": ["C"]}
    assert all(c.share == 4 for c in outcome.claims)
    cards = [(outcome.players[p.seat], p.card.code) for p in outcome.michigan.plays]
    assert cards[:6] == [("B", "9H"), ("C", "TH"), ("A", "JH"), ("B", "QH"), ("B", "KH"), ("D", "AH")]
    assert cards[6][0] == "D"  # the ace's player leads next
    i = cards.index(("A", "7C"))
    assert cards[i + 1:i + 4] == [("C", "8C"), ("C", "9C"), ("C", "TC")]


def test_rummoli_quick_result_and_a_stake_left_when_its_cards_were_not_played() -> None:
    quick = deal({"game": "rummoli", "players": ABCD, "dealer": "A",
                  "claims": {"AH": "D", "KH": "B", "QH": "B", "KQ": "B", "JH": "A", "TH": "C"},
                  "poker": {"bets": {"B": 1}, "winners": ["B"]}, "michigan": {"out": "A", "left": {"B": 2, "C": 1, "D": 4}}})
    outcome = replay(quick)
    assert outcome.layout == layout(0, 0, 0, 0, 0, 0, 4, 0, 0)  # "Had A gone out before the clubs run, SEQ would have stayed"
