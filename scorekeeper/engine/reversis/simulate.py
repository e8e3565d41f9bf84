"""Random legal Reversis hands made by the engine itself: for property tests and benchmarks.

The caller passes its own ``random.Random``, so a seed reproduces a hand exactly. Every
card is drawn from what the kernel's trick machine allows, plus the Espagnolette's revokes in tricks
1-9, so a simulated record must replay without error. ``stack`` deals one player a hand
that makes the rare cases common: ``reversis`` (eleven of the twelve aces, kings and
queens) or ``espagnolette`` (the four aces).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..cards import Card, Rank
from ..cards import PlayItem
from ..seating import Seating
from ..tricks import TrickMachine
from .actions import Event
from .deal import after_exchange
from .pools import Pools
from .quick import quick_result_of
from .record import ReversisRecord, to_json
from .replay import replay
from .rules import ACES, FIRST_NINE, PACK, PLAYERS, TRICK_RULES, TRICKS, is_paying, qualifies
from .table import reversis_seating

STACKS = (None, "reversis", "espagnolette")
_TOP = tuple(c for c in PACK if c.rank in (Rank.ACE, Rank.KING, Rank.QUEEN))


def random_record(
    players: Sequence[str],
    rng: random.Random,
    *,
    dealer: int = 0,
    hand: int | None = None,
    pools: Pools | None = None,
    options: Mapping[str, Any] | None = None,
    stack: str | None = None,
    declare: float = 0.5,
    revoke: float = 0.0,
) -> ReversisRecord:
    """A complete, legal hand with the deal, the discard, the exchanges, the declarations and every card.

    ``revoke``: the chance that a player who cannot legally revoke does, the table establishes it
    and play stops there (4.1).
    """
    seating = reversis_seating(players)
    names = seating.players
    pack = list(PACK)
    rng.shuffle(pack)
    special = rng.randrange(PLAYERS) if stack else None
    if stack is not None and special is not None:
        wanted = list(_TOP) if stack == "reversis" else list(ACES)
        rng.shuffle(wanted)
        size = TRICKS + 1 if special == dealer else TRICKS
        mine = wanted[:size] if stack == "reversis" else wanted
        rest = [c for c in pack if c not in mine]
        extra = size - len(mine)
        pack = mine + rest[:extra] + rest[extra:]
    dealt: list[list[Card]] = [[] for _ in range(PLAYERS)]
    face_down: list[Card | None] = [None] * PLAYERS
    order = ([special] if special is not None else []) + [s for s in range(PLAYERS) if s != special]
    for seat in order:
        size = TRICKS + 1 if seat == dealer else TRICKS
        dealt[seat], pack = pack[:size], pack[size:]
    for seat in range(PLAYERS):
        if seat != dealer:
            face_down[seat] = pack.pop()
    keep = set(_TOP if stack == "reversis" else ACES) if special is not None else set()
    discard = rng.choice([c for c in dealt[dealer] if not (dealer == special and c in keep)] or dealt[dealer])
    exchanges: list[tuple[str, Card | None]] = []
    for seat in seating.order_from(seating.next(dealer))[:-1]:
        if seat == special or rng.random() < 0.5:
            exchanges.append((names[seat], None))
        else:
            exchanges.append((names[seat], rng.choice(dealt[seat])))
    exchanges.sort(key=lambda e: names.index(e[0]))  # the record keeps seat order
    record = ReversisRecord(
        players=names, dealer=names[dealer], options=dict(options or {}), hand=hand, pools=pools,
        deal=tuple(tuple(h) for h in dealt), face_down=tuple(face_down), discard=discard, exchanges=tuple(exchanges),
    )
    held, talon = after_exchange(record, seating, dealer)
    events: list[Event] = []
    for seat in seating.order_from(seating.eldest(dealer)):
        if qualifies(held[seat]) and rng.random() < declare:
            events.append(Event("espagnolette", names[seat]))
    items, more = _play(held, seating, dealer, rng, special if stack == "reversis" else None, revoke)
    events += more
    return replace(record, talon=talon if rng.random() < 0.3 else None, play=tuple(items), events=tuple(events))


def _play(held: Sequence[tuple[Card, ...]], seating: Seating, dealer: int, rng: random.Random, greedy: int | None,
          revoke: float) -> tuple[list[PlayItem], list[Event]]:
    """Random legal cards; an Espagnolette hand may revoke in tricks 1-9 and plays low; ``greedy`` plays high."""
    names = seating.players
    game = TrickMachine(TRICK_RULES, seating, dealer, held, leader=seating.eldest(dealer))
    qualifying = {s for s in range(PLAYERS) if qualifies(held[s])}
    revoke_in = rng.randrange(1, TRICKS + 1) if rng.random() < revoke else None
    items: list[PlayItem] = []
    events: list[Event] = []
    while not game.is_over:
        seat, trick = game.turn, game.trick_number
        legal = game.legal_plays()
        cards = [c for c in game.holding[seat]]
        if seat in qualifying and trick <= FIRST_NINE and rng.random() < 0.8:
            legal = cards  # 6.7 step 3: the Espagnolette may revoke
            low = sorted(legal, key=lambda c: (not is_paying(c), c.ri))
            choice = low[0] if rng.random() < 0.7 else rng.choice(legal)
            game.apply(choice, seat)
        elif (revoke_in is not None and trick >= revoke_in and len(legal) < len(cards) and game.current
              and not (seat in qualifying and trick <= FIRST_NINE)):
            choice = rng.choice([c for c in cards if c not in legal])
            game.apply(choice, seat)
            items.append(PlayItem(choice, names[seat] if rng.random() < 0.2 else None))
            events.append(Event("revoke", names[seat], trick))
            return items, events  # 4.1: play stops at once
        else:
            if seat == greedy and rng.random() < 0.9:
                choice = max(legal, key=lambda c: c.ri)
            else:
                choice = rng.choice(legal)
            game.play(choice)
        items.append(PlayItem(choice, names[seat] if rng.random() < 0.2 else None))
    for done in game.tricks:
        lead_seat, led = done.plays[0]
        if is_paying(led) and rng.random() < 0.1:
            events.append(Event("waive", names[lead_seat], done.number))
    return items, events


def without_deal(record: ReversisRecord) -> ReversisRecord:
    """The same hand written without the deal, the face-down cards, the discard and the exchanges."""
    return replace(record, deal=None, face_down=None, discard=None, exchanges=None)


def random_session(
    players: Sequence[str],
    rng: random.Random,
    *,
    hands: int,
    options: Mapping[str, Any] | None = None,
    settlement_options: Mapping[str, Any] | None = None,
    quick: float = 0.3,
    misdeal: float = 0.05,
    revoke: float = 0.05,
) -> dict[str, Any]:
    """A session record: ``hands`` random hands (the deal passing to the right), some as quick results,
    some misdealt; the pools carried from hand to hand."""
    seating = reversis_seating(players)
    names = seating.players
    out: list[dict[str, Any]] = []
    pools: Pools | None = None
    dealer = 0
    for number in range(1, hands + 1):
        if rng.random() < misdeal:
            record = ReversisRecord(players=names, dealer=names[dealer], options=dict(options or {}), hand=number,
                                    events=(Event("misdeal", reason="wrong-count"),))
        else:
            stack = rng.choice(STACKS)
            record = random_record(names, rng, dealer=dealer, hand=number, options=options, stack=stack, revoke=revoke)
        outcome = replay(record, pools)
        if record.misdeal is None and rng.random() < quick:
            record = quick_result_of(outcome)
        pools = outcome.pools
        out.append({k: v for k, v in to_json(record).items() if k not in ("game", "options", "players", "dealer", "pools")})
        if record.misdeal is None:
            dealer = seating.next(dealer)
    return {"game": "reversis", "options": dict(options or {}), "players": list(names), "first_dealer": names[0],
            "settlement": "reversis-fish", "settlement_options": dict(settlement_options or {}), "hands": out}
