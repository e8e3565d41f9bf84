"""Hartenjagen and Three Player Hartenjagen (catalogue 2.25, 3.18): Hearts 004's play with hearts 1,
QS 5, JC 2 (AMB-36: 20 a hand); phase 1 adds to 100, phase 2 subtracts to 0; the phase-1 moon option.

Random legal play and injected illegal plays: ``test_family_common.py``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import card
from scorekeeper.engine.errors import ImpossibleResult, ScorekeeperError, UnknownOption
from scorekeeper.engine.hearts.settlement import family, session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def quick(taken: dict[str, Any], game: str = "hartenjagen", **fields: Any) -> tuple[int, ...]:
    players = list(taken)
    record = {"game": game, "players": players, "dealer": players[-1], "taken": taken, **fields}
    return tuple(replay(records.from_json(record)).points)  # type: ignore[arg-type]


def test_hearts_004_play_with_the_house_values() -> None:
    ruleset = make_ruleset("hartenjagen")
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.moon) == (
        "left-3", "eldest-no-heart", "lead-restricted", None)
    assert ruleset.values[card("QS")] == 5 and ruleset.values[card("JC")] == 2 and ruleset.values[card("2H")] == 1
    assert (ruleset.min_players, ruleset.max_players, ruleset.settlement) == (4, 4, "hartenjagen-two-phase")
    three = make_ruleset("hartenjagen-three")
    assert (three.min_players, three.max_players) == (3, 3) and three.warning and "AMB-36" in three.warning
    assert (three.layout(3).hand_size, three.layout(3).widow_size) == (16, 4)


@pytest.mark.parametrize("options", [{"moon": "hearts-26"}, {"phase1_moon": "choice-26"}])
def test_no_hearts_moon_rule(options: dict[str, Any]) -> None:
    with pytest.raises(UnknownOption):
        make_ruleset("hartenjagen", options)


# Catalogue 3.18's own example, hand by hand as quick results: (what each took, the points).
@pytest.mark.parametrize(
    ("taken", "points"),
    [
        # phase-1 hand: A QS + 3 hearts = 8; B 4 hearts; C JC + 2 hearts = 4; D 4 hearts (20)
        ({"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 4}, "Cat": {"hearts": 2, "JC": 1}, "Dan": {"hearts": 4}},
         (8, 4, 4, 4)),
        # phase-2 hand: A 7 hearts + JC = 9; B QS + 6 hearts = 11; C 0; D 0
        ({"Ann": {"hearts": 7, "JC": 1}, "Bob": {"hearts": 6, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}},
         (9, 11, 0, 0)),
        ({"Ann": ["QS", "JC", "AH"], "Bob": {"points": 4}, "Cat": {"points": 5}, "Dan": {"hearts": 3}}, (8, 4, 5, 3)),
    ],
)
def test_catalogue_example_hands(taken: dict[str, Any], points: tuple[int, ...]) -> None:
    assert quick(taken) == points


def test_catalogue_example_through_the_settlement() -> None:
    # 3.18: before the hand A 92, B 60, C 75, D 88. (These totals add up to 315, which 20-point hands
    # cannot make, so the state is set up directly; the hands are the quick results above.)
    state = replace(family.HartenjagenState.start(ABCD), totals=(92, 60, 75, 88))
    r, state = family.hartenjagen_two_phase(state, family.HartenjagenHand(points=(8, 4, 4, 4)))
    assert state.totals == (100, 64, 79, 92) and state.phase == 2
    r, state = family.hartenjagen_two_phase(state, family.HartenjagenHand(points=(9, 11, 0, 0)))
    assert state.totals == (91, 53, 79, 92) and not r.finished


def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/hartenjagen-session.json: Ann reaches 100 in hand 6; phase 2 from hand 7; hand 7 leaves
    # Bob, Cat and Dan tied at 0 (play more hands); hand 8: Bob alone lowest at -6 wins.
    assert main(["settle", str(EXAMPLES / "hartenjagen-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "hartenjagen-two-phase"
    assert [h["totals"]["Ann"] for h in out["hands"]] == [12, 27, 45, 65, 82, 100, 100, 95]
    assert out["hands"][6]["totals"] == {"Ann": 100, "Bob": 0, "Cat": 0, "Dan": 0}
    assert "play more hands" in out["hands"][6]["notes"]["Bob"]
    assert out["hands"][7]["points"] == {"Ann": 5, "Bob": 6, "Cat": 4, "Dan": 5}  # what replay gives: taken
    assert out["totals"] == {"Ann": 95, "Bob": -6, "Cat": -4, "Dan": -5}
    assert (out["finished"], out["winners"]) == (True, ["Bob"])


def session(hands: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {"game": "hartenjagen", "players": ABCD, "first_dealer": "Dan", "hands": hands, **fields}


ALL_TO_ANN = {"taken": {"Ann": {"hearts": 13, "QS": 1, "JC": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0},
                        "Dan": {"hearts": 0}}}


@pytest.mark.parametrize(
    ("options", "choice", "totals"),
    [
        ({}, None, (20, 0, 0, 0)),  # phase1_moon none: every point is just added
        ({"phase1_moon": "choice-20"}, "subtract", (-20, 0, 0, 0)),
        ({"phase1_moon": "choice-20"}, "add", (0, 20, 20, 20)),
    ],
)
def test_the_phase_one_moon(options: dict[str, Any], choice: str | None, totals: tuple[int, ...]) -> None:
    hand = {**ALL_TO_ANN, **({"moon_choice": choice} if choice else {})}
    settled = settle(session_from_json(session([hand], options=options)))
    assert settled.totals == totals
    assert settled.hands[0].points == (20, 0, 0, 0)  # the replay's points: what was taken


def test_a_phase_one_moon_without_the_choice() -> None:
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json(session([ALL_TO_ANN], options={"phase1_moon": "choice-20"})))
    assert (info.value.code, info.value.hand) == ("moon-choice", 1)


def test_an_established_revoke_is_plus_20_in_either_phase() -> None:
    # a legal hand's first trick, then Bob fails to follow: the revoke the table claims stops play
    deal = {"Ann": "2C 3C 4C 5C AS KS JS 2D 3D 4D 2H 3H 4H", "Bob": "6C 7C 8C 9C QS 2S 3S 5D 6D 7D 5H 6H 7H",
            "Cat": "TC JC QC KC AC 5S 6S 8D 9D TD 8H 9H TH", "Dan": "4S 7S 8S 9S TS JD QD KD AD JH QH KH AH"}
    hand = {"deal": deal, "pass_direction": "none", "play": ["2C", "5D"],
            "events": [{"type": "revoke", "player": "Bob", "trick": 1}]}
    record = {"game": "hartenjagen", "options": {"pass": "none"}, "players": ABCD, "dealer": "Dan", **hand}
    outcome = replay(records.from_json(record))
    assert outcome.points == (0, 20, 0, 0) and outcome.revoke is not None
    assert outcome.revoke.rule == "revoke-house+20"
    # in phase 2 it is still +20: a penalty, not a subtraction
    hands = [ALL_TO_ANN] * 5 + [{**hand}]  # the first dealer Cat: hand 6 is Dan's deal
    settled = settle(session_from_json({**session(hands, options={"pass": "none"}), "first_dealer": "Cat"}))
    assert settled.totals == (100, 20, 0, 0)


def test_a_quick_result_must_add_up_to_20() -> None:
    with pytest.raises(ImpossibleResult, match="Q♠ was taken by nobody"):
        quick({"Ann": {"hearts": 13}, "Bob": {"hearts": 0, "JC": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}})


def test_hartenjagen_three_plays_and_settles() -> None:
    taken = {"Ann": {"hearts": 9, "QS": 1}, "Bob": {"hearts": 4}, "Cat": {"hearts": 0, "JC": 1}}
    assert quick(taken, "hartenjagen-three") == (14, 4, 2)
    settled = settle(session_from_json({"game": "hartenjagen-three", "players": ["Ann", "Bob", "Cat"],
                                        "first_dealer": "Cat", "hands": [{"taken": taken}] * 10}))
    # Ann reaches 112 on hand 8; hands 9 and 10 subtract
    assert settled.totals == (112 - 28, 32 - 8, 16 - 4) and not settled.finished
