"""Random legal Reversis hands and sessions (hypothesis): they replay, they round-trip, fish are conserved.

The engine's own simulator makes every hand (``reversis.simulate``); a hand it makes must replay
without error, settle the same whether entered with the deal, without it, or as a quick result,
and keep players plus pools constant on every hand and over a whole session.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.reversis import from_json, replay, settle_json, settle_session, to_json
from scorekeeper.engine.reversis.actions import Event
from scorekeeper.engine.reversis.outcome import ReversisOutcome
from scorekeeper.engine.reversis.pools import Pools
from scorekeeper.engine.reversis.quick import quick_result_of
from scorekeeper.engine.reversis.record import ReversisRecord
from scorekeeper.engine.reversis.rules import PACK, PLAYERS, TRICKS
from scorekeeper.engine.reversis.simulate import STACKS, random_record, random_session, without_deal

NAMES = ("Ann", "Bob", "Cat", "Dan")
hands = st.tuples(st.sampled_from(STACKS), st.integers(0, 3), st.integers(0, 2**32 - 1), st.booleans())
PROPERTY = settings(max_examples=80, deadline=None, database=None)


def make(case: tuple[str | None, int, int, bool]) -> ReversisRecord:
    stack, dealer, seed, revoke = case
    return random_record(NAMES, random.Random(seed), dealer=dealer, hand=1, stack=stack, revoke=0.5 if revoke else 0.0)


def conserved(outcome: ReversisOutcome) -> bool:
    return sum(outcome.net) + outcome.pools.total - outcome.pools_before.total == 0


@PROPERTY
@given(hands)
def test_random_hands_replay_and_conserve_fish(case: tuple[str | None, int, int, bool]) -> None:
    record = make(case)
    outcome = replay(record)
    assert conserved(outcome)
    assert outcome.facts is not None and outcome.end is not None and outcome.tricks is not None
    # Every card once: eleven tricks of four (or fewer after a revoke) and the talon make the pack.
    played = [c for t in outcome.tricks for c in t.cards]
    assert len(played) == len(set(played))
    if outcome.facts.revoke is None:
        assert len(outcome.tricks) == TRICKS and sum(outcome.facts.tricks) == TRICKS
        assert outcome.talon is not None and sorted(played + list(outcome.talon)) == sorted(PACK)
        assert sum(outcome.facts.points) + (outcome.facts.talon_points or 0) == 40
    # Only the pools and the players hold fish: each payment names existing accounts and moves some fish.
    assert all(p.fish > 0 for p in outcome.payments)
    assert outcome.pools.current > 0 and all(fish >= 0 for _, fish in outcome.pools.supplements)


@PROPERTY
@given(hands)
def test_the_same_hand_settles_alike_however_it_is_recorded(case: tuple[str | None, int, int, bool]) -> None:
    record = make(case)
    outcome = replay(record)
    assert outcome.facts is not None
    assert from_json(to_json(record)) == record
    # Without the deal: the hands are the cards played. A player committed by a revoke the short play cannot
    # prove is written down as such (the table's word, FORMAT.md).
    bare = without_deal(record)
    if outcome.facts.revoke is not None and outcome.facts.committed:
        bare = replace(bare, events=bare.events + tuple(Event("espagnolette", NAMES[s], declared=False)
                                                        for s in outcome.facts.committed))
    assert replay(bare).payments == outcome.payments
    quick = quick_result_of(outcome)
    assert from_json(to_json(quick)) == quick
    again = replay(quick)
    assert again.payments == outcome.payments and again.pools == outcome.pools


@settings(max_examples=25, deadline=None, database=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 10))
def test_random_sessions_conserve_fish_on_every_hand(seed: int, count: int) -> None:
    session = random_session(NAMES, random.Random(seed), hands=count)
    result = settle_session(session)
    running = 0
    before = Pools()
    for hand, outcome in zip(result.hands, result.outcomes):
        assert outcome.pools_before == before  # each hand starts from the pools the last one left
        running += sum(hand.payments)
        assert running + hand.pools.total == 0  # players plus pools: constant (they start at 0 net, no pools)
        before = hand.pools
    out = settle_json(session)
    assert sum(out["balance"].values()) + out["pool"] == 0
    assert sum(out["chips"].values()) + out["pool"] == PLAYERS * 228
    dealers = [h["dealer"] for h in out["hands"]]
    for i in range(1, len(dealers)):  # the deal passes to the right, except after a misdeal
        moved = NAMES.index(dealers[i]) == (NAMES.index(dealers[i - 1]) - 1) % PLAYERS
        assert moved or "void" in out["hands"][i - 1]
