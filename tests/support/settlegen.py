"""Random sessions for the settlement property tests (hypothesis strategies)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.simulate import random_record


NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


H003 = {"profile": "003"}


# (game, options, players, settlement, settlement options)
COMBOS: list[tuple[str, dict[str, Any], int, str, dict[str, Any]]] = [
    ("hearts", H003, 4, "pot", {}),
    ("hearts", H003, 5, "pot", {"closed": True}),
    ("hearts", H003, 4, "sweepstakes", {}),
    ("hearts", H003, 4, "sweepstakes", {"win": "single-clear-only", "all_hearts_jack": True}),
    ("hearts", H003, 3, "sweepstakes", {"closed": True}),
    ("hearts", {"profile": "002"}, 6, "sweepstakes", {}),
    ("hearts", H003, 4, "howell", {}),
    ("hearts", H003, 8, "howell", {}),  # double deck: T = 26
    ("black-lady", {"pass": "rotation-lrah"}, 4, "howell", {}),
    ("hearts", H003, 4, "lowest-collects-difference", {}),
    ("hearts", H003, 5, "lowest-collects-difference", {}),
    ("hearts", H003, 4, "five-hand-match", {}),
    ("spot-hearts", {}, 4, "spot-differences", {}),
    ("spot-hearts", {}, 3, "spot-differences", {}),
    ("hearts", H003, 3, "three-handed-excess", {}),
    ("hearts", H003, 2, "two-handed-difference", {}),
    ("hearts", H003, 2, "two-handed-first-six-free", {}),
    ("black-lady", {"pass": "rotation-lrah"}, 4, "cumulative", {"target": "none"}),  # a point method too
]


GIVEN = ("game", "options", "players", "dealer", "hand")


def build(combo: tuple[str, dict[str, Any], int, str, dict[str, Any]], seed: int,
          count: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The same session twice: full records, and their quick results."""
    game, options, n, settlement, settlement_options = combo
    rng = random.Random(seed)
    players = NAMES[:n]
    first = rng.randrange(n)
    hands = {"lowest-collects-difference": 1, "five-hand-match": min(count, 5)}.get(settlement, count)
    dealer, deal, played = first, 1, 0
    full: list[dict[str, Any]] = []
    quick: list[dict[str, Any]] = []
    match = [0] * n
    while played < hands:
        if rng.random() < 0.15:  # a misdeal: void, the same dealer deals the same deal number again
            void = {"events": [{"type": "misdeal", "reason": rng.choice(["exposed-other", "wrong-count"])}]}
            full.append(void)
            quick.append(void)
            continue
        record = random_record(game, players, rng, options=options, dealer=dealer, hand_number=deal)
        outcome = replay(record)
        played += 1
        obj = {k: v for k, v in records.to_json(record).items() if k not in GIVEN}
        result: dict[str, Any] = {"taken": {name: [c.code for c in cards] for name, cards in zip(players, outcome.taken)}}
        if record.moon_choice is not None:
            result["moon_choice"] = record.moon_choice
        units = [int(p) for p in outcome.points]  # type: ignore[arg-type]  # no Complex Hearts here
        match = [m + u for m, u in zip(match, units)]
        cut = None
        if settlement in ("lowest-collects-difference", "spot-differences"):
            cut = units.index(min(units))  # a lowest player wins the cut (it matters only when odd chips remain)
        elif settlement == "five-hand-match" and played == 5:
            cut = match.index(min(match))
        elif settlement_options.get("closed") and played == hands:
            cut = rng.randrange(n)  # the leftover is split among all: any player may win the cut
        if cut is not None:
            obj["events"] = result["events"] = [{"type": "cut", "player": players[cut]}]
        full.append(obj)
        quick.append(result)
        dealer, deal = (dealer + 1) % n, deal + 1
    base = {"game": game, "options": options, "players": players, "first_dealer": players[first],
            "settlement": settlement, "settlement_options": settlement_options}
    return {**base, "hands": full}, {**base, "hands": quick}
