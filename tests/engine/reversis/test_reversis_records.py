"""Reversis records: JSON round trips, the canonical form, golden files that replay and settle byte for byte,
and the package's purity (standard library and the engine only)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.cards import cards
from scorekeeper.engine.errors import RecordSyntaxError
from scorekeeper.engine.reversis import (
    Pools, ReversisRecord, dumps, from_json, loads, outcome_json, pretty, replay, replay_json, settle_json, to_json,
)
from scorekeeper.engine.reversis.actions import CardEntry, Event, ReversisEntry, Taken

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests" / "golden" / "reversis"
EXAMPLES = sorted((ROOT / "examples").glob("reversis-*.json"))
HANDS = [p for p in EXAMPLES if p.name != "reversis-session.json"]


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def canonical(value: Any) -> str:
    return pretty(value) + "\n"


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.name)
def test_examples_round_trip_and_replay(path: Path) -> None:
    record = from_json(read(path))
    assert from_json(to_json(record)) == record
    assert loads(dumps(record)) == record
    assert canonical(to_json(record)) == path.read_text(encoding="utf-8")  # the examples are in canonical form
    replay(record)


def test_the_full_hand_and_its_quick_result_settle_alike() -> None:
    full = replay(from_json(read(ROOT / "examples" / "reversis-hand.json")))
    quick = replay(from_json(read(ROOT / "examples" / "reversis-quick.json")))
    assert full.payments == quick.payments and full.pools == quick.pools


def test_the_session_example_is_canonical() -> None:
    path = ROOT / "examples" / "reversis-session.json"
    value = read(path)
    assert canonical(value) == path.read_text(encoding="utf-8")
    for hand in value["hands"]:
        record = from_json(hand, {"game": "reversis", "players": value["players"], "dealer": "A"})
        assert {k: v for k, v in to_json(record).items() if k not in ("game", "players", "dealer")} == hand


# --- golden files ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("record", "output"), [
    (ROOT / "examples" / "reversis-hand.json", GOLDEN / "hand.out.json"),
    (GOLDEN / "broken.json", GOLDEN / "broken.out.json"),
], ids=["espagnolette-made", "reversis-broken"])
def test_golden_records_replay_to_the_golden_output(record: Path, output: Path) -> None:
    text = record.read_text(encoding="utf-8")
    parsed = from_json(json.loads(text))
    assert canonical(to_json(parsed)).encode("utf-8") == record.read_bytes()
    out = outcome_json(replay(parsed))
    assert canonical(out) == output.read_text(encoding="utf-8")
    assert replay_json(json.loads(text)) == out


def test_golden_session_settles_to_the_golden_output() -> None:
    out = settle_json(read(ROOT / "examples" / "reversis-session.json"))
    assert canonical(out) == (GOLDEN / "session.out.json").read_text(encoding="utf-8")


# --- reading: accepted spellings, canonical writing -------------------------------------------------------

def test_spellings_are_read_and_written_canonically() -> None:
    record = from_json({
        "game": "Reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "hand": 3,
        "pools": {"current": 115, "supplements": [115], "doubled": ["B", "D"]},
        "talon": "♠A ♥A A♦ ac",
        "events": [{"type": "espagnolette", "player": "B", "declared": False}, {"type": "waive", "player": "C", "trick": 4}],
        "taken": {p: {"tricks": t, "points": 6} for p, t in zip("ABCD", (3, 3, 3, 2))},
        "quinola_aces": {"♥J": {"player": "C", "trick": 4, "how": "led", "leader": "C", "winner": "C"},
                         "AS": None, "AH": None, "AD": None, "AC": None},
        "reversis": None,
    })
    assert record.game == "reversis" and record.talon == cards("AS AH AD AC")
    assert record.pools == Pools(115, (("S1", 115),), frozenset({1, 3}), made=1)
    assert record.events == (Event("espagnolette", "B", declared=False), Event("waive", "C", 4))
    assert record.taken == (Taken(3, 6), Taken(3, 6), Taken(3, 6), Taken(2, 6))
    assert record.quinola_aces == (CardEntry(cards("JH")[0], "C", 4, "led", "C", "C"), None, None, None, None)
    data = to_json(record)
    assert data["game"] == "reversis" and data["talon"] == ["AS", "AH", "AD", "AC"]
    assert data["pools"] == {"current": 115, "supplements": [{"id": "S1", "fish": 115}], "doubled": ["B", "D"]}
    assert data["quinola_aces"]["JH"] == {"player": "C", "trick": 4, "how": "led", "winner": "C"}  # no leader when led
    assert "reversis" not in data
    assert from_json(data) == record


def test_a_play_given_as_one_string_and_with_players() -> None:
    hand = read(ROOT / "examples" / "reversis-hand.json")
    codes = [item if isinstance(item, str) else item[1] for item in hand["play"]]
    as_text = from_json({**hand, "play": " ".join(codes)})
    outcome = replay(as_text)
    assert outcome.tricks is not None
    named = from_json({**hand, "play": [[outcome.players[seat], c.code] for t in outcome.tricks for seat, c in t.plays]})
    assert [item.card for item in as_text.play or ()] == [item.card for item in named.play or ()]
    assert outcome.payments == replay(named).payments == replay(from_json(hand)).payments


def test_exchanges_and_face_down_are_written_from_the_dealers_right() -> None:
    record = from_json(read(ROOT / "examples" / "reversis-hand.json"))
    data = to_json(record)
    assert list(data["exchanges"]) == ["Dan", "Cat", "Bob"] and list(data["face_down"]) == ["Dan", "Cat", "Bob"]


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ({"players": ["A", "B", "C", "D"], "dealer": "A", "play": []}, "\"game\""),
        ({"game": "reversis", "players": ["A", "A", "C", "D"], "dealer": "A", "play": []}, "seated twice"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "E", "play": []}, "dealer"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A"}, "play"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [], "reversis": "B"}, "quick result"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [],
          "events": [{"type": "misdeal", "reason": "wrong-count"}]}, "misdeal"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [],
          "events": [{"type": "espagnolette"}]}, "needs 'player'"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [],
          "events": [{"type": "revoke", "player": "B", "trick": 12}]}, "trick"),
        # an event's type that is not a word (a list, an object) is refused like an unknown type, not a crash
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [],
          "events": [{"type": ["revoke"], "player": "B", "trick": 2}]}, "events[0] must be an object whose type"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [],
          "events": [{"type": {"revoke": 1}}]}, "events[0] must be an object whose type"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "play": [], "pools": {"current": -1}}, "pools"),
        ({"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A", "taken": {}, "quinola_aces": {}}, "taken"),
    ],
)
def test_unreadable_records(value: dict[str, Any], fragment: str) -> None:
    with pytest.raises(RecordSyntaxError) as info:
        from_json(value)
    assert info.value.exit_status == 2 and fragment in info.value.message


def test_bad_json_text_says_where() -> None:
    with pytest.raises(RecordSyntaxError) as info:
        loads('{"game": "reversis",\n "players": [}')
    assert info.value.line == 2


def test_a_misdeal_record() -> None:
    record = from_json({"game": "reversis", "players": list("ABCD"), "dealer": "B",
                        "events": [{"type": "misdeal", "reason": "exposed-other"}]})
    assert isinstance(record, ReversisRecord) and record.misdeal is not None
    out = replay_json(to_json(record))
    assert out["void"] == "exposed-other" and out["pools"] == {"current": 25, "supplements": [], "ante_in": True}


def test_reversis_entries_round_trip() -> None:
    made = from_json({**read(ROOT / "examples" / "reversis-quick.json"), "reversis": "Cat"})
    assert made.reversis == ReversisEntry("Cat")
    assert to_json(made)["reversis"] == {"player": "Cat"}


# --- purity ----------------------------------------------------------------------------------------------

PROBE = """
import json, sys
before = set(sys.modules)
import scorekeeper.engine.reversis as r
r.replay_json(json.load(open("examples/reversis-hand.json")))
r.settle_json(json.load(open("examples/reversis-session.json")))
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_reversis_loads_only_the_standard_library_and_the_engine() -> None:
    done = subprocess.run([sys.executable, "-S", "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "scorekeeper.engine.reversis.settlement" in loaded
    foreign = [m for m in loaded if m.split(".")[0] not in sys.stdlib_module_names and m != "scorekeeper"
               and not m.startswith("scorekeeper.engine")]
    assert foreign == []
    assert not any(m.startswith("scorekeeper.engine.tripoli") for m in loaded)  # no other game's package either
