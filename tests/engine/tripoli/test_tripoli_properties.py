"""Random legal Tripoli deals and sessions (hypothesis): they replay, they round-trip, chips are conserved.

The engine's own simulator makes every deal (``tripoli.simulate``); a deal it makes must
replay without error, settle the same whether entered with every card, without the deal,
or as a quick result, and keep players plus layout constant over a whole session.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts.records import PlayItem
from scorekeeper.engine.tripoli import from_json, replay, settle_session, to_json
from scorekeeper.engine.tripoli.layout import SPACES, Space
from scorekeeper.engine.tripoli.outcome import TripoliOutcome
from scorekeeper.engine.tripoli.record import MichiganRecord, PokerRecord, TripoliRecord
from scorekeeper.engine.tripoli.simulate import random_record, random_session

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("tripoli", {}),
    ("rummoli", {}),
    ("cosmo", {}),
    ("tripoli", {"paying_suit": "bid"}),
    ("tripoli", {"colour_leads": "alternate", "sequence": "6-7-8"}),
    ("tripoli", {"first_lead": "lowest-in-hand", "spare_position": "last", "poker_opener": "dealer",
                 "michigan_leader": "dealer"}),
    ("rummoli", {"spare": "none", "michigan_leader": "eldest", "bet_limit": 3}),
]
deals = st.tuples(st.sampled_from(CONFIGS), st.integers(2, 9), st.integers(0, 2**32 - 1))
PROPERTY = settings(max_examples=60, deadline=None)


def make(config: tuple[str, dict[str, Any]], n: int, seed: int) -> TripoliRecord:
    game, options = config
    rng = random.Random(seed)
    return random_record(game, [f"P{i}" for i in range(n)], rng, options=options, dealer=rng.randrange(n), hand=1)


def conserved(outcome: TripoliOutcome) -> bool:
    return sum(outcome.payments) + outcome.layout.total - outcome.carried.total == 0


@PROPERTY
@given(deals)
def test_random_deals_replay_and_conserve_chips(case: tuple[tuple[str, dict[str, Any]], int, int]) -> None:
    record = make(*case)
    outcome = replay(record)
    assert conserved(outcome)
    assert all(chips >= 0 for chips in outcome.layout.chips)
    held = outcome.held
    assert held is not None and outcome.dead is not None
    dealt = [*(record.deal or ()), record.spare_hand or ()]
    assert sorted(c for h in (*held, outcome.dead) for c in h) == sorted(c for h in dealt for c in h)
    # Each card is played at most once, by the player who held it; the end is the one the play reached.
    played = [p.card for p in outcome.michigan.plays]
    assert len(played) == len(set(played))
    assert all(p.card in held[p.seat] for p in outcome.michigan.plays)
    left = outcome.michigan.left
    assert all(len(held[s]) - sum(1 for p in outcome.michigan.plays if p.seat == s) == left[s] for s in range(len(left)))
    if outcome.michigan.end == "out":
        assert left[outcome.michigan.out or 0] == 0 and min(left) == 0
    if not outcome.rules.has_poker:
        assert outcome.layout[Space.POT] == 0


@PROPERTY
@given(deals)
def test_records_round_trip(case: tuple[tuple[str, dict[str, Any]], int, int]) -> None:
    record = make(*case)
    assert from_json(to_json(record)) == record


@PROPERTY
@given(deals)
def test_without_the_deal_the_same_deal_settles_the_same(case: tuple[tuple[str, dict[str, Any]], int, int]) -> None:
    """The proofs made without the deal never refuse a legal deal: strip the cards, name every player."""
    record = make(*case)
    full = replay(record)
    names = record.players
    named = tuple(PlayItem(p.card, names[p.seat]) for p in full.michigan.plays)
    m = full.michigan
    stripped = dataclasses.replace(
        record, deal=None, spare_hand=None, claims=_claims(full),
        poker=None if record.poker is None else dataclasses.replace(record.poker, winners=_winners(full)),
        michigan=MichiganRecord(play=named, out=None if m.out is None else names[m.out], block=m.end == "block",
                                left=m.left),
    )
    again = replay(stripped)
    assert (again.payments, again.layout) == (full.payments, full.layout)


@PROPERTY
@given(deals)
def test_the_quick_result_settles_the_same(case: tuple[tuple[str, dict[str, Any]], int, int]) -> None:
    record = make(*case)
    full = replay(record)
    names = record.players
    m = full.michigan
    pot = full.pot
    quick = TripoliRecord(
        game=record.game, players=names, dealer=record.dealer, options=record.options, spare=record.spare,
        bid=record.bid, paying_suit=record.paying_suit, sequence=record.sequence, claims=_claims(full),
        poker=None if pot is None else PokerRecord(bets=pot.contributions, winners=_winners(full)),
        michigan=MichiganRecord(out=None if m.out is None else names[m.out], block=m.end == "block", left=m.left),
    )
    read = from_json(to_json(quick))
    assert read == quick
    again = replay(quick)
    assert (again.payments, again.layout) == (full.payments, full.layout)


def _claims(outcome: TripoliOutcome) -> tuple[tuple[Space, tuple[str, ...]], ...]:
    names = outcome.players
    return tuple((c.space, tuple(names[s] for s in c.takers)) for c in outcome.claims if c.takers)


def _winners(outcome: TripoliOutcome) -> tuple[str, ...] | None:
    return None if outcome.pot is None else tuple(outcome.players[s] for s in outcome.pot.winners)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(2, 7), st.integers(1, 6), st.integers(0, 2**32 - 1),
       st.sampled_from([{}, {"final_tie": "cut"}]))
def test_chips_are_conserved_over_a_whole_session(config: tuple[str, dict[str, Any]], n: int, count: int, seed: int,
                                                  settlement_options: dict[str, Any]) -> None:
    game, options = config
    session = random_session(game, [f"P{i}" for i in range(n)], random.Random(seed), deals=count, options=options,
                             settlement_options=settlement_options)
    result = settle_session(session)
    before = 0
    running = [0] * n
    for settled in result.deals:
        after = settled.layout.total
        assert sum(settled.payments) + after - before == 0  # players plus layout constant, every deal
        assert all(chips >= 0 for chips in settled.layout.chips)
        running = [r + p for r, p in zip(running, settled.payments)]
        before = after
    assert tuple(running) == result.balance
    assert sum(result.balance) + result.layout.total == 0
    if result.outcomes and result.deals[-1].final:
        assert result.finished and result.layout.total == 0  # the final poker plays until the layout is empty
    assert len(SPACES) == 9
