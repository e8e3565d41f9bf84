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
    assert header.split()[-2:] == ["a", "hand"] and len(rows) == 6, done.stdout
    assert all(re.fullmatch(r".+ \d+ +[\d.]+ms +[\d.]+ms +[\d.]+s", row) for row in rows), rows
    assert verdict.startswith("the goal (every answer under 100 ms):")
