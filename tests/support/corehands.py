"""Random hands of the Hearts core's games, with or without the deal, as the state and audit tests read them."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts.hand import CLUB_LEADS
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.simulate import random_record

# every kind of trick machine and first-lead rule the core has, with and without the deal
CORE: list[tuple[str, dict[str, Any], int]] = [("hearts", {}, 4), ("black-lady", {}, 5), ("black-maria", {}, 3), ("knaves", {}, 4), ("polignac", {}, 4),
        ("two-handed-hearts", {}, 2), ("joker-hearts", {}, 4), ("discard-hearts", {}, 4), ("conquimbert", {}, 4),
        ("auction-hearts", {}, 4), ("cancellation-hearts", {}, 6), ("domino-hearts", {}, 4),
        ("slobberhannes", {}, 4), ("black-lady", {"first_lead": "two-of-clubs"}, 4),
        ("black-lady", {"first_lead": "any-club"}, 4), ("black-lady", {"first_lead": "lowest-club"}, 3),
        ("hearts", {"break": "lead-restricted", "first_trick_points": False}, 4)]


def core_value(game: str, options: dict[str, Any], n: int, seed: int, deal: bool) -> dict[str, Any]:
    """A random hand of ``game`` (seeded); without the deal, the leader named where the first lead needs it."""
    rng = random.Random(seed)
    record = random_record(game, [f"P{i}" for i in range(n)], rng, options=options or None, dealer=rng.randrange(n))
    value = records.to_json(record)
    if deal or not record.play:
        return value
    ruleset = make_ruleset(record.game, record.options)
    if ruleset.variant.players_drop_out:  # Domino Hearts without the deal takes the table's word on its end
        return value  # (``kept``): its machine is never read alone, with the deal or without
    first = replay(record, snapshots=True).snapshots[0].seat
    dropped = ("deal", "passes", "pass_direction", *(("widow",) if ruleset.leftover == "stock" else ()))
    value = {k: v for k, v in value.items() if k not in dropped}
    if ruleset.first_lead in CLUB_LEADS:
        value["leader"] = record.players[first]
    return value
