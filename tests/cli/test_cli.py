"""The ``scorekeeper replay`` command: exit codes and output shapes of RECORDS.md."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import PLAYERS, finish, hand_record, result_record
from scorekeeper import cli

LEGAL = finish(hand_record(["2C", "6C", "AC", "4S"]))
ILLEGAL = hand_record(["2C", "QS"])  # Bob revokes
RESULT = result_record("black-lady", {"Ann": {"hearts": 3, "QS": 1}, "Bob": ["2H", "5H"], "Cat": {"hearts": 0},
                                      "Dan": {"hearts": 8}})
IMPOSSIBLE = result_record("black-lady", {"Ann": {"hearts": 3}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                                          "Dan": {"hearts": 9, "QS": 1}})
COMPLEX = result_record("complex-hearts", {"A": {"hearts": 4, "QS": 1}, "B": {"hearts": 6, "TC": 1},
                                           "C": {"hearts": 3, "JD": 1}, "D": {"hearts": 0}})
ERROR_KEYS = {"code", "message", "play", "trick", "player", "card"}


def replay_file(tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    path = tmp_path / "hand.json"
    path.write_text(content, encoding="utf-8")
    status = cli.main(["replay", str(path), *args])
    return status, capsys.readouterr().out


def replay_json(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status, out = replay_file(tmp_path, json.dumps(record, indent=2, ensure_ascii=False), capsys)
    lines = out.splitlines()
    assert len(lines) == 1, "one JSON object on stdout"
    return status, json.loads(lines[0])


def test_legal_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = replay_json(tmp_path, LEGAL, capsys)
    assert status == 0
    assert set(out) >= {"ok", "game", "tricks", "taken", "points", "moon"}
    assert out["ok"] is True and out["game"] == "hearts"
    assert len(out["tricks"]) == 13
    assert out["tricks"][0] == {"leader": "Ann", "cards": ["2C", "6C", "AC", "4S"], "winner": "Cat"}
    assert all(set(t) == {"leader", "cards", "winner"} for t in out["tricks"])
    assert [t["leader"] for t in out["tricks"][1:]] == [t["winner"] for t in out["tricks"][:-1]]
    assert list(out["points"]) == PLAYERS and list(out["taken"]) == PLAYERS
    assert all(isinstance(p, int) for p in out["points"].values())
    assert sum(len(cards) for cards in out["taken"].values()) == 13  # every heart, nothing else scores
    assert out["moon"] is None


def test_result_record_has_no_tricks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = replay_json(tmp_path, RESULT, capsys)
    assert status == 0 and out["ok"] is True
    assert "tricks" not in out
    assert out["points"] == {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}
    # as entered: counts stay counts, card lists come back canonical (display order)
    assert out["taken"] == {"Ann": {"hearts": 3, "QS": 1}, "Bob": ["5H", "2H"], "Cat": {"hearts": 0},
                            "Dan": {"hearts": 8}}


def test_complex_points_are_objects(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = replay_json(tmp_path, COMPLEX, capsys)
    assert status == 0
    assert out["points"] == {"A": {"re": 4, "im": 13}, "B": {"re": 0, "im": 12}, "C": {"re": -7, "im": 0},
                             "D": {"re": 0, "im": 0}}


def test_moon_in_the_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = result_record("black-lady", {"Ann": {"hearts": 0}, "Bob": {"hearts": 13, "QS": 1},
                                          "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}, moon_choice="add")
    status, out = replay_json(tmp_path, record, capsys)
    assert status == 0
    assert out["moon"] == {"player": "Bob", "rule": "black-lady-26", "choice": "add", "instant_win": False}
    assert out["points"] == {"Ann": 26, "Bob": 0, "Cat": 26, "Dan": 26}


@pytest.mark.parametrize("game", ["rickety-kate", "dirty-nasty-filthy-hearts"])
def test_warning_where_the_sources_leave_the_rules_open(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        game: str) -> None:
    status, out = replay_json(tmp_path, {**RESULT, "game": game}, capsys)
    assert status == 0 and out["points"] == {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}
    assert "Black Lady" in out["warning"]
    _, plain = replay_json(tmp_path, RESULT, capsys)
    assert "warning" not in plain


@pytest.mark.parametrize(
    ("record", "error"),
    [
        (ILLEGAL, {"code": "revoke", "play": 1, "trick": 1, "player": "Bob", "card": "QS"}),
        (IMPOSSIBLE, {"code": "impossible-result", "play": None, "trick": None, "player": None, "card": None}),
        (hand_record(["2C", "6C", "AC", "4S"]), {"code": "incomplete", "play": 4, "trick": 2}),
        ({**hand_record([]), "players": ["Ann", "Bob"], "deal": None, "dealer": "Bob"}, {"code": "players"}),
    ],
)
def test_illegal_hand_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any],
                              error: dict[str, Any]) -> None:
    status, out = replay_json(tmp_path, {k: v for k, v in record.items() if v is not None}, capsys)
    assert status == 1
    assert out["ok"] is False and set(out) == {"ok", "error"}
    assert set(out["error"]) >= ERROR_KEYS
    assert {k: out["error"][k] for k in error} == error
    assert isinstance(out["error"]["message"], str) and out["error"]["message"]


def test_illegal_message_is_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = replay_json(tmp_path, ILLEGAL, capsys)
    assert out["error"]["message"] == "Bob played Q\u2660 on a club lead while holding 9\u2663 8\u2663 7\u2663 6\u2663"


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ('{"game": "hearts", "players": ', "syntax"),  # bad JSON
        ("", "syntax"),
        ("[1, 2]", "syntax"),  # JSON, but not a record
        (json.dumps({**ILLEGAL, "play": ["2C", "1S"]}), "syntax"),  # unknown card
        (json.dumps({**ILLEGAL, "game": "chess"}), "unknown-game"),
        (json.dumps({**ILLEGAL, "game": "progressive-hearts"}), "unknown-game"),
        (json.dumps({**ILLEGAL, "options": {"colour": "red"}}), "unknown-option"),
        (json.dumps({**ILLEGAL, "options": {"deal": "chart-005"}}), "unknown-option"),
    ],
)
def test_unreadable_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
                                  code: str) -> None:
    status, out = replay_file(tmp_path, content, capsys)
    assert status == 2
    obj = json.loads(out)
    assert obj["ok"] is False and obj["error"]["code"] == code
    assert set(obj["error"]) >= ERROR_KEYS


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["replay", str(tmp_path / "nowhere.json")])
    obj = json.loads(capsys.readouterr().out)
    assert status == 2 and obj["error"]["code"] == "syntax" and "nowhere.json" in obj["error"]["message"]


# --- archives (JSON lines) -------------------------------------------------------------------------

def archive(*records: Any) -> str:
    return "\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records) + "\n"


@pytest.mark.parametrize(
    ("lines", "statuses", "exit_status"),
    [
        ([LEGAL, RESULT, COMPLEX], [True, True, True], 0),
        ([LEGAL, ILLEGAL, RESULT], [True, "revoke", True], 1),
        ([ILLEGAL, LEGAL, '{"game": "hearts"', IMPOSSIBLE], ["revoke", True, "syntax", "impossible-result"], 2),
        ([{**RESULT, "game": "chess"}, LEGAL], ["unknown-game", True], 2),
    ],
)
def test_archive_one_line_per_record(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[Any],
                                     statuses: list[Any], exit_status: int) -> None:
    status, out = replay_file(tmp_path, archive(*lines), capsys)
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == len(lines)
    assert [True if r["ok"] else r["error"]["code"] for r in results] == statuses
    assert status == exit_status  # the highest of the records' statuses


def test_archive_skips_blank_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = "\n" + json.dumps(RESULT) + "\n\n  \n" + json.dumps(LEGAL) + "\n\n"
    status, out = replay_file(tmp_path, content, capsys)
    assert status == 0 and len(out.splitlines()) == 2


def test_large_archive_keeps_the_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Enough lines for the worker processes; the one illegal record must come out where it went in.
    lines: list[Any] = [RESULT] * 900
    lines[777] = IMPOSSIBLE
    status, out = replay_file(tmp_path, archive(*lines), capsys, "--jobs", "2")
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 1 and len(results) == 900
    assert [i for i, r in enumerate(results) if not r["ok"]] == [777]


# --- text output and standard input ----------------------------------------------------------------

def test_text_output_has_the_trick_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = replay_file(tmp_path, json.dumps(LEGAL), capsys, "--text")
    assert status == 0
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("trick"))
    assert header.split() == ["trick", *PLAYERS, "winner"]
    rows = [line for line in lines if line.split() and line.split()[0].isdigit()]
    assert len(rows) == 13
    first = rows[0].split()
    # trick 1: Ann led 2C (>), Cat won with AC (*)
    assert first == ["1", ">2C", "6C", "AC*", "4S", "Cat"]
    assert any(line.startswith("points:") for line in lines)


def test_text_output_of_an_illegal_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = replay_file(tmp_path, json.dumps(ILLEGAL), capsys, "--text")
    assert status == 1
    assert "revoke" in out and "Bob" in out and "QS" in out


def test_reading_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(RESULT)))
    status = cli.main(["replay", "-"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0 and out["points"] == {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}


def test_reading_an_archive_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(archive(RESULT, ILLEGAL)))
    status = cli.main(["replay", "-"])
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1 and [r["ok"] for r in results] == [True, False]


def test_bad_json_on_standard_input_exits_2(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("{not json"))
    assert cli.main(["replay", "-"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "syntax"


# --- an archive's summary and progress (issue 5: audit an archive) -----------------------------------------

def test_an_archive_ends_with_a_summary_on_standard_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[Any] = [LEGAL, ILLEGAL, RESULT, IMPOSSIBLE, ILLEGAL, '{"game": "hearts"', {**RESULT, "game": "chess"}]
    path = tmp_path / "archive.jsonl"
    path.write_text(archive(*lines), encoding="utf-8")
    for jobs in ("1", "2"):
        assert cli.main(["replay", str(path), "--jobs", jobs]) == 2
        captured = capsys.readouterr()
        assert len(captured.out.splitlines()) == len(lines)  # standard output is the contract, unchanged
        assert captured.err == ("replayed 7 records: 2 legal, 3 illegal (revoke 2, impossible-result 1), "
                                "2 unreadable (syntax 1, unknown-game 1)\n")
    assert cli.main(["replay", str(path), "--quiet"]) == 2
    assert capsys.readouterr().err == ""
    cli.main(["replay", str(path), "--text"])
    assert capsys.readouterr().err.startswith("replayed 7 records: 2 legal, 3 illegal")


def test_a_single_record_has_no_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay_file(tmp_path, json.dumps(LEGAL), capsys)
    assert capsys.readouterr().err == ""


def test_the_summary_of_a_large_archive_counts_every_chunk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[Any] = [RESULT] * 1000
    for i in (5, 401, 999):
        lines[i] = IMPOSSIBLE
    path = tmp_path / "archive.jsonl"
    path.write_text(archive(*lines), encoding="utf-8")
    assert cli.main(["replay", str(path), "--jobs", "2"]) == 1  # three chunks over two worker processes
    assert capsys.readouterr().err == "replayed 1000 records: 997 legal, 3 illegal (impossible-result 3)\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_and_cleared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = iter(range(0, 10_000))
    monkeypatch.setattr(cli.time, "monotonic", lambda: float(next(ticks)))  # every block is worth a redraw
    path = tmp_path / "archive.jsonl"
    path.write_text(archive(*[RESULT] * 1000, IMPOSSIBLE), encoding="utf-8")
    err, out = _Terminal(), io.StringIO()
    assert cli.cmd_replay(str(path), jobs=1, out=out, err=err) == 1
    shown = err.getvalue()
    assert "\rreplaying: 800 records, 800 legal " in shown  # after the second chunk (the first is too soon)
    assert shown.endswith("\r\x1b[Kreplayed 1001 records: 1000 legal, 1 illegal (impossible-result 1)\n")
    plain = io.StringIO()  # not a terminal (a file, a pipe): the summary only
    cli.cmd_replay(str(path), jobs=1, out=io.StringIO(), err=plain)
    assert plain.getvalue() == "replayed 1001 records: 1000 legal, 1 illegal (impossible-result 1)\n"


# --- games with a package of their own ----------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", ["tripoli-quick.json", "tripoli-deal.json", "reversis-quick.json", "reversis-hand.json"])
def test_tripoli_and_reversis_records_replay_through_the_same_command(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    from scorekeeper.engine.family import HEARTS, family_of

    value = json.loads((EXAMPLES / name).read_text())
    status, obj = replay_json(tmp_path, value, capsys)
    family = family_of(value["game"])
    assert family is not HEARTS and status == 0 and obj == family.replay_json(value)
    status, text = replay_file(tmp_path, json.dumps(value), capsys, "--text")
    assert status == 0 and text.startswith(f"{value['game']}, hand 1, dealer ") and "payments in order:" in text
    assert "\nnet: " in text
    # In an archive, among Hearts records, and refused with the package's own codes.
    broken = {**value, "dealer": "Nobody"}
    status, out = replay_file(tmp_path, archive(LEGAL, value, broken), capsys)
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["ok"] for r in results] == [True, True, False] and status == 2
    assert results[1] == obj and results[2]["error"]["code"] == "syntax"


@pytest.mark.parametrize("name", ["tripoli-quick.json", "reversis-hand.json"])
def test_a_game_id_written_loosely_finds_its_family_as_the_app_does(name: str) -> None:
    """" Tripoli " is Tripoli for the command as for the app and the family's own reader: the same
    output as the canonical id, not the core's unknown game."""
    value = json.loads((EXAMPLES / name).read_text())
    loose = {**value, "game": f" {value['game'].title()} "}
    assert cli.replay_text(json.dumps(loose), words=True) == cli.replay_text(json.dumps(value), words=True)
