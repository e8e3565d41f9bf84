"""Random hands of the Hearts core's games, with or without the deal, as the state and audit tests read them."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts.hand import CLUB_LEADS
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.records import HandRecord
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


# Every game of the core's random-play properties, at each player count it allows, and option variants
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("hearts", {"profile": "004"}), ("hearts", {"profile": "003"}), ("hearts", {"profile": "001"}),
    ("hearts", {"profile": "002"}), ("black-lady", {}), ("greek-hearts", {}), ("omnibus-hearts", {}),
    ("spot-hearts", {"profile": "002"}), ("spot-hearts", {"profile": "004"}), ("hooligan-hearts", {}),
    ("pink-lady", {}), ("rickety-kate", {}), ("dirty-nasty-filthy-hearts", {}), ("complex-hearts", {}),
    ("heartsette", {"profile": "004"}), ("heartsette", {"profile": "002"}),
]
# Option variants (catalogue 2.2, house rules), at the counts where they matter.
VARIANTS: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("black-lady", {"pass": "rotation-lrah"}, (4, 5)),
    ("black-lady", {"first_lead": "two-of-clubs"}, (3, 4, 5)),  # 3: 2C may be in the kitty (AMB-44)
    ("hearts", {"first_lead": "any-club"}, (3, 4)),
    ("black-lady", {"queen_breaks_hearts": True}, (4,)),
    ("black-lady", {"lead_heart_instead_of_queen": True}, (4,)),
    ("black-lady", {"first_trick_points": False}, (4, 6)),
    ("black-lady", {"break": "none", "first_lead": "eldest-any"}, (4,)),
    ("omnibus-hearts", {"base": "hearts"}, (4,)),
    ("hooligan-hearts", {"moon_mode": "choice"}, (4,)),
    ("pink-lady", {"bonus_card": "JD", "moon_adds_bonus": True}, (4,)),
    ("hearts", {"profile": "001", "revoke": "003"}, (5, 6)),
    ("heartsette", {"profile": "004", "first_lead": "two-of-clubs"}, (4,)),  # 2C is stripped: eldest leads
]
CASES: list[tuple[str, dict[str, Any], int]] = [
    (game, options, n)
    for game, options in GAMES
    for n in range(make_ruleset(game, options).min_players, make_ruleset(game, options).max_players + 1)
] + [(game, options, n) for game, options, counts in VARIANTS for n in counts]


def case_id(case: tuple[str, dict[str, Any], int]) -> str:
    game, options, n = case
    return f"{game}-{'-'.join(f'{k}={v}' for k, v in options.items())}-{n}p".replace("--", "-")


def legal_game(case: tuple[str, dict[str, Any], int], seed: int) -> HandRecord:
    game, options, n = case
    rng = random.Random(seed)
    return random_record(game, [f"P{i}" for i in range(n)], rng, options=options, dealer=rng.randrange(n),
                         hand_number=rng.randrange(1, 9))
