"""The card page's tap bench runs (one hand of each kind): its figures live in docs/benchmarks.md, so the
script must keep working as the engine changes. No timing is asserted here (a busy machine is not slow code)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_tap_bench_rebuilds_a_hand_of_every_kind() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "taps.py"), "--hands", "1"], capture_output=True,
                          text=True, timeout=300, check=True)
    header, *rows, verdict = done.stdout.splitlines()
    assert header.split()[-5:] == ["median", "p95", "slowest", "a", "hand"] and len(rows) == 6, done.stdout
    assert all(re.fullmatch(r".+ \d+ +[\d.]+ms +[\d.]+ms +[\d.]+ms +[\d.]+s", row) for row in rows), rows
    assert re.fullmatch(r"the goal \(with the deal, median under 1 ms and p95 under 5 ms, cpu time\): (met|NOT met), "
                        r"median [\d.]+ ms, p95 [\d.]+ ms", verdict), verdict


def test_the_http_tap_bench_taps_a_hand_at_a_table_with_stored_hands() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "tap_http.py"), "--stored", "2", "--hands", "1"],
                          capture_output=True, text=True, timeout=300, check=True)
    *_, cpu, wall, verdict = done.stdout.splitlines()
    for line, clock in ((cpu, "cpu"), (wall, "wall")):
        assert re.fullmatch(rf"a tap over HTTP, 2 hands stored, {clock} time: \d+ taps, median [\d.]+ ms, "
                            r"p95 [\d.]+ ms, slowest [\d.]+ ms", line), line
    assert re.fullmatch(r"the goal \(median under 8 ms, p95 under 25 ms, cpu time\): (met|NOT met)", verdict), verdict


def test_the_audit_bench_audits_every_stored_example() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "audit.py"), "--repeat", "1"], capture_output=True,
                          text=True, timeout=300, check=True)
    header, *rows, verdict = done.stdout.splitlines()
    assert header.split() == ["hand", "steps", "median"]
    assert any(row.startswith("black-lady, a revoke let stand in trick 11") for row in rows), rows
    assert all(re.fullmatch(r".+ +\d+ +[\d.]+ms", row) for row in rows), rows
    assert verdict.startswith("the goal (every audit under 60 ms, cpu time): ")
