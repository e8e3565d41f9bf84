"""Benchmark: how long the engine takes to answer one tap of the card page, for every family.

Each tap of the card page posts the hand so far and the action; the server answers with the
longer record and what comes next (``Family.advance_json``): the action checked, the hand
replayed, and, where the deal is known, every card the replay would take next offered (one
replay per card held). The bench rebuilds whole hands action by action exactly as the page does
and times each answer: Black Lady with the deal (the choices offered) and without it, Reversis
with the deal and without it, Tripoli and Cosmo deals. It prints, per game, the taps of a hand,
the median and the slowest answer, and a whole hand's total. The goal: the slowest answer under
100 ms on this project's 2-core machine, so a tap feels immediate on the table's Wi-Fi.

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
GOAL_MS = 100.0


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


def timed_taps(walk: Walk, value: dict[str, Any]) -> list[float]:
    """Each answer's time (seconds), the hand rebuilt from its first action as the card page builds it."""
    family = family_of_record(value)
    record = walk.cut(value, 0)
    times = []
    for action in walk.actions(value):
        start = time.perf_counter()
        record = family.advance_json(record, dataclasses.asdict(action))["record"]
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5, help="hands per game (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':44} {'taps':>5} {'median':>9} {'slowest':>9} {'a hand':>8}")
    slowest_of_all = 0.0
    for name, make, deal, walk in GAMES:
        rng = random.Random(args.seed)
        per_hand, taps = [], []
        for _ in range(args.hands):
            times = timed_taps(walk, make(rng, deal))
            per_hand.append(sum(times))
            taps.extend(times)
        slowest = max(taps) * 1000
        slowest_of_all = max(slowest_of_all, slowest)
        print(f"{name:44} {len(taps) // args.hands:5d} {statistics.median(taps) * 1000:7.1f}ms {slowest:7.1f}ms "
              f"{statistics.median(per_hand):7.2f}s")
    verdict = "met" if slowest_of_all < GOAL_MS else "NOT met"
    print(f"the goal (every answer under {GOAL_MS:.0f} ms): {verdict}, the slowest {slowest_of_all:.1f} ms")


if __name__ == "__main__":
    main()
