"""Fuzzing the ``scorekeeper`` command through the real executable: ``replay`` and ``settle``.

* Archives of mutated records (``fuzzing.Mutator``, seed fixed): ``SCOREKEEPER_FUZZ_RECORDS`` hand
  and result records (default 10,000) through ``scorekeeper replay``, as many session records
  through ``scorekeeper settle``, each as one JSON-lines archive. One output line per input line,
  each a JSON object with ``ok`` (and, when false, an error object with a string ``code`` and
  ``message`` that is not the boundary's last resort for a crash); the exit status is the highest
  of the lines'; no traceback. A failure names the input line and shows it.
  ``SCOREKEEPER_FUZZ_SEED`` picks another seed.
* A table of the inputs the contract says must be refused cleanly (deep nesting, lone surrogates,
  bytes that are not UTF-8, huge numbers, floats where a count goes, lists where a name goes,
  NaN and infinities, huge stakes, events whose type is an object, events the game or the record
  kind does not have, names with control or bidi characters), each with its exact exit status and
  error code, through one file, standard input, ``--text``, an archive line, and ``notation``.
* An archive isolates its lines: a bad line gets its own error line and every other line is
  answered as if it were alone, in order, wherever the bad line is (the first line included).
* Hypothesis drives JSON-ish values dropped into the example records through the same line
  answerers in this process.

The slow tests carry the ``fuzz`` marker: they run in the default ``python -m pytest``;
``-m "not fuzz"`` leaves them out.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from tests.support import fuzzing
import pytest
from tests.support.fuzzing import (
    DEEP_ARRAY,
    DEEP_OBJECT,
    HUGE_INT,
    HUGE_NEGATIVE,
    Raw,
    check_answer,
    rename_player,
    to_line,
)
from hypothesis import HealthCheck, given, settings

RECORDS = int(os.environ.get("SCOREKEEPER_FUZZ_RECORDS", "10000"))
SEED = int(os.environ.get("SCOREKEEPER_FUZZ_SEED", str(fuzzing.DEFAULT_SEED)))
UNREADABLE = frozenset({"syntax", "unknown-game", "unknown-option"})
TIMEOUT = 300


def executable() -> str:
    """The installed ``scorekeeper`` next to this Python (the virtualenv's), else the one on PATH."""
    here = Path(sys.executable).parent / "scorekeeper"
    if here.exists():
        return str(here)
    found = shutil.which("scorekeeper")
    if found is None:  # pragma: no cover - the package is installed for the tests
        pytest.fail("the scorekeeper executable is not installed (pip install -e .)", pytrace=False)
    return found


def run(args: Sequence[str], stdin: bytes | None = None, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "SCOREKEEPER_DEBUG"}
    return subprocess.run([executable(), *args], input=stdin if stdin is not None else b"", capture_output=True,
                          timeout=timeout, env=env, check=False)


def shown(data: bytes, limit: int = 400) -> str:
    """Bytes for a failure message: their start, readable whatever they hold."""
    text = data[:limit].decode("utf-8", "backslashreplace")
    return text + (f"... ({len(data)} bytes)" if len(data) > limit else "")


def line_status(out: str) -> int:
    """The exit status an output line stands for: 0 ok, 2 unreadable, 1 anything else refused."""
    obj = json.loads(out)
    if obj["ok"]:
        return 0
    return 2 if obj["error"]["code"] in UNREADABLE else 1


# --- archives: the whole contract of one run ----------------------------------------------------

GOOD_LINE = to_line(json.loads((fuzzing.EXAMPLES / "archive.jsonl").read_text().splitlines()[0]))
GOOD_SESSION = to_line(json.loads((fuzzing.EXAMPLES / "hartenjagen-session.json").read_text()))


def archive_problems(proc: subprocess.CompletedProcess[bytes], lines: Sequence[bytes],
                     describe: Callable[[int], str]) -> tuple[list[str], int | None]:
    """What is wrong with an archive's run: per line and as a whole; and, when output lines are
    missing, the index of the first input line without its answer."""
    problems: list[str] = []
    if b"Traceback" in proc.stderr:
        problems.append(f"standard error has a traceback:\n{shown(proc.stderr[-3000:], 3000)}")
    if proc.returncode not in (0, 1, 2):
        problems.append(f"exit status {proc.returncode}, not 0, 1 or 2")
    try:
        text = proc.stdout.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(f"standard output is not UTF-8 ({exc})")
        text = proc.stdout.decode("utf-8", "replace")
    outs = text.split("\n")
    if outs and outs[-1] == "":
        outs.pop()
    else:
        problems.append("standard output does not end with a newline")
    worst = 0
    for i, (line, out) in enumerate(zip(lines, outs)):
        wrong = check_answer(out)
        if wrong is None:
            worst = max(worst, line_status(out))
            continue
        problems.append(f"line {i + 1}, {describe(i)}: {wrong}\n    input:  {shown(line)}\n    output: {out[:400]}")
    missing = None
    if len(outs) != len(lines):
        problems.append(f"{len(lines)} records in, {len(outs)} lines out")
        missing = min(len(outs), len(lines))
    elif proc.returncode in (0, 1, 2) and proc.returncode != worst:
        problems.append(f"exit status {proc.returncode}, but the highest of the lines' statuses is {worst}")
    return problems, missing


def first_breaking_line(command: str, lines: Sequence[bytes], start: int, good: bytes, tmp: Path) -> int | None:
    """The first line from ``start`` that, in an archive after ``good``, loses answers or crashes the run
    (binary search over the lines that follow: an archive whose run breaks has a breaking line in it)."""

    def breaks(count: int) -> bool:
        path = tmp / "bisect.jsonl"
        path.write_bytes(b"\n".join([good, good, *lines[start:start + count]]) + b"\n")
        proc = run([command, str(path), "--jobs", "1"], timeout=120)
        _problems, missing = archive_problems(proc, [good, good, *lines[start:start + count]], lambda i: "")
        return missing is not None or b"Traceback" in proc.stderr or proc.returncode not in (0, 1, 2)

    low, high = 1, min(len(lines) - start, 2 * 400)
    if high < 1 or breaks(0) or not breaks(high):  # breaks(0): even a good archive breaks, no line is to blame
        return None
    while low < high:
        mid = (low + high) // 2
        if breaks(mid):
            high = mid
        else:
            low = mid + 1
    return start + low - 1


def fuzz_archive(command: str, mutants: list[fuzzing.Mutant], good: bytes, tmp: Path) -> None:
    lines = [m.line for m in mutants]
    path = tmp / f"{command}-fuzz.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    proc = run([command, str(path)])
    problems, missing = archive_problems(proc, lines, lambda i: mutants[i].describe())
    if missing is not None:
        culprit = first_breaking_line(command, lines, missing, good, tmp)
        if culprit is None:
            problems.append("no one line breaks the run: it breaks on an archive of good records as well, or only "
                            "on the whole archive")
        else:
            problems.append(f"the run breaks at line {culprit + 1}, {mutants[culprit].describe()}:\n"
                            f"    input: {shown(lines[culprit], 2000)}")
    if problems:
        distinct = grouped(problems)
        more = f"\n... and {len(distinct) - 15} more kinds" if len(distinct) > 15 else ""
        pytest.fail(f"scorekeeper {command} on {len(lines)} mutated records (seed {SEED}): {len(problems)} problems "
                    f"of {len(distinct)} kinds (each: how many, then the shortest input):\n"
                    + "\n".join(distinct[:15]) + more, pytrace=False)


def grouped(problems: list[str]) -> list[str]:
    """Problems of the same kind (the same words after the line's number and mutations) once, with a count,
    the one with the shortest input first: the crash catalogue of a run."""
    kinds: dict[str, list[str]] = {}
    for problem in problems:
        head = problem.split("\n", 1)[0]
        kind = head.split("): ", 1)[1] if head.startswith("line ") and "): " in head else head
        kinds.setdefault(kind, []).append(problem)
    out = []
    for kind, found in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        shortest = min(found, key=len)
        out.append(f"[{len(found)}x] {shortest}")
    return out


@pytest.mark.fuzz
def test_replay_archive_of_mutated_records(tmp_path: Path) -> None:
    fuzz_archive("replay", fuzzing.Mutator(SEED).hands(RECORDS), GOOD_LINE, tmp_path)


@pytest.mark.fuzz
def test_settle_archive_of_mutated_sessions(tmp_path: Path) -> None:
    fuzz_archive("settle", fuzzing.Mutator(SEED).sessions(RECORDS), GOOD_SESSION, tmp_path)


# --- the table of nasty inputs ---------------------------------------------------------------------

BL = json.loads((fuzzing.EXAMPLES / "black-lady-hand.json").read_text())
AUCTION = json.loads((fuzzing.EXAMPLES / "auction-hearts-hand.json").read_text())
RESULT = {"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"], "dealer": "Dan", "hand": 1,
          "taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}
SESSION = {"game": "black-lady", "options": {"first_lead": "two-of-clubs"}, "players": ["Ann", "Bob", "Cat", "Dan"],
           "first_dealer": "Dan", "settlement": "cumulative", "stake": "0.05",
           "hands": [{k: v for k, v in BL.items() if k not in ("game", "options", "players")},
                     {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                                "Dan": {"hearts": 8}}}]}
