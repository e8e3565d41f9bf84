"""Benchmark: ``settle()`` over many hands, to show settling time grows linearly with the hands.

A session holds at most 100 hands (docs/command.md), so the hands are dealt into sessions of
100: quick results (Black Lady under ``cumulative`` with no target; hearts profile 003 under
``sweepstakes``), 1,000 and 10,000 hands of each, and 1,000 full records (every play replayed
and checked). It times ``settle()`` over all the sessions (the best of a few runs; the records
are read before timing) and prints seconds and hands per second. The goal: 10,000 hands settle
in under a second.

    python bench/settle.py                  # the figures in docs/benchmarks.md
    python bench/settle.py --repeat 5       # steadier on a busy machine
    python bench/settle.py --profile        # cProfile of the 10,000 quick results
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.engine.hearts import records  # noqa: E402
from scorekeeper.engine.hearts.settlement import Session, session_from_json, settle  # noqa: E402
from scorekeeper.engine.hearts.simulate import random_record  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SESSION_HANDS = 100  # the most hands a session holds


def split_hearts(rng: random.Random, players: int = 4, hearts: int = 13) -> list[int]:
    """A random share of the hearts among the players (any split a deal can produce)."""
    cuts = sorted(rng.randint(0, hearts) for _ in range(players - 1))
    bounds = [0, *cuts, hearts]
    return [b - a for a, b in zip(bounds, bounds[1:])]


def black_lady_result(rng: random.Random) -> dict[str, Any]:
    counts = split_hearts(rng)
    queen = rng.randrange(4)
    taken = {p: ({"hearts": c, "QS": 1} if i == queen else {"hearts": c}) for i, (p, c) in enumerate(zip(PLAYERS, counts))}
    hand: dict[str, Any] = {"taken": taken}
    if counts[queen] == 13:  # a moon: the shooter's choice is part of the record
        hand["moon_choice"] = rng.choice(["subtract", "add"])
    return hand


def hearts_result(rng: random.Random) -> dict[str, Any]:
    return {"taken": {p: {"hearts": c} for p, c in zip(PLAYERS, split_hearts(rng))}}


def quick_sessions(kind: str, hands: int, seed: int) -> list[Session]:
    """``hands`` quick results, as sessions of 100."""
    return [quick_session(kind, min(SESSION_HANDS, hands - start), seed + start)
            for start in range(0, hands, SESSION_HANDS)]


def quick_session(kind: str, hands: int, seed: int) -> Session:
    rng = random.Random(seed)
    if kind == "black-lady":
        value = {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan", "settlement": "cumulative",
                 "settlement_options": {"target": "none"}, "hands": [black_lady_result(rng) for _ in range(hands)]}
    else:
        value = {"game": "hearts", "options": {"profile": "003"}, "players": PLAYERS, "first_dealer": "Dan",
                 "settlement": "sweepstakes", "hands": [hearts_result(rng) for _ in range(hands)]}
    return session_from_json(value)


def full_sessions(hands: int, seed: int) -> list[Session]:
    """``hands`` Black Lady full records, as sessions of 100."""
    return [full_session(min(SESSION_HANDS, hands - start), seed + start) for start in range(0, hands, SESSION_HANDS)]


def full_session(hands: int, seed: int) -> Session:
    """Black Lady full records (deal, passes, every play), dealt by the rotation's dealers."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        record = records.to_json(random_record("black-lady", PLAYERS, rng, dealer=(3 + i) % 4, hand_number=i + 1))
        out.append({k: v for k, v in record.items() if k not in ("game", "options", "players", "dealer", "hand")})
    return session_from_json({"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan",
                              "settlement_options": {"target": "none"}, "hands": out})


def best_time(sessions: list[Session], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        results = [settle(session) for session in sessions]
        best = min(best, time.perf_counter() - start)
        assert all(len(r.hands) == len(s.hands) for r, s in zip(results, sessions))
        del results  # else the garbage collector walks the last run's results during the next one
    return best


def settle_all(sessions: list[Session]) -> None:
    for session in sessions:
        settle(session)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per session; the best is reported")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", action="store_true", help="profile the 10,000-hand quick-result sessions")
    args = parser.parse_args()

    rows: list[tuple[str, int, float]] = []
    for kind, label in (("black-lady", "Black Lady quick results, cumulative (no target)"),
                        ("hearts", "hearts 003 quick results, sweepstakes")):
        for hands in (1000, 10000):
            sessions = quick_sessions(kind, hands, args.seed)
            rows.append((label, hands, best_time(sessions, args.repeat)))
            if args.profile and hands == 10000:
                profiler = cProfile.Profile()
                profiler.runcall(settle_all, sessions)
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(20)
    sessions = full_sessions(1000, args.seed)
    rows.append(("Black Lady full records (every play checked), cumulative", 1000, best_time(sessions, args.repeat)))

    width = max(len(label) for label, _, _ in rows)
    print(f"{'session':<{width}}  {'hands':>6}  {'settle()':>9}  {'hands/s':>8}")
    for label, hands, seconds in rows:
        print(f"{label:<{width}}  {hands:>6,}  {seconds:>8.3f}s  {hands / seconds:>8,.0f}")
    for label in dict.fromkeys(label for label, hands, _ in rows if hands == 10000):
        small = next(s for lab, h, s in rows if lab == label and h == 1000)
        large = next(s for lab, h, s in rows if lab == label and h == 10000)
        verdict = "met" if large < 1 else "NOT met"
        print(f"{label}: 10x the hands takes {large / small:.1f}x the time; 10,000 hands in {large:.3f}s "
              f"(goal < 1 s: {verdict})")


if __name__ == "__main__":
    main()
