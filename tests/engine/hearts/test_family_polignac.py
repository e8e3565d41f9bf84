"""Polignac (catalogue 2.21, 3.14): the 32/30-card pack, the jacks and the first and last tricks,
Capot declarations, quick results, and sessions settled by polignac-points.

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
from scorekeeper.engine.cards import Card, Rank
from scorekeeper.engine.errors import ImpossibleResult, RecordSyntaxError, InconsistentRecord, ScorekeeperError, UnknownOption
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def result(taken: dict[str, Any], events: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
           players: list[str] = ABCD) -> dict[str, Any]:
    return {"game": "polignac", "options": options or {}, "players": players, "dealer": players[-1],
            "taken": taken, "events": events or []}


def points(record: dict[str, Any]) -> dict[str, Any]:
    return replay(records.from_json(record)).points_by_player()


@pytest.mark.parametrize(("n", "size", "out"), [(4, 8, ()), (5, 6, ("7S", "7C")), (6, 5, ("7S", "7C"))])
def test_the_pack_and_the_deal(n: int, size: int, out: tuple[str, ...]) -> None:
    layout = make_ruleset("polignac").layout(n)
    assert (layout.hand_size, layout.widow_size) == (size, 0)
    assert {c.rank for c in layout.pack} == {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
                                             Rank.KING, Rank.ACE}
    assert len(layout.pack) == 32 - len(out) and not {Card.parse(c) for c in out} & set(layout.pack)


@pytest.mark.parametrize("n", [3, 7])
def test_four_to_six_players(n: int) -> None:
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(result({}, players=["A", "B", "C", "D", "E", "F", "G"][:n])))
    assert info.value.code == "players"


# Catalogue 3.14, own examples (4 players): (taken, Capot declarers, points additive, points replace).
EX1 = {"Ann": {"first_trick": 1, "JS": 1, "JH": 1}, "Bob": {"JD": 1, "last_trick": 1}, "Cat": {"JC": 1}, "Dan": {}}
EX2 = {"Ann": {"first_trick": 1}, "Bob": {}, "Cat": {}, "Dan": {"JS": 1, "JH": 1, "JD": 1, "JC": 1, "last_trick": 1}}
EX3 = {"Ann": {"first_trick": 1}, "Bob": {}, "Cat": {"JC": 1}, "Dan": {"JS": 1, "JH": 1, "JD": 1, "last_trick": 1}}
CATALOGUE = [
    (EX1, [], (4, 2, 1, 0), (4, 2, 1, 0)),
    (EX2, ["Dan"], (11, 10, 10, -4), (11, 10, 10, -10)),
    (EX3, ["Dan"], (-9, -10, -9, 15), (-9, -10, -9, 10)),
]


@pytest.mark.parametrize(("taken", "declarers", "additive", "replaced"), CATALOGUE)
def test_catalogue_examples_as_quick_results(taken: dict[str, Any], declarers: list[str],
                                             additive: tuple[int, ...], replaced: tuple[int, ...]) -> None:
    events = [{"type": "capot", "player": p} for p in declarers]
    assert tuple(points(result(taken, events)).values()) == additive
    assert tuple(points(result(taken, events, {"capot_mode": "replace"})).values()) == replaced


def test_the_example_hand_replays_card_by_card() -> None:
    # examples/polignac-hand.json: Ann declares Capot, takes all four jacks and the first trick;
    # Cat takes the last trick: 3.14's second example with Ann as the declarer.
    outcome = replay(records.loads((EXAMPLES / "polignac-hand.json").read_text(encoding="utf-8")))
    assert outcome.points_by_player() == {"Ann": -4, "Bob": 10, "Cat": 11, "Dan": 10}
    assert outcome.tricks is not None and len(outcome.tricks) == 8
    assert [outcome.players[t.winner] for t in (outcome.tricks[0], outcome.tricks[-1])] == ["Ann", "Cat"]
    assert [c.code for c in outcome.taken[0]] == ["JS", "JH", "JD", "JC"]
    replaced = replay(records.from_json({**records.to_json(outcome.record), "options": {"capot_mode": "replace"}}))
    assert replaced.points_by_player() == {"Ann": -10, "Bob": 10, "Cat": 11, "Dan": 10}


def test_two_declarers_are_scored_independently() -> None:
    events = [{"type": "capot", "player": "Dan"}, {"type": "capot", "player": "Bob"}]
    # Dan succeeds (-10, others +10); Bob fails (+10, others -10): Ann 1 + 10 - 10, Bob 0 + 10 + 10,
    # Cat 0 + 10 - 10, Dan 6 - 10 - 10
    assert tuple(points(result(EX2, events)).values()) == (1, 20, 0, -14)


@pytest.mark.parametrize(
    ("events", "options", "game", "words"),
    [
        ([{"type": "capot", "player": "Dan", "play": 3}], {}, "polignac", "before the first lead"),
        ([{"type": "capot", "player": "Dan"}, {"type": "capot", "player": "Dan"}], {}, "polignac", "twice"),
        ([{"type": "capot", "player": "Dan"}], {"pass": "none"}, "black-lady", "no Capot"),
    ],
)
def test_bad_capot_declarations(events: list[dict[str, Any]], options: dict[str, Any], game: str,
                                words: str) -> None:
    hand = json.loads((EXAMPLES / "polignac-hand.json").read_text(encoding="utf-8"))
    if game != "polignac":
        hand = {"game": game, "options": options, "players": ABCD, "dealer": "Dan", "play": ["2C"]}
    hand["events"] = events
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(hand))
    assert info.value.code == "capot" and words in info.value.message


@pytest.mark.parametrize(
    ("taken", "words"),
    [
        ({**EX1, "Dan": {"JS": 1}}, "J♠ is taken by both Ann and Dan"),
        ({**EX1, "Cat": {}}, "J♣ was taken by nobody"),
        ({**EX1, "Dan": {"first_trick": 1}}, "the first trick is won by both Ann and Dan"),
        ({**EX1, "Bob": {"JD": 1}}, "nobody won the last trick"),
        ({**EX1, "Cat": {"JC": 1, "QS": 1}}, "Q♠ does not score in Polignac"),
        ({**EX1, "Ann": {"first_trick": 1, "JS": 1, "JH": 1, "tricks": 0}}, "Ann won 0 tricks but took J♠ J♥"),
        ({**EX1, "Ann": ["JS", "JH"]}, "nobody won the first trick"),  # a list names the tricks it won too
        ({**EX1, "Ann": ["JS", "JH", "first_trick"], "Bob": ["JD", "first_trick"]},
         "the first trick is won by both Ann and Bob"),
        ({**EX1, "Bob": {"JD": 1, "last_trick": 2}}, "Bob's last_trick is 1 (won it) or 0, not 2"),
    ],
)
def test_impossible_quick_results(taken: dict[str, Any], words: str) -> None:
    with pytest.raises(ImpossibleResult) as info:
        points(result(taken))
    assert info.value.code == "impossible-result" and words in info.value.message


def test_first_and_last_trick_keys_do_not_score_in_hearts() -> None:
    record = {"game": "black-lady", "players": ABCD, "dealer": "Dan",
              "taken": {"Ann": {"hearts": 13, "QS": 1, "first_trick": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0},
                        "Dan": {"hearts": 0}}, "moon_choice": "add"}
    with pytest.raises(RecordSyntaxError, match="taken by Ann: first_trick does not score in Black Lady"):
        replay(records.from_json(record))


# RECORDS.md: per player the list of penalty cards taken, or counts; in Polignac the first and the last
# trick are penalties too, so a list may name them. Example 1 of 3.14 both ways, and in one string.
EX1_LISTS = {"Ann": ["first_trick", "JS", "JH"], "Bob": ["JD", "last_trick"], "Cat": ["JC"], "Dan": []}


@pytest.mark.parametrize("taken", [EX1_LISTS, {**EX1_LISTS, "Ann": "JS, JH first_trick", "Cat": "JC"},
                                   {**EX1, "Cat": ["JC"], "Dan": []}], ids=["lists", "strings", "mixed"])
def test_the_list_form_scores_like_the_counts(taken: dict[str, Any]) -> None:
    assert points(result(taken)) == points(result(EX1)) == {"Ann": 4, "Bob": 2, "Cat": 1, "Dan": 0}
    session = {"game": "polignac", "players": ABCD, "first_dealer": "Dan", "hands": [{"taken": taken}]}
    assert settle(session_from_json(session)).totals == (4, 2, 1, 0)


@pytest.mark.parametrize(
    ("taken", "words"),
    [
        ({**EX1, "Cat": {"JC": 1, "hearts": 2}}, "taken by Cat: Polignac does not count hearts"),
        ({**EX1, "Cat": {"JC": 1, "spots": 1}}, "taken by Cat: Polignac does not count spots"),
        ({**EX1_LISTS, "Ann": ["JS", "first_trick", "first_trick"]}, "taken by Ann: first_trick is named twice"),
        ({**EX1_LISTS, "Cat": ["JC", "second_trick"]}, "taken by Cat: 'second_trick' is not a card"),
    ],
)
def test_shapes_polignac_cannot_take_are_syntax_errors(taken: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordSyntaxError) as info:
        points(result(taken))
    assert info.value.code == "syntax" and words in info.value.message


@pytest.mark.parametrize(
    ("play", "offender", "trick", "expected", "kept"),
    [
        # trick 4: Ann leads 7C; Bob, holding KC 9C AC, plays 9D. Ann's Capot lapses.
        (["9D"], "Bob", 4, {"Ann": 0, "Bob": 7, "Cat": 0, "Dan": 0}, 13),
        # trick 5: Bob leads 9D; Ann, who declared Capot and holds AD QD, plays 8S: her Capot fails.
        (["9D", "8D", "TD", "8S"], "Ann", 5, {"Ann": 17, "Bob": -10, "Cat": -10, "Dan": -10}, 16),
    ],
)
def test_an_established_revoke_scores_plus_7_and_fails_the_offenders_capot(
    play: list[str], offender: str, trick: int, expected: dict[str, int], kept: int,
) -> None:
    hand = json.loads((EXAMPLES / "polignac-hand.json").read_text(encoding="utf-8"))
    hand["play"] = hand["play"][:kept] + play
    with pytest.raises(ScorekeeperError) as info:
        replay(records.from_json(hand))
    assert info.value.code == "revoke" and info.value.player == offender
    hand["events"] = [{"type": "capot", "player": "Ann"}, {"type": "revoke", "player": offender, "trick": trick}]
    outcome = replay(records.from_json(hand))
    assert outcome.revoke is not None and outcome.revoke.rule == "revoke-house+7"
    assert outcome.points_by_player() == expected
    session = {"game": "polignac", "players": ABCD, "first_dealer": "Dan",
               "hands": [{k: v for k, v in hand.items() if k not in ("game", "players")}]}
    settled = settle(session_from_json(session))
    assert dict(zip(ABCD, settled.totals)) == expected


# --- sessions: polignac-points through ``scorekeeper settle`` -----------------------------------

def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/polignac-session.json: 3.14's three examples, then the first two again; Ann passes 20.
    status = main(["settle", str(EXAMPLES / "polignac-session.json")])
    out = json.loads(capsys.readouterr().out)
    assert status == 0 and out["ok"] and out["settlement"] == "polignac-points"
    assert [h["points"]["Dan"] for h in out["hands"]] == [0, -4, 15, 0, -4]
    assert out["totals"] == {"Ann": 21, "Bob": 14, "Cat": 13, "Dan": 7}
    assert (out["finished"], out["winners"]) == (True, ["Dan"])
    assert out["hands"][1]["notes"]["Dan"].endswith("declared Capot and won all four jacks: -10; hand -4, total -4")
    assert all(h["payments"] == dict.fromkeys(ABCD, 0) and h["pool"] == 0 for h in out["hands"])
    assert main(["settle", str(EXAMPLES / "polignac-session.json"), "--text"]) == 0
    assert "game finished; winners: Dan" in capsys.readouterr().out


def test_a_full_hand_and_quick_results_in_one_session() -> None:
    hand = json.loads((EXAMPLES / "polignac-hand.json").read_text(encoding="utf-8"))
    hand = {k: v for k, v in hand.items() if k not in ("game", "players")}
    session = {"game": "polignac", "players": ABCD, "first_dealer": "Dan",
               "hands": [hand, {"taken": EX1}], "settlement_options": {"final_tie": "play-on"}}
    settled = settle(session_from_json(session))
    assert settled.totals == (0, 12, 12, 10) and not settled.finished and settled.winners == (0,)


@pytest.mark.parametrize(
    ("session", "code"),
    [
        ({"settlement": "cumulative"}, "unknown-option"),  # Polignac is settled by polignac-points
        ({"settlement": "polignac-points", "settlement_options": {"target": 100}}, "unknown-option"),
        ({"hands": [{"taken": EX1}] * 6}, "game-over"),  # 4 a hand: Ann passes 20 on the fifth
    ],
)
def test_session_refusals(session: dict[str, Any], code: str) -> None:
    base = {"game": "polignac", "players": ABCD, "first_dealer": "Dan", "hands": [{"taken": EX1}]}
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json({**base, **session}))
    assert info.value.code == code


def test_polignac_points_settles_polignac_only() -> None:
    with pytest.raises(UnknownOption, match="polignac-points settlement is for polignac"):
        settle(session_from_json({"game": "black-lady", "players": ABCD, "first_dealer": "Dan",
                                  "settlement": "polignac-points"}))
