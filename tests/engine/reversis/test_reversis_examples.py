"""Catalogue 6.11, every worked example of Reversis, as tables of cases (seats A B C D clockwise; opposites
A-C and B-D; play goes counter-clockwise A -> D -> C -> B).

Hands are quick results (what the table writes down): only the example's events matter, so
the other cards stay in the talon where they can (the four aces: 16 card points, a Party of 20).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.cards import card
from scorekeeper.engine.reversis import from_json, replay, settle_json
from scorekeeper.engine.reversis.facts import PayingPlay
from scorekeeper.engine.reversis.inplay import pay_in_play
from scorekeeper.engine.reversis.ledger import Ledger
from scorekeeper.engine.reversis.outcome import ReversisOutcome
from scorekeeper.engine.reversis.party import party_loser, party_winner
from scorekeeper.engine.reversis.pools import Pools
from scorekeeper.engine.reversis.table import reversis_seating

ROOT = Path(__file__).resolve().parents[3]
ABCD = reversis_seating("ABCD")
A, B, C, D = range(4)
NO_ACES: dict[str, Any] = {"AS": None, "AH": None, "AD": None, "AC": None}
Taken = dict[str, tuple[int, int]]  # per player: tricks, card points
Expected = dict[str, list[tuple[str, str, int]]]  # per reason: the (from, to, fish) made, in order


def quick(dealer: str, taken: Taken, cards: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "reversis", "players": list("ABCD"), "dealer": dealer,
            "taken": {p: {"tricks": t, "points": pts} for p, (t, pts) in taken.items()},
            "quinola_aces": cards, **extra}


def moves(outcome: ReversisOutcome, *whys: str) -> list[tuple[str, str, int]]:
    """(from, to, fish) of the payments with these reasons, in order."""
    return [(outcome.account(p.giver), outcome.account(p.taker), p.fish) for p in outcome.payments if p.why in whys]


# --- E1: a discarded ace, doubling -----------------------------------------------------------------

@pytest.mark.parametrize(("trick", "fish"), [(4, 4), (10, 8)], ids=["trick-4-opposite", "trick-10-quadruple"])
def test_e1_discarded_ace(trick: int, fish: int) -> None:
    # Dealer A, D leads 5S, C 3S, B discards AD (void), A 2S: D wins and pays B 2 x m.
    ledger = Ledger(4, Pools(25), dealer=A)
    pay_in_play(ledger, ABCD, (PayingPlay(card("AD"), B, trick, "discarded", D, D),), None)
    assert [(p.giver, p.taker, p.fish, p.why) for p in ledger.payments] == [(D, B, fish, "ace-discarded")]


def test_e1_as_a_quick_result() -> None:
    cards = {"JH": None, "AS": None, "AH": None, "AC": None,
             "AD": {"player": "B", "trick": 4, "how": "discarded", "leader": "D", "winner": "D"}}
    outcome = replay(from_json(quick("A", {"A": (3, 6), "B": (2, 6), "C": (3, 6), "D": (3, 9)}, cards,
                                     talon="JH AS AH AC")))
    assert moves(outcome, "ace-discarded") == [("D", "B", 4)]


# --- E2: the pools over four hands ---------------------------------------------------------------------

E2_HANDS: list[tuple[str, list[tuple[str, str, int]], dict[str, Any]]] = [
    # dealer, the example's payments (reasons below), the pools after the hand
    ("A", [("B", "C", 10), ("A", "C", 10), ("D", "C", 5), ("B", "pool", 25)],
     {"current": 50, "supplements": [], "doubled": ["B"]}),
    ("D", [("D", "pool", 55), ("D", "B", 20), ("C", "B", 5), ("A", "B", 5)],
     {"current": 110, "supplements": [], "doubled": ["B", "D"]}),
    ("C", [("B", "A", 10), ("D", "A", 5), ("C", "A", 10), ("B", "S1", 115)],
     {"current": 115, "supplements": [{"id": "S1", "fish": 115}], "doubled": ["B", "D"]}),
    ("B", [("B", "D", 10), ("pool", "D", 120), ("S1", "pool", 115)],
     {"current": 115, "supplements": [], "made": 1}),
]
E2_WHYS = ("quinola-forced", "quinola-forced-others", "quinola-doubles", "quinola-supplement", "claim-quinola",
           "claim-quinola-others", "quinola-discarded", "quinola-takes-pool", "supplement-becomes-pool")


def e2_session() -> dict[str, Any]:
    value: dict[str, Any] = json.loads((ROOT / "examples" / "reversis-session.json").read_text(encoding="utf-8"))
    return value


def test_e2_pools_over_four_hands() -> None:
    out = settle_json(e2_session())
    assert [h["dealer"] for h in out["hands"]] == [dealer for dealer, _, _ in E2_HANDS]  # the deal passes right
    assert [h["pools"] for h in out["hands"]] == [pools for _, _, pools in E2_HANDS]
    # Into the pools 20 + 5 + 25 + 5 + 55 + 5 + 115 + 5 = 235; out 120; left 115.
    assert out["pool"] == 115 and sum(out["balance"].values()) == -115
    assert out["finished"] and out["winners"] == ["D"]


@pytest.mark.parametrize("number", range(1, 5))
def test_e2_payments_of_each_hand(number: int) -> None:
    session = e2_session()
    pools = None
    outcome = None
    for position, hand in enumerate(session["hands"][:number], 1):
        dealer = E2_HANDS[position - 1][0]
        outcome = replay(from_json(hand, {"game": "reversis", "players": session["players"], "dealer": dealer}), pools)
        pools = outcome.pools
    assert outcome is not None
    assert moves(outcome, *E2_WHYS) == E2_HANDS[number - 1][1]


def test_e2_hand_2_is_won_by_b_who_claims_the_led_quinola() -> None:
    session = e2_session()
    first = replay(from_json(session["hands"][0], {"game": "reversis", "players": list("ABCD"), "dealer": "A"}))
    second = replay(from_json(session["hands"][1], {"game": "reversis", "players": list("ABCD"), "dealer": "D"}), first.pools)
    assert second.end is not None and second.end.hand_winner == B
    assert [(c.card.code, c.status) for c in second.end.claims] == [("JH", "paid")]


# --- E3 and E4: the Party ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("points", "tricks", "winner", "loser"),
    [
        ((4, 17, 9, 5), (2, 4, 3, 2), A, B),  # E3
        ((10, 7, 11, 7), (2, 3, 3, 3), B, C),  # E4: B and D tie on points and tricks; B is closer clockwise from A
        ((11, 5, 8, 11), (3, 2, 3, 3), B, A),  # E4: A and D tie for most; counter-clockwise from the dealer, dealer first
    ],
    ids=["E3", "E4-fewest", "E4-most"],
)
def test_party_winner_and_loser(points: tuple[int, ...], tricks: tuple[int, ...], winner: int, loser: int) -> None:
    assert party_winner(ABCD, A, points, tricks) == winner
    assert party_loser(ABCD, A, points, tricks) == loser


E3_CARDS: dict[str, Any] = {
    "JH": {"player": "C", "trick": 5, "how": "led", "winner": "C"},
    "AS": {"player": "A", "trick": 1, "how": "followed", "leader": "D", "winner": "A"},
    "AH": {"player": "B", "trick": 2, "how": "led", "winner": "B"},
    "AD": {"player": "B", "trick": 3, "how": "led", "winner": "B"},
    "AC": {"player": "B", "trick": 4, "how": "led", "winner": "B"},
}


@pytest.mark.parametrize(
    ("taken", "loser", "fish"),
    [
        ({"A": (2, 4), "B": (4, 17), "C": (3, 9), "D": (2, 5)}, "B", 9),  # B pays A 9 (not opposite)
        ({"A": (2, 4), "B": (4, 12), "C": (3, 14), "D": (2, 5)}, "C", 18),  # had C been the loser: 9 x 2
    ],
    ids=["loser-B", "loser-C-opposite"],
)
def test_e3_party_amount_from_the_talon(taken: Taken, loser: str, fish: int) -> None:
    # Talon KC 7D QS 4H: 3 + 0 + 2 + 0 = 5 card points, Party amount 5 + 4 = 9.
    outcome = replay(from_json(quick("A", taken, E3_CARDS, talon="KC 7D QS 4H")))
    assert outcome.party_amount == 9
    assert moves(outcome, "party") == [(loser, "A", fish)]


# --- E5: Reversis made ---------------------------------------------------------------------------------

D_ALL: Taken = {"A": (0, 0), "B": (0, 0), "C": (0, 0), "D": (11, 24)}

E5_CASES: list[tuple[str, dict[str, Any], Taken, dict[str, Any], Expected, int]] = [
    (
        "plain",
        {"JH": None, "AS": None, "AH": None, "AD": None,
         "AC": {"player": "D", "trick": 1, "how": "led", "winner": "D"}},
        {**D_ALL, "D": (11, 27)}, {"talon": "JH AS AH AD"},
        {"reversis": [("C", "D", 16), ("B", "D", 32), ("A", "D", 16)], "reversis-pool": []},
        25,
    ),
    (
        "quinola-led-in-trick-5",
        {"JH": {"player": "D", "trick": 5, "how": "led", "winner": "D"}, **NO_ACES},
        D_ALL, {"talon": "AS AH AD AC"},
        {"quinola-doubles": [("D", "pool", 25)],
         "reversis": [("C", "D", 16), ("B", "D", 32), ("A", "D", 16)],
         "reversis-pool": [("pool", "D", 50)],
         "new-pool": [("A", "pool", 10), ("B", "pool", 5), ("C", "pool", 5), ("D", "pool", 5)],
         "claim-quinola-others": [("C", "D", 5), ("B", "D", 10), ("A", "D", 5)]},
        25,
    ),
    (
        "espagnolette-pays-64",
        {"JH": None, **{ace: {"player": "B", "trick": i, "how": "discarded", "leader": "D", "winner": "D"}
                        for i, ace in enumerate(("AS", "AH", "AD", "AC"), 1)}},
        {**D_ALL, "D": (11, 36)}, {"talon": "JH KC 2S 3S", "events": [{"type": "espagnolette", "player": "B"}]},
        {"reversis-espagnolette": [("B", "D", 64)], "reversis": []},
        25,
    ),
]


@pytest.mark.parametrize(("name", "cards", "taken", "extra", "expected", "pool"), E5_CASES, ids=[c[0] for c in E5_CASES])
def test_e5_reversis_made(name: str, cards: dict[str, Any], taken: Taken, extra: dict[str, Any],
                          expected: Expected, pool: int) -> None:
    outcome = replay(from_json(quick("A", taken, cards, **extra)))
    for why, wanted in expected.items():
        assert moves(outcome, why) == wanted, why
    assert outcome.pools.current == pool
    assert outcome.end is not None and outcome.end.hand_winner == D and outcome.end.party is None
    assert sum(fish for _, _, fish in moves(outcome, "reversis", "reversis-espagnolette")) == 64


# --- E6: Reversis broken -------------------------------------------------------------------------------

BROKEN: dict[str, Any] = {"player": "D", "broken_by": "C", "trick": 10}

E6_CASES: list[tuple[str, dict[str, Any], Taken, dict[str, Any], Expected, dict[str, Any]]] = [
    (
        "c-wins-trick-10",
        {"JH": None, "AS": None, "AH": None, "AD": None,
         "AC": {"player": "D", "trick": 1, "how": "led", "winner": "D"}},
        {"A": (0, 0), "B": (0, 0), "C": (1, 3), "D": (10, 24)}, {"talon": "JH AS AH AD"},
        {"reversis-broken": [("D", "C", 64)], "reversis-broken-supplement": [], "claim-ace": [("D", "C", 1)]},
        {"current": 25, "supplements": []},
    ),
    (
        "quinola-played-by-d",
        {"JH": {"player": "D", "trick": 5, "how": "led", "winner": "D"}, **NO_ACES},
        {"A": (0, 0), "B": (0, 0), "C": (1, 3), "D": (10, 21)}, {"talon": "AS AH AD AC"},
        {"reversis-broken": [("D", "C", 64)], "reversis-broken-supplement": [("D", "S1", 50)],
         "claim-quinola": [("D", "C", 10)], "claim-quinola-others": [("B", "C", 5), ("A", "C", 10)]},
        {"current": 50, "supplements": [{"id": "S1", "fish": 50}], "doubled": ["D"]},
    ),
    (
        "broken-by-an-espagnolette",
        {"JH": None, **{ace: {"player": "C", "trick": i, "how": "discarded", "leader": "D", "winner": "D"}
                        for i, ace in enumerate(("AS", "AH", "AD", "AC"), 1)}},
        {"A": (0, 0), "B": (0, 0), "C": (1, 2), "D": (10, 34)},
        {"talon": "JH KC 2S 3S", "events": [{"type": "espagnolette", "player": "C"}]},
        {"reversis-broken": [], "espagnolette-return": [], "party": [],
         "ace-discarded": [("D", "C", 1), ("D", "C", 1), ("D", "C", 2), ("D", "C", 1)]},
        {"current": 25, "supplements": []},
    ),
    (
        # AMB-38j: the exchanges cancel, but D's pool obligation for the Quinola he played stands.
        "broken-by-an-espagnolette-after-d-led-the-quinola",
        {"JH": {"player": "D", "trick": 5, "how": "led", "winner": "D"},
         **{ace: {"player": "C", "trick": i, "how": "discarded", "leader": "D", "winner": "D"}
            for i, ace in enumerate(("AS", "AH", "AD", "AC"), 1)}},
        {"A": (0, 0), "B": (0, 0), "C": (1, 2), "D": (10, 35)},
        {"talon": "KC 2S 3S 4S", "events": [{"type": "espagnolette", "player": "C"}]},
        {"reversis-broken": [], "reversis-broken-supplement": [("D", "S1", 50)], "claim-quinola": []},
        {"current": 50, "supplements": [{"id": "S1", "fish": 50}], "doubled": ["D"]},
    ),
]


@pytest.mark.parametrize(("name", "cards", "taken", "extra", "expected", "pools"), E6_CASES, ids=[c[0] for c in E6_CASES])
def test_e6_reversis_broken(name: str, cards: dict[str, Any], taken: Taken, extra: dict[str, Any],
                            expected: Expected, pools: dict[str, Any]) -> None:
    outcome = replay(from_json(quick("A", taken, cards, reversis=BROKEN, **extra)))
    for why, wanted in expected.items():
        assert moves(outcome, why) == wanted, why
    assert outcome.pools.to_json(outcome.players) == pools
    assert outcome.end is not None
    cancelled = name.startswith("broken-by-an-espagnolette")
    assert outcome.end.cancelled is cancelled and outcome.end.hand_winner == (None if cancelled else C)
    if cancelled:  # no exchange between players at the end: every payment is a stake, an ante, in play or to a pool
        assert {p.why for p in outcome.payments} <= {"stake", "dealer", "ace-discarded", "quinola-doubles",
                                                     "reversis-broken-supplement"}


# --- E7: Espagnolette -----------------------------------------------------------------------------------

E7_CARDS: dict[str, Any] = {
    "JH": {"player": "D", "trick": 9, "how": "followed", "leader": "C", "winner": "C"},
    "AS": {"player": "B", "trick": 3, "how": "discarded", "leader": "A", "winner": "A"},
    "AH": {"player": "B", "trick": 5, "how": "discarded", "leader": "D", "winner": "D"},
    "AD": {"player": "B", "trick": 2, "how": "discarded", "leader": "C", "winner": "C"},
    "AC": {"player": "B", "trick": 7, "how": "discarded", "leader": "A", "winner": "A"},
}
DECLARED = {"talon": "KC 7D QS 4H", "events": [{"type": "espagnolette", "player": "B"}]}

E7_CASES: list[tuple[str, Taken, Expected]] = [
    (
        "made",  # B wins no trick: the Party winner; C (not opposite) pays him 9
        {"A": (3, 8), "B": (0, 0), "C": (5, 20), "D": (3, 7)},
        {"espagnolette": [("C", "B", 9)], "espagnolette-return": []},
    ),
    (
        "failed-party-winner-A",  # B forced to win trick 10: returns double, is the Party loser
        {"A": (3, 8), "B": (1, 0), "C": (4, 15), "D": (3, 12)},
        {"espagnolette-return": [("B", "A", 4), ("B", "D", 4), ("B", "C", 4)], "party": [("B", "A", 9)]},
    ),
    (
        "failed-party-winner-D-opposite",
        {"A": (3, 8), "B": (1, 0), "C": (4, 20), "D": (3, 7)},
        {"espagnolette-return": [("B", "A", 4), ("B", "D", 4), ("B", "C", 4)], "party": [("B", "D", 18)]},
    ),
]


@pytest.mark.parametrize(("name", "taken", "expected"), E7_CASES, ids=[c[0] for c in E7_CASES])
def test_e7_espagnolette(name: str, taken: Taken, expected: Expected) -> None:
    outcome = replay(from_json(quick("A", taken, E7_CARDS, **DECLARED)))
    # In play: C pays B 2 for AD (trick 2); D pays B 1 x 2 = 2 for AH (trick 5, opposite).
    assert ("C", "B", 2) in moves(outcome, "ace-discarded") and ("D", "B", 2) in moves(outcome, "ace-discarded")
    for why, wanted in expected.items():
        assert moves(outcome, why) == wanted, why
    assert outcome.end is not None
    assert (outcome.end.maker == B) is (name == "made")
    assert outcome.end.failed == (() if name == "made" else (B,))
