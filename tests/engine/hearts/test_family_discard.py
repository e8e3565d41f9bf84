"""Discard Hearts (catalogue 2.18, "Black Jack" or "Black Lady" in 002, AMB-45): the ordinary game of 002
with a compulsory pass of three cards to the left, and QS worth 13 hearts (or JS worth 10); settled on
heart-units by sweepstakes (default), howell or pot.

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
from scorekeeper.engine.cards import card
from scorekeeper.engine.errors import InconsistentRecord, ScorekeeperError, UnknownOption
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def example_hand() -> dict[str, Any]:
    return json.loads((EXAMPLES / "discard-hearts-hand.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_three_cards_are_always_passed_to_the_left(n: int) -> None:
    ruleset = make_ruleset("discard-hearts")
    assert ruleset.pass_count(n) == 3 and ruleset.pass_direction(2, n).value == "left"
    assert make_ruleset("black-lady").pass_count(n) == (2 if n >= 6 else 3)  # 003's rule elsewhere


def test_the_game() -> None:
    ruleset = make_ruleset("discard-hearts")
    assert (ruleset.first_lead, ruleset.break_rule, ruleset.moon, ruleset.settlement) == (
        "eldest-any", "none", None, "sweepstakes")
    assert ruleset.values[card("QS")] == 13 and card("JS") not in ruleset.values
    jack = make_ruleset("discard-hearts", {"black_card": "JS"})
    assert jack.values[card("JS")] == 10 and card("QS") not in jack.values
    for options in ({"pass": "none"}, {"moon": "black-lady-26"}):
        with pytest.raises(UnknownOption):
            make_ruleset("discard-hearts", options)


def test_the_example_hand() -> None:
    outcome = replay(records.from_json(example_hand()))
    assert outcome.points_by_player() == {"Ann": 14, "Bob": 7, "Cat": 0, "Dan": 5}  # 26 heart-units
    assert card("QS") in outcome.taken[0]  # Ann: 13 for QS and one heart
    assert all(len(p) == 3 for p in (outcome.record.passes or {}).values())
    broken = {**example_hand(), "passes": {**example_hand()["passes"], "Ann": ["5D", "AH"]}}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(broken))
    assert info.value.code == "pass" and "each player passes 3" in info.value.message


@pytest.mark.parametrize(
    ("black_card", "taken", "points"),
    [
        ("QS", {"Ann": {"hearts": 2, "QS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 5}, "Dan": {"hearts": 6}},
         (15, 0, 5, 6)),
        ("JS", {"Ann": {"hearts": 2, "JS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 5}, "Dan": {"hearts": 6}},
         (12, 0, 5, 6)),
        ("QS", {"Ann": ["QS", "2H", "3H"], "Bob": [], "Cat": {"hearts": 5}, "Dan": {"hearts": 6}}, (15, 0, 5, 6)),
    ],
)
def test_heart_units(black_card: str, taken: dict[str, Any], points: tuple[int, ...]) -> None:
    record = {"game": "discard-hearts", "options": {"black_card": black_card}, "players": ABCD, "dealer": "Dan",
              "taken": taken}
    assert replay(records.from_json(record)).points == points


# Catalogue 3.6's own example for this game: howell with QS (T = 26), u = 15, 0, 5, 6: nets 34, -26, -6, -2;
# and the same hand under pot and sweepstakes (3.4, 3.5).
@pytest.mark.parametrize(
    ("settlement", "payments", "pool"),
    [("howell", (-34, 26, 6, 2), 0), ("sweepstakes", (-15, 26, -5, -6), 0), ("pot", (-15, 26, -5, -6), 0)],
)
def test_catalogue_example_under_each_settlement(settlement: str, payments: tuple[int, ...], pool: int) -> None:
    taken = {"Ann": {"hearts": 2, "QS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 5}, "Dan": {"hearts": 6}}
    settled = settle(session_from_json({"game": "discard-hearts", "players": ABCD, "first_dealer": "Dan",
                                        "settlement": settlement, "hands": [{"taken": taken}]}))
    assert settled.hands[0].payments == payments and settled.pool == pool


def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/discard-hearts-session.json: Bob alone clear wins 26; then nobody is clear, a jack of 26;
    # then Ann and Bob are clear and share the 52.
    assert main(["settle", str(EXAMPLES / "discard-hearts-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [h["pool"] for h in out["hands"]] == [0, 26, 0]
    assert out["balance"] == {"Ann": 10, "Bob": 50, "Cat": -35, "Dan": -25}


def test_settlements_that_fit() -> None:
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json({"game": "discard-hearts", "players": ABCD, "first_dealer": "Dan",
                                  "settlement": "cumulative"}))
    assert info.value.code == "unknown-option"
