"""Benchmark: replay a JSON-lines archive of legal hands through the ``scorekeeper replay`` command.

Makes N legal hands with the engine's own random legal play (cached in bench/out/),
then times the whole command (process start, JSON in, every play checked, JSON out)
and reports hands per second, for one process and for all cores, twice: with the pure-Python
engine of the checkout, and with the compiled one a regular install gets (mypyc, setup.py).
The compiled copy is a wheel built once from the current sources into bench/out/ (named by
a hash of them, so an edit builds a new one) and installed into a folder there; both must
print the same bytes. A last run streams a much longer archive through standard input and
reports the peak memory of both, to show memory stays constant.

    python bench/replay.py                 # 20,000 hands, the figures in the README
    python bench/replay.py --hands 2000    # quicker
    python bench/replay.py --pure          # the checkout only: no compiled build
    python bench/replay.py --stream 1000000  # the million-line constant-memory run

With the compiled build it then sets the CPU time of the compiled ``--jobs 1`` process (user + system, the
whole process) against two others on the same machine: a process that only decodes each line and encodes
the replay's answer to it with the ``json`` module (the floor any replay in Python stands on; the answers
are read in before its clock starts), and OpenSpiel's C++ Hearts through its Python binding replaying as
many recorded Hearts deals (52 cards dealt, 3 passed each, 52 played, every action checked among the legal
ones, one JSON line in and out each; its own random legal deals, made once into bench/out/), when
``pyspiel`` imports (``--openspiel DIR`` puts a folder holding it on the path). The goals: at most 0.5x
OpenSpiel's CPU and at most 1.2x the json-only process's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT))

from tests.support.compiled_build import compiled_copy  # noqa: E402
from scorekeeper.engine.hearts import records  # noqa: E402
from scorekeeper.engine.hearts.simulate import random_record  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def make_archive(path: Path, hands: int, game: str, seed: int) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for i in range(hands):
            record = random_record(game, PLAYERS, rng, dealer=i % 4, hand_number=i % 4 + 1)
            out.write(records.dumps(record) + "\n")


# --- timing ---------------------------------------------------------------------------------------


def run_replay(args: list[str], site: Path | None = None) -> tuple[float, bytes]:
    """Run ``scorekeeper replay`` on a file as a whole process; return (seconds, its output).

    ``site``: the compiled copy's folder, on PYTHONPATH (run outside the checkout, which
    ``python -m`` would put first); None: the checkout.
    """
    cmd = [sys.executable, "-m", "scorekeeper.cli", "replay", "--quiet", *args]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.PIPE, cwd=ROOT if site is None else site.parent, env=env,
                          check=False)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, f"replay exited {done.returncode}"
    with open(args[0], "rb") as source:
        assert done.stdout.count(b"\n") == sum(1 for _ in source), "one output line per record"
    return seconds, done.stdout


def engine_file(site: Path | None) -> str:
    """Where the replay's engine comes from (``hand``): a .py file, or a compiled module."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    probe = "import importlib; print(importlib.import_module('scorekeeper.engine.hearts.hand').__file__)"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT if site is None else site.parent, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--game", default="black-lady")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pure", action="store_true", help="time the checkout's pure-Python engine only")
    parser.add_argument("--stream", type=int, default=200000, help="records streamed for the memory run (0: skip)")
    parser.add_argument("--openspiel", default="", help="a folder holding pyspiel (pip install --target DIR open_spiel)")
    parser.add_argument("--cpu-runs", type=int, default=3, help="runs of each process for the CPU ratios (best taken)")
    args = parser.parse_args()

    OUT.mkdir(parents=True, exist_ok=True)
    archive = OUT / f"{args.game}-{args.hands}-{args.seed}.jsonl"
    if not archive.exists():
        t = time.perf_counter()
        make_archive(archive, args.hands, args.game, args.seed)
        print(f"made {args.hands} legal {args.game} hands in {time.perf_counter() - t:.1f} s -> {archive.name}")
    engines: list[tuple[str, Path | None]] = [("pure", None)]
    if not args.pure:
        engines.append(("compiled", compiled_copy(OUT)))
    plays = args.hands * 52
    outputs = set()
    for name, site in engines:
        compiled = engine_file(site).endswith(".so")
        assert compiled == (site is not None), f"the {name} run loads {engine_file(site)}"
        for jobs in ("1", "0"):
            seconds, out = run_replay([str(archive), "--jobs", jobs], site)
            assert json.loads(out.splitlines()[-1])["ok"], "the last hand replays as legal"
            outputs.add(hashlib.sha256(out).hexdigest())
            label = "1 process" if jobs == "1" else "all cores"
            print(f"replay {args.hands} hands ({name}, {label}): {seconds:.2f} s, {args.hands / seconds:,.0f} hands/s, "
                  f"{plays / seconds:,.0f} plays checked/s")
    assert len(outputs) == 1, "every run prints the same bytes"
    if not args.pure:
        ratios(archive, engines[-1][1], args)
    if args.stream:
        small = min(args.hands, 10000)
        _, small_rss, _ = run_stream(small, archive)
        seconds, big_rss, _ = run_stream(args.stream, archive)
        print(f"stream {args.stream} records from stdin: {seconds:.1f} s; peak memory {big_rss / 1024:.0f} MiB "
              f"(vs {small_rss / 1024:.0f} MiB for {small} records)")


# --- CPU against a json-only process and OpenSpiel ----------------------------------------------------------

