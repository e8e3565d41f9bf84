"""The command prints the same bytes as it did: every example, and an archive of random legal hands
of each game, through ``replay`` (JSON and ``--text``), ``settle`` (JSON and ``--text``) and
``notation``, against the golden files in ``tests/golden/outputs/``.

The net under any change of how the engine is laid out (how a game's family is found, how a
settlement is folded): a refactor must leave these bytes alone. A change meant to alter an
output rewrites them on purpose: ``SCOREKEEPER_GOLDEN_WRITE=1 python -m pytest
tests/cli/test_outputs_unchanged.py``, and the diff of ``tests/golden/outputs/`` is then reviewed.
"""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper import cli
from scorekeeper.engine.hearts.games import GAMES, make_ruleset
from scorekeeper.engine.hearts.records import to_json
from scorekeeper.engine.reversis import record as reversis_record
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.hearts.simulate import random_record
from scorekeeper.engine.tripoli import record as tripoli_record
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.settle_cli import cmd_settle

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json*"))
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "outputs"
GAMES_GOLDEN = GOLDEN / "games"  # per game: its archive (the input, kept too) and its outputs
WRITE = os.environ.get("SCOREKEEPER_GOLDEN_WRITE") == "1"
SEED = 20261125
CHIP_GAMES = ("tripoli", "rummoli", "cosmo", "reversis")
ARCHIVED = sorted(GAMES) + list(CHIP_GAMES)


def game_archive(game: str) -> bytes:
    """Random legal hands of one game, dealt from a stream of its own: ``random.Random("<seed>:<game id>")``
    (a string seed is hashed, SHA-512, the same on every machine and run). A game added later deals from its
    own stream too, so it adds its own files and moves no other game's hands. The Hearts core's games: two
    hands at two player counts (the fewest, and five or the most); Tripoli's: one deal at 3 and one at 6;
    Reversis: two hands."""
    rng = random.Random(f"{SEED}:{game}")
    lines: list[dict[str, object]] = []
    if game == "reversis":
        for number in (1, 2):
            lines.append(reversis_record.to_json(
                reversis_simulate.random_record(["A", "B", "C", "D"], rng, dealer=number, hand=number)))
    elif game in CHIP_GAMES:
        for n in (3, 6):
            record = tripoli_simulate.random_record(game, [f"P{i + 1}" for i in range(n)], rng, dealer=1, hand=1)
            lines.append(tripoli_record.to_json(record))
    else:
        ruleset = make_ruleset(game)
        for n in sorted({ruleset.min_players, min(ruleset.max_players, max(ruleset.min_players, 5))}):
            names = [f"P{i + 1}" for i in range(n)]
            for number in (1, 2):
                lines.append(to_json(random_record(game, names, rng, dealer=number % n, hand_number=number)))
    return b"".join(json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in lines)


def run(command: Callable[[io.StringIO], int]) -> bytes:
    out = io.StringIO()
    status = command(out)
    return f"exit {status}\n{out.getvalue()}".encode()


def check(name: str, got: bytes) -> None:
    path = GOLDEN / name
    if WRITE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(got)
    assert path.exists(), f"no golden file {path.name}: write it with SCOREKEEPER_GOLDEN_WRITE=1"
    assert got == path.read_bytes(), f"{name} differs from its golden file"


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_prints_the_same(example: Path) -> None:
    path = str(example)
    is_session = example.suffix == ".json" and "hands" in json.loads(example.read_text(encoding="utf-8"))
    outputs = {
        "replay": run(lambda out: cli.cmd_replay(path, out=out, quiet=True, jobs=1)),
        "replay-text": run(lambda out: cli.cmd_replay(path, text=True, out=out, quiet=True)),
    }
    if is_session or example.suffix == ".jsonl":
        outputs["settle"] = run(lambda out: cmd_settle(path, out=out, quiet=True, jobs=1))
        outputs["settle-text"] = run(lambda out: cmd_settle(path, text=True, out=out, quiet=True))
    if not is_session and example.suffix == ".json":
        outputs["notation"] = run(lambda out: cli.cmd_notation(path, out=out))
    for what, got in outputs.items():
        check(f"{example.name}.{what}.out", got)


@pytest.mark.parametrize("game", ARCHIVED)
def test_an_archive_of_each_game_prints_the_same(game: str) -> None:
    archive_path = GAMES_GOLDEN / f"{game}.jsonl"
    archive = game_archive(game)
    if WRITE:
        archive_path.parent.mkdir(parents=True, exist_ok=True)
        archive_path.write_bytes(archive)
    assert archive_path.exists(), f"no archive for {game}: write it with SCOREKEEPER_GOLDEN_WRITE=1"
    assert archive == archive_path.read_bytes(), f"the simulator's hands of {game} moved: the archive is the input"
    path = str(archive_path)
    check(f"games/{game}.replay.out", run(lambda out: cli.cmd_replay(path, out=out, quiet=True, jobs=1)))
    check(f"games/{game}.replay-text.out", run(lambda out: cli.cmd_replay(path, text=True, out=out, quiet=True)))


def test_the_archives_are_those_of_the_games() -> None:
    """One archive and its two outputs for each game, and nothing of a game that is gone."""
    expected = {f"{game}{suffix}" for game in ARCHIVED for suffix in (".jsonl", ".replay.out", ".replay-text.out")}
    assert {path.name for path in GAMES_GOLDEN.iterdir()} == expected
