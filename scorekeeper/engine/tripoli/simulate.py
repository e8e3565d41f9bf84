"""Random legal Tripoli deals made by the engine itself: for property tests and benchmarks.

The caller passes its own ``random.Random``, so a seed reproduces a deal exactly. Every
choice is drawn from what the engine's own state machines allow (``Betting.choices``,
``Michigan.legal_plays``), so a simulated record must replay without error.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import ALL_CARDS, Card, Suit
from ..cards import PlayItem
from ..seating import Seating
from . import claims as claims_mod
from .betting import Betting
from .deal import after_spare, hand_sizes
from .final import replay_final
from .layout import Layout
from .michigan import Michigan
from .poker import showdown
from .record import (
    Bid, BetAction, FinalPokerRecord, MichiganRecord, PayingSuitBid, PokerRecord, SpareAction, TripoliRecord, to_json,
)
from .replay import replay
from .rules import SEQUENCES, TripoliRules, make_rules, sequence_ranks
from .settlement import LayoutState, tripoli_final_poker, tripoli_layout


def random_record(
    game: str,
    players: Sequence[str],
    rng: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    dealer: int = 0,
    hand: int | None = None,
    layout: Layout | None = None,
) -> TripoliRecord:
    """A complete, legal deal: shuffled cards, a random spare choice, bid, poker and Michigan play."""
    rules = make_rules(game, options)
    seating = Seating(tuple(players))
    names = seating.players
    n = seating.size
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    order = [*seating.order_from(seating.eldest(dealer)), n]  # the spare (index n) is dealt last in each round
    dealt: list[list[Card]] = [[] for _ in range(n + 1)]
    for i, c in enumerate(pack):
        dealt[order[i % (n + 1)]].append(c)
    deal = tuple(tuple(h) for h in dealt[:n])
    spare_hand = tuple(dealt[n])
    assert sorted(map(len, dealt), reverse=True) == sorted(hand_sizes(n), reverse=True)
    spare = _random_spare(rules, names, dealer, rng)
    held, dead = after_spare(names, dealer, deal, spare_hand, spare)
    bid, suit = _random_bid(rules, seating, dealer, rng)
    board_suit = board_sequence = None
    if rules.paying_suit == "board":
        board_suit, board_sequence = rng.choice(list(Suit)), rng.choice(SEQUENCES)
        suit = board_suit
    sequence = sequence_ranks(board_sequence or rules.sequence)
    poker = None
    winners: tuple[int, ...] = ()
    if rules.has_poker:
        hands = tuple(tuple(rng.sample(list(h), 5)) for h in held)
        betting, active = random_betting(seating, rules, rng, dealer)
        winners = active if len(active) == 1 else showdown({s: hands[s] for s in active})
        poker = PokerRecord(hands=hands, betting=betting, winners=tuple(names[s] for s in winners) if rng.random() < 0.5 else None)
    leader = _leader(rules, seating, dealer, winners)
    game_ = Michigan(rules, seating, held, dead, leader=leader, paying_suit=suit, sequence=sequence)
    items: list[PlayItem] = []
    while not game_.over:
        card = rng.choice(game_.legal_plays())
        seat = game_.turn
        game_.play(card)
        items.append(PlayItem(card, names[seat] if rng.random() < 0.3 else None))
    declare = rng.random() < 0.5
    michigan = MichiganRecord(
        play=tuple(items),
        out=names[game_.out] if declare and game_.out is not None else None,
        block=declare and game_.end == "block",
        left=game_.left if declare else None,
    )
    claims = None
    if rng.random() < 0.5:  # sometimes the table also writes down the claims: they must agree
        taken = (claims_mod.in_play_claims(game_.plays, suit, sequence)[0] if rules.in_play
                 else claims_mod.stage1_claims(held, suit, sequence))
        claims = tuple((space, tuple(names[s] for s in taken[space])) for space in claims_mod.CLAIM_SPACES if taken[space])
    return TripoliRecord(
        game=rules.game, players=names, dealer=names[dealer], options=dict(options or {}), hand=hand, layout=layout,
        deal=deal, spare_hand=spare_hand, spare=spare, bid=bid, paying_suit=board_suit, sequence=board_sequence,
        claims=claims, poker=poker, michigan=michigan,
    )


def random_final(
    game: str, players: Sequence[str], rng: random.Random, *, options: Mapping[str, Any] | None = None,
    dealer: int = 0, hand: int | None = None, cut_ties: bool = False,
) -> FinalPokerRecord:
    """A legal final poker deal (5.7): five cards each, random betting; the cut recorded when ``cut_ties``."""
    rules = make_rules(game, options)
    seating = Seating(tuple(players))
    names = seating.players
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    deal = tuple(tuple(pack[5 * s:5 * s + 5]) for s in range(seating.size))
    betting, active = random_betting(seating, rules, rng, dealer)
    winners = active if len(active) == 1 else showdown({s: deal[s] for s in active})
    cut = names[rng.choice(winners)] if cut_ties and len(winners) > 1 else None
    return FinalPokerRecord(game=rules.game, players=names, dealer=names[dealer], options=dict(options or {}), hand=hand,
                            deal=deal, poker=PokerRecord(betting=betting), cut=cut)


def random_betting(seating: Seating, rules: TripoliRules, rng: random.Random, dealer: int) -> tuple[tuple[BetAction, ...], tuple[int, ...]]:
    """A legal betting round drawn from ``Betting.choices``; raises grow rare so it always ends."""
    opener = dealer if rules.poker_opener == "dealer" else seating.eldest(dealer)
    round_ = Betting(seating, opener=opener, limit=rules.bet_limit)
    actions = []
    while not round_.over:
        choices = {c.kind: c for c in round_.choices()}
        raise_odds = 0.15 if round_.count < 2 * seating.size else 0.0
        if "check" in choices:
            kind = "bet" if rng.random() < 0.4 else "check"
        else:
            roll = rng.random()
            kind = "raise" if roll < raise_odds else "fold" if roll < raise_odds + 0.3 else "call"
        choice = choices[kind]
        amount = rng.randint(choice.low, choice.high) if kind in ("bet", "raise") else (
            choice.low if kind == "call" and rng.random() < 0.5 else None)
        action = BetAction(seating.name(round_.turn), kind, amount)
        round_.act(action)
        actions.append(action)
    return tuple(actions), round_.active


def _random_spare(rules: TripoliRules, names: Sequence[str], dealer: int, rng: random.Random) -> SpareAction:
    if rules.spare == "none":
        return SpareAction(rng.choice(("keep", "none")))
    action = rng.choice(("keep", "swap", "auction", "swap-then-auction"))
    if action in ("keep", "swap"):
        return SpareAction(action)
    buyer = rng.choice([p for i, p in enumerate(names) if i != dealer])
    return SpareAction(action, buyer, rng.randint(1, 5))


def _random_bid(rules: TripoliRules, seating: Seating, dealer: int, rng: random.Random) -> tuple[PayingSuitBid | None, Suit]:
    """5.8: from the dealer, round and round until all but one have passed."""
    if rules.paying_suit != "bid":
        return None, Suit.HEARTS
    n = seating.size
    passed: set[int] = set()
    high, winner = 0, None
    turn = dealer
    bids = []
    while not (len(passed) == n or (winner is not None and len(passed) == n - 1)):
        if rng.random() < 0.5 or high >= 8:
            passed.add(turn)
            bids.append(Bid(seating.name(turn), None))
        else:
            high, winner = high + rng.randint(1, 3), turn
            bids.append(Bid(seating.name(turn), high))
        if not (len(passed) == n or (winner is not None and len(passed) == n - 1)):
            turn = seating.next(turn)
            while turn in passed:
                turn = seating.next(turn)
    suit = rng.choice(list(Suit)) if winner is not None else None
    return PayingSuitBid(bids=tuple(bids), suit=suit), suit or Suit.HEARTS


def _leader(rules: TripoliRules, seating: Seating, dealer: int, winners: Sequence[int]) -> int:
    eldest = seating.eldest(dealer)
    if rules.michigan_leader == "dealer":
        return dealer
    if rules.michigan_leader == "eldest" or not winners:
        return eldest
    return next(s for s in seating.order_from(eldest) if s in winners)


def random_session(
    game: str, players: Sequence[str], rng: random.Random, *, deals: int, options: Mapping[str, Any] | None = None,
    settlement_options: Mapping[str, Any] | None = None, final: bool = True,
) -> dict[str, Any]:
    """A session record: ``deals`` random deals (dealer rotating), then final poker deals until the layout is empty."""
    seating = Seating(tuple(players))
    state = LayoutState.start(seating.players, settlement_options)
    hands: list[dict[str, Any]] = []
    dealer = 0
    for number in range(1, deals + 1):
        record = random_record(game, players, rng, options=options, dealer=dealer, hand=number)
        _, state = tripoli_layout(state, replay(record, state.layout))
        hands.append(_without_session_fields(to_json(record)))
        dealer = seating.next(dealer)
    if final and make_rules(game, options).has_poker:
        cut_ties = state.options["final_tie"] == "cut"
        while state.layout.total and len(hands) < deals + 20:
            fin = random_final(game, players, rng, options=options, dealer=dealer, hand=len(hands) + 1, cut_ties=cut_ties)
            outcome = replay_final(fin, state.layout, pots=state.options["final_pots"], tie=state.options["final_tie"])
            _, state = tripoli_final_poker(state, outcome)
            hands.append(_without_session_fields(to_json(fin)))
            dealer = seating.next(dealer)
    return {"game": game, "options": dict(options or {}), "players": list(seating.players),
            "first_dealer": seating.name(0), "settlement": "tripoli-layout",
            "settlement_options": dict(settlement_options or {}), "hands": hands}


def _without_session_fields(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("game", "options", "players", "dealer")}
