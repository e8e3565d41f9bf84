"""Random legal hands made by the engine itself: for property tests and benchmarks.

The caller passes its own ``random.Random``, so a seed reproduces a hand exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card
from .games import make_ruleset
from .hand import Hand
from .records import HandRecord, PlayItem
from .scoring import find_moon, haul_of
from .seating import Direction, Seating


def random_record(
    game: str,
    players: Sequence[str],
    rng: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    dealer: int = 0,
    hand_number: int = 1,
) -> HandRecord:
    """A complete, legal hand record: shuffled deal, random passes, random legal plays."""
    ruleset = make_ruleset(game, options)
    seating = Seating(tuple(players), ruleset.clockwise)
    n = seating.size
    layout = ruleset.layout(n)
    pack = list(layout.pack)
    rng.shuffle(pack)
    dealt: list[list[Card]] = [[] for _ in range(n)]
    seat = seating.eldest(dealer)
    for c in pack[: n * layout.hand_size]:  # one at a time, starting with eldest (2.2.1)
        dealt[seat].append(c)
        seat = seating.next(seat)
    widow = pack[n * layout.hand_size:]
    direction = ruleset.pass_direction(hand_number, n)
    passes: dict[str, tuple[Card, ...]] | None = None
    held = [list(h) for h in dealt]
    if direction is not Direction.NONE:
        k = ruleset.pass_count(n)
        chosen = [rng.sample(h, k) for h in dealt]
        passes = {seating.name(s): tuple(chosen[s]) for s in range(n)}
        for s in range(n):
            for c in chosen[s]:
                held[s].remove(c)
        for s in range(n):
            held[seating.receiver(s, direction)].extend(chosen[s])
    hand = Hand(ruleset, seating, dealer, held, widow=widow)
    play: list[PlayItem] = []
    while not hand.is_over:
        c = rng.choice(hand.legal_plays())
        hand.play(c)
        play.append(PlayItem(c))
    hauls = [haul_of(ruleset, t) for t in hand.taken]
    moon_choice = None
    if ruleset.moon and ruleset.moon.has_choice and find_moon(ruleset, layout, hauls) is not None:
        moon_choice = rng.choice(("subtract", "add"))
    return HandRecord(
        game=game,
        players=tuple(players),
        dealer=seating.name(dealer),
        options=dict(options or {}),
        hand=hand_number,
        deal={seating.name(s): tuple(dealt[s]) for s in range(n)},
        widow=tuple(widow),
        passes=passes,
        play=tuple(play),
        moon_choice=moon_choice,
    )
