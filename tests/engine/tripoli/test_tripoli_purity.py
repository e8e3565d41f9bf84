"""The Tripoli package is pure like the rest of the engine (STYLE 1): standard library and the engine only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Import the package, then replay a full deal and settle a session so that everything it uses is loaded.
PROBE = """
import json, sys
before = set(sys.modules)
import scorekeeper.engine.tripoli as t
t.replay_json(json.load(open("examples/tripoli-deal.json")))
t.settle_json(json.load(open("examples/tripoli-session.json")))
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def probe(*flags: str) -> list[str]:
    done = subprocess.run([sys.executable, *flags, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_tripoli_loads_neither_flask_nor_sqlalchemy() -> None:
    loaded = probe()
    assert "scorekeeper.engine.tripoli.replay" in loaded
    web = [m for m in loaded if m.split(".")[0] in ("flask", "sqlalchemy", "werkzeug", "jinja2", "weasyprint", "treys")]
    assert web == []


def test_tripoli_loads_only_the_standard_library_and_the_engine() -> None:
    foreign = [m for m in probe() if m.split(".")[0] not in sys.stdlib_module_names and m != "scorekeeper"
               and not m.startswith("scorekeeper.engine")]
    assert foreign == []


def test_tripoli_runs_without_site_packages() -> None:
    assert "scorekeeper.engine.tripoli.settlement" in probe("-S")
