"""The trick-by-trick view the audit page indexes into: one immutable snapshot per play."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.replay import replay_snapshots
from scorekeeper.engine.hearts.simulate import random_record

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


@pytest.mark.parametrize("seed", range(5))
def test_snapshots_follow_every_play(seed: int) -> None:
    record = random_record("black-lady", PLAYERS, random.Random(seed))
    outcome = replay(record, snapshots=True)
    snaps = outcome.snapshots
    assert [s.play for s in snaps] == list(range(52))
    assert [s.card for s in snaps] == [item.card for item in record.play]
    # Trick boundaries: a snapshot completes a trick every fourth play, and it is the replayed trick.
    completed = [s.completed for s in snaps if s.completed is not None]
    assert completed == list(outcome.tricks)
    assert all(s.trick == (s.play // 4) + 1 for s in snaps)
    # Cards held shrink by one for the player who played; nothing is held at the end.
    for before, after in zip(snaps, snaps[1:]):
        assert sum(map(len, before.holdings)) - sum(map(len, after.holdings)) == 1
        assert after.card not in after.holdings[after.seat] or after.card in before.holdings[after.seat]
    assert all(not h for h in snaps[-1].holdings)
    assert sorted(c for t in snaps[-1].taken for c in t) == sorted(c for h in outcome.dealt for c in h)


def test_snapshots_are_the_same_as_replay_snapshots() -> None:
    record = random_record("hearts", PLAYERS, random.Random(9))
    assert tuple(replay_snapshots(record)) == replay(record, snapshots=True).snapshots