def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed_cpu(cmd: list[str], *, env: dict[str, str], cwd: Path) -> tuple[float, bytes, bytes]:
    """Run ``cmd`` to its end: (its CPU seconds, user + system, of the whole process; its output; its errors)."""
    before = children_cpu()
    done = subprocess.run(cmd, capture_output=True, cwd=cwd, env=env, check=False)
    assert done.returncode == 0, (cmd, done.stderr[-2000:])
    return children_cpu() - before, done.stdout, done.stderr


_JSON_ONLY = r"""
import json, sys, time
archive, answers = sys.argv[1], sys.argv[2]
with open(answers, encoding="utf-8") as f:
    said = [json.loads(line) for line in f]  # the replay's answers, read before the clock
ready = time.process_time()
out = sys.stdout
with open(archive, encoding="utf-8") as f:
    for line, answer in zip(f, said):
        json.loads(line)
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
sys.stderr.write(f"{ready}\n")
"""

_OPENSPIEL_MAKE = r"""
import json, random, sys
import pyspiel
count, seed = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("hearts")
rng = random.Random(seed)
for _ in range(count):
    state, actions = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, weights)[0]
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    sys.stdout.write(json.dumps({"game": "hearts", "actions": actions}) + "\n")
"""

_OPENSPIEL_REPLAY = r"""
import json, sys
import pyspiel
game = pyspiel.load_game("hearts")
out = sys.stdout
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        record = json.loads(line)
        state = game.new_initial_state()
        for action in record["actions"]:
            legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            if action not in legal:
                raise SystemExit(f"illegal action {action}")
            state.apply_action(action)
        out.write(json.dumps({"ok": state.is_terminal(), "returns": state.returns()}) + "\n")
"""


def ratios(archive: Path, site: Path | None, args: argparse.Namespace) -> None:
    """The compiled ``--jobs 1`` process's CPU against the json-only process's and OpenSpiel's (best of runs)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    compiled_env = {**env, "PYTHONPATH": str(site)}
    cmd = [sys.executable, "-m", "scorekeeper.cli", "replay", "--quiet", str(archive), "--jobs", "1"]
    ours, answers = [], b""
    for _ in range(args.cpu_runs):
        cpu, answers, _ = timed_cpu(cmd, env=compiled_env, cwd=site.parent if site else ROOT)
        ours.append(cpu)
    said = OUT / f"{archive.stem}.answers.jsonl"
    said.write_bytes(answers)
    floor = []
    for _ in range(args.cpu_runs):
        cpu, out, err = timed_cpu([sys.executable, "-c", _JSON_ONLY, str(archive), str(said)], env=env, cwd=ROOT)
        assert out == answers, "the json-only process writes the replay's own bytes"
        floor.append(cpu - float(err.split()[-1]))  # without reading the answers in
    best = min(ours)
    print(f"CPU, compiled replay --jobs 1: {best:.2f} s (runs {', '.join(f'{c:.2f}' for c in ours)})")
    print(f"CPU, decode each line and encode its answer with json only: {min(floor):.2f} s -> "
          f"{best / min(floor):.2f}x (goal at most 1.2x)")
    spiel_env = {**env, "PYTHONPATH": args.openspiel} if args.openspiel else env
    probe = subprocess.run([sys.executable, "-c", "import pyspiel"], env=spiel_env, capture_output=True, check=False)
    if probe.returncode != 0:
        print("OpenSpiel: pyspiel does not import here (--openspiel DIR): no ratio")
        return
    hands = sum(1 for _ in archive.open("rb"))
    spiel = OUT / f"openspiel-hearts-{hands}-{args.seed}.jsonl"
    if not spiel.exists():
        made = subprocess.run([sys.executable, "-c", _OPENSPIEL_MAKE, str(hands), str(args.seed)], env=spiel_env,
                              stdout=subprocess.PIPE, check=True)
        spiel.write_bytes(made.stdout)
    theirs = [timed_cpu([sys.executable, "-c", _OPENSPIEL_REPLAY, str(spiel)], env=spiel_env, cwd=ROOT)[0]
              for _ in range(args.cpu_runs)]
    print(f"CPU, OpenSpiel's Hearts replaying {hands} deals: {min(theirs):.2f} s -> {best / min(theirs):.2f}x "
          f"(goal at most 0.5x)")


def run_stream(count: int, archive: Path) -> tuple[float, int, bytes]:
    """Stream ``count`` records through a fresh process; peak RSS measured via a wrapper."""
    wrapper = [sys.executable, "-c", _RSS_WRAPPER, str(count), str(archive)]
    start = time.perf_counter()
    done = subprocess.run(wrapper, stdout=subprocess.PIPE, cwd=ROOT, check=True)
    seconds = time.perf_counter() - start
    rss = int(done.stdout.split()[-1])
    return seconds, rss, b""


_RSS_WRAPPER = r"""
import resource, subprocess, sys, threading
count, path = int(sys.argv[1]), sys.argv[2]
lines = open(path, 'rb').read().splitlines(keepends=True)
proc = subprocess.Popen([sys.executable, '-m', 'scorekeeper.cli', 'replay', '-'],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def feed():
    for i in range(count):
        proc.stdin.write(lines[i % len(lines)])
    proc.stdin.close()
t = threading.Thread(target=feed); t.start()
n = sum(1 for _ in proc.stdout)
t.join(); proc.wait()
assert n == count, (n, count)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


if __name__ == "__main__":
    main()