TRIPOLI_SESSION = json.loads((fuzzing.EXAMPLES / "tripoli-session.json").read_text())
TRADE = {"type": "trade", "player": "Ann", "card": "2C", "partner": "Bob", "partner_card": "3C"}


def changed(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    value = copy.deepcopy(base)
    value.update(fields)
    return value


def in_hand(session: dict[str, Any], position: int, **fields: Any) -> dict[str, Any]:
    """``session`` with fields of its hand at ``position`` (0-based) changed."""
    value = copy.deepcopy(session)
    value["hands"][position].update(fields)
    return value


def with_taken(base: dict[str, Any], player: str, **counts: Any) -> dict[str, Any]:
    value = copy.deepcopy(base)
    taken = value["taken"] if "taken" in value else value["hands"][1]["taken"]
    taken[player].update(counts)
    return value


def bytes_in_id(base: dict[str, Any], raw: bytes) -> bytes:
    """``base`` with an ``id`` whose text is ``raw`` (bytes that need not be UTF-8)."""
    return to_line(changed(base, id="@ID@")).replace(b"@ID@", raw)


@dataclass(frozen=True)
class Case:
    """An input, and what the command must answer: the exit status and the error code (None: legal).
    ``expected``: what the contract asks when the code has not got there yet (a strict xfail)."""

    id: str
    data: bytes
    status: int
    code: str | None
    expected: str | None = None

    @property
    def blank(self) -> bool:
        return not self.data.strip()


def case(id: str, value: Any, status: int = 2, code: str | None = "syntax", expected: str | None = None) -> Case:
    data = value if isinstance(value, bytes) else to_line(value)
    return Case(id, data, status, code, expected)


def rules_case(id: str, value: Any, code: str | None, expected: str | None = None) -> Case:
    """An input the rules refuse (exit 1) with ``code``; None while no code is settled: then the case
    expects any code that is not unreadable input, and ``expected`` says what is asked."""
    return case(id, value, 1, code, expected)


HAND_CASES = [
    case("legal-record", BL, 0, None),
    case("legal-record-with-byte-order-mark", b"\xef\xbb\xbf" + to_line(BL), 0, None),
    case("legal-result-record", RESULT, 0, None),
    # unreadable input
    case("empty-file", b""),
    case("whitespace-only", b"  \t  "),
    case("truncated-json", to_line(BL)[:200]),
    case("top-level-array", []),
    case("top-level-null", None),
    case("top-level-lone-surrogate-string", Raw('"\\ud800"')),
    case("deep-nesting-10000-brackets", DEEP_ARRAY),
    case("deep-nesting-100000-brackets", Raw("[" * 100_000 + "]" * 100_000)),
    case("deep-nesting-in-options", changed(BL, options=DEEP_OBJECT)),
    case("deep-nesting-in-events", changed(BL, events=[DEEP_ARRAY])),
    case("lone-surrogate-in-id", changed(BL, id="\ud800")),
    case("lone-low-surrogate-in-id", changed(BL, id="\udc00")),
    case("reversed-surrogate-pair-in-id", changed(BL, id="\udc00\ud800")),
    case("lone-surrogate-in-option-value", changed(BL, options={"first_lead": "\ud800"})),
    case("lone-surrogate-player-name", rename_player(BL, "Ann", "\ud800")),
    case("not-utf8-ff-byte", bytes_in_id(BL, b"\xff")),
    case("not-utf8-overlong-slash", bytes_in_id(BL, b"\xc0\xaf")),
    case("not-utf8-encoded-surrogate", bytes_in_id(BL, b"\xed\xa0\x80")),
    case("not-utf8-truncated-sequence", bytes_in_id(BL, b"\xe2\x82")),
    case("not-utf8-latin1-e-acute", bytes_in_id(BL, b"Ren\xe9")),
    case("utf16-file", "\ufeff".encode("utf-16-le") + json.dumps(BL).encode("utf-16-le")),
    case("hand-number-of-5001-digits", changed(BL, hand=HUGE_INT)),
    case("hand-number-of-minus-4301-digits", changed(BL, hand=HUGE_NEGATIVE)),
    case("bid-chips-of-5001-digits", changed(AUCTION, events=[{"type": "bid", "player": "Ann", "chips": HUGE_INT},
                                                              *AUCTION["events"][1:]])),
    case("hearts-count-of-5001-digits", with_taken(RESULT, "Dan", hearts=HUGE_INT)),
    case("hand-number-float", changed(BL, hand=1.5)),
    case("hand-number-whole-float", changed(BL, hand=1.0)),
    case("hearts-count-float", with_taken(RESULT, "Dan", hearts=8.0)),
    case("card-count-float", with_taken(RESULT, "Ann", QS=1.0)),
    case("bid-chips-float", changed(AUCTION, events=[{"type": "bid", "player": "Ann", "chips": 2.0},
                                                     *AUCTION["events"][1:]])),
    case("dealer-is-a-list", changed(BL, dealer=["Dan"])),
    case("dealer-is-an-object", changed(BL, dealer={"Dan": 1})),
    case("leader-is-a-list", changed(BL, leader=["Ann"])),
    case("player-name-is-a-list", changed(BL, players=[["Ann"], "Bob", "Cat", "Dan"])),
    case("play-item-player-is-a-list", changed(BL, play=[[["Ann"], "2C"], *BL["play"][1:]])),
    case("event-player-is-a-list", changed(RESULT, events=[{"type": "joker", "player": ["Bob"]}])),
    case("event-player-is-an-object", changed(BL, events=[{"type": "capot", "player": {"Ann": 1}}])),
    case("trade-partner-is-an-object", changed(BL, events=[{**TRADE, "partner": {"Bob": 1}}])),
    case("hand-number-nan", changed(BL, hand=Raw("NaN"))),
    case("hand-number-infinity", changed(BL, hand=Raw("Infinity"))),
    case("hand-number-minus-infinity", changed(BL, hand=Raw("-Infinity"))),
    case("hand-number-1e400", changed(BL, hand=Raw("1e400"))),
    case("nan-in-an-event-field", changed(BL, events=[{"type": "cut", "player": "Ann", "note": Raw("NaN")}])),
    case("infinity-in-an-event-field", changed(BL, events=[{"type": "cut", "player": "Ann", "note": Raw("Infinity")}])),
    case("1e400-in-an-event-field", changed(BL, events=[{"type": "cut", "player": "Ann", "note": Raw("1e400")}])),
    case("nan-as-option-value", changed(BL, options={"first_lead": Raw("NaN")})),
    case("nan-hearts-count", with_taken(RESULT, "Dan", hearts=Raw("NaN"))),
    case("event-type-is-an-object", changed(BL, events=[{"type": {}}])),
    case("event-type-is-an-object-in-result", changed(RESULT, events=[{"type": {"revoke": 1}, "player": "Ann"}])),
    case("event-type-is-a-list", changed(BL, events=[{"type": ["revoke"], "player": "Ann", "trick": 1}])),
    case("event-type-is-null", changed(BL, events=[{"type": None}])),
    case("event-is-a-string", changed(BL, events=["revoke"])),
    case("revoke-in-trick-0", changed(BL, events=[{"type": "revoke", "player": "Ann", "trick": 0}])),
    case("revoke-in-trick-minus-1", changed(BL, events=[{"type": "revoke", "player": "Ann", "trick": -1}])),
    case("name-with-right-to-left-override", rename_player(BL, "Ann", "Ann\u202e")),
    case("name-starting-with-right-to-left-override", rename_player(BL, "Ann", "\u202eAnn")),
    case("name-with-left-to-right-embedding", rename_player(BL, "Ann", "\u202aAnn")),
    case("name-with-left-to-right-isolate", rename_player(BL, "Ann", "Ann\u2066")),
    case("name-with-nul", rename_player(BL, "Ann", "Ann\x00")),
    case("name-with-bell", rename_player(BL, "Ann", "Ann\x07")),
    case("name-with-escape-sequence", rename_player(BL, "Ann", "Ann\x1b[31m")),
    case("name-with-c1-control", rename_player(BL, "Ann", "Ann\x85")),
    case("name-with-tab", rename_player(BL, "Ann", "Ann\tB")),
    case("name-with-bidi-in-result-record", rename_player(RESULT, "Dan", "Dan\u202e")),
    case("unknown-game", changed(BL, game="no-such-game"), 2, "unknown-game"),
    case("game-is-an-object", changed(BL, game={"black-lady": 1})),
    case("unknown-option", changed(BL, options={"bogus": 1}), 2, "unknown-option"),
    # readable, refused by the rules: events the game or the record kind does not have
    rules_case("conquimbert-trade-in-black-lady", changed(BL, events=[TRADE]), "trade"),
    rules_case("capot-in-black-lady", changed(BL, events=[{"type": "capot", "player": "Ann"}]), "capot"),
    rules_case("bid-in-black-lady", changed(BL, events=[{"type": "bid", "player": "Ann", "chips": 2}]), "bid"),
    rules_case("penalty-suit-in-black-lady", changed(BL, events=[{"type": "penalty-suit", "suit": "C"}]), "bid"),
    rules_case("trumps-in-black-lady", changed(BL, events=[{"type": "trumps", "suit": "S"}]), "trumps"),
    rules_case("kept-in-black-lady", changed(BL, events=[{"type": "kept", "player": "Ann", "cards": []}]), "kept"),
    rules_case("joker-in-black-lady", changed(BL, events=[{"type": "joker", "player": "Ann"}]), "joker"),
    rules_case("revoke-in-trick-99", changed(BL, events=[{"type": "revoke", "player": "Ann", "trick": 99}]), "event"),
    rules_case("revoke-in-a-result-record", changed(RESULT, events=[{"type": "revoke", "player": "Ann", "trick": 3}]),
               "event"),
    rules_case("revoke-in-trick-99-of-a-result-record",
               changed(RESULT, events=[{"type": "revoke", "player": "Ann", "trick": 99}]), "event"),
    rules_case("out-of-turn-in-a-result-record", changed(RESULT, events=[{"type": "out-of-turn", "trick": 2}]), "event"),
    rules_case("conquimbert-trade-in-black-lady-result", changed(RESULT, events=[TRADE]), "trade"),
    rules_case("capot-in-black-lady-result", changed(RESULT, events=[{"type": "capot", "player": "Ann"}]), "capot"),
    rules_case("kept-in-black-lady-result", changed(RESULT, events=[{"type": "kept", "player": "Ann", "cards": []}]),
               "kept"),
    rules_case("joker-in-black-lady-result", changed(RESULT, events=[{"type": "joker", "player": "Ann"}]), "joker"),
]

SESSION_CASES = [
    case("legal-session", SESSION, 0, None),
    case("legal-tripoli-session", TRIPOLI_SESSION, 0, None),
    case("empty-file", b""),
    case("truncated-json", to_line(SESSION)[:150]),
    case("deep-nesting-10000-brackets", DEEP_ARRAY),
    case("deep-nesting-as-hands", changed(SESSION, hands=DEEP_ARRAY)),
    case("deep-nesting-in-settlement-options", changed(SESSION, settlement_options=DEEP_OBJECT)),
    case("lone-surrogate-in-id", changed(SESSION, id="\ud800")),
    case("lone-surrogate-player-name", rename_player(SESSION, "Ann", "\ud800")),
    case("not-utf8-ff-byte", bytes_in_id(SESSION, b"\xff")),
    case("not-utf8-encoded-surrogate", bytes_in_id(SESSION, b"\xed\xa0\x80")),
    case("stake-1e999999999-as-text", changed(SESSION, stake="1e999999999")),
    case("stake-1E+999999999-as-text", changed(SESSION, stake="1E+999999999")),
    case("stake-1e999999999-as-number", changed(SESSION, stake=Raw("1e999999999"))),
    case("stake-of-5001-digits-as-text", changed(SESSION, stake="1" + "0" * 5000)),
    case("stake-of-5001-digits-as-number", changed(SESSION, stake=HUGE_INT)),
    case("stake-nan-as-text", changed(SESSION, stake="NaN")),
    case("stake-nan-token", changed(SESSION, stake=Raw("NaN"))),
    case("stake-infinity-token", changed(SESSION, stake=Raw("Infinity"))),
    case("stake-negative", changed(SESSION, stake="-1")),
    case("stake-is-a-list", changed(SESSION, stake=["0.05"])),
    case("tripoli-stake-1e999999999", changed(TRIPOLI_SESSION, stake="1e999999999")),
    case("settlement-option-of-5001-digits", changed(SESSION, settlement="pot",
                                                     settlement_options={"starting_chips": HUGE_INT})),
    case("nan-in-settlement-options", changed(SESSION, settlement_options={"target": Raw("NaN")})),
    case("first-dealer-is-a-list", changed(SESSION, first_dealer=["Dan"])),
    case("first-dealer-is-an-object", changed(SESSION, first_dealer={"Dan": 1})),
    case("settlement-is-an-object", changed(SESSION, settlement={"cumulative": 1})),
    case("tripoli-settlement-is-an-object", changed(TRIPOLI_SESSION, settlement={"Ann": 1})),
    case("hand-card-count-float", in_hand(SESSION, 1, taken={"Ann": {"hearts": 3, "QS": 1.0}, "Bob": {"hearts": 2},
                                                             "Cat": {"hearts": 0}, "Dan": {"hearts": 8}})),
    case("hand-hearts-count-float", in_hand(SESSION, 1, taken={"Ann": {"hearts": 3.0, "QS": 1}, "Bob": {"hearts": 2},
                                                               "Cat": {"hearts": 0}, "Dan": {"hearts": 8}})),
    case("hand-event-type-is-an-object", in_hand(SESSION, 1, events=[{"type": {}}])),
    case("hand-event-player-is-a-list", in_hand(SESSION, 1, events=[{"type": "cut", "player": ["Ann"]}])),
    case("name-with-right-to-left-override", rename_player(SESSION, "Ann", "Ann\u202e")),
    case("name-with-nul", rename_player(SESSION, "Ann", "Ann\x00")),
    case("unknown-game", changed(SESSION, game="no-such-game"), 2, "unknown-game"),
    case("unknown-settlement", changed(SESSION, settlement="no-such-settlement"), 2, "unknown-option"),
    rules_case("trade-in-a-black-lady-full-hand", in_hand(SESSION, 0, events=[TRADE]), "trade"),
    rules_case("revoke-in-trick-99-of-a-full-hand",
               in_hand(SESSION, 0, events=[{"type": "revoke", "player": "Ann", "trick": 99}]), "event"),
    rules_case("trade-in-a-black-lady-result-hand", in_hand(SESSION, 1, events=[TRADE]), "trade"),
    rules_case("revoke-in-a-result-hand",
               in_hand(SESSION, 1, events=[{"type": "revoke", "player": "Ann", "trick": 3}]), "event"),
]

MODES = ("file", "stdin", "text", "archive")
# Cases also run through the real executable one by one (the others run through ``cli.main`` in this
# process, which is the same code without a process's start: the whole table stays fast).
IN_A_PROCESS = {
    "replay": {"legal-record", "empty-file", "deep-nesting-100000-brackets", "lone-surrogate-player-name",
               "not-utf8-ff-byte", "utf16-file", "hand-number-of-5001-digits", "dealer-is-a-list",
               "name-with-right-to-left-override", "revoke-in-a-result-record"},
    "settle": {"legal-session", "not-utf8-ff-byte", "stake-1e999999999-as-text", "first-dealer-is-a-list"},
}
STDIN_IN_A_PROCESS = {"legal-record", "not-utf8-ff-byte", "empty-file", "legal-session"}


def _args(command: str, mode: str, path: Path) -> tuple[list[str], bool]:
    """The command line of a mode, and whether the input goes to standard input."""
    return {
        "file": ([command, str(path)], False),
        "process": ([command, str(path)], False),
        "stdin": ([command, "-"], True),
        "process-stdin": ([command, "-"], True),
        "text": ([command, "--text", str(path)], False),
        "notation": (["notation", str(path)], False),
    }[mode]


def in_process(args: list[str], stdin: bytes | None) -> subprocess.CompletedProcess[bytes]:
    """``scorekeeper ARGS`` run by ``cli.main`` here, answered as a process would: an exception out of
    it is a traceback on standard error and status 1, output that cannot be written as UTF-8 too."""
    import contextlib
    import io
    import traceback

    from scorekeeper import cli

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(args)
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 2
            except Exception:  # noqa: BLE001 - what a process would print before dying
                err.write(traceback.format_exc())
                status = 1
    finally:
        sys.stdin = saved
    try:
        stdout = out.getvalue().encode("utf-8")
    except UnicodeEncodeError as exc:
        err.write(f"Traceback (most recent call last):\n  writing standard output: UnicodeEncodeError: {exc}\n")
        stdout, status = out.getvalue().encode("utf-8", "backslashreplace"), 1
    return subprocess.CompletedProcess(args, status, stdout, err.getvalue().encode("utf-8", "backslashreplace"))


class Runs:
    """The table's runs through the real executable, made once, two at a time: one archive of all the
    cases per command, and some cases alone (``IN_A_PROCESS``)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.results: dict[tuple[str, str, str], subprocess.CompletedProcess[bytes]] = {}
        self.archives: dict[str, subprocess.CompletedProcess[bytes]] = {}

    def make(self) -> None:
        jobs: list[tuple[tuple[str, str, str], list[str], bytes | None]] = []
        for command, cases in (("replay", HAND_CASES), ("settle", SESSION_CASES)):
            for c in cases:
                if c.id not in IN_A_PROCESS[command]:
                    continue
                path = self.path(command, c)
                for mode in ("process", "process-stdin") if c.id in STDIN_IN_A_PROCESS else ("process",):
                    args, stdin = _args(command, mode, path)
                    jobs.append(((command, c.id, mode), args, c.data if stdin else None))
            archive = self.root / f"{command}-cases.jsonl"
            archive.write_bytes(b"".join(c.data + b"\n" for c in cases if not c.blank))
            jobs.append(((command, "*", "archive"), [command, str(archive)], None))
        with ThreadPoolExecutor(max_workers=2) as pool:
            for key, proc in pool.map(lambda job: (job[0], run(job[1], job[2], timeout=120)), jobs):
                if key[1] == "*":
                    self.archives[key[0]] = proc
                else:
                    self.results[key] = proc

    def path(self, command: str, c: Case) -> Path:
        path = self.root / f"{command}-{c.id}.json"
        if not path.exists():
            path.write_bytes(c.data)
        return path

    def get(self, command: str, c: Case, mode: str) -> tuple[subprocess.CompletedProcess[bytes], str]:
        """The run of ``c`` in ``mode``, and its output (for an archive: the case's line)."""
        if mode == "archive":
            proc = self.archives[command]
            cases = HAND_CASES if command == "replay" else SESSION_CASES
            lines = proc.stdout.decode("utf-8", "replace").split("\n")
            index = [x.id for x in cases if not x.blank].index(c.id)
            return proc, lines[index] if index < len(lines) else ""
        if mode.startswith("process"):
            proc = self.results[(command, c.id, mode)]
        else:
            args, stdin = _args(command, mode, self.path(command, c))
            proc = in_process(args, c.data if stdin else None)
        return proc, proc.stdout.decode("utf-8", "replace")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    made = Runs(tmp_path_factory.mktemp("nasty"))
    made.make()
    return made


def _params(command: str, cases: list[Case]) -> list[Any]:
    params = []
    for c in cases:
        modes = list(MODES)
        if c.id in IN_A_PROCESS[command]:
            modes.append("process")
            if c.id in STDIN_IN_A_PROCESS:
                modes.append("process-stdin")
        for mode in modes:
            if mode == "archive" and c.blank:
                continue
            marks = [pytest.mark.xfail(strict=True, reason=c.expected)] if c.expected else []
            params.append(pytest.param(c, mode, id=f"{c.id}-{mode}", marks=marks))
    return params


def check_case(command: str, c: Case, mode: str, runs: Runs) -> None:
    proc, out = runs.get(command, c, mode)
    where = (f"scorekeeper {command} ({mode}) on {c.id}: input {shown(c.data, 300)}\n"
             f"    output: {out[:600]}\n    stderr: {shown(proc.stderr[-1500:], 1500)}")
    assert b"Traceback" not in proc.stderr, where
    if mode == "archive":
        assert out, f"no output line for this case: {where}"
        wrong = check_answer(out)
        assert wrong is None, f"{wrong}: {where}"
        status = line_status(out)
    else:
        status = proc.returncode
    if c.code is None and c.status == 1:  # a rules refusal whose code is not settled yet
        assert status == 1, f"exit status {status}, expected 1: {where}"
        if mode != "text":
            code = json.loads(out.splitlines()[0])["error"]["code"]
            assert code not in UNREADABLE, f"code {code}: {where}"
        return
    assert status == c.status, f"exit status {status}, expected {c.status}: {where}"
    if mode == "text":
        assert fuzzing.UNEXPECTED_PREFIX not in out, f"a crash caught by the boundary: {where}"
        if c.code is not None:
            assert c.code in out, f"the code {c.code!r} is not in the text: {where}"
        return
    lines = out.splitlines()
    assert lines, f"no output: {where}"
    wrong = check_answer(lines[0])
    assert wrong is None, f"{wrong}: {where}"
    obj = json.loads(lines[0])
    if c.code is None:
        assert obj["ok"] is True, where
    else:
        assert obj["ok"] is False and obj["error"]["code"] == c.code, f"expected code {c.code}: {where}"
        assert obj["error"]["message"].strip(), where


@pytest.mark.fuzz
@pytest.mark.parametrize("c, mode", _params("replay", HAND_CASES))
def test_replay_refuses_nasty_input(c: Case, mode: str, runs: Runs) -> None:
    check_case("replay", c, mode, runs)


@pytest.mark.fuzz
@pytest.mark.parametrize("c, mode", _params("settle", SESSION_CASES))
def test_settle_refuses_nasty_input(c: Case, mode: str, runs: Runs) -> None:
    check_case("settle", c, mode, runs)


@pytest.mark.fuzz
@pytest.mark.parametrize("c", [pytest.param(c, id=c.id) for c in HAND_CASES if c.code == "syntax"])
def test_notation_refuses_unreadable_input(c: Case, runs: Runs) -> None:
    """``scorekeeper notation`` reads the same records: what is unreadable is unreadable there too."""
    check_case("replay", c, "notation", runs)


# --- an archive isolates its lines ---------------------------------------------------------------

ARCHIVE = [to_line(json.loads(line)) for line in (fuzzing.EXAMPLES / "archive.jsonl").read_text().splitlines()
           if line.strip()]
BAD_LINES = {
    "invalid-json": b'{"game": "black-lady", "players": [',
    "not-json-at-all": b"hello",
    "not-utf8": bytes_in_id(BL, b"\xff\xfe"),
    "encoded-surrogate": bytes_in_id(BL, b"\xed\xb0\x80"),
    "crash-inducing-dealer-list": to_line(changed(BL, dealer=["Dan"])),
    "crash-inducing-event-type-object": to_line(changed(BL, events=[{"type": {}}])),
    "deep-nesting": DEEP_ARRAY.text.encode(),
    "lone-surrogate": to_line(changed(BL, id="\ud800")),
    "nan-token": to_line(changed(BL, hand=Raw("NaN"))),
    "huge-number": to_line(changed(BL, hand=HUGE_INT)),
    "byte-order-mark": b"\xef\xbb\xbf" + b'{"game": ',
    "two-values": to_line(BL) + b" " + to_line(BL),
}
SESSION_ARCHIVE = [to_line(json.loads((fuzzing.EXAMPLES / name).read_text()))
                   for name in ("hartenjagen-session.json", "knaves-session.json", "tripoli-session.json",
                                "reversis-session.json", "polignac-session.json")]
SESSION_BAD_LINES = {
    "invalid-json": b'{"game": "black-lady", "hands": [',
    "not-utf8": bytes_in_id(SESSION, b"\xff"),
    "crash-inducing-first-dealer-list": to_line(changed(SESSION, first_dealer=["Dan"])),
    "crash-inducing-stake": to_line(changed(SESSION, stake="1e999999999")),
    "deep-nesting": DEEP_ARRAY.text.encode(),
    "lone-surrogate": to_line(changed(SESSION, id="\ud800")),
}
BAD_AT = (0, 3, None)  # the bad line first, among the others, and last (None): all three in one archive


def _with_bad(good: list[bytes], bad: bytes) -> tuple[list[bytes], list[int]]:
    lines = list(good)
    where = []
    for at in BAD_AT:
        index = len(lines) if at is None else at
        lines.insert(index, bad)
        where.append(index)
    return lines, where


class Isolation:
    """Every archive with bad lines, run once: through the real executable for a few (``PROCESS``), the
    others through ``cli.main`` here (the same code, without a process's start); and the good archives alone."""

    PROCESS: ClassVar[set[tuple[str, str]]] = {("replay", "*"), ("settle", "*"), ("replay", "not-utf8"), ("settle", "not-utf8"), ("replay", "crlf"),
               ("replay", "crash-inducing-dealer-list")}

    def __init__(self, root: Path) -> None:
        jobs = [("replay", "*", ARCHIVE), ("settle", "*", SESSION_ARCHIVE)]
        jobs += [("replay", name, _with_bad(ARCHIVE, bad)[0]) for name, bad in BAD_LINES.items()]
        jobs += [("settle", name, _with_bad(SESSION_ARCHIVE, bad)[0]) for name, bad in SESSION_BAD_LINES.items()]
        jobs += [("replay", "crlf", _with_bad(ARCHIVE, BAD_LINES["not-utf8"])[0])]

        def args(job: tuple[str, str, list[bytes]]) -> list[str]:
            command, name, lines = job
            path = root / f"{command}-{name}.jsonl"
            end = b"\r\n" if name == "crlf" else b"\n"
            path.write_bytes(b"".join(line + end for line in lines))
            return [command, str(path)]

        self.runs: dict[tuple[str, str], subprocess.CompletedProcess[bytes]] = {}
        alone = [j for j in jobs if (j[0], j[1]) in self.PROCESS]
        with ThreadPoolExecutor(max_workers=2) as pool:
            for job, proc in zip(alone, pool.map(lambda j: run(args(j), timeout=120), alone)):
                self.runs[(job[0], job[1])] = proc
        for job in jobs:
            if (job[0], job[1]) not in self.PROCESS:
                self.runs[(job[0], job[1])] = in_process(args(job), None)
        self.alone = {command: self.runs[(command, "*")].stdout.decode("utf-8").splitlines()
                      for command in ("replay", "settle")}


@pytest.fixture(scope="module")
def isolation(tmp_path_factory: pytest.TempPathFactory) -> Isolation:
    return Isolation(tmp_path_factory.mktemp("isolation"))


def check_isolated(command: str, name: str, good: list[bytes], bad: bytes, isolation: Isolation) -> None:
    lines, where = _with_bad(good, bad)
    proc = isolation.runs[(command, name)]
    alone = isolation.alone[command]
    assert len(alone) == len(good), f"the good archive alone: {proc.stdout[-2000:]!r}"
    outs = proc.stdout.decode("utf-8", "replace").splitlines()
    context = (f"scorekeeper {command}, the bad line {shown(bad, 200)} at lines {[i + 1 for i in where]} of "
               f"{len(lines)}\n    output: {proc.stdout[:1500]!r}\n    stderr: {shown(proc.stderr[-1500:], 1500)}")
    assert b"Traceback" not in proc.stderr, context
    assert len(outs) == len(lines), f"{len(lines)} lines in, {len(outs)} out: {context}"
    for index in where:
        wrong = check_answer(outs[index])
        assert wrong is None, f"line {index + 1}: {wrong}: {context}"
        obj = json.loads(outs[index])
        assert obj["ok"] is False and obj["error"]["code"] == "syntax", f"line {index + 1}'s answer: {context}"
    others = [out for i, out in enumerate(outs) if i not in where]
    assert others == alone, f"the other lines are not answered as they are alone: {context}"
    assert proc.returncode == 2, f"exit status {proc.returncode}, expected 2 (the bad lines'): {context}"


@pytest.mark.fuzz
@pytest.mark.parametrize("bad", list(BAD_LINES))
def test_replay_archive_isolates_bad_lines(bad: str, isolation: Isolation) -> None:
    """A bad line first, among the others and last: each gets its error line, every other line its answer."""
    check_isolated("replay", bad, ARCHIVE, BAD_LINES[bad], isolation)


@pytest.mark.fuzz
@pytest.mark.parametrize("bad", list(SESSION_BAD_LINES))
def test_settle_archive_isolates_bad_lines(bad: str, isolation: Isolation) -> None:
    check_isolated("settle", bad, SESSION_ARCHIVE, SESSION_BAD_LINES[bad], isolation)


@pytest.mark.fuzz
def test_archive_with_crlf_line_ends_isolates_bad_lines(isolation: Isolation) -> None:
    check_isolated("replay", "crlf", ARCHIVE, BAD_LINES["not-utf8"], isolation)


@pytest.mark.fuzz
def test_only_a_newline_ends_an_archive_line(tmp_path: Path) -> None:
    """Characters some readers take for line ends (U+2028, U+2029, NEL, form feed, vertical tab, a lone
    carriage return inside a line) do not split a record: one answer per line all the same."""
    separators = ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"]
    lines = [ARCHIVE[0]]
    for sep in separators:
        lines.append(to_line(changed(BL, id=f"a{sep}b")))  # as json.dumps writes it
        raw = json.dumps(changed(BL, id="a@b"), ensure_ascii=False).replace("@", sep).encode("utf-8")
        lines.append(raw)  # raw in the text: U+2028/U+2029/NEL are valid JSON, the C0 controls are not
    lines.append(to_line(BL).replace(b", ", b",\r ", 1))  # a lone CR inside a line: JSON whitespace
    path = tmp_path / "separators.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    proc = run(["replay", str(path)], timeout=120)
    problems, _missing = archive_problems(proc, lines, lambda i: f"separator case {i}")
    assert not problems, "\n".join(problems)


@pytest.mark.fuzz
def test_blank_lines_are_not_records(tmp_path: Path, isolation: Isolation) -> None:
    path = tmp_path / "blanks.jsonl"
    path.write_bytes(b"\n\n" + b"\n  \n\t\n".join(ARCHIVE) + b"\n\n")
    proc = run(["replay", str(path)], timeout=120)
    assert proc.stdout.decode("utf-8").splitlines() == isolation.alone["replay"]


# --- hypothesis: JSON-ish values in the example records, in this process ---------------------------

HYPOTHESIS = settings(max_examples=int(os.environ.get("SCOREKEEPER_FUZZ_EXAMPLES", "200")), deadline=None,
                      derandomize=True, database=None,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                             HealthCheck.filter_too_much])


def answers_any_value(answer: Callable[[bytes], tuple[int, str, str | None]], value: Any) -> None:
    line = to_line(value)
    status, out, _code = answer(line)
    assert status in (0, 1, 2)
    assert check_answer(out) is None, f"{check_answer(out)}\n    input: {shown(line, 1500)}"
    assert line_status(out) == status


@pytest.mark.fuzz
@HYPOTHESIS
@given(fuzzing.records_with_value("record"))
def test_replay_line_answers_any_value_in_a_record(value: Any) -> None:
    from scorekeeper.cli import replay_line

    answers_any_value(replay_line, value)


@pytest.mark.fuzz
@HYPOTHESIS
@given(fuzzing.records_with_value("session"))
def test_settle_line_answers_any_value_in_a_session(value: Any) -> None:
    from scorekeeper.settle_cli import settle_line

    answers_any_value(settle_line, value)


@pytest.mark.fuzz
@HYPOTHESIS
@given(fuzzing.json_values())
def test_replay_line_answers_any_json_value(value: Any) -> None:
    from scorekeeper.cli import replay_line

    status, out, _code = replay_line(to_line(value))
    assert check_answer(out) is None, f"{check_answer(out)}\n    input: {shown(to_line(value), 1500)}"
    assert status == 2


def test_the_mutator_is_deterministic() -> None:
    """The same seed gives the same records: a failing line can be made again from its number."""
    one, two = fuzzing.Mutator(7), fuzzing.Mutator(7)
    assert [m.line for m in one.hands(200)] == [m.line for m in two.hands(200)]
    assert [m.line for m in one.sessions(50, start=100)] == [two.session(i).line for i in range(100, 150)]
    assert all(b"\n" not in m.line and b"\r" not in m.line and m.line.strip() for m in one.hands(500))
