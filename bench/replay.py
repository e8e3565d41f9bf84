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
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
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
    if args.stream:
        small = min(args.hands, 10000)
        _, small_rss, _ = run_stream(small, archive)
        seconds, big_rss, _ = run_stream(args.stream, archive)
        print(f"stream {args.stream} records from stdin: {seconds:.1f} s; peak memory {big_rss / 1024:.0f} MiB "
              f"(vs {small_rss / 1024:.0f} MiB for {small} records)")


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
