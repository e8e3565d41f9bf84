"""The command prints the same bytes as it did: every example, and an archive of random legal hands
of every game, through ``replay`` (JSON and ``--text``), ``settle`` (JSON and ``--text``) and
``notation``, against the golden files in ``tests/golden/outputs/``.

The net under any change of how the engine is laid out (how a game's family is found, how a
settlement is folded): a refactor must leave these bytes alone. A change meant to alter an
output rewrites them on purpose: ``SCOREKEEPER_GOLDEN_WRITE=1 python -m pytest
tests/test_outputs_unchanged.py``, and the diff of ``tests/golden/outputs/`` is then reviewed.
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
from scorekeeper.engine.games import GAMES, make_ruleset
from scorekeeper.engine.records import to_json
from scorekeeper.engine.reversis import record as reversis_record
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.simulate import random_record
from scorekeeper.engine.tripoli import record as tripoli_record
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.settle_cli import cmd_settle

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json*"))
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "outputs"
ARCHIVE = GOLDEN / "every-game.jsonl"  # the input, kept too: a change of the simulator must not move it
WRITE = os.environ.get("SCOREKEEPER_GOLDEN_WRITE") == "1"


# The games the archive was first written with, in the order they draw from its one random stream. A game added
# since draws from a stream of its own, after the others' lines: adding a game moves no other game's hands (the
# shared stream runs on into Tripoli and Reversis, so a new game drawing from it would move theirs).
SHARED_STREAM = (
    "hearts", "black-lady", "greek-hearts", "omnibus-hearts", "spot-hearts", "rickety-kate",
    "dirty-nasty-filthy-hearts", "hooligan-hearts", "pink-lady", "complex-hearts", "heartsette", "hartenjagen",
    "hartenjagen-three", "joker-hearts", "discard-hearts", "cancellation-hearts", "three-handed-hearts",
    "two-handed-hearts", "domino-hearts", "polignac", "slobberhannes", "knaves", "auction-hearts", "conquimbert",
)


def _hands_of(game: str, rng: random.Random) -> list[dict[str, object]]:
    """Two random legal hands of ``game`` at two player counts."""
    ruleset = make_ruleset(game)
    lines = []
    for n in sorted({ruleset.min_players, min(ruleset.max_players, max(ruleset.min_players, 5))}):
        names = [f"P{i + 1}" for i in range(n)]
        for number in (1, 2):
            lines.append(to_json(random_record(game, names, rng, dealer=number % n, hand_number=number)))
    return lines


def every_game_archive(seed: int = 20261125) -> bytes:
    """Two random legal hands of every game id at two player counts, Tripoli, Rummoli, Cosmo and Reversis."""
    rng = random.Random(seed)
    lines = []
    for game in SHARED_STREAM:
        lines.extend(_hands_of(game, rng))
    for game in ("tripoli", "rummoli", "cosmo"):
        for n in (3, 6):
            record = tripoli_simulate.random_record(game, [f"P{i + 1}" for i in range(n)], rng, dealer=1, hand=1)
            lines.append(tripoli_record.to_json(record))
    for number in (1, 2):
        lines.append(reversis_record.to_json(
            reversis_simulate.random_record(["A", "B", "C", "D"], rng, dealer=number, hand=number)))
    for game in sorted(set(GAMES) - set(SHARED_STREAM)):
        lines.extend(_hands_of(game, random.Random(f"{seed}:{game}")))
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


def test_an_archive_of_every_game_prints_the_same() -> None:
    archive = every_game_archive()
    if WRITE:
        ARCHIVE.write_bytes(archive)
    assert archive == ARCHIVE.read_bytes(), "the simulator's hands moved: the golden archive is the input of record"
    check("every-game.replay.out", run(lambda out: cli.cmd_replay(str(ARCHIVE), out=out, quiet=True, jobs=1)))
    check("every-game.replay-text.out", run(lambda out: cli.cmd_replay(str(ARCHIVE), text=True, out=out, quiet=True)))
