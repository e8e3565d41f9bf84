"""Two-Handed Hearts (catalogue 2.14, 3.8, 3.9, AMB-22): 13 each and a stock of 26; after each trick the
winner draws the top card, then the loser; settled by two-handed-difference (default),
two-handed-first-six-free or cumulative (004: to 100).

Random legal play and injected illegal plays: ``test_family_common.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import IllegalPlay, InconsistentRecord
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def example_hand() -> dict[str, Any]:
    return json.loads((EXAMPLES / "two-handed-hearts-hand.json").read_text(encoding="utf-8"))


def test_the_deal_and_the_play() -> None:
    ruleset = make_ruleset("two-handed-hearts")
    layout = ruleset.layout(2)
    assert (layout.hand_size, layout.widow_size, ruleset.leftover) == (13, 26, "stock")
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.moon) == ("none", "eldest-any", "none", None)
    assert (ruleset.min_players, ruleset.max_players, ruleset.settlement) == (2, 2, "two-handed-difference")


def test_the_example_hand_draws_after_each_trick() -> None:
    record = records.from_json(example_hand())
    outcome = replay(record, snapshots=True)
    assert outcome.tricks is not None and len(outcome.tricks) == 26  # all 52 cards are played
    assert outcome.players[outcome.tricks[0].leader] == "Ann"  # Bob deals: Ann, the pone, leads
    stock = record.widow or ()
    for k in range(13):  # after trick k + 1 the winner holds the stock's next card, the loser the one after it
        after = next(s for s in outcome.snapshots if s.completed is not None and s.completed.number == k + 1)
        winner = after.completed.winner  # type: ignore[union-attr]
        assert stock[2 * k] in after.holdings[winner] and stock[2 * k + 1] in after.holdings[1 - winner]
        assert [len(h) for h in after.holdings] == [13, 13]
    assert [len(h) for h in outcome.snapshots[-1].holdings] == [0, 0]
    assert sum(outcome.points) == 13 and outcome.points_by_player() == {"Ann": 4, "Bob": 9}  # type: ignore[arg-type]


def test_the_stock_order_decides_what_is_held() -> None:
    broken = example_hand()
    broken["widow"] = broken["widow"][1:] + broken["widow"][:1]  # the same stock, drawn in another order
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(broken))
    assert info.value.code in ("not-in-hand", "revoke")


@pytest.mark.parametrize("drop", ["widow", "deal"])
def test_the_deal_and_the_stock_are_needed(drop: str) -> None:
    record = {k: v for k, v in example_hand().items() if k != drop}
    with pytest.raises(InconsistentRecord, match="from the deal and the stock") as info:
        replay(records.from_json(record))
    assert info.value.code == "deal"


# Catalogue 3.8 and 3.9's own example: (A, B) hands (4, 9), (8, 5), (6, 7).
@pytest.mark.parametrize(
    ("settlement", "payments", "balance"),
    [
        ("two-handed-difference", [(5, -5), (-3, 3), (1, -1)], (3, -3)),  # B pays A 3 at the end of the sitting
        ("two-handed-first-six-free", [(3, -3), (-2, 2), (1, -1)], (2, -2)),
    ],
)
def test_catalogue_examples(settlement: str, payments: list[tuple[int, int]], balance: tuple[int, int]) -> None:
    session = json.loads((EXAMPLES / "two-handed-hearts-session.json").read_text(encoding="utf-8"))
    session["settlement"] = settlement
    settled = settle(session_from_json(session))
    assert [h.payments for h in settled.hands] == payments and settled.balance == balance


def test_a_13_to_0_hand_costs_7_with_the_first_six_free() -> None:
    session = {"game": "two-handed-hearts", "players": ["Ann", "Bob"], "first_dealer": "Bob",
               "settlement": "two-handed-first-six-free",
               "hands": [{"taken": {"Ann": {"hearts": 13}, "Bob": {"hearts": 0}}}]}
    assert settle(session_from_json(session)).balance == (-7, 7)


def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(EXAMPLES / "two-handed-hearts-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "two-handed-difference" and out["balance"] == {"Ann": 3, "Bob": -3}
    assert [h["dealer"] for h in out["hands"]] == ["Bob", "Ann", "Bob"]  # the deal alternates


def test_cumulative_to_100_the_lower_total_wins() -> None:  # 004, AMB-22
    hands = [{"taken": {"Ann": {"hearts": 13}, "Bob": {"hearts": 0}}}] * 7 + [
        {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 13}}}]
    session = {"game": "two-handed-hearts", "players": ["Ann", "Bob"], "first_dealer": "Bob",
               "settlement": "cumulative", "hands": hands}
    settled = settle(session_from_json(session))
    assert settled.totals == (91, 13) and not settled.finished
    session["hands"] = hands + [{"taken": {"Ann": {"hearts": 9}, "Bob": {"hearts": 4}}}]
    settled = settle(session_from_json(session))
    assert settled.totals == (100, 17) and settled.finished and settled.winners == (1,)
