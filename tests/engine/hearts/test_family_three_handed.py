"""Three-Handed Hearts (catalogue 2.15, 3.6, 3.10, AMB-21): the three deals, the ordinary game's play,
and its settlements: howell (default), sweepstakes, three-handed-excess.

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
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABC = ["Ann", "Bob", "Cat"]


@pytest.mark.parametrize(("deal", "size", "widow", "out"),
                         [("strip-2s", 17, 0, "2S"), ("chart-004", 16, 4, None), ("equal-widow", 17, 1, None)])
def test_the_three_deals(deal: str, size: int, widow: int, out: str | None) -> None:
    ruleset = make_ruleset("three-handed-hearts", {"deal": deal})
    layout = ruleset.layout(3)
    assert (layout.hand_size, layout.widow_size, layout.hearts) == (size, widow, 13)
    assert out is None or card(out) not in layout.pack
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.moon) == ("none", "eldest-any", "none", None)
    assert (ruleset.min_players, ruleset.max_players, ruleset.settlement) == (3, 3, "howell")


def test_the_example_hand() -> None:
    outcome = replay(records.loads((EXAMPLES / "three-handed-hearts-hand.json").read_text(encoding="utf-8")))
    assert outcome.points_by_player() == {"Ann": 3, "Bob": 1, "Cat": 9}
    assert outcome.tricks is not None and len(outcome.tricks) == 17


def session(units: list[tuple[int, int, int]], settlement: str) -> dict[str, Any]:
    hands = [{"taken": {p: {"hearts": u} for p, u in zip(ABC, hand)}} for hand in units]
    return {"game": "three-handed-hearts", "players": ABC, "first_dealer": "Cat", "settlement": settlement,
            "hands": hands}


# Catalogue 3.6 (Howell, 3 players: u = 7, 4, 2 pays 14, 8, 4 and takes back 6, 9, 11) and 3.10 (excess).
@pytest.mark.parametrize(
    ("settlement", "units", "payments"),
    [
        ("howell", (7, 4, 2), (-8, 1, 7)),
        ("three-handed-excess", (7, 4, 2), (-8, 3, 5)),  # the high pays 3 and 5
        ("three-handed-excess", (5, 5, 3), (-2, -2, 4)),  # two equal highest each pay the low man (AMB-21)
        ("three-handed-excess", (9, 2, 2), (-14, 7, 7)),
        ("sweepstakes", (7, 6, 0), (-7, -6, 13)),
    ],
)
def test_catalogue_examples(settlement: str, units: tuple[int, int, int], payments: tuple[int, ...]) -> None:
    settled = settle(session_from_json(session([units], settlement)))
    assert settled.hands[0].payments == payments and settled.pool == 0


def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(EXAMPLES / "three-handed-hearts-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "howell"
    assert out["balance"] == {"Ann": -24, "Bob": 6, "Cat": 18}
    assert "paid 14 into the pot, took back 6, net -8" in out["hands"][0]["notes"]["Ann"]


def test_settlements_that_fit() -> None:
    for settlement in ("cumulative", "two-handed-difference"):
        with pytest.raises(ScorekeeperError) as info:
            settle(session_from_json(session([(7, 4, 2)], settlement)))
        assert info.value.code == "unknown-option"
