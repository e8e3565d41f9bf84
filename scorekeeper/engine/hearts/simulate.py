"""Random legal hands made by the engine itself: for property tests and benchmarks.

The caller passes its own ``random.Random``, so a seed reproduces a hand exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, Suit
from .games import make_ruleset
from .games.conquimbert import KINDS, Trade
from .hand import new_hand
from .records import HandRecord, PlayItem
from .scoring import base_points, find_moon, haul_of
from ..seating import Direction, Seating

RANDOM = object()  # random_record's default for the retained choice: decide at random


def random_record(
    game: str,
    players: Sequence[str],
    rng: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    dealer: int = 0,
    hand_number: int = 1,
    retained: str | None | object = RANDOM,
    pass_out: bool = False,
) -> HandRecord:
    """A complete, legal hand record: shuffled deal, random passes, random legal plays.

    Auction Hearts: ``retained`` is the player who keeps the choice of suit (no bidding), None for
    an auction, or (by default) either at random; with ``pass_out`` everybody may pass (a record
    without play), otherwise the dealer, bidding last, bids when nobody else did.
    """
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
    events: list[dict[str, Any]] = []
    trump: Card | None = None
    if ruleset.trumps == "turn-up":  # the top undealt card, the widow's first (the record's widow says it)
        if not widow:
            raise ValueError(f"{ruleset.name} with {n} players leaves no card to turn up for trumps")
        trump = widow[0]
    elif ruleset.trumps == "first-void":  # Conquimbert: turned up when a player first cannot follow, if any
        trump = widow[0] if widow else None
    elif ruleset.trumps == "fixed-per-deal":
        suit = rng.choice((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
        trump = Card.parse("A" + suit.value)
        events.append({"type": "trumps", "suit": suit.value})
    if ruleset.trades_per_player != 0:
        _random_trades(held, seating, dealer, ruleset.trades_per_player, rng, events)
    opening = ruleset.variant.random_opening(
        ruleset, seating, dealer, rng, events, retained if isinstance(retained, str) else None, retained is RANDOM,
        pass_out)
    if opening.passed_out:  # everybody passed: the deal is not played
        return HandRecord(game=game, players=tuple(players), dealer=seating.name(dealer),
                          options=dict(options or {}), hand=hand_number, events=tuple(events))
    ruleset, leader = opening.ruleset, opening.leader
    before = ruleset.variant.random_before_play(ruleset, seating, held, hand_number, rng, events)  # Gong Zhu
    if before is not None:
        ruleset, leader = before
    if ruleset.capot:  # Polignac: now and then a player declares Capot before the first lead
        for s in seating.order_from(seating.eldest(dealer)):
            if rng.random() < 0.1:
                events.append({"type": "capot", "player": seating.name(s)})
    hand = new_hand(ruleset, seating, dealer, held, undealt=widow, trump=trump, leader=leader)
    play: list[PlayItem] = []
    while not hand.is_over:
        c = rng.choice(hand.legal_plays())
        hand.play(c)
        play.append(PlayItem(c))
    hauls = [haul_of(ruleset, t) for t in hand.taken]
    moon_choice = None
    if ruleset.moon and ruleset.moon.has_choice and find_moon(ruleset, layout, hauls) is not None:
        moon_choice = rng.choice(("subtract", "add"))
    elif ruleset.options.get("phase1_moon") == "choice-20" and any(
        base_points(ruleset, h) == 20 for h in hauls
    ):  # Hartenjagen: the settlement asks the shooter of a phase-1 moon (3.18)
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
        leader=seating.name(leader) if before is not None and leader is not None else None,
        play=tuple(play),
        events=tuple(events),
        moon_choice=moon_choice,
    )


def _random_trades(
    held: list[list[Card]], seating: Seating, dealer: int, limit: int | None, rng: random.Random,
    events: list[dict[str, Any]],
) -> None:
    """Conquimbert (2.24): now and then a player asks for a trade, a coat for a coat or a card for a card,
    and a player holding one accepts; the same suit reverses it (AMB-34). ``held`` is traded in place."""
    barred: set[tuple[frozenset[int], str]] = set()
    for seat in seating.order_from(seating.eldest(dealer)):
        made = 0
        for _ in range(2):  # at most two asks each
            offers = [c for c in held[seat] if c.rank in KINDS]
            if not offers or (limit is not None and made >= limit) or rng.random() < 0.6:
                break
            mine = rng.choice(offers)
            kind = KINDS[mine.rank]
            takers = [(s, c) for s in range(seating.size) if s != seat and (frozenset((seat, s)), kind) not in barred
                      for c in held[s] if KINDS.get(c.rank) == kind]
            if not takers:
                break
            partner, theirs = rng.choice(takers)
            trade = Trade(seat, partner, mine, theirs)
            events.append({"type": "trade", "player": seating.name(seat), "card": mine.code,
                           "partner": seating.name(partner), "partner_card": theirs.code})
            if trade.reversed:
                barred.add((frozenset((seat, partner)), kind))
                continue
            held[seat][held[seat].index(mine)] = theirs
            held[partner][held[partner].index(theirs)] = mine
            made += 1
