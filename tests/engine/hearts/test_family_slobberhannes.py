"""Slobberhannes (catalogue 2.22, 3.15): the first trick, the last trick and QC; all three to one
player score 4; sessions settled by slobberhannes-points to 10.

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
from scorekeeper.engine.errors import ImpossibleResult, RecordSyntaxError, ScorekeeperError
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def quick(taken: dict[str, Any], players: list[str] = ABCD) -> dict[str, Any]:
    record = {"game": "slobberhannes", "players": players, "dealer": players[-1], "taken": taken}
    return replay(records.from_json(record)).points_by_player()


def test_the_pack_as_polignac() -> None:
    ruleset = make_ruleset("slobberhannes")
    assert [(ruleset.layout(n).hand_size, len(ruleset.layout(n).pack)) for n in (4, 5, 6)] == [(8, 32), (6, 30), (5, 30)]
    assert (ruleset.min_players, ruleset.max_players, ruleset.settlement) == (4, 6, "slobberhannes-points")


# Catalogue 3.15, own examples; and the 3 or 4 a hand (9.3).
@pytest.mark.parametrize(
    ("taken", "expected"),
    [
        ({"Ann": {"first_trick": 1, "last_trick": 1}, "Bob": {}, "Cat": {"QC": 1}, "Dan": {}}, (2, 0, 1, 0)),
        ({"Ann": {}, "Bob": {"first_trick": 1, "last_trick": 1, "QC": 1}, "Cat": {}, "Dan": {}}, (0, 4, 0, 0)),
        ({"Ann": {"QC": 1}, "Bob": {"last_trick": 1}, "Cat": {}, "Dan": {"first_trick": 1}}, (1, 1, 0, 1)),
        ({"Ann": {"first_trick": 1, "QC": 1}, "Bob": {"last_trick": 1}, "Cat": {}, "Dan": {}}, (2, 1, 0, 0)),
    ],
)
def test_catalogue_examples_as_quick_results(taken: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert tuple(quick(taken).values()) == expected


def test_the_example_hand_bob_takes_all_three() -> None:
    outcome = replay(records.loads((EXAMPLES / "slobberhannes-hand.json").read_text(encoding="utf-8")))
    assert outcome.points_by_player() == {"Ann": 0, "Bob": 4, "Cat": 0, "Dan": 0}
    assert outcome.tricks is not None
    assert {outcome.tricks[0].winner, outcome.tricks[-1].winner} == {1}
    assert [c.code for c in outcome.taken[1]] == ["QC"]


@pytest.mark.parametrize(
    ("taken", "words"),
    [
        ({"Ann": {"QC": 1}, "Bob": {"QC": 1, "first_trick": 1}, "Cat": {"last_trick": 1}, "Dan": {}},
         "Q♣ is taken by both Ann and Bob"),
        ({"Ann": {"first_trick": 1}, "Bob": {"first_trick": 1, "QC": 1}, "Cat": {"last_trick": 1}, "Dan": {}},
         "the first trick is won by both Ann and Bob"),
        ({"Ann": {"QC": 1}, "Bob": {"first_trick": 1}, "Cat": {}, "Dan": {}}, "nobody won the last trick"),
        ({"Ann": {"QC": 1, "JS": 1}, "Bob": {"first_trick": 1}, "Cat": {"last_trick": 1}, "Dan": {}},
         "J♠ does not score in Slobberhannes"),
        ({"Ann": {"QC": 1, "first_trick": 1, "last_trick": 1, "tricks": 1}, "Bob": {}, "Cat": {}, "Dan": {}},
         "Ann won 1 trick but took Q♣, the first trick, the last trick"),
    ],
)
def test_impossible_quick_results(taken: dict[str, Any], words: str) -> None:
    with pytest.raises(ImpossibleResult) as info:
        quick(taken)
    assert words in info.value.message


def test_an_established_revoke_scores_plus_4() -> None:
    hand = json.loads((EXAMPLES / "slobberhannes-hand.json").read_text(encoding="utf-8"))
    # trick 2: Bob leads 7C; Cat plays JC; Dan, holding 8C and KC, plays 7H instead
    hand["play"] = hand["play"][:6] + ["7H"]
    with pytest.raises(ScorekeeperError) as info:
        replay(records.from_json(hand))
    assert (info.value.code, info.value.player, info.value.trick) == ("revoke", "Dan", 2)
    hand["events"] = [{"type": "revoke", "player": "Dan", "trick": 2}]
    outcome = replay(records.from_json(hand))
    assert outcome.points_by_player() == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 4}
    assert outcome.revoke is not None and outcome.revoke.rule == "revoke-house+4"


def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/slobberhannes-session.json: Bob reaches 10 on the fifth hand; Cat and Dan share the lowest.
    assert main(["settle", str(EXAMPLES / "slobberhannes-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "slobberhannes-points"
    assert [h["points"]["Bob"] for h in out["hands"]] == [0, 4, 1, 4, 1]
    assert out["totals"] == {"Ann": 3, "Bob": 10, "Cat": 2, "Dan": 2}
    assert (out["finished"], out["winners"]) == (True, ["Cat", "Dan"])  # joint winners (1.6)
    assert "4 instead of 3" in out["hands"][1]["notes"]["Bob"]


def test_a_tie_plays_on_with_final_tie_play_on() -> None:
    session = json.loads((EXAMPLES / "slobberhannes-session.json").read_text(encoding="utf-8"))
    session["settlement_options"] = {"final_tie": "play-on"}
    settled = settle(session_from_json(session))
    assert not settled.finished and settled.winners == (2, 3)
    session["hands"].append({"taken": {"Ann": {"first_trick": 1}, "Bob": {}, "Cat": {},
                                       "Dan": {"QC": 1, "last_trick": 1}}})
    settled = settle(session_from_json(session))
    assert settled.finished and settled.winners == (2,) and settled.totals == (4, 10, 2, 4)


# RECORDS.md's list form: the penalty cards taken, and here the first and last trick, which are penalties too.
@pytest.mark.parametrize(("taken", "expected"), [
    # 3.15: Ann wins the first and the last trick, Cat QC: Ann 2, Cat 1
    ({"Ann": ["first_trick", "last_trick"], "Bob": [], "Cat": ["QC"], "Dan": []}, {"Ann": 2, "Bob": 0, "Cat": 1, "Dan": 0}),
    # 3.15: Bob wins all three: 4 instead of 3
    ({"Ann": [], "Bob": "first_trick QC last_trick", "Cat": [], "Dan": []}, {"Ann": 0, "Bob": 4, "Cat": 0, "Dan": 0}),
])
def test_the_list_form(taken: dict[str, Any], expected: dict[str, int]) -> None:
    assert quick(taken) == expected


def test_a_count_slobberhannes_does_not_keep_is_a_syntax_error() -> None:
    with pytest.raises(RecordSyntaxError) as info:
        quick({"Ann": {"QC": 1, "hearts": 1}, "Bob": ["first_trick"], "Cat": ["last_trick"], "Dan": []})
    assert info.value.code == "syntax" and "taken by Ann: Slobberhannes does not count hearts" in info.value.message
