"""The engine is a pure library: standard library only, no web stack (STYLE 1)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scorekeeper" / "engine"
ENGINE_MODULES = sorted(ENGINE.rglob("*.py"))

# Import the engine, then replay a full record and a quick result so lazily imported modules load too.
PROBE = """
import json, sys
before = set(sys.modules)
import scorekeeper.engine
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts import records
replay(records.from_json({"game": "black-lady", "players": ["A", "B", "C", "D"], "dealer": "D",
                          "taken": {"A": {"hearts": 3, "QS": 1}, "B": ["2H"], "C": {"hearts": 0}, "D": {"hearts": 9}}}))
replay(records.from_json({"game": "hearts", "options": {"profile": "001"}, "players": ["W", "N", "E", "S"],
                          "dealer": "S", "play": "2H 4H 3H 8H 9H 6H 7H TH JH AD QH KH 5H QS QD AH",
                          "events": [{"type": "stopped"}]}))
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def probe(*flags: str) -> list[str]:
    done = subprocess.run([sys.executable, *flags, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_importing_the_engine_loads_neither_flask_nor_sqlalchemy() -> None:
    loaded = probe()
    assert "scorekeeper.engine" in loaded
    web = [m for m in loaded if m.split(".")[0] in ("flask", "sqlalchemy", "werkzeug", "jinja2", "weasyprint")]
    assert web == []


def test_the_engine_loads_only_the_standard_library_and_itself() -> None:
    loaded = probe()
    foreign = [m for m in loaded
               if m.split(".")[0] not in sys.stdlib_module_names and m != "scorekeeper"
               and not m.startswith("scorekeeper.engine")]
    assert foreign == []


def test_the_engine_runs_without_site_packages() -> None:
    # python -S: no site-packages at all, so any third-party import would fail here.
    assert "scorekeeper.engine.hearts.replay" in probe("-S")


def imports_of(path: Path) -> list[str]:
    """The absolute module names a source file imports (relative imports resolved)."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    if path.name == "__init__.py":
        package = path.relative_to(ROOT).parts[:-1]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names.append(".".join([*base, *([node.module] if node.module else [])]))
            else:
                names.append(node.module or "")
    return names


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_module_imports_only_the_standard_library(path: Path) -> None:
    for name in imports_of(path):
        top = name.split(".")[0]
        if top == "scorekeeper":
            assert name.startswith("scorekeeper.engine"), f"{name} is outside the engine"
        else:
            assert top in sys.stdlib_module_names, f"{name} is not in the standard library"


def test_the_import_checker_sees_relative_imports() -> None:
    assert "scorekeeper.engine.cards" in imports_of(ENGINE / "hearts" / "hand.py")
    assert "scorekeeper.engine.errors" in imports_of(ENGINE / "hearts" / "games" / "__init__.py")
    assert "scorekeeper.engine.hearts.games.registry" in imports_of(ENGINE / "hearts" / "games" / "hearts.py")


def test_a_hearts_replay_loads_no_other_family() -> None:
    """The registry lists Tripoli and Reversis without loading them: the command's Hearts replay pays for neither."""
    code = ("import json, sys\nfrom scorekeeper.cli import main\n"
            "from scorekeeper.engine.family import family_of\n"
            "family_of('black-lady').replay_json({'game': 'black-lady', 'players': ['A', 'B', 'C', 'D'], 'dealer': 'D',"
            " 'taken': {'A': {'hearts': 3, 'QS': 1}, 'B': {'hearts': 0}, 'C': {'hearts': 1}, 'D': {'hearts': 9}}})\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "scorekeeper.engine.hearts.replay" in loaded
    assert not [m for m in loaded if m.startswith(("scorekeeper.engine.tripoli", "scorekeeper.engine.reversis"))]
