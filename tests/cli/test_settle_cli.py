"""``scorekeeper settle FILE|- [--text]``: the RECORDS.md output contract, exit statuses, the golden evening.

The golden files in ``golden/settle`` are one club evening under sweepstakes (a misdeal, an
established revoke, jacks, the table closing with a cut, a stake). After a deliberate change
of the output, regenerate them with::

    scorekeeper settle tests/golden/settle/sweepstakes-evening.json > tests/golden/settle/sweepstakes-evening.out.json
    scorekeeper settle tests/golden/settle/sweepstakes-evening.json --text > tests/golden/settle/sweepstakes-evening.txt
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.settling import ABCD, revoke_hand, session, units
from scorekeeper.cli import main

GOLDEN = Path(__file__).parents[1] / "golden" / "settle"
EVENING = GOLDEN / "sweepstakes-evening.json"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["settle", *argv])
    return status, capsys.readouterr().out


def write(tmp_path: Path, value: Any, name: str = "session.json") -> str:
    path = tmp_path / name
    path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return str(path)


def test_the_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_cli(capsys, str(EVENING))
    assert status == 0
    assert out.endswith("\n") and out.count("\n") == 1  # one JSON object on one line
    result = json.loads(out)
    assert list(result)[:9] == ["ok", "settlement", "hands", "totals", "balance", "pool", "finished", "winners",
                                "closing"]
    assert result["ok"] is True and result["settlement"] == "sweepstakes"
    players = ["Ann", "Bob", "Cat", "Dan"]
    for hand in result["hands"]:
        assert {"points", "payments", "pool", "dealer", "totals", "notes"} <= set(hand)
        assert list(hand["points"]) == list(hand["payments"]) == list(hand["notes"]) == players
        assert all(isinstance(v, int) for v in hand["payments"].values())
    assert [h["dealer"] for h in result["hands"]] == ["Dan", "Ann", "Ann", "Bob", "Cat"]
    assert [h["pool"] for h in result["hands"]] == [1, 1, 1, 14, 27]
    assert result["hands"][1]["void"] == "exposed-other"
    assert result["hands"][2]["revoke"] == "Cat"
    assert result["balance"] == {"Ann": 19, "Bob": 17, "Cat": -38, "Dan": 2}
    assert result["closing"]["payments"] == {"Ann": 6, "Bob": 6, "Cat": 6, "Dan": 9}
    assert (result["pool"], result["finished"], result["winners"]) == (0, True, ["Ann"])
    assert result["money"] == {"Ann": "4.75", "Bob": "4.25", "Cat": "-9.50", "Dan": "0.50"}
    assert result["transfers"] == [{"from": "Cat", "to": "Ann", "amount": "4.75"},
                                   {"from": "Cat", "to": "Bob", "amount": "4.25"},
                                   {"from": "Cat", "to": "Dan", "amount": "0.50"}]


def test_golden_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_cli(capsys, str(EVENING))
    assert status == 0
    assert json.loads(out) == json.loads((GOLDEN / "sweepstakes-evening.out.json").read_text(encoding="utf-8"))


def test_golden_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_cli(capsys, str(EVENING), "--text")
    assert status == 0
    assert out == (GOLDEN / "sweepstakes-evening.txt").read_text(encoding="utf-8")


def test_text_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    value = session("black-lady", [units(3, 2, 8, 0, qs="B"), units(0, 0, 13, 0, qs="C") | {"moon_choice": "add"}],
                    stake="0.10")
    status, out = run_cli(capsys, write(tmp_path, value), "--text")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "settlement: cumulative"
    assert lines[1] == "hand 1 (dealer D), pool after: 0"
    assert "  C took 13 hearts and Q♠: shot the moon (black-lady-26, chose to add): 0; total 8" in lines
    assert "totals: A 29, B 41, C 8, D 26" in lines
    assert "money: A -1.20, B -6.00, C 7.20, D 0.00" in lines
    assert lines[-1] == "game in progress; winners: C"


def test_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(EVENING.read_text(encoding="utf-8")))
    status, out = run_cli(capsys, "-")
    assert status == 0 and json.loads(out)["balance"]["Cat"] == -38


def test_a_byte_order_mark_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + EVENING.read_bytes())
    status, _ = run_cli(capsys, str(path))
    assert status == 0


@pytest.mark.parametrize(
    ("value", "status", "code", "hand"),
    [
        # An illegal hand: exit 1, the replay error object plus "hand".
        (session("hearts", [units(3, 3, 3, 4), revoke_hand(ABCD, "A", "C") | {"events": []}]), 1, "revoke", 2),
        # An impossible quick result.
        (session("hearts", [{"taken": {p: {"hearts": 4} for p in ABCD}}]), 1, "impossible-result", 1),
        # Odd chips and no cut.
        (session("hearts", [units(1, 1, 5, 6)], options={"profile": "003"}, settlement="lowest-collects-difference"),
         1, "cut", 1),
        # Hands after the game ended.
        (session("hearts", [units(0, 3, 4, 6)] * 2, options={"profile": "003"},
                 settlement="lowest-collects-difference"), 1, "game-over", 2),
        # A dealer that breaks the rotation.
        (session("hearts", [units(0, 3, 4, 6) | {"dealer": "B"}]), 1, "rotation", 1),
        # Unreadable: exit 2.
        ("{not json", 2, "syntax", None),
        (session("hearts", [{"taken": {"A": ["1H"]}}]), 2, "syntax", 1),
        (session("hearts", [], settlement="nope"), 2, "unknown-option", None),
        (session("hearts", [], settlement="two-handed-difference"), 2, "unknown-option", None),
        (session("hearts", [], players=["A", "B"], settlement="three-handed-excess"), 2, "unknown-option", None),
        (session("bridge", []), 2, "unknown-game", None),
    ],
)
def test_refusals(capsys: pytest.CaptureFixture[str], tmp_path: Path, value: Any, status: int, code: str,
                  hand: int | None) -> None:
    got, out = run_cli(capsys, write(tmp_path, value))
    assert got == status
    result = json.loads(out)
    assert result["ok"] is False
    error = result["error"]
    assert error["code"] == code
    assert error.get("hand") == hand
    assert {"code", "message", "play", "trick", "player", "card"} <= set(error)


def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out = run_cli(capsys, str(tmp_path / "nowhere.json"))
    assert status == 2
    assert json.loads(out)["error"]["code"] == "syntax"


def test_refusal_with_text_is_still_the_error_object(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out = run_cli(capsys, write(tmp_path, "[]"), "--text")
    assert status == 2
    assert json.loads(out)["ok"] is False


# --- games with an engine of their own ----------------------------------------------------------------------

TRIPOLI_SESSION = Path(__file__).parents[2] / "examples" / "tripoli-session.json"


def test_a_tripoli_session_settles_through_the_same_command(capsys: pytest.CaptureFixture[str]) -> None:
    from scorekeeper.engine.tripoli import settle_json

    status, out = run_cli(capsys, str(TRIPOLI_SESSION))
    assert status == 0
    result = json.loads(out)
    assert result == settle_json(json.loads(TRIPOLI_SESSION.read_text()))
    assert result["settlement"] == "tripoli-layout" and "layout" in result["hands"][0]
    status, text = run_cli(capsys, str(TRIPOLI_SESSION), "--text")
    assert status == 0 and text.startswith("settlement: tripoli-layout") and "game finished; winners:" in text


def test_a_broken_tripoli_session_exits_with_the_engine_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    value = json.loads(TRIPOLI_SESSION.read_text())
    value["hands"][0] = {**value["hands"][0], "spare": {"action": "sell"}}
    status, out = run_cli(capsys, write(tmp_path, value))
    error = json.loads(out)["error"]
    assert status == 2 and (error["code"], error["hand"]) == ("syntax", 1)
    assert "spare action must be one of keep, swap, auction" in error["message"]
    value["hands"][0]["spare"] = {"action": "auction", "buyer": "B", "price": 0}  # readable, but no auction gives it
    status, out = run_cli(capsys, write(tmp_path, value))
    error = json.loads(out)["error"]
    assert (status, error["code"], error["hand"], error["player"]) == (1, "spare", 1, "B")


def test_every_game_with_its_own_package_is_known_to_that_package() -> None:
    from scorekeeper.engine import tripoli
    from scorekeeper.engine.family import HEARTS, families, family_of, own_games

    assert {g for g in own_games() if family_of(g).id == "tripoli"} == set(tripoli.rules.GAMES)
    assert {g for g in own_games() if family_of(g).id == "reversis"} == {"reversis"}
    assert set(HEARTS.games).isdisjoint(own_games()) and [f.id for f in families()] == ["hearts", "tripoli", "reversis"]


def test_a_reversis_session_settles_with_its_pools(capsys: pytest.CaptureFixture[str]) -> None:
    from scorekeeper.engine.reversis import settle_json

    path = Path(__file__).parents[2] / "examples" / "reversis-session.json"
    status, out = run_cli(capsys, str(path))
    result = json.loads(out)
    assert status == 0 and result == settle_json(json.loads(path.read_text()))
    assert result["settlement"] == "reversis-fish"
    assert [h["pool"] for h in result["hands"]] == [50, 110, 115 + 115, 115]  # catalogue 6.11, E2 (115 + S1 115)
    assert result["hands"][2]["pools"]["supplements"] == [{"id": "S1", "fish": 115}]
