"""Tripoli records: JSON round trips, the canonical form, golden files that replay and settle byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.cards import cards
from scorekeeper.engine.errors import RecordSyntaxError
from scorekeeper.engine.tripoli import (
    FinalPokerRecord, TripoliRecord, dumps, from_json, loads, outcome_json, replay, replay_json, settle_json, to_json,
)
from scorekeeper.engine.tripoli.layout import Layout, Space
from scorekeeper.engine.tripoli.record import BetAction, SpareAction, pretty

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests" / "golden" / "tripoli"
EXAMPLES = sorted((ROOT / "examples").glob("tripoli-*.json"))


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.name != "tripoli-session.json"], ids=lambda p: p.name)
def test_examples_round_trip_and_replay(path: Path) -> None:
    record = from_json(read(path))
    assert isinstance(record, TripoliRecord)
    assert from_json(to_json(record)) == record
    assert loads(dumps(record)) == record
    assert pretty(to_json(record)) + "\n" == path.read_text(encoding="utf-8")  # the examples are in canonical form
    replay(record)


def test_the_session_example_settles() -> None:
    out = settle_json(read(ROOT / "examples" / "tripoli-session.json"))
    assert out["balance"] == {"A": -4, "B": -8, "C": 0, "D": 12} and out["finished"]


# --- golden files ----------------------------------------------------------------------------------

def test_golden_record_is_canonical_byte_for_byte() -> None:
    text = (GOLDEN / "deal1.json").read_text(encoding="utf-8")
    record = from_json(json.loads(text))
    assert (pretty(to_json(record)) + "\n").encode("utf-8") == (GOLDEN / "deal1.json").read_bytes()


def test_golden_record_replays_to_the_golden_output() -> None:
    record = from_json(read(GOLDEN / "deal1.json"))
    assert isinstance(record, TripoliRecord)
    out = outcome_json(replay(record))
    assert pretty(out) + "\n" == (GOLDEN / "deal1.out.json").read_text(encoding="utf-8")
    assert replay_json(read(GOLDEN / "deal1.json")) == out


def test_golden_session_settles_to_the_golden_output() -> None:
    out = settle_json(read(ROOT / "examples" / "tripoli-session.json"))
    assert pretty(out) + "\n" == (GOLDEN / "session.out.json").read_text(encoding="utf-8")


# --- reading: accepted spellings, canonical writing ------------------------------------------------

def test_spellings_are_read_and_written_canonically() -> None:
    record = from_json({
        "game": "Tripoli", "players": ["Ann", "Bob"], "dealer": "Bob",
        "spare": "swap", "layout": {"seq": 2, "KITTY": 0},
        "claims": {"ah": "Ann", "SEQ": "Bob", "KQ": None},
        "poker": {"hands": {"Ann": "♠A ♥10 9♦ 2C 3c"}, "bets": {"Ann": 1, "Bob": 1}, "winners": "Bob"},
        "michigan": {"play": "2S 3S", "out": "Bob", "left": {"Ann": 4}},
    })
    assert isinstance(record, TripoliRecord)
    assert record.game == "tripoli" and record.spare == SpareAction("swap")
    assert record.layout == Layout().plus(Space.SEQ, 2)
    assert record.claims == ((Space.AH, ("Ann",)), (Space.KQ, ()), (Space.SEQ, ("Bob",)))
    assert record.poker is not None and record.poker.hands == (cards("AS TH 9D 2C 3C"), None)
    data = to_json(record)
    assert data["spare"] == "swap" and data["layout"] == {"SEQ": 2}
    assert data["claims"] == {"AH": "Ann", "KQ": None, "SEQ": ["Bob"]}
    assert data["poker"] == {"hands": {"Ann": ["AS", "TH", "9D", "2C", "3C"]}, "bets": {"Ann": 1, "Bob": 1}, "winners": ["Bob"]}
    assert data["michigan"] == {"play": ["2S", "3S"], "out": "Bob", "left": {"Ann": 4}}
    assert from_json(data) == record


def test_betting_actions() -> None:
    record = from_json({"game": "tripoli", "players": ["A", "B"], "dealer": "B",
                        "poker": {"betting": [["A", "bet", 3], ["B", "raise", 2], ["A", "call", 2]]}})
    assert isinstance(record, TripoliRecord) and record.poker is not None
    assert record.poker.betting == (BetAction("A", "bet", 3), BetAction("B", "raise", 2), BetAction("A", "call", 2))
    assert to_json(record)["poker"]["betting"] == [["A", "bet", 3], ["B", "raise", 2], ["A", "call", 2]]


def test_final_record_round_trips() -> None:
    value = {"game": "tripoli", "players": ["A", "B", "C"], "dealer": "A", "hand": 7, "final": True, "pot": 10,
             "deal": {"A": "2S 3S 4S 5S 6S", "B": "2H 3H 4H 5H 7H", "C": "2D 3D 4D 5D 7D"},
             "poker": {"betting": [["B", "check"], ["C", "check"], ["A", "check"]]}, "cut": "C"}
    record = from_json(value)
    assert isinstance(record, FinalPokerRecord)
    assert from_json(to_json(record)) == record
    assert to_json(record)["final"] is True


@pytest.mark.parametrize(("value", "fragment"), [
    ("not an object", "must be a JSON object"),
    ({"game": "tripoli", "players": ["A", "A"], "dealer": "A"}, "seated twice"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "C"}, "dealer: 'C' is not one of the players"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "spare": "sell"}, "spare action must be one of"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "spare": {"action": "auction"}}, "needs the buyer and the price"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "claims": {"POT": "A"}}, "POT is won in stage 3 or in the poker"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "claims": {"AH": ["A", "B"]}}, "only SEQ can be shared"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "layout": {"POT": -1}}, "whole number of chips from 0"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "layout": {"XX": 1}}, "'XX' is not a layout space"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "poker": {"betting": [], "bets": {}}}, "not both"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "poker": {"betting": [["A", "check", 1]]}},
     "a check puts in no chips"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "michigan": {"out": "A", "block": True}}, "not both"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "deal": {"A": "2S"}}, "deal has no cards for B"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "deal": {"A": "JK", "B": "2S"}}, "without the joker"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "sequence": "8-9-T"}, "sequence must be three ranks"),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "final": True}, "needs \"poker\""),
    ({"game": "tripoli", "players": ["A", "B"], "dealer": "A", "bid": {"bids": [["A", 2]], "winner": "A"}},
     "either every call"),
])
def test_unreadable_records(value: Any, fragment: str) -> None:
    with pytest.raises(RecordSyntaxError) as caught:
        from_json(value)
    assert fragment in caught.value.message and caught.value.exit_status == 2


def test_bad_json_says_where() -> None:
    with pytest.raises(RecordSyntaxError) as caught:
        loads('{"game": "tripoli",\n "players": [}')
    assert caught.value.line == 2


# --- FORMAT.md stays true ----------------------------------------------------------------------------

PACKAGE = ROOT / "scorekeeper" / "engine" / "tripoli"
FORMAT = (PACKAGE / "FORMAT.md").read_text(encoding="utf-8")


def test_format_examples_are_the_example_files_and_replay() -> None:
    import re

    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", FORMAT, re.S)]
    assert blocks[0] == read(ROOT / "examples" / "tripoli-deal.json")
    assert blocks[1] == read(ROOT / "examples" / "tripoli-quick.json")
    assert replay_json(blocks[0])["payments"] == replay_json(blocks[1])["payments"] == {"A": 3, "B": 1, "C": -2, "D": -10}
    final = replay_json({**blocks[2], "layout": {"AH": 4, "KQ": 4, "SEQ": 2, "KITTY": 12, "POT": 1}})
    assert final["payments"] == {"A": 0, "B": -2, "C": 0, "D": 25}


def test_every_error_code_is_listed_in_format() -> None:
    import re

    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    raised = set(re.findall(r'code="([a-z-]+)"', source)) | set(re.findall(r'refuse\("([a-z-]+)"', source))
    raised |= {"syntax", "unknown-game", "unknown-option", "impossible-result", "not-in-hand", "duplicate-card",
               "rotation", "table-stakes"}  # shared with the core: settlement.session.read_in_rotation,
    # settlement.ledger.check_table_stakes
    listed = set(re.findall(r"^\| `([a-z-]+)` \| [12] \|", FORMAT, re.M))
    assert raised - listed == set()
    assert listed - raised == set()
