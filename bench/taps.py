"""Benchmark: how long the engine takes to answer one tap of the card page, for every family.

Each tap of the card page posts the hand so far and the action; the server answers with the
longer record and what comes next (``Family.advance_json``): the action checked against the state
of the record it follows (kept from the answer that gave that record, ``engine.state``), the longer
record replayed once, and, where the deal is known, the cards the trick machine takes next offered.
The bench rebuilds whole hands action by action exactly as the page does and times each answer:
Black Lady with the deal (the choices offered) and without it, Reversis with the deal and without it,
Tripoli and Cosmo deals. It prints, per game, the taps of a hand, the median, p95 and slowest answer,
and a whole hand's total. The goals (pure Python, this project's 2-core machine): with the deal, the
median answer under 1 ms and p95 under 5 ms.

Times are the process's CPU time by default (``--clock cpu``): on a machine shared with other jobs the
wall clock measures the queue for the cores more than the code; ``--clock wall`` gives the wall clock.

    python bench/taps.py                 # the figures in docs/benchmarks.md
    python bench/taps.py --hands 20      # more hands per game (steadier)
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.engine.hearts import progress as core_progress, records  # noqa: E402
from scorekeeper.engine.family import family_of_record  # noqa: E402
from scorekeeper.engine.progress import Walk  # noqa: E402
from scorekeeper.engine.reversis import progress as reversis_progress  # noqa: E402
from scorekeeper.engine.reversis import simulate as reversis_simulate  # noqa: E402
from scorekeeper.engine.reversis import to_json as reversis_json  # noqa: E402
from scorekeeper.engine.hearts.simulate import random_record  # noqa: E402
from scorekeeper.engine.tripoli import progress as tripoli_progress  # noqa: E402
from scorekeeper.engine.tripoli import simulate as tripoli_simulate  # noqa: E402
from scorekeeper.engine.tripoli import to_json as tripoli_json  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
GOAL_MEDIAN_MS, GOAL_P95_MS = 1.0, 5.0  # with the deal
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def black_lady(rng: random.Random, deal: bool) -> dict[str, Any]:
    value = records.to_json(random_record("black-lady", list(PLAYERS), rng))
    if not deal:
        value = {k: v for k, v in value.items() if k not in ("deal", "passes")}
        value.pop("pass_direction", None)
    return value


def reversis(rng: random.Random, deal: bool) -> dict[str, Any]:
    record = reversis_simulate.random_record(PLAYERS, rng, dealer=rng.randrange(4))
    return reversis_json(record if deal else reversis_simulate.without_deal(record))


def tripoli(game: str) -> Callable[[random.Random, bool], dict[str, Any]]:
    def deal(rng: random.Random, _: bool) -> dict[str, Any]:
        return tripoli_json(tripoli_simulate.random_record(game, PLAYERS, rng))
    return deal


GAMES: list[tuple[str, Callable[[random.Random, bool], dict[str, Any]], bool, Walk]] = [
    ("Black Lady, with the deal (cards offered)", black_lady, True, core_progress.WALK),
    ("Black Lady, without the deal", black_lady, False, core_progress.WALK),
    ("Reversis, with the deal (cards offered)", reversis, True, reversis_progress.WALK),
    ("Reversis, without the deal", reversis, False, reversis_progress.WALK),
    ("Tripoli", tripoli("tripoli"), True, tripoli_progress.WALK),
    ("Cosmo", tripoli("cosmo"), True, tripoli_progress.WALK),
]


def timed_taps(walk: Walk, value: dict[str, Any], clock: Callable[[], float] = time.process_time) -> list[float]:
    """Each answer's time (seconds), the hand rebuilt from its first action as the card page builds it."""
    family = family_of_record(value)
    record = walk.cut(value, 0)
    times = []
    for action in walk.actions(value):
        start = clock()
        record = family.advance_json(record, dataclasses.asdict(action))["record"]
        times.append(clock() - start)
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5, help="hands per game (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="cpu (default) or wall")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    print(f"{'game':44} {'taps':>5} {'median':>9} {'p95':>9} {'slowest':>9} {'a hand':>8}")
    dealt: list[float] = []
    for name, make, deal, walk in GAMES:
        rng = random.Random(args.seed)
        per_hand, taps = [], []
        for _ in range(args.hands):
            times = timed_taps(walk, make(rng, deal), clock)
            per_hand.append(sum(times))
            taps.extend(times)
        if deal:
            dealt.extend(taps)
        print(f"{name:44} {len(taps) // args.hands:5d} {statistics.median(taps) * 1000:7.2f}ms "
              f"{p95(taps) * 1000:7.2f}ms {max(taps) * 1000:7.2f}ms {statistics.median(per_hand):7.3f}s")
    median, high = statistics.median(dealt) * 1000, p95(dealt) * 1000
    verdict = "met" if median <= GOAL_MEDIAN_MS and high <= GOAL_P95_MS else "NOT met"
    print(f"the goal (with the deal, median under {GOAL_MEDIAN_MS:.0f} ms and p95 under {GOAL_P95_MS:.0f} ms, "
          f"{args.clock} time): {verdict}, median {median:.2f} ms, p95 {high:.2f} ms")


if __name__ == "__main__":
    main()
